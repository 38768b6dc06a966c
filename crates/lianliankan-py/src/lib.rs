//! The Python package `lianliankan`: the `lianliankan` crate's rules,
//! deals, exact solver, queries and game, for Python 3.9 and later through
//! PyO3's stable ABI (one wheel for every CPython version).
//!
//! `cargo xtask wheel` builds the wheel into `target/wheels/`; the Python
//! API is described in `docs/python.md` and typed in `lianliankan.pyi`
//! (shipped in the wheel with `py.typed`).
//!
//! The key choices: values cross as plain Python values (a board is a list
//! of rows of kinds, a cell a `(row, col)` tuple, 0-based), so that a
//! notebook or a game can use them without wrappers; every bad argument
//! raises `ValueError` with the library's message (the release profile
//! aborts on panic, so nothing here may panic); `solve` releases the GIL
//! and looks at Python's signal handlers every few milliseconds through
//! the library's progress callback, so Ctrl-C stops it.
//!
//! - `convert` — Python values to the library's and back;
//! - `rules` — `Rules`;
//! - `api` — `generate`, `deal`, `connect`, `moves`, `replay` and
//!   `IllegalStep`;
//! - `solve` — `solve` and `SolveResult`;
//! - `rate` — `rate`, `Rating`, `generate_rated`, `RatedDeal` and
//!   `OutOfBand` (GIL released, Ctrl-C stops them as it stops `solve`);
//! - `game` — `Game` and `Step`.
#![deny(missing_docs)]

mod api;
mod convert;
mod game;
mod interrupt;
mod rate;
mod rules;
mod solve;

use pyo3::prelude::*;

/// The exact Lianliankan / Shisen-Sho / Onet solver and game engine.
///
/// Cells are (row, col), 0-based; a board is a list of rows of tile kinds,
/// 0 for an empty cell. Bad arguments raise ValueError with the library's
/// message.
#[pymodule]
#[pyo3(name = "lianliankan")]
fn python_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<rules::PyRules>()?;
    m.add_class::<api::Deal>()?;
    m.add_class::<solve::SolveResult>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyStep>()?;
    m.add_class::<rate::PyRating>()?;
    m.add_class::<rate::RatedDeal>()?;
    m.add("IllegalStep", m.py().get_type::<api::IllegalStep>())?;
    m.add("OutOfBand", m.py().get_type::<rate::OutOfBand>())?;
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
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
