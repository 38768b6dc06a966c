//! `Game`: a board under rules with its history, undo and redo: the
//! library's [`Game`].

use js_sys::Array;
use lianliankan::{Game, Pos, Slide, Step};
use wasm_bindgen::prelude::*;

use crate::board::{self, JsBoard};
use crate::js::{self, Kind, error};
use crate::rules::JsRules;

/// A game: `new Game(board, rules?)`, `board` a Board or an array of rows
/// of kinds, under `rules` (a Rules or options; a Board's own, else the
/// judge's, when absent). `play` and `remove` take a pair away, `undo`
/// and `redo` walk the history, `hint`, `moves` and `shuffle` help; `won`
/// (no tile left), `stuck` (tiles left, no pair can go) and `finished`
/// (either) tell where it stands. Throws a `BoardError` for a bad board,
/// an `IllegalMove` (nothing changed) for a pair that cannot go.
#[wasm_bindgen(js_name = Game)]
#[derive(Clone, Debug)]
pub struct JsGame {
    game: Game,
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A game on `board` under `rules`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "BoardLike")] board: JsValue,
        #[wasm_bindgen(unchecked_param_type = "RulesLike | undefined")] rules: Option<JsValue>,
    ) -> Result<JsGame, JsValue> {
        let (board, rules) = board::board_and_rules(&board, "board", &js::given(rules))?;
        Ok(JsGame {
            game: Game::new(board, rules),
        })
    }

    /// The board now, as an array of rows of kinds.
    #[wasm_bindgen(getter, unchecked_return_type = "Rows")]
    pub fn board(&self) -> JsValue {
        js::rows_of(self.game.board())
    }

    /// The board now as a Board with the game's rules.
    pub fn position(&self) -> JsBoard {
        JsBoard::from_parts(self.game.board().clone(), self.game.rules().clone())
    }

    /// The game's rules.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> JsRules {
        JsRules::from_rules(self.game.rules().clone())
    }

    /// The corners of the path joining the tiles at `a` and `b` now, or
    /// null (no slides).
    #[wasm_bindgen(unchecked_return_type = "Corner[] | null")]
    pub fn connect(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Cell")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Cell")] b: JsValue,
    ) -> Result<JsValue, JsValue> {
        board::connect(self.game.board(), self.game.rules(), &a, &b)
    }

    /// Whether the tiles at `a` and `b` can be removed now.
    #[wasm_bindgen(js_name = canRemove)]
    pub fn can_remove(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Cell")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Cell")] b: JsValue,
    ) -> Result<bool, JsValue> {
        board::can_remove(self.game.board(), self.game.rules(), &a, &b)
    }

    /// The corners of the path the removal of `a` and `b` would take now,
    /// or null.
    #[wasm_bindgen(unchecked_return_type = "Corner[] | null")]
    pub fn path(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Cell")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Cell")] b: JsValue,
    ) -> Result<JsValue, JsValue> {
        board::path(self.game.board(), self.game.rules(), &a, &b)
    }

    /// Removes the tiles at `a` and `b` and returns the path's corners.
    /// Throws an IllegalMove (nothing changed) when the pair cannot go.
    #[wasm_bindgen(unchecked_return_type = "Corner[]")]
    pub fn remove(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Cell")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Cell")] b: JsValue,
    ) -> Result<JsValue, JsValue> {
        let board = self.game.board();
        let (a, b) = (js::cell(&a, "a", board)?, js::cell(&b, "b", board)?);
        let path = self
            .game
            .remove(a, b)
            .map_err(|e| error(Kind::IllegalMove, e))?;
        Ok(js::corners(&path))
    }

    /// Makes `move` (`{a, b, route?}`: a plain pair as `remove` does, or a
    /// slide) and returns it with its path. Throws an IllegalMove (nothing
    /// changed) when it cannot be made.
    #[wasm_bindgen(unchecked_return_type = "Move")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "MoveLike")] r#move: JsValue,
    ) -> Result<JsValue, JsValue> {
        let m = js::move_arg(&r#move, "move", self.game.board())?;
        let path = self.game.play(m).map_err(|e| error(Kind::IllegalMove, e))?;
        Ok(js::move_of(m, Some(&path)))
    }

    /// Undoes the last step and returns it; null at the start.
    #[wasm_bindgen(unchecked_return_type = "Step | null")]
    pub fn undo(&mut self) -> JsValue {
        self.game.undo().as_ref().map_or(JsValue::NULL, step_of)
    }

    /// Takes the last undone step again and returns it; null if none.
    #[wasm_bindgen(unchecked_return_type = "Step | null")]
    pub fn redo(&mut self) -> JsValue {
        self.game.redo().as_ref().map_or(JsValue::NULL, step_of)
    }

    /// The steps taken since the start, oldest first.
    #[wasm_bindgen(getter, unchecked_return_type = "Step[]")]
    pub fn history(&self) -> JsValue {
        self.game
            .history()
            .iter()
            .map(step_of)
            .collect::<Array>()
            .into()
    }

    /// The steps undone that `redo` would take again, next first.
    #[wasm_bindgen(getter, unchecked_return_type = "Step[]")]
    pub fn undone(&self) -> JsValue {
        self.game
            .undone()
            .iter()
            .rev()
            .map(step_of)
            .collect::<Array>()
            .into()
    }

    /// A move that can be made now, with its path, or null.
    #[wasm_bindgen(unchecked_return_type = "Move | null")]
    pub fn hint(&self) -> JsValue {
        self.game
            .hint_path()
            .map_or(JsValue::NULL, |(m, path)| js::move_of(m, Some(&path)))
    }

    /// Every move that can be made now: plain pairs and slides.
    #[wasm_bindgen(unchecked_return_type = "Move[]")]
    pub fn moves(&self) -> JsValue {
        js::moves_of(&self.game.moves())
    }

    /// Rearranges the tiles left so that a move exists (undoable), from
    /// `seed` (a whole number or a bigint). Throws a NoMovePossible when
    /// no arrangement has a move.
    pub fn shuffle(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    ) -> Result<(), JsValue> {
        let seed = js::seed(&seed, "seed")?;
        self.game
            .shuffle(seed)
            .map_err(|e| error(Kind::NoMovePossible, e))
    }

    /// Whether no tile is left.
    #[wasm_bindgen(getter)]
    pub fn won(&self) -> bool {
        self.game.is_cleared()
    }

    /// Whether tiles are left but no pair can be removed.
    #[wasm_bindgen(getter)]
    pub fn stuck(&self) -> bool {
        self.game.is_dead()
    }

    /// Whether the game is over: won or stuck.
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.game.is_cleared() || self.game.is_dead()
    }
}

/// `[kind, from, to]` of each tile of `slides`.
fn falls(slides: &[Slide]) -> JsValue {
    slides
        .iter()
        .map(|s| {
            let fall = Array::new();
            fall.push(&JsValue::from(s.kind));
            fall.push(&js::cell_of(s.from));
            fall.push(&js::cell_of(s.to));
            fall
        })
        .collect::<Array>()
        .into()
}

/// `[[row, col], kind]` of each tile of `tiles`.
fn tiles(tiles: &[(Pos, u32)]) -> JsValue {
    tiles
        .iter()
        .map(|&(pos, kind)| Array::of2(&js::cell_of(pos), &JsValue::from(kind)))
        .collect::<Array>()
        .into()
}

/// A step of the history: `{kind: "removed", move, kinds, pushed, moved}`
/// or `{kind: "shuffled", before, after}`.
fn step_of(step: &Step) -> JsValue {
    match step {
        Step::Removed {
            pair,
            kinds,
            pushed,
            moved,
        } => js::object(&[
            ("kind", JsValue::from_str("removed")),
            ("move", js::move_of(*pair, None)),
            (
                "kinds",
                Array::of2(&JsValue::from(kinds[0]), &JsValue::from(kinds[1])).into(),
            ),
            ("pushed", falls(pushed)),
            ("moved", falls(moved)),
        ]),
        Step::Shuffled { before, after } => js::object(&[
            ("kind", JsValue::from_str("shuffled")),
            ("before", tiles(before)),
            ("after", tiles(after)),
        ]),
    }
}
