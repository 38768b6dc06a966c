//! `lianliankan.Move`: the library's [`Move`] (a pair of tiles, or a slide
//! of the first toward the second) as one frozen Python value, with the
//! path that joined it where that is known.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

use lianliankan::{Board, Move, Path, Route};
use pyo3::prelude::*;
use pyo3::types::{PySequence, PyType};

use crate::convert::{self, Cell, Corner};
use crate::errors::{Kind, error};

/// A move: the tiles at cells `a` and `b`, removed together. `route` is
/// None for a plain pair, or "row" or "column" for a slide (rules with
/// `slide`): the tile at `a`, with the run of tiles in front of it, is
/// pushed along its row or column toward `b` first. `path` is the corners
/// of the path that joins the two (from `a` to `b`, both included; -1,
/// rows or cols on the ring around the board) where it is known (a hint, a
/// move played), None where it was not computed (a solver's order, a
/// certificate, `moves`).
///
/// A plain pair keeps its smaller cell first (row by row), as the library
/// does: `Move((0, 3), (0, 0)) == Move((0, 0), (0, 3))`. Moves compare,
/// hash and sort by `a`, `b` and `route` (a plain pair before a slide):
/// the `path` is what one search found, not part of the move.
///
/// Raises TypeError naming the argument for a cell that is not a sequence
/// of two ints; IllegalMove for an unknown route.
#[pyclass(frozen, eq, ord, hash, module = "lianliankan", name = "Move")]
#[derive(Clone, Debug)]
pub struct PyMove {
    /// The first cell.
    a: Cell,
    /// The second cell.
    b: Cell,
    /// The route of a slide.
    route: Option<Route>,
    /// The corners of the path, where known.
    path: Option<Vec<Corner>>,
}

impl PyMove {
    /// What the move is, without its path: what it compares and hashes by.
    fn key(&self) -> (Cell, Cell, u8) {
        let route = match self.route {
            None => 0,
            Some(Route::Row) => 1,
            Some(_) => 2,
        };
        (self.a, self.b, route)
    }

    /// The library's move `m`, with the corners of `path` when known.
    pub fn from_move(m: Move, path: Option<&Path>) -> PyMove {
        let cell = |p: lianliankan::Pos| (p.row as i64, p.col as i64);
        PyMove {
            a: cell(m.a()),
            b: cell(m.b()),
            route: m.route(),
            path: path.map(convert::corners),
        }
    }

    /// The library's move on `board`, or the message saying why it names
    /// no cell (a negative row or column), in the library's words.
    pub fn try_to_move(&self, board: &Board) -> Result<Move, String> {
        let a = convert::try_pos(self.a, board)?;
        let b = convert::try_pos(self.b, board)?;
        Ok(match self.route {
            None => Move::new(a, b),
            Some(route) => Move::slide(a, b, route),
        })
    }

    /// The repr: `Move((r, c), (r, c), route=..., path=[...])`, which
    /// `eval` reads back (with `Move` in scope).
    pub fn repr(&self) -> String {
        let mut out = format!("Move({:?}, {:?}", self.a, self.b);
        if let Some(route) = self.route {
            out.push_str(&format!(", route={:?}", route.name()));
        }
        if let Some(path) = &self.path {
            out.push_str(&format!(", path={path:?}"));
        }
        out.push(')');
        out
    }

    /// The route's name: None, "row" or "column".
    pub fn route_name(&self) -> Option<&'static str> {
        self.route.map(Route::name)
    }

    /// The cells of the move as given: `(a, b)`.
    pub fn cells(&self) -> (Cell, Cell) {
        (self.a, self.b)
    }
}

impl PartialEq for PyMove {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for PyMove {}

impl Hash for PyMove {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl PartialOrd for PyMove {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PyMove {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

/// The route named `name`: None, "row" or "column".
///
/// # Errors
/// `IllegalMove` for another name.
fn route(name: Option<&str>) -> PyResult<Option<Route>> {
    match name {
        None => Ok(None),
        Some("row") => Ok(Some(Route::Row)),
        Some("column") => Ok(Some(Route::Column)),
        Some(other) => Err(error(
            Kind::IllegalMove,
            format!("unknown route {other:?}: a route is \"row\", \"column\" or None"),
        )),
    }
}

/// The corners of a path given as `obj`: a sequence of cells.
fn path_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Corner>> {
    let seq = obj.cast::<PySequence>().map_err(|_| {
        convert::type_error(&"path", "None or a sequence of corners (row, col)", obj)
    })?;
    let mut corners = Vec::with_capacity(seq.len()?);
    for (i, corner) in seq.try_iter()?.enumerate() {
        let (row, col) = convert::cell_arg(&corner?, &format!("path[{i}]"))?;
        let to_isize = |v: i64| {
            isize::try_from(v).map_err(|_| {
                pyo3::exceptions::PyOverflowError::new_err(format!(
                    "path[{i}] = ({row}, {col}) is beyond this machine's cells"
                ))
            })
        };
        corners.push((to_isize(row)?, to_isize(col)?));
    }
    Ok(corners)
}

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (a, b, route = None, path = None))]
    fn new(
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = crate::args::route)] route: Option<String>,
        path: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyMove> {
        let (a, b) = (convert::cell_arg(a, "a")?, convert::cell_arg(b, "b")?);
        let route = self::route(route.as_deref())?;
        let mut path = path.map(path_arg).transpose()?;
        let (a, b) = if route.is_none() && b < a {
            // A plain pair: smaller cell first, its path turned round.
            if let Some(path) = path.as_mut() {
                path.reverse();
            }
            (b, a)
        } else {
            (a, b)
        };
        Ok(PyMove { a, b, route, path })
    }

    /// The first cell: the smaller of a plain pair, the tile that slides in
    /// a slide.
    #[getter]
    fn a(&self) -> Cell {
        self.a
    }

    /// The second cell (a slide's partner, which does not move).
    #[getter]
    fn b(&self) -> Cell {
        self.b
    }

    /// None for a plain pair; "row" or "column" for a slide.
    #[getter]
    fn route(&self) -> Option<&'static str> {
        self.route.map(Route::name)
    }

    /// The corners of the path from `a` to `b` where known; None where it
    /// was not computed.
    #[getter]
    fn path(&self) -> Option<Vec<Corner>> {
        self.path.clone()
    }

    /// Whether the move is a slide (`route` is not None).
    #[getter]
    fn is_slide(&self) -> bool {
        self.route.is_some()
    }

    fn __repr__(&self) -> String {
        self.repr()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Py<PyAny>)> {
        let py = slf.py();
        let m = slf.get();
        let args = (m.a, m.b, m.route(), m.path.clone()).into_pyobject(py)?;
        Ok((py.get_type::<PyMove>(), args.into_any().unbind()))
    }
}
