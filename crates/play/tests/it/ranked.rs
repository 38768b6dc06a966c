//! What "ranked" means: a person played it. A solver's bot is cleared but
//! kept out of the tables (faster than a person), a hint taken from the
//! API is assistance, a level's ticket is no classic game, a pause leaves
//! the clock, and a table holds one difficulty and both forms (landscape
//! and portrait) of a preset.

use axum::http::StatusCode;
use lianliankan::Gravity;
use serde_json::{Value, json};

use crate::scores::{
    Ranked, cleared_steps, named, pair_step, post_to, ranked_deal, rules_of, scratch, timed_server,
};

/// GETs `/api/scores?{query}`.
async fn table(app: &axum::Router, query: &str) -> Value {
    use tower::ServiceExt;
    let request = axum::http::Request::get(format!("/api/scores?{query}"))
        .body(axum::body::Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();
    serde_json::from_slice(&bytes).unwrap()
}

const SETTING: &str = "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=";

#[tokio::test]
async fn a_solver_bot_is_cleared_but_kept_out_of_the_tables() {
    let dir = scratch("bot");
    let (app, clock) = timed_server(&dir);
    // Deal, solve (without the ticket: anyone may solve a board), and
    // send the order at once: 9 ms for the whole game.
    let mut bot = Ranked::deal(&app, &ranked_deal()).await;
    let body = json!({"board": bot.board, "rules": bot.rules});
    let (status, solved) = post_to(&app, "solve", &body).await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    let order: Vec<lianliankan::Move> = serde_json::from_value(solved["order"].clone()).unwrap();
    let steps: Vec<Value> = order.iter().map(pair_step).collect();
    bot.play(&app, &clock, 9, &steps).await;
    let (status, done) = bot.finish(&app).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(done["ranked"], false);
    let why = done["why"].as_str().unwrap();
    assert!(
        why.starts_with("faster than a person: pair 1 came 0 ms"),
        "{why}"
    );
    let (status, refused) = post_to(&app, "scores", &named("Bot", &bot.ticket)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("enters no table: faster than a person"),
        "{refused}"
    );

    // A bot that waits 200 ms a pair passes the pair's floor but not the
    // game's: 12 pairs in 2.6 s.
    let mut patient = Ranked::deal(&app, &ranked_deal()).await;
    let steps = patient.clearing_steps();
    patient.play(&app, &clock, 200 * 13, &steps).await;
    let (_, done) = patient.finish(&app).await;
    assert_eq!(done["ranked"], false, "{done}");
    assert!(
        done["why"].as_str().unwrap().contains("ms a pair"),
        "{done}"
    );

    // A person's pace (a second and a half a pair) is ranked.
    let mut person = Ranked::deal(&app, &ranked_deal()).await;
    let steps = person.clearing_steps();
    person.play(&app, &clock, 1_500 * 13, &steps).await;
    let (_, done) = person.finish(&app).await;
    assert_eq!(done["ranked"], true, "{done}");
    let (status, stored) = post_to(&app, "scores", &named("Ann", &person.ticket)).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    let listed = table(&app, SETTING).await;
    assert_eq!(listed["scores"].as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed["scores"][0]["name"], "Ann");
    assert_eq!(listed["assisted"], false);
}

#[tokio::test]
async fn a_pause_leaves_the_clock_and_a_level_ticket_is_no_classic_game() {
    let dir = scratch("pause");
    let (app, clock) = timed_server(&dir);
    let rules = rules_of(Gravity::Down);
    let mut game = Ranked::deal(&app, &ranked_deal()).await;
    let steps = cleared_steps(4, 6, 6, game.seed, &rules, None);
    game.play(&app, &clock, 6_000, &steps[..6]).await;
    let (status, paused) = game.step(&app, &json!({"pause": true})).await;
    assert_eq!(status, StatusCode::OK, "{paused}");
    assert_eq!(
        (paused["paused"].clone(), paused["clock_ms"].clone()),
        (json!(true), json!(6_000))
    );
    clock.advance(30_000);
    let (_, resumed) = game.step(&app, &json!({"pause": false})).await;
    assert_eq!(resumed["clock_ms"], 6_000, "{resumed}");
    assert_eq!(resumed["paused_ms"], 30_000, "{resumed}");
    game.play(&app, &clock, 6_000, &steps[6..]).await;
    let (status, done) = game.finish(&app).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(
        done["elapsed_ms"], 12_000,
        "the 30 s paused are not counted"
    );
    assert_eq!(done["ranked"], true);

    // A level's ticket finishes only inside its run.
    let level = json!({"rows": 4, "cols": 6, "kinds": 6, "level": 1, "difficulty": "easy",
                       "rules": {"turns": 2, "border": "open", "gravity": "none", "groups": ""}});
    let mut level = Ranked::deal(&app, &level).await;
    let steps = level.clearing_steps();
    level.play(&app, &clock, 20_000, &steps).await;
    let (status, refused) = level.finish(&app).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("a level finishes inside its run"),
        "{refused}"
    );
    // Undo, redo and solve are not a level's.
    for step in [json!({"undo": true}), json!({"solve": true})] {
        let (status, answer) = level.step(&app, &step).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    }
}

#[tokio::test]
async fn a_table_is_one_difficulty_and_both_forms_of_a_preset() {
    let dir = scratch("tables");
    let (app, clock) = timed_server(&dir);
    // 4 × 6 gravity down, and its portrait form 6 × 4 gravity left.
    let portrait = json!({"rows": 6, "cols": 4, "kinds": 6,
        "rules": {"turns": 2, "border": "open", "gravity": "left", "groups": ""}});
    for (name, request) in [("Land", ranked_deal()), ("Port", portrait)] {
        let mut game = Ranked::deal(&app, &request).await;
        let steps = game.clearing_steps();
        game.play(&app, &clock, 20_000, &steps).await;
        assert_eq!(game.finish(&app).await.0, StatusCode::OK);
        let (status, stored) = post_to(&app, "scores", &named(name, &game.ticket)).await;
        assert_eq!(status, StatusCode::CREATED, "{stored}");
    }
    let names = |listed: &Value| -> Vec<String> {
        listed["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let landscape = table(&app, SETTING).await;
    assert_eq!(names(&landscape), ["Land", "Port"]);
    assert_eq!(
        landscape["turned"],
        json!({"rows": 6, "cols": 4, "gravity": "left"})
    );
    let turned = SETTING
        .replace("rows=4&cols=6", "rows=6&cols=4")
        .replace("gravity=down", "gravity=left");
    assert_eq!(names(&table(&app, &turned).await), ["Land", "Port"]);
    // Gravity right on 6 × 4 is another game (4 × 6 gravity up).
    let other = turned.replace("gravity=left", "gravity=right");
    assert!(names(&table(&app, &other).await).is_empty());
    // A difficulty has its table.
    let easy = table(&app, &format!("{SETTING}&difficulty=easy")).await;
    assert!(names(&easy).is_empty());
    assert_eq!(easy["difficulty"], "easy");
    // A name is stored in its composed form.
    let mut game = Ranked::deal(&app, &ranked_deal()).await;
    let steps = game.clearing_steps();
    game.play(&app, &clock, 30_000, &steps).await;
    game.finish(&app).await;
    let (status, _) = post_to(
        &app,
        "scores",
        &named("Zoe\u{0308} 👩\u{200D}💻", &game.ticket),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        names(&table(&app, SETTING).await)[2],
        "Zo\u{00EB} 👩\u{200D}💻"
    );
}
