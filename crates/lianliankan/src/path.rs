//! Paths between two tiles, as their corner points.

use std::fmt;

/// A point of a path: 0-based row and column, where the ring around the board
/// (open border) is row or column `-1` and row `rows` or column `cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Row, from 0 at the top; -1 is the ring above the board.
    pub row: isize,
    /// Column, from 0 at the left; -1 is the ring left of the board.
    pub col: isize,
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// A connecting path: straight segments between consecutive corners.
///
/// `corners()` holds the first tile, each cell where the path turns, and the
/// second tile; so a path has `corners().len() - 2` turns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    corners: Vec<Point>,
}

impl Path {
    /// A path through `corners` (at least two; consecutive ones on one row
    /// or column).
    pub(crate) fn new(corners: Vec<Point>) -> Path {
        debug_assert!(corners.len() >= 2);
        debug_assert!(
            corners
                .windows(2)
                .all(|w| (w[0].row == w[1].row) != (w[0].col == w[1].col))
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
            (1..=steps as isize).map(move |i| Point {
                row: a.row + dr * i,
                col: a.col + dc * i,
            })
        }))
    }
}
