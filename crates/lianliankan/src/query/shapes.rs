//! The paths of at most two turns between two tiles, by their shapes: a
//! path with at most two turns is a straight line, an L through one of two
//! corner cells, or a Z/U/C shape whose middle segment lies on a row or
//! column that both tiles' free runs reach. The board's prefix counts test
//! a segment for tiles in O(1), so a pair costs O(rows + cols).
//!
//! Everything works in ringed coordinates (board cell (r, c) is (r + 1,
//! c + 1)); the border rule only sets the bounds a path may use: the board
//! for [`Border::Closed`], the board and its ring for [`Border::Open`].

use std::ops::ControlFlow;

use grid_core::Pos;

use super::board::{Board, RING, is_tile};
use crate::rules::Border;

/// Which ringed cells a path may pass through under `border`.
pub(crate) fn free_for(border: Border) -> fn(&u32) -> bool {
    match border {
        Border::Closed => |&k| k == 0,
        Border::Open => |&k| k == 0 || k == RING,
    }
}

/// Whether the tiles at board cells `a` and `b` (distinct, kinds not
/// checked) are joined by a path with at most `max_turns` turns, which is
/// at most two, under `border`: [`Connector::connect`](super::Connector::connect)'s shapes, without
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
pub(crate) struct Shapes<'a> {
    board: &'a Board,
    a: Pos,
    b: Pos,
    /// Rows (and columns) a path may use: `lo..=hi_row`, `lo..=hi_col`.
    lo: usize,
    hi_row: usize,
    hi_col: usize,
}

impl<'a> Shapes<'a> {
    pub(crate) fn new(board: &'a Board, a: Pos, b: Pos, border: Border) -> Self {
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
    pub(crate) fn best(&self, max_turns: usize) -> Option<Vec<Pos>> {
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
    pub(crate) fn exists(&self, max_turns: usize) -> bool {
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
    pub(crate) fn two_turns(
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

/// Whether `e` lies on the segment from `p` to `q` (one row or column).
fn on_segment(e: Pos, p: Pos, q: Pos) -> bool {
    let within = |x: usize, s: usize, t: usize| s.min(t) <= x && x <= s.max(t);
    within(e.row, p.row, q.row) && within(e.col, p.col, q.col)
}
