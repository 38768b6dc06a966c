//! `lianliankan.Game`: the library's [`Game`] (a board, its rules and its
//! history, with undo and redo) as a Python object, and `Step`, one entry
//! of its history.

use lianliankan::{Game, Step};
use pyo3::prelude::*;

use crate::api::seed;
use crate::convert::{self, Cell, CellOut, PairOut, value_error};
use crate::rules::{PyRules, or_default};

/// A cell and its tile's kind.
type Tile = (CellOut, u32);

/// One step of a game's history. `kind` is "removed" or "shuffled".
///
/// A removal has `pair` (the two cells, on the board as it was before),
/// `route` (None, or "row" or "column" for a slide, whose first cell is
/// the tile pushed),
/// `kinds` (the two tiles' kinds) and `moved`, the tiles gravity moved
/// afterwards as `(kind, from, to)` (empty without gravity), row by row of
/// where they went. A shuffle has `before` and `after`, the tiles as
/// `((row, col), kind)`, row by row. The other fields are None (or empty).
#[pyclass(frozen, eq, module = "lianliankan", name = "Step")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyStep {
    /// "removed" or "shuffled".
    #[pyo3(get)]
    kind: &'static str,
    /// The removed pair, on the board as it was before; None for a shuffle.
    #[pyo3(get)]
    pair: Option<PairOut>,
    /// The route of a slide ("row" or "column"); None for a plain pair or
    /// a shuffle.
    #[pyo3(get)]
    route: Option<&'static str>,
    /// The kinds of the removed tiles; None for a shuffle.
    #[pyo3(get)]
    kinds: Option<(u32, u32)>,
    /// The tiles gravity moved after a removal: `(kind, from, to)`.
    #[pyo3(get)]
    moved: Vec<(u32, CellOut, CellOut)>,
    /// The tiles before a shuffle, row by row; empty for a removal.
    #[pyo3(get)]
    before: Vec<Tile>,
    /// The tiles after a shuffle, row by row; empty for a removal.
    #[pyo3(get)]
    after: Vec<Tile>,
}

#[pymethods]
impl PyStep {
    fn __repr__(&self) -> String {
        match (self.pair, self.kinds) {
            (Some((a, b)), Some(kinds)) => format!(
                "Step(kind='removed', pair=({a:?}, {b:?}), kinds={kinds:?}, moved=<{} tiles>)",
                self.moved.len()
            ),
            _ => format!("Step(kind='shuffled', tiles={})", self.after.len()),
        }
    }
}

impl From<&Step> for PyStep {
    fn from(step: &Step) -> PyStep {
        let tiles = |list: &[(lianliankan::Pos, u32)]| -> Vec<Tile> {
            list.iter().map(|&(p, k)| (convert::cell(p), k)).collect()
        };
        match step {
            Step::Removed {
                pair, kinds, moved, ..
            } => PyStep {
                kind: "removed",
                pair: Some(convert::pair(*pair)),
                route: convert::route_name(*pair),
                kinds: Some((kinds[0], kinds[1])),
                moved: moved
                    .iter()
                    .map(|s| (s.kind, convert::cell(s.from), convert::cell(s.to)))
                    .collect(),
                before: Vec::new(),
                after: Vec::new(),
            },
            Step::Shuffled { before, after } => PyStep {
                kind: "shuffled",
                pair: None,
                route: None,
                kinds: None,
                moved: Vec::new(),
                before: tiles(before),
                after: tiles(after),
            },
        }
    }
}

/// A game: a board (a list of rows of kinds, 0 empty) under `rules`
/// (default `Rules()`), with its history. `remove` takes a pair off,
/// `undo` and `redo` walk the history, `hint` and `moves` say what can be
/// removed, `shuffle` rearranges the tiles left.
///
/// Raises ValueError for a bad board.
#[pyclass(module = "lianliankan", name = "Game")]
#[derive(Debug)]
pub struct PyGame {
    game: Game,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (board, rules = None))]
    fn new(board: Vec<Vec<i64>>, rules: Option<PyRef<'_, PyRules>>) -> PyResult<PyGame> {
        let board = convert::board(board)?;
        Ok(PyGame {
            game: Game::new(board, or_default(rules.as_deref())),
        })
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
    fn history(&self) -> Vec<PyStep> {
        self.game.history().iter().map(PyStep::from).collect()
    }

    /// The steps undone that `redo` would take again, next first.
    #[getter]
    fn undone(&self) -> Vec<PyStep> {
        self.game.undone().iter().map(PyStep::from).collect()
    }

    /// Removes the tiles at cells `a` and `b` (then gravity acts) and
    /// returns the path's corners, both tiles included. Clears what `redo`
    /// could take again.
    ///
    /// Raises ValueError, with the library's message, and changes nothing
    /// when a cell is off the board or empty, both are one cell, the kinds
    /// do not match, or no path joins them.
    fn remove(&mut self, a: Cell, b: Cell) -> PyResult<Vec<(isize, isize)>> {
        let board = self.game.board();
        let (a, b) = (convert::pos(a, board)?, convert::pos(b, board)?);
        let path = self.game.remove(a, b).map_err(value_error)?;
        Ok(convert::corners(&path))
    }

    /// Makes the move of the tiles at `a` and `b`: without `route` as
    /// `remove` does; with `route` "row" or "column" (under rules with
    /// `slide`), pushes the tile at `a`, with the run of tiles in front of
    /// it, along its row or column to the corner from which a straight
    /// empty segment reaches `b`, then removes the two (then gravity
    /// acts). Returns the path's corners: from where `a` was, along its
    /// route, to `b`. Clears what `redo` could take again.
    ///
    /// Raises ValueError, with the library's message, and changes nothing
    /// when the move cannot be made (a slide under rules without slides
    /// among the reasons), or for an unknown route.
    #[pyo3(signature = (a, b, route = None))]
    fn play(&mut self, a: Cell, b: Cell, route: Option<&str>) -> PyResult<Vec<(isize, isize)>> {
        let board = self.game.board();
        let (a, b) = (convert::pos(a, board)?, convert::pos(b, board)?);
        let pair = convert::make_move(a, b, route)?;
        let path = self.game.play(pair).map_err(value_error)?;
        Ok(convert::corners(&path))
    }

    /// Every slide that can be made now (rules with `slide`): `[(a, b,
    /// route), ...]`, `a` the tile pushed along `route` ("row" or
    /// "column") toward `b`; `play(a, b, route)` makes one. Empty under
    /// rules without slides.
    fn slides(&self) -> Vec<(CellOut, CellOut, &'static str)> {
        self.game
            .moves()
            .into_iter()
            .filter_map(|m| {
                convert::route_name(m).map(|r| (convert::cell(m.a()), convert::cell(m.b()), r))
            })
            .collect()
    }

    /// Undoes the last step (a removal, with its gravity, or a shuffle) and
    /// returns it, or None at the start.
    fn undo(&mut self) -> Option<PyStep> {
        self.game.undo().as_ref().map(PyStep::from)
    }

    /// Takes the last undone step again and returns it, or None when there
    /// is none.
    fn redo(&mut self) -> Option<PyStep> {
        self.game.redo().as_ref().map(PyStep::from)
    }

    /// A pair that `remove` can take now, or None when there is none
    /// (under rules with `slide`, `slides()` may still have moves).
    fn hint(&self) -> Option<PairOut> {
        match self.game.hint() {
            Some(m) if m.route().is_none() => Some(convert::pair(m)),
            Some(_) => self.moves().into_iter().next(),
            None => None,
        }
    }

    /// Every pair that `remove` can take now, smaller cell first, in row
    /// order (the slides are `slides()`).
    fn moves(&self) -> Vec<PairOut> {
        self.game
            .moves()
            .into_iter()
            .filter(|m| m.route().is_none())
            .map(convert::pair)
            .collect()
    }

    /// Rearranges the tiles left over their cells, from `seed`, so that a
    /// move exists; a step of the history (undo puts them back).
    ///
    /// Raises ValueError, changing nothing, when no arrangement has a move
    /// (the library's message), or for a negative seed.
    fn shuffle(&mut self, seed: i64) -> PyResult<()> {
        let seed = self::seed(seed)?;
        self.game.shuffle(seed).map_err(value_error)
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
        let board = self.game.board();
        format!(
            "Game(<{}x{} board, {} tiles, {} steps>)",
            board.rows(),
            board.cols(),
            board.tile_count(),
            self.game.history().len()
        )
    }
}
