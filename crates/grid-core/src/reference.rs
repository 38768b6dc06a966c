//! Slow, obviously correct references for the fast searches, shared by the
//! test suites of every crate and by `cargo xtask bench` as the baseline.
//!
//! Nothing here is tuned: these functions exist to be read and trusted.

use std::collections::VecDeque;

use crate::{Dir, Grid, Pos};

/// The minimum number of turns of a path from `from` to `to` through cells
/// where `is_free` holds (the two ends excepted), with at most `max_turns`
/// turns (any number when `None`); `None` when there is no such path or
/// `from == to`. The same contract as [`crate::TurnSearch::find`].
///
/// A plain breadth-first search over explicit states (cell, heading, turns
/// used) with a visited set over whole states: nothing is ever discarded
/// because the cell or the (cell, heading) pair was seen before with more
/// turns. Every reachable state is explored, then the best arrival at `to`
/// is taken.
///
/// Without a limit, the cap is the number of cells: a minimum-turn path
/// never needs to visit a cell twice (cutting out the loop between two
/// visits costs at most the two turns the loop itself contained), so it
/// turns at most once per cell.
///
/// # Complexity
/// O(rows·cols·(cap + 1)) time and memory. Only for tests and baselines.
pub fn min_turns<T>(
    grid: &Grid<T>,
    is_free: impl Fn(&T) -> bool,
    from: Pos,
    to: Pos,
    max_turns: Option<usize>,
) -> Option<usize> {
    if from == to {
        return None;
    }
    let cells = grid.rows() * grid.cols();
    let cap = max_turns.unwrap_or(cells).min(cells);
    let layers = cap + 1;
    let index = |p: Pos, d: Dir, t: usize| (grid.index_of(p) * 4 + d.index()) * layers + t;
    let mut visited = vec![false; cells * 4 * layers];
    let mut queue = VecDeque::new();
    for d in Dir::ALL {
        if let Some(next) = grid.step(from, d) {
            if next == to || is_free(&grid[next]) {
                visited[index(next, d, 0)] = true;
                queue.push_back((next, d, 0));
            }
        }
    }
    let mut best: Option<usize> = None;
    while let Some((cell, heading, turns)) = queue.pop_front() {
        if cell == to {
            best = Some(best.map_or(turns, |b| b.min(turns)));
            continue; // the target is a tile: paths end there
        }
        for d in Dir::ALL {
            if d == heading.opposite() {
                continue; // reversing on the spot is two turns that gain nothing
            }
            let new_turns = turns + usize::from(d != heading);
            if new_turns > cap {
                continue;
            }
            let Some(next) = grid.step(cell, d) else {
                continue;
            };
            if next != to && !is_free(&grid[next]) {
                continue;
            }
            let slot = index(next, d, new_turns);
            if !visited[slot] {
                visited[slot] = true;
                queue.push_back((next, d, new_turns));
            }
        }
    }
    best
}

/// Checks that `corners` is a legal path from `from` to `to` on `grid` with
/// exactly `turns` turns: consecutive corners share a row or column and are
/// distinct, the heading changes at every inner corner and never reverses,
/// and every cell strictly between the ends is free. Returns the path's
/// length in steps, or a description of the first fault.
///
/// # Errors
/// A message naming the fault.
pub fn check_path<T>(
    grid: &Grid<T>,
    is_free: impl Fn(&T) -> bool,
    from: Pos,
    to: Pos,
    corners: &[Pos],
    turns: usize,
) -> Result<usize, String> {
    if corners.first() != Some(&from) || corners.last() != Some(&to) {
        return Err(format!("path {corners:?} does not run from {from} to {to}"));
    }
    if corners.len() != turns + 2 {
        return Err(format!("{} corners for {turns} turns", corners.len()));
    }
    let mut length = 0;
    let mut previous: Option<Dir> = None;
    for pair in corners.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if !grid.contains(a) || !grid.contains(b) {
            return Err(format!("corner off the grid in {corners:?}"));
        }
        let Some(d) = a.direction_to(b) else {
            return Err(format!("{a} and {b} are not on one line, or equal"));
        };
        if let Some(p) = previous {
            if d == p || d == p.opposite() {
                return Err(format!("no real turn at {a}"));
            }
        }
        previous = Some(d);
        let mut cell = a;
        while cell != b {
            cell = cell.step(d).ok_or("stepped off the grid")?;
            length += 1;
            if cell != to && !is_free(&grid[cell]) {
                return Err(format!("path crosses blocked cell {cell}"));
            }
            if cell == from {
                return Err(format!("path returns to its start {from}"));
            }
        }
    }
    Ok(length)
}

/// The minimum number of steps of a path from `from` to `to` with exactly
/// `turns` turns or fewer, through free cells: a plain breadth-first search
/// over (cell, heading, turns used) by steps. With [`min_turns`] it checks
/// that a search returns the shortest among the fewest-turn paths.
///
/// # Complexity
/// O(rows·cols·(turns + 1)). Only for tests and baselines.
pub fn min_length_with_turns<T>(
    grid: &Grid<T>,
    is_free: impl Fn(&T) -> bool,
    from: Pos,
    to: Pos,
    turns: usize,
) -> Option<usize> {
    if from == to {
        return None;
    }
    let layers = turns + 1;
    let index = |p: Pos, d: Dir, t: usize| (grid.index_of(p) * 4 + d.index()) * layers + t;
    let mut visited = vec![false; grid.rows() * grid.cols() * 4 * layers];
    let mut queue = VecDeque::new();
    for d in Dir::ALL {
        if let Some(next) = grid.step(from, d) {
            if next == to || is_free(&grid[next]) {
                visited[index(next, d, 0)] = true;
                queue.push_back((next, d, 0, 1));
            }
        }
    }
    while let Some((cell, heading, used, steps)) = queue.pop_front() {
        if cell == to {
            return Some(steps); // breadth-first: the first arrival is the shortest
        }
        for d in Dir::ALL {
            let new_used = used + usize::from(d != heading);
            if d == heading.opposite() || new_used > turns {
                continue;
            }
            let Some(next) = grid.step(cell, d) else {
                continue;
            };
            if next != to && !is_free(&grid[next]) {
                continue;
            }
            let slot = index(next, d, new_used);
            if !visited[slot] {
                visited[slot] = true;
                queue.push_back((next, d, new_used, steps + 1));
            }
        }
    }
    None
}
