//! What every handler shares, and `GET /api/limits`, which reports it.

use axum::Json;
use axum::extract::State;
use std::sync::Arc;

use crate::bands::BandsBook;
use crate::day::DailyBook;
use crate::limits::{Limits, LimitsBody};
use crate::pool::{self, Pool};
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
    /// Rated deals made ahead.
    pub pool: Arc<Pool>,
    /// What easy, normal and hard mean on each setting dealt.
    pub bands: Arc<BandsBook>,
    /// The daily deals made or being made (the last few days').
    pub daily: Arc<DailyBook>,
}

impl AppState {
    /// The state of a server with `limits` and, if any, a score database.
    /// With a database, the tickets of ranked games are kept in it too,
    /// and the ones it holds go on. Inside a tokio runtime the pool of
    /// rated deals (when `limits.pool` is not 0) starts filling, `warm`
    /// settings first.
    pub fn new(
        limits: Limits,
        scores: Option<Store>,
        clock: Arc<dyn Clock>,
        warm: &[pool::Setting],
    ) -> AppState {
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
        let heavy = Heavy::new(limits.jobs, limits.timeout, limits.lowest_priority);
        let pool = Arc::new(Pool::new(limits.pool, scores.clone()));
        let bands = Arc::new(BandsBook::new());
        if pool.is_on() && tokio::runtime::Handle::try_current().is_ok() {
            for setting in warm {
                pool.want(setting);
            }
            pool.start(&heavy, &bands);
        }
        AppState {
            heavy,
            limits,
            scores,
            tickets,
            pool,
            bands,
            daily: Arc::new(DailyBook::default()),
        }
    }
}

/// `GET /api/limits`.
pub async fn limits(State(state): State<Arc<AppState>>) -> Json<LimitsBody> {
    Json(LimitsBody::from(&state.limits))
}
