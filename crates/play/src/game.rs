//! The game endpoints of a board in play: remove, hint, shuffle, solve
//! (the deal is [`crate::deal`]'s).
//!
//! The server keeps no games. Each request carries the board as it is now
//! and the rules, and each answer carries what the page needs to show the
//! step (the path, the tiles gravity moved, the board after) and what it
//! needs next (how many moves exist, whether the board is dead or clear).
//! The page keeps the history, so undo and redo need no server; a deal is
//! its spec and seed, so a share link reproduces it.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use grid_core::{Path, Pos};
use lianliankan::{
    Board, Cancel, Connect, Game, Move, RemoveError, Route, Rules, Slide, Solution, SolveConfig,
    Step, ways_to_remove,
};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiJson};
use crate::limits::SEED_MAX;
use crate::live_log::{Logged, assists, log_step};
use crate::state::AppState;
use crate::tickets::LoggedStep;
use crate::wire::{
    BoardRows, PairWithPath, Position, RulesRequest, check_cell, check_seed, parse_board,
};
use crate::work::{CancelOnDrop, WorkError, light};

/// `POST /api/remove`: the board, the rules and two cells.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveRequest {
    board: BoardRows,
    #[serde(default)]
    rules: RulesRequest,
    a: Pos,
    b: Pos,
    /// A slide of `a` along this route, as a solver's order names it
    /// (`Move`'s serde form); left out, the server picks the way.
    #[serde(default)]
    route: Option<Route>,
    /// A ranked game's ticket: the step is logged on it, at the server's
    /// time ([`crate::tickets`]), and (a level's) refused once the level's
    /// countdown has run out.
    #[serde(default)]
    ticket: Option<String>,
}

/// The answer to `POST /api/remove`: the step, or why the pair cannot go.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum RemoveResponse {
    /// The tiles went.
    Legal {
        /// Always `true`.
        legal: bool,
        /// The corners of the path that joined them (for a slide: from
        /// where the first tile was, along its route to the corner, then
        /// to its partner).
        path: Path,
        /// Under sliding tiles, when only a slide of the first tile picked
        /// (`a`) removes the pair: its route, `row` or `column`; `null`
        /// for a plain pair.
        route: Option<Route>,
        /// The tiles the slide pushed, `a` first (each from its cell to
        /// its cell after the push), before the pair went; empty for a
        /// plain pair.
        pushed: Vec<Slide>,
        /// The kinds of the two tiles.
        kinds: [u32; 2],
        /// The tiles gravity moved.
        moved: Vec<Slide>,
        /// The board after the removal and its gravity.
        board: Board,
        /// How the new position stands.
        #[serde(flatten)]
        position: Position,
        /// With a ticket: when the step was logged, in ms from the deal
        /// on the server's clock.
        #[serde(skip_serializing_if = "Option::is_none")]
        clock_ms: Option<u64>,
    },
    /// Nothing changed.
    Illegal {
        /// Always `false`.
        legal: bool,
        /// `same-cell`, `empty`, `different-kinds`, `no-path`, (for a
        /// slide the request named) `no-slide`, or (for a ranked level)
        /// `time-up`: its countdown ran out on the server's clock.
        reason: &'static str,
        /// The reason in words, for the player.
        message: String,
        /// With a ticket: when the refused pick was logged (or, for
        /// `time-up`, came), in ms from the deal on the server's clock.
        #[serde(skip_serializing_if = "Option::is_none")]
        clock_ms: Option<u64>,
    },
}

impl RemoveResponse {
    /// The step to log for this answer.
    fn logged(&self, a: Pos, b: Pos) -> LoggedStep {
        match *self {
            RemoveResponse::Legal { route, .. } => LoggedStep::Remove { a, b, route },
            RemoveResponse::Illegal { .. } => LoggedStep::Refused,
        }
    }

    /// The answer with the step's time on the server's clock.
    fn at(mut self, at_ms: u64) -> RemoveResponse {
        match &mut self {
            RemoveResponse::Legal { clock_ms, .. } | RemoveResponse::Illegal { clock_ms, .. } => {
                *clock_ms = Some(at_ms);
            }
        }
        self
    }
}

/// Removes a pair, as `Game::remove` does, or under sliding tiles, when
/// no plain path joins them, the first slide of `a` toward `b` that
/// removes them (route `row`, then `column`: the engine's
/// `ways_to_remove`), or the slide the request names: an illegal pair is
/// explained and changes nothing.
pub async fn remove(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<RemoveRequest>,
) -> Result<Json<RemoveResponse>, ApiError> {
    let rules = request.rules.to_rules(&state.limits)?;
    let board = parse_board(&request.board, &state.limits)?;
    let a = check_cell(request.a, &board, "cell a")?;
    let b = check_cell(request.b, &board, "cell b")?;
    let ticket = request.ticket;
    let answer = light(move || {
        let way = match (request.route, ways_to_remove(&board, a, b, &rules)) {
            (Some(route), Ok(_)) => Ok(Move::slide(a, b, route)),
            (None, Ok(ways)) => ways
                .into_iter()
                .next()
                .map(|way| way.pair)
                .ok_or(RemoveError::NoPath),
            (_, Err(error)) => Err(error),
        };
        let mut game = Game::new(board, rules);
        match way.and_then(|pair| game.play(pair)) {
            Ok(path) => {
                let Some(Step::Removed {
                    pair,
                    kinds,
                    moved,
                    pushed,
                }) = game.history().last()
                else {
                    return Err(ApiError::from(WorkError::Failed));
                };
                Ok(RemoveResponse::Legal {
                    legal: true,
                    path,
                    route: pair.route(),
                    pushed: pushed.clone(),
                    kinds: *kinds,
                    moved: moved.clone(),
                    board: game.board().clone(),
                    position: Position::of(game.board(), game.rules()),
                    clock_ms: None,
                })
            }
            Err(error) => {
                let reason = match error {
                    RemoveError::OffBoard(_) | RemoveError::SlidesOff => {
                        return Err(ApiError::bad_request(error.to_string()));
                    }
                    RemoveError::SameCell(_) => "same-cell",
                    RemoveError::Empty(_) => "empty",
                    RemoveError::DifferentKinds { .. } => "different-kinds",
                    RemoveError::NoPath => "no-path",
                    RemoveError::NoSlide { .. } => "no-slide",
                    // A refusal of a later version of the engine.
                    _ => "illegal",
                };
                let message = match error {
                    RemoveError::NoPath => no_path(game.rules()),
                    other => other.to_string(),
                };
                Ok(RemoveResponse::Illegal {
                    legal: false,
                    reason,
                    message,
                    clock_ms: None,
                })
            }
        }
    })
    .await??;
    let Some(ticket) = ticket else {
        return Ok(Json(answer));
    };
    Ok(Json(
        match log_step(&state, &ticket, answer.logged(a, b))? {
            Logged::At(at_ms) => answer.at(at_ms),
            Logged::TimeUp(message, at_ms) => RemoveResponse::Illegal {
                legal: false,
                reason: "time-up",
                message,
                clock_ms: Some(at_ms),
            },
        },
    ))
}

/// Why no path joins two matching tiles, in the rules' words.
fn no_path(rules: &Rules) -> String {
    if rules.slide() {
        return "no path with at most 1 turn on the board joins these tiles, and no slide of the first tile picked makes one".to_owned();
    }
    match rules.connect() {
        Connect::Line => "these tiles share no row or column".to_owned(),
        Connect::FourRivers => format!(
            "no path with at most {} turn{} joins these tiles (side by side is not enough: four rivers)",
            rules.max_turns(),
            if rules.max_turns() == 1 { "" } else { "s" }
        ),
        _ => format!(
            "no path with at most {} turn{} joins these tiles",
            rules.max_turns(),
            if rules.max_turns() == 1 { "" } else { "s" }
        ),
    }
}

/// `POST /api/hint`: a board and its rules.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    board: BoardRows,
    #[serde(default)]
    rules: RulesRequest,
    /// A ranked game's ticket: the hint is logged on it (and makes a
    /// classic game assisted).
    #[serde(default)]
    ticket: Option<String>,
}

/// The answer to `POST /api/hint`.
#[derive(Debug, Serialize)]
pub struct HintResponse {
    /// A pair that can go now, with its path; `null` when none can.
    hint: Option<PairWithPath>,
    #[serde(flatten)]
    position: Position,
    /// With a ticket: when the hint was logged, in ms from the deal on
    /// the game's clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    clock_ms: Option<u64>,
    /// With a classic game's ticket: `true`, the game is assisted now.
    #[serde(skip_serializing_if = "Option::is_none")]
    assisted: Option<bool>,
}

/// A pair that can be removed now, with its path (the engine's
/// `Game::hint_path`); logged on a ranked game's ticket.
pub async fn hint(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<HintRequest>,
) -> Result<Json<HintResponse>, ApiError> {
    let rules = request.rules.to_rules(&state.limits)?;
    let board = parse_board(&request.board, &state.limits)?;
    let (clock_ms, assisted) = match &request.ticket {
        Some(ticket) => match log_step(&state, ticket, LoggedStep::Hint)? {
            Logged::At(at_ms) => (Some(at_ms), Some(assists(&state, ticket, LoggedStep::Hint))),
            Logged::TimeUp(message, _) => return Err(ApiError::unprocessable(message)),
        },
        None => (None, None),
    };
    light(move || {
        let game = Game::new(board, rules);
        let hint = game
            .hint_path()
            .map(|(pair, path)| PairWithPath { pair, path });
        Json(HintResponse {
            hint,
            position: Position::of(game.board(), game.rules()),
            clock_ms,
            assisted,
        })
    })
    .await
}

/// `POST /api/shuffle`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuffleRequest {
    board: BoardRows,
    #[serde(default)]
    rules: RulesRequest,
    /// The shuffle's seed; given with a ticket, refused: a ranked level's
    /// shuffle is seeded by the server.
    #[serde(default)]
    seed: Option<u64>,
    /// A ranked level's ticket: the shuffle is seeded by the server and
    /// logged on it, at the server's time ([`crate::tickets`]).
    #[serde(default)]
    ticket: Option<String>,
}

/// The answer to `POST /api/shuffle`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ShuffleResponse {
    /// The tiles were rearranged so that a pair can go.
    Shuffled {
        /// Always `true`.
        shuffled: bool,
        /// The seed of the shuffle (the server's, with a ticket).
        seed: u64,
        /// The board after the shuffle.
        board: Board,
        /// How it stands.
        #[serde(flatten)]
        position: Position,
        /// With a ticket: when the shuffle was logged, in ms from the deal
        /// on the server's clock.
        #[serde(skip_serializing_if = "Option::is_none")]
        clock_ms: Option<u64>,
    },
    /// Nothing changed.
    Impossible {
        /// Always `false`.
        shuffled: bool,
        /// `no-arrangement`: no arrangement of these tiles on these cells
        /// has a move; or (for a ranked level) `time-up`: its countdown
        /// ran out on the server's clock.
        reason: &'static str,
        /// Why, for the player.
        message: String,
    },
}

impl ShuffleResponse {
    /// The answer with the shuffle's time on the server's clock.
    fn at(mut self, at_ms: u64) -> ShuffleResponse {
        if let ShuffleResponse::Shuffled { clock_ms, .. } = &mut self {
            *clock_ms = Some(at_ms);
        }
        self
    }
}

/// Permutes the remaining tiles so that a move exists (`Game::shuffle`).
pub async fn shuffle(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<ShuffleRequest>,
) -> Result<Json<ShuffleResponse>, ApiError> {
    let rules = request.rules.to_rules(&state.limits)?;
    let board = parse_board(&request.board, &state.limits)?;
    let seed = match (request.seed, &request.ticket) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "a ranked game's shuffle is seeded by the server: send its ticket without a seed",
            ));
        }
        (Some(seed), None) => check_seed(seed)?,
        (None, Some(_)) => state.tickets.seed(SEED_MAX),
        (None, None) => {
            return Err(ApiError::bad_request(
                "a shuffle needs a seed, or a ranked game's ticket",
            ));
        }
    };
    let answer = light(move || {
        let mut game = Game::new(board, rules);
        match game.shuffle(seed) {
            Ok(()) => ShuffleResponse::Shuffled {
                shuffled: true,
                seed,
                board: game.board().clone(),
                position: Position::of(game.board(), game.rules()),
                clock_ms: None,
            },
            Err(e) => ShuffleResponse::Impossible {
                shuffled: false,
                reason: "no-arrangement",
                message: format!("{e}: undo, or deal again"),
            },
        }
    })
    .await?;
    // A shuffle that made nothing is not a step: only a done one is logged.
    let (Some(ticket), ShuffleResponse::Shuffled { .. }) = (request.ticket, &answer) else {
        return Ok(Json(answer));
    };
    Ok(Json(
        match log_step(&state, &ticket, LoggedStep::Shuffle { seed })? {
            Logged::At(at_ms) => answer.at(at_ms),
            Logged::TimeUp(message, _) => ShuffleResponse::Impossible {
                shuffled: false,
                reason: "time-up",
                message,
            },
        },
    ))
}

/// `POST /api/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    board: BoardRows,
    #[serde(default)]
    rules: RulesRequest,
    /// Search states to spend at most (the server's limit when left out or
    /// larger).
    budget: Option<u64>,
    /// A ranked classic game's ticket: the solve is logged on it, and the
    /// game is assisted (a level has no solve).
    #[serde(default)]
    ticket: Option<String>,
}

/// The answer to `POST /api/solve`.
#[derive(Debug, Serialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
pub enum SolveResponse {
    /// The board can be cleared in this order (each pair named on the board
    /// as it is at that step).
    Solved {
        /// The removals, first first.
        order: Vec<Move>,
    },
    /// The board cannot be cleared: proved by exhausting the search.
    Unsolvable,
    /// The budget of states ran out first.
    OutOfBudget {
        /// States searched.
        states: u64,
    },
    /// The time-out came first.
    TimedOut {
        /// The time-out.
        timeout_ms: u128,
    },
}

/// Whether the board can be cleared, and how: the engine's exact `solve`
/// under a budget of states and a time-out.
pub async fn solve(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<SolveRequest>,
) -> Result<Json<SolveResponse>, ApiError> {
    let rules = request.rules.to_rules(&state.limits)?;
    let board = parse_board(&request.board, &state.limits)?;
    let budget = request
        .budget
        .unwrap_or(u64::MAX)
        .min(state.limits.solve_states);
    if let Some(ticket) = &request.ticket {
        if state.tickets.is_level(ticket) == Some(true) {
            return Err(ApiError::bad_request("a level of a run has no solve"));
        }
        if let Logged::TimeUp(message, _) = log_step(&state, ticket, LoggedStep::Solve)? {
            return Err(ApiError::unprocessable(message));
        }
    }
    // The search stops when this handler ends, whether it answered, timed
    // out or lost its client, so that it never runs on to the end of its
    // budget for nobody.
    let cancel = Cancel::new();
    let _stop = CancelOnDrop(cancel.clone());
    let config = SolveConfig::new().budget(budget).cancel(cancel);
    let answer = state
        .heavy
        .run(move || lianliankan::solve_with(&board, &rules, &config))
        .await;
    Ok(Json(match answer {
        Ok(Solution::Solved(order)) => SolveResponse::Solved { order },
        Ok(Solution::Unsolvable) => SolveResponse::Unsolvable,
        Ok(Solution::OutOfBudget { states }) => SolveResponse::OutOfBudget { states },
        // Cancelled only once this handler has ended; nothing else exists.
        Ok(_) => return Err(WorkError::Failed.into()),
        Err(WorkError::TimedOut(limit)) => SolveResponse::TimedOut {
            timeout_ms: limit.as_millis(),
        },
        Err(e) => return Err(e.into()),
    }))
}
