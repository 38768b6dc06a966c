//! What every handler shares, and `GET /api/limits`, which reports it.

use axum::Json;
use axum::extract::State;
use std::sync::Arc;

use crate::limits::{Limits, LimitsBody};
use crate::score_db::Store;
use crate::tickets::{Clock, Tickets};
use crate::work::Heavy;

/// What every handler shares: the limits, the heavy-work permits, the
/// score database and the tickets of ranked games.
#[derive(Debug)]
pub struct AppState {
    /// What the server accepts and how much work it does for one request.
    pub limits: Limits,
    /// The permits and the time-out of solving, dealing and judge runs.
    pub heavy: Heavy,
    /// The high scores, if the server keeps them.
    pub scores: Option<Arc<Store>>,
    /// The ranked games under way, timed on the server's clock.
    pub tickets: Tickets,
}

impl AppState {
    /// The state of a server with `limits` and, if any, a score database.
    /// With a database, the tickets of ranked games are kept in it too,
    /// and the ones it holds go on.
    pub fn new(limits: Limits, scores: Option<Store>, clock: Arc<dyn Clock>) -> AppState {
        let scores = scores.map(Arc::new);
        let tickets = match &scores {
            Some(store) => Tickets::with_store(clock.clone(), store.clone()).unwrap_or_else(|e| {
                eprintln!(
                    "play: the tickets of the games under way cannot be read back ({e}); \
                     they cannot be ranked"
                );
                Tickets::new(clock)
            }),
            None => Tickets::new(clock),
        };
        AppState {
            heavy: Heavy::new(limits.jobs, limits.timeout),
            limits,
            scores,
            tickets,
        }
    }
}

/// `GET /api/limits`.
pub async fn limits(State(state): State<Arc<AppState>>) -> Json<LimitsBody> {
    Json(LimitsBody::from(&state.limits))
}
