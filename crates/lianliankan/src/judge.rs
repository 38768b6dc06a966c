//! The whole HDU 1175 judge over input bytes: [`run`].
//!
//! It reads a board, then its queries a chunk at a time (the [`format`]
//! module's readers), answers each chunk together ([`Batch`]) and writes the
//! answers; at a fault, the queries read before it are answered and written
//! before the error is returned. Nothing here touches files or standard
//! streams: input arrives as bytes and output goes to a `Write` the caller
//! owns.

use std::io::Write;

use grid_core::{JudgeError, Pos, Reader};

use crate::draw::{Style, draw};
use crate::format::{read_board_size, read_query, read_query_count};
use crate::query::{Batch, Board, MAX_KIND, chunk_for};
use crate::rules::Rules;

/// What the judge prints besides `YES`/`NO`, and under which rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The matching rules (the judge's are the default).
    pub rules: Rules,
    /// After `YES`, the path's corners in judge coordinates (`YES 1,1 2,1`).
    pub explain: bool,
    /// Under each answer, the board with the two tiles and the path drawn,
    /// in this style.
    pub draw: Option<Style>,
}

/// Answers every query of `input` (the HDU 1175 format), writing one line
/// per query to `out`: `YES` or `NO`, the corners after `YES` with
/// `explain`, and a picture with `draw`.
///
/// A board's queries are answered together by [`Batch`] (in chunks of at
/// least 4096 queries and at least a sixteenth of the board's cells), each
/// chunk's answers written as soon as it is answered.
///
/// # Errors
/// [`JudgeError::Input`] at the first malformed place of the input (see
/// [`crate::format`](mod@crate::format)), after the answers to every query before it were written;
/// [`JudgeError::Io`] if writing fails.
///
/// # Complexity
/// O(input length + q·log(n·m)) for `max_turns <= 2`, however many queries
/// follow a board (plus O(n·m) per query that needs more than two turns
/// when `max_turns > 2`). Memory: no grid of the board's cells, but its
/// tiles (their kinds, 4 bytes each, taken as the reader finds them in one
/// reused row), three bits a cell (the tile sets of the sweeps and a count
/// of tiles per 64 cells), and one chunk of queries; one board's memory is
/// reused for every board.
pub fn run(input: &[u8], options: &Options, out: &mut dyn Write) -> Result<(), JudgeError> {
    let mut reader = Reader::new(input);
    let mut batch = Batch::new();
    let mut queries = Vec::new();
    // One row of kinds at a time: the batch takes each tile as the reader
    // finds it, and no grid of every cell is kept.
    let mut row = Vec::new();
    while let Some(size) = read_board_size(&mut reader)? {
        batch.begin_board(size.0, size.1, options.rules.clone());
        row.clear();
        row.resize(size.1, 0);
        for r in 0..size.0 {
            let mut tile = |c, kind| batch.push_tile(Pos::new(r, c), kind);
            reader.u32s_nonzero(&mut row, MAX_KIND, &mut tile)?;
        }
        batch.end_board();
        let chunk = chunk_for(size.0 * size.1);
        let mut left = read_query_count(&mut reader)?;
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
                if let Some(style) = options.draw {
                    let board = drawn.get_or_insert_with(|| {
                        Board::new(&batch.to_grid()).expect("the reader checks the kinds")
                    });
                    let path = batch.path(i);
                    let picture = draw(board, ends, path.as_ref(), options.rules.border(), style);
                    writeln!(out, "{picture}")?;
                }
            }
            if let Some(error) = fault {
                return Err(error.into());
            }
        }
    }
    Ok(())
}

/// `YES` or `NO` for query `i` of `batch`, with the corners under `explain`.
fn write_answer(
    batch: &Batch,
    i: usize,
    options: &Options,
    out: &mut dyn Write,
) -> Result<(), JudgeError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Pos;

    /// More queries than one chunk, and a fault in a later chunk: every
    /// answer before the fault is written, each the one `Connector` gives,
    /// and the error names the faulty number.
    #[test]
    fn chunks_keep_every_answer_before_a_fault() {
        use std::fmt::Write as _;
        let board = Board::from_rows(&[[1, 2, 0, 1], [0, 2, 1, 0], [1, 0, 2, 2]]).unwrap();
        let mut rng = grid_core::SplitMix64::new(11);
        let count = chunk_for(12) * 2 + 100;
        let fault = count - 50;
        let mut input = String::from("3 4\n1 2 0 1\n0 2 1 0\n1 0 2 2\n");
        writeln!(input, "{count}").unwrap();
        let mut expected = String::new();
        let mut connector = crate::query::Connector::new();
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
}
