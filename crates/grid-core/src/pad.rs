//! A board inside rings of padding: the one model of "the path may leave the
//! board" and of sentinel walls that spare inner loops their bounds checks.
//!
//! Two coordinate frames meet here:
//! - the **board frame**, signed ([`Point`]): `(0, 0)` is the board's
//!   top-left cell, and the padding rings are the rows and columns below 0
//!   and from `rows`/`cols` on (the first ring is row or column `-1`, and row
//!   `rows` or column `cols`). Corners of paths are given in this frame in
//!   every crate.
//! - the **padded frame**, unsigned ([`Pos`]): `(0, 0)` is the outermost
//!   padding cell, so board cell `(r, c)` is `(r + pad, c + pad)`. Searches
//!   and storage work in it.
//!
//! [`Frame`] converts between the two; [`Padded`] is a [`Grid`] stored in the
//! padded frame together with its `Frame`.

use std::ops::{Index, IndexMut};

use crate::{Grid, Point, Pos};

/// The geometry of a `rows × cols` board inside `pad` rings of padding.
///
/// ```
/// use grid_core::{Frame, Point, Pos};
/// let frame = Frame::new(3, 4, 1);
/// assert_eq!((frame.outer_rows(), frame.outer_cols()), (5, 6));
/// assert_eq!(frame.to_outer(Pos::new(0, 0)), Pos::new(1, 1));
/// assert_eq!(frame.to_point(Pos::new(0, 5)), Point::new(-1, 4)); // the ring
/// assert_eq!(frame.outer_of(Point::new(-1, 4)), Some(Pos::new(0, 5)));
/// assert_eq!(frame.outer_of(Point::new(-2, 0)), None); // beyond the padding
/// assert_eq!(frame.board_pos(Pos::new(0, 5)), None);   // not a board cell
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Frame {
    rows: usize,
    cols: usize,
    pad: usize,
}

impl Frame {
    /// A `rows × cols` board inside `pad` rings.
    #[must_use]
    pub const fn new(rows: usize, cols: usize, pad: usize) -> Frame {
        Frame { rows, cols, pad }
    }

    /// The board's rows.
    #[must_use]
    pub const fn rows(&self) -> usize {
        self.rows
    }

    /// The board's columns.
    #[must_use]
    pub const fn cols(&self) -> usize {
        self.cols
    }

    /// The number of padding rings.
    #[must_use]
    pub const fn pad(&self) -> usize {
        self.pad
    }

    /// Rows of the padded frame: `rows + 2·pad`.
    #[must_use]
    pub const fn outer_rows(&self) -> usize {
        self.rows + 2 * self.pad
    }

    /// Columns of the padded frame: `cols + 2·pad`.
    #[must_use]
    pub const fn outer_cols(&self) -> usize {
        self.cols + 2 * self.pad
    }

    /// Board cell `pos` in the padded frame.
    #[must_use]
    pub const fn to_outer(&self, pos: Pos) -> Pos {
        Pos::new(pos.row + self.pad, pos.col + self.pad)
    }

    /// The row-major index in the padded frame of board cell `pos`.
    #[must_use]
    pub const fn outer_index(&self, pos: Pos) -> usize {
        (pos.row + self.pad) * self.outer_cols() + pos.col + self.pad
    }

    /// Padded-frame cell `outer` in the signed board frame.
    #[must_use]
    pub fn to_point(&self, outer: Pos) -> Point {
        let pad = self.pad as isize;
        Point::new(outer.row as isize - pad, outer.col as isize - pad)
    }

    /// Board-frame point `point` in the padded frame, or `None` beyond the
    /// padding.
    #[must_use]
    pub fn outer_of(&self, point: Point) -> Option<Pos> {
        let pad = self.pad as isize;
        let row = usize::try_from(point.row + pad).ok()?;
        let col = usize::try_from(point.col + pad).ok()?;
        (row < self.outer_rows() && col < self.outer_cols()).then_some(Pos::new(row, col))
    }

    /// Padded-frame cell `outer` as a board cell, or `None` on the padding.
    #[must_use]
    pub fn board_pos(&self, outer: Pos) -> Option<Pos> {
        let row = outer.row.checked_sub(self.pad)?;
        let col = outer.col.checked_sub(self.pad)?;
        (row < self.rows && col < self.cols).then_some(Pos::new(row, col))
    }
}

/// A grid stored in the padded frame: a board inside rings of padding, each
/// ring filled with a value of its own, so a search can run off the board
/// (an empty ring) and stop at a sentinel (a wall ring) without bounds checks.
///
/// Indexing with a [`Pos`] is in the padded frame; [`Padded::frame`] converts.
///
/// ```
/// use grid_core::{Grid, Padded, Pos};
/// let board = Grid::from_vec(1, 2, vec![1, 2]).unwrap();
/// // An empty ring (the path may leave the board), then a wall ring.
/// let field = Padded::new(board).surround(0).surround(9);
/// assert_eq!(field.frame().pad(), 2);
/// assert_eq!(field.grid().row_slices().nth(2).unwrap(), &[9, 0, 1, 2, 0, 9]);
/// assert_eq!(field[field.frame().to_outer(Pos::new(0, 1))], 2);
/// assert_eq!(field.board(), Grid::from_vec(1, 2, vec![1, 2]).unwrap());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Padded<T> {
    grid: Grid<T>,
    frame: Frame,
}

impl<T> Padded<T> {
    /// `board` with no padding yet.
    #[must_use]
    pub fn new(board: Grid<T>) -> Padded<T> {
        let frame = Frame::new(board.rows(), board.cols(), 0);
        Padded { grid: board, frame }
    }

    /// The frame: board size, padding, conversions.
    #[must_use]
    pub fn frame(&self) -> Frame {
        self.frame
    }

    /// The whole padded grid.
    #[must_use]
    pub fn grid(&self) -> &Grid<T> {
        &self.grid
    }

    /// The whole padded grid, mutable (the caller keeps the padding it
    /// relies on).
    pub fn grid_mut(&mut self) -> &mut Grid<T> {
        &mut self.grid
    }
}

impl<T: Clone> Padded<T> {
    /// `self` inside one more ring, of `fill`.
    ///
    /// # Complexity
    /// O(outer rows · outer cols).
    #[must_use]
    pub fn surround(&self, fill: T) -> Padded<T> {
        let (rows, cols) = (self.grid.rows() + 2, self.grid.cols() + 2);
        let mut cells = Vec::with_capacity(rows * cols);
        cells.extend(std::iter::repeat_n(fill.clone(), cols + 1));
        // By index rather than `row_slices`, which yields no rows for a grid
        // of no columns: each of its rows still gets its two ring cells.
        let inner = self.grid.cols();
        for r in 0..self.grid.rows() {
            cells.extend_from_slice(&self.grid.cells()[r * inner..(r + 1) * inner]);
            cells.extend(std::iter::repeat_n(fill.clone(), 2));
        }
        cells.extend(std::iter::repeat_n(fill, cols - 1));
        let frame = Frame::new(self.frame.rows, self.frame.cols, self.frame.pad + 1);
        Padded {
            grid: Grid::from_vec(rows, cols, cells).expect("sizes agree"),
            frame,
        }
    }

    /// The board alone, without its padding.
    #[must_use]
    pub fn board(&self) -> Grid<T> {
        let (pad, cols) = (self.frame.pad, self.frame.cols);
        let cells = self
            .grid
            .row_slices()
            .skip(pad)
            .take(self.frame.rows)
            .flat_map(|row| row[pad..pad + cols].iter().cloned())
            .collect();
        Grid::from_vec(self.frame.rows, cols, cells).expect("sizes agree")
    }
}

impl<T> Index<Pos> for Padded<T> {
    type Output = T;

    /// The cell at padded-frame `pos`.
    ///
    /// # Panics
    /// If `pos` is outside the padded grid.
    fn index(&self, pos: Pos) -> &T {
        &self.grid[pos]
    }
}

impl<T> IndexMut<Pos> for Padded<T> {
    /// # Panics
    /// If `pos` is outside the padded grid.
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        &mut self.grid[pos]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_no_columns_get_their_ring() {
        let ringed = Padded::new(Grid::<u8>::new(2, 0, 0)).surround(9);
        assert_eq!((ringed.grid().rows(), ringed.grid().cols()), (4, 2));
        assert!(ringed.grid().cells().iter().all(|&c| c == 9));
        let board = ringed.board();
        assert_eq!((board.rows(), board.cols()), (2, 0));
    }

    #[test]
    fn rings_and_frames() {
        let g = Grid::from_vec(2, 3, vec![1, 2, 3, 4, 5, 6]).unwrap();
        let b = Padded::new(g.clone()).surround(0);
        assert_eq!((b.grid().rows(), b.grid().cols()), (4, 5));
        #[rustfmt::skip]
        assert_eq!(b.grid().cells(), &[
            0, 0, 0, 0, 0,
            0, 1, 2, 3, 0,
            0, 4, 5, 6, 0,
            0, 0, 0, 0, 0,
        ]);
        assert_eq!(b.board(), g);
        let f = b.frame();
        assert_eq!((f.rows(), f.cols(), f.pad()), (2, 3, 1));
        for outer in b.grid().positions() {
            let point = f.to_point(outer);
            assert_eq!(f.outer_of(point), Some(outer));
            match f.board_pos(outer) {
                Some(pos) => {
                    assert_eq!(f.to_outer(pos), outer);
                    assert_eq!(f.outer_index(pos), b.grid().index_of(outer));
                    assert_eq!(b[outer], g[pos]);
                }
                None => assert_eq!(b[outer], 0),
            }
        }
        assert_eq!(f.outer_of(Point::new(2, 3)), Some(Pos::new(3, 4)));
        assert_eq!(f.outer_of(Point::new(3, 0)), None);
        assert_eq!(f.outer_of(Point::new(0, -2)), None);
        let empty: Padded<u8> = Padded::new(Grid::new(0, 0, 1)).surround(7);
        assert_eq!(empty.grid().cells(), &[7, 7, 7, 7]);
        assert_eq!(empty.board(), Grid::new(0, 0, 1));
    }
}
