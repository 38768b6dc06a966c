//! The daily deal through the API (issue 59): the same deal for every
//! caller of a day and for every server, a new one when the server's clock
//! crosses midnight, a ticket bound to the day it was dealt (a game dealt
//! at 23:59 and cleared after midnight enters the table of the day before;
//! no ticket for another day), an assisted clear kept out of the day's
//! table, and bad dates and requests answered 4xx.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use play::{DailySetting, Limits, ManualClock, ScoreDb, app_with_clock};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::scores::{Ranked, named, post_to, scratch};

/// 2026-12-07T00:00:00Z, in ms since 1970.
const DEC_7: u64 = 1_796_601_600_000;
const HOUR: u64 = 60 * 60 * 1000;
const DAY: u64 = 24 * HOUR;

/// The daily setting of these tests: 4 × 6, KShisen's rules, normal (the
/// real one, 8 × 18, takes a debug build tens of seconds to deal; the
/// library's tests check that one is in its measured table).
pub fn small_daily() -> DailySetting {
    DailySetting {
        rows: 4,
        cols: 6,
        kinds: 6,
        ..DailySetting::default()
    }
}

/// A server with a score database in `dir`, its clock at `at_ms`.
fn server_at(dir: &std::path::Path, at_ms: u64) -> (Router, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::at(at_ms));
    let app = app_with_clock(
        Limits {
            daily: small_daily(),
            ..Limits::default()
        },
        Some(ScoreDb::open(&dir.join("play.sqlite3")).unwrap()),
        clock.clone(),
    );
    (app, clock)
}

/// `GET /api/daily/scores[?query]`.
async fn day_table(app: &Router, query: &str) -> (StatusCode, Value) {
    let request = Request::get(format!("/api/daily/scores{query}"))
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// `POST /api/daily` with `body`, which must be answered 200.
async fn daily(app: &Router, body: &Value) -> Value {
    let (status, dealt) = post_to(app, "daily", body).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    dealt
}

#[tokio::test]
async fn one_deal_a_day_for_every_player_and_every_server() {
    let dir = scratch("daily-same");
    let (app, clock) = server_at(&dir, DEC_7 + 9 * HOUR);
    let ann = daily(&app, &json!({})).await;
    let bob = daily(&app, &json!({"date": "2026-12-07"})).await;
    assert_eq!(ann["date"], "2026-12-07");
    assert_eq!(ann["seed"], 20_261_207, "the seed is the date, YYYYMMDD");
    assert_eq!(ann["board"], bob["board"]);
    assert_eq!(ann["rated"]["deal_seed"], bob["rated"]["deal_seed"]);
    assert_ne!(ann["ticket"], bob["ticket"], "a ticket a player");
    assert_eq!(ann["difficulty"], "normal");
    assert_eq!(ann["rules"]["border"], "open");
    assert_eq!(ann["rules"]["gravity"], "none");
    assert_eq!(ann["board"].as_array().unwrap().len(), 4);
    assert!(
        ann["rated"]["in_band"].as_bool().unwrap(),
        "{}",
        ann["rated"]
    );
    assert_eq!(ann["rating"]["difficulty"], "normal", "{}", ann["rating"]);
    // Another server (nothing kept) deals the same board for the day.
    let other_dir = scratch("daily-same-other");
    let (other, _) = server_at(&other_dir, DEC_7 + 23 * HOUR);
    let carl = daily(&other, &json!({})).await;
    assert_eq!(carl["board"], ann["board"]);
    // Midnight: a new day, a new deal.
    clock.advance(15 * HOUR);
    let next = daily(&app, &json!({})).await;
    assert_eq!(next["date"], "2026-12-08");
    assert_eq!(next["seed"], 20_261_208);
    assert_ne!(next["board"], ann["board"]);
}

#[tokio::test]
async fn the_ticket_binds_the_day_it_was_dealt() {
    let dir = scratch("daily-ticket");
    // 23:50 on the 7th: dealt then, cleared after midnight.
    let (app, clock) = server_at(&dir, DEC_7 + DAY - 10 * 60 * 1000);
    let dealt = daily(&app, &json!({})).await;
    assert_eq!(dealt["date"], "2026-12-07");
    let mut late = Ranked::of(&dealt);
    let steps = late.clearing_steps();
    // 12 pairs in 20 minutes: a person's pace.
    late.play(&app, &clock, 20 * 60 * 1000, &steps).await;
    let (status, done) = late.finish(&app).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(
        (done["ranked"].clone(), done["daily"].clone()),
        (json!(true), json!("2026-12-07")),
        "{done}"
    );
    let (status, stored) = post_to(&app, "scores", &named("Owl", &late.ticket)).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    assert_eq!(stored["rank"], 1);
    // In the 7th's table, not today's (the 8th's).
    let (status, seventh) = day_table(&app, "?date=2026-12-07").await;
    assert_eq!(status, StatusCode::OK, "{seventh}");
    assert_eq!(seventh["scores"][0]["name"], "Owl", "{seventh}");
    assert_eq!(seventh["scores"][0]["elapsed_ms"], 20 * 60 * 1000);
    assert_eq!(seventh["today"], "2026-12-08");
    assert_eq!(seventh["setting"]["rows"], 4);
    let (_, today) = day_table(&app, "").await;
    assert_eq!(
        (today["date"].clone(), today["scores"].clone()),
        (json!("2026-12-08"), json!([])),
        "{today}"
    );
    // The same ticket stores one score.
    let (status, _) = post_to(&app, "scores", &named("Owl", &late.ticket)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // Yesterday's deal is not dealt today, nor tomorrow's.
    for date in ["2026-12-07", "2026-12-09"] {
        let (status, refused) = post_to(&app, "daily", &json!({ "date": date })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        let why = refused["error"].as_str().unwrap();
        assert!(why.contains("server's date is 2026-12-08"), "{why}");
    }
    // The classic table of the daily's setting holds no daily clear.
    let request = Request::get(
        "/api/scores?rows=4&cols=6&kinds=6&turns=2&border=open&gravity=none&difficulty=normal",
    )
    .body(Body::empty())
    .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let classic: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(classic["scores"], json!([]), "{classic}");
}

#[tokio::test]
async fn an_assisted_daily_is_cleared_but_kept_out_of_the_days_table() {
    let dir = scratch("daily-assisted");
    let (app, clock) = server_at(&dir, DEC_7 + 12 * HOUR);
    let mut game = Ranked::of(&daily(&app, &json!({})).await);
    let (status, hint) = game.step(&app, &json!({"hint": true})).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    let steps = game.clearing_steps();
    game.play(&app, &clock, 15 * 60 * 1000, &steps).await;
    let (_, done) = game.finish(&app).await;
    assert_eq!(done["ranked"], false, "{done}");
    assert!(done["why"].as_str().unwrap().contains("assisted"), "{done}");
    let (status, refused) = post_to(&app, "scores", &named("Hint", &game.ticket)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let (_, table) = day_table(&app, "?date=2026-12-07").await;
    assert_eq!(table["scores"], json!([]), "{table}");
    assert_eq!(table["assisted"], false);
}

#[tokio::test]
async fn bad_dates_and_requests_are_refused() {
    let dir = scratch("daily-bad");
    let (app, _) = server_at(&dir, DEC_7);
    for (body, status, says) in [
        (json!({"date": "2026-13-01"}), 400, "month is 01 to 12"),
        (json!({"date": "2026-02-29"}), 400, "01 to 28"),
        (json!({"date": "7 Dec 2026"}), 400, "YYYY-MM-DD"),
        (json!({"date": 20261207}), 422, "date"),
        (json!({"day": "2026-12-07"}), 422, "day"),
        (json!({"date": "1970-01-01"}), 422, "not today's"),
    ] {
        let (got, answer) = post_to(&app, "daily", &body).await;
        assert_eq!(got.as_u16(), status, "{body}: {answer}");
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{body}: {error}");
    }
    for (query, says) in [
        ("?date=2026-12-32", "01 to 31"),
        ("?date=yesterday", "YYYY-MM-DD"),
        ("?day=2026-12-07", "day"),
    ] {
        let (status, answer) = day_table(&app, query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {answer}");
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{query}: {error}");
    }
    // Without a database there are no tables.
    let bare = app_with_clock(Limits::default(), None, Arc::new(ManualClock::at(DEC_7)));
    let (status, _) = day_table(&bare, "").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
}
