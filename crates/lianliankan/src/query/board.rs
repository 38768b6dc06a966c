//! The board: tile kinds on a grid, with a permanent empty ring around it and
//! per-row / per-column prefix counts of tiles for O(1) "is this segment
//! clear?" tests.

use std::fmt;

use grid_core::{Frame, Grid, Padded, Pos};

/// The largest tile kind a board can hold (one value of `u32` marks the ring).
pub const MAX_KIND: u32 = u32::MAX - 1;

/// The most rows of any board: every face and command of the engine (the
/// library's constructors, the command line, Python, C, the web game)
/// refuses a taller board before anything is allocated. A thousand: the
/// largest board of the HDU 1175 judge is 1,000 × 999.
pub const MAX_ROWS: usize = 1_000;

/// The most columns of any board, as [`MAX_ROWS`].
pub const MAX_COLS: usize = 1_000;

/// The most cells of any board (`MAX_ROWS · MAX_COLS`): a board built from
/// rows, a grid or a judge's text ([`Board::new`](crate::Board::new),
/// [`Board::from_rows`](crate::Board::from_rows), `str::parse`), or dealt
/// ([`deal`](crate::deal)). A larger size is refused with
/// [`BoardError::TooLarge`] or
/// [`GenerateError::TooLarge`](crate::GenerateError::TooLarge) before anything is sized by it, on every face
/// of the engine, so that no caller's size can exhaust the memory of its
/// process; a solve of such a board stays within its state budget
/// ([`SolveConfig::budget`](crate::SolveConfig::budget)).
pub const MAX_CELLS: usize = MAX_ROWS * MAX_COLS;

/// Internal marker of the ring cells around the board.
pub(crate) const RING: u32 = u32::MAX;

/// Why a board cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// Rows of different lengths were given.
    Ragged {
        /// The first row whose length differs from row 0 (0-based).
        row: usize,
    },
    /// More than [`MAX_ROWS`] rows, [`MAX_COLS`] columns or [`MAX_CELLS`]
    /// cells.
    TooLarge {
        /// The rows given.
        rows: usize,
        /// The columns given.
        cols: usize,
    },
    /// A kind above [`MAX_KIND`].
    KindTooLarge {
        /// Where it is.
        pos: Pos,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Ragged { row } => write!(f, "row {row} has a different length from row 0"),
            BoardError::TooLarge { rows, cols } => write!(
                f,
                "a {rows} x {cols} board is larger than the largest board, {MAX_ROWS} x {MAX_COLS}"
            ),
            BoardError::KindTooLarge { pos } => {
                write!(f, "the kind at {pos} is larger than {MAX_KIND}")
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// A Lianliankan board: `rows × cols` cells, each empty (kind 0) or a tile of
/// a positive kind.
///
/// Positions are 0-based [`Pos`]. Internally the board is stored inside a ring
/// of empty cells one wide (so that the open-border rule and the closed one
/// share one code path), with prefix counts of tiles along every row and
/// column of the ringed grid.
///
/// With the `serde` feature a board is written as its rows of kinds, top
/// row first (0 = empty): `[[1, 2, 0], [0, 2, 1]]`. Reading one checks it as
/// [`Board::from_rows`] does (rows of one length, no kind above
/// [`MAX_KIND`]) and refuses it with [`BoardError`]'s message.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "Vec<Vec<u32>>", into = "Vec<Vec<u32>>")
)]
pub struct Board {
    /// The board inside its ring (pad 1: board cell (r, c) is ringed cell
    /// (r + 1, c + 1)).
    ringed: Padded<u32>,
    /// `row_prefix[R * (W + 1) + C]` = tiles in ringed row R at columns < C.
    row_prefix: Vec<u32>,
    /// `col_prefix[R * W + C]` = tiles in ringed column C at rows < R.
    col_prefix: Vec<u32>,
    tiles: usize,
}

impl Board {
    /// A board from a grid of kinds (0 = empty).
    ///
    /// # Errors
    /// [`BoardError::TooLarge`] above [`MAX_ROWS`] × [`MAX_COLS`];
    /// [`BoardError::KindTooLarge`] for a kind above [`MAX_KIND`].
    ///
    /// # Complexity
    /// O(rows·cols).
    pub fn new(grid: &Grid<u32>) -> Result<Board, BoardError> {
        check_size(grid.rows(), grid.cols())?;
        check_kinds(grid)?;
        Ok(Board::from_ringed(Padded::new(grid.clone()).surround(RING)))
    }

    /// A board of any size from a grid of kinds, for [`Batch`](crate::Batch)'s
    /// searches on the boards it was handed (it keeps tiles, and its
    /// callers' sizes are their own): as [`Board::new`] without the size
    /// limit.
    pub(crate) fn of_any_size(grid: &Grid<u32>) -> Result<Board, BoardError> {
        check_kinds(grid)?;
        Ok(Board::from_ringed(Padded::new(grid.clone()).surround(RING)))
    }

    /// A board from its ringed grid: kinds inside, [`RING`] on the ring, and no
    /// kind above [`MAX_KIND`] (the caller checked).
    fn from_ringed(ringed: Padded<u32>) -> Board {
        debug_assert_eq!(ringed.frame().pad(), 1);
        let mut board = Board {
            ringed,
            row_prefix: Vec::new(),
            col_prefix: Vec::new(),
            tiles: 0,
        };
        board.recount();
        board
    }

    /// A board from rows of kinds.
    ///
    /// # Errors
    /// [`BoardError::Ragged`] when the rows differ in length, and as
    /// [`Board::new`].
    pub fn from_rows<R: AsRef<[u32]>>(rows: &[R]) -> Result<Board, BoardError> {
        let cols = rows.first().map_or(0, |r| r.as_ref().len());
        check_size(rows.len(), cols)?;
        if let Some(row) = rows.iter().position(|r| r.as_ref().len() != cols) {
            return Err(BoardError::Ragged { row });
        }
        let cells = rows
            .iter()
            .flat_map(|r| r.as_ref().iter().copied())
            .collect();
        let grid = Grid::from_vec(rows.len(), cols, cells).expect("rows checked");
        Board::new(&grid)
    }

    /// Number of rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.ringed.frame().rows()
    }

    /// Number of columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.ringed.frame().cols()
    }

    /// Whether `pos` lies on the board.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows() && pos.col < self.cols()
    }

    /// The kind at `pos` (0 = empty), or `None` off the board.
    #[must_use]
    pub fn kind(&self, pos: Pos) -> Option<u32> {
        self.contains(pos)
            .then(|| self.ringed[self.frame().to_outer(pos)])
    }

    /// Number of tiles on the board.
    #[must_use]
    pub fn tile_count(&self) -> usize {
        self.tiles
    }

    /// The positions of all tiles, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = (Pos, u32)> + '_ {
        let (cols, frame) = (self.cols(), self.frame());
        (0..self.rows()).flat_map(move |r| {
            (0..cols).filter_map(move |c| {
                let pos = Pos::new(r, c);
                let k = self.ringed[frame.to_outer(pos)];
                (k != 0).then_some((pos, k))
            })
        })
    }

    /// The board as a plain grid of kinds (0 = empty), without the ring.
    #[must_use]
    pub fn to_grid(&self) -> Grid<u32> {
        self.ringed.board()
    }

    /// Puts `kind` (0 = empty) at `pos`.
    ///
    /// # Panics
    /// If `pos` is off the board or `kind > MAX_KIND`.
    ///
    /// # Complexity
    /// O(rows + cols) when a tile appears or disappears (the prefix counts of
    /// its row and column are updated), O(1) otherwise.
    pub fn set(&mut self, pos: Pos, kind: u32) {
        assert!(self.contains(pos), "{pos} is off the board");
        assert!(kind <= MAX_KIND, "kind {kind} is larger than {MAX_KIND}");
        let at = self.frame().to_outer(pos);
        let was_tile = self.ringed[at] != 0;
        self.ringed[at] = kind;
        let is_tile = kind != 0;
        if was_tile == is_tile {
            return;
        }
        let delta: i32 = if is_tile { 1 } else { -1 };
        self.tiles = self
            .tiles
            .checked_add_signed(delta as isize)
            .expect("count");
        let w = self.ringed.grid().cols();
        let h = self.ringed.grid().rows();
        for c in at.col + 1..=w {
            let v = &mut self.row_prefix[at.row * (w + 1) + c];
            *v = v.wrapping_add_signed(delta);
        }
        for r in at.row + 1..=h {
            let v = &mut self.col_prefix[r * w + at.col];
            *v = v.wrapping_add_signed(delta);
        }
    }

    /// The ringed grid (ring cells hold [`RING`]).
    pub(crate) fn ringed(&self) -> &Grid<u32> {
        self.ringed.grid()
    }

    /// The ringed grid's frame: board cells to ringed cells and back.
    pub(crate) fn frame(&self) -> Frame {
        self.ringed.frame()
    }

    /// Tiles in ringed row `row` at ringed columns `lo..=hi` (`lo <= hi`).
    #[inline]
    pub(crate) fn tiles_in_row(&self, row: usize, lo: usize, hi: usize) -> u32 {
        let base = row * (self.ringed.grid().cols() + 1);
        self.row_prefix[base + hi + 1] - self.row_prefix[base + lo]
    }

    /// Tiles in ringed column `col` at ringed rows `lo..=hi` (`lo <= hi`).
    #[inline]
    pub(crate) fn tiles_in_col(&self, col: usize, lo: usize, hi: usize) -> u32 {
        let w = self.ringed.grid().cols();
        self.col_prefix[(hi + 1) * w + col] - self.col_prefix[lo * w + col]
    }

    /// Rebuilds the prefix counts from the cells.
    fn recount(&mut self) {
        let (h, w) = (self.ringed.grid().rows(), self.ringed.grid().cols());
        self.row_prefix.clear();
        self.row_prefix.resize(h * (w + 1), 0);
        self.col_prefix.clear();
        self.col_prefix.resize((h + 1) * w, 0);
        let mut tiles = 0;
        for (r, row) in self.ringed.grid().row_slices().enumerate() {
            let prefix = &mut self.row_prefix[r * (w + 1)..(r + 1) * (w + 1)];
            let mut count = 0;
            for (c, &k) in row.iter().enumerate() {
                count += u32::from(is_tile(k));
                prefix[c + 1] = count;
            }
            tiles += count as usize;
            let (above, below) = self.col_prefix.split_at_mut((r + 1) * w);
            let above = &above[r * w..];
            for ((next, &prev), &k) in below[..w].iter_mut().zip(above).zip(row) {
                *next = prev + u32::from(is_tile(k));
            }
        }
        self.tiles = tiles;
    }
}

impl TryFrom<Vec<Vec<u32>>> for Board {
    type Error = BoardError;

    /// [`Board::from_rows`].
    fn try_from(rows: Vec<Vec<u32>>) -> Result<Board, BoardError> {
        Board::from_rows(&rows)
    }
}

impl From<Board> for Vec<Vec<u32>> {
    /// The board's rows of kinds, top row first (0 = empty).
    fn from(board: Board) -> Vec<Vec<u32>> {
        // By index rather than `row_slices`, so that rows of no cells stay
        // rows.
        let (grid, cols) = (board.to_grid(), board.cols());
        (0..board.rows())
            .map(|r| grid.cells()[r * cols..(r + 1) * cols].to_vec())
            .collect()
    }
}

/// [`BoardError::KindTooLarge`] for the first kind of `grid` above
/// [`MAX_KIND`] (the value above it marks the ring).
/// [`BoardError::TooLarge`] above [`MAX_ROWS`] rows or [`MAX_COLS`]
/// columns (and so above [`MAX_CELLS`] cells).
pub(crate) fn check_size(rows: usize, cols: usize) -> Result<(), BoardError> {
    if rows <= MAX_ROWS && cols <= MAX_COLS && rows * cols <= MAX_CELLS {
        Ok(())
    } else {
        Err(BoardError::TooLarge { rows, cols })
    }
}

pub(crate) fn check_kinds(grid: &Grid<u32>) -> Result<(), BoardError> {
    match grid.cells().iter().position(|&k| k > MAX_KIND) {
        Some(i) => Err(BoardError::KindTooLarge {
            pos: grid.pos_of(i),
        }),
        None => Ok(()),
    }
}

/// Whether a cell value is a tile (not empty, not ring).
#[inline]
pub(crate) fn is_tile(k: u32) -> bool {
    k != 0 && k != RING
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_counts_follow_changes() {
        let mut b = Board::from_rows(&[[1, 0, 2], [0, 3, 0]]).unwrap();
        assert_eq!((b.rows(), b.cols(), b.tile_count()), (2, 3, 3));
        // Ringed row 1 is board row 0: tiles at ringed columns 1 and 3.
        assert_eq!(b.tiles_in_row(1, 0, 4), 2);
        assert_eq!(b.tiles_in_row(1, 2, 2), 0);
        assert_eq!(b.tiles_in_col(2, 0, 3), 1);
        b.set(Pos::new(0, 0), 0);
        b.set(Pos::new(1, 2), 5);
        assert_eq!(b.tile_count(), 3);
        assert_eq!(b.tiles_in_row(1, 0, 4), 1);
        assert_eq!(b.tiles_in_row(2, 0, 4), 2);
        assert_eq!(b.tiles_in_col(3, 0, 3), 2);
        assert_eq!(b.tiles_in_col(1, 0, 3), 0);
        let fresh = Board::new(&b.to_grid()).unwrap();
        assert_eq!(fresh, b);
        assert_eq!(
            b.tiles().collect::<Vec<_>>(),
            vec![
                (Pos::new(0, 2), 2),
                (Pos::new(1, 1), 3),
                (Pos::new(1, 2), 5)
            ]
        );
    }

    #[test]
    fn rejects_bad_boards() {
        assert_eq!(
            Board::from_rows(&[vec![1, 2], vec![3]]),
            Err(BoardError::Ragged { row: 1 })
        );
        assert_eq!(
            Board::from_rows(&[[0, u32::MAX]]),
            Err(BoardError::KindTooLarge {
                pos: Pos::new(0, 1)
            })
        );
        let empty = Board::from_rows::<[u32; 0]>(&[]).unwrap();
        assert_eq!((empty.rows(), empty.cols()), (0, 0));
    }
}
