//! `lianliankan.Board`: a board read once into the library's own
//! [`Board`] (its ring and prefix counts) with its rules, kept inside the
//! handle, so that a query on it costs what the library's does: `connect`
//! on a 100 x 100 board as on an 8 x 12 one, rather than a read of the
//! whole list of lists per call.
//!
//! The queries (`connect`, `can_remove`, `path`, `moves`, `hint`) are
//! written here once, on the library's values, for `Board` and `Game`.

use std::hash::{Hash, Hasher};
use std::sync::Mutex;

use lianliankan::draw::{Style, settled};
use lianliankan::{Board, Border, Connector, Path, Pos, Rules, ways_to_remove};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyType};

use crate::convert::{self, Corner};
use crate::errors::{Kind, error};
use crate::moves::PyMove;
use crate::rules::PyRules;

/// A board with its rules, read once: built from a sequence of rows of
/// kinds (0 empty; lists, tuples, or a 2-D numpy array of ints), from
/// another Board, or from the judge's text (`Board.from_judge`). It is
/// immutable (a Game plays on one): it compares and hashes by its kinds and
/// rules, pickles and copies; `str()` draws it, `to_judge()` writes it in
/// the judge's format, `to_list()` as rows of kinds.
///
/// `connect`, `can_remove`, `path`, `moves` and `hint` ask the library
/// about the board as it is, under its rules; the board is not read again,
/// so `connect` costs about as much on a 100 x 100 board as on 8 x 12.
///
/// Raises BoardError (a ValueError) for a bad board; TypeError naming the
/// argument for a value of the wrong type.
#[pyclass(frozen, module = "lianliankan", name = "Board")]
#[derive(Debug)]
pub struct PyBoard {
    board: Board,
    rules: Rules,
    /// The search buffers of queries beyond two turns, kept between calls
    /// (taken without waiting: a query that finds them busy makes its own).
    connector: Mutex<Connector>,
}

impl PyBoard {
    /// A handle on `board` under `rules`.
    pub fn new(board: Board, rules: Rules) -> PyBoard {
        PyBoard {
            board,
            rules,
            connector: Mutex::new(Connector::new()),
        }
    }

    /// The library's board.
    pub fn inner(&self) -> &Board {
        &self.board
    }

    /// The board's rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Runs `query` with a connector: a fresh one (no allocation) under a
    /// turn limit of two or less, whose queries use no search buffers;
    /// else the kept one, or a fresh one when another thread is using it.
    fn with_connector<T>(&self, query: impl FnOnce(&mut Connector) -> T) -> T {
        if self.rules.max_turns() <= 2 {
            return query(&mut Connector::new());
        }
        match self.connector.try_lock() {
            Ok(mut kept) => query(&mut kept),
            Err(_) => query(&mut Connector::new()),
        }
    }
}

/// The positions of the cells `a` and `b` on `board`.
///
/// # Errors
/// `TypeError` naming the argument for a value that is no cell;
/// `BoardError` for a negative row or column.
pub fn positions(
    board: &Board,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
) -> PyResult<(Pos, Pos)> {
    if let (Some(a), Some(b)) = (convert::plain_pos(a), convert::plain_pos(b)) {
        return Ok((a, b));
    }
    let (a, b) = (convert::cell_arg(a, "a")?, convert::cell_arg(b, "b")?);
    let on_board = |cell| convert::try_pos(cell, board).map_err(|e| error(Kind::Board, e));
    Ok((on_board(a)?, on_board(b)?))
}

/// The path of the connection query between `a` and `b` (no slides), as
/// the library's `connect`.
///
/// # Errors
/// `BoardError` for a cell off the board.
pub fn connect_on(
    board: &Board,
    rules: &Rules,
    connector: &mut Connector,
    (a, b): (Pos, Pos),
) -> PyResult<Option<Path>> {
    connector
        .connect(board, a, b, rules)
        .map_err(|e| error(Kind::Board, e))
}

/// The path of the removal of the tiles at `a` and `b` now, if they can be
/// removed: the connection's path, or under rules with `slide` the first
/// way the library's `ways_to_remove` finds (a plain pair before a slide).
///
/// # Errors
/// `BoardError` for a cell off the board.
pub fn removal_path(
    board: &Board,
    rules: &Rules,
    connector: &mut Connector,
    cells: (Pos, Pos),
) -> PyResult<Option<Path>> {
    if !rules.slide() {
        return connect_on(board, rules, connector, cells);
    }
    for pos in [cells.0, cells.1] {
        if !board.contains(pos) {
            return Err(error(
                Kind::Board,
                format!("{pos} is off the {}x{} board", board.rows(), board.cols()),
            ));
        }
    }
    // Off the board is refused above; the other refusals (an empty cell,
    // kinds that do not match) mean the pair cannot go.
    Ok(ways_to_remove(board, cells.0, cells.1, rules)
        .ok()
        .and_then(|ways| ways.into_iter().next())
        .map(|way| way.path))
}

/// A move that can be made now with its path (the first of the library's
/// `moves`), or None.
pub fn hint_on(board: &Board, rules: &Rules) -> Option<PyMove> {
    let mut connector = Connector::new();
    lianliankan::moves(board, rules).into_iter().find_map(|m| {
        let path = match m.route() {
            None => connector.connect(board, m.a(), m.b(), rules).ok()??,
            Some(_) => {
                ways_to_remove(board, m.a(), m.b(), rules)
                    .ok()?
                    .into_iter()
                    .find(|way| way.pair == m)?
                    .path
            }
        };
        Some(PyMove::from_move(m, Some(&path)))
    })
}

/// Every move that can be made now, as the library's `moves` (paths not
/// computed).
pub fn moves_on(board: &Board, rules: &Rules) -> Vec<PyMove> {
    lianliankan::moves(board, rules)
        .into_iter()
        .map(|m| PyMove::from_move(m, None))
        .collect()
}

/// The board of `obj`, the argument `name`: a Board's (copied), or as
/// [`convert::board_arg`] reads a sequence of rows.
///
/// # Errors
/// As [`convert::board_arg`].
pub fn board_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Board> {
    match obj.cast::<PyBoard>() {
        Ok(handle) => Ok(handle.get().board.clone()),
        Err(_) => convert::board_arg(obj, name),
    }
}

/// Runs `query` on the board of `obj` and the rules to use on it (as
/// [`board_and_rules`]), without copying a Board's.
///
/// # Errors
/// As [`board_arg`], and `query`'s.
pub fn with_board<T>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    rules: Option<&PyRules>,
    query: impl FnOnce(&Board, &Rules) -> PyResult<T>,
) -> PyResult<T> {
    match obj.cast::<PyBoard>() {
        Ok(handle) => {
            let handle = handle.get();
            match rules {
                Some(rules) => query(&handle.board, &rules.inner),
                None => query(&handle.board, &handle.rules),
            }
        }
        Err(_) => query(
            &convert::board_arg(obj, name)?,
            &crate::rules::or_default(rules),
        ),
    }
}

/// The board of `obj` and the rules to use on it: `rules` when given, else
/// a Board's own rules, else `Rules()`.
///
/// # Errors
/// As [`board_arg`].
pub fn board_and_rules(
    obj: &Bound<'_, PyAny>,
    name: &str,
    rules: Option<&PyRules>,
) -> PyResult<(Board, Rules)> {
    match obj.cast::<PyBoard>() {
        Ok(handle) => {
            let handle = handle.get();
            let rules = rules.map_or_else(|| handle.rules.clone(), |r| r.inner.clone());
            Ok((handle.board.clone(), rules))
        }
        Err(_) => Ok((
            convert::board_arg(obj, name)?,
            crate::rules::or_default(rules),
        )),
    }
}

/// Draws `board`: its kinds in columns, `.` for an empty cell.
pub fn picture(board: &Board) -> String {
    settled(board, &[], Border::Closed, Style::Ascii)
}

/// The summary of a board in reprs: `<8x12 board, 96 tiles>`.
pub fn summary(board: &Board) -> String {
    format!(
        "<{}x{} board, {} tiles>",
        board.rows(),
        board.cols(),
        board.tile_count()
    )
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (board, rules = None))]
    fn py_new(
        board: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = crate::rules::rules_arg)] rules: Option<PyRules>,
    ) -> PyResult<PyBoard> {
        let (board, rules) = board_and_rules(board, "board", rules.as_ref())?;
        Ok(PyBoard::new(board, rules))
    }

    /// The board written in the judge's format (the HDU 1175 input's board
    /// part: `n m`, then n rows of m kinds, 0 empty), read as `rules`
    /// (default Rules()). Line breaks carry no meaning; nothing may follow
    /// the board.
    ///
    /// Raises BoardError (a ValueError) for malformed text, saying the line
    /// and column as the command line does.
    #[classmethod]
    #[pyo3(signature = (text, rules = None))]
    fn from_judge(
        _cls: &Bound<'_, PyType>,
        text: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = crate::rules::rules_arg)] rules: Option<PyRules>,
    ) -> PyResult<PyBoard> {
        let text = convert::str_arg(text, "text")?;
        let board: Board = text.parse().map_err(|e| error(Kind::Board, e))?;
        Ok(PyBoard::new(
            board,
            crate::rules::or_default(rules.as_ref()),
        ))
    }

    /// The board in the judge's format: `n m`, then one line of m kinds
    /// (0 empty) per row; `Board.from_judge` reads it back.
    fn to_judge(&self) -> String {
        self.board.to_string()
    }

    /// The board as rows of kinds, 0 empty (a list of lists).
    fn to_list(&self) -> Vec<Vec<u32>> {
        convert::rows(&self.board)
    }

    /// The number of rows.
    #[getter]
    fn rows(&self) -> usize {
        self.board.rows()
    }

    /// The number of columns.
    #[getter]
    fn cols(&self) -> usize {
        self.board.cols()
    }

    /// The number of tiles (cells that are not empty).
    #[getter]
    fn tile_count(&self) -> usize {
        self.board.tile_count()
    }

    /// The board's rules.
    #[getter(rules)]
    fn py_rules(&self) -> PyRules {
        PyRules {
            inner: self.rules.clone(),
        }
    }

    /// The kind of the tile at `cell` (0 for an empty cell).
    ///
    /// Raises BoardError for a cell off the board.
    fn kind(&self, cell: &Bound<'_, PyAny>) -> PyResult<u32> {
        let cell = convert::cell_arg(cell, "cell")?;
        let pos = convert::try_pos(cell, &self.board).map_err(|e| error(Kind::Board, e))?;
        self.board.kind(pos).ok_or_else(|| {
            error(
                Kind::Board,
                format!(
                    "{pos} is off the {}x{} board",
                    self.board.rows(),
                    self.board.cols()
                ),
            )
        })
    }

    /// The corners of the path joining the tiles at `a` and `b` under the
    /// board's rules, both included, or None (as the function `connect`;
    /// no slides).
    ///
    /// Raises BoardError for a cell off the board.
    fn connect<'py>(
        &self,
        a: &Bound<'py, PyAny>,
        b: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        let cells = positions(&self.board, a, b)?;
        let path = self.with_connector(|c| connect_on(&self.board, &self.rules, c, cells))?;
        // The list made at once from the path's corners.
        path.map(|path| PyList::new(a.py(), path.corners().iter().map(|p| (p.row, p.col))))
            .transpose()
    }

    /// Whether the tiles at `a` and `b` can be removed now: joined by a
    /// path, or under rules with `slide` by a slide.
    ///
    /// Raises BoardError for a cell off the board.
    fn can_remove(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
        let cells = positions(&self.board, a, b)?;
        self.with_connector(|c| removal_path(&self.board, &self.rules, c, cells))
            .map(|path| path.is_some())
    }

    /// The corners of the path the removal of the tiles at `a` and `b`
    /// takes now (`connect`'s path, or under rules with `slide` a slide's
    /// when no plain path joins them: the first tile's route, then the
    /// segment to its partner), or None when they cannot be removed.
    ///
    /// Raises BoardError for a cell off the board.
    fn path(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<Vec<Corner>>> {
        let cells = positions(&self.board, a, b)?;
        let path = self.with_connector(|c| removal_path(&self.board, &self.rules, c, cells))?;
        Ok(path.as_ref().map(convert::corners))
    }

    /// Every move that can be made now, as the function `moves`.
    fn moves(&self) -> Vec<PyMove> {
        moves_on(&self.board, &self.rules)
    }

    /// A move that can be made now with its path (the first of `moves()`),
    /// or None.
    fn hint(&self) -> Option<PyMove> {
        hint_on(&self.board, &self.rules)
    }

    fn __str__(&self) -> String {
        picture(&self.board)
    }

    fn __repr__(&self) -> String {
        format!(
            "Board(board={}, rules={})",
            summary(&self.board),
            crate::rules::repr(&self.rules)
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyBoard>()
            .is_ok_and(|o| o.get().board == self.board && o.get().rules == self.rules)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.board.rows(), self.board.cols()).hash(&mut hasher);
        for (pos, kind) in self.board.tiles() {
            (pos.row, pos.col, kind).hash(&mut hasher);
        }
        self.rules.hash(&mut hasher);
        hasher.finish()
    }

    fn __copy__(slf: &Bound<'_, Self>) -> Py<PyBoard> {
        slf.clone().unbind()
    }

    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> Py<PyBoard> {
        slf.clone().unbind()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Py<PyAny>)> {
        let py = slf.py();
        let b = slf.get();
        let rules = Py::new(py, b.py_rules())?;
        let args = (convert::rows(&b.board), rules).into_pyobject(py)?;
        Ok((py.get_type::<PyBoard>(), args.into_any().unbind()))
    }
}
