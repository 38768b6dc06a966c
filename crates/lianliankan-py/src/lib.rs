//! The Python package `lianliankan`: the `lianliankan` crate's rules,
//! deals, exact solver, queries and game, for Python 3.10 and later through
//! PyO3's stable ABI (one wheel for every CPython version).
//!
//! `cargo xtask wheel` builds the wheel into `target/wheels/`; the Python
//! API is described in `docs/python.md` and typed in `lianliankan.pyi`
//! (shipped in the wheel with `py.typed`).
//!
//! The key choices: values cross as plain Python values where Python has
//! one (a board is a list of rows of kinds, a cell a `(row, col)` tuple,
//! 0-based; any sequence is accepted in), and as small frozen classes
//! where it has none (`Move`, `Rules`, `Deal`, ...), each with `__eq__`,
//! `__hash__`, `__repr__` and pickling; the defaults are the library's
//! (`Rules()` is the judge's); every value the library refuses raises a
//! subclass of `LianliankanError` (and `ValueError`) with the library's
//! message, a value of the wrong type a `TypeError` naming the argument
//! and the type wanted (the release profile aborts on panic, so nothing
//! here may panic); a `Board` keeps the library's own board, so that a
//! query on it costs what the library's does; long work releases the GIL
//! and runs on a thread of its own while the calling thread runs Python's
//! signal handlers every few milliseconds (Ctrl-C stops it) and watches
//! `timeout=` and a `Cancel`.
//!
//! - `convert` — Python values to the library's and back;
//! - `args` — the other named arguments, refused in the same shape;
//! - `errors` — `LianliankanError` and its subclasses, `Cancelled`;
//! - `moves` — `Move`;
//! - `rules` — `Rules`;
//! - `board` — `Board`, and the queries `Board` and `Game` share;
//! - `interrupt` — long work stopped by Ctrl-C, `timeout=`, `Cancel`;
//! - `api` — `generate`, `deal`, `Deal`, `connect`, `moves` and `replay`;
//! - `solve` — `solve` and `SolveResult`;
//! - `rate` — `rate`, `Rating`, `generate_rated` and `RatedDeal`;
//! - `game` — `Game`, `RemovedStep` and `ShuffledStep` (`Step`).
#![deny(missing_docs)]

mod api;
mod args;
mod board;
mod convert;
mod errors;
mod game;
mod interrupt;
mod moves;
mod rate;
mod rules;
mod solve;

use pyo3::prelude::*;

/// The exact Lianliankan / Shisen-Sho / Onet solver and game engine.
///
/// Cells are (row, col), 0-based; a board is a list of rows of tile kinds,
/// 0 for an empty cell; a move is a Move. Values the library refuses raise
/// a LianliankanError (also a ValueError) with the library's message.
#[pymodule]
#[pyo3(name = "lianliankan")]
fn python_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<rules::PyRules>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<interrupt::PyCancel>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<api::Deal>()?;
    m.add_class::<solve::SolveResult>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::RemovedStep>()?;
    m.add_class::<game::ShuffledStep>()?;
    m.add_class::<rate::PyRating>()?;
    m.add_class::<rate::RatedDeal>()?;
    errors::add_to(m)?;
    m.add_function(wrap_pyfunction!(api::generate, m)?)?;
    m.add_function(wrap_pyfunction!(api::deal, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(rate::rate, m)?)?;
    m.add_function(wrap_pyfunction!(rate::generate_rated, m)?)?;
    m.add_function(wrap_pyfunction!(api::replay, m)?)?;
    m.add_function(wrap_pyfunction!(api::connect, m)?)?;
    m.add_function(wrap_pyfunction!(api::moves, m)?)?;
    let gravity: Vec<&str> = lianliankan::Gravity::ALL.iter().map(|g| g.name()).collect();
    m.add("GRAVITY_MODES", pyo3::types::PyTuple::new(m.py(), gravity)?)?;
    let borders: Vec<&str> = lianliankan::Border::ALL.iter().map(|b| b.name()).collect();
    m.add("BORDERS", pyo3::types::PyTuple::new(m.py(), borders)?)?;
    let connects: Vec<&str> = lianliankan::Connect::ALL.iter().map(|c| c.name()).collect();
    m.add(
        "CONNECT_RULES",
        pyo3::types::PyTuple::new(m.py(), connects)?,
    )?;
    add_literals(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

/// The `Literal` aliases of the names the module takes and gives
/// (`Border`, `GravityMode`, `ConnectRule`, `Route`), made at import from
/// the library's names, so that `typing.get_args(lianliankan.Border)`
/// lists them at run time as the stub does for the type checker.
fn add_literals(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let literal = py.import("typing")?.getattr("Literal")?;
    let alias = |names: Vec<&'static str>| -> PyResult<Bound<'_, PyAny>> {
        literal.get_item(pyo3::types::PyTuple::new(py, names)?)
    };
    let borders = lianliankan::Border::ALL.iter().map(|b| b.name()).collect();
    let gravity = lianliankan::Gravity::ALL.iter().map(|g| g.name()).collect();
    let connects = lianliankan::Connect::ALL.iter().map(|c| c.name()).collect();
    let routes = lianliankan::Route::ALL.iter().map(|r| r.name()).collect();
    m.add("Border", alias(borders)?)?;
    m.add("GravityMode", alias(gravity)?)?;
    m.add("ConnectRule", alias(connects)?)?;
    m.add("Route", alias(routes)?)?;
    // `Step`: the union of the two kinds of step, which a type checker
    // narrows by `kind`.
    let union = py.import("typing")?.getattr("Union")?;
    let steps = pyo3::types::PyTuple::new(
        py,
        [
            py.get_type::<game::RemovedStep>(),
            py.get_type::<game::ShuffledStep>(),
        ],
    )?;
    m.add("Step", union.get_item(steps)?)?;
    Ok(())
}
