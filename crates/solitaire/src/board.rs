//! Squares of the 8×8 board and configurations of identical pieces as `u64`
//! bitboards.

use std::fmt;

/// Rows (and columns) of the board.
pub const SIDE: u8 = 8;

/// A square of the 8×8 board: 0-based `(row, col)`, stored as the bit index
/// `row * 8 + col` of a [`Config`].
///
/// `Display` shows judge coordinates, 1-based, as users read them:
/// `Square::new(3, 4)` prints as `(4,5)`. `Debug` shows the 0-based values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at 0-based `row`, `col`; `None` off the board.
    #[must_use]
    pub const fn new(row: u8, col: u8) -> Option<Square> {
        if row < SIDE && col < SIDE {
            Some(Square(row * SIDE + col))
        } else {
            None
        }
    }

    /// The square with bit index `index` (`row * 8 + col`); `None` for 64 and
    /// above.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < SIDE * SIDE {
            Some(Square(index))
        } else {
            None
        }
    }

    /// 0-based row.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / SIDE
    }

    /// 0-based column.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % SIDE
    }

    /// The bit index `row * 8 + col`, in `0..64`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The single-bit bitboard of this square.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row() + 1, self.col() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({}, {})", self.row(), self.col())
    }
}

/// A configuration: the set of occupied squares, as a bitboard with bit
/// `row * 8 + col` set for each piece. Pieces are identical, so the order in
/// which they were listed does not matter.
///
/// Any `u64` is a valid configuration; the judge's have four bits set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Config(u64);

impl Config {
    /// The configuration whose occupied squares are the set bits of `bits`.
    #[must_use]
    pub const fn from_bits(bits: u64) -> Config {
        Config(bits)
    }

    /// The configuration with a piece on each of `squares`; `None` when a
    /// square is listed twice.
    #[must_use]
    pub fn from_squares(squares: &[Square]) -> Option<Config> {
        let mut bits = 0u64;
        for square in squares {
            if bits & square.bit() != 0 {
                return None;
            }
            bits |= square.bit();
        }
        Some(Config(bits))
    }

    /// The bitboard.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The number of pieces.
    #[must_use]
    pub const fn pieces(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether a piece stands on `square`.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    /// The occupied squares, in increasing index order (row by row).
    pub fn squares(self) -> impl Iterator<Item = Square> {
        Bits(self.0).map(Square)
    }
}

impl fmt::Display for Config {
    /// The occupied squares in judge coordinates, e.g. `(4,4) (4,5)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, square) in self.squares().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{square}")?;
        }
        Ok(())
    }
}

/// The indices of the set bits of a `u64`, lowest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits(pub(crate) u64);

impl Iterator for Bits {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for index in 0..64 {
            let s = Square::from_index(index).unwrap();
            assert_eq!(Square::new(s.row(), s.col()), Some(s));
            assert_eq!(s.bit(), 1 << index);
        }
        assert_eq!(Square::from_index(64), None);
        assert_eq!(Square::new(8, 0), None);
        assert_eq!(Square::new(0, 8), None);
        assert_eq!(Square::new(3, 4).unwrap().to_string(), "(4,5)");
        assert_eq!(format!("{:?}", Square::new(3, 4).unwrap()), "Square(3, 4)");
    }

    #[test]
    fn configs_are_sets() {
        let a = Square::new(0, 0).unwrap();
        let b = Square::new(7, 7).unwrap();
        let c = Config::from_squares(&[b, a]).unwrap();
        assert_eq!(c, Config::from_squares(&[a, b]).unwrap());
        assert_eq!(c.bits(), 1 | 1 << 63);
        assert_eq!(c.pieces(), 2);
        assert_eq!(c.squares().collect::<Vec<_>>(), vec![a, b]);
        assert_eq!(c.to_string(), "(1,1) (8,8)");
        assert_eq!(Config::from_squares(&[a, b, a]), None);
        assert_eq!(Config::from_squares(&[]), Some(Config::default()));
    }
}
