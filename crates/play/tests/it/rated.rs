//! Deals of a chosen difficulty (`POST /api/deal` with `difficulty`),
//! without a socket: the deal comes back with its band among its
//! setting's bands, decided and confirmed by the engine's own random
//! games (`sure_band` with the deal's seed and the confirming seed), or
//! the answer says what was dealt instead; a setting the library's table
//! lacks has bands measured by the server (`measure_bands`), before a
//! seeded deal and in the background for a ranked one; bad names are
//! refused, a time cap of almost nothing still answers, and a rated
//! deal's game enters the high scores.

use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use lianliankan::{
    Bands, BandsFrom, Board, Difficulty, GenerateSpec, Rules, Solution, SureConfig, bands_for,
    confirm_seed, measure_bands, solve, sure_band,
};
use play::{Limits, app};
use serde_json::{Value, json};
use tower::ServiceExt;

async fn post(app: &Router, path: &str, body: &Value) -> (StatusCode, Value) {
    let request = Request::post(format!("/api/{path}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).expect("a JSON body"))
}

fn engine<T: serde::de::DeserializeOwned>(value: &Value) -> T {
    serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{e}: {value}"))
}

/// The bands of the setting an answer dealt, as the engine has them: the
/// library's table, or measured as the server measures a setting the
/// table lacks (its first 24 candidates, 100 random games each, seed 0).
fn engine_bands(dealt: &Value, kinds: u32) -> Bands {
    let board: Board = engine(&dealt["board"]);
    let rules: Rules = engine(&dealt["rules"]);
    let table = bands_for(board.rows(), board.cols(), kinds, &rules);
    if table.from != BandsFrom::Fixed {
        return table.bands;
    }
    let spec = GenerateSpec::new(board.rows(), board.cols(), kinds).with_rules(rules);
    measure_bands(&spec, 24, 100, 0).unwrap().bands
}

/// Checks a deal of a difficulty: its band is the engine's (the same
/// games with the deal's seed, the same bands), decided and confirmed in
/// the band asked for, or the note says what was dealt instead; the deal
/// clears.
fn check_rated(dealt: &Value, asked: Difficulty, kinds: u32) {
    assert_eq!(dealt["difficulty"], asked.name(), "{dealt}");
    assert_eq!(dealt["solvable"], true);
    let board: Board = engine(&dealt["board"]);
    let rules: Rules = engine(&dealt["rules"]);
    let band = &dealt["rating"];
    let seed = dealt["seed"].as_u64().expect("a seed");
    let bands = engine_bands(dealt, kinds);
    assert_eq!(band["easy_from"].as_f64(), Some(bands.easy_from), "{dealt}");
    assert_eq!(
        band["hard_below"].as_f64(),
        Some(bands.hard_below),
        "{dealt}"
    );
    let counts = |sure: &lianliankan::SureBand| (json!(sure.games), json!(sure.cleared));
    if dealt["rated"]["in_band"] == true {
        assert_eq!(dealt["rated"]["note"], Value::Null);
        assert_eq!(band["difficulty"], asked.name(), "{dealt}");
        let config = SureConfig::new().seed(seed);
        let sure = sure_band(&board, &rules, &bands, Some(asked), &config).unwrap();
        assert_eq!(sure.decided(), Some(asked));
        assert_eq!(
            (band["games"].clone(), band["cleared"].clone()),
            counts(&sure)
        );
        let again = SureConfig::new().seed(confirm_seed(seed));
        let confirmed = sure_band(&board, &rules, &bands, Some(asked), &again).unwrap();
        assert_eq!(confirmed.decided(), Some(asked));
        assert_eq!(
            (
                band["confirmed_games"].clone(),
                band["confirmed_cleared"].clone()
            ),
            counts(&confirmed)
        );
    } else {
        let note = dealt["rated"]["note"].as_str().expect("a note");
        assert!(
            note.starts_with(&format!("no {asked} deal found under these rules ")),
            "{note}"
        );
        // The first candidate's first 100 games.
        let look = SureConfig::new().seed(seed).first(100).cap(100);
        let sure = sure_band(&board, &rules, &bands, None, &look).unwrap();
        assert_eq!(
            (band["games"].clone(), band["cleared"].clone()),
            counts(&sure)
        );
        assert_eq!(band["confirmed_games"], 0);
    }
    assert!(matches!(
        solve(&board, &rules, 1_000_000),
        Solution::Solved(_)
    ));
}

#[tokio::test]
async fn a_deal_of_a_difficulty_comes_with_its_band() {
    let app = app(Limits::default(), None);
    // Open border, no gravity, many pairs on offer: easy is found at once.
    let easy = json!({"rows": 4, "cols": 6, "kinds": 3, "seed": 7,
        "rules": {"border": "open"}, "difficulty": "easy"});
    let (status, dealt) = post(&app, "deal", &easy).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    check_rated(&dealt, Difficulty::Easy, 3);
    assert_eq!(dealt["rated"]["in_band"], true, "{dealt}");
    assert_eq!(dealt["seed"], 7);
    // 4 × 6 with 3 kinds is not in the library's table: measured.
    assert_eq!(
        dealt["rating"]["bands"].as_str().unwrap_or(""),
        format!(
            "easy from {:.3}, hard below {:.3} of random games cleared (measured on 24 deals of this setting)",
            dealt["rating"]["easy_from"].as_f64().unwrap(),
            dealt["rating"]["hard_below"].as_f64().unwrap()
        )
    );
    // The same request deals the same board with the same rating.
    assert_eq!(post(&app, "deal", &easy).await.1, dealt);

    // A closed border and gravity down on 6 × 6 with 9 kinds: a row of
    // the library's table; each band is dealt.
    for difficulty in Difficulty::ALL {
        let asked = json!({"rows": 6, "cols": 6, "kinds": 9, "seed": 3,
            "rules": {"gravity": "down"}, "difficulty": difficulty.name()});
        let (status, dealt) = post(&app, "deal", &asked).await;
        assert_eq!(status, StatusCode::OK, "{dealt}");
        check_rated(&dealt, difficulty, 9);
        assert_eq!(dealt["rated"]["in_band"], true, "{dealt}");
    }
    let hard = json!({"rows": 6, "cols": 6, "kinds": 9, "seed": 3,
        "rules": {"gravity": "down"}, "difficulty": "hard"});
    let (_, dealt) = post(&app, "deal", &hard).await;
    let rules: Rules = engine(&dealt["rules"]);
    assert_eq!(
        rules.gravity(),
        lianliankan::Gravity::Down,
        "the rules asked"
    );

    // Without a difficulty: a deal as before, unrated.
    let plain = json!({"rows": 4, "cols": 6, "kinds": 3, "seed": 7});
    let (_, dealt) = post(&app, "deal", &plain).await;
    assert_eq!(dealt["difficulty"], Value::Null);
    assert_eq!(dealt["rating"], Value::Null);
    assert_eq!(dealt["rated"], Value::Null);
}

#[tokio::test]
async fn lenient_rules_deal_the_first_candidate_and_say_so() {
    // Every pair side by side or one kind: no deal on 2 × 4 with one kind
    // can be hard (random play always clears it).
    let app = app(Limits::default(), None);
    let spec = json!({"rows": 2, "cols": 4, "kinds": 1, "seed": 1,
        "rules": {"border": "open"}, "difficulty": "hard"});
    let (status, dealt) = post(&app, "deal", &spec).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    check_rated(&dealt, Difficulty::Hard, 1);
    assert_eq!(dealt["rated"]["in_band"], false);
    assert_eq!(
        dealt["rating"]["forgiveness"], 1.0,
        "random play always clears"
    );
    let note = dealt["rated"]["note"].as_str().unwrap();
    assert_eq!(
        note,
        "no hard deal found under these rules in 60 candidates; dealt one random play clears 100% of the time (easy)"
    );
}

#[tokio::test]
async fn bad_difficulties_are_refused_with_a_message() {
    let app = app(Limits::default(), None);
    let with =
        |value: Value| json!({"rows": 4, "cols": 4, "kinds": 4, "seed": 1, "difficulty": value});
    let (status, answer) = post(&app, "deal", &with(json!("extreme"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["error"],
        "unknown difficulty `extreme` (easy, normal or hard)"
    );
    let (status, answer) = post(&app, "deal", &with(json!("Hard"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let (status, answer) = post(&app, "deal", &with(json!(3))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        answer["error"].as_str().unwrap().contains("invalid type"),
        "{answer}"
    );
    let mut random = with(json!("easy"));
    random["solvable"] = json!(false);
    let (status, answer) = post(&app, "deal", &random).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("difficulty easy needs solvable true"),
        "{answer}"
    );
    // `null` is no difficulty.
    let (status, answer) = post(&app, "deal", &with(Value::Null)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["rating"], Value::Null);
}

#[tokio::test]
async fn a_time_cap_of_nothing_still_deals_and_says_so() {
    // Caps of a millisecond on a ranked deal (the server's seed): the
    // search stops at once; the answer comes all the same, with the
    // first candidate, its band from 100 games or unrated, and says so.
    let limits = Limits {
        rate_search: Duration::from_millis(1),
        ..Limits::default()
    };
    let app = app(limits, None);
    let spec = json!({"rows": 8, "cols": 18, "kinds": 36,
        "rules": {"border": "open", "gravity": "down"}, "difficulty": "hard"});
    let started = Instant::now();
    let (status, dealt) = post(&app, "deal", &spec).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "answered in {:?}",
        started.elapsed()
    );
    assert_eq!(dealt["tiles"], 144);
    assert_eq!(dealt["rated"]["in_band"], false, "{dealt}");
    assert_eq!(dealt["rated"]["capped"], true, "{dealt}");
    assert_eq!(
        dealt["rated"]["deal_seed"].as_str(),
        Some(dealt["seed"].to_string().as_str()),
        "the first candidate"
    );
    let note = dealt["rated"]["note"].as_str().unwrap_or("");
    assert!(
        note.starts_with(
            "no hard deal found under these rules within the time cap of 1 ms; dealt "
        ),
        "{note}"
    );
    if dealt["rating"].is_null() {
        assert!(note.ends_with("; dealt an unrated solvable deal"), "{note}");
    } else {
        check_rated(&dealt, Difficulty::Hard, 36);
    }
}

/// A seed of the player's names one deal on every machine: its search has
/// no time cap, so a cap of a millisecond deals what the default deals.
#[tokio::test]
async fn a_seeded_deal_of_a_difficulty_is_the_same_under_any_time_cap() {
    let hurried = app(
        Limits {
            rate_search: Duration::from_millis(1),
            ..Limits::default()
        },
        None,
    );
    let spec = json!({"rows": 6, "cols": 6, "kinds": 9, "seed": 3,
        "rules": {"gravity": "down"}, "difficulty": "hard"});
    let (status, quick) = post(&hurried, "deal", &spec).await;
    assert_eq!(status, StatusCode::OK, "{quick}");
    let (_, patient) = post(&app(Limits::default(), None), "deal", &spec).await;
    assert_eq!(quick, patient);
    assert_eq!(quick["rated"]["capped"], false);
}

#[tokio::test]
async fn a_rated_deal_s_game_enters_the_high_scores() {
    let dir = crate::scores::scratch("rated");
    let (app, clock) = crate::scores::timed_server(&dir);
    let rules = json!({"border": "open", "gravity": "down"});
    // No seed: the server chooses it, and the game is ranked. The
    // setting is not in the library's table: its first ranked deal is
    // dealt at once, unrated, while the server measures its bands.
    let spec = json!({"rows": 4, "cols": 6, "kinds": 6, "rules": rules, "difficulty": "normal"});
    let (status, first) = post(&app, "deal", &spec).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["rating"], Value::Null, "{first}");
    assert_eq!(
        first["rated"]["note"],
        "these rules' normal is being measured (the next deal will have it); dealt an unrated solvable deal"
    );
    // A seeded deal waits for the bands; then a ranked one has them.
    let mut seeded = spec.clone();
    seeded["seed"] = json!(11);
    let (_, dealt) = post(&app, "deal", &seeded).await;
    check_rated(&dealt, Difficulty::Normal, 6);
    let (status, dealt) = post(&app, "deal", &spec).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    assert!(!dealt["rating"].is_null(), "{dealt}");
    check_rated(&dealt, Difficulty::Normal, 6);
    let mut game = crate::scores::Ranked::of(&dealt);
    // The server replays the steps on the rated candidate its ticket names.
    let steps = game.clearing_steps();
    game.play(&app, &clock, 30_000, &steps).await;
    let (status, done) = game.finish(&app).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    let ticket = &game.ticket;
    let (status, stored) = post(&app, "scores", &json!({"name": "Rae", "ticket": ticket})).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    // Its table is the normal deals' of the setting, not the plain one's.
    let setting = "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=";
    for (query, names) in [
        (format!("{setting}&difficulty=normal"), json!(["Rae"])),
        (setting.to_owned(), json!([])),
        (format!("{setting}&difficulty=hard"), json!([])),
    ] {
        let request = Request::get(format!("/api/scores?{query}"))
            .body(Body::empty())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let listed: Value = serde_json::from_slice(&bytes).unwrap();
        let listed_names: Vec<Value> = listed["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].clone())
            .collect();
        assert_eq!(json!(listed_names), names, "{query}: {listed}");
    }
}

/// Deals in the pool of `db`, of any setting.
fn pooled(db: &std::path::Path) -> i64 {
    let connection = rusqlite::Connection::open(db).unwrap();
    connection
        .query_row("SELECT count(*) FROM pool", [], |r| r.get(0))
        .unwrap()
}

/// Waits (polling, at most three minutes: the pool's work is the slowest
/// on a loaded machine) until `db`'s pool holds `count` deals.
async fn pool_reaches(db: &std::path::Path, count: i64) {
    let started = Instant::now();
    while pooled(db) < count {
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "the pool holds {} deals after three minutes, not {count}",
            pooled(db)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pool_deals_ranked_deals_made_ahead_and_makes_more() {
    let dir = crate::scores::scratch("pool");
    let db = dir.join("play.sqlite3");
    let clock = std::sync::Arc::new(play::ManualClock::default());
    // A server with a pool makes the daily deals ahead too: a small one
    // (KShisen's 8 × 18 takes a debug build tens of seconds of a heavy
    // thread, which the pool's deals would wait for).
    let limits = Limits {
        pool: 2,
        daily: crate::daily::small_daily(),
        ..Limits::default()
    };
    let server = || {
        play::app_with_clock(
            limits.clone(),
            Some(play::ScoreDb::open(&db).unwrap()),
            clock.clone(),
        )
    };
    let app = server();
    // Open border, no gravity, three kinds: an easy deal is found at once.
    let spec = json!({"rows": 4, "cols": 6, "kinds": 3, "difficulty": "easy",
                      "rules": {"border": "open"}});
    // The first ranked deal of a setting is dealt while the player waits
    // (unrated: the setting's bands are not in the library's table, and
    // the pool measures them), and asks the pool for more.
    let (status, first) = post(&app, "deal", &spec).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["rated"]["pooled"], false);
    assert_eq!(first["rating"], Value::Null);
    pool_reaches(&db, 2).await;
    // The next ones come from the pool, ranked, rated as a live deal is.
    let mut game = None;
    for _ in 0..2 {
        let (status, dealt) = post(&app, "deal", &spec).await;
        assert_eq!(status, StatusCode::OK, "{dealt}");
        assert_eq!(dealt["rated"]["pooled"], true, "{dealt}");
        assert!(dealt["ticket"].is_string());
        check_rated(&dealt, Difficulty::Easy, 3);
        game = Some(crate::scores::Ranked::of(&dealt));
    }
    // A seed of the player's is never pooled.
    let mut seeded = spec.clone();
    seeded["seed"] = json!(7);
    let (_, dealt) = post(&app, "deal", &seeded).await;
    assert_eq!(dealt["rated"]["pooled"], false);
    // A pooled deal's game replays on the server: the ticket holds its
    // seed and rated candidate.
    let mut game = game.unwrap();
    let steps = game.clearing_steps();
    game.play(&app, &clock, 30_000, &steps).await;
    let (status, done) = game.finish(&app).await;
    assert_eq!(
        (status, done["ranked"].clone()),
        (StatusCode::OK, json!(true)),
        "{done}"
    );
    let (status, stored) = post(
        &app,
        "scores",
        &json!({"name": "Poe", "ticket": game.ticket}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    // It makes more, and a server started again on the file keeps them and
    // the settings asked for.
    pool_reaches(&db, 2).await;
    drop(app);
    let again = server();
    let (_, dealt) = post(&again, "deal", &spec).await;
    assert_eq!(dealt["rated"]["pooled"], true, "{dealt}");
    pool_reaches(&db, 2).await;
}
