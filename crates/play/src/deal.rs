//! `POST /api/deal`: a new board, clearable by construction or random, or
//! clearable and rated within a difficulty; a level of a run; and, for a
//! deal whose seed the server chose, the ticket of a ranked game
//! ([`crate::tickets`]).

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use lianliankan::{
    Bands, BandsFrom, Board, Cancel, DealSpec, Difficulty, GenerateSpec, Rules, SettingBands, deal,
    generate,
};
use serde::{Deserialize, Serialize};

use crate::bands;
use crate::error::{ApiError, ApiJson};
use crate::level_rules::{self, MAX_LEVELS};
use crate::limits::SEED_MAX;
use crate::pool;
use crate::rated::{self, BandBody};
use crate::state::AppState;
use crate::tickets::{IssueError, IssuedDeal};
use crate::wire::{Position, RulesRequest, check_even, check_seed, check_size};
use crate::work::{CancelOnDrop, light};

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
    /// `easy`, `normal` or `hard`: a clearable deal whose band among
    /// its setting's bands ([`crate::bands`]) is that one, decided at 95%
    /// and confirmed; left out or `null`: any deal, unrated.
    #[serde(default)]
    difficulty: Option<String>,
    /// The level of a run this deal is, from 1: its rules' gravity must be
    /// the level's and its difficulty the level's
    /// ([`level_rules`]); a ticketed level is timed step by step
    /// ([`crate::tickets`]). Left out: a classic game.
    #[serde(default)]
    level: Option<usize>,
    /// For a ranked level after the first: the ticket of the level before,
    /// so that each level of a run is dealt once (a second deal after the
    /// same level takes the run out of the tables).
    #[serde(default)]
    after: Option<String>,
}

fn yes() -> bool {
    true
}

/// The answer to `POST /api/deal`.
#[derive(Debug, Serialize)]
pub struct DealResponse {
    /// The board.
    pub board: Board,
    /// The rules, as the engine writes them.
    pub rules: Rules,
    /// Whether it is clearable by construction.
    pub solvable: bool,
    /// The seed.
    pub seed: u64,
    /// The difficulty asked for (`null`: none).
    pub difficulty: Option<&'static str>,
    /// The ticket of a ranked game (`crate::tickets`): a solvable deal whose
    /// seed the server chose; `null` otherwise.
    pub ticket: Option<String>,
    /// The deal's band among its setting's bands and how sure it is
    /// (`null` for a deal of no difficulty, or one not rated in time).
    pub rating: Option<BandBody>,
    /// How the rated deal was found (`null` for a deal of no difficulty).
    pub rated: Option<RatedBody>,
    /// The position's numbers.
    #[serde(flatten)]
    pub position: Position,
}

/// How a deal of a chosen difficulty was found.
#[derive(Debug, Serialize)]
pub struct RatedBody {
    /// Whether it is decided, and confirmed, in the band asked for.
    pub in_band: bool,
    /// Candidates tried (`null`: the search stopped at its time cap).
    pub candidates: Option<usize>,
    /// The search stopped at its time cap.
    pub capped: bool,
    /// The candidate's seed (the ticket keeps it as `rated_seed`, so that
    /// a replay deals the same board), as a decimal string: it may exceed
    /// what a JavaScript number holds.
    pub deal_seed: Option<String>,
    /// What the player is told when the deal is not in the band: what
    /// was dealt instead; `null` when it is.
    pub note: Option<String>,
    /// Whether the deal was made ahead (a ranked deal from the pool of
    /// rated deals, [`crate::pool`]) rather than while the player waited.
    pub pooled: bool,
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
    if rules.gravity() != gravity {
        return Err(ApiError::bad_request(format!(
            "level {number} plays gravity {gravity}, got {}",
            rules.gravity()
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
    // A plain deal is light work: it never waits on another player's
    // rating.
    let (board, position) = light(move || {
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
    let ticket = ticket(&state, &request, seed, None, &rules, (None, level))?;
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
/// level of a run (`level`, from 0), the level's, after the ticket of the
/// level before it (`after`, which a ranked level after the first names).
fn ticket(
    state: &AppState,
    request: &DealRequest,
    seed: u64,
    rated_seed: Option<u64>,
    rules: &Rules,
    (difficulty, level): (Option<Difficulty>, Option<usize>),
) -> Result<Option<String>, ApiError> {
    if !request.solvable || request.seed.is_some() {
        return Ok(None);
    }
    let deal = IssuedDeal {
        rows: request.rows,
        cols: request.cols,
        kinds: request.kinds,
        seed,
        rated_seed,
        difficulty,
        rules: rules.clone(),
        level,
        daily: None,
    };
    let number = level.map_or(0, |l| l + 1);
    let after = request.after.as_deref();
    if number > 1 && after.is_none() {
        return Err(ApiError::bad_request(format!(
            "a ranked level {number} names the ticket of level {} (after)",
            number - 1
        )));
    }
    if number <= 1 && after.is_some() {
        return Err(ApiError::bad_request(
            "after names the level before, and only a ranked level after the first has one",
        ));
    }
    state
        .tickets
        .issue(deal, after)
        .map(Some)
        .map_err(|e| match e {
            IssueError::UnknownBefore => ApiError::unprocessable(format!(
                "after: the ticket of level {} is not one the server knows",
                number - 1
            )),
            IssueError::NotTheLevelBefore { is } => ApiError::unprocessable(format!(
                "after: that ticket is {}, not level {}'s",
                is.map_or("a classic game's".to_owned(), |l| format!(
                    "level {}'s",
                    l + 1
                )),
                number - 1
            )),
        })
}

/// A clearable deal in `difficulty`'s band among its setting's bands
/// ([`crate::bands`]), or the first candidate when none is found in the
/// caps ([`crate::limits::Limits::rate_caps`]), said in `note`.
async fn rated_deal(
    state: &AppState,
    request: &DealRequest,
    rules: Rules,
    seed: u64,
    difficulty: Difficulty,
    level: Option<usize>,
) -> Result<Json<DealResponse>, ApiError> {
    let (rows, cols, kinds) = (request.rows, request.cols, request.kinds);
    // A ranked deal (the server's seed) comes from the pool when it has
    // one; the setting is asked for either way, so the pool makes more.
    let setting = pool::Setting {
        rows,
        cols,
        kinds,
        rules: rules.clone(),
        difficulty: difficulty.name().to_owned(),
    };
    let ranked = request.seed.is_none();
    if ranked {
        let taken = {
            let pool = Arc::clone(&state.pool);
            light(move || pool.take(&setting)).await?
        };
        if let Some(pooled) = taken {
            return pooled_deal(state, request, rules, pooled, (difficulty, level));
        }
    }
    let (search_cap, remake_cap) = state.limits.rate_caps();
    // Both searches stop when this handler ends (an answer, a time-out, a
    // client gone), never running on for nobody. A ranked deal's search
    // also stops at its caps: the ticket records the candidate dealt. A
    // seed of the player's gets no caps, so that it names one deal on every
    // machine (a share link, a test): its search tries its candidates in
    // order until one is in the band, or answers a time-out.
    let search_cancel = Cancel::new();
    let remake_cancel = Cancel::new();
    let _stop = (
        CancelOnDrop(search_cancel.clone()),
        CancelOnDrop(remake_cancel.clone()),
    );
    if ranked {
        for (token, cap) in [
            (search_cancel.clone(), search_cap),
            (remake_cancel.clone(), remake_cap),
        ] {
            tokio::spawn(async move {
                tokio::time::sleep(cap).await;
                token.cancel();
            });
        }
    }
    // A ranked deal does not wait for a setting's bands to be measured:
    // they are measured in the background (the next deal has them), and
    // this one is the first candidate, unrated, said so. A seeded deal
    // waits: its deal must be the same on every machine.
    let known = {
        let book = Arc::clone(&state.bands);
        let rules = rules.clone();
        light(move || {
            book.known(bands::Setting {
                rows,
                cols,
                kinds,
                rules: &rules,
            })
        })
        .await?
    };
    let unmeasured = ranked && known.is_none();
    if unmeasured {
        measure_in_background(state, rows, cols, kinds, rules.clone());
        search_cancel.cancel();
        remake_cancel.cancel();
    }
    let spec = GenerateSpec::new(rows, cols, kinds)
        .with_seed(seed)
        .with_rules(rules.clone());
    let dealt_rules = rules.clone();
    let book = Arc::clone(&state.bands);
    let found = state
        .heavy
        .run(move || {
            let bands = match known {
                Some(bands) => bands,
                // Not searched (both tokens cancelled): any bands do.
                None if unmeasured => SettingBands {
                    bands: Bands::FIXED,
                    from: BandsFrom::Fixed,
                },
                None => book.get(bands::Setting {
                    rows,
                    cols,
                    kinds,
                    rules: &dealt_rules,
                })?,
            };
            rated::search(&spec, difficulty, bands, &search_cancel, &remake_cancel).map(|found| {
                let position = Position::of(&found.board, &dealt_rules);
                (found, position)
            })
        })
        .await?;
    let (found, position) = found.map_err(|e| ApiError::bad_request(format!("no deal: {e}")))?;
    let note = if unmeasured {
        Some(format!(
            "these rules' {difficulty} is being measured (the next deal will have it); dealt an unrated solvable deal"
        ))
    } else {
        rated::note(difficulty, &found, search_cap)
    };
    let rating = if unmeasured { None } else { found.band.clone() };
    let ticket = ticket(
        state,
        request,
        seed,
        Some(found.deal_seed),
        &rules,
        (Some(difficulty), level),
    )?;
    Ok(Json(DealResponse {
        ticket,
        rated: Some(RatedBody {
            in_band: found.in_band && rating.is_some(),
            candidates: found.candidates,
            capped: found.capped,
            deal_seed: Some(found.deal_seed.to_string()),
            note,
            pooled: false,
        }),
        rating,
        board: found.board,
        rules,
        solvable: true,
        seed,
        difficulty: Some(difficulty.name()),
        position,
    }))
}

/// Measures the bands of a setting on the heavy-work pool, with no
/// request waiting for it (the next deal of the setting has them).
fn measure_in_background(state: &AppState, rows: usize, cols: usize, kinds: u32, rules: Rules) {
    let book = Arc::clone(&state.bands);
    let heavy = state.heavy.clone();
    tokio::spawn(async move {
        let _ = heavy
            .run_within(bands::MEASURE_CAP, move || {
                book.get(bands::Setting {
                    rows,
                    cols,
                    kinds,
                    rules: &rules,
                })
            })
            .await;
    });
}

/// The answer for a deal made ahead by the pool.
fn pooled_deal(
    state: &AppState,
    request: &DealRequest,
    rules: Rules,
    pooled: pool::Pooled,
    (difficulty, level): (Difficulty, Option<usize>),
) -> Result<Json<DealResponse>, ApiError> {
    let position = Position::of(&pooled.board, &rules);
    let ticket = ticket(
        state,
        request,
        pooled.seed,
        Some(pooled.deal_seed),
        &rules,
        (Some(difficulty), level),
    )?;
    Ok(Json(DealResponse {
        ticket,
        rating: pooled.band,
        rated: Some(RatedBody {
            in_band: pooled.in_band,
            candidates: pooled.candidates,
            capped: false,
            deal_seed: Some(pooled.deal_seed.to_string()),
            note: pooled.note,
            pooled: true,
        }),
        board: pooled.board,
        rules,
        solvable: true,
        seed: pooled.seed,
        difficulty: Some(difficulty.name()),
        position,
    }))
}
