//! The slow, obviously correct answer, for tests and as the baseline of
//! `cargo xtask bench`: a breadth-first search per query over explicit
//! states (cell, heading, turns used), via
//! [`grid_core::reference::min_turns`].

use grid_core::{Grid, Pos};

use crate::{Board, Border, Rules};

/// The board as the reference searches it, with the ends' frame: the plain
/// grid for [`Border::Closed`], or the grid inside an empty ring for
/// [`Border::Open`] (board cell (r, c) at (r + 1, c + 1)).
#[must_use]
pub fn search_grid(board: &Board, border: Border) -> (Grid<u32>, usize) {
    let grid = board.to_grid();
    match border {
        Border::Closed => (grid, 0),
        Border::Open => (grid.with_border(0), 1),
    }
}

/// The fewest turns of a path joining the tiles at `a` and `b` under
/// `rules`, or `None` when they do not match (same cell, empty, different
/// kinds, off the board, or no path within the limit).
///
/// # Complexity
/// O(rows·cols·(max_turns + 1)) per call, and the grid is copied each time:
/// this is the per-query search the fast path is measured against.
#[must_use]
pub fn min_turns(board: &Board, a: Pos, b: Pos, rules: &Rules) -> Option<usize> {
    let kind = board.kind(a)?;
    if a == b || kind == 0 || board.kind(b) != Some(kind) {
        return None;
    }
    let (grid, shift) = search_grid(board, rules.border);
    let moved = |p: Pos| Pos::new(p.row + shift, p.col + shift);
    grid_core::reference::min_turns(
        &grid,
        |&k| k == 0,
        moved(a),
        moved(b),
        Some(rules.max_turns),
    )
}
