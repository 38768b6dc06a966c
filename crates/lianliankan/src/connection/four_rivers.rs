//! PySolFC's "Four Rivers", [`Connect::FourRivers`](crate::Connect::FourRivers):
//! the standard rule, except that two tiles side by side do not join
//! through their shared edge; they need a path through at least one empty
//! (or ring) cell, a U around them, say. Pairs that are not neighbours
//! are the standard path's; neighbours take the shapes' two-turn paths (a
//! U never uses the step between them) and, beyond two turns, a search
//! that never takes that step (`detour`).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::ops::ControlFlow;

use grid_core::{Grid, Path, Pos};

use super::rule::{ConnectionRule, Construction, Join, SearchKind};
use super::standard::standard_moves;
use crate::engine::Move;
use crate::query::{Board, Shapes, free_for};
use crate::reference::paths::{checked_length, is_shortest, search_grid};
use crate::rules::{Border, Rules};

/// [`Connect::FourRivers`](crate::Connect::FourRivers).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FourRivers;

impl ConnectionRule for FourRivers {
    fn join(&self, a: Pos, b: Pos) -> Join {
        if are_neighbours(a, b) {
            Join::OwnPath
        } else {
            Join::StandardPath
        }
    }

    fn own_corners(&self, board: &Board, a: Pos, b: Pos, rules: &Rules) -> Option<Vec<Pos>> {
        detour_corners(board, a, b, rules.border(), rules.max_turns())
    }

    /// The standard pairs, a pair of neighbours among them kept only when
    /// a detour joins it (O(rows + cols) each with two turns).
    fn moves(&self, board: &Board, rules: &Rules) -> Vec<Move> {
        let mut found = standard_moves(board, rules);
        found.retain(|m| {
            let (a, b) = (m.a(), m.b());
            !are_neighbours(a, b) || detour_joins(board, a, b, rules.border(), rules.max_turns())
        });
        found
    }

    fn search(&self) -> SearchKind {
        SearchKind::Plain { by_cells: false }
    }

    fn construction(&self) -> Construction {
        Construction::ByMoves
    }

    /// [`four_rivers_lengths`]' first path.
    fn reference_min_turns(&self, board: &Board, a: Pos, b: Pos, rules: &Rules) -> Option<usize> {
        four_rivers_lengths(board, a, b, rules)
            .iter()
            .position(Option::is_some)
    }

    /// The standard checks, never the step between neighbours, and the
    /// shortest of [`four_rivers_lengths`].
    fn reference_check_path(
        &self,
        board: &Board,
        a: Pos,
        b: Pos,
        path: &Path,
        rules: &Rules,
    ) -> Result<(), String> {
        let length = checked_length(board, a, b, path, rules)?;
        if length == 1 {
            return Err(format!("{a} and {b} are joined through their shared edge"));
        }
        let shortest = four_rivers_lengths(board, a, b, rules)[..=path.turns()]
            .iter()
            .flatten()
            .min()
            .copied();
        is_shortest(length, shortest, path.turns())
    }
}

/// Whether two cells share an edge.
fn are_neighbours(a: Pos, b: Pos) -> bool {
    a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1
}

/// Four-rivers between neighbours `a` and `b` (ringed coordinates): the
/// corners of the path with the fewest turns, then the fewest steps, that
/// does not take the step from one to the other, within `max_turns`.
///
/// Such a path has at least two turns (the ends share a line, so one turn
/// cannot join them, and no turn is the forbidden step), so with at most
/// two it is a U whose middle segment runs along a line next to theirs:
/// the shapes' two-turn paths, which never use the direct step. Beyond
/// two turns, [`detour`] searches.
fn detour_corners(
    board: &Board,
    a: Pos,
    b: Pos,
    border: Border,
    max_turns: usize,
) -> Option<Vec<Pos>> {
    if max_turns < 2 {
        return None;
    }
    let shapes = Shapes::new(board, a, b, border);
    let mut best: Option<(usize, [Pos; 4])> = None;
    let _ = shapes.two_turns(|len, corners| {
        if best.is_none_or(|(l, _)| len < l) {
            best = Some((len, corners));
        }
        ControlFlow::Continue(())
    });
    match best {
        Some((_, corners)) => Some(corners.to_vec()),
        None if max_turns > 2 => detour(board.ringed(), free_for(border), a, b, max_turns),
        None => None,
    }
}

/// Whether four-rivers joins the tiles at board cells `a` and `b`, which
/// are neighbours, with at most `max_turns` turns under `border`.
///
/// # Complexity
/// O(rows + cols) with at most two turns; O(rows·cols·log(rows·cols))
/// when no U joins them and more turns are allowed.
fn detour_joins(board: &Board, a: Pos, b: Pos, border: Border, max_turns: usize) -> bool {
    let frame = board.frame();
    detour_corners(
        board,
        frame.to_outer(a),
        frame.to_outer(b),
        border,
        max_turns,
    )
    .is_some()
}

/// The path from `a` to `b` (cells of `grid`) with the fewest turns, then
/// the fewest steps, within `max_turns`, through cells where `free` holds,
/// that does not step from `a` straight onto `b`: Dijkstra's search over
/// (cell, heading) by (turns, steps), for four-rivers' neighbours when no
/// U joins them. Its corners, or `None`.
fn detour(
    grid: &Grid<u32>,
    free: fn(&u32) -> bool,
    a: Pos,
    b: Pos,
    max_turns: usize,
) -> Option<Vec<Pos>> {
    const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    let step = |p: Pos, d: usize| -> Option<Pos> {
        let row = p.row.checked_add_signed(STEPS[d].0)?;
        let col = p.col.checked_add_signed(STEPS[d].1)?;
        (row < grid.rows() && col < grid.cols()).then(|| Pos::new(row, col))
    };
    let state = |p: Pos, d: usize| grid.index_of(p) * 4 + d;
    let mut best = vec![(usize::MAX, usize::MAX); grid.cells().len() * 4];
    let mut came = vec![usize::MAX; grid.cells().len() * 4];
    let mut heap = BinaryHeap::new();
    for d in 0..4 {
        if let Some(n) = step(a, d).filter(|&n| n != b && free(&grid[n])) {
            best[state(n, d)] = (0, 1);
            heap.push(Reverse((0, 1, state(n, d))));
        }
    }
    while let Some(Reverse((turns, steps, s))) = heap.pop() {
        if best[s] != (turns, steps) {
            continue;
        }
        let (cell, d) = (s / 4, s % 4);
        let p = Pos::new(cell / grid.cols(), cell % grid.cols());
        if p == b {
            // Popped in (turns, steps) order: the best arrival.
            let mut cells = vec![b];
            let mut at = s;
            while came[at] != usize::MAX {
                at = came[at];
                cells.push(Pos::new(at / 4 / grid.cols(), at / 4 % grid.cols()));
            }
            cells.push(a);
            cells.reverse();
            return Some(corners_of(&cells));
        }
        for e in 0..4 {
            // Reversing is never useful.
            if e ^ 1 == d {
                continue;
            }
            let t = turns + usize::from(e != d);
            let Some(n) = step(p, e).filter(|&n| t <= max_turns && (n == b || free(&grid[n])))
            else {
                continue;
            };
            let next = state(n, e);
            if (t, steps + 1) < best[next] {
                best[next] = (t, steps + 1);
                came[next] = s;
                heap.push(Reverse((t, steps + 1, next)));
            }
        }
    }
    None
}

/// The corners of a path given cell by cell: its ends and every cell where
/// it changes heading.
fn corners_of(cells: &[Pos]) -> Vec<Pos> {
    let mut corners = vec![cells[0]];
    for w in cells.windows(3) {
        let straight = (w[0].row == w[1].row && w[1].row == w[2].row)
            || (w[0].col == w[1].col && w[1].col == w[2].col);
        if !straight {
            corners.push(w[1]);
        }
    }
    corners.extend(cells.last());
    corners
}

/// Four-rivers by brute force: for each number of turns t from 0 to
/// `rules.max_turns()`, the length of the shortest path from the tile at `a`
/// to the one at `b` with exactly t turns (`None`: no such path), where a
/// path runs in straight segments through empty cells (and the ring, with
/// [`Border::Open`]), never reverses, and never steps from `a` straight
/// onto `b`. A breadth-first search by steps over explicit states (cell,
/// heading, turns used); kinds are not looked at.
///
/// # Complexity
/// O(rows·cols·(max_turns + 1)).
#[must_use]
pub fn four_rivers_lengths(board: &Board, a: Pos, b: Pos, rules: &Rules) -> Vec<Option<usize>> {
    const HEADINGS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    let searched = search_grid(board, rules.border());
    let grid = searched.grid();
    let (from, to) = (searched.frame().to_outer(a), searched.frame().to_outer(b));
    let step = |p: Pos, h: usize| -> Option<Pos> {
        let row = p.row.checked_add_signed(HEADINGS[h].0)?;
        let col = p.col.checked_add_signed(HEADINGS[h].1)?;
        (row < grid.rows() && col < grid.cols()).then(|| Pos::new(row, col))
    };
    let layers = rules.max_turns() + 1;
    let mut best = vec![None; layers];
    if from == to {
        return best;
    }
    let index = |p: Pos, h: usize, t: usize| (grid.index_of(p) * 4 + h) * layers + t;
    let mut seen = vec![false; grid.rows() * grid.cols() * 4 * layers];
    let mut queue = VecDeque::new();
    // The first step, any heading but the one straight onto `to`.
    for h in 0..4 {
        match step(from, h) {
            Some(next) if next == to => {} // the shared edge: not a path
            Some(next) if grid[next] == 0 => {
                seen[index(next, h, 0)] = true;
                queue.push_back((next, h, 0, 1));
            }
            _ => {}
        }
    }
    while let Some((p, h, t, length)) = queue.pop_front() {
        for g in 0..4 {
            let reverses = HEADINGS[g].0 == -HEADINGS[h].0 && HEADINGS[g].1 == -HEADINGS[h].1;
            let turns = t + usize::from(g != h);
            if reverses || turns >= layers {
                continue;
            }
            let Some(next) = step(p, g) else { continue };
            if next == to {
                // By steps: the first arrival with these turns is the shortest.
                best[turns].get_or_insert(length + 1);
            } else if grid[next] == 0 && !seen[index(next, g, turns)] {
                seen[index(next, g, turns)] = true;
                queue.push_back((next, g, turns, length + 1));
            }
        }
    }
    best
}
