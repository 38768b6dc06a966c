//! The rule variants (docs/rules.md) through the API: a removal that only a
//! slide makes is answered with its push, a bad combination is refused
//! with a sentence, and a high score with slide steps is replayed exactly
//! and stored.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use lianliankan::{
    Board, Border, Connect, Game, Move, Rules, RulesError, Solution, solve, ways_to_remove,
};
use play::{Limits, app};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::scores::{Ranked, scratch, timed_server};

pub(crate) async fn post(app: &Router, path: &str, body: &Value) -> (StatusCode, Value) {
    let request = Request::post(format!("/api/{path}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).expect("a JSON body"))
}

/// docs/rules.md's slide example: the 1 at (1, 0) reaches its partner at (3, 3) only
/// by sliding along its row, pushing the 2 and the 3.
fn example() -> Vec<Vec<u32>> {
    vec![
        vec![0, 0, 0, 0, 0, 0],
        vec![1, 2, 3, 0, 0, 0],
        vec![4, 0, 0, 0, 0, 0],
        vec![0, 0, 0, 1, 0, 0],
    ]
}

#[tokio::test]
async fn a_pair_only_a_slide_removes_is_answered_with_its_push() {
    let app = app(Limits::default(), None);
    let rules = json!({"slide": true});
    let (status, step) = post(
        &app,
        "remove",
        &json!({"board": example(), "rules": rules, "a": [1, 0], "b": [3, 3]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{step}");
    assert_eq!(step["legal"], true, "{step}");
    assert_eq!(step["route"], "row");
    assert_eq!(
        step["pushed"],
        json!([
            {"kind": 1, "from": [1, 0], "to": [1, 3]},
            {"kind": 2, "from": [1, 1], "to": [1, 4]},
            {"kind": 3, "from": [1, 2], "to": [1, 5]},
        ])
    );
    assert_eq!(step["path"], json!([[1, 0], [1, 3], [3, 3]]));
    let after = json!([
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 2, 3],
        [4, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
    ]);
    assert_eq!(step["board"], after);
    // The engine agrees, move for move.
    let mut game = Game::new(
        Board::from_rows(&example()).unwrap(),
        Rules::judge().with_slide(true).unwrap(),
    );
    game.play(Move::slide(
        grid_core::Pos::new(1, 0),
        grid_core::Pos::new(3, 3),
        lianliankan::Route::Row,
    ))
    .unwrap();
    assert_eq!(serde_json::to_value(game.board()).unwrap(), after);

    // A route the request names is played as named (auto-solve's order).
    let named = |route: &str, rules: &Value| json!({"board": example(), "rules": rules, "a": [1, 0], "b": [3, 3], "route": route});
    let (_, row) = post(&app, "remove", &named("row", &rules)).await;
    assert_eq!(row["board"], after, "{row}");
    let (status, column) = post(&app, "remove", &named("column", &rules)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(column["legal"], false, "{column}");
    assert_eq!(column["reason"], "no-slide");
    let (status, off) = post(&app, "remove", &named("row", &json!({"turns": 1}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{off}");
    assert!(
        off["error"].as_str().unwrap().contains("no slides"),
        "{off}"
    );

    // Picked the other way round, nothing slides: the partner never moves.
    let (status, refused) = post(
        &app,
        "remove",
        &json!({"board": example(), "rules": rules, "a": [3, 3], "b": [1, 0]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(refused["legal"], false);
    assert_eq!(refused["reason"], "no-path");
    assert!(
        refused["message"].as_str().unwrap().contains("slide"),
        "{refused}"
    );
    // Without slides the same pick is refused too, and a plain pair under
    // slides has no route and no push.
    let (_, plain) = post(
        &app,
        "remove",
        &json!({"board": example(), "rules": {"turns": 1}, "a": [1, 0], "b": [3, 3]}),
    )
    .await;
    assert_eq!(plain["legal"], false, "{plain}");
    let board = json!([[1, 0, 1], [0, 0, 0]]);
    let (_, plain) = post(
        &app,
        "remove",
        &json!({"board": board, "rules": rules, "a": [0, 0], "b": [0, 2]}),
    )
    .await;
    assert_eq!(plain["legal"], true, "{plain}");
    assert_eq!(plain["route"], Value::Null);
    assert_eq!(plain["pushed"], json!([]));
}

#[tokio::test]
async fn the_connection_rules_are_played_and_bad_combinations_refused() {
    let app = app(Limits::default(), None);
    // Side by side: joined under standard and line, not under four rivers
    // on a closed border with nothing around them free.
    let board = json!([[2, 1, 1, 2], [3, 3, 4, 4]]);
    for (connect, legal) in [("standard", true), ("four-rivers", false), ("line", true)] {
        let (status, step) = post(
            &app,
            "remove",
            &json!({"board": board, "rules": {"connect": connect}, "a": [0, 1], "b": [0, 2]}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{step}");
        assert_eq!(step["legal"], legal, "{connect}: {step}");
    }
    // Line: any two in a row, whatever lies between.
    let (_, step) = post(
        &app,
        "remove",
        &json!({"board": board, "rules": {"connect": "line"}, "a": [0, 0], "b": [0, 3]}),
    )
    .await;
    assert_eq!(step["legal"], true, "{step}");

    // Refused with the library's words (`RulesError`), as on every face.
    for (rules, needle) in [
        (
            json!({"slide": true, "connect": "line"}),
            RulesError::SlideConnect(Connect::Line).to_string(),
        ),
        (
            json!({"slide": true, "connect": "four-rivers"}),
            RulesError::SlideConnect(Connect::FourRivers).to_string(),
        ),
        (
            json!({"slide": true, "border": "open"}),
            RulesError::SlideBorder(Border::Open).to_string(),
        ),
        (
            json!({"slide": true, "turns": 2}),
            RulesError::SlideTurns(2).to_string(),
        ),
        (
            json!({"connect": "river"}),
            "unknown connection rule".to_owned(),
        ),
    ] {
        let (status, answer) = post(
            &app,
            "deal",
            &json!({"rows": 4, "cols": 6, "kinds": 6, "seed": 1, "rules": rules}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{rules}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.starts_with(&needle), "{rules}: `{message}`");
    }
    // A deal under slides echoes the path rule a slide fixes.
    let (status, dealt) = post(
        &app,
        "deal",
        &json!({"rows": 4, "cols": 6, "kinds": 6, "seed": 1, "rules": {"slide": true, "gravity": "down"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    assert_eq!(dealt["rules"]["slide"], true);
    assert_eq!(dealt["rules"]["turns"], 1);
    assert_eq!(dealt["rules"]["border"], "closed");
    assert_eq!(dealt["rules"]["connect"], "standard");
}

/// The step JSON the page sends for a move.
fn step_of(m: Move) -> Value {
    let mut step = json!({"a": [m.a().row, m.a().col], "b": [m.b().row, m.b().col]});
    if let Some(route) = m.route() {
        step["route"] = serde_json::to_value(route).unwrap();
    }
    step
}

/// Deals ranked 4 × 6 games under `rules` until one's solution has a
/// slide that no plain pair can stand in for: the game and that order.
async fn find_ranked(app: &Router, rules: &Rules) -> (Ranked, Vec<Move>) {
    for _ in 0..500 {
        let (status, dealt) = post(
            app,
            "deal",
            &json!({"rows": 4, "cols": 6, "kinds": 6, "rules": {"slide": true, "gravity": "down"}}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{dealt}");
        let board: Board = serde_json::from_value(dealt["board"].clone()).unwrap();
        let Solution::Solved(order) = solve(&board, rules, 1_000_000) else {
            panic!("a solvable deal is clearable")
        };
        let mut game = Game::new(board, rules.clone());
        for &m in &order {
            if m.route().is_some() {
                let ways = ways_to_remove(game.board(), m.a(), m.b(), rules).unwrap();
                if ways.iter().all(|way| way.pair.route().is_some()) {
                    return (Ranked::of(&dealt), order);
                }
                break;
            }
            game.play(m).unwrap();
        }
    }
    panic!("no solution with a slide among 500 deals")
}

#[tokio::test]
async fn a_score_with_slide_steps_is_replayed_and_stored() {
    let dir = scratch("slides");
    let (app, clock) = timed_server(&dir);
    let rules = Rules::judge()
        .with_slide(true)
        .unwrap()
        .with_turns(1)
        .unwrap()
        .with_gravity(lianliankan::Gravity::Down);
    // The first ranked deal (the server seeds it) whose solution has a
    // slide no plain pair can replace.
    let (mut game, order) = find_ranked(&app, &rules).await;
    let steps: Vec<Value> = order.iter().copied().map(step_of).collect();
    // The slide's step is answered with its route, logged and replayed.
    let slide_at = order.iter().position(|m| m.route().is_some()).unwrap();
    game.play(&app, &clock, 1_000 * slide_at as u64, &steps[..slide_at])
        .await;
    clock.advance(1_000);
    let (status, slid) = game.step(&app, &steps[slide_at]).await;
    assert_eq!(status, StatusCode::OK, "{slid}");
    assert_eq!(slid["route"], steps[slide_at]["route"], "{slid}");
    game.play(&app, &clock, 20_000, &steps[slide_at + 1..])
        .await;
    let (status, done) = game.finish(&app).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(done["ranked"], true, "{done}");
    let ticket = &game.ticket;
    let (status, stored) = post(&app, "scores", &json!({"name": "Kay", "ticket": ticket})).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    assert_eq!(stored["rank"], 1);
    let (status, listed) = {
        let request = Request::get(
            "/api/scores?rows=4&cols=6&kinds=6&turns=1&border=closed&gravity=down&groups=",
        )
        .body(Body::empty())
        .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice::<Value>(&bytes).unwrap())
    };
    // Without slides, the same numbers are another table: empty.
    assert_eq!(status, StatusCode::OK);
    assert_eq!(listed["scores"], json!([]), "{listed}");
    let (status, listed) = {
        let request = Request::get(
            "/api/scores?rows=4&cols=6&kinds=6&turns=1&border=closed&gravity=down&groups=&connect=standard&slide=on",
        )
        .body(Body::empty())
        .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice::<Value>(&bytes).unwrap())
    };
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = listed["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Kay"], "{listed}");
}
