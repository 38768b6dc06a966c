//! The text the entry points read and write, in the `lianliankan`
//! binary's forms: a board read the way its engine subcommands read one,
//! and `solve`'s output.

use std::fmt::Write as _;

use grid_core::Reader;
use lianliankan::format::{read_board, read_query, read_query_count};
use lianliankan::{Board, InputError, Solution};

/// The first board of a judge input, as the `lianliankan` binary's engine
/// subcommands (`solve`, `hint`, ...) read it: whatever follows it
/// (queries, more boards, `0 0`) must be well formed and is ignored.
///
/// # Errors
/// The [`InputError`] (with line and column) of the first fault, or of an
/// input with no board.
pub fn read_engine_board(input: &[u8]) -> Result<Board, InputError> {
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

/// What `lianliankan solve` prints for `solution` (without `--draw`): one
/// `r1 c1 r2 c2` line per removal (1-based), `UNSOLVABLE`, or
/// `UNKNOWN (budget exhausted after N states)`.
pub fn solve_output(solution: &Solution) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = match solution {
        Solution::Solved(order) => order.iter().try_for_each(|m| writeln!(out, "{m}")),
        Solution::Unsolvable => writeln!(out, "UNSOLVABLE"),
        Solution::OutOfBudget { states } | Solution::Cancelled { states } => {
            writeln!(out, "UNKNOWN (budget exhausted after {states} states)")
        }
        // A future kind of answer: not a proof either way.
        _ => writeln!(out, "UNKNOWN"),
    };
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_first_board_and_checks_the_rest() {
        let board =
            read_engine_board(b"2 2\n1 2\n2 1\n1\n1 1 2 2\n1 2\n3 3\n0\n0 0\n").expect("a board");
        assert_eq!(Vec::from(board), vec![vec![1, 2], vec![2, 1]]);
        let e =
            read_engine_board(b"2 2\n1 2\n2 1\n1\n1 1 9 2\n").expect_err("a query off the board");
        assert!(e.to_string().contains("line 5"), "{e}");
        let e = read_engine_board(b"").expect_err("no board");
        assert!(e.to_string().contains("found none"), "{e}");
        let e = read_engine_board(b"2 2\n1 x\n2 1\n").expect_err("not a number");
        assert!(e.to_string().starts_with("line 2, column 3"), "{e}");
    }

    #[test]
    fn writes_what_the_binary_writes() {
        let board = Board::from_rows(&[[1, 1]]).expect("a board");
        let solved = lianliankan::solve(&board, &lianliankan::Rules::default(), 100);
        assert_eq!(solve_output(&solved), "1 1 1 2\n");
        assert_eq!(solve_output(&Solution::Unsolvable), "UNSOLVABLE\n");
        assert_eq!(
            solve_output(&Solution::OutOfBudget { states: 12 }),
            "UNKNOWN (budget exhausted after 12 states)\n"
        );
    }
}
