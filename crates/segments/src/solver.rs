//! The minimum-segment solver: a board prepared once, then pairs.

use grid_core::{Frame, Path, Pos};

use crate::bits::{Layout, Narrow, Wide, Word};
use crate::board::Board;
use crate::components::{Regions, Span};
use crate::sweep::LevelSweep;

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
    engine: Engine,
}

/// The search in the layout that fits the board: one `u128` a row for
/// boards of at most 126 columns (128 with the ring), `u64` words beyond.
#[derive(Clone, Debug)]
enum Engine {
    Narrow(Core<Narrow>),
    Wide(Core<Wide>),
}

/// The prepared board in one layout, and the search buffers.
#[derive(Clone, Debug)]
struct Core<L: Layout> {
    /// The layout of `free`'s rows (the whole ringed width).
    layout: L,
    /// The free cells of the ringed board, a row per `layout.words()`.
    free: Vec<L::Word>,
    regions: Regions,
    sweep: LevelSweep<L>,
    /// The rows and words one pair is searched on.
    window: Vec<L::Word>,
}

impl Solver {
    /// Prepares `board`.
    ///
    /// # Complexity
    /// O(rows · cols).
    #[must_use]
    pub fn new(board: &Board) -> Solver {
        let frame = Frame::new(board.rows(), board.cols(), 1);
        let engine = if frame.outer_cols() <= u128::BITS as usize {
            Engine::Narrow(Core::new(Narrow, board, frame))
        } else {
            Engine::Wide(Core::new(Wide::for_cols(frame.outer_cols()), board, frame))
        };
        Solver { frame, engine }
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
        self.solve(a, b, false).map(|(count, _)| count)
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
    /// squares; otherwise O(k · r · w) word operations for an answer of k
    /// segments, r being the number of rows and w the number of words a
    /// row the common region spans (at most `rows + 2` and
    /// `(cols + 2) / 64 + 1`; one `u128` holds a whole row of a board of
    /// at most 126 columns), plus O(r · w · 64) to record the levels and
    /// O(k · (rows + cols)) to recover the corners. Memory O(r · w · 64).
    pub fn min_segments(&mut self, a: Pos, b: Pos) -> Option<Path> {
        let (count, origin) = self.solve(a, b, true)?;
        let frame = self.frame;
        let corners = if count == 1 {
            vec![
                frame.to_point(frame.to_outer(a)),
                frame.to_point(frame.to_outer(b)),
            ]
        } else {
            // The sweep's corners are in the window, whose first cell is
            // `origin` of the padded grid.
            let corners = match &self.engine {
                Engine::Narrow(core) => core.sweep.corners(&core.window),
                Engine::Wide(core) => core.sweep.corners(&core.window),
            };
            corners
                .into_iter()
                .map(|p| frame.to_point(Pos::new(p.row + origin.row, p.col + origin.col)))
                .collect()
        };
        Some(Path::new(corners))
    }

    /// The answer, and the padded cell where the window searched starts.
    fn solve(&mut self, a: Pos, b: Pos, record: bool) -> Option<(usize, Pos)> {
        let frame = self.frame;
        let on_board = |p: Pos| p.row < frame.rows() && p.col < frame.cols();
        assert!(on_board(a) && on_board(b), "pair off the board");
        if a == b {
            return None;
        }
        let (a, b) = (frame.to_outer(a), frame.to_outer(b));
        if a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1 {
            return Some((1, Pos::new(0, 0)));
        }
        match &mut self.engine {
            Engine::Narrow(core) => core.solve(a, b, record),
            Engine::Wide(core) => core.solve(a, b, record),
        }
    }
}

impl<L: Layout> Core<L> {
    /// The free cells of `board` inside its ring (`frame`), in rows of
    /// `layout`.
    fn new(layout: L, board: &Board, frame: Frame) -> Core<L> {
        let s = layout.words();
        let (rows, cols) = (frame.outer_rows(), frame.outer_cols());
        let mut free = vec![L::Word::ZERO; rows * s];
        for r in 0..rows {
            let row = &mut free[r * s..(r + 1) * s];
            for c in 0..cols {
                let piece = (1..=board.rows()).contains(&r)
                    && (1..=board.cols()).contains(&c)
                    && board.is_piece(Pos::new(r - 1, c - 1));
                if !piece {
                    layout.set(row, c);
                }
            }
        }
        Core {
            layout,
            regions: Regions::new(layout, &free, cols),
            free,
            sweep: LevelSweep::new(layout),
            window: Vec::new(),
        }
    }

    /// The answer for padded cells `a` and `b` (different, not side by
    /// side), and the padded cell where the window searched starts.
    fn solve(&mut self, a: Pos, b: Pos, record: bool) -> Option<(usize, Pos)> {
        let mut span = Span::of(a).union(Span::of(b));
        let mut common = false;
        for id in self.regions.around(a) {
            if self.regions.around(b).any(|other| other == id) {
                span = span.union(self.regions.span(id));
                common = true;
            }
        }
        if !common {
            return None;
        }
        // The window: the span's rows, and the words holding its columns.
        let bits = L::Word::BITS;
        let (s, first_word) = (self.layout.words(), span.left / bits);
        let layout = self.layout.with_words(span.right / bits - first_word + 1);
        let w = layout.words();
        self.window.clear();
        for r in span.top..=span.bottom {
            let start = r * s + first_word;
            self.window.extend_from_slice(&self.free[start..start + w]);
        }
        let origin = Pos::new(span.top, first_word * bits);
        let shift = |p: Pos| Pos::new(p.row - origin.row, p.col - origin.col);
        let (from, to) = (shift(a), shift(b));
        for p in [from, to] {
            layout.set(&mut self.window[p.row * w..(p.row + 1) * w], p.col);
        }
        let count = self.sweep.search(layout, &self.window, from, to, record)?;
        Some((count, origin))
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
