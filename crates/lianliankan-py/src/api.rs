//! The module's functions besides `solve`: dealing boards (`generate`,
//! `deal`), asking about one (`connect`, `moves`) and checking a removal
//! order (`replay`, which raises [`IllegalStep`]).

use lianliankan::{Connector, DealSpec, GenerateSpec, Order, Removal, Rules};
use pyo3::prelude::*;
use pyo3::types::{PySequence, PyType};

use crate::args;
use crate::board;
use crate::convert::{self, Corner, value_error};
use crate::errors::{Kind, error};
use crate::interrupt::{self, PyCancel, Stops, cancellable, stopped_error};
use crate::moves::PyMove;
use crate::rules::{PyRules, or_default};

/// A board made by `generate` or `deal`: `board` (a list of rows of
/// kinds, 0 empty) and `certificate`, a removal order (a list of Move)
/// that clears it under the rules it was made for; None for `deal`'s,
/// which may not be clearable (`solve` tells). Deals compare equal when
/// their boards and certificates are; they pickle and copy.
#[pyclass(frozen, eq, hash, module = "lianliankan", name = "Deal")]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The board: a list of rows of kinds, 0 empty.
    #[pyo3(get)]
    board: Vec<Vec<u32>>,
    /// A removal order that clears the board: a list of Move (slides
    /// among them under rules with `slide`), each on the board as it is at
    /// that step; their paths are not computed (None). None for a deal of
    /// `deal`.
    #[pyo3(get)]
    certificate: Option<Vec<PyMove>>,
}

/// The summary of a board of rows in reprs: `<8x12 board, 96 tiles>`.
pub fn rows_summary(board: &[Vec<u32>]) -> String {
    let cols = board.first().map_or(0, Vec::len);
    let tiles = board.iter().flatten().filter(|&&k| k != 0).count();
    format!("<{}x{cols} board, {tiles} tiles>", board.len())
}

#[pymethods]
impl Deal {
    fn __repr__(&self) -> String {
        let certificate = self
            .certificate
            .as_ref()
            .map_or_else(|| "None".to_owned(), |c| format!("<{} moves>", c.len()));
        format!(
            "Deal(board={}, certificate={certificate})",
            rows_summary(&self.board)
        )
    }

    /// Rebuilds a pickled Deal (pickle's constructor; not for other use).
    #[classmethod]
    fn _restore(
        _cls: &Bound<'_, PyType>,
        board: Vec<Vec<u32>>,
        certificate: Option<Vec<PyRef<'_, PyMove>>>,
    ) -> Deal {
        Deal {
            board,
            certificate: certificate.map(|c| c.iter().map(|m| (**m).clone()).collect()),
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
/// Raises DealError (a ValueError) for fewer than two cells, more than
/// 10,000 (the largest board generate makes, docs/limits.md), or `kinds`
/// outside 1 to rows*cols/2 (the library's message);
/// ValueError for a negative number. The GIL is released while it works,
/// and Ctrl-C stops it (KeyboardInterrupt); so do `timeout` (seconds:
/// TimeoutError) and `cancel` (a Cancel set from another thread:
/// Cancelled).
#[pyfunction]
#[pyo3(signature = (rows, cols, kinds, seed = 0, rules = None, *, timeout = None, cancel = None))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    #[pyo3(from_py_with = args::rows)] rows: i64,
    #[pyo3(from_py_with = args::cols)] cols: i64,
    #[pyo3(from_py_with = args::kinds)] kinds: i64,
    #[pyo3(from_py_with = convert::seed)] seed: u64,
    #[pyo3(from_py_with = crate::rules::rules_arg)] rules: Option<PyRules>,
    #[pyo3(from_py_with = interrupt::timeout)] timeout: Option<std::time::Duration>,
    #[pyo3(from_py_with = interrupt::cancel_arg)] cancel: Option<Py<PyCancel>>,
) -> PyResult<Deal> {
    let spec = spec(rows, cols, kinds, seed, or_default(rules.as_ref()))?;
    let stops = Stops::new(timeout, cancel.as_ref().map(|c| c.get()), None);
    let (made, stopped) = cancellable(py, &stops, |token| {
        lianliankan::generate_with(&spec, &token)
    })?;
    if let Some(why) = stopped {
        return Err(stopped_error(why));
    }
    let made = made.map_err(|e| error(Kind::Deal, e))?;
    Ok(Deal {
        board: convert::rows(&made.board),
        certificate: Some(moves_of(&made.certificate)),
    })
}

/// A random deal as the games deal it: a `rows` x `cols` board whose tiles
/// come in groups of `copies` (default 4) tiles of one kind, kinds 1 to
/// `kinds` used in turn, shuffled by `seed`. It may well not be clearable:
/// `solve` tells. Returns a Deal, as `generate` does, whose `certificate`
/// is None.
///
/// Raises DealError (a ValueError) unless rows*cols is a positive multiple
/// of `copies` within the largest board (docs/limits.md), or for `kinds` of 0 or more than the
/// groups of `copies` tiles the board holds (the library's message);
/// ValueError for a negative number.
#[pyfunction]
#[pyo3(signature = (rows, cols, kinds, seed = 0, copies = 4))]
pub fn deal(
    #[pyo3(from_py_with = args::rows)] rows: i64,
    #[pyo3(from_py_with = args::cols)] cols: i64,
    #[pyo3(from_py_with = args::kinds)] kinds: i64,
    #[pyo3(from_py_with = convert::seed)] seed: u64,
    #[pyo3(from_py_with = args::copies)] copies: i64,
) -> PyResult<Deal> {
    let spec = DealSpec::new(
        count("rows", rows)?,
        count("cols", cols)?,
        self::kinds(kinds)?,
    )
    .with_copies(count("copies", copies)?)
    .with_seed(seed);
    let board = lianliankan::deal(&spec).map_err(|e| error(Kind::Deal, e))?;
    Ok(Deal {
        board: convert::rows(&board),
        certificate: None,
    })
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
    #[pyo3(from_py_with = crate::rules::rules_arg)] rules: Option<PyRules>,
) -> PyResult<Option<Vec<Corner>>> {
    board::with_board(board, "board", rules.as_ref(), |board, rules| {
        let cells = board::positions(board, a, b)?;
        let path = board::connect_on(board, rules, &mut Connector::new(), cells)?;
        Ok(path.as_ref().map(convert::corners))
    })
}

/// Every move that can be made now under `rules` (default `Rules()`), as
/// the library's `moves` lists them: a list of Move, sorted by `a`, then
/// `b`, then route; plain pairs (smaller cell first) and, under rules with
/// `slide`, the slides besides. Their paths are not computed (None).
///
/// Raises BoardError (a ValueError) for a bad board.
#[pyfunction]
#[pyo3(signature = (board, rules = None))]
pub fn moves(
    board: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::rules::rules_arg)] rules: Option<PyRules>,
) -> PyResult<Vec<PyMove>> {
    board::with_board(board, "board", rules.as_ref(), |board, rules| {
        Ok(board::moves_on(board, rules))
    })
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
    #[pyo3(from_py_with = crate::rules::required_rules_arg)] rules: PyRules,
    order: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    let board = board::board_arg(board, "board")?;
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
    let seq = obj
        .cast::<PySequence>()
        .map_err(|_| convert::type_error(&name, "a sequence of Move", obj))?;
    let mut out = Vec::with_capacity(seq.len().unwrap_or(0));
    for (i, item) in seq.try_iter()?.enumerate() {
        let item = item?;
        let m = item
            .cast::<PyMove>()
            .map_err(|_| convert::type_error(&format_args!("{name}[{i}]"), "Move", &item))?;
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
