//! `Board`: a board read once into the library's own [`Board`] with its
//! rules; and the queries (`connect`, `canRemove`, `path`, `moves`,
//! `hint`), written here once on the library's values for `Board` and
//! `Game`.

use js_sys::{Array, Function, Reflect};
use lianliankan::{Board, Connector, Path, Pos, Rules, ways_to_remove};
use wasm_bindgen::prelude::*;

use crate::js::{self, Kind, error};
use crate::rules::{self, JsRules};

/// A board with its rules, read once: `new Board(rows, rules?)` from an
/// array of equally long arrays of kinds (0 empty), or
/// `Board.fromJudge(text, rules?)` from the judge's text. Immutable (a
/// Game plays on one). Throws a `BoardError` for a bad board, a
/// `TypeError` naming the argument for a value of the wrong type.
#[wasm_bindgen(js_name = Board)]
#[derive(Clone, Debug)]
pub struct JsBoard {
    board: Board,
    rules: Rules,
}

#[wasm_bindgen(js_class = Board)]
impl JsBoard {
    /// The board of `rows` under `rules` (a Rules or options; the judge's
    /// when absent).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Rows")] rows: JsValue,
        #[wasm_bindgen(unchecked_param_type = "RulesLike | undefined")] rules: Option<JsValue>,
    ) -> Result<JsBoard, JsValue> {
        Ok(JsBoard {
            board: js::board_rows(&rows, "rows")?,
            rules: rules::read(&js::given(rules), "rules")?,
        })
    }

    /// The board written in the judge's format: `n m`, then n rows of m
    /// kinds. Throws a BoardError (line and column) for malformed text.
    #[wasm_bindgen(js_name = fromJudge)]
    pub fn from_judge(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "RulesLike | undefined")] rules: Option<JsValue>,
    ) -> Result<JsBoard, JsValue> {
        let text = js::string(&text, "text")?;
        let board: Board = text.parse().map_err(|e| error(Kind::Board, e))?;
        Ok(JsBoard {
            board,
            rules: rules::read(&js::given(rules), "rules")?,
        })
    }

    /// The board in the judge's format; `Board.fromJudge` reads it back.
    #[wasm_bindgen(js_name = toJudge)]
    pub fn to_judge(&self) -> String {
        self.board.to_string()
    }

    /// The board as an array of rows of kinds, 0 empty.
    #[wasm_bindgen(js_name = toArray, unchecked_return_type = "Rows")]
    pub fn to_array(&self) -> JsValue {
        js::rows_of(&self.board)
    }

    /// The number of rows.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> usize {
        self.board.rows()
    }

    /// The number of columns.
    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> usize {
        self.board.cols()
    }

    /// The number of tiles.
    #[wasm_bindgen(getter, js_name = tileCount)]
    pub fn tile_count(&self) -> usize {
        self.board.tile_count()
    }

    /// The board's rules.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> JsRules {
        JsRules::from_rules(self.rules.clone())
    }

    /// The kind at `cell` (`[row, col]`), 0 for an empty cell. Throws a
    /// BoardError off the board.
    pub fn kind(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Cell")] cell: JsValue,
    ) -> Result<u32, JsValue> {
        let pos = js::cell(&cell, "cell", &self.board)?;
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

    /// The corners of the path joining the tiles at `a` and `b`, or null
    /// (no slides). Throws a BoardError for a cell off the board.
    #[wasm_bindgen(unchecked_return_type = "Corner[] | null")]
    pub fn connect(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Cell")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Cell")] b: JsValue,
    ) -> Result<JsValue, JsValue> {
        connect(&self.board, &self.rules, &a, &b)
    }

    /// Whether the tiles at `a` and `b` can be removed now (a path, or a
    /// slide under rules with `slide`).
    #[wasm_bindgen(js_name = canRemove)]
    pub fn can_remove(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Cell")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Cell")] b: JsValue,
    ) -> Result<bool, JsValue> {
        can_remove(&self.board, &self.rules, &a, &b)
    }

    /// The corners of the path the removal of `a` and `b` takes now (a
    /// slide's under rules with `slide`), or null.
    #[wasm_bindgen(unchecked_return_type = "Corner[] | null")]
    pub fn path(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Cell")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Cell")] b: JsValue,
    ) -> Result<JsValue, JsValue> {
        path(&self.board, &self.rules, &a, &b)
    }

    /// Every move that can be made now (paths not computed).
    #[wasm_bindgen(unchecked_return_type = "Move[]")]
    pub fn moves(&self) -> JsValue {
        js::moves_of(&lianliankan::moves(&self.board, &self.rules))
    }

    /// A move that can be made now, with its path, or null.
    #[wasm_bindgen(unchecked_return_type = "Move | null")]
    pub fn hint(&self) -> JsValue {
        hint(&self.board, &self.rules)
    }
}

impl JsBoard {
    /// A handle on `board` under `rules`.
    pub fn from_parts(board: Board, rules: Rules) -> JsBoard {
        JsBoard { board, rules }
    }
}

/// The positions of the cells `a` and `b` on `board`.
fn positions(board: &Board, a: &JsValue, b: &JsValue) -> Result<(Pos, Pos), JsValue> {
    Ok((js::cell(a, "a", board)?, js::cell(b, "b", board)?))
}

/// `connect`: the connection's path between `a` and `b`, or null.
///
/// # Errors
/// As [`js::cell`]; a BoardError for a cell off the board.
pub fn connect(board: &Board, rules: &Rules, a: &JsValue, b: &JsValue) -> Result<JsValue, JsValue> {
    let (a, b) = positions(board, a, b)?;
    let path = Connector::new()
        .connect(board, a, b, rules)
        .map_err(|e| error(Kind::Board, e))?;
    Ok(js::maybe_corners(path.as_ref()))
}

/// The path of the removal of the tiles at `a` and `b` now, if they can be
/// removed: the connection's path, or under rules with `slide` the first
/// way the library's `ways_to_remove` finds (a plain pair before a slide).
fn removal_path(board: &Board, rules: &Rules, (a, b): (Pos, Pos)) -> Result<Option<Path>, JsValue> {
    if !rules.slide() {
        return Connector::new()
            .connect(board, a, b, rules)
            .map_err(|e| error(Kind::Board, e));
    }
    for pos in [a, b] {
        if !board.contains(pos) {
            return Err(error(
                Kind::Board,
                format!("{pos} is off the {}x{} board", board.rows(), board.cols()),
            ));
        }
    }
    // Off the board is refused above; the other refusals (an empty cell,
    // kinds that do not match) mean the pair cannot go.
    Ok(ways_to_remove(board, a, b, rules)
        .ok()
        .and_then(|ways| ways.into_iter().next())
        .map(|way| way.path))
}

/// `canRemove`: whether the tiles at `a` and `b` can be removed now.
///
/// # Errors
/// As [`connect`].
pub fn can_remove(board: &Board, rules: &Rules, a: &JsValue, b: &JsValue) -> Result<bool, JsValue> {
    let cells = positions(board, a, b)?;
    Ok(removal_path(board, rules, cells)?.is_some())
}

/// `path`: the corners of the removal's path now, or null.
///
/// # Errors
/// As [`connect`].
pub fn path(board: &Board, rules: &Rules, a: &JsValue, b: &JsValue) -> Result<JsValue, JsValue> {
    let cells = positions(board, a, b)?;
    Ok(js::maybe_corners(
        removal_path(board, rules, cells)?.as_ref(),
    ))
}

/// `hint`: a move that can be made now with its path (the first of the
/// library's `moves`), or null.
pub fn hint(board: &Board, rules: &Rules) -> JsValue {
    let mut connector = Connector::new();
    lianliankan::moves(board, rules)
        .into_iter()
        .find_map(|m| {
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
            Some(js::move_of(m, Some(&path)))
        })
        .unwrap_or(JsValue::NULL)
}

/// The board and rules of `value`, the argument `name`, with `rules`: an
/// array of rows (under `rules`, the judge's when absent) or a `Board`
/// (read back through its `toArray` and `rules`, so that the JavaScript
/// object is not consumed; under `rules` when given, else its own).
///
/// # Errors
/// As [`js::board_rows`] and [`rules::read`]; a TypeError for anything
/// else.
pub fn board_and_rules(
    value: &JsValue,
    name: &str,
    rules: &JsValue,
) -> Result<(Board, Rules), JsValue> {
    if Array::is_array(value) {
        return Ok((js::board_rows(value, name)?, rules::read(rules, "rules")?));
    }
    let wanted = "a Board or an array of rows of kinds";
    if js::absent(value) || !value.is_object() {
        return Err(js::type_error(name, wanted, value));
    }
    let to_array = Reflect::get(value, &JsValue::from_str("toArray"))?;
    let Some(to_array) = to_array.dyn_ref::<Function>() else {
        return Err(js::type_error(name, wanted, value));
    };
    let rows = to_array.call0(value)?;
    let board = js::board_rows(&rows, name)?;
    let rules = if js::absent(rules) {
        let own = Reflect::get(value, &JsValue::from_str("rules"))?;
        rules::read(&own, &format!("{name}.rules"))?
    } else {
        rules::read(rules, "rules")?
    };
    Ok((board, rules))
}
