//! Positions on a grid and the four directions between them.

use std::fmt;

/// A cell of a grid: 0-based row and column.
///
/// Judges count from 1; convert at the input/output edge only.
///
/// With the `serde` feature a position is written `[row, col]` (0-based),
/// e.g. `[2, 3]` for row 2, column 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Row, counted from the top, starting at 0.
    pub row: usize,
    /// Column, counted from the left, starting at 0.
    pub col: usize,
}

impl Pos {
    /// The position at `row`, `col`.
    #[must_use]
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }

    /// The neighbouring position one step in `dir`, or `None` when that would
    /// go above row 0 or left of column 0. (The caller checks the far edges.)
    #[must_use]
    pub fn step(self, dir: Dir) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        Some(Pos {
            row: self.row.checked_add_signed(dr)?,
            col: self.col.checked_add_signed(dc)?,
        })
    }

    /// The direction from `self` to `other` when both lie on one row or one
    /// column and differ; `None` otherwise.
    #[must_use]
    pub fn direction_to(self, other: Pos) -> Option<Dir> {
        use std::cmp::Ordering::{Equal, Greater, Less};
        match (other.row.cmp(&self.row), other.col.cmp(&self.col)) {
            (Less, Equal) => Some(Dir::Up),
            (Greater, Equal) => Some(Dir::Down),
            (Equal, Less) => Some(Dir::Left),
            (Equal, Greater) => Some(Dir::Right),
            _ => None,
        }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// One of the four orthogonal directions.
///
/// [`Dir::ALL`] lists them in a fixed order (clockwise from up), and
/// [`Dir::index`] numbers them 0..4 in that order, for tables indexed by
/// heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Towards higher columns.
    Right,
    /// Towards higher rows.
    Down,
    /// Towards column 0.
    Left,
}

impl Dir {
    /// All four directions, clockwise from [`Dir::Up`].
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    /// The direction with [`Dir::index`] `i % 4`.
    #[must_use]
    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 4]
    }

    /// Position of `self` in [`Dir::ALL`]: Up 0, Right 1, Down 2, Left 3.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `(row delta, column delta)` of one step.
    #[must_use]
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Right => (0, 1),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
        }
    }

    /// The reverse direction.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        Dir::from_index(self.index() + 2)
    }

    /// A quarter turn clockwise (Up becomes Right).
    #[must_use]
    pub const fn turn_right(self) -> Dir {
        Dir::from_index(self.index() + 1)
    }

    /// A quarter turn counter-clockwise (Up becomes Left).
    #[must_use]
    pub const fn turn_left(self) -> Dir {
        Dir::from_index(self.index() + 3)
    }

    /// Whether this direction runs along a row (Left or Right).
    #[must_use]
    pub const fn is_horizontal(self) -> bool {
        matches!(self, Dir::Left | Dir::Right)
    }

    /// Whether this direction runs along a column (Up or Down).
    #[must_use]
    pub const fn is_vertical(self) -> bool {
        !self.is_horizontal()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Pos {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.row, self.col).serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Pos {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Pos, D::Error> {
        let (row, col) = <(usize, usize)>::deserialize(deserializer)?;
        Ok(Pos { row, col })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_consistent() {
        for (i, d) in Dir::ALL.into_iter().enumerate() {
            assert_eq!(d.index(), i);
            assert_eq!(Dir::from_index(i), d);
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.opposite(), d);
            assert_eq!(d.turn_left().turn_right(), d);
            assert_eq!(d.turn_right().turn_right(), d.opposite());
            assert_ne!(d.turn_right().is_horizontal(), d.is_horizontal());
            assert_eq!(d.is_vertical(), !d.is_horizontal());
            let (dr, dc) = d.delta();
            let (or, oc) = d.opposite().delta();
            assert_eq!((dr + or, dc + oc), (0, 0));
            assert_eq!(dr.abs() + dc.abs(), 1);
            assert_eq!(dr == 0, d.is_horizontal());
        }
        assert_eq!(Dir::Up.turn_right(), Dir::Right);
        assert_eq!(Dir::Up.turn_left(), Dir::Left);
    }

    #[test]
    fn steps_and_directions() {
        let p = Pos::new(2, 3);
        assert_eq!(p.step(Dir::Up), Some(Pos::new(1, 3)));
        assert_eq!(p.step(Dir::Left), Some(Pos::new(2, 2)));
        assert_eq!(Pos::new(0, 0).step(Dir::Up), None);
        assert_eq!(Pos::new(0, 0).step(Dir::Left), None);
        for d in Dir::ALL {
            let q = p.step(d).unwrap();
            assert_eq!(p.direction_to(q), Some(d));
            assert_eq!(q.direction_to(p), Some(d.opposite()));
        }
        assert_eq!(p.direction_to(p), None);
        assert_eq!(p.direction_to(Pos::new(3, 4)), None);
    }
}
