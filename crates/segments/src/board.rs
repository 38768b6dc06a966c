//! The piece board: which squares hold a game piece.

use grid_core::{Occupancy, Padded, Pos};

/// A rectangular board of squares that are empty or hold a piece, one bit per
/// square (grid-core's [`Occupancy`]).
///
/// Positions are 0-based `(row, col)` in the *board frame*: `(0, 0)` is the
/// judge's square `(1, 1)`. Both sides are between 1 and [`Board::MAX_SIDE`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pieces: Occupancy,
}

impl Board {
    /// The largest number of rows or columns: a board inside its one-square
    /// ring is then at most 128 squares wide, so one of its rows fits one
    /// `u128` word of the level sweep. (The judge promises at most 75.)
    pub const MAX_SIDE: usize = 126;

    /// An empty board of `rows` × `cols` squares, or `None` when a side is 0
    /// or larger than [`Board::MAX_SIDE`].
    #[must_use]
    pub fn new(rows: usize, cols: usize) -> Option<Board> {
        let fits = |n: usize| (1..=Self::MAX_SIDE).contains(&n);
        (fits(rows) && fits(cols)).then(|| Board {
            pieces: Occupancy::new(rows, cols),
        })
    }

    /// Number of rows (the judge's `h`).
    #[must_use]
    pub fn rows(&self) -> usize {
        self.pieces.rows()
    }

    /// Number of columns (the judge's `w`).
    #[must_use]
    pub fn cols(&self) -> usize {
        self.pieces.cols()
    }

    /// Whether `pos` lies on the board.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        self.pieces.contains(pos)
    }

    /// Whether the square at `pos` holds a piece (`false` off the board).
    #[must_use]
    pub fn is_piece(&self, pos: Pos) -> bool {
        self.pieces.is_occupied(pos)
    }

    /// Puts a piece on `pos` or takes it away.
    ///
    /// # Panics
    /// If `pos` is off the board.
    pub fn set_piece(&mut self, pos: Pos, piece: bool) {
        self.pieces.set(pos, piece);
    }

    /// Number of pieces.
    #[must_use]
    pub fn count_pieces(&self) -> usize {
        self.pieces.count_occupied()
    }

    /// The squares as bits, one a square, `true` for a piece.
    #[must_use]
    pub fn occupancy(&self) -> &Occupancy {
        &self.pieces
    }

    /// The board inside its one-square empty ring, `true` for a piece: the
    /// grid the searches work on, since a path may leave the board but never
    /// needs to go further out than the ring. Its [`Frame`](crate::Frame)
    /// converts board cells and path corners ([`Point`](crate::Point))
    /// to and from the padded grid.
    ///
    /// # Complexity
    /// O(rows · cols).
    #[must_use]
    pub fn padded(&self) -> Padded<bool> {
        Padded::new(self.pieces.to_grid()).surround(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_bounded() {
        assert!(Board::new(0, 1).is_none());
        assert!(Board::new(1, 0).is_none());
        assert!(Board::new(127, 1).is_none());
        assert!(Board::new(1, 127).is_none());
        let b = Board::new(126, 1).unwrap();
        assert_eq!((b.rows(), b.cols()), (126, 1));
    }

    #[test]
    fn pieces_and_ring() {
        let mut b = Board::new(2, 3).unwrap();
        b.set_piece(Pos::new(1, 2), true);
        assert!(b.is_piece(Pos::new(1, 2)));
        assert!(!b.is_piece(Pos::new(0, 0)));
        assert!(!b.is_piece(Pos::new(9, 9)));
        assert_eq!(b.count_pieces(), 1);
        let padded = b.padded();
        assert_eq!(padded.frame().pad(), 1);
        assert_eq!((padded.grid().rows(), padded.grid().cols()), (4, 5));
        assert!(padded[padded.frame().to_outer(Pos::new(1, 2))]);
        assert_eq!(padded.grid().cells().iter().filter(|&&p| p).count(), 1);
    }
}
