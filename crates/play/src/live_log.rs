//! The live log of a ranked game: how a handler logs a step on a ticket
//! ([`log_step`]), and the steps only the log needs — `POST /api/undo`,
//! `POST /api/redo` (the page keeps its own history; the server logs that
//! the step was taken back or made again, and replays it at the finish)
//! and `POST /api/pause` (the game's clock stops while paused).

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiJson};
use crate::state::AppState;
use crate::tickets::{LogError, LoggedStep, PAUSE_CAP_MS, UNKNOWN_TICKET};

/// When the server logged a ranked game's step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Logged {
    /// At this time, in ms from the deal on the game's clock.
    At(u64),
    /// Not: the level's countdown had run out (the player's words, and
    /// when the step came).
    TimeUp(String, u64),
}

/// Logs `step` on a ranked game's `ticket`, or says it came after the
/// countdown; a 422 for a ticket the server does not know, a finished
/// game, or a log that is full.
pub fn log_step(state: &AppState, ticket: &str, step: LoggedStep) -> Result<Logged, ApiError> {
    match state.tickets.log(ticket, step) {
        Ok(at_ms) => Ok(Logged::At(at_ms)),
        Err(LogError::TimeUp {
            countdown_ms,
            at_ms,
        }) => Ok(Logged::TimeUp(
            format!(
                "time is up: the level's countdown of {countdown_ms} ms ran out on the server's \
                 clock ({at_ms} ms since its deal)"
            ),
            at_ms,
        )),
        Err(LogError::Full { steps }) => Err(ApiError::unprocessable(format!(
            "this game has {steps} steps logged already, more than a game of its size makes"
        ))),
        Err(LogError::Finished) => Err(ApiError::unprocessable(
            "this game is finished: nothing changes it any more",
        )),
        Err(LogError::Unknown) => Err(ApiError::unprocessable(UNKNOWN_TICKET)),
    }
}

/// Whether a step logged on `ticket` makes its game assisted: a classic
/// game's (a level's hints and shuffles are its rules'), for a step that
/// is assistance.
pub fn assists(state: &AppState, ticket: &str, step: LoggedStep) -> bool {
    step.assistance().is_some() && state.tickets.is_level(ticket) == Some(false)
}

/// `POST /api/undo` and `POST /api/redo`: a ranked classic game's ticket.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TicketRequest {
    ticket: String,
}

/// The answer to an undo or a redo logged.
#[derive(Debug, Serialize)]
pub struct TakenBack {
    /// When it was logged, in ms from the deal on the game's clock.
    clock_ms: u64,
    /// Always `true`: an undo or a redo assists the player, and the game
    /// enters no table.
    assisted: bool,
}

/// Logs an undo or a redo on a classic game's ticket (a level has none).
fn take_back(state: &AppState, ticket: &str, step: LoggedStep) -> Result<TakenBack, ApiError> {
    if state.tickets.is_level(ticket) == Some(true) {
        return Err(ApiError::bad_request(
            "a level of a run has no undo or redo",
        ));
    }
    match log_step(state, ticket, step)? {
        Logged::At(clock_ms) => Ok(TakenBack {
            clock_ms,
            assisted: true,
        }),
        Logged::TimeUp(message, _) => Err(ApiError::unprocessable(message)),
    }
}

/// `POST /api/undo`: logs that a ranked classic game's last step was taken
/// back (the page undoes it on its board).
pub async fn undo(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<TicketRequest>,
) -> Result<Json<TakenBack>, ApiError> {
    take_back(&state, &request.ticket, LoggedStep::Undo).map(Json)
}

/// `POST /api/redo`: logs that the step taken back last was made again.
pub async fn redo(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<TicketRequest>,
) -> Result<Json<TakenBack>, ApiError> {
    take_back(&state, &request.ticket, LoggedStep::Redo).map(Json)
}

/// `POST /api/pause`: a ranked game's ticket, and whether it is now paused.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PauseRequest {
    ticket: String,
    paused: bool,
}

/// The answer to a pause or a resume.
#[derive(Debug, Serialize)]
pub struct PauseAnswer {
    /// The game's clock, in ms from the deal (paused time left out, up to
    /// the cap).
    clock_ms: u64,
    /// The time paused so far, in ms.
    paused_ms: u64,
    /// The most paused time a game's clock leaves out, in ms: time paused
    /// beyond it counts as time played.
    pause_cap_ms: u64,
    /// Whether the game is paused now.
    paused: bool,
}

/// `POST /api/pause`: pauses a ranked game (its clock stops; the page hides
/// the board) or resumes it. Pausing a paused game, or resuming one that
/// runs, changes nothing; any other step resumes it.
pub async fn pause(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<PauseRequest>,
) -> Result<Json<PauseAnswer>, ApiError> {
    let step = if request.paused {
        LoggedStep::Pause
    } else {
        LoggedStep::Resume
    };
    let clock_ms = match log_step(&state, &request.ticket, step)? {
        Logged::At(at_ms) => at_ms,
        Logged::TimeUp(message, _) => return Err(ApiError::unprocessable(message)),
    };
    let issued = state
        .tickets
        .get(&request.ticket)
        .ok_or_else(|| ApiError::unprocessable(UNKNOWN_TICKET))?;
    Ok(Json(PauseAnswer {
        clock_ms,
        paused_ms: issued.paused_ms(state.tickets.now_ms()),
        pause_cap_ms: PAUSE_CAP_MS,
        paused: issued.is_paused(),
    }))
}
