//! The best level runs: `POST /api/runs` replays a run of the level game
//! and stores its score; `GET /api/runs` lists the best ten of a setting.
//!
//! As for classic scores ([`crate::scores`]), the server trusts nothing
//! but the name and the times the page counted: it deals every level again
//! (level L under the L-th gravity mode, from the level's seed, or the
//! rated candidate of its `rated_seed`), plays each level's steps on the
//! engine, counts the lives the shuffles spend, and works out the score
//! by the level rules ([`crate::level_rules`]). The run is refused (422)
//! when a step is illegal, a shuffle has no life to spend, a step comes
//! after its level's countdown ran out or before the step before it, a
//! level other than the last is not cleared, or the score sent is not the
//! one the steps give. The same run twice is a 409.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use grid_core::Pos;
use lianliankan::{Border, Connect, Game, Gravity, Groups, Move, Route, Rules};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiJson};
use crate::game::{check_deal, solvable_deal};
use crate::level_rules::{MAX_LEVELS, START_LIVES, Tally, budget_ms, gravity};
use crate::rated::rated_board;
use crate::score_db::{Insert, NewRun, RunEntry};
use crate::scores::{OnOff, check_name, duplicate, forged, query_rules, setting, storage, store};
use crate::state::AppState;
use crate::wire::{RulesRequest, check_seed};
use crate::work::light;

/// How many runs a table lists.
const TABLE: u32 = 10;

/// One step of a level, with the level's countdown time it was made at
/// (`t`, ms since the level was dealt, the page's pauses left out).
#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum RunStep {
    /// A removal, its cells on the board as it is at that moment.
    Remove {
        /// The first tile.
        a: Pos,
        /// The second tile.
        b: Pos,
        /// Under sliding tiles, the slide of `a` before the pair goes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        route: Option<Route>,
        /// When.
        t: u64,
    },
    /// The shuffle `POST /api/shuffle` makes with this seed: a life.
    Shuffle {
        /// Its seed.
        shuffle: u64,
        /// When.
        t: u64,
    },
    /// A second pick that made no pair (it ends the combo), at this time.
    Refused {
        /// When.
        refused: u64,
    },
}

impl RunStep {
    fn at(&self) -> u64 {
        match *self {
            RunStep::Remove { t, .. } | RunStep::Shuffle { t, .. } => t,
            RunStep::Refused { refused } => refused,
        }
    }
}

/// One level of a submitted run.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LevelPlayed {
    /// The level's deal seed.
    seed: u64,
    /// The rated candidate its deal answered (`rated.deal_seed`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rated_seed: Option<u64>,
    /// Its steps, in order.
    steps: Vec<RunStep>,
}

/// `POST /api/runs`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRequest {
    name: String,
    rows: usize,
    cols: usize,
    kinds: u32,
    /// The run's rules but gravity (each level has its own).
    #[serde(default)]
    rules: RulesRequest,
    levels: Vec<LevelPlayed>,
    /// The score the page counted; it must be the replay's.
    score: u64,
}

/// The answer to a stored run.
#[derive(Debug, Serialize)]
pub struct StoredRun {
    id: i64,
    rank: u64,
    score: u64,
    levels: u32,
}

/// Replays `levels` under `rules` (gravity set level by level): the run's
/// score, or what does not stand. Heavy: it deals every level.
fn replay_run(
    rows: usize,
    cols: usize,
    kinds: u32,
    rules: &Rules,
    levels: &[LevelPlayed],
) -> Result<u64, ApiError> {
    let pairs = rows * cols / 2;
    let mut lives = START_LIVES;
    let mut total = 0;
    for (l, level) in levels.iter().enumerate() {
        let number = l + 1;
        if l > 0 {
            lives += 1;
        }
        let mut level_rules = rules.clone();
        level_rules.gravity = gravity(l);
        let board = match level.rated_seed {
            Some(rated) => rated_board(rows, cols, kinds, rated, &level_rules),
            None => solvable_deal(rows, cols, kinds, level.seed, &level_rules),
        }
        .map_err(|e| ApiError::bad_request(format!("level {number}: no deal: {e}")))?;
        let budget = budget_ms(l, pairs);
        let mut game = Game::new(board, level_rules);
        let mut tally = Tally::default();
        let mut last = 0;
        for (i, step) in level.steps.iter().enumerate() {
            let here = format!("level {number}, step {}", i + 1);
            let at = step.at();
            if at < last {
                return Err(forged(format!(
                    "{here}: at {at} ms, before the step before it ({last} ms)"
                )));
            }
            if at > budget {
                return Err(forged(format!(
                    "{here}: at {at} ms, after the level's countdown of {budget} ms ran out"
                )));
            }
            last = at;
            if game.board().tile_count() == 0 {
                return Err(forged(format!("{here}: the level was cleared already")));
            }
            match *step {
                RunStep::Remove { a, b, route, .. } => {
                    for cell in [a, b] {
                        if !game.board().contains(cell) {
                            return Err(forged(format!(
                                "{here}: [{}, {}] is not on the board",
                                cell.row, cell.col
                            )));
                        }
                    }
                    let pair = match route {
                        Some(route) => Move::slide(a, b, route),
                        None => Move::new(a, b),
                    };
                    game.play(pair).map_err(|e| {
                        forged(format!(
                            "{here}, [{}, {}] and [{}, {}]: {e}",
                            a.row, a.col, b.row, b.col
                        ))
                    })?;
                    tally.pair(at);
                }
                RunStep::Shuffle { shuffle, .. } => {
                    check_seed(shuffle).map_err(|e| forged(format!("{here}: {}", e.message)))?;
                    if lives == 0 {
                        return Err(forged(format!(
                            "{here}: a shuffle with no life left to spend"
                        )));
                    }
                    lives -= 1;
                    game.shuffle(shuffle)
                        .map_err(|e| forged(format!("{here}, shuffle {shuffle}: {e}")))?;
                }
                RunStep::Refused { .. } => tally.refused(),
            }
        }
        let cleared = game.board().tile_count() == 0;
        if !cleared && number < levels.len() {
            return Err(forged(format!(
                "level {number} is not cleared ({} tiles left), yet the run goes on to level {}",
                game.board().tile_count(),
                number + 1
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

/// `POST /api/runs`: replays the run and stores it (`201`), or says why
/// not (`400` for a bad request, `422` for a run that does not stand,
/// `409` for a run stored already).
pub async fn submit(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<RunRequest>,
) -> Result<(StatusCode, Json<StoredRun>), ApiError> {
    let store = store(&state)?;
    let name = check_name(&request.name)?;
    let rules = request.rules.to_rules(&state.limits)?;
    if rules.gravity != Gravity::None {
        return Err(ApiError::bad_request(format!(
            "a level run has no gravity of its own (level L plays the L-th mode), got {}",
            rules.gravity
        )));
    }
    let (rows, cols, kinds) = (request.rows, request.cols, request.kinds);
    check_deal(rows, cols, kinds, &state.limits)?;
    let levels = request.levels;
    if levels.is_empty() || levels.len() > MAX_LEVELS {
        return Err(ApiError::bad_request(format!(
            "a run is 1 to {MAX_LEVELS} levels, got {}",
            levels.len()
        )));
    }
    for (l, level) in levels.iter().enumerate() {
        check_seed(level.seed)?;
        level.rated_seed.map(check_seed).transpose()?;
        // Every pair, shuffle and refused pick of a level: a removal
        // takes two tiles, and each pick is a click.
        if level.steps.len() > 4 * rows * cols {
            return Err(forged(format!(
                "level {}: {} steps for a board of {} tiles",
                l + 1,
                level.steps.len(),
                rows * cols
            )));
        }
    }
    let run_json = serde_json::to_string(&levels).map_err(|_| ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: "cannot write the run".to_owned(),
    })?;
    let played = rules.clone();
    let replayed = levels.clone();
    let points = state
        .heavy
        .run(move || replay_run(rows, cols, kinds, &played, &replayed))
        .await??;
    if points != request.score {
        return Err(forged(format!(
            "the run scores {points} when replayed, not {} as sent",
            request.score
        )));
    }
    let count = u32::try_from(levels.len()).unwrap_or(u32::MAX);
    let entry = NewRun {
        name,
        setting: setting(rows, cols, kinds, &rules),
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
    let rules = query_rules(
        q.turns,
        q.border,
        Gravity::None,
        q.groups,
        q.connect,
        q.slide,
    );
    let wanted = setting(q.rows, q.cols, q.kinds, &rules);
    let runs = light(move || store.best_runs(&wanted, TABLE))
        .await?
        .map_err(storage)?;
    Ok(Json(RunTable { runs }))
}
