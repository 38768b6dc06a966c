//! The daily deal: `POST /api/daily` deals the day's board, the same for
//! every player, with the ticket of a ranked game; `GET /api/daily/scores`
//! lists a day's fastest clears.
//!
//! The day is the server's UTC date, read from its clock (the app's
//! [`crate::Clock`]: a test moves it across midnight). The setting is
//! [`crate::DailySetting`] (the limits'), the seed [`crate::day`]'s. The game is ranked
//! like any ranked classic game: each step is logged on its ticket
//! ([`crate::tickets`]), `POST /api/finish` replays the log and times it,
//! and `POST /api/scores` stores the score — in the table of the day the
//! ticket was dealt, which the ticket carries: a deal asked for at 23:59
//! and cleared after midnight counts for the day it was dealt, and no
//! ticket is dealt for another day than today. As in every table, a game a
//! hint, an undo, a shuffle or a solve assisted keeps its time but enters
//! no table (the page still shares it, marked assisted).

use std::sync::Arc;

use axum::Json;
use axum::extract::{Query, State};
use lianliankan::{Cancel, GenerateSpec, Rules};
use serde::{Deserialize, Serialize};

use crate::bands;
use crate::day::{DailyDeal, Day};
use crate::deal::{DealResponse, RatedBody};
use crate::error::{ApiError, ApiJson};
use crate::rated;
use crate::score_db::DailyEntry;
use crate::state::AppState;
use crate::table::{storage, store};
use crate::tickets::IssuedDeal;
use crate::wire::Position;
use crate::work::light;

/// How many clears a day's table lists.
const TABLE: u32 = 10;

/// `POST /api/daily`: `{}` (today), or `{"date": "YYYY-MM-DD"}`, which must
/// be today's date on the server.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DailyRequest {
    #[serde(default)]
    date: Option<String>,
}

/// The answer to `POST /api/daily`: the day, and the deal as `POST
/// /api/deal` answers it (with its ticket).
#[derive(Debug, Serialize)]
pub struct DailyAnswer {
    /// The day the deal is for (`YYYY-MM-DD`, UTC).
    date: String,
    /// Rows.
    rows: usize,
    /// Columns.
    cols: usize,
    /// Tile kinds.
    kinds: u32,
    #[serde(flatten)]
    deal: DealResponse,
}

/// The day a request names, or a 400 saying what is wrong with its date.
fn read_day(text: &str) -> Result<Day, ApiError> {
    text.parse::<Day>()
        .map_err(|e| ApiError::bad_request(e.to_string()))
}

/// `POST /api/daily`: the day's deal (made once a day, then kept) and a
/// fresh ticket for it; `400` for a date that is not one, `422` for a
/// date that is not today's (the server's UTC date).
pub async fn daily(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<DailyRequest>,
) -> Result<Json<DailyAnswer>, ApiError> {
    let today = Day::of_ms(state.tickets.now_ms());
    if let Some(text) = request.date.as_deref() {
        let asked = read_day(text)?;
        if asked != today {
            return Err(ApiError::unprocessable(format!(
                "the daily deal of {asked} is not today's: the server's date is {today} (UTC), \
                 and only today's deal is dealt"
            )));
        }
    }
    let made = state
        .daily
        .deal(today, make(&state, today))
        .await
        .map_err(ApiError::Internal)?;
    let setting = &state.limits.daily;
    let rules = setting.rules.clone();
    let position = {
        let (board, rules) = (made.board.clone(), rules.clone());
        light(move || Position::of(&board, &rules)).await?
    };
    let ticket = state
        .tickets
        .issue(
            IssuedDeal {
                rows: setting.rows,
                cols: setting.cols,
                kinds: setting.kinds,
                seed: today.seed(),
                rated_seed: Some(made.deal_seed),
                difficulty: Some(setting.difficulty),
                rules: rules.clone(),
                level: None,
                daily: Some(today.to_string()),
            },
            None,
        )
        .map_err(|e| ApiError::Internal(format!("no ticket for the daily deal: {e:?}")))?;
    Ok(Json(DailyAnswer {
        date: today.to_string(),
        rows: setting.rows,
        cols: setting.cols,
        kinds: setting.kinds,
        deal: DealResponse {
            board: made.board.clone(),
            rules,
            solvable: true,
            seed: today.seed(),
            difficulty: Some(setting.difficulty.name()),
            ticket: Some(ticket),
            rating: made.band.clone(),
            rated: Some(RatedBody {
                in_band: made.in_band,
                candidates: made.candidates,
                capped: false,
                deal_seed: Some(made.deal_seed.to_string()),
                note: made.note.clone(),
                pooled: false,
            }),
            position,
        },
    }))
}

/// How often (on the wall clock) a server with a pool makes sure today's
/// and tomorrow's deals are made ([`make_ahead`]).
const AHEAD_EVERY: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// Makes today's and tomorrow's deals ahead, in a task of its own (it
/// needs a tokio runtime), and again every [`AHEAD_EVERY`]: so no player
/// waits for the day's search, not even the first after midnight (the
/// search of an 8 × 18 deal takes a release build up to about 2 s). The
/// server starts it when it keeps a pool of deals made ahead
/// ([`crate::Limits::pool`]); the task ends with the server's state.
pub fn make_ahead(state: &Arc<AppState>) {
    let state = Arc::downgrade(state);
    tokio::spawn(async move {
        loop {
            let Some(alive) = state.upgrade() else {
                return;
            };
            let now = alive.tickets.now_ms();
            let tomorrow = now.saturating_add(24 * 60 * 60 * 1000);
            for day in [Day::of_ms(now), Day::of_ms(tomorrow)] {
                if let Err(e) = alive.daily.deal(day, make(&alive, day)).await {
                    eprintln!("play: {e} (tried again later)");
                }
            }
            drop(alive);
            tokio::time::sleep(AHEAD_EVERY).await;
        }
    });
}

/// How long the search for a day's deal may hold a heavy-work thread: it
/// goes on after the request that started it has timed out, and the day
/// keeps its deal.
const MAKE_CAP: std::time::Duration = std::time::Duration::from_secs(300);

/// The search for `day`'s deal: the seeded rated search of
/// [`crate::rated`], with no cap (the same board on every server), on the
/// heavy-work pool.
fn make(
    state: &AppState,
    day: Day,
) -> impl std::future::Future<Output = Result<DailyDeal, String>> + Send + 'static {
    let setting = state.limits.daily.clone();
    let book = Arc::clone(&state.bands);
    let heavy = state.heavy.clone();
    async move {
        let difficulty = setting.difficulty;
        let spec = GenerateSpec::new(setting.rows, setting.cols, setting.kinds)
            .with_seed(day.seed())
            .with_rules(setting.rules.clone());
        let found = heavy
            .run_within(MAKE_CAP, move || {
                let bands = book.get(bands::Setting {
                    rows: setting.rows,
                    cols: setting.cols,
                    kinds: setting.kinds,
                    rules: &setting.rules,
                })?;
                let never = Cancel::new();
                rated::search(&spec, difficulty, bands, &never, &never)
            })
            .await
            .map_err(|e| format!("the daily deal cannot be made: {}", ApiError::from(e)))?
            .map_err(|e| format!("the daily deal cannot be made: {e}"))?;
        let note = rated::note(difficulty, &found, std::time::Duration::ZERO);
        Ok(DailyDeal {
            board: found.board,
            deal_seed: found.deal_seed,
            band: found.band,
            in_band: found.in_band,
            candidates: found.candidates,
            note,
        })
    }
}

/// `GET /api/daily/scores`'s query: the day (today when left out).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DayQuery {
    #[serde(default)]
    date: Option<String>,
}

/// The answer to `GET /api/daily/scores`.
#[derive(Debug, Serialize)]
pub struct DayTable {
    /// The day listed.
    date: String,
    /// The server's date now (UTC): what the page keys its record by.
    today: String,
    /// The daily setting.
    setting: SettingBody,
    /// The fastest clears, fastest first.
    scores: Vec<DailyEntry>,
    /// Always `false`: a table holds games played without assistance.
    assisted: bool,
}

/// The daily deal's setting, as the page shows it.
#[derive(Debug, Serialize)]
pub struct SettingBody {
    rows: usize,
    cols: usize,
    kinds: u32,
    rules: Rules,
    difficulty: &'static str,
}

/// `GET /api/daily/scores?date=YYYY-MM-DD`: the best ten of that day
/// (today's when left out), fastest first; `400` for a bad date.
pub async fn best(
    State(state): State<Arc<AppState>>,
    query: Result<Query<DayQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<DayTable>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let today = Day::of_ms(state.tickets.now_ms());
    let day = match query.date.as_deref() {
        None | Some("") => today,
        Some(text) => read_day(text)?,
    };
    let store = store(&state)?;
    let key = day.to_string();
    let setting = &state.limits.daily;
    let scores = light(move || store.best_daily(&key, TABLE))
        .await?
        .map_err(storage)?;
    Ok(Json(DayTable {
        date: day.to_string(),
        today: today.to_string(),
        setting: SettingBody {
            rows: setting.rows,
            cols: setting.cols,
            kinds: setting.kinds,
            rules: setting.rules.clone(),
            difficulty: setting.difficulty.name(),
        },
        scores,
        assisted: false,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DailySetting, Limits, ManualClock};

    /// Today's and tomorrow's deals are made before any player asks (a
    /// 4 × 6 daily: quick in a debug build), by the clock's date, one
    /// minute before midnight; the deal made ahead is the one a search
    /// started by a player's request makes.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn today_s_and_tomorrow_s_deals_are_made_ahead() {
        // 2026-12-07T23:59:00Z: tomorrow is another month's day too.
        let at = (Day::from_days(20_794).days() * 86_400 + 86_340) * 1000;
        let today = Day::of_ms(at);
        assert_eq!(today.to_string(), "2026-12-07");
        let tomorrow = Day::from_days(today.days() + 1);
        let state = |pool| {
            let limits = Limits {
                pool,
                daily: DailySetting {
                    rows: 4,
                    cols: 6,
                    kinds: 6,
                    ..DailySetting::default()
                },
                ..Limits::default()
            };
            Arc::new(AppState::new(
                limits,
                None,
                Arc::new(ManualClock::at(at)),
                &[],
            ))
        };
        let (with_pool, other) = (state(1), state(0));
        make_ahead(&with_pool);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !(with_pool.daily.is_made(today) && with_pool.daily.is_made(tomorrow)) {
            assert!(
                std::time::Instant::now() < deadline,
                "today's and tomorrow's deals not made within 60 s"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        // The deal made ahead is the one a player gets: the day's seed.
        let made = with_pool
            .daily
            .deal(today, make(&with_pool, today))
            .await
            .unwrap();
        let asked = make(&other, today).await.unwrap();
        assert_eq!(made.board, asked.board);
        assert_eq!(made.deal_seed, asked.deal_seed);
        assert!(
            !other.daily.is_made(today),
            "no search was asked of the other"
        );
    }
}
