//! The minimum-segment solver: a board prepared once, then pairs.

use grid_core::Pos;

use crate::board::{Board, to_ring};
use crate::components::Regions;
use crate::sweep::{LevelSweep, bit};

/// A path with the fewest segments, as found by [`Solver::min_segments`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segments {
    /// Number of straight segments (turns + 1), at least 1.
    pub count: usize,
    /// The corners in the *ring frame* — the board inside its one-square
    /// ring, where board square `(r, c)` is `(r + 1, c + 1)`, so a corner's
    /// row and column are the judge's 1-based row and column, and 0 or
    /// `rows + 1` / `cols + 1` lie on the ring. First the start, then every
    /// square where the path turns, then the end: `count + 1` points, each
    /// sharing a row or column with the next.
    pub corners: Vec<Pos>,
}

/// A board prepared for many pairs: its ring, its regions of empty squares,
/// and the search buffers.
///
/// ```
/// use grid_core::Pos;
/// use segments::{Board, Solver};
/// // XXX
/// // X.X   (the middle of the bottom row is empty)
/// let mut board = Board::new(2, 3).unwrap();
/// for (r, c) in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2)] {
///     board.set_piece(Pos::new(r, c), true);
/// }
/// let mut solver = Solver::new(&board);
/// // From the bottom-left piece to the bottom-right one: through the gap.
/// assert_eq!(solver.count(Pos::new(1, 0), Pos::new(1, 2)), Some(1));
/// // From the top-left to the top-right piece: over the top, in the ring.
/// let path = solver.min_segments(Pos::new(0, 0), Pos::new(0, 2)).unwrap();
/// assert_eq!(path.count, 3);
/// assert_eq!(path.corners, [(1, 1), (0, 1), (0, 3), (1, 3)].map(|(r, c)| Pos::new(r, c)));
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    rows: usize,
    cols: usize,
    regions: Regions,
    sweep: LevelSweep,
    window: Vec<u128>,
}

impl Solver {
    /// Prepares `board`.
    ///
    /// # Complexity
    /// O(rows · cols).
    #[must_use]
    pub fn new(board: &Board) -> Solver {
        let (rows, cols) = (board.rows() + 2, board.cols() + 2);
        let ring = board.with_ring();
        let free: Vec<u128> = (0..rows)
            .map(|r| {
                (0..cols)
                    .filter(|&c| !ring.is_occupied(Pos::new(r, c)))
                    .fold(0, |acc, c| acc | bit(c))
            })
            .collect();
        Solver {
            rows,
            cols,
            regions: Regions::new(&free, cols),
            sweep: LevelSweep::new(),
            window: Vec::new(),
        }
    }

    /// The minimum number of segments of a path from `a` to `b` (board
    /// frame), or `None` when there is none or `a == b`. Like
    /// [`Solver::min_segments`] without recovering the corners.
    ///
    /// # Panics
    /// If `a` or `b` is off the board.
    ///
    /// # Complexity
    /// As [`Solver::min_segments`].
    pub fn count(&mut self, a: Pos, b: Pos) -> Option<usize> {
        self.solve(a, b).map(|(count, _)| count)
    }

    /// A path from `a` to `b` (board frame) with the fewest straight
    /// segments, running through empty squares only (its two ends aside)
    /// and possibly around the board through the one-square ring; `None`
    /// when there is none or `a == b`. The ends are normally pieces, but
    /// need not be. Among the paths with the fewest segments, the one
    /// returned is not necessarily the shortest.
    ///
    /// # Panics
    /// If `a` or `b` is off the board.
    ///
    /// # Complexity
    /// O(1) when `a` and `b` are side by side or share no region of empty
    /// squares; otherwise O(k · r) word operations and O(k · r) words of
    /// memory for an answer of k segments, r being the number of rows the
    /// common region spans (at most `rows + 2`), plus O(k · (rows + cols))
    /// to recover the corners. (A `u128` word holds a whole row.)
    pub fn min_segments(&mut self, a: Pos, b: Pos) -> Option<Segments> {
        let (count, first_row) = self.solve(a, b)?;
        let (a, b) = (to_ring(a), to_ring(b));
        let corners = if count == 1 {
            vec![a, b]
        } else {
            self.sweep
                .corners(&self.window)
                .into_iter()
                .map(|p| Pos::new(p.row + first_row, p.col))
                .collect()
        };
        Some(Segments { count, corners })
    }

    /// The answer, and the first row of the window searched.
    fn solve(&mut self, a: Pos, b: Pos) -> Option<(usize, usize)> {
        let on_board = |p: Pos| p.row + 2 < self.rows && p.col + 2 < self.cols;
        assert!(on_board(a) && on_board(b), "pair off the board");
        if a == b {
            return None;
        }
        let (a, b) = (to_ring(a), to_ring(b));
        if a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1 {
            return Some((1, 0));
        }
        let mut common = [u32::MAX; 4];
        let mut n = 0;
        for id in self.regions.around(a) {
            if self.regions.around(b).any(|other| other == id) {
                common[n] = id;
                n += 1;
            }
        }
        let common = &common[..n];
        if common.is_empty() {
            return None;
        }
        let mut first = a.row.min(b.row);
        let mut last = a.row.max(b.row);
        for &id in common {
            let (top, bottom) = self.regions.rows_of(id);
            first = first.min(top);
            last = last.max(bottom);
        }
        self.window.clear();
        self.window.resize(last - first + 1, 0);
        for &id in common {
            self.regions.add_to(id, &mut self.window, first);
        }
        self.window[a.row - first] |= bit(a.col);
        self.window[b.row - first] |= bit(b.col);
        let shift = |p: Pos| Pos::new(p.row - first, p.col);
        let count = self.sweep.search(&self.window, shift(a), shift(b))?;
        Some((count, first))
    }
}

/// A path from `a` to `b` with the fewest segments on `board`: see
/// [`Solver::min_segments`], which this prepares the board for. To answer
/// several pairs on one board, make one [`Solver`].
///
/// # Panics
/// If `a` or `b` is off the board.
///
/// # Complexity
/// O(rows · cols) to prepare, then as [`Solver::min_segments`].
#[must_use]
pub fn min_segments(board: &Board, a: Pos, b: Pos) -> Option<Segments> {
    Solver::new(board).min_segments(a, b)
}
