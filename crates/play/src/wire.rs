//! The JSON pieces the endpoints share, and their checks against the
//! [`Limits`].
//!
//! Rules, boards, cells (`[row, col]`, 0-based), paths (their corners,
//! `[row, col]` each, in the engine's board frame, where the ring around
//! the board is row or column `-1`, `rows` or `cols`), pairs (`{"a": cell,
//! "b": cell}`) and slides are the `lianliankan` library's own serde forms.
//! What is here is what the server adds: its limits, checked before the
//! engine is given a value, and a 400 naming what is wrong.

use grid_core::{Path, Pos};
use lianliankan::{Board, Move, Rules, RulesForm, moves};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ApiError;
use crate::limits::{Limits, SEED_MAX};

/// The rules as a request sends them: [`Rules`]' serde form, a
/// [`RulesForm`] (every field may be left out, or be `null`: the judge's
/// rule fills it in), read by [`RulesRequest::to_rules`] once the groups
/// text is known to be within the limit. As for the rest of a body, JSON of the wrong shape (an
/// unknown field, a string where a number belongs) is a 422, and a value
/// the engine refuses (an unknown gravity mode, bad groups) a 400.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct RulesRequest(#[serde(deserialize_with = "present")] Option<Value>);

/// A field that is there, even as `null` (`None` is reserved for a field
/// left out).
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

impl RulesRequest {
    /// The fields sent, without those that are `null`; `None` when no
    /// rules were sent or they are not an object.
    fn fields(&self) -> Option<serde_json::Map<String, Value>> {
        let mut fields = self.0.as_ref()?.as_object()?.clone();
        fields.retain(|_, value| !value.is_null());
        Some(fields)
    }

    /// Whether no rule was sent (the rules left out, or `{}`).
    pub fn is_left_out(&self) -> bool {
        self.0.is_none() || self.fields().is_some_and(|fields| fields.is_empty())
    }

    /// The engine's rules, or a 4xx naming the bad field.
    pub fn to_rules(&self, limits: &Limits) -> Result<Rules, ApiError> {
        let Some(sent) = &self.0 else {
            return Ok(Rules::default());
        };
        let value = match self.fields() {
            Some(mut fields) => {
                if let Some(Value::String(groups)) = fields.get_mut("groups") {
                    let trimmed = groups.trim();
                    if trimmed.len() > limits.groups_bytes {
                        return Err(ApiError::bad_request(format!(
                            "groups may be at most {} bytes long, got {}",
                            limits.groups_bytes,
                            trimmed.len()
                        )));
                    }
                    *groups = trimmed.to_owned();
                }
                Value::Object(fields)
            }
            None => sent.clone(),
        };
        // What is refused before the library reads a name (a field of the
        // wrong type, an unknown field, a negative turn limit) is a 422;
        // what the library refuses once the shape is right (an unknown
        // name, bad groups, conflicting settings) a 400. The two are told
        // apart by which step fails, never by an error's text.
        let form = RulesForm::deserialize(value)
            .map_err(|e| ApiError::Unprocessable(format!("rules: {e}")))?;
        let rules = Rules::try_from(form).map_err(|e| ApiError::bad_request(e.to_string()))?;
        if rules.max_turns() > limits.turns {
            return Err(ApiError::bad_request(format!(
                "turns must be 0 to {}, got {}",
                limits.turns,
                rules.max_turns()
            )));
        }
        Ok(rules)
    }
}

/// A pair of tiles that can go now and the path that joins them: the
/// pair's fields (`a`, `b`) and `path`.
#[derive(Clone, Debug, Serialize)]
pub struct PairWithPath {
    /// The pair.
    #[serde(flatten)]
    pub pair: Move,
    /// The corners of the path (fewest turns, then shortest).
    pub path: Path,
}

/// Checks a board's size against the limits: 1 to `rows` rows of 1 to
/// `cols` columns, at most `cells` cells.
pub fn check_size(rows: usize, cols: usize, limits: &Limits) -> Result<(), ApiError> {
    if rows == 0 || rows > limits.rows || cols == 0 || cols > limits.cols {
        return Err(ApiError::bad_request(format!(
            "a board has 1 to {} rows and 1 to {} columns, got {rows} × {cols}",
            limits.rows, limits.cols
        )));
    }
    let cells = rows * cols;
    if cells > limits.cells {
        return Err(ApiError::bad_request(format!(
            "a board has at most {} cells, got {rows} × {cols} = {cells}",
            limits.cells
        )));
    }
    Ok(())
}

/// Checks that a deal's cells can all hold tiles, which go in pairs.
pub fn check_even(rows: usize, cols: usize) -> Result<(), ApiError> {
    if (rows * cols) % 2 != 0 {
        return Err(ApiError::bad_request(format!(
            "a deal needs an even number of cells (tiles go in pairs), got {rows} × {cols} = {}",
            rows * cols
        )));
    }
    Ok(())
}

/// The board a request sent, as rows of kinds ([`Board`]'s serde form),
/// checked here rather than by `Board`'s own `Deserialize`, so that its
/// size is held to the limits before a board is built and every refusal is
/// a 400: rectangular, within the limits, kinds up to the engine's largest.
pub fn parse_board(rows: &[Vec<u32>], limits: &Limits) -> Result<Board, ApiError> {
    let cols = rows.first().map_or(0, Vec::len);
    if let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != cols) {
        return Err(ApiError::bad_request(format!(
            "every row of the board must have {cols} cells like the first, row {r} has {}",
            row.len()
        )));
    }
    check_size(rows.len(), cols, limits)?;
    Board::from_rows(rows).map_err(|e| ApiError::bad_request(format!("bad board: {e}")))
}

/// A cell a request names, checked to be on `board`.
pub fn check_cell(pos: Pos, board: &Board, what: &str) -> Result<Pos, ApiError> {
    if board.contains(pos) {
        Ok(pos)
    } else {
        Err(ApiError::bad_request(format!(
            "{what} [{}, {}] is not on the {} × {} board",
            pos.row,
            pos.col,
            board.rows(),
            board.cols()
        )))
    }
}

/// A seed a request sent, checked to survive JavaScript ([`SEED_MAX`]).
pub fn check_seed(seed: u64) -> Result<u64, ApiError> {
    if seed > SEED_MAX {
        return Err(ApiError::bad_request(format!(
            "a seed is 0 to {SEED_MAX} (what a JavaScript number holds exactly), got {seed}"
        )));
    }
    Ok(seed)
}

/// A board as a request sends it: rows of kinds (0 = empty), [`Board`]'s
/// serde form, checked by [`parse_board`].
pub type BoardRows = Vec<Vec<u32>>;

/// How a position stands: what the page shows after every step.
#[derive(Debug, Serialize)]
pub struct Position {
    /// Tiles on the board.
    tiles: usize,
    /// Pairs that can be removed now.
    moves: usize,
    /// Tiles remain and no pair can go.
    dead: bool,
    /// No tiles remain.
    cleared: bool,
}

impl Position {
    /// How `board` stands under `rules`.
    pub fn of(board: &Board, rules: &Rules) -> Position {
        let tiles = board.tile_count();
        let moves = if tiles == 0 {
            0
        } else {
            moves(board, rules).len()
        };
        Position {
            tiles,
            moves,
            dead: tiles > 0 && moves == 0,
            cleared: tiles == 0,
        }
    }
}
