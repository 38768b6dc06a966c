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
use grid_core::Pos;
use lianliankan::{Border, Connect, Game, Gravity, Groups, Move, Route, Rules};
use serde::{Deserialize, Serialize};

use crate::deal::solvable_deal;
use crate::error::{ApiError, ApiJson};
use crate::level_rules::{MAX_LEVELS, START_LIVES, Tally, budget_ms, gravity};
use crate::rated::rated_board;
use crate::score_db::{Insert, NewRun, RunEntry};
use crate::scores::{OnOff, check_name, duplicate, query_rules, setting, storage, store};
use crate::state::AppState;
use crate::tickets::{Issued, IssuedDeal, Logged, LoggedStep};
use crate::work::light;

/// How many runs a table lists.
const TABLE: u32 = 10;

/// One step of a level as the server logged it, with the time it came
/// (`t`, ms since the level was dealt, on the server's clock): what the
/// table stores of a run.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(untagged)]
pub enum RunStep {
    /// A removal, its cells on the board as it is at that moment.
    Remove {
        /// The first tile.
        a: Pos,
        /// The second tile.
        b: Pos,
        /// Under sliding tiles, the slide of `a` before the pair goes.
        #[serde(skip_serializing_if = "Option::is_none")]
        route: Option<Route>,
        /// When.
        t: u64,
    },
    /// The shuffle `POST /api/shuffle` made with this seed: a life.
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

impl From<Logged> for RunStep {
    fn from(logged: Logged) -> RunStep {
        let t = logged.at_ms;
        match logged.step {
            LoggedStep::Remove { a, b, route } => RunStep::Remove { a, b, route, t },
            LoggedStep::Shuffle { seed } => RunStep::Shuffle { shuffle: seed, t },
            LoggedStep::Refused => RunStep::Refused { refused: t },
        }
    }
}

/// One level of a run: its deal and its logged steps.
#[derive(Clone, Debug, Serialize)]
pub struct LevelPlayed {
    /// The level's deal seed.
    seed: u64,
    /// The rated candidate its deal answered (`rated.deal_seed`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    rated_seed: Option<u64>,
    /// Its steps, in order.
    steps: Vec<RunStep>,
}

impl LevelPlayed {
    fn of(issued: &Issued) -> LevelPlayed {
        LevelPlayed {
            seed: issued.deal.seed,
            rated_seed: issued.deal.rated_seed,
            steps: issued.log.iter().copied().map(RunStep::from).collect(),
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
        // The log is in time order and within the countdown
        // (`Tickets::log` refuses a step after it).
        for (i, step) in level.steps.iter().enumerate() {
            let here = format!("level {number}, step {}", i + 1);
            if game.board().tile_count() == 0 {
                return Err(ApiError::unprocessable(format!(
                    "{here}: the level was cleared already"
                )));
            }
            match *step {
                RunStep::Remove { a, b, route, t } => {
                    for cell in [a, b] {
                        if !game.board().contains(cell) {
                            return Err(ApiError::unprocessable(format!(
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
                        ApiError::unprocessable(format!(
                            "{here}, [{}, {}] and [{}, {}]: {e}",
                            a.row, a.col, b.row, b.col
                        ))
                    })?;
                    tally.pair(t);
                }
                RunStep::Shuffle { shuffle, .. } => {
                    if lives == 0 {
                        return Err(ApiError::unprocessable(format!(
                            "{here}: a shuffle with no life left to spend"
                        )));
                    }
                    lives -= 1;
                    game.shuffle(shuffle).map_err(|e| {
                        ApiError::unprocessable(format!("{here}, shuffle {shuffle}: {e}"))
                    })?;
                }
                RunStep::Refused { .. } => tally.refused(),
            }
        }
        let cleared = game.board().tile_count() == 0;
        if !cleared && number < levels.len() {
            return Err(ApiError::unprocessable(format!(
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
            if issued.at_ms < before.last_step_at_ms() {
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
    let run_json = serde_json::to_string(&levels).map_err(|_| ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: "cannot write the run".to_owned(),
    })?;
    let played = rules.clone();
    let points = state
        .heavy
        .run(move || replay_run(rows, cols, kinds, &played, &levels))
        .await??;
    let count = u32::try_from(tickets.len()).unwrap_or(u32::MAX);
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
