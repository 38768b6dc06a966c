//! The HDU 1175 input format: boards of `n m` and n·m kinds, each followed
//! by `q` and q queries `x1 y1 x2 y2` (1-based row, column). `0 0` or the end
//! of input ends the input. Line breaks carry no meaning.
//!
//! Reading ([`read_board`], [`read_board_size`], [`read_query_count`],
//! [`read_query`]) goes through grid-core's [`Reader`], so every error
//! carries its line and column; [`write_board`] writes a board in the same
//! format (the `generate` subcommand's output, and the bench's inputs).
//! [`Board`] is written and read in it by its `Display` and `FromStr`
//! (one board alone: `n m`, then n rows of m kinds).

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

use grid_core::{Grid, InputError, Pos, Reader};

use crate::query::{Board, MAX_KIND, check_size};

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
/// memory: `Ok(false)` at the end of input. On an error `kinds` holds the
/// cells read so far, and the others are unspecified.
///
/// # Errors
/// As [`read_board`].
///
/// # Complexity
/// As [`read_board`]; no allocation when the board is no larger than the
/// previous one, and the grid is not cleared first (every cell is read).
pub fn read_board_into(reader: &mut Reader<'_>, kinds: &mut Grid<u32>) -> Result<bool, InputError> {
    let Some((rows, cols)) = read_board_size(reader)? else {
        return Ok(false);
    };
    // Every cell is read into below: the old ones need no clearing.
    kinds.reshape(rows, cols, 0);
    for row in kinds.cells_mut().chunks_exact_mut(cols) {
        reader.u32s(row, MAX_KIND)?;
    }
    Ok(true)
}

/// Reads a board's size `n m`: `None` at the end of input or at the `0 0`
/// terminator. The caller reads the n·m kinds next (with
/// [`Reader::u32s`] and [`MAX_KIND`], a row at a time, as
/// [`read_board_into`] does, or keeping only the tiles, as the judge does).
///
/// # Errors
/// Malformed numbers, a board with zero rows or columns (but not both), a
/// declared size the rest of the input cannot hold (so that n·m is at most
/// the input's length and may be allocated), or a board larger than
/// [`MAX_ROWS`](crate::MAX_ROWS) × [`MAX_COLS`](crate::MAX_COLS).
pub fn read_board_size(reader: &mut Reader<'_>) -> Result<Option<(usize, usize)>, InputError> {
    if reader.is_at_end() {
        return Ok(None);
    }
    let rows = reader.usize()?;
    // Located only for an error: working out a line means counting the
    // line breaks of the whole board before it.
    let header = reader.last_mark();
    let cols = reader.usize()?;
    if rows == 0 && cols == 0 {
        return Ok(None);
    }
    if rows == 0 || cols == 0 {
        return Err(InputError::invalid(
            reader.location_of(header),
            format!("a board needs at least one row and one column, found {rows} x {cols}"),
        ));
    }
    let cells = rows
        .checked_mul(cols)
        .filter(|&c| c <= reader.max_tokens_left());
    if cells.is_none() {
        return Err(InputError::invalid(
            reader.location_of(header),
            format!(
                "a {rows} x {cols} board needs {} numbers, but the rest of the input holds at most {}",
                rows as u128 * cols as u128,
                reader.max_tokens_left()
            ),
        ));
    }
    // (After the input's own bound, so that a size the input cannot hold
    // says so, as it did before the limit.)
    if let Err(too_large) = check_size(rows, cols) {
        return Err(InputError::invalid(
            reader.location_of(header),
            too_large.to_string(),
        ));
    }
    Ok(Some((rows, cols)))
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

/// The first board of a judge input, as the `lianliankan` binary's engine
/// subcommands (`solve`, `hint`, ...) and the C library read one: whatever
/// follows it (queries, more boards, `0 0`) must be well formed and is
/// ignored, so judge inputs can be given as they are.
///
/// # Errors
/// The [`InputError`] (with line and column) of the first fault, or of an
/// input with no board.
///
/// # Complexity
/// O(input length).
pub fn read_first_board(input: &[u8]) -> Result<Board, InputError> {
    let mut reader = Reader::new(input);
    let Some(first) = read_board(&mut reader)? else {
        return Err(InputError::invalid(
            reader.location(),
            "expected a board (`n m` and n rows of m kinds), found none",
        ));
    };
    let mut current = None;
    loop {
        if reader.is_at_end() {
            break;
        }
        let on = current.as_ref().unwrap_or(&first);
        for _ in 0..read_query_count(&mut reader)? {
            read_query(&mut reader, (on.rows(), on.cols()))?;
        }
        match read_board(&mut reader)? {
            Some(next) => current = Some(next),
            None => break,
        }
    }
    Ok(first)
}

/// Writes `kinds` (0 = empty) as a board of the judge format: `n m`, then
/// one line of m kinds per row, separated by single spaces. No query count
/// follows: the caller writes `q` and the queries (or nothing, which the
/// engine subcommands accept).
///
/// # Errors
/// The writer's.
///
/// # Complexity
/// O(n·m).
pub fn write_board(out: &mut dyn Write, kinds: &Grid<u32>) -> io::Result<()> {
    writeln!(out, "{} {}", kinds.rows(), kinds.cols())?;
    let mut line = String::new();
    for row in kinds.row_slices() {
        line.clear();
        for (i, kind) in row.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(&kind.to_string());
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

impl fmt::Display for Board {
    /// The board in the judge format, as [`write_board`] writes it: `n m`,
    /// then one line of m kinds (0 = empty) per row, separated by single
    /// spaces, each line ended by a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.rows(), self.cols())?;
        for row in 0..self.rows() {
            for col in 0..self.cols() {
                if col > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{}", self.kind(Pos::new(row, col)).unwrap_or(0))?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = InputError;

    /// One board in the judge format, as [`read_board`] reads it (line
    /// breaks carry no meaning), and nothing after it.
    ///
    /// # Errors
    /// As [`read_board`]; also no board at all (an empty text or `0 0`),
    /// or anything after the board.
    fn from_str(text: &str) -> Result<Board, InputError> {
        let mut reader = Reader::new(text.as_bytes());
        let Some(board) = read_board(&mut reader)? else {
            return Err(InputError::invalid(
                reader.location(),
                "expected a board (`n m` and n rows of m kinds), found none",
            ));
        };
        if !reader.is_at_end() {
            return Err(InputError::invalid(
                reader.location(),
                format!(
                    "the {} x {} board ends before this: nothing may follow it",
                    board.rows(),
                    board.cols()
                ),
            ));
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_first_board_and_checks_the_rest() {
        let board =
            read_first_board(b"2 2\n1 2\n2 1\n1\n1 1 2 2\n1 2\n3 3\n0\n0 0\n").expect("a board");
        assert_eq!(Vec::from(board), vec![vec![1, 2], vec![2, 1]]);
        let e =
            read_first_board(b"2 2\n1 2\n2 1\n1\n1 1 9 2\n").expect_err("a query off the board");
        assert!(e.to_string().contains("line 5"), "{e}");
        let e = read_first_board(b"").expect_err("no board");
        assert!(e.to_string().contains("found none"), "{e}");
        let e = read_first_board(b"2 2\n1 x\n2 1\n").expect_err("not a number");
        assert!(e.to_string().starts_with("line 2, column 3"), "{e}");
    }

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
    fn writes_what_it_reads() {
        let input = "2 3\n1 0 2\n0 2 4294967294\n";
        let board = read_board(&mut Reader::new(input.as_bytes()))
            .unwrap()
            .unwrap();
        let mut out = Vec::new();
        write_board(&mut out, &board.to_grid()).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), input);
    }

    #[test]
    fn boards_display_and_parse_in_the_judge_format() {
        let text = "2 3\n1 0 2\n0 2 4294967294\n";
        let board: Board = text.parse().unwrap();
        assert_eq!(board.to_string(), text);
        let mut written = Vec::new();
        write_board(&mut written, &board.to_grid()).unwrap();
        assert_eq!(board.to_string().as_bytes(), written);
        // Line breaks carry no meaning.
        assert_eq!("2 3 1 0 2 0 2 4294967294".parse::<Board>(), Ok(board));
        let error = |text: &str| text.parse::<Board>().unwrap_err().to_string();
        assert_eq!(
            error("  \n"),
            "line 2, column 1: expected a board (`n m` and n rows of m kinds), found none"
        );
        assert_eq!(
            error("0 0"),
            "line 1, column 4: expected a board (`n m` and n rows of m kinds), found none"
        );
        assert_eq!(
            error("1 2\n3 3\n0\n"),
            "line 3, column 1: the 1 x 2 board ends before this: nothing may follow it"
        );
        assert_eq!(
            error("1 2\n3 x\n"),
            "line 2, column 3: expected a number, found \"x\""
        );
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
