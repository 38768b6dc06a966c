//! Rectangular boards: [`Grid`] for any cell type and [`Occupancy`] for boards
//! that only know empty and occupied.

use std::ops::{Index, IndexMut};

use bitvec::vec::BitVec;

use crate::{Dir, Pos};

/// A rectangular board stored flat in row-major order.
///
/// Cell `(row, col)` lives at index `row * cols + col`; [`Grid::index_of`] and
/// [`Grid::pos_of`] convert. A grid may have zero rows or columns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

/// The empty grid, with no rows and no columns.
impl<T> Default for Grid<T> {
    fn default() -> Self {
        Grid {
            rows: 0,
            cols: 0,
            cells: Vec::new(),
        }
    }
}

impl<T: Clone> Grid<T> {
    /// A `rows` × `cols` grid with every cell set to `fill`.
    ///
    /// # Panics
    /// If `rows * cols` overflows `usize`.
    #[must_use]
    pub fn new(rows: usize, cols: usize, fill: T) -> Self {
        let len = rows.checked_mul(cols).expect("grid size overflows usize");
        Grid {
            rows,
            cols,
            cells: vec![fill; len],
        }
    }

    /// Makes `self` a `rows` × `cols` grid with every cell set to `fill`,
    /// reusing its allocation (for readers that fill one grid per case).
    ///
    /// # Panics
    /// If `rows * cols` overflows `usize`.
    pub fn reset(&mut self, rows: usize, cols: usize, fill: T) {
        let len = rows.checked_mul(cols).expect("grid size overflows usize");
        self.cells.clear();
        self.cells.resize(len, fill);
        self.rows = rows;
        self.cols = cols;
    }
}

impl<T: Copy> Grid<T> {
    /// Makes `self` a `rows` × `cols` grid reusing its allocation, for a
    /// reader that then writes every cell: cells beyond the old number of
    /// cells are `fill`, the others keep their old values (all are `fill`
    /// when the grid needs a larger allocation). Unlike [`Grid::reset`] it
    /// writes nothing where the old cells were.
    ///
    /// # Panics
    /// If `rows * cols` overflows `usize`.
    pub fn reshape(&mut self, rows: usize, cols: usize, fill: T) {
        let len = rows.checked_mul(cols).expect("grid size overflows usize");
        if len > self.cells.capacity() {
            // A new allocation: `vec!` of zeros takes memory the system has
            // zeroed already, instead of writing the zeros itself.
            self.cells = vec![fill; len];
        } else {
            self.cells.truncate(len);
            self.cells.resize(len, fill);
        }
        self.rows = rows;
        self.cols = cols;
    }
}

impl<T> Grid<T> {
    /// A grid over `cells` given in row-major order, or `None` when
    /// `cells.len() != rows * cols`.
    #[must_use]
    pub fn from_vec(rows: usize, cols: usize, cells: Vec<T>) -> Option<Self> {
        (rows.checked_mul(cols) == Some(cells.len())).then_some(Grid { rows, cols, cells })
    }

    /// Number of rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `pos` lies on the grid.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// The flat index of `pos` (which must lie on the grid).
    #[must_use]
    pub fn index_of(&self, pos: Pos) -> usize {
        debug_assert!(self.contains(pos));
        pos.row * self.cols + pos.col
    }

    /// The position of flat index `index`.
    #[must_use]
    pub fn pos_of(&self, index: usize) -> Pos {
        Pos::new(index / self.cols, index % self.cols)
    }

    /// The cell at `pos`, or `None` off the grid.
    #[must_use]
    pub fn get(&self, pos: Pos) -> Option<&T> {
        self.contains(pos)
            .then(|| &self.cells[pos.row * self.cols + pos.col])
    }

    /// The neighbour of `pos` one step in `dir`, if it lies on the grid.
    #[must_use]
    pub fn step(&self, pos: Pos, dir: Dir) -> Option<Pos> {
        pos.step(dir).filter(|&p| self.contains(p))
    }

    /// All cells in row-major order.
    #[must_use]
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// All cells in row-major order, mutable.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The rows, top to bottom, each as a slice of `cols` cells.
    pub fn row_slices(&self) -> impl ExactSizeIterator<Item = &[T]> + '_ {
        // `max(1)` keeps `chunks_exact` valid for zero columns; then there are
        // no cells and `take(rows)` of an empty iterator is empty too.
        self.cells.chunks_exact(self.cols.max(1)).take(self.rows)
    }

    /// Every position of the grid in row-major order.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| Pos::new(r, c)))
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;

    /// # Panics
    /// If `pos` is off the grid.
    fn index(&self, pos: Pos) -> &T {
        assert!(
            self.contains(pos),
            "{pos} is off a {}x{} grid",
            self.rows,
            self.cols
        );
        &self.cells[pos.row * self.cols + pos.col]
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    /// # Panics
    /// If `pos` is off the grid.
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        assert!(
            self.contains(pos),
            "{pos} is off a {}x{} grid",
            self.rows,
            self.cols
        );
        &mut self.cells[pos.row * self.cols + pos.col]
    }
}

/// A board of empty and occupied cells, one bit per cell (row-major).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Occupancy {
    rows: usize,
    cols: usize,
    bits: BitVec,
}

impl Occupancy {
    /// An all-empty `rows` × `cols` board.
    ///
    /// # Panics
    /// If `rows * cols` overflows `usize`.
    #[must_use]
    pub fn new(rows: usize, cols: usize) -> Self {
        let len = rows.checked_mul(cols).expect("board size overflows usize");
        Occupancy {
            rows,
            cols,
            bits: BitVec::repeat(false, len),
        }
    }

    /// Number of rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `pos` lies on the board.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// Whether `pos` is occupied. Positions off the board are empty.
    #[must_use]
    pub fn is_occupied(&self, pos: Pos) -> bool {
        self.contains(pos) && self.bits[pos.row * self.cols + pos.col]
    }

    /// Marks `pos` occupied or empty.
    ///
    /// # Panics
    /// If `pos` is off the board.
    pub fn set(&mut self, pos: Pos, occupied: bool) {
        assert!(
            self.contains(pos),
            "{pos} is off a {}x{} board",
            self.rows,
            self.cols
        );
        self.bits.set(pos.row * self.cols + pos.col, occupied);
    }

    /// Number of occupied cells.
    #[must_use]
    pub fn count_occupied(&self) -> usize {
        self.bits.count_ones()
    }

    /// The board as a [`Grid`] of booleans (`true` = occupied), for searches
    /// that want one byte per cell in their inner loop.
    #[must_use]
    pub fn to_grid(&self) -> Grid<bool> {
        let cells = self.bits.iter().by_vals().collect();
        Grid::from_vec(self.rows, self.cols, cells).expect("sizes agree")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_indexing_and_rows() {
        let g = Grid::from_vec(2, 3, vec![1, 2, 3, 4, 5, 6]).unwrap();
        assert_eq!(g[Pos::new(1, 2)], 6);
        assert_eq!(g.get(Pos::new(2, 0)), None);
        assert_eq!(g.index_of(Pos::new(1, 0)), 3);
        assert_eq!(g.pos_of(4), Pos::new(1, 1));
        let rows: Vec<&[i32]> = g.row_slices().collect();
        assert_eq!(rows, vec![&[1, 2, 3][..], &[4, 5, 6][..]]);
        assert_eq!(g.positions().count(), 6);
        assert_eq!(g.step(Pos::new(0, 2), Dir::Right), None);
        assert_eq!(g.step(Pos::new(0, 2), Dir::Down), Some(Pos::new(1, 2)));
        assert!(Grid::from_vec(2, 2, vec![1, 2, 3]).is_none());
    }

    #[test]
    fn grid_reset_reuses() {
        let mut reused = Grid::from_vec(2, 3, vec![1, 2, 3, 4, 5, 6]).unwrap();
        reused.reset(1, 2, 4);
        assert_eq!(
            (reused.rows(), reused.cols(), reused.cells()),
            (1, 2, &[4, 4][..])
        );
        let empty: Grid<u8> = Grid::new(0, 0, 1);
        assert_eq!(empty.row_slices().count(), 0);
        let no_cols: Grid<u8> = Grid::new(3, 0, 1);
        assert_eq!(no_cols.row_slices().count(), 0);
        let mut kept = Grid::from_vec(2, 2, vec![1, 2, 3, 4]).unwrap();
        kept.reshape(1, 3, 9);
        assert_eq!(
            (kept.rows(), kept.cols(), kept.cells()),
            (1, 3, &[1, 2, 3][..])
        );
        kept.reshape(1, 4, 9);
        assert_eq!(kept.cells(), &[1, 2, 3, 9][..]);
        kept.reshape(100, 3, 7);
        assert!(kept.cells().iter().all(|&c| c == 7));
    }

    #[test]
    fn occupancy() {
        let mut o = Occupancy::new(2, 3);
        o.set(Pos::new(0, 0), true);
        o.set(Pos::new(1, 2), true);
        assert!(o.is_occupied(Pos::new(0, 0)));
        assert!(!o.is_occupied(Pos::new(0, 1)));
        assert!(!o.is_occupied(Pos::new(5, 5)));
        assert_eq!(o.count_occupied(), 2);
        let g = o.to_grid();
        assert!(g[Pos::new(1, 2)]);
        assert_eq!(g.cells().iter().filter(|&&x| x).count(), 2);
    }
}
