//! The table layer under the handlers of scores and runs: the store (or
//! a 503 without one), its errors, the setting a table is kept for, the
//! rules a table's query names, and the names players type
//! ([`names`]). `scores` and `runs` sit side by side on it; the SQL of a
//! setting is `score_db`'s, one clause for every query.

use std::sync::Arc;

use lianliankan::{Border, Connect, Difficulty, Gravity, Groups, Rules, RulesError, RulesForm};
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
        rules: rules.clone(),
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

/// The rules a table's query names, read by the library as every face's
/// settings ([`RulesForm`]), or the library's refusal of settings that
/// conflict (which no stored game has).
pub fn query_rules(
    turns: usize,
    border: Border,
    gravity: Gravity,
    groups: &Groups,
    connect: Connect,
    slide: OnOff,
) -> Result<Rules, RulesError> {
    let form = RulesForm {
        turns: Some(turns as u64),
        border: Some(border.to_string()),
        gravity: Some(gravity.to_string()),
        groups: Some(groups.to_string()),
        connect: Some(connect.to_string()),
        slide: Some(slide == OnOff::On),
    };
    Rules::try_from(form)
}

/// The samples of `fixtures/rules/samples.json` (which, between them, set
/// every setting of the rules) as a table's query (`rows=4&cols=6&kinds=6`
/// and each setting but those `left_out`, `slide=on|off`), each with its
/// rules' key as JSON (`left_out` removed): the queries' tests read them
/// all, so that a setting a query lacks fails.
#[cfg(test)]
pub(crate) fn sample_queries(left_out: &[&str]) -> Vec<(String, serde_json::Value)> {
    use serde_json::Value;
    let fixture = include_str!("../../../../fixtures/rules/samples.json");
    let samples: Vec<serde_json::Map<String, Value>> = serde_json::from_str(fixture).unwrap();
    samples
        .into_iter()
        .map(|mut sample| {
            sample.retain(|name, _| !left_out.contains(&name.as_str()));
            let mut query = vec![
                "rows=4".to_owned(),
                "cols=6".to_owned(),
                "kinds=6".to_owned(),
            ];
            for (name, value) in &sample {
                let value = match value {
                    Value::Bool(true) => "on".to_owned(),
                    Value::Bool(false) => "off".to_owned(),
                    Value::String(text) => text.replace('+', "%2B"),
                    other => other.to_string(),
                };
                query.push(format!("{name}={value}"));
            }
            (query.join("&"), Value::Object(sample))
        })
        .collect()
}
