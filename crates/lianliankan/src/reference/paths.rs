//! The standard path by brute force, which the connection rules' own
//! brute force (`connection/`) stands on: the grid a path is searched on,
//! grid-core's reference searches on it, and a path's segments checked.

use grid_core::{Padded, Path, Pos};

use crate::query::Board;
use crate::rules::{Border, Rules};

/// The board as the reference searches it: its kinds (0 = empty) inside an
/// empty ring for [`Border::Open`], with no padding for [`Border::Closed`].
/// The [`Padded::frame`] converts between board cells and searched cells.
#[must_use]
pub fn search_grid(board: &Board, border: Border) -> Padded<u32> {
    let grid = Padded::new(board.to_grid());
    match border {
        Border::Closed => grid,
        Border::Open => grid.surround(0),
    }
}

/// The fewest turns of a standard path from `a` to `b` within
/// `rules.max_turns()` and `rules.border()`: grid-core's reference search.
pub(crate) fn standard_min_turns(board: &Board, a: Pos, b: Pos, rules: &Rules) -> Option<usize> {
    let searched = search_grid(board, rules.border());
    let frame = searched.frame();
    grid_core::reference::min_turns(
        searched.grid(),
        |&k| k == 0,
        frame.to_outer(a),
        frame.to_outer(b),
        Some(rules.max_turns()),
    )
}

/// Checks that `path` runs from `a` to `b` in straight segments through
/// empty cells inside the border, with at most `rules.max_turns()` turns and
/// the length it says: that length, or the first fault.
pub(crate) fn checked_length(
    board: &Board,
    a: Pos,
    b: Pos,
    path: &Path,
    rules: &Rules,
) -> Result<usize, String> {
    if path.turns() > rules.max_turns() {
        return Err(format!(
            "{} turns, more than {}",
            path.turns(),
            rules.max_turns()
        ));
    }
    let searched = search_grid(board, rules.border());
    let frame = searched.frame();
    let corners = path
        .corners()
        .iter()
        .map(|&p| {
            frame
                .outer_of(p)
                .ok_or(format!("corner {p} is outside the border"))
        })
        .collect::<Result<Vec<Pos>, String>>()?;
    let (from, to) = (frame.to_outer(a), frame.to_outer(b));
    let free = |&k: &u32| k == 0;
    let length =
        grid_core::reference::check_path(searched.grid(), free, from, to, &corners, path.turns())?;
    if length != path.length() {
        return Err(format!(
            "length {length}, but the path says {}",
            path.length()
        ));
    }
    Ok(length)
}

/// The length of the shortest standard path from `a` to `b` with `turns`
/// turns under `border`, or `None`.
pub(crate) fn standard_shortest(
    board: &Board,
    a: Pos,
    b: Pos,
    turns: usize,
    border: Border,
) -> Option<usize> {
    let searched = search_grid(board, border);
    let frame = searched.frame();
    let free = |&k: &u32| k == 0;
    grid_core::reference::min_length_with_turns(
        searched.grid(),
        free,
        frame.to_outer(a),
        frame.to_outer(b),
        turns,
    )
}

/// Whether `shortest` is `length`; if not, the fault.
pub(crate) fn is_shortest(
    length: usize,
    shortest: Option<usize>,
    turns: usize,
) -> Result<(), String> {
    if shortest == Some(length) {
        Ok(())
    } else {
        Err(format!(
            "{length} steps, but the shortest path with {turns} turns has {shortest:?}"
        ))
    }
}
