//! `lianliankan.Game`: the library's [`Game`] (a board, its rules and its
//! history, with undo and redo) as a Python object, and `Step`, one entry
//! of its history.

use lianliankan::{Connector, Game, Step};
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::api::moves_of;
use crate::board::{self, PyBoard};
use crate::convert::{self, CellOut, Corner, value_error};
use crate::errors::{Kind, error};
use crate::moves::PyMove;
use crate::rules::PyRules;

/// A cell and its tile's kind.
type Tile = (CellOut, u32);

/// A tile gravity moved: its kind, where from, where to.
type Fall = (u32, CellOut, CellOut);

/// A removal in a game's history (`kind` "removed"): `move` (a Move, on
/// the board as it was before; its route None, or "row" or "column" for a
/// slide, whose `a` is the tile pushed; its path not recorded), `kinds`
/// (the two tiles' kinds) and `moved`, the tiles gravity moved afterwards
/// as `(kind, from, to)` (empty without gravity), row by row of where they
/// went. With ShuffledStep it makes the union `Step`, which a type checker
/// narrows by `kind`. Steps compare equal when their fields are; they
/// pickle and copy.
#[pyclass(frozen, eq, hash, module = "lianliankan", name = "RemovedStep")]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RemovedStep {
    /// The move made, on the board as it was before.
    #[pyo3(get, name = "move")]
    made: PyMove,
    /// The kinds of the removed tiles.
    #[pyo3(get)]
    kinds: (u32, u32),
    /// The tiles gravity moved after the removal: `(kind, from, to)`.
    #[pyo3(get)]
    moved: Vec<Fall>,
}

/// A shuffle in a game's history (`kind` "shuffled"): `before` and
/// `after`, the tiles as `((row, col), kind)`, row by row. With
/// RemovedStep it makes the union `Step`. Steps compare equal when their
/// fields are; they pickle and copy.
#[pyclass(frozen, eq, hash, module = "lianliankan", name = "ShuffledStep")]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShuffledStep {
    /// The tiles before the shuffle, row by row.
    #[pyo3(get)]
    before: Vec<Tile>,
    /// The tiles after the shuffle, row by row.
    #[pyo3(get)]
    after: Vec<Tile>,
}

#[pymethods]
impl RemovedStep {
    /// "removed".
    #[getter]
    fn kind(&self) -> &'static str {
        "removed"
    }

    fn __repr__(&self) -> String {
        format!(
            "RemovedStep(move={}, kinds={:?}, moved=<{} tiles>)",
            self.made.repr(),
            self.kinds,
            self.moved.len()
        )
    }

    /// Rebuilds a pickled RemovedStep (pickle's constructor; not for
    /// other use).
    #[classmethod]
    fn _restore(
        _cls: &Bound<'_, PyType>,
        made: PyRef<'_, PyMove>,
        kinds: (u32, u32),
        moved: Vec<Fall>,
    ) -> RemovedStep {
        RemovedStep {
            made: (*made).clone(),
            kinds,
            moved,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let py = slf.py();
        let s = slf.get();
        let args = (s.made.clone(), s.kinds, s.moved.clone()).into_pyobject(py)?;
        Ok((
            py.get_type::<RemovedStep>().getattr("_restore")?,
            args.into_any().unbind(),
        ))
    }
}

#[pymethods]
impl ShuffledStep {
    /// "shuffled".
    #[getter]
    fn kind(&self) -> &'static str {
        "shuffled"
    }

    fn __repr__(&self) -> String {
        format!("ShuffledStep(after=<{} tiles>)", self.after.len())
    }

    /// Rebuilds a pickled ShuffledStep (pickle's constructor; not for
    /// other use).
    #[classmethod]
    fn _restore(_cls: &Bound<'_, PyType>, before: Vec<Tile>, after: Vec<Tile>) -> ShuffledStep {
        ShuffledStep { before, after }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let py = slf.py();
        let s = slf.get();
        let args = (s.before.clone(), s.after.clone()).into_pyobject(py)?;
        Ok((
            py.get_type::<ShuffledStep>().getattr("_restore")?,
            args.into_any().unbind(),
        ))
    }
}

/// The library's `step` as a Python object: a RemovedStep or a
/// ShuffledStep.
fn step_object(py: Python<'_>, step: &Step) -> PyResult<Py<PyAny>> {
    let tiles = |list: &[(lianliankan::Pos, u32)]| -> Vec<Tile> {
        list.iter().map(|&(p, k)| (convert::cell(p), k)).collect()
    };
    Ok(match step {
        Step::Removed {
            pair, kinds, moved, ..
        } => Py::new(
            py,
            RemovedStep {
                made: PyMove::from_move(*pair, None),
                kinds: (kinds[0], kinds[1]),
                moved: moved
                    .iter()
                    .map(|s| (s.kind, convert::cell(s.from), convert::cell(s.to)))
                    .collect(),
            },
        )?
        .into_any(),
        Step::Shuffled { before, after } => Py::new(
            py,
            ShuffledStep {
                before: tiles(before),
                after: tiles(after),
            },
        )?
        .into_any(),
    })
}

/// The steps of `steps` as Python objects.
fn step_objects<'a>(
    py: Python<'_>,
    steps: impl Iterator<Item = &'a Step>,
) -> PyResult<Vec<Py<PyAny>>> {
    steps.map(|s| step_object(py, s)).collect()
}

/// A game: a board (a sequence of rows of kinds, 0 empty) under `rules`
/// (default `Rules()`, the judge's), with its history. `remove` takes a
/// pair off, `play` makes a Move, `undo` and `redo` walk the history,
/// `hint` and `moves` say what can be done, `shuffle` rearranges the tiles
/// left. A game pickles and copies with its history (and the steps undone).
///
/// Raises BoardError (a ValueError) for a bad board.
#[pyclass(module = "lianliankan", name = "Game")]
#[derive(Clone, Debug)]
pub struct PyGame {
    game: Game,
}

/// An IllegalMove carrying `message`.
fn illegal(message: impl std::fmt::Display) -> PyErr {
    error(Kind::IllegalMove, message)
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (board, rules = None))]
    fn new(
        board: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = crate::rules::rules_arg)] rules: Option<PyRules>,
    ) -> PyResult<PyGame> {
        let (board, rules) = board::board_and_rules(board, "board", rules.as_ref())?;
        Ok(PyGame {
            game: Game::new(board, rules),
        })
    }

    /// The board now as a Board (with the game's rules): a value that
    /// does not change as the game goes on.
    fn position(&self) -> PyBoard {
        PyBoard::new(self.game.board().clone(), self.game.rules().clone())
    }

    /// The corners of the path joining the tiles at `a` and `b` now, as
    /// `Board.connect`, or None.
    ///
    /// Raises BoardError for a cell off the board.
    fn connect(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<Vec<Corner>>> {
        let cells = board::positions(self.game.board(), a, b)?;
        let path = board::connect_on(
            self.game.board(),
            self.game.rules(),
            &mut Connector::new(),
            cells,
        )?;
        Ok(path.as_ref().map(convert::corners))
    }

    /// Whether the tiles at `a` and `b` can be removed now, as
    /// `Board.can_remove`.
    ///
    /// Raises BoardError for a cell off the board.
    fn can_remove(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
        let cells = board::positions(self.game.board(), a, b)?;
        board::removal_path(
            self.game.board(),
            self.game.rules(),
            &mut Connector::new(),
            cells,
        )
        .map(|path| path.is_some())
    }

    /// The corners of the path the removal of the tiles at `a` and `b`
    /// would take now, as `Board.path`, or None.
    ///
    /// Raises BoardError for a cell off the board.
    fn path(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<Vec<Corner>>> {
        let cells = board::positions(self.game.board(), a, b)?;
        let path = board::removal_path(
            self.game.board(),
            self.game.rules(),
            &mut Connector::new(),
            cells,
        )?;
        Ok(path.as_ref().map(convert::corners))
    }

    /// The board now: a list of rows of kinds, 0 empty.
    #[getter]
    fn board(&self) -> Vec<Vec<u32>> {
        convert::rows(self.game.board())
    }

    /// The game's rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            inner: self.game.rules().clone(),
        }
    }

    /// The steps taken since the start, oldest first (a list of Step).
    #[getter]
    fn history(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        step_objects(py, self.game.history().iter())
    }

    /// The steps undone that `redo` would take again, next first.
    #[getter]
    fn undone(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        step_objects(py, self.game.undone().iter().rev())
    }

    /// Removes the tiles at cells `a` and `b` (each a sequence of two
    /// ints; then gravity acts) and returns the path's corners, both tiles
    /// included. Clears what `redo` could take again.
    ///
    /// Raises IllegalMove (a ValueError), with the library's message, and
    /// changes nothing when a cell is off the board or empty, both are one
    /// cell, the kinds do not match, or no path joins them.
    fn remove(&mut self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Vec<Corner>> {
        let (a, b) = (convert::cell_arg(a, "a")?, convert::cell_arg(b, "b")?);
        let board = self.game.board();
        let pos = |cell| convert::try_pos(cell, board).map_err(illegal);
        let (a, b) = (pos(a)?, pos(b)?);
        let path = self.game.remove(a, b).map_err(illegal)?;
        Ok(convert::corners(&path))
    }

    /// Makes `move` (a Move): a plain pair as `remove` does; a slide
    /// (route "row" or "column", under rules with `slide`) pushes the tile
    /// at `a`, with the run of tiles in front of it, along its row or
    /// column to the corner from which a straight empty segment reaches
    /// `b`, then removes the two (then gravity acts). Returns the move made
    /// with its `path`: for a slide, from where `a` was, along its route,
    /// to `b`. Clears what `redo` could take again.
    ///
    /// Raises IllegalMove (a ValueError), with the library's message, and
    /// changes nothing when the move cannot be made (a slide under rules
    /// without slides among the reasons); TypeError for a value that is
    /// not a Move.
    #[pyo3(signature = (r#move))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let given = r#move
            .cast::<PyMove>()
            .map_err(|_| convert::type_error(&"move", "Move", r#move))?;
        let m = given
            .get()
            .try_to_move(self.game.board())
            .map_err(illegal)?;
        let path = self.game.play(m).map_err(illegal)?;
        Ok(PyMove::from_move(m, Some(&path)))
    }

    /// Undoes the last step (a removal, with its gravity, or a shuffle) and
    /// returns it, or None at the start.
    fn undo(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.game
            .undo()
            .as_ref()
            .map(|s| step_object(py, s))
            .transpose()
    }

    /// Takes the last undone step again and returns it, or None when there
    /// is none.
    fn redo(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.game
            .redo()
            .as_ref()
            .map(|s| step_object(py, s))
            .transpose()
    }

    /// A move that can be made now, with its path (the first of
    /// `moves()`, the path `play` would return for it), or None when there
    /// is none.
    fn hint(&self) -> Option<PyMove> {
        self.game
            .hint_path()
            .map(|(m, path)| PyMove::from_move(m, Some(&path)))
    }

    /// Every move that can be made now, as the function `moves` lists
    /// them: plain pairs and, under rules with `slide`, slides (paths not
    /// computed).
    fn moves(&self) -> Vec<PyMove> {
        moves_of(&self.game.moves())
    }

    /// Rearranges the tiles left over their cells, from `seed` (any int
    /// from 0 to 2**64 - 1), so that a move exists; a step of the history
    /// (undo puts them back).
    ///
    /// Raises NoMovePossible (a ValueError), changing nothing, when no
    /// arrangement has a move (the library's message); ValueError for a
    /// negative seed.
    fn shuffle(&mut self, #[pyo3(from_py_with = convert::seed)] seed: u64) -> PyResult<()> {
        self.game
            .shuffle(seed)
            .map_err(|e| error(Kind::NoMovePossible, e))
    }

    /// Whether no tile is left.
    fn is_cleared(&self) -> bool {
        self.game.is_cleared()
    }

    /// Whether tiles are left but no pair can be removed.
    fn is_dead(&self) -> bool {
        self.game.is_dead()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(board={}, rules={}, history=<{} steps>)",
            board::summary(self.game.board()),
            crate::rules::repr(self.game.rules()),
            self.game.history().len()
        )
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// Rebuilds a pickled Game from the library's saved form (pickle's
    /// constructor; not for other use).
    #[classmethod]
    fn _restore(_cls: &Bound<'_, PyType>, saved: &str) -> PyResult<PyGame> {
        let game: Game = serde_json::from_str(saved)
            .map_err(|e| value_error(format!("not a saved game: {e}")))?;
        Ok(PyGame { game })
    }

    /// Pickles as the library's saved form (its `serde` JSON: the starting
    /// board, the rules, every step and the steps undone), which
    /// unpickling replays and checks.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let py = slf.py();
        let saved = serde_json::to_string(&slf.borrow().game)
            .map_err(|e| value_error(format!("the game cannot be saved: {e}")))?;
        Ok((py.get_type::<PyGame>().getattr("_restore")?, (saved,)))
    }
}
