//! Can two tiles be joined, and by which path?
//!
//! For at most two turns the answer is found by enumerating path shapes, in
//! O(rows + cols) per query: a path with at most two turns is a straight
//! line, an L through one of two corner cells, or a Z/U/C shape whose middle
//! segment lies on a row or column that both tiles' free runs reach. The
//! board's prefix counts test a segment for tiles in O(1). For more turns the
//! shared minimum-turn search of grid-core runs on the ringed board.
//!
//! Everything works in ringed coordinates (board cell (r, c) is (r + 1,
//! c + 1)); the border rule only sets the bounds a path may use: the board
//! for [`Border::Closed`], the board and its ring for [`Border::Open`].
//!
//! The other connection rules: [`Connect::Line`] asks only whether the
//! tiles share a row or a column; [`Connect::FourRivers`] is the standard
//! rule except between neighbours, which take the shapes' two-turn paths
//! (a U never uses the step between them) and, beyond two turns, a search
//! that never takes that step (`detour`).

use std::fmt;
use std::ops::ControlFlow;

use grid_core::{Path, Pos, TurnSearch};

use super::board::{Board, RING, is_tile};
use crate::rules::{Border, Connect, Rules};

/// A query naming a cell that is not on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OffBoard {
    /// The offending position.
    pub pos: Pos,
    /// The board's size, rows then columns.
    pub size: (usize, usize),
}

impl fmt::Display for OffBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is off the {}x{} board",
            self.pos, self.size.0, self.size.1
        )
    }
}

impl std::error::Error for OffBoard {}

/// Answers connection queries, keeping search buffers between them.
///
/// Use one `Connector` for many queries; [`connect`] is the one-off form.
#[derive(Clone, Debug, Default)]
pub struct Connector {
    search: TurnSearch,
}

impl Connector {
    /// A connector with empty buffers.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The path joining the tiles at `a` and `b` under `rules`, or `None`
    /// when they cannot be matched: the same cell, an empty cell, different
    /// kinds, or no path with at most `rules.max_turns()` turns through empty
    /// cells (and, with [`Border::Open`], the ring around the board). Rules
    /// with [`Rules::slide`] have one turn on the board; a slide itself is
    /// a [`Move`](crate::Move), found by
    /// [`ways_to_remove`](crate::ways_to_remove).
    ///
    /// The path returned has the fewest turns, and among those the fewest
    /// steps. Under [`Connect::FourRivers`] neighbours are never joined by
    /// the step between them (a U, or under more turns a longer detour);
    /// under [`Connect::Line`] the path is the straight segment between two
    /// tiles of one row or column, whatever lies on it.
    ///
    /// # Errors
    /// [`OffBoard`] when `a` or `b` is not on the board.
    ///
    /// # Complexity
    /// O(rows + cols) when a path with at most two turns exists or
    /// `max_turns <= 2`; otherwise O(rows·cols), the states of grid-core's
    /// minimum-turn search (four-rivers' detours between neighbours:
    /// O(rows·cols·log(rows·cols))). No allocation beyond the path in the
    /// first case. Line: O(1).
    pub fn connect(
        &mut self,
        board: &Board,
        a: Pos,
        b: Pos,
        rules: &Rules,
    ) -> Result<Option<Path>, OffBoard> {
        // Under `slide` the rules say one turn on the board and the
        // standard connection; the slide itself is a move of the engine,
        // not a path.
        for pos in [a, b] {
            if !board.contains(pos) {
                return Err(OffBoard {
                    pos,
                    size: (board.rows(), board.cols()),
                });
            }
        }
        let (kind_a, kind_b) = (board.kind(a).unwrap_or(0), board.kind(b).unwrap_or(0));
        if a == b || kind_a == 0 || kind_b == 0 || !rules.matches(kind_a, kind_b) {
            return Ok(None);
        }
        let frame = board.frame();
        let (a, b) = (frame.to_outer(a), frame.to_outer(b));
        let corners = match rules.connect() {
            Connect::Line => (a.row == b.row || a.col == b.col).then(|| vec![a, b]),
            Connect::FourRivers if are_neighbours(a, b) => {
                detour_corners(board, a, b, rules.border(), rules.max_turns())
            }
            Connect::Standard | Connect::FourRivers => {
                self.standard_corners(board, a, b, rules.border(), rules.max_turns())
            }
        };
        Ok(corners.map(|c| Path::new(c.into_iter().map(|p| frame.to_point(p)).collect())))
    }

    /// The corners (ringed coordinates) of the standard path joining the
    /// tiles at ringed cells `a` and `b`.
    fn standard_corners(
        &mut self,
        board: &Board,
        a: Pos,
        b: Pos,
        border: Border,
        max_turns: usize,
    ) -> Option<Vec<Pos>> {
        // A path with at most two turns, when there is one, has the fewest
        // turns under any limit, and the shapes return the shortest of them:
        // so the search runs only when no such path exists.
        let mut corners = Shapes::new(board, a, b, border).best(max_turns.min(2));
        if corners.is_none() && max_turns > 2 {
            corners = self
                .search
                .find(board.ringed(), free_for(border), a, b, Some(max_turns))
                .map(|p| p.corners);
        }
        corners
    }
}

/// Which ringed cells a path may pass through under `border`.
fn free_for(border: Border) -> fn(&u32) -> bool {
    match border {
        Border::Closed => |&k| k == 0,
        Border::Open => |&k| k == 0 || k == RING,
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
pub(crate) fn detour_joins(
    board: &Board,
    a: Pos,
    b: Pos,
    border: Border,
    max_turns: usize,
) -> bool {
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
    grid: &grid_core::Grid<u32>,
    free: fn(&u32) -> bool,
    a: Pos,
    b: Pos,
    max_turns: usize,
) -> Option<Vec<Pos>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
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

/// The path joining the tiles at `a` and `b`, as [`Connector::connect`]
/// (which keeps its buffers between queries; prefer it for many queries).
///
/// ```
/// use lianliankan::{Board, Pos, Rules, connect};
///
/// let board = Board::from_rows(&[
///     [1, 2, 3, 4],
///     [0, 0, 0, 0],
///     [4, 3, 2, 1],
/// ]).unwrap();
/// // The two 1s: down, across the empty middle row, down (2 turns).
/// let path = connect(&board, Pos::new(0, 0), Pos::new(2, 3), &Rules::default()).unwrap().unwrap();
/// assert_eq!(path.turns(), 2);
/// // A 1 and a 2 never match.
/// assert!(connect(&board, Pos::new(0, 0), Pos::new(0, 1), &Rules::default()).unwrap().is_none());
/// ```
///
/// # Errors
/// [`OffBoard`] when `a` or `b` is not on the board.
///
/// # Complexity
/// As [`Connector::connect`], plus O(rows·cols) to allocate search buffers
/// when `max_turns > 2`.
pub fn connect(board: &Board, a: Pos, b: Pos, rules: &Rules) -> Result<Option<Path>, OffBoard> {
    Connector::new().connect(board, a, b, rules)
}

/// Whether the tiles at board cells `a` and `b` (distinct, kinds not
/// checked) are joined by a path with at most `max_turns` turns, which is
/// at most two, under `border`: [`Connector::connect`]'s shapes, without
/// building the path.
///
/// # Complexity
/// O(rows + cols), no allocation.
pub(crate) fn joins(board: &Board, a: Pos, b: Pos, border: Border, max_turns: usize) -> bool {
    debug_assert!(max_turns <= 2 && a != b);
    let frame = board.frame();
    Shapes::new(board, frame.to_outer(a), frame.to_outer(b), border).exists(max_turns)
}

/// The path shapes with at most two turns between two tiles, in ringed
/// coordinates, with the tiles themselves counted as empty.
struct Shapes<'a> {
    board: &'a Board,
    a: Pos,
    b: Pos,
    /// Rows (and columns) a path may use: `lo..=hi_row`, `lo..=hi_col`.
    lo: usize,
    hi_row: usize,
    hi_col: usize,
}

impl<'a> Shapes<'a> {
    fn new(board: &'a Board, a: Pos, b: Pos, border: Border) -> Self {
        let g = board.ringed();
        let (lo, hi_row, hi_col) = match border {
            Border::Closed => (1, g.rows() - 2, g.cols() - 2),
            Border::Open => (0, g.rows() - 1, g.cols() - 1),
        };
        Shapes {
            board,
            a,
            b,
            lo,
            hi_row,
            hi_col,
        }
    }

    /// The corners of the best path with at most `max_turns` (<= 2) turns.
    fn best(&self, max_turns: usize) -> Option<Vec<Pos>> {
        if let Some(corner) = self.straight_or_corner(max_turns) {
            return Some(match corner {
                None => vec![self.a, self.b],
                Some(corner) => vec![self.a, corner, self.b],
            });
        }
        if max_turns < 2 {
            return None;
        }
        // The shortest two-turn path.
        let mut best: Option<(usize, [Pos; 4])> = None;
        let _ = self.two_turns(|len, corners| {
            if best.is_none_or(|(l, _)| len < l) {
                best = Some((len, corners));
            }
            ControlFlow::Continue(())
        });
        best.map(|(_, corners)| corners.to_vec())
    }

    /// Whether some path with at most `max_turns` (<= 2) turns joins the
    /// ends: as [`Shapes::best`], stopping at the first path found.
    fn exists(&self, max_turns: usize) -> bool {
        // Unless the ends are neighbours, a path leaves each through an
        // empty neighbour: a quick no on a crowded board.
        let (a, b) = (self.a, self.b);
        let neighbours = a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1;
        let may_join = neighbours || (self.has_exit(a) && self.has_exit(b));
        if !may_join {
            return false;
        }
        self.straight_or_corner(max_turns).is_some()
            || (max_turns >= 2 && self.two_turns(|_, _| ControlFlow::Break(())).is_break())
    }

    /// A path with no turn (`Some(None)`), or with one at the corner
    /// given if `max_turns >= 1`.
    fn straight_or_corner(&self, max_turns: usize) -> Option<Option<Pos>> {
        let (a, b) = (self.a, self.b);
        let aligned = a.row == b.row || a.col == b.col;
        if aligned && self.straight(a, b) {
            return Some(None);
        }
        if max_turns >= 1 && !aligned {
            for corner in [Pos::new(a.row, b.col), Pos::new(b.row, a.col)] {
                if self.straight(a, corner) && self.straight(corner, b) {
                    return Some(Some(corner));
                }
            }
        }
        None
    }

    /// Whether the straight segment from `p` to `q` (one row or column) has
    /// no tile other than `a` and `b`.
    fn straight(&self, p: Pos, q: Pos) -> bool {
        let tiles = if p.row == q.row {
            self.board
                .tiles_in_row(p.row, p.col.min(q.col), p.col.max(q.col))
        } else {
            debug_assert_eq!(p.col, q.col);
            self.board
                .tiles_in_col(p.col, p.row.min(q.row), p.row.max(q.row))
        };
        let ends = [self.a, self.b]
            .iter()
            .filter(|&&e| on_segment(e, p, q))
            .count() as u32;
        tiles == ends
    }

    /// Offers every two-turn path to `offer` (its length and corners) until
    /// it says stop: the middle segment is a column (the ends' rows differ)
    /// or a row (the ends' columns differ), within reach of both ends' free
    /// runs.
    fn two_turns(
        &self,
        mut offer: impl FnMut(usize, [Pos; 4]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (a, b) = (self.a, self.b);
        if a.row != b.row {
            // a -> (a.row, c) -> (b.row, c) -> b
            let (a_lo, a_hi) = self.run(a, true);
            let (b_lo, b_hi) = self.run(b, true);
            let rows = (a.row.min(b.row), a.row.max(b.row));
            for c in a_lo.max(b_lo)..=a_hi.min(b_hi) {
                if c != a.col && c != b.col && self.board.tiles_in_col(c, rows.0, rows.1) == 0 {
                    let len = a.col.abs_diff(c) + rows.1 - rows.0 + c.abs_diff(b.col);
                    offer(len, [a, Pos::new(a.row, c), Pos::new(b.row, c), b])?;
                }
            }
        }
        if a.col != b.col {
            // a -> (r, a.col) -> (r, b.col) -> b
            let (a_lo, a_hi) = self.run(a, false);
            let (b_lo, b_hi) = self.run(b, false);
            let cols = (a.col.min(b.col), a.col.max(b.col));
            for r in a_lo.max(b_lo)..=a_hi.min(b_hi) {
                if r != a.row && r != b.row && self.board.tiles_in_row(r, cols.0, cols.1) == 0 {
                    let len = a.row.abs_diff(r) + cols.1 - cols.0 + r.abs_diff(b.row);
                    offer(len, [a, Pos::new(r, a.col), Pos::new(r, b.col), b])?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether a neighbour of `p` within the bounds is free.
    fn has_exit(&self, p: Pos) -> bool {
        let g = self.board.ringed();
        let free = |row: usize, col: usize| !is_tile(g[Pos::new(row, col)]);
        (p.row > self.lo && free(p.row - 1, p.col))
            || (p.row < self.hi_row && free(p.row + 1, p.col))
            || (p.col > self.lo && free(p.row, p.col - 1))
            || (p.col < self.hi_col && free(p.row, p.col + 1))
    }

    /// The free run through `p` along its row (`horizontal`) or column: the
    /// range of columns (rows) reachable from `p` in a straight line through
    /// empty cells, `p` itself included.
    fn run(&self, p: Pos, horizontal: bool) -> (usize, usize) {
        let g = self.board.ringed();
        let (fixed, start, hi) = if horizontal {
            (p.row, p.col, self.hi_col)
        } else {
            (p.col, p.row, self.hi_row)
        };
        let free = |i: usize| {
            let cell = if horizontal {
                Pos::new(fixed, i)
            } else {
                Pos::new(i, fixed)
            };
            !is_tile(g[cell])
        };
        let mut lo_end = start;
        while lo_end > self.lo && free(lo_end - 1) {
            lo_end -= 1;
        }
        let mut hi_end = start;
        while hi_end < hi && free(hi_end + 1) {
            hi_end += 1;
        }
        (lo_end, hi_end)
    }
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

/// Whether `e` lies on the segment from `p` to `q` (one row or column).
fn on_segment(e: Pos, p: Pos, q: Pos) -> bool {
    let within = |x: usize, s: usize, t: usize| s.min(t) <= x && x <= s.max(t);
    within(e.row, p.row, q.row) && within(e.col, p.col, q.col)
}
