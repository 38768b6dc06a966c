//! High scores of classic games: `POST /api/finish` replays a ranked game
//! when its board is cleared and times it; `POST /api/scores` stores its
//! score under a name; `GET /api/scores` lists the best ten of a table.
//!
//! The server trusts nothing the page says but the name: the deal is the
//! one its ticket names ([`crate::tickets`]: a solvable deal whose seed the
//! server chose), dealt again as `POST /api/deal` dealt it; the steps are
//! the ones logged on the ticket as they came ([`crate::replay`] plays them
//! again), and the time is the game's clock on the server. A cleared game
//! that was assisted (a hint, an undo, a shuffle, a solve) or played faster
//! than a person keeps its time but enters no table. Scores follow KShisen
//! (see [`score`]); a table is a size, tile kinds, rules and difficulty,
//! a portrait board and its landscape preset being one table
//! (`Setting::turned`).

use std::sync::Arc;

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use lianliankan::{Border, Connect, Difficulty, Gravity, Groups, Rules};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiJson};
use crate::replay::{Replay, dealt_board};
use crate::score_db::{Entry, Insert, NewDailyScore, NewScore};
use crate::state::AppState;
use crate::table::{OnOff, check_name, duplicate, query_rules, setting, storage, store};
use crate::tickets::{Finished, Issued, IssuedDeal, UNKNOWN_TICKET};
use crate::work::light;

/// The longest game the table takes: a day on the clock.
const ELAPSED_MS_MAX: u64 = 24 * 60 * 60 * 1000;

/// How many entries a table lists.
const TABLE: u32 = 10;

/// `POST /api/finish`: a ranked game's ticket, alone: the server replays
/// the steps it logged on it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinishRequest {
    ticket: String,
}

/// The answer to a finish: the game's time on the server's clock and its
/// score.
#[derive(Debug, Serialize)]
pub struct FinishAnswer {
    elapsed_ms: u64,
    score: u64,
    /// Whether the game enters the tables.
    ranked: bool,
    /// Why not, when it does not: assisted, or faster than a person.
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<String>,
    /// For the daily deal, the day whose table it enters (the day it was
    /// dealt).
    #[serde(skip_serializing_if = "Option::is_none")]
    daily: Option<String>,
}

impl FinishAnswer {
    fn of(deal: &IssuedDeal, finished: &Finished) -> FinishAnswer {
        FinishAnswer {
            elapsed_ms: finished.elapsed_ms,
            score: score(
                deal.rows * deal.cols,
                finished.elapsed_ms,
                deal.rules.gravity(),
            ),
            ranked: finished.unranked.is_none(),
            why: finished.unranked.clone(),
            daily: deal.daily.clone(),
        }
    }
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

/// The record of a ticket the request names, or a 422.
fn ticket_of(state: &AppState, ticket: &str) -> Result<Issued, ApiError> {
    state
        .tickets
        .get(ticket)
        .ok_or_else(|| ApiError::unprocessable(UNKNOWN_TICKET))
}

/// `POST /api/finish`: replays the steps logged on a ranked classic game's
/// ticket on its deal and, when the board ends empty, records the game as
/// cleared — its time, on the game's clock (the server's, paused time
/// left out), and whether it enters the tables: not when a step assisted
/// the player or it was played faster than a person ([`crate::replay`]).
/// `200` with the time, the score and why it is not ranked; `422` for a
/// board the log does not clear, a level's ticket (a level finishes inside
/// its run) or an unknown ticket. The first finish of a ticket stands:
/// nothing changes a finished game.
pub async fn finish(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<FinishRequest>,
) -> Result<Json<FinishAnswer>, ApiError> {
    let now = state.tickets.now_ms();
    let issued = ticket_of(&state, &request.ticket)?;
    if let Some(done) = &issued.finished {
        return Ok(Json(FinishAnswer::of(&issued.deal, done)));
    }
    if let Some(level) = issued.deal.level {
        return Err(ApiError::unprocessable(format!(
            "this ticket is level {}'s deal: a level finishes inside its run (POST /api/runs), \
             never as a classic game",
            level + 1
        )));
    }
    let elapsed_ms = issued.game_ms(now).clamp(1, ELAPSED_MS_MAX);
    let deal = issued.deal.clone();
    let log = issued.log;
    let steps_json = serde_json::to_string(&log)
        .map_err(|_| ApiError::Internal("cannot write the steps".to_owned()))?;
    // Light work: a deal made again and a game played, milliseconds.
    let (left, unranked) = light(move || {
        let mut replay = Replay::new(&deal, dealt_board(&deal)?);
        for (i, logged) in log.iter().enumerate() {
            replay
                .play(logged)
                .map_err(|e| ApiError::unprocessable(format!("step {}: {e}", i + 1)))?;
        }
        let unranked = match replay.assisted {
            Some(why) => Some(format!(
                "assisted: {why} was used, and an assisted game enters no table"
            )),
            None => replay.too_fast(elapsed_ms),
        };
        Ok::<_, ApiError>((replay.tiles_left(), unranked))
    })
    .await??;
    if left > 0 {
        return Err(ApiError::unprocessable(format!(
            "the board is not cleared: {left} tiles are left after the last step logged"
        )));
    }
    let finished = Finished {
        elapsed_ms,
        steps: steps_json,
        unranked,
    };
    let kept = state
        .tickets
        .finish(&request.ticket, finished.clone())
        .unwrap_or(finished);
    Ok(Json(FinishAnswer::of(&issued.deal, &kept)))
}

/// `POST /api/scores`: stores the score of a finished ranked game under a
/// name (`201`; a daily deal's in its day's table, `crate::daily`), or
/// says why not: `400` for a bad name, `422` for a time
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
    if let Some(why) = finished.unranked {
        return Err(ApiError::unprocessable(format!(
            "this game is cleared but enters no table: {why}"
        )));
    }
    let deal = issued.deal;
    let points = score(
        deal.rows * deal.cols,
        finished.elapsed_ms,
        deal.rules.gravity(),
    );
    // The daily deal's clear enters the table of the day it was dealt.
    if let Some(day) = deal.daily {
        let entry = NewDailyScore {
            day,
            name,
            seed: deal.seed,
            rated_seed: deal.rated_seed,
            score: points,
            elapsed_ms: finished.elapsed_ms,
            steps: finished.steps,
        };
        let inserted = light(move || store.insert_daily(&entry))
            .await?
            .map_err(storage)?;
        return stored(&state, &request.ticket, inserted, points);
    }
    let entry = NewScore {
        name,
        setting: setting(
            deal.rows,
            deal.cols,
            deal.kinds,
            &deal.rules,
            deal.difficulty,
        ),
        seed: deal.seed,
        rated_seed: deal.rated_seed,
        score: points,
        elapsed_ms: finished.elapsed_ms,
        steps: finished.steps,
    };
    let inserted = light(move || store.insert(&entry))
        .await?
        .map_err(storage)?;
    stored(&state, &request.ticket, inserted, points)
}

/// The answer to a score inserted (`201`, the ticket marked stored), or a
/// `409` for a game stored already.
fn stored(
    state: &AppState,
    ticket: &str,
    inserted: Insert,
    points: u64,
) -> Result<(StatusCode, Json<Stored>), ApiError> {
    let Insert::Stored { id, rank } = inserted else {
        return Err(duplicate("game"));
    };
    state.tickets.stored(ticket);
    Ok((
        StatusCode::CREATED,
        Json(Stored {
            id,
            rank,
            score: points,
        }),
    ))
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
    /// The difficulty the table's deals were dealt at (`easy`, `normal`,
    /// `hard`); left out, the table of deals of no difficulty.
    #[serde(default)]
    difficulty: Option<String>,
}

/// The answer to `GET /api/scores`.
#[derive(Debug, Serialize)]
pub struct Table {
    scores: Vec<Entry>,
    /// The table's difficulty (`null`: deals of no difficulty).
    difficulty: Option<&'static str>,
    /// Always `false`: a table holds games played without assistance.
    assisted: bool,
    /// The other form of the same table, if any (a portrait screen's
    /// form of a landscape preset, or the other way round): its games are
    /// in this table too.
    turned: Option<TurnedForm>,
}

/// A setting's turned form: rows, columns and gravity.
#[derive(Debug, Serialize)]
pub struct TurnedForm {
    rows: u32,
    cols: u32,
    gravity: String,
}

/// `GET /api/scores?rows=&cols=&kinds=&turns=&border=&gravity=&groups=&connect=&slide=&difficulty=`:
/// the best ten of that table: the setting and its turned form, at that
/// difficulty.
pub async fn best(
    State(state): State<Arc<AppState>>,
    query: Result<Query<TableQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Table>, ApiError> {
    let store = store(&state)?;
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let difficulty = match query.difficulty.as_deref() {
        None | Some("") => None,
        Some(name) => Some(
            name.parse::<Difficulty>()
                .map_err(|e| ApiError::bad_request(format!("difficulty: {e}")))?,
        ),
    };
    // Settings that conflict (slides with two turns, say) name a table no
    // game was stored in: it lists nothing (its turned form is its size's
    // and gravity's).
    let rules = query_rules(
        query.turns,
        query.border,
        query.gravity,
        &query.groups,
        query.connect,
        query.slide,
    );
    let gravity_alone = Rules::judge().with_gravity(query.gravity);
    let named = rules.as_ref().unwrap_or(&gravity_alone);
    let wanted = setting(query.rows, query.cols, query.kinds, named, difficulty);
    let turned = wanted.turned().map(|t| TurnedForm {
        rows: t.rows,
        cols: t.cols,
        gravity: t.rules.gravity().name().to_owned(),
    });
    let scores = match rules {
        Ok(_) => light(move || store.best(&wanted, TABLE))
            .await?
            .map_err(storage)?,
        Err(_) => Vec::new(),
    };
    Ok(Json(Table {
        scores,
        difficulty: difficulty.map(Difficulty::name),
        assisted: false,
        turned,
    }))
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
}

#[cfg(test)]
mod query_tests {
    use super::*;

    /// Every setting of the rules' samples is a parameter of the table's
    /// query, read into the same rules.
    #[test]
    fn every_setting_of_the_samples_is_a_query_parameter() {
        for (query, expected) in crate::table::sample_queries(&[]) {
            let uri: axum::http::Uri = format!("/api/scores?{query}").parse().unwrap();
            let Query(q) = Query::<TableQuery>::try_from_uri(&uri)
                .unwrap_or_else(|e| panic!("{query}: {}", e.body_text()));
            let rules = query_rules(q.turns, q.border, q.gravity, &q.groups, q.connect, q.slide)
                .unwrap_or_else(|e| panic!("{query}: {e:?}"));
            let read: serde_json::Value = serde_json::from_str(&rules.key()).unwrap();
            assert_eq!(read, expected, "{query}");
        }
    }
}
