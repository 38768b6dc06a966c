//! The HDU 1175 input format: boards of `n m` and n·m kinds, each followed
//! by `q` and q queries `x1 y1 x2 y2` (1-based row, column). `0 0` or the end
//! of input ends the input. Line breaks carry no meaning.
//!
//! [`run`] is the whole judge: it reads a board, then its queries a chunk at
//! a time, answers each chunk together ([`Batch`]) and writes the answers;
//! at a fault, the queries read before it are answered and written before
//! the error is reported. The reading functions it is made of
//! are public for programs that want boards and queries themselves. Nothing
//! here touches files or standard streams: input arrives as bytes and output
//! goes to a `Write` the caller owns.

use std::io::Write;

use grid_core::cli::Failure;
use grid_core::{Grid, InputError, Pos, Reader};

use crate::board::MAX_KIND;
use crate::draw::{Style, render};
use crate::{Batch, Board, Path, Rules};

/// What the judge prints besides `YES`/`NO`, and under which rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The matching rules (the judge's are the default).
    pub rules: Rules,
    /// After `YES`, the path's corners in judge coordinates (`YES 1,1 2,1`).
    pub explain: bool,
    /// Under each answer, the board with the two tiles and the path drawn.
    pub draw: bool,
    /// Draw with ASCII instead of box-drawing characters.
    pub ascii: bool,
}

/// Answers every query of `input` (the HDU 1175 format), writing one line
/// per query to `out`: `YES` or `NO`, the corners after `YES` with
/// `explain`, and a picture with `draw`.
///
/// A board's queries are answered together by [`Batch`] (in chunks of
/// [`Batch::chunk_for`] the board's size), each chunk's answers written as
/// soon as it is answered.
///
/// # Errors
/// [`Failure::Input`] at the first malformed place of the input, after the
/// answers to every query before it were written; [`Failure::Io`] if
/// writing fails.
///
/// # Complexity
/// O(input length + q·log(n·m)) for `max_turns <= 2`, however many queries
/// follow a board (plus O(n·m) per query that needs more than two turns
/// when `max_turns > 2`). Memory: the board's kinds (4 bytes a cell), two
/// bits a cell for the sweeps, and one chunk of queries; one board's memory
/// is reused for every board.
pub fn run(input: &[u8], options: &Options, out: &mut dyn Write) -> Result<(), Failure> {
    let mut reader = Reader::new(input);
    let mut kinds = Grid::new(0, 0, 0);
    let mut batch = Batch::new();
    let mut queries = Vec::new();
    while read_board_into(&mut reader, &mut kinds)? {
        let size = (kinds.rows(), kinds.cols());
        let chunk = Batch::chunk_for(size.0 * size.1);
        let left = read_query_count(&mut reader);
        batch
            .set_board(kinds, options.rules)
            .expect("read_board_into keeps kinds at most MAX_KIND");
        let mut left = left?;
        let mut drawn = None;
        while left > 0 {
            queries.clear();
            let mut fault = None;
            while left > 0 && queries.len() < chunk {
                match read_query(&mut reader, size) {
                    Ok(query) => queries.push(query),
                    Err(error) => {
                        fault = Some(error);
                        break;
                    }
                }
                left -= 1;
            }
            batch
                .answer(&queries)
                .expect("read_query keeps positions on the board");
            for (i, &ends) in queries.iter().enumerate() {
                write_answer(&batch, i, options, out)?;
                if options.draw {
                    let board = drawn.get_or_insert_with(|| {
                        Board::new(batch.kinds()).expect("read_board_into checks the kinds")
                    });
                    write_picture(board, ends, batch.path(i).as_ref(), options, out)?;
                }
            }
            if let Some(error) = fault {
                return Err(error.into());
            }
        }
        kinds = batch.take_kinds();
    }
    Ok(())
}

/// `YES` or `NO` for query `i` of `batch`, with the corners under `explain`.
fn write_answer(
    batch: &Batch,
    i: usize,
    options: &Options,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if !batch.is_match(i) {
        out.write_all(b"NO\n")?;
    } else if !options.explain {
        out.write_all(b"YES\n")?;
    } else {
        out.write_all(b"YES")?;
        for p in batch.path(i).expect("a match has a path").corners() {
            write!(out, " {},{}", p.row + 1, p.col + 1)?;
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The board with the query's two tiles and its path drawn.
fn write_picture(
    board: &Board,
    ends: (Pos, Pos),
    path: Option<&Path>,
    options: &Options,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let style = if options.ascii {
        Style::Ascii
    } else {
        Style::Unicode
    };
    let picture = render(board, ends, path, options.rules.border, style);
    writeln!(out, "{picture}")?;
    Ok(())
}

/// Reads the next board, or `None` at the end of input or at the `0 0`
/// terminator.
///
/// # Errors
/// Malformed numbers, a board with zero rows or columns (but not both), a
/// declared size the rest of the input cannot hold (reported before
/// anything is allocated), a kind above [`MAX_KIND`], or input ending inside
/// the board.
///
/// # Complexity
/// O(n·m) time and memory, n·m bounded by the input's length.
pub fn read_board(reader: &mut Reader<'_>) -> Result<Option<Board>, InputError> {
    let mut kinds = Grid::new(0, 0, 0);
    if !read_board_into(reader, &mut kinds)? {
        return Ok(None);
    }
    Ok(Some(
        Board::new(&kinds).expect("kinds are checked as they are read"),
    ))
}

/// As [`read_board`], but the kinds (0 = empty) into `kinds`, reusing its
/// memory: `Ok(false)` at the end of input. On an error `kinds` holds what
/// was read so far.
///
/// # Errors
/// As [`read_board`].
///
/// # Complexity
/// As [`read_board`]; no allocation when the board is no larger than the
/// previous one.
pub fn read_board_into(reader: &mut Reader<'_>, kinds: &mut Grid<u32>) -> Result<bool, InputError> {
    if reader.is_at_end() {
        return Ok(false);
    }
    let rows = reader.usize()?;
    let header = reader.last_location();
    let cols = reader.usize()?;
    if rows == 0 && cols == 0 {
        return Ok(false);
    }
    if rows == 0 || cols == 0 {
        return Err(InputError::invalid(
            header,
            format!("a board needs at least one row and one column, found {rows} x {cols}"),
        ));
    }
    let cells = rows
        .checked_mul(cols)
        .filter(|&c| c <= reader.max_tokens_left());
    if cells.is_none() {
        return Err(InputError::invalid(
            header,
            format!(
                "a {rows} x {cols} board needs {} numbers, but the rest of the input holds at most {}",
                rows as u128 * cols as u128,
                reader.max_tokens_left()
            ),
        ));
    }
    kinds.reset(rows, cols, 0);
    for row in kinds.cells_mut().chunks_exact_mut(cols) {
        reader.u32s(row, MAX_KIND)?;
    }
    Ok(true)
}

/// Reads the number of queries that follows a board.
///
/// # Errors
/// A malformed number or the end of input.
pub fn read_query_count(reader: &mut Reader<'_>) -> Result<u32, InputError> {
    reader.u32()
}

/// Reads one query `x1 y1 x2 y2` (1-based row and column of each tile) on a
/// board of `size` (rows, columns) and returns the two positions, 0-based.
///
/// # Errors
/// Malformed numbers, the end of input, or a coordinate outside the board
/// (reported at that number).
pub fn read_query(reader: &mut Reader<'_>, size: (usize, usize)) -> Result<(Pos, Pos), InputError> {
    let mut coordinate = |what: &str, size: usize| -> Result<usize, InputError> {
        let value = reader.usize()?;
        if (1..=size).contains(&value) {
            Ok(value - 1)
        } else {
            Err(InputError::invalid(
                reader.last_location(),
                format!("{what} {value} is outside the board ({what}s 1 to {size})"),
            ))
        }
    };
    let (rows, cols) = size;
    let a = Pos::new(coordinate("row", rows)?, coordinate("column", cols)?);
    let b = Pos::new(coordinate("row", rows)?, coordinate("column", cols)?);
    Ok((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_boards_and_queries() {
        let input = b"2 3\n1 0 2\n0 2 1\n2\n1 1 2 3\n1 3 2 2\n0 0\n";
        let mut r = Reader::new(input);
        let board = read_board(&mut r).unwrap().unwrap();
        assert_eq!((board.rows(), board.cols(), board.tile_count()), (2, 3, 4));
        assert_eq!(board.kind(Pos::new(1, 2)), Some(1));
        assert_eq!(read_query_count(&mut r).unwrap(), 2);
        assert_eq!(
            read_query(&mut r, (board.rows(), board.cols())).unwrap(),
            (Pos::new(0, 0), Pos::new(1, 2))
        );
        assert_eq!(
            read_query(&mut r, (board.rows(), board.cols())).unwrap(),
            (Pos::new(0, 2), Pos::new(1, 1))
        );
        assert_eq!(read_board(&mut r).unwrap(), None);
        // Without the terminator the input simply ends.
        let mut r = Reader::new(b"1 1 5 0");
        assert!(read_board(&mut r).unwrap().is_some());
        read_query_count(&mut r).unwrap();
        assert_eq!(read_board(&mut r).unwrap(), None);
    }

    /// More queries than one chunk, and a fault in a later chunk: every
    /// answer before the fault is written, each the one `Connector` gives,
    /// and the error names the faulty number.
    #[test]
    fn chunks_keep_every_answer_before_a_fault() {
        use std::fmt::Write as _;
        let board = Board::from_rows(&[[1, 2, 0, 1], [0, 2, 1, 0], [1, 0, 2, 2]]).unwrap();
        let mut rng = grid_core::SplitMix64::new(11);
        let count = Batch::chunk_for(12) * 2 + 100;
        let fault = count - 50;
        let mut input = String::from("3 4\n1 2 0 1\n0 2 1 0\n1 0 2 2\n");
        writeln!(input, "{count}").unwrap();
        let mut expected = String::new();
        let mut connector = crate::Connector::new();
        for i in 0..count {
            let mut cell = || (1 + rng.below(3), 1 + rng.below(4));
            let ((r1, c1), (r2, c2)) = (cell(), cell());
            if i == fault {
                writeln!(input, "{r1} {c1} {r2} 9").unwrap();
                break;
            }
            writeln!(input, "{r1} {c1} {r2} {c2}").unwrap();
            let (a, b) = (Pos::new(r1 - 1, c1 - 1), Pos::new(r2 - 1, c2 - 1));
            let path = connector.connect(&board, a, b, &Rules::default()).unwrap();
            expected.push_str(if path.is_some() { "YES\n" } else { "NO\n" });
        }
        let mut out = Vec::new();
        let error = run(input.as_bytes(), &Options::default(), &mut out).unwrap_err();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        assert!(expected.contains("YES") && expected.contains("NO"));
        let line = 5 + fault + 1;
        assert!(
            error
                .to_string()
                .contains(&format!("line {line}, column 7: column 9 is outside")),
            "{error}"
        );
    }

    fn error(input: &[u8]) -> String {
        let mut r = Reader::new(input);
        let result = (|| {
            while let Some(board) = read_board(&mut r)? {
                for _ in 0..read_query_count(&mut r)? {
                    read_query(&mut r, (board.rows(), board.cols()))?;
                }
            }
            Ok::<_, InputError>(())
        })();
        result.unwrap_err().to_string()
    }

    #[test]
    fn bad_input_is_located() {
        assert_eq!(
            error(b"1000000000 1000000000\n1 2 3"),
            "line 1, column 1: a 1000000000 x 1000000000 board needs 1000000000000000000 numbers, \
             but the rest of the input holds at most 3"
        );
        assert_eq!(
            error(b"99999999999999999999999 1"),
            "line 1, column 1: number 99999999999999999999999 is too large (the largest allowed is 18446744073709551615)"
        );
        assert_eq!(
            error(b"0 3\n"),
            "line 1, column 1: a board needs at least one row and one column, found 0 x 3"
        );
        assert_eq!(
            error(b"2 2\n1 1\n1"),
            "line 1, column 1: a 2 x 2 board needs 4 numbers, but the rest of the input holds at most 3"
        );
        assert_eq!(
            error(b"2 2\n1 1\n1\n\n\n"),
            "line 6, column 1: expected a number, found end of input"
        );
        assert_eq!(
            error(b"1 2\n1 4294967295\n"),
            "line 2, column 3: number 4294967295 is too large (the largest allowed is 4294967294)"
        );
        assert_eq!(
            error(b"2 2\n1 1 0 0\n1\n1 1 3 1\n"),
            "line 4, column 5: row 3 is outside the board (rows 1 to 2)"
        );
        assert_eq!(
            error(b"2 2\n1 1 0 0\n1\n1 0 1 2\n"),
            "line 4, column 3: column 0 is outside the board (columns 1 to 2)"
        );
        assert_eq!(
            error(b"1 2\n1 1\n1\n1 1 1\n"),
            "line 5, column 1: expected a number, found end of input"
        );
        assert_eq!(
            error(b"1 2\n1 x\n"),
            "line 2, column 3: expected a number, found \"x\""
        );
    }
}
