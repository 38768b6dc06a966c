//! What every handler shares, and `GET /api/limits`, which reports it.

use axum::Json;
use axum::extract::State;
use std::sync::Arc;

use crate::limits::{Limits, LimitsBody};
use crate::work::Heavy;

/// What every handler shares: the limits and the heavy-work permits.
#[derive(Debug)]
pub struct AppState {
    /// What the server accepts and how much work it does for one request.
    pub limits: Limits,
    /// The permits and the time-out of solving, dealing and judge runs.
    pub heavy: Heavy,
}

impl AppState {
    /// The state of a server with `limits`.
    pub fn new(limits: Limits) -> AppState {
        AppState {
            heavy: Heavy::new(limits.jobs, limits.timeout),
            limits,
        }
    }
}

/// `GET /api/limits`.
pub async fn limits(State(state): State<Arc<AppState>>) -> Json<LimitsBody> {
    Json(LimitsBody::from(&state.limits))
}
