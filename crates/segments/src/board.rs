//! The piece board: which squares hold a game piece.

use grid_core::{Occupancy, Padded, Pos};

/// A rectangular board of squares that are empty or hold a piece, one bit per
/// square (grid-core's [`Occupancy`]).
///
/// Positions are 0-based `(row, col)` in the *board frame*: `(0, 0)` is the
/// judge's square `(1, 1)`. Both sides are at least 1, and the board with its
/// ring has at most [`Board::MAX_SQUARES`] squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pieces: Occupancy,
}

impl Board {
    /// The most squares of a board together with its one-square ring,
    /// `(rows + 2) · (cols + 2)`: the solver numbers them with `u32`s (and
    /// so takes 4 bytes a square: this many need 16 GiB). No side has a
    /// limit of its own; the judge promises at most 75.
    pub const MAX_SQUARES: usize = u32::MAX as usize - 1;

    /// An empty board of `rows` × `cols` squares, or `None` when a side is 0
    /// or the board with its ring has more than [`Board::MAX_SQUARES`]
    /// squares.
    ///
    /// # Complexity
    /// O(rows · cols) time; one bit a square.
    #[must_use]
    pub fn new(rows: usize, cols: usize) -> Option<Board> {
        (rows >= 1 && cols >= 1 && Self::fits(rows, cols)).then(|| Board {
            pieces: Occupancy::new(rows, cols),
        })
    }

    /// Whether a `rows` × `cols` board with its ring has at most
    /// [`Board::MAX_SQUARES`] squares.
    pub(crate) fn fits(rows: usize, cols: usize) -> bool {
        let ringed = |n: usize| n.checked_add(2);
        ringed(rows)
            .zip(ringed(cols))
            .and_then(|(r, c)| r.checked_mul(c))
            .is_some_and(|squares| squares <= Self::MAX_SQUARES)
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
    fn sides_are_bounded_by_the_squares_only() {
        assert!(Board::new(0, 1).is_none());
        assert!(Board::new(1, 0).is_none());
        let b = Board::new(127, 1000).unwrap();
        assert_eq!((b.rows(), b.cols()), (127, 1000));
        assert!(Board::fits(65_533, 65_533));
        assert!(!Board::fits(65_534, 65_534));
        assert!(!Board::fits(usize::MAX, 1));
        assert!(!Board::fits(1 << 40, 1 << 40));
        assert!(Board::new(usize::MAX - 1, 1).is_none());
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
