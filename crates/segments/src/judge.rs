//! The binary's whole judge loop over bytes: read each board and pair,
//! answer, and write the answer at once, so that every answer before a fault
//! is already written when the fault is reported. The caller owns the input
//! and the output; nothing here touches files, stdin or stdout.

use std::io::Write;

use grid_core::{JudgeError, Path, Reader};

use crate::format::{board_line, corners_line, pair_line, read_board, read_pair};
use crate::{Solver, draw};

/// The output modes of [`run`]; the default is the judge's output alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// After each answer, the path's corners in judge coordinates
    /// (`--explain`).
    pub explain: bool,
    /// After each answer, the board inside its ring with the path
    /// (`--draw`).
    pub draw: bool,
}

/// Answers every pair of `input` (the POJ 1101 format, see the
/// [crate docs](crate#input)), writing `Board #n:`, one `Pair m: ...` line
/// per pair (with corners and drawings as `options` ask) and an empty line
/// after each board to `out` as it goes.
///
/// ```
/// use segments::judge::{Options, run};
/// let input = b"5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n0 0 0 0\n0 0\n";
/// let mut out = Vec::new();
/// run(input, &Options::default(), &mut out).unwrap();
/// assert_eq!(out, b"Board #1:\nPair 1: 4 segments.\n\n");
/// ```
///
/// # Errors
/// [`JudgeError::Input`] at the first malformed place of the input (what
/// was answered before it has been written); [`JudgeError::Io`] when
/// writing fails.
///
/// # Complexity
/// O(h·w) per board to read and prepare it, then per pair a sweep of at most
/// O(h) words per level over its region; memory O(h·w) for the current board.
pub fn run(input: &[u8], options: &Options, out: &mut dyn Write) -> Result<(), JudgeError> {
    let mut reader = Reader::new(input);
    let mut board_number = 0;
    while let Some(board) = read_board(&mut reader)? {
        board_number += 1;
        writeln!(out, "{}", board_line(board_number))?;
        let mut solver = Solver::new(&board);
        let mut pair_number = 0;
        while let Some(pair) = read_pair(&mut reader, &board)? {
            pair_number += 1;
            if options.explain || options.draw {
                let path = solver.min_segments(pair.a, pair.b);
                let count = path.as_ref().map(Path::segments);
                writeln!(out, "{}", pair_line(pair_number, count))?;
                if options.explain {
                    writeln!(out, "{}", corners_line(path.as_ref()))?;
                }
                if options.draw {
                    write!(out, "{}", draw::draw(&board, pair.a, pair.b, path.as_ref()))?;
                }
            } else {
                let count = solver.count(pair.a, pair.b);
                writeln!(out, "{}", pair_line(pair_number, count))?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}
