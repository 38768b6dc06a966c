//! The table layer under the handlers of scores and runs: the store (or
//! a 503 without one), its errors, the setting a table is kept for, the
//! rules a table's query names, and the names players type
//! ([`names`]). `scores` and `runs` sit side by side on it; the SQL of a
//! setting is `score_db`'s, one clause for every query.

use std::sync::Arc;

use lianliankan::{Border, Connect, Difficulty, Gravity, Groups, Rules};
use serde::Deserialize;

use crate::error::ApiError;
use crate::score_db::{Setting, Store};
use crate::state::AppState;

mod names;

pub use names::check_name;

/// A 409: the same game (or run) is stored already.
pub fn duplicate(what: &str) -> ApiError {
    ApiError::Duplicate(format!(
        "this {what} is stored already (the same deal and the same steps)"
    ))
}

/// The store, or a 503 when the server keeps none.
pub fn store(state: &AppState) -> Result<Arc<Store>, ApiError> {
    state.scores.clone().ok_or_else(|| {
        ApiError::Unavailable(
            "this server keeps no high scores (started without a database)".to_owned(),
        )
    })
}

/// A 500 for a failed read or write of the database.
pub fn storage(error: rusqlite::Error) -> ApiError {
    ApiError::Internal(format!("the score database failed: {error}"))
}

/// The table's setting for a game's numbers, rules and difficulty.
pub fn setting(
    rows: usize,
    cols: usize,
    kinds: u32,
    rules: &Rules,
    difficulty: Option<Difficulty>,
) -> Setting {
    Setting {
        rows: rows as u32,
        cols: cols as u32,
        kinds,
        turns: rules.max_turns as u32,
        border: rules.border.to_string(),
        gravity: rules.gravity.to_string(),
        groups: rules.groups.to_string(),
        connect: rules.connect.to_string(),
        slide: rules.slide,
        difficulty: difficulty.map_or("", Difficulty::name).to_owned(),
    }
}

/// `slide=on|off` in a query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OnOff {
    /// Sliding tiles.
    On,
    /// No sliding tiles.
    #[default]
    Off,
}

/// The rules a table's query names, as they were stored: the fields as
/// sent (sliding tiles' turns and border included).
pub fn query_rules(
    turns: usize,
    border: Border,
    gravity: Gravity,
    groups: Groups,
    connect: Connect,
    slide: OnOff,
) -> Rules {
    let mut rules = Rules::judge()
        .with_turns(turns)
        .with_border(border)
        .with_gravity(gravity)
        .with_groups(groups)
        .with_connect(connect);
    rules.slide = slide == OnOff::On;
    rules
}
