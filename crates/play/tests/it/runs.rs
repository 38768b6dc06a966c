//! The best level runs (issue 49): `POST /api/runs` replays a run level by
//! level (level L dealt again under the L-th gravity mode, each step
//! played, the lives the shuffles spend counted, every step within its
//! level's countdown) and stores its score, which must be the one the
//! steps give by the level rules; a forged run is a 422, the same run
//! again a 409; `GET /api/runs` lists the best ten of a setting.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use lianliankan::Gravity;
use play::{Limits, ScoreDb, app};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::scores::{cleared_steps, rules_of, scratch};

async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

async fn submit(app: &Router, run: &Value) -> (StatusCode, Value) {
    let request = Request::post("/api/runs")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(run.to_string()))
        .unwrap();
    send(app, request).await
}

async fn table(app: &Router, query: &str) -> (StatusCode, Value) {
    let request = Request::get(format!("/api/runs?{query}"))
        .body(Body::empty())
        .unwrap();
    send(app, request).await
}

const SETTING: &str = "rows=4&cols=6&kinds=6&turns=2&border=open&groups=";

/// The steps that clear level `level`'s deal of `seed` (4 × 6, 6 kinds,
/// open border, the level's gravity: none, down, ...), timed at `times`.
fn level_steps(level: usize, seed: u64, times: &[u64]) -> Vec<Value> {
    let gravity = Gravity::ALL[level % 13];
    let mut steps = cleared_steps(4, 6, 6, seed, &rules_of(gravity), None);
    assert_eq!(steps.len(), times.len());
    for (step, &t) in steps.iter_mut().zip(times) {
        step["t"] = json!(t);
    }
    steps
}

fn run(name: &str, levels: Value, score: u64) -> Value {
    json!({
        "name": name, "rows": 4, "cols": 6, "kinds": 6,
        "rules": {"turns": 2, "border": "open", "groups": ""},
        "levels": levels, "score": score,
    })
}

/// A run of two levels: the first cleared, with a refused pick after the
/// fifth pair and a pause of 6 s (over the combo's 4 s window) before the
/// last; the second ended after two pairs and a shuffle. Its score by
/// hand: level 1's pairs 10+11+12+13+14, then 10+11+...+15, then 10 (the
/// window broken): 145, and 35 whole seconds left of 10 + 12 × 3.5 = 52 s
/// when its last pair went at 17 s: 180; level 2's 10 + 11 = 21: 201.
fn two_levels() -> (Value, u64) {
    let times: Vec<u64> = (1..=11).map(|i| i * 1000).chain([17_000]).collect();
    let mut first = level_steps(0, 5, &times);
    first.insert(5, json!({"refused": 5_500}));
    let second: Vec<Value> = level_steps(1, 6, &[2_000, 3_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        .into_iter()
        .take(2)
        .chain([json!({"shuffle": 41, "t": 4_000})])
        .collect();
    (
        json!([{"seed": 5, "steps": first}, {"seed": 6, "steps": second}]),
        201,
    )
}

#[tokio::test]
async fn a_run_is_replayed_scored_stored_once_and_listed() {
    let dir = scratch("runs");
    let app = app(
        Limits::default(),
        Some(ScoreDb::open(&dir.join("play.sqlite3")).unwrap()),
    );
    let (levels, score) = two_levels();
    let (status, stored) = submit(&app, &run("Ann", levels.clone(), score)).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    assert_eq!(stored["score"], 201);
    assert_eq!(
        (stored["rank"].as_u64(), stored["levels"].as_u64()),
        (Some(1), Some(2))
    );
    // The same run again, under another name: stored already.
    let (status, again) = submit(&app, &run("Bo", levels.clone(), score)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    // A run of level 1 alone, cleared: 180; it ranks second.
    let (status, short) = submit(&app, &run("\u{202E}Cy", json!([levels[0]]), 180)).await;
    assert_eq!(status, StatusCode::CREATED, "{short}");
    assert_eq!(short["rank"], 2);

    let (status, listed) = table(&app, SETTING).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let rows: Vec<(String, u64, u64)> = listed["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_owned(),
                r["score"].as_u64().unwrap(),
                r["levels"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [("Ann".to_owned(), 201, 2), ("Cy".to_owned(), 180, 1)]
    );
    // Another setting has its own table; a bad query is a 400.
    let (_, other) = table(&app, &SETTING.replace("border=open", "border=closed")).await;
    assert_eq!(other["runs"], json!([]));
    let (status, _) = table(&app, "rows=4").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn forged_runs_are_refused_and_nothing_is_stored() {
    let dir = scratch("runs-forged");
    let app = app(
        Limits::default(),
        Some(ScoreDb::open(&dir.join("play.sqlite3")).unwrap()),
    );
    let (levels, score) = two_levels();
    let refused = |answer: &(StatusCode, Value), status: StatusCode, needle: &str| {
        assert_eq!(answer.0, status, "{}", answer.1);
        let message = answer.1["error"].as_str().unwrap_or_default();
        assert!(message.contains(needle), "`{needle}` not in `{message}`");
    };
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    // A score the steps do not give.
    refused(
        &submit(&app, &run("Eve", levels.clone(), score + 1)).await,
        unprocessable,
        "the run scores 201 when replayed, not 202 as sent",
    );
    // Level 1 left unfinished, yet level 2 played.
    let mut unfinished = levels.clone();
    unfinished[0]["steps"].as_array_mut().unwrap().pop();
    refused(
        &submit(&app, &run("Eve", unfinished, 0)).await,
        unprocessable,
        "level 1 is not cleared (2 tiles left), yet the run goes on to level 2",
    );
    // A pair after the countdown (52 s on level 1) ran out.
    let mut late = levels.clone();
    late[0]["steps"][12]["t"] = json!(52_001);
    refused(
        &submit(&app, &run("Eve", late, score)).await,
        unprocessable,
        "level 1, step 13: at 52001 ms, after the level's countdown of 52000 ms ran out",
    );
    // Time running backwards.
    let mut backwards = levels.clone();
    backwards[0]["steps"][1]["t"] = json!(500);
    refused(
        &submit(&app, &run("Eve", backwards, score)).await,
        unprocessable,
        "level 1, step 2: at 500 ms, before the step before it (1000 ms)",
    );
    // Five shuffles with four lives.
    let mut shuffles = levels.clone();
    for i in 0..5 {
        shuffles[0]["steps"]
            .as_array_mut()
            .unwrap()
            .insert(0, json!({"shuffle": 100 + i, "t": 0}));
    }
    refused(
        &submit(&app, &run("Eve", shuffles, score)).await,
        unprocessable,
        "level 1, step 5: a shuffle with no life left to spend",
    );
    // Level 2's steps on level 1 (another deal, another gravity).
    let swapped = json!([levels[1], levels[0]]);
    refused(
        &submit(&app, &run("Eve", swapped, score)).await,
        unprocessable,
        "level 1, step 1",
    );
    // Bad requests: a gravity of the run's own, no level, a bad name.
    let mut gravity = run("Eve", levels.clone(), score);
    gravity["rules"]["gravity"] = json!("down");
    refused(
        &submit(&app, &gravity).await,
        StatusCode::BAD_REQUEST,
        "no gravity of its own",
    );
    refused(
        &submit(&app, &run("Eve", json!([]), 0)).await,
        StatusCode::BAD_REQUEST,
        "a run is 1 to 50 levels, got 0",
    );
    refused(
        &submit(&app, &run("\u{2066}\u{7}", levels.clone(), score)).await,
        StatusCode::BAD_REQUEST,
        "a name is 1 to 32 characters",
    );
    let mut shape = run("Eve", levels.clone(), score);
    shape["levels"][0]["steps"][0] = json!({"a": [0, 0], "b": [0, 1]});
    assert_eq!(submit(&app, &shape).await.0, unprocessable);

    let (_, listed) = table(&app, SETTING).await;
    assert_eq!(listed["runs"], json!([]), "nothing forged was stored");
    let bare = play::app(Limits::default(), None);
    assert_eq!(
        submit(&bare, &run("Ann", levels, score)).await.0,
        StatusCode::SERVICE_UNAVAILABLE
    );
}
