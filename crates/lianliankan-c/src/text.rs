//! The text the entry points write, in the `lianliankan` binary's form:
//! `solve`'s output. (Boards are read by
//! `lianliankan::format::read_first_board`, as the binary reads them.)

use std::fmt::Write as _;

use lianliankan::Solution;

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
    use lianliankan::Board;

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
