//! The module's exceptions: `LianliankanError` at the root, and under it
//! one class for each kind of value the library refuses, each also a
//! `ValueError` (so that code written when they were plain `ValueError`s
//! keeps working).
//!
//! PyO3's `create_exception!` makes classes of one base only; the
//! subclasses here have two (`LianliankanError` and `ValueError`), so they
//! are made once per process by calling `type(name, bases, namespace)`,
//! and kept.

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

pyo3::create_exception!(
    lianliankan,
    LianliankanError,
    PyException,
    "The root of the module's exceptions: every value the library refuses (rules, a board, a deal, a move, a step of an order) raises a subclass of it, each also a ValueError. An argument of the wrong type raises TypeError, and a number out of its range (a negative seed, say) a plain ValueError."
);

pyo3::create_exception!(
    lianliankan,
    Cancelled,
    LianliankanError,
    "Long work (generate, generate_rated, rate) stopped by the Cancel it was given. A LianliankanError, not a ValueError: nothing was refused. (solve answers status \"unknown\" instead, for a time limit too; elsewhere a time limit raises TimeoutError.)"
);

/// A `Cancelled` carrying `message`.
pub fn cancelled(message: &str) -> PyErr {
    Cancelled::new_err(message.to_owned())
}

/// The subclasses of `LianliankanError`, in the order the module adds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `Rules(...)` refused: an unknown name, a bad groups text, a
    /// negative turn limit, or settings that contradict each other (the
    /// library's `RulesError`).
    Rules,
    /// A board refused (rows of different lengths, a kind out of range, no
    /// cells), or a cell that is not on it.
    Board,
    /// `generate`, `deal` or `generate_rated` refused the size or kinds.
    Deal,
    /// A move that is malformed (an unknown route) or cannot be made now.
    IllegalMove,
    /// A step of a removal order that cannot be played (`replay`).
    IllegalStep,
    /// No arrangement of the tiles left has a move (`Game.shuffle`).
    NoMovePossible,
    /// No deal `generate_rated` made scored within the band.
    OutOfBand,
}

impl Kind {
    /// Every kind, as the module adds them.
    pub const ALL: [Kind; 7] = [
        Kind::Rules,
        Kind::Board,
        Kind::Deal,
        Kind::IllegalMove,
        Kind::IllegalStep,
        Kind::NoMovePossible,
        Kind::OutOfBand,
    ];

    /// The class's name in Python.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Rules => "RulesError",
            Kind::Board => "BoardError",
            Kind::Deal => "DealError",
            Kind::IllegalMove => "IllegalMove",
            Kind::IllegalStep => "IllegalStep",
            Kind::NoMovePossible => "NoMovePossible",
            Kind::OutOfBand => "OutOfBand",
        }
    }

    /// The class's docstring.
    fn doc(self) -> &'static str {
        match self {
            Kind::Rules => {
                "Rules refused: an unknown border, gravity or connection name, a bad groups text, a negative turn limit, or settings that contradict each other (the library's RulesError: its message names the conflict). A LianliankanError and a ValueError."
            }
            Kind::Board => {
                "A board refused (rows of different lengths, a kind out of range, no row or no column), or a cell that is not on it. A LianliankanError and a ValueError."
            }
            Kind::Deal => {
                "generate, deal or generate_rated refused the size or the kinds asked for (fewer than two cells, more than the largest board, kinds the board cannot hold), with the library's message. A LianliankanError and a ValueError."
            }
            Kind::IllegalMove => {
                "A move that cannot be made now (Game.remove, Game.play: a cell off the board or empty, one cell twice, kinds that do not match, no path, a slide under rules without slides) or that is malformed (an unknown route), with the library's message; the game is left as it was. A LianliankanError and a ValueError."
            }
            Kind::IllegalStep => {
                "A step of a removal order that cannot be played: `index` is its place in the order (from 0), `step` the Move as the order gave it, `reason` the library's words for why (a cell off the board or empty, tiles of different kinds, no path). A LianliankanError and a ValueError."
            }
            Kind::NoMovePossible => {
                "No arrangement of the tiles left on their cells has a move (Game.shuffle); the game is left as it was. A LianliankanError and a ValueError."
            }
            Kind::OutOfBand => {
                "No deal `generate_rated` made scored within the band asked for: `band` is the band (low, high), `candidates` the deals made and rated, `scores` the lowest and highest scores seen (low, high). A LianliankanError and a ValueError."
            }
        }
    }
}

/// The classes, made on first use.
static CLASSES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

/// Makes the classes: `type(name, (LianliankanError, ValueError), ns)`.
fn make(py: Python<'_>) -> PyResult<Vec<Py<PyType>>> {
    let bases = PyTuple::new(
        py,
        [
            py.get_type::<LianliankanError>(),
            py.get_type::<PyValueError>(),
        ],
    )?;
    let mut classes = Vec::with_capacity(Kind::ALL.len());
    for kind in Kind::ALL {
        let namespace = PyDict::new(py);
        namespace.set_item("__module__", "lianliankan")?;
        namespace.set_item("__doc__", kind.doc())?;
        let class = py
            .get_type::<PyType>()
            .call1((kind.name(), &bases, namespace))?
            .cast_into::<PyType>()?;
        classes.push(class.unbind());
    }
    Ok(classes)
}

/// The class of `kind`.
///
/// # Errors
/// Only when Python cannot make the class (out of memory).
pub fn class(py: Python<'_>, kind: Kind) -> PyResult<Bound<'_, PyType>> {
    let classes = CLASSES.get_or_try_init(py, || make(py))?;
    let index = Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
    Ok(classes[index].bind(py).clone())
}

/// An exception of `kind` carrying `message` (the library's `Display`
/// text). Should the class not be made (out of memory), that failure is
/// the exception.
pub fn error(kind: Kind, message: impl std::fmt::Display) -> PyErr {
    let message = message.to_string();
    Python::attach(|py| match class(py, kind) {
        Ok(class) => PyErr::from_type(class, message),
        Err(e) => e,
    })
}

/// Adds `LianliankanError` and its subclasses to the module.
pub fn add_to(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("LianliankanError", py.get_type::<LianliankanError>())?;
    m.add("Cancelled", py.get_type::<Cancelled>())?;
    for kind in Kind::ALL {
        m.add(kind.name(), class(py, kind)?)?;
    }
    Ok(())
}
