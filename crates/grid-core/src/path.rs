//! Paths as corner points in the signed board frame: the one corner
//! convention of every solver crate.

use std::fmt;

/// A point of a path in the signed *board frame*: 0-based row and column,
/// where cells outside the board (the ring a path may use) have row or column
/// `-1`, `rows` or `cols`. See [`Frame`](crate::Frame) for the conversions.
///
/// With the `serde` feature a point is written `[row, col]`, e.g. `[-1, 2]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Point {
    /// Row, from 0 at the top; -1 is the ring above the board.
    pub row: isize,
    /// Column, from 0 at the left; -1 is the ring left of the board.
    pub col: isize,
}

impl Point {
    /// The point at `row`, `col`.
    #[must_use]
    pub const fn new(row: isize, col: isize) -> Point {
        Point { row, col }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// A path of straight segments, given by its corners: the start, each cell
/// where the path turns, and the end, all in the signed board frame
/// ([`Point`]). A path of `k` corners has `k - 2` turns and `k - 1` segments.
///
/// ```
/// use grid_core::{Path, Point};
/// let path = Path::new(vec![Point::new(0, 0), Point::new(-1, 0), Point::new(-1, 2), Point::new(0, 2)]);
/// assert_eq!((path.turns(), path.segments(), path.length()), (2, 3, 4));
/// assert_eq!(path.cells().count(), 5);
/// ```
///
/// With the `serde` feature a path is written as its corners, each
/// `[row, col]`: `[[0, 0], [-1, 0], [-1, 2], [0, 2]]`. Reading one checks
/// what [`Path::new`] asserts (two corners or more, each consecutive two on
/// one row or one column and different), and refuses a path that breaks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    corners: Vec<Point>,
}

impl Path {
    /// The path through `corners`.
    ///
    /// # Panics
    /// If there are fewer than two corners, or two consecutive corners do not
    /// differ along exactly one of row and column.
    #[must_use]
    pub fn new(corners: Vec<Point>) -> Path {
        assert!(corners.len() >= 2, "a path has at least two corners");
        assert!(
            corners
                .windows(2)
                .all(|w| (w[0].row == w[1].row) != (w[0].col == w[1].col)),
            "consecutive corners must share exactly one of row and column: {corners:?}"
        );
        Path { corners }
    }

    /// The corner points: start, turns, end.
    #[must_use]
    pub fn corners(&self) -> &[Point] {
        &self.corners
    }

    /// Number of turns.
    #[must_use]
    pub fn turns(&self) -> usize {
        self.corners.len() - 2
    }

    /// Number of straight segments (turns + 1).
    #[must_use]
    pub fn segments(&self) -> usize {
        self.corners.len() - 1
    }

    /// Number of unit steps from one end to the other.
    #[must_use]
    pub fn length(&self) -> usize {
        self.corners
            .windows(2)
            .map(|w| w[0].row.abs_diff(w[1].row) + w[0].col.abs_diff(w[1].col))
            .sum()
    }

    /// Every cell of the path in order, both ends included.
    pub fn cells(&self) -> impl Iterator<Item = Point> + '_ {
        let first = self.corners[0];
        std::iter::once(first).chain(self.corners.windows(2).flat_map(|w| {
            let (a, b) = (w[0], w[1]);
            let (dr, dc) = ((b.row - a.row).signum(), (b.col - a.col).signum());
            let steps = a.row.abs_diff(b.row) + a.col.abs_diff(b.col);
            (1..=steps as isize).map(move |i| Point::new(a.row + dr * i, a.col + dc * i))
        }))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.row, self.col).serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Point, D::Error> {
        let (row, col) = <(isize, isize)>::deserialize(deserializer)?;
        Ok(Point { row, col })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Path {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.corners.serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Path {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Path, D::Error> {
        use serde::de::Error;
        let corners = Vec::<Point>::deserialize(deserializer)?;
        if corners.len() < 2 {
            return Err(D::Error::custom(format!(
                "a path has at least two corners, this one has {}",
                corners.len()
            )));
        }
        if let Some(i) = corners
            .windows(2)
            .position(|w| (w[0].row == w[1].row) == (w[0].col == w[1].col))
        {
            return Err(D::Error::custom(format!(
                "corners {} {} and {} {} of a path must differ in exactly one of row and column",
                i,
                corners[i],
                i + 1,
                corners[i + 1]
            )));
        }
        Ok(Path { corners })
    }
}
