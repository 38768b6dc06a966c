//! The best level runs: `POST /api/runs` replays a run of the level game
//! and stores its score; `GET /api/runs` lists the best ten of a setting.
//!
//! As for classic scores ([`crate::scores`]), the server trusts nothing
//! the page counted: a run is its levels' tickets ([`crate::tickets`]),
//! each a deal the server seeded as that level (its gravity mode and
//! difficulty), and each level's steps are the ones the server logged on
//! its ticket, timed on the server's clock. The server deals every level
//! again, plays its logged steps on the engine, counts the lives the
//! shuffles spend, and works out the score by the level rules
//! ([`crate::level_rules`]); the page sends no step, time or score. The
//! run is refused (422) when a ticket is unknown or not its level's, the
//! levels differ in size or rules, a level was dealt before the one
//! before it ended, a logged step is illegal, a shuffle has no life to
//! spend, or a level other than the last is not cleared. A ticket stores
//! one run (409).

use std::sync::Arc;

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use lianliankan::{Border, Connect, Gravity, Groups};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiJson};
use crate::level_rules::{MAX_LEVELS, START_LIVES, Tally, budget_ms};
use crate::replay::{Played, Replay, dealt_board};
use crate::score_db::{Insert, NewRun, RunEntry};
use crate::state::AppState;
use crate::table::{OnOff, check_name, duplicate, query_rules, setting, storage, store};
use crate::tickets::{Issued, IssuedDeal, Logged, LoggedStep};
use crate::work::light;

/// How many runs a table lists.
const TABLE: u32 = 10;

/// One level of a run: its deal and its logged steps (what the table
/// stores of a run: each step with its time on the level's clock).
#[derive(Clone, Debug, Serialize)]
pub struct LevelPlayed {
    /// The level's deal.
    #[serde(skip)]
    deal: IssuedDeal,
    /// The level's deal seed.
    seed: u64,
    /// The rated candidate its deal answered (`rated.deal_seed`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    rated_seed: Option<u64>,
    /// Its steps, in order.
    steps: Vec<Logged>,
}

impl LevelPlayed {
    fn of(issued: &Issued) -> LevelPlayed {
        LevelPlayed {
            deal: issued.deal.clone(),
            seed: issued.deal.seed,
            rated_seed: issued.deal.rated_seed,
            steps: issued.log.clone(),
        }
    }
}

/// `POST /api/runs`: a name and the run's levels' tickets, level 1 first.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRequest {
    name: String,
    tickets: Vec<String>,
}

/// The answer to a stored run.
#[derive(Debug, Serialize)]
pub struct StoredRun {
    id: i64,
    rank: u64,
    score: u64,
    levels: u32,
}

/// Replays `levels`: the run's score, or what does not stand (an illegal
/// step, a shuffle with no life to spend, a level left uncleared before
/// the next, a level played faster than a person). Heavy: it deals every
/// level.
fn replay_run(levels: &[LevelPlayed]) -> Result<u64, ApiError> {
    let mut lives = START_LIVES;
    let mut total = 0;
    for (l, level) in levels.iter().enumerate() {
        let number = l + 1;
        if l > 0 {
            lives += 1;
        }
        let deal = &level.deal;
        let board = dealt_board(deal)
            .map_err(|e| ApiError::bad_request(format!("level {number}: {}", e.message())))?;
        let budget = budget_ms(l, deal.rows * deal.cols / 2);
        let mut replay = Replay::new(deal, board);
        let mut tally = Tally::default();
        // The log is in time order and within the countdown
        // (`Tickets::log` refuses a step after it).
        for (i, logged) in level.steps.iter().enumerate() {
            let here = format!("level {number}, step {}", i + 1);
            if replay.tiles_left() == 0 {
                return Err(ApiError::unprocessable(format!(
                    "{here}: the level was cleared already"
                )));
            }
            if matches!(
                logged.step,
                LoggedStep::Shuffle { .. }
                    | LoggedStep::Undo
                    | LoggedStep::Redo
                    | LoggedStep::Solve
            ) {
                if matches!(logged.step, LoggedStep::Shuffle { .. }) {
                    if lives == 0 {
                        return Err(ApiError::unprocessable(format!(
                            "{here}: a shuffle with no life left to spend"
                        )));
                    }
                    lives -= 1;
                } else {
                    return Err(ApiError::unprocessable(format!(
                        "{here}: a level has no undo, redo or solve"
                    )));
                }
            }
            match replay
                .play(logged)
                .map_err(|e| ApiError::unprocessable(format!("{here}, {e}")))?
            {
                Played::Removed => tally.pair(logged.at_ms),
                Played::Refused => tally.refused(),
                Played::Shuffled | Played::Other => {}
            }
        }
        let cleared = replay.tiles_left() == 0;
        if !cleared && number < levels.len() {
            return Err(ApiError::unprocessable(format!(
                "level {number} is not cleared ({} tiles left), yet the run goes on to level {}",
                replay.tiles_left(),
                number + 1
            )));
        }
        let last = level.steps.last().map_or(0, |logged| logged.at_ms);
        if let Some(why) = replay.too_fast(last) {
            return Err(ApiError::unprocessable(format!(
                "level {number} enters no table: {why}"
            )));
        }
        total += tally.score
            + if cleared {
                tally.clear_bonus(budget)
            } else {
                0
            };
    }
    Ok(total)
}

/// Whether two deals are levels of one run: the same size, tile kinds
/// and rules but gravity (each level has its own).
fn same_run(first: &IssuedDeal, other: &IssuedDeal) -> bool {
    let level_rules = |deal: &IssuedDeal| deal.rules.clone().with_gravity(Gravity::None);
    (first.rows, first.cols, first.kinds) == (other.rows, other.cols, other.kinds)
        && level_rules(first) == level_rules(other)
}

/// The levels the tickets name, checked: each known, each its level's,
/// all of one run, each dealt after the level before it ended; a 409 for
/// a ticket whose run is stored already.
fn levels_of(state: &AppState, tickets: &[String]) -> Result<Vec<Issued>, ApiError> {
    let mut levels: Vec<Issued> = Vec::with_capacity(tickets.len());
    for (l, ticket) in tickets.iter().enumerate() {
        let number = l + 1;
        let issued = state.tickets.get(ticket).ok_or_else(|| {
            ApiError::unprocessable(format!(
                "level {number}: unknown ticket (a level of a ranked run is dealt by the \
                 server, POST /api/deal with its level and no seed, and its ticket lasts a day)"
            ))
        })?;
        match issued.deal.level {
            Some(dealt) if dealt == l => {}
            Some(dealt) => {
                return Err(ApiError::unprocessable(format!(
                    "level {number}: this ticket is level {}'s deal",
                    dealt + 1
                )));
            }
            None => {
                return Err(ApiError::unprocessable(format!(
                    "level {number}: this ticket is a classic game's deal, not a level's"
                )));
            }
        }
        if issued.stored {
            return Err(duplicate("run"));
        }
        if let Some(before) = levels.last() {
            if !same_run(&levels[0].deal, &issued.deal) {
                return Err(ApiError::unprocessable(format!(
                    "level {number} is not dealt as level 1 is (its size, tile kinds or rules)"
                )));
            }
            if issued.before.as_deref() != Some(tickets[l - 1].as_str()) {
                return Err(ApiError::unprocessable(format!(
                    "level {number} was not dealt after level {l}'s ticket"
                )));
            }
            if before.dealt_again {
                return Err(ApiError::unprocessable(format!(
                    "level {number} was dealt more than once after level {l}: each level of a \
                     run is dealt once, and this run enters no table"
                )));
            }
            if issued.at_ms < before.last_step_at_ms {
                return Err(ApiError::unprocessable(format!(
                    "level {number} was dealt before level {l}'s last step"
                )));
            }
        }
        levels.push(issued);
    }
    Ok(levels)
}

/// `POST /api/runs`: replays the run and stores it (`201`), or says why
/// not (`400` for a bad request, `422` for a run that does not stand,
/// `409` for a run stored already).
pub async fn submit(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<RunRequest>,
) -> Result<(StatusCode, Json<StoredRun>), ApiError> {
    let store = store(&state)?;
    let name = check_name(&request.name)?;
    let tickets = request.tickets;
    if tickets.is_empty() || tickets.len() > MAX_LEVELS {
        return Err(ApiError::bad_request(format!(
            "a run is 1 to {MAX_LEVELS} levels, got {}",
            tickets.len()
        )));
    }
    let issued = levels_of(&state, &tickets)?;
    let first = &issued[0].deal;
    let (rows, cols, kinds) = (first.rows, first.cols, first.kinds);
    let rules = first.rules.clone().with_gravity(Gravity::None);
    let levels: Vec<LevelPlayed> = issued.iter().map(LevelPlayed::of).collect();
    let run_json = serde_json::to_string(&levels)
        .map_err(|_| ApiError::Internal("cannot write the run".to_owned()))?;
    // Light work: milliseconds a level.
    let points = light(move || replay_run(&levels)).await??;
    let count = u32::try_from(tickets.len()).unwrap_or(u32::MAX);
    let entry = NewRun {
        name,
        setting: setting(rows, cols, kinds, &rules, None),
        score: points,
        levels: count,
        run: run_json,
    };
    let Insert::Stored { id, rank } = light(move || store.insert_run(&entry))
        .await?
        .map_err(storage)?
    else {
        return Err(duplicate("run"));
    };
    for ticket in &tickets {
        state.tickets.stored(ticket);
    }
    Ok((
        StatusCode::CREATED,
        Json(StoredRun {
            id,
            rank,
            score: points,
            levels: count,
        }),
    ))
}

/// `GET /api/runs`'s query: the setting (no gravity), `connect` and
/// `slide=on|off` optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunQuery {
    rows: usize,
    cols: usize,
    kinds: u32,
    turns: usize,
    border: Border,
    #[serde(default)]
    groups: Groups,
    #[serde(default)]
    connect: Connect,
    #[serde(default)]
    slide: OnOff,
}

/// The answer to `GET /api/runs`.
#[derive(Debug, Serialize)]
pub struct RunTable {
    runs: Vec<RunEntry>,
}

/// `GET /api/runs?rows=&cols=&kinds=&turns=&border=&groups=&connect=&slide=`:
/// the best ten runs of that setting.
pub async fn best(
    State(state): State<Arc<AppState>>,
    query: Result<Query<RunQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<RunTable>, ApiError> {
    let store = store(&state)?;
    let Query(q) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    // Settings that conflict (slides with two turns, say) name a table no
    // run was stored in: it lists nothing.
    let Ok(rules) = query_rules(
        q.turns,
        q.border,
        Gravity::None,
        &q.groups,
        q.connect,
        q.slide,
    ) else {
        return Ok(Json(RunTable { runs: Vec::new() }));
    };
    let wanted = setting(q.rows, q.cols, q.kinds, &rules, None);
    let runs = light(move || store.best_runs(&wanted, TABLE))
        .await?
        .map_err(storage)?;
    Ok(Json(RunTable { runs }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every setting of the rules' samples but gravity (each level has its
    /// own) is a parameter of the runs' query, read into the same rules.
    #[test]
    fn every_setting_of_the_samples_but_gravity_is_a_query_parameter() {
        for (query, mut expected) in crate::table::sample_queries(&["gravity"]) {
            let uri: axum::http::Uri = format!("/api/runs?{query}").parse().unwrap();
            let Query(q) = Query::<RunQuery>::try_from_uri(&uri)
                .unwrap_or_else(|e| panic!("{query}: {}", e.body_text()));
            let rules = query_rules(
                q.turns,
                q.border,
                Gravity::None,
                &q.groups,
                q.connect,
                q.slide,
            )
            .unwrap_or_else(|e| panic!("{query}: {e:?}"));
            expected["gravity"] = "none".into();
            let read: serde_json::Value = serde_json::from_str(&rules.key()).unwrap();
            assert_eq!(read, expected, "{query}");
        }
    }
}
