//! The module's functions besides `solve`: dealing boards (`generate`,
//! `deal`), asking about one (`connect`, `moves`) and checking a removal
//! order (`replay`, which raises [`IllegalStep`]).

use lianliankan::{DealSpec, GenerateSpec, Order, Removal, Rules};
use pyo3::prelude::*;
use pyo3::types::{PySequence, PyType};

use crate::convert::{self, Corner, value_error};
use crate::errors::{Kind, error};
use crate::interrupt::cancellable;
use crate::moves::PyMove;
use crate::rules::{PyRules, or_default};

/// A board made by `generate`: `board` (a list of rows of kinds, 0 empty)
/// and `certificate`, a removal order (a list of Move) that clears it
/// under the rules it was made for. Deals compare equal when their boards
/// and certificates are; they pickle and copy.
#[pyclass(frozen, eq, hash, module = "lianliankan", name = "Deal")]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The board: a list of rows of kinds, 0 empty.
    #[pyo3(get)]
    board: Vec<Vec<u32>>,
    /// A removal order that clears the board: a list of Move (slides
    /// among them under rules with `slide`), each on the board as it is at
    /// that step; their paths are not computed (None).
    #[pyo3(get)]
    certificate: Vec<PyMove>,
}

#[pymethods]
impl Deal {
    fn __repr__(&self) -> String {
        let cols = self.board.first().map_or(0, Vec::len);
        format!(
            "Deal(<{}x{} board>, <{} moves>)",
            self.board.len(),
            cols,
            self.certificate.len()
        )
    }

    /// Rebuilds a pickled Deal (pickle's constructor; not for other use).
    #[classmethod]
    fn _restore(
        _cls: &Bound<'_, PyType>,
        board: Vec<Vec<u32>>,
        certificate: Vec<PyRef<'_, PyMove>>,
    ) -> Deal {
        Deal {
            board,
            certificate: certificate.iter().map(|m| (**m).clone()).collect(),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let py = slf.py();
        let d = slf.get();
        let args = (d.board.clone(), d.certificate.clone()).into_pyobject(py)?;
        Ok((
            py.get_type::<Deal>().getattr("_restore")?,
            args.into_any().unbind(),
        ))
    }
}

/// The moves of `order` as Python values, without paths.
pub fn moves_of(order: &[lianliankan::Move]) -> Vec<PyMove> {
    order.iter().map(|&m| PyMove::from_move(m, None)).collect()
}

/// `value` as a count or size named `name`: a `ValueError` when negative.
fn count(name: &str, value: i64) -> PyResult<usize> {
    usize::try_from(value)
        .map_err(|_| value_error(format!("{name} must be 0 or more, got {value}")))
}

/// `value` as a kind count: a `ValueError` when negative or above `u32`.
fn kinds(value: i64) -> PyResult<u32> {
    u32::try_from(value).map_err(|_| {
        value_error(format!(
            "kinds must be from 1 to {}, got {value}",
            lianliankan::MAX_KIND
        ))
    })
}

/// The spec of `generate` (and `generate_rated`) from Python's numbers.
pub fn spec(rows: i64, cols: i64, kinds: i64, seed: u64, rules: Rules) -> PyResult<GenerateSpec> {
    Ok(GenerateSpec::new(
        count("rows", rows)?,
        count("cols", cols)?,
        self::kinds(kinds)?,
    )
    .with_seed(seed)
    .with_rules(rules))
}

/// A `rows` x `cols` board of `kinds` kinds that can be cleared under
/// `rules` (default `Rules()`, the judge's), with a removal order that
/// proves it (`certificate`, a list of Move). The same arguments give the
/// same board. Every cell is a tile (but one when the cell count is odd);
/// each kind is used for about as many pairs as the others.
///
/// Raises DealError (a ValueError) for fewer than two cells, more than a
/// million, or `kinds` outside 1 to rows*cols/2 (the library's message);
/// ValueError for a negative number. The GIL is released while it works,
/// and Ctrl-C stops it (KeyboardInterrupt).
#[pyfunction]
#[pyo3(signature = (rows, cols, kinds, seed = 0, rules = None))]
pub fn generate(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    kinds: i64,
    #[pyo3(from_py_with = convert::seed)] seed: u64,
    rules: Option<PyRef<'_, PyRules>>,
) -> PyResult<Deal> {
    let spec = spec(rows, cols, kinds, seed, or_default(rules.as_deref()))?;
    let made = cancellable(py, |token| lianliankan::generate_with(&spec, &token))?
        .map_err(|e| error(Kind::Deal, e))?;
    Ok(Deal {
        board: convert::rows(&made.board),
        certificate: moves_of(&made.certificate),
    })
}

/// A random deal as the games deal it: a `rows` x `cols` board whose tiles
/// come in groups of `copies` (default 4) tiles of one kind, kinds 1 to
/// `kinds` used in turn, shuffled by `seed`. It may well not be clearable:
/// `solve` tells. Returns the board, a list of rows of kinds.
///
/// Raises DealError (a ValueError) unless rows*cols is a positive multiple
/// of `copies` and at most a million, or for `kinds` of 0 or more than the
/// groups of `copies` tiles the board holds (the library's message);
/// ValueError for a negative number.
#[pyfunction]
#[pyo3(signature = (rows, cols, kinds, seed = 0, copies = 4))]
pub fn deal(
    rows: i64,
    cols: i64,
    kinds: i64,
    #[pyo3(from_py_with = convert::seed)] seed: u64,
    copies: i64,
) -> PyResult<Vec<Vec<u32>>> {
    let spec = DealSpec::new(
        count("rows", rows)?,
        count("cols", cols)?,
        self::kinds(kinds)?,
    )
    .with_copies(count("copies", copies)?)
    .with_seed(seed);
    let board = lianliankan::deal(&spec).map_err(|e| error(Kind::Deal, e))?;
    Ok(convert::rows(&board))
}

/// The path joining the tiles at cells `a` and `b` (each a sequence of two
/// ints, `(row, col)` or `[row, col]`) under `rules` (default `Rules()`):
/// its corners from `a` to `b`, both included, or None when the tiles do
/// not match or no path with few enough turns joins them. A corner on the
/// ring around the board (open border) has row or column -1, rows or cols.
///
/// Raises BoardError (a ValueError) for a bad board or a cell off the
/// board; TypeError, naming the argument, for a board or cell of the
/// wrong type.
#[pyfunction]
#[pyo3(signature = (board, a, b, rules = None))]
pub fn connect(
    board: &Bound<'_, PyAny>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    rules: Option<PyRef<'_, PyRules>>,
) -> PyResult<Option<Vec<Corner>>> {
    let board = convert::board_arg(board, "board")?;
    let (a, b) = (convert::cell_arg(a, "a")?, convert::cell_arg(b, "b")?);
    let on_board = |cell| convert::try_pos(cell, &board).map_err(|e| error(Kind::Board, e));
    let (a, b) = (on_board(a)?, on_board(b)?);
    let path = lianliankan::connect(&board, a, b, &or_default(rules.as_deref()))
        .map_err(|e| error(Kind::Board, e))?;
    Ok(path.as_ref().map(convert::corners))
}

/// Every move that can be made now under `rules` (default `Rules()`), as
/// the library's `moves` lists them: a list of Move, sorted by `a`, then
/// `b`, then route; plain pairs (smaller cell first) and, under rules with
/// `slide`, the slides besides. Their paths are not computed (None).
///
/// Raises BoardError (a ValueError) for a bad board.
#[pyfunction]
#[pyo3(signature = (board, rules = None))]
pub fn moves(board: &Bound<'_, PyAny>, rules: Option<PyRef<'_, PyRules>>) -> PyResult<Vec<PyMove>> {
    let board = convert::board_arg(board, "board")?;
    Ok(moves_of(&lianliankan::moves(
        &board,
        &or_default(rules.as_deref()),
    )))
}

/// Plays the removal `order` (a sequence of Move, each on the board as it
/// is at that step; slides under rules with `slide`) on `board` under
/// `rules`, and returns the number of steps played (all of them).
///
/// Raises IllegalStep (a ValueError) at the first step that cannot be
/// played, with its index, the step and the reason; BoardError for a bad
/// board; TypeError, naming the entry, for an entry that is not a Move.
#[pyfunction]
#[pyo3(signature = (board, rules, order))]
pub fn replay(
    board: &Bound<'_, PyAny>,
    rules: PyRef<'_, PyRules>,
    order: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    let board = convert::board_arg(board, "board")?;
    let order = move_list(order, "order")?;
    // The steps up to the first cell no position can name (a negative
    // row or column): those are replayed, then that step is refused.
    let mut steps = Vec::with_capacity(order.len());
    let mut unnamed = None;
    for (index, step) in order.iter().enumerate() {
        match step.try_to_move(&board) {
            Ok(m) => steps.push(Removal::from(m)),
            Err(reason) => {
                unnamed = Some((index, reason));
                break;
            }
        }
    }
    let replayed = Order::new(steps)
        .replay(&board, &rules.inner)
        .map_err(|e| illegal(e.index, &order[e.index], &e.cause.to_string()))?;
    match unnamed {
        Some((index, reason)) => Err(illegal(index, &order[index], &reason)),
        None => Ok(replayed.steps),
    }
}

/// The moves of `obj`, the argument `name`: a sequence of Move.
///
/// # Errors
/// `TypeError` naming the argument, or the entry, that is not one.
pub fn move_list(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<PyMove>> {
    let seq = obj.cast::<PySequence>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!("{name} must be a sequence of Move"))
    })?;
    let mut out = Vec::with_capacity(seq.len().unwrap_or(0));
    for (i, item) in seq.try_iter()?.enumerate() {
        let item = item?;
        let m = item.cast::<PyMove>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "{name}[{i}] must be a Move, got {}",
                item.get_type()
                    .name()
                    .map_or_else(|_| "?".to_owned(), |n| n.to_string())
            ))
        })?;
        out.push(m.get().clone());
    }
    Ok(out)
}

/// An IllegalStep at `index` of the order for `step`, refused for `reason`.
fn illegal(index: usize, step: &PyMove, reason: &str) -> PyErr {
    let (a, b) = step.cells();
    let route = step
        .route_name()
        .map_or(String::new(), |r| format!(", route={r:?}"));
    let err = error(
        Kind::IllegalStep,
        format!("order[{index}] = Move({a:?}, {b:?}{route}) is illegal: {reason}"),
    );
    Python::attach(|py| {
        let value = err.value(py);
        // Setting attributes on a fresh exception instance cannot fail but
        // for memory; then the exception without them is still the right
        // error.
        let _ = value.setattr("index", index);
        let _ = value.setattr("step", step.clone());
        let _ = value.setattr("reason", reason);
    });
    err
}
