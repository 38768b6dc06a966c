//! Python values to the library's and back: boards as sequences of rows of
//! kinds, cells as sequences of two ints (`(row, col)` or `[row, col]`),
//! paths as lists of corners, and the unsigned numbers (seeds, budgets).
//!
//! A value of the wrong type is a `TypeError` whose message names the
//! argument; a bad value is one of the module's exceptions (`BoardError`
//! for a board, say) with the library's message, or a `ValueError` for a
//! number out of its range; never a panic.

use lianliankan::{Board, MAX_KIND, Path, Pos};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PySequence, PyString, PyTuple};

use crate::errors::{Kind, error};

/// A cell as Python gives it: `(row, col)`, 0-based, either sign (a
/// negative one is refused where it is used, in the library's words).
pub type Cell = (i64, i64);

/// A cell as this module returns it: `(row, col)`, 0-based.
pub type CellOut = (usize, usize);

/// A corner of a path: -1, rows or cols on the ring around the board.
pub type Corner = (isize, isize);

/// A plain `ValueError` carrying `message`: a number out of its range.
pub fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// The name of `obj`'s type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

/// The `TypeError` of every argument of the wrong type, in one shape:
/// `NAME: expected WANTED, got TYPE` (`border: expected str, got int`).
pub fn type_error(name: &dyn std::fmt::Display, wanted: &str, obj: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!("{name}: expected {wanted}, got {}", type_name(obj)))
}

/// `obj` as an `i64` named `name`: any int (numpy's among them, through
/// `__index__`) but a bool, which is refused where a number is meant.
///
/// # Errors
/// `TypeError` naming the argument for anything else (a bool among
/// them); `OverflowError` beyond 64 bits, as Python's own.
pub fn int_arg(obj: &Bound<'_, PyAny>, name: &dyn std::fmt::Display) -> PyResult<i64> {
    int(obj, name)
}

/// `obj` as text named `name`.
///
/// # Errors
/// `TypeError` naming the argument for anything but a str.
pub fn str_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    obj.cast::<PyString>()
        .map_err(|_| type_error(&name, "str", obj))?
        .to_cow()
        .map(std::borrow::Cow::into_owned)
}

/// `obj` as a bool named `name`: `True` or `False` only (not 0 or 1).
///
/// # Errors
/// `TypeError` naming the argument for anything else.
pub fn bool_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.cast::<PyBool>()
        .map(|b| b.is_true())
        .map_err(|_| type_error(&name, "bool", obj))
}

/// `obj` when it is a sequence that is not text (a str or bytes is a
/// sequence of characters, never what is meant here), or an array of at
/// least one dimension (numpy's `ndarray`, which supports the array
/// protocol, `len` and indexing, but is no registered `Sequence`; a numpy
/// scalar or a 0-d array has no length and is not one); `None` otherwise.
fn sequence<'a, 'py>(obj: &'a Bound<'py, PyAny>) -> Option<&'a Bound<'py, PyAny>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return None;
    }
    let array = || obj.hasattr("__array__").unwrap_or(false) && obj.len().is_ok();
    (obj.cast::<PySequence>().is_ok() || array()).then_some(obj)
}

/// `obj` as an `i64` named `name`: a `TypeError` naming it when it is not
/// an int or is a bool (an `OverflowError` beyond 64 bits, as Python's
/// own).
fn int(obj: &Bound<'_, PyAny>, name: &dyn std::fmt::Display) -> PyResult<i64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(type_error(name, "int", obj));
    }
    obj.extract::<i64>().map_err(|e| {
        if e.is_instance_of::<PyTypeError>(obj.py()) {
            type_error(name, "int", obj)
        } else {
            e
        }
    })
}

/// The board of `obj`, the argument `name`: any sequence of equally long
/// sequences of kinds (lists, tuples, or a 2-D numpy array of ints), 0 for
/// an empty cell.
///
/// # Errors
/// `TypeError` naming the argument for a value that is no sequence of
/// sequences of ints; `BoardError` for a negative kind, a kind above the
/// library's [`MAX_KIND`], rows of different lengths (the library's
/// message), or no row or no column (in the C library's words).
pub fn board_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Board> {
    let not_rows = || {
        type_error(
            &name,
            "a sequence of rows of ints (a list of lists, say)",
            obj,
        )
    };
    // An array (numpy's) is read as the lists it makes, in one call,
    // rather than an element at a time (each a numpy scalar).
    let listed;
    let obj = match obj.getattr("tolist") {
        Ok(tolist) if obj.hasattr("__array__").unwrap_or(false) && sequence(obj).is_some() => {
            listed = tolist.call0()?;
            &listed
        }
        _ => obj,
    };
    let rows = sequence(obj).ok_or_else(not_rows)?;
    let mut kinds = Vec::with_capacity(rows.len().unwrap_or(0));
    for (r, row) in rows.try_iter()?.enumerate() {
        let row = row?;
        let cells = sequence(&row).ok_or_else(|| {
            type_error(
                &format_args!("{name}[{r}]"),
                "a sequence of ints (a row)",
                &row,
            )
        })?;
        let mut out = Vec::with_capacity(cells.len().unwrap_or(0));
        for (c, cell) in cells.try_iter()?.enumerate() {
            let kind = int(&cell?, &format_args!("{name}[{r}][{c}]"))?;
            match u32::try_from(kind) {
                Ok(k) if k <= MAX_KIND => out.push(k),
                _ => {
                    return Err(error(
                        Kind::Board,
                        format!(
                            "the kind at ({r}, {c}) is {kind}: kinds run from 0 (empty) to {MAX_KIND}"
                        ),
                    ));
                }
            }
        }
        kinds.push(out);
    }
    let board = Board::from_rows(&kinds).map_err(|e| error(Kind::Board, e))?;
    if board.rows() == 0 || board.cols() == 0 {
        // The C library's words (llk_board_new).
        return Err(error(
            Kind::Board,
            format!(
                "a board needs at least one row and one column, found {} x {}",
                board.rows(),
                board.cols()
            ),
        ));
    }
    Ok(board)
}

/// The position of `obj` when it is a cell as this module writes one — a
/// tuple of two ints (not bools), neither negative — and `None` for
/// anything else, which [`cell_arg`] then reads or refuses with its
/// message. The path of every `Board` query's cells: a small `Option` and
/// no error built, so a query costs about what the library's does.
#[inline(always)]
pub fn plain_pos(obj: &Bound<'_, PyAny>) -> Option<Pos> {
    let pair = obj.cast_exact::<PyTuple>().ok()?;
    if pair.len() != 2 {
        return None;
    }
    let (row, col) = (
        pair.get_borrowed_item(0).ok()?,
        pair.get_borrowed_item(1).ok()?,
    );
    if !(row.is_exact_instance_of::<PyInt>() && col.is_exact_instance_of::<PyInt>()) {
        return None;
    }
    Some(Pos::new(small_int(&row)?, small_int(&col)?))
}

/// `int`, an exact Python int, as a `usize`, or `None` when it is
/// negative or beyond `isize::MAX`.
///
/// Read with CPython's `PyLong_AsSsize_t`, which answers a one-digit int
/// at once, where PyO3's `i64` conversion goes through `PyLong_AsLong` and
/// its overflow-checking reader: 7 ns of a 96 ns `Board.connect` on 8 x 12
/// (bench `--only faces`), enough to keep the call within twice C's.
#[inline(always)]
#[allow(unsafe_code)]
fn small_int(int: &Borrowed<'_, '_, PyAny>) -> Option<usize> {
    debug_assert!(int.is_exact_instance_of::<PyInt>());
    // SAFETY: `int` is a live reference (borrowed from a tuple the caller
    // holds) to an exact `int`, and holding a `Borrowed` means the thread
    // is attached to the interpreter: the call's contract.
    let value = unsafe { pyo3::ffi::PyLong_AsSsize_t(int.as_ptr()) };
    if value == -1 {
        // -1 itself, or an int too large, whose OverflowError is taken
        // here (the caller's slow path raises its own).
        drop(PyErr::take(int.py()));
    }
    usize::try_from(value).ok()
}

/// The cell of `obj`, the argument `name`: any sequence of two ints.
///
/// # Errors
/// `TypeError` naming the argument for anything else; `OverflowError` for
/// a row or column beyond 64 bits.
pub fn cell_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Cell> {
    // The common case first, without the sequence protocol: a tuple of two
    // ints, as every cell this module returns (a query on a `Board` costs
    // about what the library's does).
    if let Ok(pair) = obj.cast_exact::<PyTuple>() {
        if pair.len() == 2 {
            let row = pair.get_borrowed_item(0)?;
            let col = pair.get_borrowed_item(1)?;
            if let (Ok(row), Ok(col)) = (row.cast_exact::<PyInt>(), col.cast_exact::<PyInt>()) {
                if let (Ok(row), Ok(col)) = (row.extract::<i64>(), col.extract::<i64>()) {
                    return Ok((row, col));
                }
            }
        }
    }
    const WANTED: &str = "a cell, a sequence of two ints (row, col)";
    let seq = sequence(obj).ok_or_else(|| type_error(&name, WANTED, obj))?;
    if seq.len()? != 2 {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected {WANTED}, got {} items",
            seq.len()?
        )));
    }
    let row = int(&seq.get_item(0)?, &format_args!("{name}[0]"))?;
    let col = int(&seq.get_item(1)?, &format_args!("{name}[1]"))?;
    Ok((row, col))
}

/// `obj` as an unsigned 64-bit number named `name`: any int from 0 to
/// 2**64 - 1.
///
/// # Errors
/// `ValueError` for a negative int or one above 2**64 - 1; `TypeError`
/// naming the argument for anything but an int.
pub fn u64_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(type_error(&name, "int", obj));
    }
    if let Ok(value) = obj.extract::<u64>() {
        return Ok(value);
    }
    if !obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
        // Objects with __index__ (numpy's ints) go through extract above.
        return Err(type_error(&name, "int", obj));
    }
    let text = obj.str().map_or_else(|_| "?".to_owned(), |s| s.to_string());
    if obj.lt(0)? {
        Err(value_error(format!("{name} must be 0 or more, got {text}")))
    } else {
        Err(value_error(format!(
            "{name} must be at most {} (2**64 - 1), got {text}",
            u64::MAX
        )))
    }
}

/// `obj` as a `usize` named `name`, as [`u64_arg`] (at most `usize::MAX`).
pub fn usize_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    let value = u64_arg(obj, name)?;
    usize::try_from(value).map_err(|_| {
        value_error(format!(
            "{name} must be at most {}, got {value}",
            usize::MAX
        ))
    })
}

/// A seed: any int from 0 to 2**64 - 1 (`from_py_with`).
pub fn seed(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    u64_arg(obj, "seed")
}

/// A budget of search states: any int from 0 to 2**64 - 1
/// (`from_py_with`).
pub fn budget(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    u64_arg(obj, "budget")
}

/// `rate`'s budget for the deal: any int from 0 to 2**64 - 1
/// (`from_py_with`).
pub fn deal_budget(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    u64_arg(obj, "deal_budget")
}

/// `solve`'s budget: None (no limit) or as [`budget`] (`from_py_with`).
pub fn optional_budget(obj: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if obj.is_none() {
        return Ok(None);
    }
    budget(obj).map(Some)
}

/// `solve`'s memory cap: None (the default) or bytes (`from_py_with`).
pub fn optional_memory_cap(obj: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    if obj.is_none() {
        return Ok(None);
    }
    usize_arg(obj, "memory_cap").map(Some)
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

/// The rows of `board`, 0 for an empty cell.
pub fn rows(board: &Board) -> Vec<Vec<u32>> {
    Vec::from(board.clone())
}

/// `pos` as Python writes a cell.
pub fn cell(pos: Pos) -> CellOut {
    (pos.row, pos.col)
}

/// The corners of `path`, both tiles included; a corner on the ring around
/// the board has row or column -1, `rows` or `cols`.
pub fn corners(path: &Path) -> Vec<Corner> {
    path.corners().iter().map(|p| (p.row, p.col)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_cells_are_named_as_the_library_names_cells_off_the_board() {
        let board = Board::from_rows(&[[1, 1]]).expect("a board");
        assert_eq!(try_pos((0, 1), &board), Ok(Pos::new(0, 1)));
        // Beyond the board but not negative: the library judges it.
        assert_eq!(try_pos((5, 9), &board), Ok(Pos::new(5, 9)));
        assert_eq!(
            try_pos((-1, 0), &board),
            Err("(-1, 0) is off the 1x2 board".to_owned())
        );
    }
}
