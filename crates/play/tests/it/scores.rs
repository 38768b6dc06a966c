//! High scores: ranked games dealt by the server and timed on its clock
//! (a time the page sends refused), replayed before they are stored,
//! forged games refused with `422`, the tables, and the SQLite file: made and migrated when new
//! or empty, refused and left byte for byte as it was when it is another
//! program's, damaged or newer, and not one acknowledged score lost when
//! the server is killed (SIGKILL) in the middle of a burst.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use lianliankan::{Game, GenerateSpec, Gravity, Rules, Solution, generate, solve};
use std::sync::Arc;

use play::{Limits, ManualClock, OpenError, ScoreDb, app, app_with_clock};
use serde_json::{Value, json};
use tower::ServiceExt;

/// A scratch folder of this test's own, emptied.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("scores-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

async fn submit(app: &Router, game: &Value) -> (StatusCode, Value) {
    let request = Request::post("/api/scores")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(game.to_string()))
        .unwrap();
    send(app, request).await
}

async fn table(app: &Router, query: &str) -> (StatusCode, Value) {
    send(
        app,
        Request::get(format!("/api/scores?{query}"))
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

pub fn rules_of(gravity: Gravity) -> Rules {
    Rules::judge()
        .with_border(lianliankan::Border::Open)
        .unwrap()
        .with_gravity(gravity)
}

/// The steps that clear the deal `POST /api/deal` makes for these numbers,
/// found by the library's solver; with `shuffle_after`, a shuffle with that
/// seed after so many removals (the rest solved again from there).
pub fn cleared_steps(
    rows: usize,
    cols: usize,
    kinds: u32,
    seed: u64,
    rules: &Rules,
    shuffle_after: Option<(usize, u64)>,
) -> Vec<Value> {
    let board = generate(
        &GenerateSpec::new(rows, cols, kinds)
            .with_seed(seed)
            .with_rules(rules.clone()),
    )
    .unwrap()
    .board;
    let mut game = Game::new(board, rules.clone());
    let mut steps = Vec::new();
    let pair =
        |m: lianliankan::Move| json!({"a": [m.a().row, m.a().col], "b": [m.b().row, m.b().col]});
    if let Some((removals, shuffle)) = shuffle_after {
        let Solution::Solved(order) = game.solve(1_000_000) else {
            panic!("a generated deal is clearable")
        };
        for &m in &order[..removals] {
            game.remove(m.a(), m.b()).unwrap();
            steps.push(pair(m));
        }
        game.shuffle(shuffle).unwrap();
        steps.push(json!({"shuffle": shuffle}));
    }
    // After a shuffle the rest may not clear: shuffle again until it does.
    let mut reshuffle = 1000;
    loop {
        match solve(game.board(), game.rules(), 1_000_000) {
            Solution::Solved(order) => {
                for m in order {
                    steps.push(pair(m));
                }
                return steps;
            }
            _ => {
                reshuffle += 1;
                game.shuffle(reshuffle).unwrap();
                steps.push(json!({"shuffle": reshuffle}));
            }
        }
    }
}

/// POSTs `body` to `/api/{path}`.
pub async fn post_to(app: &Router, path: &str, body: &Value) -> (StatusCode, Value) {
    let request = Request::post(format!("/api/{path}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, request).await
}

/// What `POST /api/deal` asks for a ranked 4 × 6 game under open border
/// and gravity down: no seed, so that the server chooses it.
pub fn ranked_deal() -> Value {
    json!({"rows": 4, "cols": 6, "kinds": 6,
           "rules": {"turns": 2, "border": "open", "gravity": "down", "groups": ""}})
}

/// Deals a ranked game: its ticket and the seed the server chose.
pub async fn deal_ranked(app: &Router) -> (String, u64) {
    let (status, dealt) = post_to(app, "deal", &ranked_deal()).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    let ticket = dealt["ticket"].as_str().expect("a ticket").to_owned();
    (ticket, dealt["seed"].as_u64().unwrap())
}

/// A ranked game played through the API as the page plays it: every step
/// sent with the game's ticket, on the board the last answer gave.
pub struct Ranked {
    /// The game's ticket.
    pub ticket: String,
    /// The seed the server chose.
    pub seed: u64,
    /// The board now, as the server writes it.
    pub board: Value,
    /// The rules, as the server writes them.
    pub rules: Value,
}

impl Ranked {
    /// Deals a ranked game as `request` asks (no seed: the server's).
    pub async fn deal(app: &Router, request: &Value) -> Ranked {
        let (status, dealt) = post_to(app, "deal", request).await;
        assert_eq!(status, StatusCode::OK, "{dealt}");
        Ranked::of(&dealt)
    }

    /// The game `POST /api/deal` answered.
    pub fn of(dealt: &Value) -> Ranked {
        Ranked {
            ticket: dealt["ticket"].as_str().expect("a ticket").to_owned(),
            seed: dealt["seed"].as_u64().unwrap(),
            board: dealt["board"].clone(),
            rules: dealt["rules"].clone(),
        }
    }

    /// Sends one step with the ticket: `{"a", "b"[, "route"][, "board"]}`
    /// a removal (on `board` when given: a forgery), `{"shuffle": _}`,
    /// `{"hint": _}`, `{"solve": _}`, `{"undo": _}`, `{"redo": _}`,
    /// `{"pause": true|false}`; the answer, the board kept up to date.
    pub async fn step(&mut self, app: &Router, step: &Value) -> (StatusCode, Value) {
        let ticket = json!(self.ticket);
        let with_board = |mut body: Value| {
            body["board"] = step.get("board").unwrap_or(&self.board).clone();
            body["rules"] = self.rules.clone();
            body["ticket"] = ticket.clone();
            body
        };
        let answer = if let Some(a) = step.get("a") {
            let mut body = with_board(json!({"a": a, "b": step["b"]}));
            if let Some(route) = step.get("route") {
                body["route"] = route.clone();
            }
            post_to(app, "remove", &body).await
        } else if step.get("shuffle").is_some() {
            post_to(app, "shuffle", &with_board(json!({}))).await
        } else if step.get("hint").is_some() {
            post_to(app, "hint", &with_board(json!({}))).await
        } else if step.get("solve").is_some() {
            post_to(app, "solve", &with_board(json!({}))).await
        } else if let Some(paused) = step.get("pause") {
            post_to(app, "pause", &json!({"ticket": ticket, "paused": paused})).await
        } else if step.get("undo").is_some() {
            post_to(app, "undo", &json!({"ticket": ticket})).await
        } else if step.get("redo").is_some() {
            post_to(app, "redo", &json!({"ticket": ticket})).await
        } else {
            panic!("no such step: {step}")
        };
        if answer.0 == StatusCode::OK && step.get("board").is_none() {
            if let Some(board) = answer.1.get("board") {
                self.board = board.clone();
            }
        }
        answer
    }

    /// Plays `steps` over `elapsed_ms` on `clock`, the time spread evenly
    /// before them; each must be answered `200`.
    pub async fn play(
        &mut self,
        app: &Router,
        clock: &ManualClock,
        elapsed_ms: u64,
        steps: &[Value],
    ) {
        let each = elapsed_ms / (steps.len() as u64 + 1);
        for step in steps {
            clock.advance(each);
            let (status, answer) = self.step(app, step).await;
            assert_eq!(status, StatusCode::OK, "{step}: {answer}");
        }
        clock.advance(elapsed_ms - each * steps.len() as u64);
    }

    /// The steps that clear the board as it is now, by the library's
    /// solver.
    pub fn clearing_steps(&self) -> Vec<Value> {
        let board: lianliankan::Board = serde_json::from_value(self.board.clone()).unwrap();
        let rules: Rules = serde_json::from_value(self.rules.clone()).unwrap();
        let Solution::Solved(order) = solve(&board, &rules, 1_000_000) else {
            panic!("the board can be cleared")
        };
        order.iter().map(pair_step).collect()
    }

    /// `POST /api/finish` with the ticket.
    pub async fn finish(&self, app: &Router) -> (StatusCode, Value) {
        post_to(app, "finish", &json!({"ticket": self.ticket})).await
    }
}

/// A removal step for a move of the library's.
pub fn pair_step(m: &lianliankan::Move) -> Value {
    let mut step = json!({"a": [m.a().row, m.a().col], "b": [m.b().row, m.b().col]});
    if let Some(route) = m.route() {
        step["route"] = json!(route.to_string());
    }
    step
}

/// A ranked game dealt, played with the steps `steps_for` gives for the
/// deal's seed over `elapsed_ms` on the server's clock, and finished: the
/// ticket and the finish's answer.
pub async fn finished(
    app: &Router,
    clock: &ManualClock,
    elapsed_ms: u64,
    steps_for: impl Fn(u64) -> Vec<Value>,
) -> (String, (StatusCode, Value)) {
    let mut game = Ranked::deal(app, &ranked_deal()).await;
    let steps = steps_for(game.seed);
    game.play(app, clock, elapsed_ms, &steps).await;
    (game.ticket.clone(), game.finish(app).await)
}

/// A score submission: a name for a finished game's ticket.
pub fn named(name: &str, ticket: &str) -> Value {
    json!({"name": name, "ticket": ticket})
}

/// A server with a score database in `dir` on a clock moved by hand.
pub fn timed_server(dir: &Path) -> (Router, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::default());
    let app = app_with_clock(
        Limits::default(),
        Some(ScoreDb::open(&dir.join("play.sqlite3")).unwrap()),
        clock.clone(),
    );
    (app, clock)
}

const SETTING: &str = "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=";

#[tokio::test]
async fn cleared_games_are_stored_ranked_and_listed() {
    let dir = scratch("ranked");
    let (app, clock) = timed_server(&dir);
    let rules = rules_of(Gravity::Down);
    let clears = |seed| cleared_steps(4, 6, 6, seed, &rules, None);
    // Timed by the server: 20.5 s on its clock from the deal to the finish.
    let (ticket, (status, done)) = finished(&app, &clock, 20_500, clears).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(done["elapsed_ms"], 20_500);
    let (status, first) = submit(&app, &named("Ann", &ticket)).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    // 24 cells in 20 s, doubled under gravity.
    let expected =
        2 * ((24.0 / 20.0) / 0.14 * 100.0 * (24.0f64 / 14.0 * 6.0).sqrt()).floor() as u64;
    assert_eq!(first["score"], expected);
    assert_eq!(done["score"], expected);
    assert_eq!(first["rank"], 1);

    // Faster ranks first; as fast ranks after the earlier one.
    let store = async |name: &str, elapsed_ms: u64| {
        let (ticket, (status, done)) = finished(&app, &clock, elapsed_ms, clears).await;
        assert_eq!(status, StatusCode::OK, "{done}");
        submit(&app, &named(name, &ticket)).await
    };
    let (_, faster) = store("  Bo  ", 10_000).await;
    assert_eq!(faster["rank"], 1, "{faster}");
    let (_, tie) = store("Cy", 20_999).await;
    assert_eq!(tie["rank"], 3, "{tie}");
    assert_eq!(tie["score"], first["score"]);

    // The same game again, under another name: 409, nothing stored.
    let (status, again) = submit(&app, &named("Ann", &ticket)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert!(
        again["error"].as_str().unwrap().contains("stored already"),
        "{again}"
    );
    // A second finish of a ticket changes nothing: the first stands.
    clock.advance(5_000);
    let (_, later) = post_to(&app, "finish", &json!({"ticket": ticket})).await;
    assert_eq!(later, done);
    // A game with a shuffle in it is assisted: cleared, with its time, but
    // kept out of the tables, and the page told why at once.
    let mut shuffled = Ranked::deal(&app, &ranked_deal()).await;
    let first = cleared_steps(4, 6, 6, shuffled.seed, &rules, None);
    shuffled.play(&app, &clock, 3_000, &first[..3]).await;
    let (status, answer) = shuffled.step(&app, &json!({"shuffle": true})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let rest = shuffled.clearing_steps();
    shuffled.play(&app, &clock, 400_000, &rest).await;
    let (status, answer) = shuffled.finish(&app).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["ranked"], false);
    let why = answer["why"].as_str().unwrap();
    assert!(why.starts_with("assisted: a shuffle"), "{why}");
    let (status, answer) = submit(&app, &named("Al", &shuffled.ticket)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let message = answer["error"].as_str().unwrap();
    assert!(
        message.contains("enters no table: assisted: a shuffle"),
        "{message}"
    );
    // A name is stored without its control and direction characters.
    let (status, answer) = store("\u{202E}Di\u{2066}\u{0}an\u{200F}", 400_000).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["rank"], 4);

    let (status, listed) = table(&app, SETTING).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = listed["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Bo", "Ann", "Cy", "Dian"]);
    let entry = &listed["scores"][1];
    assert_eq!(entry["elapsed_ms"], 20_500);
    let date = entry["date"].as_str().unwrap();
    assert_eq!(date.len(), 20, "{date}");
    assert!(date.ends_with('Z') && date.as_bytes()[10] == b'T', "{date}");
    // Another setting has its own table; groups are compared as the
    // engine writes them.
    let (_, other) = table(&app, &SETTING.replace("gravity=down", "gravity=none")).await;
    assert_eq!(other["scores"], json!([]));
    let (status, _) = table(&app, &SETTING.replace("groups=", "groups=2-1")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = table(&app, "rows=4").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Only the ten best are listed.
    for i in 0..9 {
        let (status, answer) = store(&format!("P{i}"), 30_000 + i * 1000).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
    let (_, listed) = table(&app, SETTING).await;
    assert_eq!(listed["scores"].as_array().unwrap().len(), 10);
}

/// The page's clock is a display: a ranked score's time is the server's,
/// and a request that sends one is refused; so is a score for a game the
/// server has not seen finished, a deal of the page's own seed, and a
/// ticket no one was given or one more than a day old.
#[tokio::test]
async fn the_time_is_the_servers_and_nothing_timed_by_the_page_is_trusted() {
    let dir = scratch("timed");
    let (app, clock) = timed_server(&dir);
    let rules = rules_of(Gravity::Down);
    let clears = |seed| cleared_steps(4, 6, 6, seed, &rules, None);
    let refused = |answer: &(StatusCode, Value), status: StatusCode, needle: &str| {
        assert_eq!(answer.0, status, "{}", answer.1);
        let message = answer.1["error"].as_str().unwrap();
        assert!(message.contains(needle), "`{needle}` not in `{message}`");
    };
    // A real cleared game, sent with a forged time: 422, nothing stored.
    let (ticket, (status, done)) = finished(&app, &clock, 61_234, clears).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    let mut forged = named("Eve", &ticket);
    forged["elapsed_ms"] = json!(1);
    refused(
        &submit(&app, &forged).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "elapsed_ms: a ranked game's time is the server's",
    );
    // Steps sent by the page: 422 (the server has its own log).
    refused(
        &post_to(
            &app,
            "finish",
            &json!({"ticket": ticket, "steps": clears(5)}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown field `steps`",
    );
    // A score sent before the server saw the board cleared: 422.
    let (early, _) = deal_ranked(&app).await;
    refused(
        &submit(&app, &named("Eve", &early)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the server has not seen this game's board cleared",
    );
    // The old form of a score (the page's deal, steps and time): 422.
    let old = json!({"name": "Eve", "rows": 4, "cols": 6, "kinds": 6, "seed": 5,
                     "steps": clears(5), "elapsed_ms": 1});
    assert_eq!(submit(&app, &old).await.0, StatusCode::UNPROCESSABLE_ENTITY);
    // A deal of the page's own seed has no ticket: it could have been
    // solved before it was asked for.
    let mut chosen = ranked_deal();
    chosen["seed"] = json!(5);
    let (status, dealt) = post_to(&app, "deal", &chosen).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(dealt["ticket"], Value::Null);
    assert_eq!(dealt["seed"], 5);
    // A random deal has none either.
    let mut random = ranked_deal();
    random["solvable"] = json!(false);
    assert_eq!(
        post_to(&app, "deal", &random).await.1["ticket"],
        Value::Null
    );
    // A ticket no one was given, or one more than a day old.
    for ticket in ["0".repeat(32), "not a ticket".to_owned()] {
        refused(
            &post_to(&app, "finish", &json!({"ticket": ticket})).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown ticket",
        );
    }
    let (_, listed) = table(&app, SETTING).await;
    assert_eq!(listed["scores"], json!([]), "nothing was stored");
    // The honest submission of the first game is stored with the server's time.
    let (status, stored) = submit(&app, &named("Eve", &ticket)).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    let (_, listed) = table(&app, SETTING).await;
    assert_eq!(listed["scores"][0]["elapsed_ms"], 61_234);
    // A day on, a ticket is forgotten.
    let (old_ticket, _) = deal_ranked(&app).await;
    clock.advance(24 * 60 * 60 * 1000);
    refused(
        &post_to(&app, "finish", &json!({"ticket": old_ticket})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown ticket",
    );
}

#[tokio::test]
async fn forged_games_are_refused_and_nothing_is_stored() {
    let dir = scratch("forged");
    let (app, clock) = timed_server(&dir);
    let rules = rules_of(Gravity::Down);
    let refused = |answer: &(StatusCode, Value), status: StatusCode, needle: &str| {
        assert_eq!(answer.0, status, "{}", answer.1);
        let message = answer.1["error"].as_str().unwrap();
        assert!(message.contains(needle), "`{needle}` not in `{message}`");
    };
    // A removal sent on a forged board: two tiles side by side of
    // different kinds, made one kind on the board the page sends. The
    // server logs what that board allowed; the replay on the real deal
    // finds it illegal.
    let mut game = Ranked::deal(&app, &ranked_deal()).await;
    let board: lianliankan::Board = serde_json::from_value(game.board.clone()).unwrap();
    let (a, b) = (0..6)
        .map(|c| (lianliankan::Pos::new(0, c), lianliankan::Pos::new(0, c + 1)))
        .find(|&(a, b)| board.kind(a) != board.kind(b))
        .expect("two kinds side by side in a row");
    let mut forged = vec![vec![0; 6]; 4];
    forged[0][a.col] = 1;
    forged[0][b.col] = 1;
    let step = json!({"a": [0, a.col], "b": [0, b.col], "board": forged});
    game.play(&app, &clock, 2_000, &[step]).await;
    let rest = game.clearing_steps();
    game.play(&app, &clock, 20_000, &rest).await;
    refused(
        &game.finish(&app).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        &format!("step 1: [0, {}] and [0, {}]", a.col, b.col),
    );
    // A board not cleared.
    refused(
        &finished(&app, &clock, 20_000, |seed| {
            let steps = cleared_steps(4, 6, 6, seed, &rules, None);
            steps[..steps.len() - 1].to_vec()
        })
        .await
        .1,
        StatusCode::UNPROCESSABLE_ENTITY,
        "2 tiles are left",
    );
    // A pick the server refuses is logged as refused: a tile paired with
    // itself removes nothing.
    let mut game = Ranked::deal(&app, &ranked_deal()).await;
    let (status, answer) = game.step(&app, &json!({"a": [0, 0], "b": [0, 0]})).await;
    assert_eq!(
        (status, answer["reason"].clone()),
        (StatusCode::OK, json!("same-cell"))
    );
    // A request of a step without its second tile: 422, nothing logged.
    let (status, _) = game.step(&app, &json!({"a": [0, 0], "b": null})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // A hint taken with the ticket: cleared, kept out of the tables.
    let mut hinted = Ranked::deal(&app, &ranked_deal()).await;
    let (status, answer) = hinted.step(&app, &json!({"hint": true})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["assisted"], true);
    let rest = hinted.clearing_steps();
    hinted.play(&app, &clock, 20_000, &rest).await;
    let (status, answer) = hinted.finish(&app).await;
    assert_eq!(
        (status, answer["ranked"].clone()),
        (StatusCode::OK, json!(false))
    );
    refused(
        &submit(&app, &named("Hal", &hinted.ticket)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "enters no table: assisted: a hint",
    );
    // Nothing changes a finished game.
    for step in [
        json!({"undo": true}),
        json!({"hint": true}),
        json!({"pause": true}),
        json!({"a": [0, 0], "b": [0, 1]}),
    ] {
        refused(
            &hinted.step(&app, &step).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "this game is finished",
        );
    }
    // Bad names, on a game the server saw finished.
    let (ticket, (status, _)) = finished(&app, &clock, 20_000, |seed| {
        cleared_steps(4, 6, 6, seed, &rules, None)
    })
    .await;
    assert_eq!(status, StatusCode::OK);
    for name in ["", " \t ", "\u{202E}\u{0}\u{2069}"] {
        let answer = submit(&app, &named(name, &ticket)).await;
        assert_eq!(answer.0, StatusCode::BAD_REQUEST, "{name:?}: {}", answer.1);
    }
    // Names that show nothing, or hold a character that shows nothing.
    for (name, why) in [
        ("\u{200B}", "U+200B, a character that shows nothing"),
        ("\u{3164}", "U+3164, a character that shows nothing"),
        ("\u{2800}", "U+2800, a character that shows nothing"),
        ("A\u{FEFF}nn", "U+FEFF, a character that shows nothing"),
        ("\u{0301}\u{0301}", "at least one visible character"),
        ("\u{FE0F}", "at least one visible character"),
        // A letter with 3 combining marks, and with 31.
        ("Ze\u{0301}\u{0302}\u{0303}d", "at most 2 combining marks"),
        (
            &format!("Z{}", "\u{0300}".repeat(31)),
            "at most 2 combining marks",
        ),
    ] {
        refused(
            &submit(&app, &named(name, &ticket)).await,
            StatusCode::BAD_REQUEST,
            why,
        );
    }
    let long = "x".repeat(33);
    refused(
        &submit(&app, &named(&long, &ticket)).await,
        StatusCode::BAD_REQUEST,
        "a name is 1 to 32 characters (not counting control and direction characters), got 33",
    );

    let (_, listed) = table(&app, SETTING).await;
    assert_eq!(listed["scores"], json!([]), "nothing forged was stored");

    // A server without a database says so.
    let bare = play::app(Limits::default(), None);
    assert_eq!(
        submit(&bare, &named("Ann", &ticket)).await.0,
        StatusCode::SERVICE_UNAVAILABLE
    );
    assert_eq!(
        table(&bare, SETTING).await.0,
        StatusCode::SERVICE_UNAVAILABLE
    );
}

/// `PRAGMA user_version` and `application_id` of a file.
fn stamps(path: &Path) -> (i32, i32) {
    let connection = rusqlite::Connection::open(path).unwrap();
    let version = connection
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    let id = connection
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    (version, id)
}

#[test]
fn new_and_empty_files_become_ours_at_the_current_version() {
    let dir = scratch("new");
    let missing = dir.join("new.sqlite3");
    let empty = dir.join("empty.sqlite3");
    std::fs::write(&empty, b"").unwrap();
    for path in [&missing, &empty] {
        drop(ScoreDb::open(path).unwrap());
        assert_eq!(stamps(path), (5, 0x4C4C_4B50), "{}", path.display());
        let mode: String = rusqlite::Connection::open(path)
            .unwrap()
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        // Opened again: nothing to migrate, still ours.
        drop(ScoreDb::open(path).unwrap());
        assert_eq!(stamps(path), (5, 0x4C4C_4B50));
    }
    // An SQLite file with nothing in it is taken as new.
    let blank = dir.join("blank.sqlite3");
    let connection = rusqlite::Connection::open(&blank).unwrap();
    connection.execute_batch("VACUUM").unwrap();
    drop(connection);
    drop(ScoreDb::open(&blank).unwrap());
    assert_eq!(stamps(&blank), (5, 0x4C4C_4B50));
}

/// A file of schema version 1 (before the rule variants), with a score in
/// it, is brought to version 3; its score stays in its setting's table,
/// as a standard game without slides, and the same game sent again is
/// refused as stored already (issue 49: one score a game).
#[tokio::test]
async fn a_version_1_file_is_migrated_and_keeps_its_scores() {
    let dir = scratch("v1");
    let path = dir.join("v1.sqlite3");
    let connection = rusqlite::Connection::open(&path).unwrap();
    connection
        // Version 1's schema, as `MIGRATIONS[0]` writes it.
        .execute_batch(
            "CREATE TABLE scores (
                id INTEGER PRIMARY KEY, name TEXT NOT NULL, rows INTEGER NOT NULL,
                cols INTEGER NOT NULL, kinds INTEGER NOT NULL, turns INTEGER NOT NULL,
                border TEXT NOT NULL, gravity TEXT NOT NULL, groups TEXT NOT NULL,
                seed INTEGER NOT NULL, score INTEGER NOT NULL, elapsed_ms INTEGER NOT NULL,
                steps TEXT NOT NULL, date TEXT NOT NULL);
             CREATE INDEX scores_by_setting ON scores
                (rows, cols, kinds, turns, border, gravity, groups, score DESC, id);",
        )
        .unwrap();
    // A real game, its steps as the server writes them.
    let steps = cleared_steps(4, 6, 6, 5, &rules_of(Gravity::Down), None);
    connection
        .execute(
            "INSERT INTO scores (name, rows, cols, kinds, turns, border, gravity, groups, seed,
                 score, elapsed_ms, steps, date)
             VALUES ('Old', 4, 6, 6, 2, 'open', 'down', '', 5, 900, 1000, ?1,
                 '2026-01-01T00:00:00Z')",
            [serde_json::to_string(&steps).unwrap()],
        )
        .unwrap();
    connection
        .execute_batch("PRAGMA application_id = 1280068432; PRAGMA user_version = 1;")
        .unwrap();
    drop(connection);
    let app = app(Limits::default(), Some(ScoreDb::open(&path).unwrap()));
    assert_eq!(stamps(&path), (5, 0x4C4C_4B50));
    let (status, listed) = table(&app, SETTING).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed["scores"][0]["name"], "Old", "{listed}");
    let (_, slides) = table(&app, &format!("{SETTING}&slide=on")).await;
    assert_eq!(slides["scores"], json!([]));
    let (_, line) = table(&app, &format!("{SETTING}&connect=line")).await;
    assert_eq!(line["scores"], json!([]));
    let (status, _) = table(&app, &format!("{SETTING}&slide=maybe")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[test]
fn foreign_damaged_and_newer_files_are_refused_untouched() {
    let dir = scratch("refused");
    let check = |path: &Path, expect: fn(&OpenError) -> bool| {
        let before = std::fs::read(path).unwrap();
        let error = ScoreDb::open(path).expect_err("refused");
        assert!(expect(&error), "{}: {error}", path.display());
        assert_eq!(
            std::fs::read(path).unwrap(),
            before,
            "{} was changed",
            path.display()
        );
        // The binary refuses to start with exit status 2, naming the file.
        let out = Command::new(env!("CARGO_BIN_EXE_play"))
            .args(["--port", "0", "--db"])
            .arg(path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&path.display().to_string()), "{stderr}");
        assert_eq!(
            std::fs::read(path).unwrap(),
            before,
            "{} was changed",
            path.display()
        );
    };
    let text = dir.join("notes.txt");
    std::fs::write(&text, "my notes, not a database\n".repeat(20)).unwrap();
    check(&text, |e| matches!(e, OpenError::Foreign(_)));

    let other = dir.join("other.sqlite3");
    let connection = rusqlite::Connection::open(&other).unwrap();
    connection
        .execute_batch("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('x');")
        .unwrap();
    drop(connection);
    check(&other, |e| matches!(e, OpenError::Foreign(_)));

    // Ours, of a newer schema.
    let newer = dir.join("newer.sqlite3");
    drop(ScoreDb::open(&newer).unwrap());
    let connection = rusqlite::Connection::open(&newer).unwrap();
    connection.pragma_update(None, "user_version", 6).unwrap();
    connection
        .pragma_update(None, "journal_mode", "DELETE")
        .unwrap();
    drop(connection);
    check(&newer, |e| matches!(e, OpenError::Newer { found: 6 }));

    // Ours, with scores, then its table's page overwritten.
    let damaged = dir.join("damaged.sqlite3");
    let store = ScoreDb::open(&damaged).unwrap();
    drop(store);
    let connection = rusqlite::Connection::open(&damaged).unwrap();
    connection
        .execute_batch(
            "INSERT INTO scores (name, rows, cols, kinds, turns, border, gravity, groups, seed,
                 score, elapsed_ms, steps, date)
             SELECT 'n', 4, 6, 6, 2, 'open', 'down', '', value, value, 1000, '[]', 'd'
             FROM generate_series(1, 500);",
        )
        .or_else(|_| {
            // Without the series extension: a recursive count.
            connection.execute_batch(
                "WITH RECURSIVE c(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM c WHERE v < 500)
                 INSERT INTO scores (name, rows, cols, kinds, turns, border, gravity, groups,
                     seed, score, elapsed_ms, steps, date)
                 SELECT 'n', 4, 6, 6, 2, 'open', 'down', '', v, v, 1000, '[]', 'd' FROM c;",
            )
        })
        .unwrap();
    connection
        .pragma_update(None, "journal_mode", "DELETE")
        .unwrap();
    let page: i64 = connection
        .pragma_query_value(None, "page_size", |r| r.get(0))
        .unwrap();
    drop(connection);
    let mut bytes = std::fs::read(&damaged).unwrap();
    let page = page as usize;
    assert!(bytes.len() >= 4 * page, "{} bytes", bytes.len());
    for byte in &mut bytes[2 * page..3 * page] {
        *byte = 0xA5;
    }
    std::fs::write(&damaged, &bytes).unwrap();
    check(&damaged, |e| matches!(e, OpenError::Corrupt(_)));
}

/// Starts the binary on `db`; the child and its address.
fn start(db: &Path) -> (std::process::Child, String) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_play"))
        .args(["--port", "0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .strip_prefix("play: serving on http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_owned();
    (child, address)
}

/// One POST to `/api/{path}` over a fresh connection (HTTP/1.0): the
/// status and the body.
fn post_over(address: &str, path: &str, body: &str) -> std::io::Result<(u16, String)> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address)?;
    write!(
        stream,
        "POST /api/{path} HTTP/1.0\r\nHost: play\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or("").to_owned();
    Ok((status, body))
}

/// A small ranked deal for games played over a socket on the real clock:
/// 6 pairs, so that the game's floor is the pair's alone.
fn small_ranked_deal() -> Value {
    json!({"rows": 2, "cols": 6, "kinds": 3,
           "rules": {"turns": 2, "border": "open", "gravity": "down", "groups": ""}})
}

/// A game under way over a socket: its ticket, board and rules, and the
/// steps that clear it.
struct OverSocket {
    ticket: String,
    board: Value,
    rules: Value,
    steps: Vec<Value>,
}

impl OverSocket {
    fn deal(address: &str) -> OverSocket {
        let (status, dealt) = post_over(address, "deal", &small_ranked_deal().to_string()).unwrap();
        assert_eq!(status, 200, "{dealt}");
        let dealt: Value = serde_json::from_str(&dealt).unwrap();
        let seed = dealt["seed"].as_u64().unwrap();
        OverSocket {
            ticket: dealt["ticket"].as_str().unwrap().to_owned(),
            board: dealt["board"].clone(),
            rules: dealt["rules"].clone(),
            steps: cleared_steps(2, 6, 3, seed, &rules_of(Gravity::Down), None),
        }
    }

    /// Sends step `i` with the ticket.
    fn step(&mut self, address: &str, i: usize) {
        let mut body = self.steps[i].clone();
        body["board"] = self.board.clone();
        body["rules"] = self.rules.clone();
        body["ticket"] = json!(self.ticket);
        let (status, answer) = post_over(address, "remove", &body.to_string()).unwrap();
        assert_eq!(status, 200, "{answer}");
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["legal"], true, "{answer}");
        self.board = answer["board"].clone();
    }
}

/// Plays `games` step by step, all of them a step at a time, each step
/// at least 200 ms after the one before it (a person's pace: more than
/// the floor of a pair).
fn play_over(address: &str, games: &mut [OverSocket], steps: std::ops::Range<usize>) {
    let mut round = std::time::Instant::now();
    for i in steps {
        std::thread::sleep(std::time::Duration::from_millis(200).saturating_sub(round.elapsed()));
        round = std::time::Instant::now();
        for game in games.iter_mut() {
            game.step(address, i);
        }
    }
}

#[test]
fn no_acknowledged_score_is_lost_when_the_server_is_killed() {
    let dir = scratch("killed");
    let db = dir.join("play.sqlite3");
    let (mut server, address) = start(&db);
    // Ranked games dealt and played to the end over the socket, at a
    // person's pace, and finished first (one score a game), then their
    // scores in a burst. One more game is left half played.
    let mut games: Vec<OverSocket> = (0..400).map(|_| OverSocket::deal(&address)).collect();
    play_over(&address, &mut games, 0..6);
    let mut survivor = vec![OverSocket::deal(&address)];
    play_over(&address, &mut survivor, 0..3);
    let games: Vec<String> = games
        .iter()
        .map(|game| {
            let finish = json!({"ticket": game.ticket}).to_string();
            let (status, done) = post_over(&address, "finish", &finish).unwrap();
            assert_eq!(status, 200, "{done}");
            assert!(done.contains(r#""ranked":true"#), "{done}");
            named("K", &game.ticket).to_string()
        })
        .collect();
    let acknowledged = std::sync::Mutex::new(Vec::new());
    let killed = std::sync::atomic::AtomicBool::new(false);
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..8 {
            let (games, address, acknowledged, killed, next) =
                (&games, &address, &acknowledged, &killed, &next);
            scope.spawn(move || {
                loop {
                    if killed.load(std::sync::atomic::Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let Some(game) = games.get(i) else { break };
                    match post_over(address, "scores", game) {
                        Ok((201, body)) => {
                            let answer: Value = serde_json::from_str(&body).unwrap();
                            acknowledged
                                .lock()
                                .unwrap()
                                .push(answer["id"].as_i64().unwrap());
                        }
                        // Cut off by the kill.
                        Ok((0, _)) | Err(_) => break,
                        Ok((status, body)) => panic!("{status}: {body}"),
                    }
                }
            });
        }
        // Kill it in the middle of the burst.
        while acknowledged.lock().unwrap().len() < 40 {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        server.kill().unwrap(); // SIGKILL
        killed.store(true, std::sync::atomic::Ordering::SeqCst);
    });
    server.wait().unwrap();
    let acknowledged = acknowledged.into_inner().unwrap();
    assert!(acknowledged.len() >= 40);

    // It starts again on the same file, every acknowledged score is
    // there, and the game left half played goes on and is ranked.
    let (mut again, address) = start(&db);
    play_over(&address, &mut survivor, 3..6);
    let finish = json!({"ticket": survivor[0].ticket}).to_string();
    let (status, done) = post_over(&address, "finish", &finish).unwrap();
    assert_eq!(status, 200, "{done}");
    assert!(done.contains(r#""ranked":true"#), "{done}");
    let (status, stored) = post_over(
        &address,
        "scores",
        &named("Phoenix", &survivor[0].ticket).to_string(),
    )
    .unwrap();
    assert_eq!(status, 201, "{stored}");
    again.kill().unwrap();
    again.wait().unwrap();
    let connection = rusqlite::Connection::open(&db).unwrap();
    for id in &acknowledged {
        let found: i64 = connection
            .query_row("SELECT count(*) FROM scores WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(found, 1, "score {id} was acknowledged and is gone");
    }
}

/// The table's query is typed: its names are read by the library's own
/// parsers, and a bad one is a 400 in the library's words.
#[tokio::test]
async fn a_tables_query_is_read_by_the_librarys_parsers() {
    let path = scratch("typed-query").join("scores.sqlite3");
    let app = app(Limits::default(), Some(ScoreDb::open(&path).unwrap()));
    let base = "rows=4&cols=6&kinds=6&turns=2&border=open";
    let (status, answer) = table(
        &app,
        &format!("{base}&gravity=down&groups=1-4&connect=four-rivers&slide=off"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    for (query, words) in [
        (
            "gravity=sideways",
            "unknown gravity mode `sideways` (one of: none, down,",
        ),
        (
            "gravity=down&connect=river",
            "unknown connection rule `river` (one of: standard, four-rivers, line)",
        ),
        (
            "gravity=down&groups=3-1",
            "bad group `3-1`: a range must run from the smaller kind",
        ),
        (
            "gravity=down&slide=maybe",
            "unknown variant `maybe`, expected `on` or `off`",
        ),
    ] {
        let (status, answer) = table(&app, &format!("{base}&{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(words), "{query}: `{error}`");
    }
}
