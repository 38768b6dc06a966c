//! The game endpoints: deal, remove, hint, shuffle, solve.
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
    Board, Cancel, Connect, DealSpec, Difficulty, Game, GenerateSpec, Move, RemoveError, Route,
    Rules, Slide, Solution, SolveConfig, Step, deal, generate, moves, ways_to_remove,
};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiJson};
use crate::level_rules::{self, MAX_LEVELS};
use crate::limits::SEED_MAX;
use crate::rated::{self, ConfigBody, RatingBody};
use crate::state::AppState;
use crate::tickets::{IssuedDeal, LogError, LoggedStep, UNKNOWN_TICKET};
use crate::wire::{
    PairWithPath, RulesRequest, check_cell, check_even, check_seed, check_size, parse_board,
};
use crate::work::{WorkError, light};

/// A board as a request sends it: rows of kinds (0 = empty), [`Board`]'s
/// serde form, checked by [`parse_board`].
type BoardRows = Vec<Vec<u32>>;

/// `POST /api/deal`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealRequest {
    rows: usize,
    cols: usize,
    kinds: u32,
    #[serde(default)]
    rules: RulesRequest,
    /// `true` (the default): a deal that can be cleared, by construction;
    /// `false`: dealt at random as the games deal (may not be clearable).
    #[serde(default = "yes")]
    solvable: bool,
    /// The seed; left out, the server chooses one, and a solvable deal
    /// comes with a ticket: the game can be ranked.
    #[serde(default)]
    seed: Option<u64>,
    /// `easy`, `normal` or `hard`: a clearable deal whose rating
    /// (`lianliankan::rate`) falls in that band, under these rules; left
    /// out or `null`: any deal, unrated.
    #[serde(default)]
    difficulty: Option<String>,
    /// The level of a run this deal is, from 1: its rules' gravity must be
    /// the level's and its difficulty the level's
    /// ([`level_rules`]); a ticketed level is timed step by step
    /// ([`crate::tickets`]). Left out: a classic game.
    #[serde(default)]
    level: Option<usize>,
}

fn yes() -> bool {
    true
}

/// The answer to `POST /api/deal`.
#[derive(Debug, Serialize)]
pub struct DealResponse {
    board: Board,
    rules: Rules,
    solvable: bool,
    seed: u64,
    /// The difficulty asked for (`null`: none).
    difficulty: Option<&'static str>,
    /// The ticket of a ranked game (`crate::tickets`): a solvable deal whose
    /// seed the server chose; `null` otherwise.
    ticket: Option<String>,
    /// The deal's rating (`null` for a deal of no difficulty, or one no
    /// rating could be made for in time).
    rating: Option<RatingBody>,
    /// How the rated deal was found (`null` for a deal of no difficulty).
    rated: Option<RatedBody>,
    #[serde(flatten)]
    position: Position,
}

/// How a deal of a chosen difficulty was found.
#[derive(Debug, Serialize)]
pub struct RatedBody {
    /// Whether its score lies in the band asked for.
    in_band: bool,
    /// Candidates made and rated.
    candidates: usize,
    /// The search stopped at its time cap.
    capped: bool,
    /// The candidate's seed (a score's replay sends it back as
    /// `rated_seed`); `null` for the unrated solvable deal.
    deal_seed: Option<u64>,
    /// The rating's settings: `lianliankan::rate` with them gives the same
    /// rating.
    config: ConfigBody,
    /// What the player is told when the deal is not in the band: what
    /// was dealt instead; `null` when it is.
    note: Option<String>,
}

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
    fn of(board: &Board, rules: &Rules) -> Position {
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

/// Checks the size and kinds of a deal against the limits: an even number
/// of cells, 1 to min(limit, pairs) kinds.
///
/// # Errors
/// A 400 saying what is wrong.
pub fn check_deal(
    rows: usize,
    cols: usize,
    kinds: u32,
    limits: &crate::limits::Limits,
) -> Result<(), ApiError> {
    check_size(rows, cols, limits)?;
    check_even(rows, cols)?;
    let pairs = u32::try_from(rows * cols / 2).unwrap_or(u32::MAX);
    let most = limits.kinds.min(pairs);
    if kinds == 0 || kinds > most {
        return Err(ApiError::bad_request(format!(
            "kinds must be 1 to {most} on a {rows} × {cols} board (at most {} in all), got {kinds}",
            limits.kinds
        )));
    }
    Ok(())
}

/// The clearable deal `POST /api/deal` makes for these numbers and rules
/// (what a score's replay starts from).
///
/// # Errors
/// The engine's, when no such deal can be made.
pub fn solvable_deal(
    rows: usize,
    cols: usize,
    kinds: u32,
    seed: u64,
    rules: &Rules,
) -> Result<Board, lianliankan::GenerateError> {
    let spec = GenerateSpec::new(rows, cols, kinds)
        .with_seed(seed)
        .with_rules(rules.clone());
    generate(&spec).map(|made| made.board)
}

/// The difficulty a deal asks for: a 400 naming the three for another
/// name, or for a random deal (a rated deal is always clearable).
fn check_difficulty(name: Option<&str>, solvable: bool) -> Result<Option<Difficulty>, ApiError> {
    let Some(name) = name else {
        return Ok(None);
    };
    let difficulty = name
        .parse::<Difficulty>()
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    if !solvable {
        return Err(ApiError::bad_request(format!(
            "a deal of a difficulty is a clearable deal: difficulty {difficulty} needs solvable true, got false"
        )));
    }
    Ok(Some(difficulty))
}

/// The level a deal asks to be (from 0), checked against what that level
/// plays: its gravity mode and its difficulty; a 400 saying which differs.
fn check_level(
    level: Option<usize>,
    rules: &Rules,
    difficulty: Option<Difficulty>,
) -> Result<Option<usize>, ApiError> {
    let Some(number) = level else {
        return Ok(None);
    };
    if number == 0 || number > MAX_LEVELS {
        return Err(ApiError::bad_request(format!(
            "level is 1 to {MAX_LEVELS}, got {number}"
        )));
    }
    let level = number - 1;
    let gravity = level_rules::gravity(level);
    if rules.gravity != gravity {
        return Err(ApiError::bad_request(format!(
            "level {number} plays gravity {gravity}, got {}",
            rules.gravity
        )));
    }
    let wanted = level_rules::difficulty(level);
    if difficulty != Some(wanted) {
        return Err(ApiError::bad_request(format!(
            "level {number} is dealt {wanted}, got {}",
            difficulty.map_or("no difficulty", Difficulty::name)
        )));
    }
    Ok(Some(level))
}

/// Deals a board: by `generate` (clearable) or `deal` (random; groups of
/// four tiles of a kind, or of two when the cells are not a multiple of
/// four); or, given a difficulty, a clearable deal rated in its band
/// ([`crate::rated`]).
pub async fn deal_board(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<DealRequest>,
) -> Result<Json<DealResponse>, ApiError> {
    let limits = &state.limits;
    let rules = request.rules.to_rules(limits)?;
    check_deal(request.rows, request.cols, request.kinds, limits)?;
    let seed = match request.seed {
        Some(seed) => check_seed(seed)?,
        None => state.tickets.seed(SEED_MAX),
    };
    let difficulty = check_difficulty(request.difficulty.as_deref(), request.solvable)?;
    let level = check_level(request.level, &rules, difficulty)?;
    if let Some(difficulty) = difficulty {
        return rated_deal(&state, &request, rules, seed, difficulty, level).await;
    }
    let (rows, cols, kinds, solvable) =
        (request.rows, request.cols, request.kinds, request.solvable);
    let dealt_rules = rules.clone();
    let (board, position) = state
        .heavy
        .run(move || {
            if solvable {
                solvable_deal(rows, cols, kinds, seed, &dealt_rules)
            } else {
                // Fours, as the games deal, when the kinds fit in them;
                // pairs otherwise (every kind asked for is dealt).
                let cells = rows * cols;
                let copies = if cells % 4 == 0 && kinds as usize <= cells / 4 {
                    4
                } else {
                    2
                };
                deal(
                    &DealSpec::new(rows, cols, kinds)
                        .with_copies(copies)
                        .with_seed(seed),
                )
            }
            .map(|board| {
                let position = Position::of(&board, &dealt_rules);
                (board, position)
            })
        })
        .await?
        .map_err(|e| ApiError::bad_request(format!("no deal: {e}")))?;
    let ticket = ticket(&state, &request, seed, None, &rules, level);
    Ok(Json(DealResponse {
        board,
        rules,
        solvable,
        seed,
        ticket,
        difficulty: None,
        rating: None,
        rated: None,
        position,
    }))
}

/// The ticket of a ranked game, for a solvable deal whose seed the server
/// chose (a seed the page picked could have been solved beforehand); for a
/// level of a run (`level`, from 0), the level's.
fn ticket(
    state: &AppState,
    request: &DealRequest,
    seed: u64,
    rated_seed: Option<u64>,
    rules: &Rules,
    level: Option<usize>,
) -> Option<String> {
    (request.solvable && request.seed.is_none()).then(|| {
        state.tickets.issue(IssuedDeal {
            rows: request.rows,
            cols: request.cols,
            kinds: request.kinds,
            seed,
            rated_seed,
            rules: rules.clone(),
            level,
        })
    })
}

/// A clearable deal rated within `difficulty`'s band, or the closest found
/// in the caps ([`crate::limits::Limits::rate_caps`]), said in `note`.
async fn rated_deal(
    state: &AppState,
    request: &DealRequest,
    rules: Rules,
    seed: u64,
    difficulty: Difficulty,
    level: Option<usize>,
) -> Result<Json<DealResponse>, ApiError> {
    let (rows, cols, kinds) = (request.rows, request.cols, request.kinds);
    let cells = rows * cols;
    let (search_cap, remake_cap) = state.limits.rate_caps();
    // Both searches stop at their caps, and when this handler ends (an
    // answer, a time-out, a client gone), never running on for nobody.
    let search_cancel = Cancel::new();
    let remake_cancel = Cancel::new();
    let _stop = (
        CancelOnDrop(search_cancel.clone()),
        CancelOnDrop(remake_cancel.clone()),
    );
    for (token, cap) in [
        (search_cancel.clone(), search_cap),
        (remake_cancel.clone(), remake_cap),
    ] {
        tokio::spawn(async move {
            tokio::time::sleep(cap).await;
            token.cancel();
        });
    }
    let spec = GenerateSpec::new(rows, cols, kinds)
        .with_seed(seed)
        .with_rules(rules.clone());
    let dealt_rules = rules.clone();
    let found = state
        .heavy
        .run(move || {
            let config = rated::rate_config(cells, seed);
            rated::search(&rated::Search {
                spec: &spec,
                difficulty,
                config: &config,
                candidates: rated::candidates(cells),
                search: &search_cancel,
                remake: &remake_cancel,
            })
            .map(|found| {
                let position = Position::of(&found.board, &dealt_rules);
                (found, position)
            })
        })
        .await?;
    let (found, position) = found.map_err(|e| ApiError::bad_request(format!("no deal: {e}")))?;
    let note = rated::note(difficulty, &found, (search_cap, remake_cap));
    let ticket = ticket(state, request, seed, found.deal_seed, &rules, level);
    Ok(Json(DealResponse {
        ticket,
        rating: found.rating.as_ref().map(RatingBody::from),
        rated: Some(RatedBody {
            in_band: found.in_band,
            candidates: found.candidates,
            capped: found.capped,
            deal_seed: found.deal_seed,
            config: rated::config_body(cells, seed),
            note,
        }),
        board: found.board,
        rules,
        solvable: true,
        seed,
        difficulty: Some(difficulty.name()),
        position,
    }))
}

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
    /// A ranked level's ticket: the step is logged on it, at the server's
    /// time ([`crate::tickets`]), and refused once the level's countdown
    /// has run out.
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

/// Logs `step` on a ranked game's `ticket`: its time, or `Err(Some)` with
/// the time-up answer's words and time, or the 422 of a ticket the server
/// does not know or a log that is full.
fn log_step(
    state: &AppState,
    ticket: &str,
    step: LoggedStep,
) -> Result<u64, Result<(String, u64), ApiError>> {
    state.tickets.log(ticket, step).map_err(|e| match e {
        LogError::TimeUp {
            countdown_ms,
            at_ms,
        } => Ok((
            format!(
                "time is up: the level's countdown of {countdown_ms} ms ran out on the server's \
                 clock ({at_ms} ms since its deal)"
            ),
            at_ms,
        )),
        LogError::Full { steps } => Err(ApiError::unprocessable(format!(
            "this game has {steps} steps logged already, more than a game of its size makes"
        ))),
        LogError::Unknown => Err(ApiError::unprocessable(UNKNOWN_TICKET)),
    })
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
    Ok(Json(match log_step(&state, &ticket, answer.logged(a, b)) {
        Ok(at_ms) => answer.at(at_ms),
        Err(Ok((message, at_ms))) => RemoveResponse::Illegal {
            legal: false,
            reason: "time-up",
            message,
            clock_ms: Some(at_ms),
        },
        Err(Err(error)) => return Err(error),
    }))
}

/// Why no path joins two matching tiles, in the rules' words.
fn no_path(rules: &Rules) -> String {
    if rules.slide {
        return "no path with at most 1 turn on the board joins these tiles, and no slide of the first tile picked makes one".to_owned();
    }
    match rules.connect {
        Connect::Line => "these tiles share no row or column".to_owned(),
        Connect::FourRivers => format!(
            "no path with at most {} turn{} joins these tiles (side by side is not enough: four rivers)",
            rules.max_turns,
            if rules.max_turns == 1 { "" } else { "s" }
        ),
        _ => format!(
            "no path with at most {} turn{} joins these tiles",
            rules.max_turns,
            if rules.max_turns == 1 { "" } else { "s" }
        ),
    }
}

/// `POST /api/hint` and the board-only requests: a board and its rules.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRequest {
    board: BoardRows,
    #[serde(default)]
    rules: RulesRequest,
}

/// The answer to `POST /api/hint`.
#[derive(Debug, Serialize)]
pub struct HintResponse {
    /// A pair that can go now, with its path; `null` when none can.
    hint: Option<PairWithPath>,
    #[serde(flatten)]
    position: Position,
}

/// A pair that can be removed now, with its path (the engine's
/// `Game::hint_path`).
pub async fn hint(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<BoardRequest>,
) -> Result<Json<HintResponse>, ApiError> {
    let rules = request.rules.to_rules(&state.limits)?;
    let board = parse_board(&request.board, &state.limits)?;
    light(move || {
        let game = Game::new(board, rules);
        let hint = game
            .hint_path()
            .map(|(pair, path)| PairWithPath { pair, path });
        Json(HintResponse {
            hint,
            position: Position::of(game.board(), game.rules()),
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
        match log_step(&state, &ticket, LoggedStep::Shuffle { seed }) {
            Ok(at_ms) => match answer {
                ShuffleResponse::Shuffled {
                    shuffled,
                    seed,
                    board,
                    position,
                    ..
                } => ShuffleResponse::Shuffled {
                    shuffled,
                    seed,
                    board,
                    position,
                    clock_ms: Some(at_ms),
                },
                impossible => impossible,
            },
            Err(Ok((message, _))) => ShuffleResponse::Impossible {
                shuffled: false,
                reason: "time-up",
                message,
            },
            Err(Err(error)) => return Err(error),
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

/// Cancels a search when dropped.
#[derive(Debug)]
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}
