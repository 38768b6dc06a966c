//! The minimum-segment solver: a board prepared once, then pairs.

use grid_core::{Frame, Path, Pos};

use crate::board::Board;
use crate::components::Regions;
use crate::sweep::{LevelSweep, bit};

/// A board prepared for many pairs: its ring, its regions of empty squares,
/// and the search buffers.
///
/// ```
/// use segments::{Board, Point, Pos, Solver};
/// // XXX
/// // X.X   (the middle of the bottom row is empty)
/// let mut board = Board::new(2, 3).unwrap();
/// for (r, c) in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2)] {
///     board.set_piece(Pos::new(r, c), true);
/// }
/// let mut solver = Solver::new(&board);
/// // From the bottom-left piece to the bottom-right one: through the gap.
/// assert_eq!(solver.count(Pos::new(1, 0), Pos::new(1, 2)), Some(1));
/// // From the top-left to the top-right piece: over the top, in the ring
/// // (row -1 of the board frame).
/// let path = solver.min_segments(Pos::new(0, 0), Pos::new(0, 2)).unwrap();
/// assert_eq!(path.segments(), 3);
/// assert_eq!(path.corners(), [(0, 0), (-1, 0), (-1, 2), (0, 2)].map(|(r, c)| Point::new(r, c)));
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    /// The board inside its one-square ring.
    frame: Frame,
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
        let padded = board.padded();
        let frame = padded.frame();
        let free: Vec<u128> = padded
            .grid()
            .row_slices()
            .map(|row| {
                (row.iter().enumerate())
                    .filter(|&(_, &piece)| !piece)
                    .fold(0, |acc, (c, _)| acc | bit(c))
            })
            .collect();
        Solver {
            frame,
            regions: Regions::new(&free, frame.outer_cols()),
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
    /// segments ([`Path::segments`]), running through empty squares only
    /// (its two ends aside) and possibly around the board through the
    /// one-square ring; `None` when there is none or `a == b`. The ends are
    /// normally pieces, but need not be. Among the paths with the fewest
    /// segments, the one returned is not necessarily the shortest.
    ///
    /// The corners are [`Point`](crate::Point)s in the signed board frame:
    /// the ring is row or column `-1`, `rows` or `cols`.
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
    pub fn min_segments(&mut self, a: Pos, b: Pos) -> Option<Path> {
        let (count, first_row) = self.solve(a, b)?;
        let frame = self.frame;
        let corners = if count == 1 {
            vec![
                frame.to_point(frame.to_outer(a)),
                frame.to_point(frame.to_outer(b)),
            ]
        } else {
            // The sweep's corners are in the window, whose first row is
            // `first_row` of the padded grid.
            self.sweep
                .corners(&self.window)
                .into_iter()
                .map(|p| frame.to_point(Pos::new(p.row + first_row, p.col)))
                .collect()
        };
        Some(Path::new(corners))
    }

    /// The answer, and the first row (of the padded grid) of the window
    /// searched.
    fn solve(&mut self, a: Pos, b: Pos) -> Option<(usize, usize)> {
        let frame = self.frame;
        let on_board = |p: Pos| p.row < frame.rows() && p.col < frame.cols();
        assert!(on_board(a) && on_board(b), "pair off the board");
        if a == b {
            return None;
        }
        let (a, b) = (frame.to_outer(a), frame.to_outer(b));
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
pub fn min_segments(board: &Board, a: Pos, b: Pos) -> Option<Path> {
    Solver::new(board).min_segments(a, b)
}
