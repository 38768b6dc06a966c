//! Python values to the library's and back: boards as lists of rows of
//! kinds, cells as `(row, col)` tuples, pairs as tuples of two cells, paths
//! as lists of corners. Every bad value becomes a `ValueError` with the
//! library's message (or one in its words where the library cannot name
//! the value, a negative cell say), never a panic.

use lianliankan::{Board, MAX_KIND, Move, Path, Pos, Route};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A cell as Python writes it: `(row, col)`, 0-based.
pub type Cell = (i64, i64);

/// A pair of cells as Python writes it.
pub type Pair = (Cell, Cell);

/// A cell as this module returns it: `(row, col)`, 0-based.
pub type CellOut = (usize, usize);

/// A pair of cells as this module returns it.
pub type PairOut = (CellOut, CellOut);

/// A `ValueError` carrying `message` (the library's `Display` text).
pub fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// The board of `rows`, a list of equally long rows of kinds (0 empty).
///
/// # Errors
/// `ValueError` for a negative kind, a kind above the library's
/// [`MAX_KIND`], or rows of different lengths ([`lianliankan::BoardError`]'s
/// message).
pub fn board(rows: Vec<Vec<i64>>) -> PyResult<Board> {
    let mut kinds = Vec::with_capacity(rows.len());
    for (r, row) in rows.iter().enumerate() {
        let mut out = Vec::with_capacity(row.len());
        for (c, &kind) in row.iter().enumerate() {
            match u32::try_from(kind) {
                Ok(k) if k <= MAX_KIND => out.push(k),
                _ => {
                    return Err(value_error(format!(
                        "the kind at ({r}, {c}) is {kind}: kinds run from 0 (empty) to {MAX_KIND}"
                    )));
                }
            }
        }
        kinds.push(out);
    }
    Board::from_rows(&kinds).map_err(value_error)
}

/// The rows of `board`, 0 for an empty cell.
pub fn rows(board: &Board) -> Vec<Vec<u32>> {
    Vec::from(board.clone())
}

/// The position of `cell`, or the message saying why it is not one: a
/// negative row or column, in the words of [`lianliankan::OffBoard`].
pub fn try_pos(cell: Cell, board: &Board) -> Result<Pos, String> {
    match (usize::try_from(cell.0), usize::try_from(cell.1)) {
        (Ok(row), Ok(col)) => Ok(Pos::new(row, col)),
        _ => Err(format!(
            "({}, {}) is off the {}x{} board",
            cell.0,
            cell.1,
            board.rows(),
            board.cols()
        )),
    }
}

/// The position of `cell`; a `ValueError` for a negative row or column.
pub fn pos(cell: Cell, board: &Board) -> PyResult<Pos> {
    try_pos(cell, board).map_err(value_error)
}

/// `pos` as Python writes a cell.
pub fn cell(pos: Pos) -> CellOut {
    (pos.row, pos.col)
}

/// A move as Python writes a pair: its two cells, smaller first.
pub fn pair(m: Move) -> PairOut {
    (cell(m.a()), cell(m.b()))
}

/// The route of a move as Python writes it: None for a plain pair, "row"
/// or "column" for a slide.
pub fn route_name(m: Move) -> Option<&'static str> {
    m.route().map(Route::name)
}

/// The move of the tiles at `a` and `b`: a plain pair for no route, or the
/// slide of `a` along `route` ("row" or "column") toward `b`.
///
/// # Errors
/// `ValueError` for another route name.
pub fn make_move(a: Pos, b: Pos, route: Option<&str>) -> PyResult<Move> {
    match route {
        None => Ok(Move::new(a, b)),
        Some("row") => Ok(Move::slide(a, b, Route::Row)),
        Some("column") => Ok(Move::slide(a, b, Route::Column)),
        Some(other) => Err(value_error(format!(
            "unknown route {other:?}: a route is \"row\", \"column\" or None"
        ))),
    }
}

/// The corners of `path`, both tiles included; a corner on the ring around
/// the board has row or column -1, `rows` or `cols`.
pub fn corners(path: &Path) -> Vec<(isize, isize)> {
    path.corners().iter().map(|p| (p.row, p.col)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_keep_their_rows_and_refuse_bad_kinds() {
        let board = board(vec![vec![1, 0, 2], vec![2, 0, 1]]).expect("a board");
        assert_eq!(rows(&board), vec![vec![1, 0, 2], vec![2, 0, 1]]);
        assert!(self::board(vec![vec![1, -1]]).is_err());
        assert!(self::board(vec![vec![1, i64::from(u32::MAX)]]).is_err());
        assert!(self::board(vec![vec![1, 2], vec![1]]).is_err());
    }

    #[test]
    fn negative_cells_are_named_as_the_library_names_cells_off_the_board() {
        let board = board(vec![vec![1, 1]]).expect("a board");
        assert_eq!(try_pos((0, 1), &board), Ok(Pos::new(0, 1)));
        // Beyond the board but not negative: the library judges it.
        assert_eq!(try_pos((5, 9), &board), Ok(Pos::new(5, 9)));
        assert_eq!(
            try_pos((-1, 0), &board),
            Err("(-1, 0) is off the 1x2 board".to_owned())
        );
    }
}
