//! A game in progress: a board, its rules, and what has happened to it.

use std::fmt;

use grid_core::{Path, Point, Pos};

use super::moves::{Move, Route, moves};
use super::settle::{Slide, settle};
use super::shuffle::{NoMovePossible, shuffle_kinds};
use super::sliding_tiles::{SlideBlocked, plan};
use super::solve::{Solution, solve};
use crate::query::{Board, Connector};
use crate::rules::{Gravity, Rules};

/// Why [`Game::remove`] refused a pair. Nothing was changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RemoveError {
    /// A position is not on the board.
    OffBoard(Pos),
    /// Both positions name the same cell.
    SameCell(Pos),
    /// A position names an empty cell.
    Empty(Pos),
    /// The two tiles are of kinds that do not match (different, and not in
    /// one group).
    DifferentKinds {
        /// The first tile's kind.
        first: u32,
        /// The second tile's kind.
        second: u32,
    },
    /// No path with few enough turns joins the two tiles.
    NoPath,
    /// A slide ([`Move::slide`]) under rules without [`Rules::slide`].
    SlidesOff,
    /// The slide cannot be made.
    NoSlide {
        /// The slide's route.
        route: Route,
        /// Why not.
        why: SlideBlocked,
    },
}

impl fmt::Display for RemoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RemoveError::OffBoard(p) => write!(f, "{p} is off the board"),
            RemoveError::SameCell(p) => write!(f, "both tiles are the one at {p}"),
            RemoveError::Empty(p) => write!(f, "the cell at {p} is empty"),
            RemoveError::DifferentKinds { first, second } => {
                write!(f, "the tiles are of different kinds ({first} and {second})")
            }
            RemoveError::NoPath => f.write_str("no path with few enough turns joins the tiles"),
            RemoveError::SlidesOff => f.write_str("these rules have no slides"),
            RemoveError::NoSlide { route, why } => {
                write!(f, "the first tile cannot slide along its {route}: {why}")
            }
        }
    }
}

impl std::error::Error for RemoveError {}

/// One step of a game's history, undone by [`Game::undo`] and done again
/// by [`Game::redo`].
///
/// With the `serde` feature a step is an object tagged by `type`:
/// `{"type": "removed", "pair": {"a": [0, 0], "b": [0, 3]}, "kinds": [5,
/// 5], "moved": [{"kind": 2, "from": [0, 1], "to": [1, 1]}]}` or
/// `{"type": "shuffled", "before": [[[0, 1], 2], ...], "after": [...]}`
/// (each tile `[[row, col], kind]`). A step read alone is only a record:
/// a [`Game`] is read from its own form, which is checked by replaying it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)
)]
pub enum Step {
    /// Two tiles were removed (after the slide that pushed the tiles in
    /// `pushed`, for a slide), then gravity moved the tiles in `moved`.
    Removed {
        /// The move, on the board as it was before it.
        pair: Move,
        /// The kinds of `pair.a()` and `pair.b()` (equal, or of one group).
        kinds: [u32; 2],
        /// For a slide: the tiles it pushed, the first tile of the pair
        /// first, then the run in front of it, each from its cell to its
        /// cell after the push (before the removal); empty for a plain
        /// pair (and then left out of the `serde` form).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Vec::is_empty")
        )]
        pushed: Vec<Slide>,
        /// The tiles gravity moved, row by row of where they went (empty
        /// without gravity): what a front end animates.
        moved: Vec<Slide>,
    },
    /// The remaining tiles were permuted over their cells.
    Shuffled {
        /// The tiles before the shuffle, row by row.
        before: Vec<(Pos, u32)>,
        /// The tiles after it, row by row.
        after: Vec<(Pos, u32)>,
    },
}

/// A game: a board, its [`Rules`] (any turn limit, either border, any
/// gravity, matching groups), the history since the start, which
/// [`Game::undo`] walks back, and the steps undone, which [`Game::redo`]
/// plays again until a new step is taken.
///
/// ```
/// use lianliankan::{Board, Game, Pos, RemoveError, Rules, Solution};
/// let board = Board::from_rows(&[[1, 2], [2, 1]]).unwrap();
/// let mut game = Game::new(board, Rules::default());
/// // Closed border: the 1s are diagonal with the 2s in the way.
/// assert!(game.is_dead());
/// assert_eq!(game.remove(Pos::new(0, 0), Pos::new(1, 1)), Err(RemoveError::NoPath));
/// assert_eq!(game.solve(1000), Solution::Unsolvable);
/// ```
///
/// # Saving and loading (the `serde` feature)
///
/// A game is written as what it started from and what was done to it:
///
/// ```json
/// {
///   "rules": {"turns": 2, "border": "open", "gravity": "down", "groups": ""},
///   "start": [[1, 2], [1, 2]],
///   "steps": [{"remove": {"a": [0, 0], "b": [1, 0]}}, {"shuffle": [[[0, 1], 2], [[1, 1], 2]]}],
///   "undone": 1,
///   "board": [[0, 2], [0, 2]]
/// }
/// ```
///
/// `steps` is the history, oldest first, followed by the steps undone
/// (which [`Game::redo`] would do again, next first): a removal names its
/// pair ([`Move`]'s form), a shuffle lists the tiles after it, row by row,
/// each `[[row, col], kind]`. The last `undone` of them are undone. `board`
/// is the board now, written for the reader's sake.
///
/// Reading a game rebuilds it: from `start` under `rules`, each removal is
/// made with [`Game::remove`] and each shuffle checked to put the same
/// tiles on the same cells, then `undone` steps are undone and the result
/// is compared with `board` (which may be left out). A game that breaks any
/// of this (an illegal removal, a shuffle that changes the tiles, more
/// steps undone than taken, another board) is refused with a message
/// naming the step, so a loaded game is always one that playing could reach,
/// and it undoes and redoes exactly as the saved one did.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    rules: Rules,
    history: Vec<Step>,
    /// Undone steps, the most recently undone last.
    undone: Vec<Step>,
    connector: Connector,
}

impl Game {
    /// A game starting from `board`.
    #[must_use]
    pub fn new(board: Board, rules: Rules) -> Game {
        Game {
            board,
            rules,
            history: Vec::new(),
            undone: Vec::new(),
            connector: Connector::new(),
        }
    }

    /// The board now.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// What has happened since the start, oldest first.
    #[must_use]
    pub fn history(&self) -> &[Step] {
        &self.history
    }

    /// Whether every tile has been removed.
    #[must_use]
    pub fn is_cleared(&self) -> bool {
        self.board.tile_count() == 0
    }

    /// Removes the tiles at `a` and `b` if they match, then lets gravity
    /// compact the board, and returns the path that joined them (fewest
    /// turns, then shortest). An illegal pair changes nothing. The steps
    /// undone before are forgotten ([`Game::redo`] has nothing to redo).
    ///
    /// # Errors
    /// [`RemoveError`] says why the pair cannot be removed, checked in this
    /// order: off the board, the same cell, an empty cell, kinds that do not
    /// match, no path.
    ///
    /// # Complexity
    /// As [`Connector::connect`], plus O(rows + cols) to update the board,
    /// or O(rows·cols) with gravity.
    pub fn remove(&mut self, a: Pos, b: Pos) -> Result<Path, RemoveError> {
        self.take(a, b, None)
    }

    /// Makes the move `pair`: a plain pair as [`Game::remove`] does, or a
    /// slide ([`Move::slide`], under [`Rules::slide`]): the first tile and
    /// the run in front of it pushed to the corner, then the pair removed,
    /// then gravity. Returns the path drawn (for a slide: from where the
    /// first tile was, along its route to the corner, then to its
    /// partner). An illegal move changes nothing; the steps undone before
    /// are forgotten.
    ///
    /// # Errors
    /// As [`Game::remove`]; a slide is refused with
    /// [`RemoveError::SlidesOff`] under rules without slides and with
    /// [`RemoveError::NoSlide`] when it cannot be made.
    ///
    /// # Complexity
    /// As [`Game::remove`].
    pub fn play(&mut self, pair: Move) -> Result<Path, RemoveError> {
        self.take(pair.a(), pair.b(), pair.route())
    }

    /// [`Game::remove`] or [`Game::play`]: the tiles at `a` and `b`, `a`
    /// sliding along `route` first if it is given.
    fn take(&mut self, a: Pos, b: Pos, route: Option<Route>) -> Result<Path, RemoveError> {
        let (path, pushed) = check(&self.board, (a, b, route), &self.rules, &mut self.connector)?;
        let pair = match route {
            Some(route) => Move::slide(a, b, route),
            None => Move::new(a, b),
        };
        let step = self.take_pair(pair, pushed);
        self.history.push(step);
        self.undone.clear();
        Ok(path)
    }

    /// Makes `pair` (a legal move, whose slide pushes the tiles `pushed`):
    /// the push, the removal, then gravity; returns the step.
    fn take_pair(&mut self, pair: Move, pushed: Vec<Slide>) -> Step {
        let kinds = [pair.a(), pair.b()].map(|p| self.board.kind(p).unwrap_or(0));
        for slide in &pushed {
            self.board.set(slide.from, 0);
        }
        for slide in &pushed {
            self.board.set(slide.to, slide.kind);
        }
        let first = pushed.first().map_or(pair.a(), |slide| slide.to);
        self.board.set(first, 0);
        self.board.set(pair.b(), 0);
        let mut moved = Vec::new();
        if self.rules.gravity() != Gravity::None {
            let mut grid = self.board.to_grid();
            moved = settle(&mut grid, self.rules.gravity());
            if !moved.is_empty() {
                self.board = Board::new(&grid).expect("the board's own kinds");
            }
        }
        Step::Removed {
            pair,
            kinds,
            pushed,
            moved,
        }
    }

    /// Undoes the last step (a removal and its gravity, or a shuffle) and
    /// returns it, or `None` at the start: the board is exactly as it was
    /// before that step. Repeated, it leads back to the starting board.
    ///
    /// # Complexity
    /// O(rows + cols) per tile that changes cell.
    pub fn undo(&mut self) -> Option<Step> {
        let step = self.history.pop()?;
        match &step {
            Step::Removed {
                pair,
                kinds,
                pushed,
                moved,
            } => {
                for slide in moved {
                    self.board.set(slide.to, 0);
                }
                for slide in moved {
                    self.board.set(slide.from, slide.kind);
                }
                // The pushed tiles' cells after the push are empty now
                // (the first tile's was emptied by the removal, the run's
                // by gravity's undoing); the partner never moved.
                self.board.set(pair.b(), kinds[1]);
                for slide in pushed {
                    self.board.set(slide.to, 0);
                }
                for slide in pushed {
                    self.board.set(slide.from, slide.kind);
                }
                self.board.set(pair.a(), kinds[0]);
            }
            Step::Shuffled { before, .. } => {
                for &(pos, kind) in before {
                    self.board.set(pos, kind);
                }
            }
        }
        self.undone.push(step.clone());
        Some(step)
    }

    /// Does the last undone step again and returns it, or `None` when
    /// nothing was undone since the last new step.
    ///
    /// # Complexity
    /// As [`Game::remove`] or a shuffle's bookkeeping.
    pub fn redo(&mut self) -> Option<Step> {
        let step = self.undone.pop()?;
        let done = match step {
            Step::Removed { pair, pushed, .. } => self.take_pair(pair, pushed),
            Step::Shuffled { ref after, .. } => {
                for &(pos, kind) in after {
                    self.board.set(pos, kind);
                }
                step
            }
        };
        self.history.push(done.clone());
        Some(done)
    }

    /// The steps [`Game::redo`] would do again, the next one last.
    #[must_use]
    pub fn undone(&self) -> &[Step] {
        &self.undone
    }

    /// Every pair that can be removed now, sorted; see [`moves`].
    ///
    /// # Complexity
    /// O(t·rows·cols) for t tiles.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        moves(&self.board, &self.rules)
    }

    /// One pair that can be removed now (the first of [`Game::moves`]), or
    /// `None` when there is none.
    ///
    /// # Complexity
    /// As [`Game::moves`].
    #[must_use]
    pub fn hint(&self) -> Option<Move> {
        self.moves().into_iter().next()
    }

    /// [`Game::hint`] with the path that joins its pair, the one
    /// [`Game::play`] would return for it: what a front end draws.
    ///
    /// # Complexity
    /// As [`Game::moves`], plus [`Connector::connect`] once.
    #[must_use]
    pub fn hint_path(&self) -> Option<(Move, Path)> {
        // Every listed move can be made (the engine's tests hold `moves`
        // to the reference), so this is the first move; `find_map` keeps a
        // server that asks from a panic all the same.
        let mut connector = Connector::new();
        self.moves().into_iter().find_map(|pair| {
            let cells = (pair.a(), pair.b(), pair.route());
            let (path, _) = check(&self.board, cells, &self.rules, &mut connector).ok()?;
            Some((pair, path))
        })
    }

    /// Whether tiles remain but no pair can be removed.
    ///
    /// # Complexity
    /// As [`Game::moves`].
    #[must_use]
    pub fn is_dead(&self) -> bool {
        !self.is_cleared() && self.hint().is_none()
    }

    /// Permutes the remaining tiles over the cells they occupy, at random
    /// from `seed`, so that at least one pair can be removed. Undoable.
    ///
    /// # Errors
    /// [`NoMovePossible`] when no arrangement of these tiles on these cells
    /// has a move (then nothing changes).
    ///
    /// # Complexity
    /// O(t·rows·cols) for t tiles.
    pub fn shuffle(&mut self, seed: u64) -> Result<(), NoMovePossible> {
        let before: Vec<(Pos, u32)> = self.board.tiles().collect();
        let after = shuffle_kinds(&self.board, &self.rules, seed)?;
        for &(pos, kind) in &after {
            self.board.set(pos, kind);
        }
        self.history.push(Step::Shuffled { before, after });
        self.undone.clear();
        Ok(())
    }

    /// Whether the board can be cleared from here, with a removal order when
    /// it can; see [`crate::solve()`].
    ///
    /// # Complexity
    /// At most `budget` search states, each O(t·rows·cols) for t tiles.
    #[must_use]
    pub fn solve(&self, budget: u64) -> Solution {
        solve(&self.board, &self.rules, budget)
    }
}

/// Checks the removal of the tiles at `a` and `b`, a plain pair (`route`
/// `None`) or a slide of `a` along `route`, on `board` under `rules`: the
/// path that joins them (a slide's runs from `a` along its route to the
/// corner, then to `b`), and the tiles a slide pushes first (empty for a
/// plain pair). The cells are checked in the order given.
///
/// # Errors
/// [`RemoveError`], checked in this order: off the board, the same cell,
/// an empty cell, kinds that do not match; then for a plain pair no path,
/// for a slide no slide under these rules, or a slide blocked.
///
/// # Complexity
/// As [`Connector::connect`], or O(rows + cols) for a slide.
pub(crate) fn check(
    board: &Board,
    (a, b, route): (Pos, Pos, Option<Route>),
    rules: &Rules,
    connector: &mut Connector,
) -> Result<(Path, Vec<Slide>), RemoveError> {
    let kind_a = board.kind(a).ok_or(RemoveError::OffBoard(a))?;
    let kind_b = board.kind(b).ok_or(RemoveError::OffBoard(b))?;
    if a == b {
        return Err(RemoveError::SameCell(a));
    }
    for (pos, kind) in [(a, kind_a), (b, kind_b)] {
        if kind == 0 {
            return Err(RemoveError::Empty(pos));
        }
    }
    if !rules.matches(kind_a, kind_b) {
        return Err(RemoveError::DifferentKinds {
            first: kind_a,
            second: kind_b,
        });
    }
    let Some(route) = route else {
        let path = connector
            .connect(board, a, b, rules)
            .map_err(|e| RemoveError::OffBoard(e.pos))?
            .ok_or(RemoveError::NoPath)?;
        return Ok((path, Vec::new()));
    };
    if !rules.slide() {
        return Err(RemoveError::SlidesOff);
    }
    let kind = |p: Pos| board.kind(p).unwrap_or(0);
    let pushed = plan(kind, (board.rows(), board.cols()), a, b, route)
        .map_err(|why| RemoveError::NoSlide { route, why })?;
    let point = |p: Pos| Point::new(p.row as isize, p.col as isize);
    let path = Path::new(vec![point(a), point(route.corner(a, b)), point(b)]);
    Ok((path, pushed))
}

/// A game as it is written: see [`Game`]'s "Saving and loading".
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "Game", deny_unknown_fields)]
struct SavedGame {
    rules: Rules,
    start: Board,
    steps: Vec<SavedStep>,
    undone: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    board: Option<Board>,
}

/// One step of a [`SavedGame`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
enum SavedStep {
    /// A removal: the pair.
    Remove(Move),
    /// A shuffle: the tiles after it, row by row.
    Shuffle(Vec<(Pos, u32)>),
}

#[cfg(feature = "serde")]
impl SavedStep {
    /// The step to write for `step`.
    fn of(step: &Step) -> SavedStep {
        match step {
            Step::Removed { pair, .. } => SavedStep::Remove(*pair),
            Step::Shuffled { after, .. } => SavedStep::Shuffle(after.clone()),
        }
    }
}

#[cfg(feature = "serde")]
impl Game {
    /// The game as it is written.
    fn to_saved(&self) -> SavedGame {
        let mut start = self.clone();
        while start.undo().is_some() {}
        let steps = self
            .history
            .iter()
            .chain(self.undone.iter().rev())
            .map(SavedStep::of)
            .collect();
        SavedGame {
            rules: self.rules.clone(),
            start: start.board,
            steps,
            undone: self.undone.len(),
            board: Some(self.board.clone()),
        }
    }

    /// The game `saved` describes, rebuilt by replaying it, or why it
    /// cannot be.
    fn from_saved(saved: SavedGame) -> Result<Game, String> {
        let SavedGame {
            rules,
            start,
            steps,
            undone,
            board,
        } = saved;
        if undone > steps.len() {
            return Err(format!(
                "{undone} steps are undone, but only {} were taken",
                steps.len()
            ));
        }
        let mut game = Game::new(start, rules);
        for (i, step) in steps.into_iter().enumerate() {
            match step {
                SavedStep::Remove(pair) => {
                    game.play(pair).map_err(|e| {
                        format!(
                            "step {i} cannot remove the pair {} {}: {e}",
                            pair.a(),
                            pair.b()
                        )
                    })?;
                }
                SavedStep::Shuffle(after) => game
                    .put_shuffled(after)
                    .map_err(|e| format!("step {i} is not a shuffle: {e}"))?,
            }
        }
        for _ in 0..undone {
            game.undo();
        }
        if board.is_some_and(|board| board != game.board) {
            return Err("`board` is not the board the steps lead to".to_owned());
        }
        Ok(game)
    }

    /// Records a shuffle to the tiles `after` (row by row), checked to be
    /// the tiles on the board now, rearranged over the same cells.
    fn put_shuffled(&mut self, after: Vec<(Pos, u32)>) -> Result<(), String> {
        let before: Vec<(Pos, u32)> = self.board.tiles().collect();
        if after.len() != before.len() {
            return Err(format!(
                "it lists {} tiles, the board holds {}",
                after.len(),
                before.len()
            ));
        }
        if let Some((&(pos, _), _)) = after.iter().zip(&before).find(|((p, _), (q, _))| p != q) {
            return Err(format!(
                "it puts a tile at {pos}, which is not the next tile's cell row by row"
            ));
        }
        let mut kinds_before: Vec<u32> = before.iter().map(|&(_, k)| k).collect();
        let mut kinds_after: Vec<u32> = after.iter().map(|&(_, k)| k).collect();
        kinds_before.sort_unstable();
        kinds_after.sort_unstable();
        if kinds_before != kinds_after {
            return Err("its kinds are not the kinds of the tiles on the board".to_owned());
        }
        for &(pos, kind) in &after {
            self.board.set(pos, kind);
        }
        self.history.push(Step::Shuffled { before, after });
        self.undone.clear();
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_saved().serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let saved = <SavedGame as serde::Deserialize>::deserialize(deserializer)?;
        Game::from_saved(saved).map_err(serde::de::Error::custom)
    }
}
