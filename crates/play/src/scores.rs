//! High scores of classic games: `POST /api/finish` replays a ranked game
//! when its board is cleared and times it; `POST /api/scores` stores its
//! score under a name; `GET /api/scores` lists the best ten of a setting.
//!
//! The server trusts nothing the page says but the name and the steps:
//! the deal is the one its ticket names ([`crate::tickets`]: a solvable
//! deal whose seed the server chose), dealt again as `POST /api/deal`
//! dealt it (for a deal of a chosen difficulty, its rated candidate); every
//! step is played on the engine, and the game counts only if each step is
//! legal and the board ends empty. The time is the server's, from the
//! deal to the finish: a time the page sends is refused. Scores follow
//! KShisen (see [`score`]).

use std::sync::Arc;

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use grid_core::Pos;
use lianliankan::{Border, Connect, Game, Gravity, Groups, Move, Route, Rules};
use serde::{Deserialize, Serialize};

use crate::deal::solvable_deal;
use crate::error::{ApiError, ApiJson};
use crate::rated::rated_board;
use crate::score_db::{Entry, Insert, NewScore, Setting, Store};
use crate::state::AppState;
use crate::tickets::{Finished, Issued, UNKNOWN_TICKET};
use crate::wire::check_seed;
use crate::work::light;

/// The longest name, in characters, after trimming.
pub const NAME_CHARS: usize = 32;

/// The longest game the table takes: a day on the clock.
const ELAPSED_MS_MAX: u64 = 24 * 60 * 60 * 1000;

/// How many entries a table lists.
const TABLE: u32 = 10;

/// One step of a submitted game.
#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum GameStep {
    /// A removal, its cells on the board as it is at that moment.
    Remove {
        /// The first tile.
        a: Pos,
        /// The second tile.
        b: Pos,
        /// Under sliding tiles, a slide of `a` along this route before the
        /// pair goes (`Move::slide`'s `route`); left out for a plain pair.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        route: Option<Route>,
    },
    /// The shuffle `POST /api/shuffle` makes with this seed.
    Shuffle {
        /// Its seed.
        shuffle: u64,
    },
}

/// `POST /api/finish`: a ranked game's ticket and the steps that cleared
/// its board.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinishRequest {
    ticket: String,
    steps: Vec<GameStep>,
}

/// The answer to a finish: the game's time on the server's clock and its
/// score.
#[derive(Debug, Serialize)]
pub struct FinishAnswer {
    elapsed_ms: u64,
    score: u64,
}

/// `POST /api/scores`: a name for a finished ranked game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreRequest {
    name: String,
    ticket: String,
    /// Read only to refuse it: the time is the server's.
    #[serde(default)]
    elapsed_ms: Option<serde::de::IgnoredAny>,
}

/// The answer to a stored score.
#[derive(Debug, Serialize)]
pub struct Stored {
    id: i64,
    rank: u64,
    score: u64,
}

/// KShisen's score of a board of `cells` cleared in `elapsed_ms`:
/// `floor((n / sec) / 0.14 * 100 * sqrt(n / 14 * 6))` with n the cells and
/// sec the whole seconds on the clock (at least 1), doubled under gravity.
pub fn score(cells: usize, elapsed_ms: u64, gravity: Gravity) -> u64 {
    let n = cells as f64;
    let seconds = (elapsed_ms / 1000).max(1) as f64;
    let base = (n / seconds) / 0.14 * 100.0 * (n / 14.0 * 6.0).sqrt();
    let base = base.floor() as u64;
    if gravity == Gravity::None {
        base
    } else {
        2 * base
    }
}

/// The characters that steer the direction of text (Unicode's explicit
/// bidirectional formatting: embeddings and overrides U+202A-202E,
/// isolates U+2066-2069, the marks U+200E, U+200F and U+061C). In a name
/// they would turn a table's row around (a right-to-left override shows
/// the score and the date backwards), so they are taken out.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    )
}

/// The name as stored: without control characters (line breaks, tabs,
/// NUL) and bidirectional formatting characters ([`is_bidi_control`]),
/// then trimmed; 1 to [`NAME_CHARS`] characters, or a 400.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let plain: String = name
        .chars()
        .filter(|&c| !c.is_control() && !is_bidi_control(c))
        .collect();
    let name = plain.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > NAME_CHARS {
        return Err(ApiError::bad_request(format!(
            "a name is 1 to {NAME_CHARS} characters (not counting control and direction \
             characters), got {chars}"
        )));
    }
    Ok(name.to_owned())
}

/// A 409: the same game (or run) is stored already.
pub fn duplicate(what: &str) -> ApiError {
    ApiError {
        status: StatusCode::CONFLICT,
        message: format!("this {what} is stored already (the same deal and the same steps)"),
    }
}

/// The store, or a 503 when the server keeps none.
pub fn store(state: &AppState) -> Result<Arc<Store>, ApiError> {
    state.scores.clone().ok_or_else(|| ApiError {
        status: StatusCode::SERVICE_UNAVAILABLE,
        message: "this server keeps no high scores (started without a database)".to_owned(),
    })
}

/// Plays `steps` from `board`: the number of tiles left, or which step is
/// illegal and why.
fn replay(board: lianliankan::Board, rules: Rules, steps: &[GameStep]) -> Result<usize, String> {
    let mut game = Game::new(board, rules);
    for (i, step) in steps.iter().enumerate() {
        let number = i + 1;
        match *step {
            GameStep::Remove { a, b, route } => {
                for cell in [a, b] {
                    if !game.board().contains(cell) {
                        return Err(format!(
                            "step {number}: [{}, {}] is not on the board",
                            cell.row, cell.col
                        ));
                    }
                }
                let pair = match route {
                    Some(route) => Move::slide(a, b, route),
                    None => Move::new(a, b),
                };
                game.play(pair).map_err(|e| {
                    let slide = route.map_or(String::new(), |route| format!(" (slide {route})"));
                    format!(
                        "step {number}, [{}, {}] and [{}, {}]{slide}: {e}",
                        a.row, a.col, b.row, b.col
                    )
                })?;
            }
            GameStep::Shuffle { shuffle } => {
                check_seed(shuffle).map_err(|e| format!("step {number}: {}", e.message))?;
                game.shuffle(shuffle)
                    .map_err(|e| format!("step {number}, shuffle {shuffle}: {e}"))?;
            }
        }
    }
    Ok(game.board().tile_count())
}

/// The record of a ticket the request names, or a 422.
fn ticket_of(state: &AppState, ticket: &str) -> Result<Issued, ApiError> {
    state
        .tickets
        .get(ticket)
        .ok_or_else(|| ApiError::unprocessable(UNKNOWN_TICKET))
}

/// `POST /api/finish`: replays a ranked game's steps on its deal and, when
/// the board ends empty, records its time — from the deal to now, on the
/// server's clock — and answers it with the score (`200`); `422` for a
/// game that does not replay to an empty board, a shuffle (assistance) or
/// an unknown ticket. The first finish of a ticket stands.
pub async fn finish(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<FinishRequest>,
) -> Result<Json<FinishAnswer>, ApiError> {
    let now = state.tickets.now_ms();
    let issued = ticket_of(&state, &request.ticket)?;
    let deal = issued.deal;
    let cells = deal.rows * deal.cols;
    let gravity = deal.rules.gravity;
    if let Some(done) = issued.finished {
        return Ok(Json(FinishAnswer {
            elapsed_ms: done.elapsed_ms,
            score: score(cells, done.elapsed_ms, gravity),
        }));
    }
    // A removal takes two tiles; shuffles beside them are bounded alike.
    if request.steps.len() > cells {
        return Err(ApiError::unprocessable(format!(
            "{} steps for a board of {cells} tiles",
            request.steps.len(),
        )));
    }
    // A shuffle is assistance (issue 49), as hint and undo are: the game
    // keeps its time but enters no table.
    if let Some(i) = request
        .steps
        .iter()
        .position(|step| matches!(step, GameStep::Shuffle { .. }))
    {
        return Err(ApiError::unprocessable(format!(
            "step {}: a shuffle is assistance, and an assisted game enters no high score",
            i + 1
        )));
    }
    let steps = request.steps;
    let steps_json = serde_json::to_string(&steps).map_err(|_| ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: "cannot write the steps".to_owned(),
    })?;
    let left = state
        .heavy
        .run(move || {
            let board = match deal.rated_seed {
                Some(rated) => rated_board(deal.rows, deal.cols, deal.kinds, rated, &deal.rules),
                None => solvable_deal(deal.rows, deal.cols, deal.kinds, deal.seed, &deal.rules),
            }
            .map_err(|e| ApiError::bad_request(format!("no deal: {e}")))?;
            replay(board, deal.rules, &steps).map_err(ApiError::unprocessable)
        })
        .await??;
    if left > 0 {
        return Err(ApiError::unprocessable(format!(
            "the board is not cleared: {left} tiles are left after the last step"
        )));
    }
    let elapsed_ms = now.saturating_sub(issued.at_ms).clamp(1, ELAPSED_MS_MAX);
    state.tickets.finish(
        &request.ticket,
        Finished {
            elapsed_ms,
            steps: steps_json,
        },
    );
    Ok(Json(FinishAnswer {
        elapsed_ms,
        score: score(cells, elapsed_ms, gravity),
    }))
}

/// `POST /api/scores`: stores the score of a finished ranked game under a
/// name (`201`), or says why not: `400` for a bad name, `422` for a time
/// sent by the page, an unknown ticket or a game the server has not seen
/// finished, `409` for a game stored already (a ticket stores one score).
pub async fn submit(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<ScoreRequest>,
) -> Result<(StatusCode, Json<Stored>), ApiError> {
    let store = store(&state)?;
    let name = check_name(&request.name)?;
    if request.elapsed_ms.is_some() {
        return Err(ApiError::unprocessable(
            "elapsed_ms: a ranked game's time is the server's, from its deal to its finish; \
             leave it out"
                .to_owned(),
        ));
    }
    let issued = ticket_of(&state, &request.ticket)?;
    let Some(finished) = issued.finished else {
        return Err(ApiError::unprocessable(
            "the server has not seen this game's board cleared: POST /api/finish first".to_owned(),
        ));
    };
    if issued.stored {
        return Err(duplicate("game"));
    }
    let deal = issued.deal;
    let points = score(
        deal.rows * deal.cols,
        finished.elapsed_ms,
        deal.rules.gravity,
    );
    let entry = NewScore {
        name,
        setting: setting(deal.rows, deal.cols, deal.kinds, &deal.rules),
        seed: deal.seed,
        rated_seed: deal.rated_seed,
        score: points,
        elapsed_ms: finished.elapsed_ms,
        steps: finished.steps,
    };
    let Insert::Stored { id, rank } = light(move || store.insert(&entry))
        .await?
        .map_err(storage)?
    else {
        return Err(duplicate("game"));
    };
    state.tickets.stored(&request.ticket);
    Ok((
        StatusCode::CREATED,
        Json(Stored {
            id,
            rank,
            score: points,
        }),
    ))
}

/// A 500 for a failed read or write of the database.
pub fn storage(error: rusqlite::Error) -> ApiError {
    ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: format!("the score database failed: {error}"),
    }
}

/// The table's setting for a game's numbers and rules.
pub fn setting(rows: usize, cols: usize, kinds: u32, rules: &Rules) -> Setting {
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
    }
}

/// `GET /api/scores`'s query: the setting, every field given but the
/// rule variants (`connect`, `slide=on|off`), standard when left out. The
/// names are read by the library's own parsers, through serde: a bad one is
/// a 400 with the library's message.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableQuery {
    rows: usize,
    cols: usize,
    kinds: u32,
    turns: usize,
    border: Border,
    gravity: Gravity,
    /// The groups' text (`""`, none, when left out).
    #[serde(default)]
    groups: Groups,
    /// The connection rule (`standard` when left out).
    #[serde(default)]
    connect: Connect,
    /// `on` for sliding tiles (`off` when left out).
    #[serde(default)]
    slide: OnOff,
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

/// The answer to `GET /api/scores`.
#[derive(Debug, Serialize)]
pub struct Table {
    scores: Vec<Entry>,
}

/// `GET /api/scores?rows=&cols=&kinds=&turns=&border=&gravity=&groups=&connect=&slide=`:
/// the best ten of exactly that setting.
pub async fn best(
    State(state): State<Arc<AppState>>,
    query: Result<Query<TableQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Table>, ApiError> {
    let store = store(&state)?;
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let rules = query_rules(
        query.turns,
        query.border,
        query.gravity,
        query.groups,
        query.connect,
        query.slide,
    );
    let wanted = setting(query.rows, query.cols, query.kinds, &rules);
    let scores = light(move || store.best(&wanted, TABLE))
        .await?
        .map_err(storage)?;
    Ok(Json(Table { scores }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_follow_kshisen_s_formula() {
        // 8 × 12 in 61 s: 96/61/0.14*100*sqrt(96/14*6) = 7210.4...
        assert_eq!(score(96, 61_234, Gravity::None), 7210);
        assert_eq!(score(96, 61_999, Gravity::Down), 2 * 7210);
        // Under a second counts as one.
        assert_eq!(score(4, 10, Gravity::None), score(4, 1_999, Gravity::None));
        assert!(score(96, 30_000, Gravity::None) > score(96, 60_000, Gravity::None));
    }

    #[test]
    fn names_are_trimmed_and_checked() {
        assert_eq!(check_name("  Ann ").unwrap(), "Ann");
        assert_eq!(check_name(&"é".repeat(32)).unwrap().chars().count(), 32);
        assert!(check_name(&"é".repeat(33)).is_err());
        assert!(check_name("   ").is_err());
        // Control and direction characters are taken out, then the name
        // is trimmed and counted.
        assert_eq!(check_name("a\nb\t").unwrap(), "ab");
        assert_eq!(
            check_name("\u{202E}Eve\u{2066}\u{200F}\u{061C}").unwrap(),
            "Eve"
        );
        assert!(check_name("\u{202E}\u{7} \u{2069}").is_err());
        assert_eq!(
            check_name(&format!("{}\u{202E}", "x".repeat(32)))
                .unwrap()
                .len(),
            32
        );
    }
}
