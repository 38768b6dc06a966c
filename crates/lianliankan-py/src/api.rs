//! The module's functions besides `solve`: dealing boards (`generate`,
//! `deal`), asking about one (`connect`, `moves`) and checking a removal
//! order (`replay`, which raises [`IllegalStep`]).

use lianliankan::{DealSpec, GenerateSpec, Order, Removal, ReplayError, Rules};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert::{self, Cell, Pair, PairOut, value_error};
use crate::interrupt::cancellable;
use crate::rules::{PyRules, or_default};

pyo3::create_exception!(
    lianliankan,
    IllegalStep,
    PyValueError,
    "A step of a removal order that cannot be played: `index` is its place in the order (from 0), `step` the pair as the order gave it, `reason` the library's words for why (a cell off the board or empty, tiles of different kinds, no path)."
);

/// A board made by `generate`: `board` (a list of rows of kinds, 0 empty)
/// and `certificate`, a removal order that clears it under the rules it
/// was made for.
#[pyclass(frozen, module = "lianliankan", name = "Deal")]
#[derive(Debug)]
pub struct Deal {
    /// The board: a list of rows of kinds, 0 empty.
    #[pyo3(get)]
    board: Vec<Vec<u32>>,
    /// A removal order that clears the board: `[((r1, c1), (r2, c2)), ...]`.
    #[pyo3(get)]
    certificate: Vec<PairOut>,
    /// The route of each step of `certificate`: None for a plain pair,
    /// "row" or "column" for a slide (rules with `slide`).
    #[pyo3(get)]
    routes: Vec<Option<&'static str>>,
}

#[pymethods]
impl Deal {
    fn __repr__(&self) -> String {
        let cols = self.board.first().map_or(0, Vec::len);
        format!("Deal(<{}x{} board>)", self.board.len(), cols)
    }
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

/// `value` as a seed: a `ValueError` when negative.
pub fn seed(value: i64) -> PyResult<u64> {
    u64::try_from(value).map_err(|_| value_error(format!("seed must be 0 or more, got {value}")))
}

/// The spec of `generate` (and `generate_rated`) from Python's numbers.
pub fn spec(rows: i64, cols: i64, kinds: i64, seed: i64, rules: Rules) -> PyResult<GenerateSpec> {
    Ok(GenerateSpec::new(
        count("rows", rows)?,
        count("cols", cols)?,
        self::kinds(kinds)?,
    )
    .with_seed(self::seed(seed)?)
    .with_rules(rules))
}

/// A `rows` x `cols` board of `kinds` kinds that can be cleared under
/// `rules` (default `Rules()`), with a removal order that proves it
/// (`certificate`). The same arguments give the same board. Every cell is a
/// tile (but one when the cell count is odd); each kind is used for about
/// as many pairs as the others.
///
/// Raises ValueError for fewer than two cells, more than a million, or
/// `kinds` outside 1 to rows*cols/2 (the library's message). The GIL is
/// released while it works, and Ctrl-C stops it (KeyboardInterrupt).
#[pyfunction]
#[pyo3(signature = (rows, cols, kinds, seed = 0, rules = None))]
pub fn generate(
    py: Python<'_>,
    rows: i64,
    cols: i64,
    kinds: i64,
    seed: i64,
    rules: Option<PyRef<'_, PyRules>>,
) -> PyResult<Deal> {
    let spec = spec(rows, cols, kinds, seed, or_default(rules.as_deref()))?;
    let made =
        cancellable(py, |token| lianliankan::generate_with(&spec, &token))?.map_err(value_error)?;
    Ok(Deal {
        board: convert::rows(&made.board),
        certificate: made.certificate.iter().map(|&m| convert::pair(m)).collect(),
        routes: made
            .certificate
            .iter()
            .map(|&m| convert::route_name(m))
            .collect(),
    })
}

/// A random deal as the games deal it: a `rows` x `cols` board whose tiles
/// come in groups of `copies` (default 4) tiles of one kind, kinds 1 to
/// `kinds` used in turn, shuffled by `seed`. It may well not be clearable:
/// `solve` tells. Returns the board, a list of rows of kinds.
///
/// Raises ValueError unless rows*cols is a positive multiple of `copies`
/// and at most a million, or for `kinds` of 0 or more than the groups of
/// `copies` tiles the board holds (the library's message).
#[pyfunction]
#[pyo3(signature = (rows, cols, kinds, seed = 0, copies = 4))]
pub fn deal(rows: i64, cols: i64, kinds: i64, seed: i64, copies: i64) -> PyResult<Vec<Vec<u32>>> {
    let spec = DealSpec::new(
        count("rows", rows)?,
        count("cols", cols)?,
        self::kinds(kinds)?,
    )
    .with_copies(count("copies", copies)?)
    .with_seed(self::seed(seed)?);
    let board = lianliankan::deal(&spec).map_err(value_error)?;
    Ok(convert::rows(&board))
}

/// The path joining the tiles at cells `a` and `b` under `rules` (default
/// `Rules()`): its corners from `a` to `b`, both included, or None when the
/// tiles do not match or no path with few enough turns joins them. A
/// corner on the ring around the board (open border) has row or column -1,
/// rows or cols.
///
/// Raises ValueError for a bad board or a cell off the board.
#[pyfunction]
#[pyo3(signature = (board, a, b, rules = None))]
pub fn connect(
    board: Vec<Vec<i64>>,
    a: Cell,
    b: Cell,
    rules: Option<PyRef<'_, PyRules>>,
) -> PyResult<Option<Vec<(isize, isize)>>> {
    let board = convert::board(board)?;
    let (a, b) = (convert::pos(a, &board)?, convert::pos(b, &board)?);
    let path =
        lianliankan::connect(&board, a, b, &or_default(rules.as_deref())).map_err(value_error)?;
    Ok(path.as_ref().map(convert::corners))
}

/// Every pair that can be removed now under `rules` (default `Rules()`):
/// `[((r1, c1), (r2, c2)), ...]`, each pair's smaller cell first, in row
/// order (plain pairs only: under rules with `slide`, `Game.slides()`
/// lists the slides).
///
/// Raises ValueError for a bad board.
#[pyfunction]
#[pyo3(signature = (board, rules = None))]
pub fn moves(board: Vec<Vec<i64>>, rules: Option<PyRef<'_, PyRules>>) -> PyResult<Vec<PairOut>> {
    let board = convert::board(board)?;
    let all = lianliankan::moves(&board, &or_default(rules.as_deref()));
    Ok(all
        .into_iter()
        .filter(|m| m.route().is_none())
        .map(convert::pair)
        .collect())
}

/// Plays the removal `order` (`[((r1, c1), (r2, c2)), ...]`, each pair on
/// the board as it is at that step) on `board` under `rules`, and returns
/// the number of steps played (all of them). `routes`, when given, holds
/// each step's route (None, or "row" or "column" for a slide under rules
/// with `slide`), as `SolveResult.routes` and `Deal.routes` do.
///
/// Raises IllegalStep (a ValueError) at the first step that cannot be
/// played, with its index, the step and the reason; ValueError for a bad
/// board, an unknown route, or routes of another length than the order.
#[pyfunction]
#[pyo3(signature = (board, rules, order, routes = None))]
pub fn replay(
    py: Python<'_>,
    board: Vec<Vec<i64>>,
    rules: PyRef<'_, PyRules>,
    order: Vec<Pair>,
    routes: Option<Vec<Option<String>>>,
) -> PyResult<usize> {
    let board = convert::board(board)?;
    let routes = routes.unwrap_or_else(|| vec![None; order.len()]);
    if routes.len() != order.len() {
        return Err(value_error(format!(
            "routes has {} entries for an order of {} steps",
            routes.len(),
            order.len()
        )));
    }
    // The steps up to the first cell no position can name (a negative
    // row or column): those are replayed, then that step is refused.
    let mut steps = Vec::with_capacity(order.len());
    let mut unnamed = None;
    for (index, (&(a, b), route)) in order.iter().zip(&routes).enumerate() {
        match (convert::try_pos(a, &board), convert::try_pos(b, &board)) {
            (Ok(a), Ok(b)) => steps.push(match route {
                None => Removal::pair(a, b),
                Some(route) => Removal::from(convert::make_move(a, b, Some(route))?),
            }),
            (Err(reason), _) | (_, Err(reason)) => {
                unnamed = Some((index, reason));
                break;
            }
        }
    }
    let replayed = Order::new(steps)
        .replay(&board, &rules.inner)
        .map_err(|e| illegal_step(py, &e))?;
    match unnamed {
        Some((index, reason)) => Err(illegal(py, index, order[index], &reason)),
        None => Ok(replayed.steps),
    }
}

/// The IllegalStep for the library's refusal `e` of a step.
fn illegal_step(py: Python<'_>, e: &ReplayError) -> PyErr {
    let (a, b) = e.step.cells();
    let step = ((a.row as i64, a.col as i64), (b.row as i64, b.col as i64));
    illegal(py, e.index, step, &e.cause.to_string())
}

/// An IllegalStep at `index` of the order for `step`, refused for `reason`.
fn illegal(py: Python<'_>, index: usize, step: Pair, reason: &str) -> PyErr {
    let ((r1, c1), (r2, c2)) = step;
    let err = IllegalStep::new_err(format!(
        "order[{index}] = (({r1}, {c1}), ({r2}, {c2})) is illegal: {reason}"
    ));
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail but for
    // memory; then the exception without them is still the right error.
    let _ = value.setattr("index", index);
    let _ = value.setattr("step", step);
    let _ = value.setattr("reason", reason);
    err
}
