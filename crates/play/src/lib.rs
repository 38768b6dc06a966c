//! `play`: Lianliankan in the browser on the exact engine of the
//! [`lianliankan`] crate, and a viewer that draws the answers of the three
//! judges (lianliankan, segments, solitaire).
//!
//! [`app`] is the whole server as an axum [`Router`]: the page (HTML, CSS
//! and JavaScript embedded in the binary, no build step) and a JSON API
//! over the engine. The `play` binary serves it (`cargo run --release -p
//! play`, then open <http://127.0.0.1:8175/>).
//!
//! | endpoint | what it does |
//! |---|---|
//! | `GET /api/limits` | the limits below and the names the API accepts |
//! | `POST /api/deal` | a new board: clearable by construction, or random, or clearable and rated within a difficulty (easy, normal, hard) |
//! | `POST /api/remove` | removes a pair: the path, the tiles gravity moved, the new board; or why not |
//! | `POST /api/hint` | a pair that can go now, with its path, and whether the board is dead |
//! | `POST /api/shuffle` | the remaining tiles rearranged so that a pair can go |
//! | `POST /api/solve` | a removal order that clears the board, or a proof that none does |
//! | `POST /api/judge` | a judge input answered, with every path or move sequence |
//! | `POST /api/scores` | a cleared classic game replayed, and its score stored: rank and score |
//! | `GET /api/scores` | the best ten scores of a table: a size, rules and difficulty |
//! | `POST /api/undo`, `POST /api/redo` | a ranked game's undo or redo, logged |
//! | `POST /api/pause` | a ranked game paused or resumed: its clock stops or runs |
//! | `POST /api/finish` | a ranked classic game's log replayed and timed by the server: its time, score, and whether it is ranked |
//! | `POST /api/runs` | a ranked level run (its levels' tickets) replayed from the steps the server logged, at the server's times, and its score stored: rank and score |
//! | `GET /api/runs` | the best ten level runs of a size and rules |
//! | `POST /api/daily` | the day's deal (UTC), the same for every player, with a ranked game's ticket bound to the day |
//! | `GET /api/daily/scores` | a day's ten fastest unassisted clears of its deal |
//!
//! The key design choice: the server keeps no games (only high scores, in
//! an SQLite file: [`ScoreDb`], and for ranked games a ticket with the
//! steps sent with it and their times on its clock, in memory and in that
//! file). A request carries the board and the rules, an answer carries the
//! step; the page keeps the history (undo and redo are its own, logged on a
//! ranked game's ticket), and a deal is its spec and seed, so a link
//! reproduces it. Light engine work runs on the blocking pool; solving,
//! deals of a difficulty and judge runs on a pool of their own at the
//! lowest priority, under a limit on how many run at once and a time-out
//! ([`Limits`]). Every refusal is a 4xx with `{"error": "..."}`.
//!
//! The JSON is the engine's own (`lianliankan`'s `serde` feature): rules,
//! boards, cells, paths, pairs and slides are written as the library writes
//! them; only the requests and answers themselves are shapes of this crate.
//!
//! Modules, each importing only those above it, none back: `problem`,
//! `limits`, `error`, `work`, `level_rules` (the level game's numbers),
//! `score_db` (the SQLite file; it imports nothing of the crate), `tickets`
//! (ranked games' tickets, their step logs, the clock, kept in
//! `score_db`), `rated` (deals of a chosen difficulty, bounded in time),
//! `pool` (rated deals made ahead), `day` (the daily deal's calendar,
//! setting and seed, and the days' deals kept), `state` (the shared state and `GET
//! /api/limits`), `wire` (the shared JSON pieces and their checks), then
//! the handlers, `deal`, `daily` (the daily deal and its tables), `live_log` (logging a step; undo, redo, pause),
//! `game`, `judge_view`, `replay` (a log played again, and the floor below
//! which no person plays), `scores` and `runs` (over `scores`); this file
//! only wires the router (xtask's module-cycle test holds every crate of
//! the workspace to that).
#![deny(missing_docs)]

mod assets;
mod bands;
mod daily;
mod day;
mod deal;
mod error;
mod game;
mod judge_view;
mod level_rules;
mod limits;
mod live_log;
mod pool;
mod problem;
mod rated;
mod replay;
mod runs;
mod score_db;
mod scores;
mod state;
mod table;
mod tickets;
mod wire;
mod work;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

pub use assets::ENGINE;
pub use error::ApiError;
pub use limits::{DailySetting, Limits, SEED_MAX};
pub use score_db::{OpenError, Store as ScoreDb};
pub use tickets::{Clock, ManualClock, RealClock};

/// The whole server: the page, the API, the body limit, the time-out; the
/// high scores when given a database (without one, `/api/scores` answers
/// `503`); and, when `limits.pool` is not 0 and a tokio runtime runs, the
/// pool of rated deals made ahead, the first visit's settings first, and
/// today's and tomorrow's daily deals made ahead.
///
/// ```
/// let app = play::app(play::Limits::default(), None);
/// # drop(app);
/// ```
pub fn app(limits: Limits, scores: Option<ScoreDb>) -> Router {
    router(
        limits,
        scores,
        Arc::new(RealClock::new()),
        &pool::first_visit(),
    )
}

/// [`app`] on `clock`: the clock that times ranked games (from a deal's
/// ticket to its finish). Tests move a [`ManualClock`] by hand. The pool
/// of rated deals, if on, makes deals for the settings asked for only
/// (not the first visit's).
pub fn app_with_clock(limits: Limits, scores: Option<ScoreDb>, clock: Arc<dyn Clock>) -> Router {
    router(limits, scores, clock, &[])
}

/// The router, its state and layers; the pool of rated deals warmed with
/// `warm`.
fn router(
    limits: Limits,
    scores: Option<ScoreDb>,
    clock: Arc<dyn Clock>,
    warm: &[pool::Setting],
) -> Router {
    // A request as a whole gets the engine's time-out and a little more to
    // read and write; the engine's own time-out answers first.
    let request_timeout = limits.timeout + std::time::Duration::from_secs(5);
    let body_bytes = limits.body_bytes;
    let api = Router::new()
        .route("/limits", get(state::limits))
        .route("/deal", post(deal::deal_board))
        .route("/remove", post(game::remove))
        .route("/hint", post(game::hint))
        .route("/shuffle", post(game::shuffle))
        .route("/undo", post(live_log::undo))
        .route("/redo", post(live_log::redo))
        .route("/pause", post(live_log::pause))
        .route("/solve", post(game::solve))
        .route("/judge", post(judge_view::judge))
        .route("/finish", post(scores::finish))
        .route("/scores", post(scores::submit).get(scores::best))
        .route("/runs", post(runs::submit).get(runs::best))
        .route("/daily", post(daily::daily))
        .route("/daily/scores", get(daily::best))
        .fallback(error::not_found);
    let state = Arc::new(state::AppState::new(limits, scores, clock, warm));
    if state.pool.is_on() && tokio::runtime::Handle::try_current().is_ok() {
        daily::make_ahead(&state);
    }
    assets::routes()
        .nest("/api", api)
        .with_state(state)
        // Innermost first; `json_errors` is outermost so that the limit's
        // and the time-out's responses get a JSON body too.
        .layer(DefaultBodyLimit::max(body_bytes))
        .layer(RequestBodyLimitLayer::new(body_bytes))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            request_timeout,
        ))
        .layer(axum::middleware::from_fn(error::json_errors))
        // Outermost: every answer, errors included, gzipped for a client
        // that accepts it (the default predicate leaves tiny bodies alone).
        .layer(CompressionLayer::new())
}
