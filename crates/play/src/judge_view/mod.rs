//! The viewer: a judge input of any of the three problems, answered by the
//! libraries, with every answer's path (lianliankan, segments) or move
//! sequence (solitaire) for the page to draw.
//!
//! The answer has the judge's exact output (what the library's
//! `judge::run`, and so the binary, prints), the input error if there is
//! one (line, column, message; the answers before it are kept, as the binaries keep them), and
//! the boards or cases read with each answer's drawing data. An input error
//! is part of the answer (status 200), since the answers before it are
//! worth showing; a request the viewer cannot take (unknown problem, input
//! over the limit, bad options) is a 4xx.
//!
//! Each problem has one view ([`lianliankan_view`], [`segments_view`],
//! [`solitaire_view`]) that reads the input once with the library's own
//! readers, answers each query as the library's judge does, writing the
//! judge's line, and keeps what the page draws of the first answers
//! ([`answer`]); a test of each checks its output and error against the
//! library's `judge::run` on many random inputs.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use lianliankan::Gravity;
use serde::Deserialize;

use crate::error::{ApiError, ApiJson};
use crate::problem::Problem;
use crate::state::AppState;
use crate::wire::RulesRequest;

mod answer;
mod lianliankan_view;
mod segments_view;
mod solitaire_view;

use answer::JudgeResponse;

/// `POST /api/judge`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeRequest {
    /// `lianliankan`, `segments` or `solitaire`.
    problem: String,
    /// The judge input, as the binary would read it.
    input: String,
    /// lianliankan only: turns, border and groups (gravity has no meaning
    /// where nothing is removed).
    #[serde(default)]
    rules: RulesRequest,
    /// solitaire only: the most moves (the judge's 8 when left out).
    max_moves: Option<u32>,
}

/// Answers a judge input for the page to draw.
pub async fn judge(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<JudgeRequest>,
) -> Result<Json<JudgeResponse>, ApiError> {
    let limits = state.limits.clone();
    if request.input.len() > limits.judge_input_bytes {
        return Err(ApiError::TooLarge(format!(
            "the viewer takes judge inputs of at most {} bytes, got {}",
            limits.judge_input_bytes,
            request.input.len()
        )));
    }
    let problem: Problem = request
        .problem
        .parse()
        .map_err(|e: crate::problem::UnknownProblem| ApiError::bad_request(e.to_string()))?;
    let response = match problem {
        Problem::Lianliankan => {
            let rules = request.rules.to_rules(&limits)?;
            if rules.gravity() != Gravity::None {
                return Err(ApiError::bad_request(
                    "gravity has no meaning in judge mode (nothing is removed)",
                ));
            }
            state
                .heavy
                .run(move || lianliankan_view::view(&request.input, rules, &limits))
                .await?
        }
        Problem::Segments => {
            if !request.rules.is_left_out() {
                return Err(ApiError::bad_request(
                    "segments takes no rules (its paths may always run around the board)",
                ));
            }
            state
                .heavy
                .run(move || segments_view::view(&request.input, &limits))
                .await?
        }
        Problem::Solitaire => {
            let max_moves = request.max_moves.unwrap_or(8);
            if max_moves > limits.solitaire_moves {
                return Err(ApiError::bad_request(format!(
                    "max_moves must be 0 to {}, got {max_moves}",
                    limits.solitaire_moves
                )));
            }
            state
                .heavy
                .run(move || solitaire_view::view(&request.input, max_moves, &limits))
                .await?
        }
    };
    Ok(Json(response))
}
