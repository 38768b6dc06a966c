//! The cell of a field (`reach`): a newtype over its index, shared by
//! `reach` and `bit_rows` and the searches on fields.

/// A cell of a field (`reach::Field`), by its row-major index in the padded grid (the
/// board, its ring for the open border, and the frame).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub(crate) struct Cell(pub(super) usize);

impl Cell {
    /// No cell (a cell without a mate, say).
    pub(crate) const NONE: Cell = Cell(usize::MAX);

    /// The cell of field index `i`.
    pub(crate) fn new(i: usize) -> Cell {
        Cell(i)
    }

    /// The field index, as an index into per-cell tables.
    pub(crate) fn index(self) -> usize {
        self.0
    }
}

/// Per-cell tables (one entry per field cell) are indexed by `Cell`.
impl<T> std::ops::Index<Cell> for Vec<T> {
    type Output = T;

    fn index(&self, cell: Cell) -> &T {
        &self[cell.0]
    }
}

impl<T> std::ops::IndexMut<Cell> for Vec<T> {
    fn index_mut(&mut self, cell: Cell) -> &mut T {
        &mut self[cell.0]
    }
}
