//! The best level runs (issue 49, timed by the server since issue 50): a
//! ranked run's levels are deals the server seeded as those levels, each
//! with a ticket; every pair, refused pick and shuffle sent with a ticket
//! is logged at the server's time, and a step after the level's countdown
//! is refused. `POST /api/runs` takes the tickets alone, replays the logged
//! steps level by level (lives, countdowns, the combo's window, the clear
//! bonus from the server's times) and stores the score; a forged run is a
//! 422, a stored one again a 409; `GET /api/runs` lists the best ten of a
//! setting. Every time here is on a [`ManualClock`], so the scores are
//! exact.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use lianliankan::{Board, Game, Gravity, Move, Rules, Solution, solve};
use play::{Limits, ManualClock, app};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::scores::{post_to, scratch, timed_server};

async fn table(app: &Router, query: &str) -> (StatusCode, Value) {
    let request = Request::get(format!("/api/runs?{query}"))
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

const SETTING: &str = "rows=4&cols=6&kinds=6&turns=2&border=open&groups=";

/// Level `l`'s (from 0) difficulty, as the level rules ask.
fn difficulty(l: usize) -> &'static str {
    ["easy", "easy", "normal", "normal"]
        .get(l)
        .copied()
        .unwrap_or("hard")
}

/// What `POST /api/deal` asks for level `l` (from 0) of a ranked run of
/// `rows` × 6, 6 kinds, open border: its gravity, its difficulty, no seed.
fn level_deal(l: usize, rows: usize) -> Value {
    json!({"rows": rows, "cols": 6, "kinds": 6, "level": l + 1, "difficulty": difficulty(l),
           "rules": {"turns": 2, "border": "open", "groups": "",
                     "gravity": Gravity::ALL[l % 13].to_string()}})
}

/// [`level_deal`], after the level before it (its ticket).
fn level_after(l: usize, rows: usize, before: &Level) -> Value {
    let mut deal = level_deal(l, rows);
    deal["after"] = json!(before.ticket);
    deal
}

/// A level dealt: its ticket, and the game as the server's answers leave
/// it (the test's mirror of the page's board).
struct Level {
    ticket: String,
    game: Game,
}

impl Level {
    /// The board and rules as a request sends them, with the ticket.
    fn request(&self) -> Value {
        json!({"board": self.game.board(), "rules": self.game.rules(), "ticket": self.ticket})
    }

    /// The solver's order for the position now.
    fn order(&self) -> Vec<Move> {
        match solve(self.game.board(), self.game.rules(), 1_000_000) {
            Solution::Solved(order) => order,
            other => panic!("the level's position is clearable: {other:?}"),
        }
    }

    /// Two tiles of different kinds.
    fn different_kinds(&self) -> (Value, Value) {
        let tiles: Vec<_> = self.game.board().tiles().collect();
        let (a, kind) = tiles[0];
        let (b, _) = *tiles
            .iter()
            .find(|&&(_, k)| k != kind)
            .expect("two kinds on the board");
        (json!([a.row, a.col]), json!([b.row, b.col]))
    }
}

/// Deals level `l` (from 0) of `rows` × 6, after the level `before`.
async fn deal_level(app: &Router, l: usize, rows: usize, before: Option<&Level>) -> Level {
    let deal = match before {
        Some(before) => level_after(l, rows, before),
        None => level_deal(l, rows),
    };
    let (status, dealt) = post_to(app, "deal", &deal).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    let board: Board = serde_json::from_value(dealt["board"].clone()).unwrap();
    let rules: Rules = serde_json::from_value(dealt["rules"].clone()).unwrap();
    assert_eq!(rules.gravity(), Gravity::ALL[l % 13]);
    Level {
        ticket: dealt["ticket"].as_str().expect("a ticket").to_owned(),
        game: Game::new(board, rules),
    }
}

/// Removes `m` with the level's ticket: the server's time of the step.
async fn remove(app: &Router, level: &mut Level, m: Move) -> u64 {
    let mut request = level.request();
    request["a"] = json!([m.a().row, m.a().col]);
    request["b"] = json!([m.b().row, m.b().col]);
    let (status, answer) = post_to(app, "remove", &request).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["legal"], true, "{answer}");
    level.game.play(m).unwrap();
    assert_eq!(
        &serde_json::to_value(level.game.board()).unwrap(),
        &answer["board"]
    );
    answer["clock_ms"].as_u64().expect("the server's time")
}

/// Picks two tiles of different kinds with the level's ticket: the answer.
async fn refuse(app: &Router, level: &Level) -> Value {
    let (a, b) = level.different_kinds();
    let mut request = level.request();
    request["a"] = a;
    request["b"] = b;
    let (status, answer) = post_to(app, "remove", &request).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["legal"], false, "{answer}");
    answer
}

/// Shuffles with the level's ticket (the server seeds it): the answer.
async fn shuffle(app: &Router, level: &mut Level) -> Value {
    let (status, answer) = post_to(app, "shuffle", &level.request()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["shuffled"], true, "{answer}");
    level
        .game
        .shuffle(answer["seed"].as_u64().unwrap())
        .unwrap();
    assert_eq!(
        &serde_json::to_value(level.game.board()).unwrap(),
        &answer["board"]
    );
    answer
}

/// Sets the manual clock to `ms` (it only moves on).
fn at(clock: &ManualClock, now: &mut u64, ms: u64) {
    clock.advance(ms - *now);
    *now = ms;
}

fn run(name: &str, tickets: &[&str]) -> Value {
    json!({"name": name, "tickets": tickets})
}

/// A run of two levels played on the server's clock: level 1 (4 × 6, 12
/// pairs, 10 s + 12 × 3.5 s = 52 s) cleared with pairs at 1 to 11 s, a
/// refused pick at 5.5 s after the fifth, and the last pair at 17 s (over
/// the combo's 4 s window); level 2 dealt at 18 s, two pairs at 2 and 3 s
/// of its own countdown and a shuffle at 4 s. Its score by hand: level
/// 1's pairs 10+11+12+13+14, then 10+11+...+15, then 10: 145, and 35
/// whole seconds left of 52 at 17 s: 180; level 2's 10 + 11 = 21: 201.
#[tokio::test]
async fn a_run_timed_by_the_server_is_scored_stored_once_and_listed() {
    let dir = scratch("runs");
    let (app, clock) = timed_server(&dir);
    let mut now = 0;
    let mut first = deal_level(&app, 0, 4, None).await;
    let order = first.order();
    assert_eq!(order.len(), 12);
    for (i, &m) in order.iter().enumerate() {
        let when = if i == 11 {
            17_000
        } else {
            1_000 * (i as u64 + 1)
        };
        if i == 5 {
            at(&clock, &mut now, 5_500);
            let refused = refuse(&app, &first).await;
            assert_eq!(refused["clock_ms"], 5_500, "{refused}");
        }
        at(&clock, &mut now, when);
        assert_eq!(remove(&app, &mut first, m).await, when);
    }
    at(&clock, &mut now, 18_000);
    let mut second = deal_level(&app, 1, 4, Some(&first)).await;
    for (i, m) in second.order().into_iter().take(2).enumerate() {
        at(&clock, &mut now, 18_000 + 2_000 + 1_000 * i as u64);
        remove(&app, &mut second, m).await;
    }
    at(&clock, &mut now, 22_000);
    assert_eq!(shuffle(&app, &mut second).await["clock_ms"], 4_000);

    let tickets = [first.ticket.as_str(), second.ticket.as_str()];
    let (status, stored) = post_to(&app, "runs", &run("Ann", &tickets)).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    assert_eq!(stored["score"], 201);
    assert_eq!(
        (stored["rank"].as_u64(), stored["levels"].as_u64()),
        (Some(1), Some(2))
    );
    // The same run again, under another name, or its first level alone:
    // stored already.
    let (status, again) = post_to(&app, "runs", &run("Bo", &tickets)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    let (status, again) = post_to(&app, "runs", &run("Bo", &tickets[..1])).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");

    // Another run, of one level cleared a pair a second: 10 + 11 + ... +
    // 21 = 186, and 40 s left at 12 s: 226, first in the table.
    let mut fast = deal_level(&app, 0, 4, None).await;
    let start = now;
    for (i, m) in fast.order().into_iter().enumerate() {
        at(&clock, &mut now, start + 1_000 * (i as u64 + 1));
        remove(&app, &mut fast, m).await;
    }
    let (status, short) = post_to(&app, "runs", &run("\u{202E}Cy", &[&fast.ticket])).await;
    assert_eq!(status, StatusCode::CREATED, "{short}");
    assert_eq!(
        (short["score"].as_u64(), short["rank"].as_u64()),
        (Some(226), Some(1))
    );

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
        [("Cy".to_owned(), 226, 1), ("Ann".to_owned(), 201, 2)]
    );
    // Another setting has its own table; a bad query is a 400.
    let (_, other) = table(&app, &SETTING.replace("border=open", "border=closed")).await;
    assert_eq!(other["runs"], json!([]));
    let (status, _) = table(&app, "rows=4").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// Asserts an answer's status and that its message holds `needle`.
fn refused(answer: &(StatusCode, Value), status: StatusCode, needle: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    let message = answer.1["error"]
        .as_str()
        .or(answer.1["message"].as_str())
        .unwrap_or_default();
    assert!(message.contains(needle), "`{needle}` not in `{message}`");
}

/// The countdown is the server's: a pair or a shuffle after it ran out is
/// refused as `time-up` (and not logged), whatever the page's clock says.
#[tokio::test]
async fn a_step_after_the_server_s_countdown_is_refused() {
    let dir = scratch("runs-time");
    let (app, clock) = timed_server(&dir);
    let mut level = deal_level(&app, 0, 4, None).await;
    let order = level.order();
    clock.advance(52_000);
    assert_eq!(
        remove(&app, &mut level, order[0]).await,
        52_000,
        "the last ms counts"
    );
    clock.advance(1);
    let mut late = level.request();
    late["a"] = json!([order[1].a().row, order[1].a().col]);
    late["b"] = json!([order[1].b().row, order[1].b().col]);
    let (status, answer) = post_to(&app, "remove", &late).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        (&answer["legal"], &answer["reason"], &answer["clock_ms"]),
        (&json!(false), &json!("time-up"), &json!(52_001)),
        "{answer}"
    );
    refused(
        &(status, answer),
        StatusCode::OK,
        "time is up: the level's countdown of 52000 ms ran out on the server's clock (52001 ms since its deal)",
    );
    let (status, answer) = post_to(&app, "shuffle", &level.request()).await;
    assert_eq!(
        (status, &answer["reason"]),
        (StatusCode::OK, &json!("time-up")),
        "{answer}"
    );
    // The run holds the one pair in time: 10, not cleared, no bonus.
    let (status, stored) = post_to(&app, "runs", &run("Ann", &[&level.ticket])).await;
    assert_eq!(
        (status, &stored["score"]),
        (StatusCode::CREATED, &json!(10)),
        "{stored}"
    );
}

#[tokio::test]
async fn forged_runs_are_refused_and_nothing_is_stored() {
    let dir = scratch("runs-forged");
    let (app, clock) = timed_server(&dir);
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    let bad = StatusCode::BAD_REQUEST;
    let submit = async |tickets: &[&str]| post_to(&app, "runs", &run("Eve", tickets)).await;

    // The page's steps, times or score are not taken: only tickets.
    let mut forged = run("Eve", &[]);
    forged["levels"] = json!([{"seed": 5, "steps": []}]);
    forged["score"] = json!(10_000);
    refused(
        &post_to(&app, "runs", &forged).await,
        unprocessable,
        "unknown field `levels`",
    );
    refused(&submit(&[]).await, bad, "a run is 1 to 50 levels, got 0");
    refused(
        &submit(&[&"0".repeat(32)]).await,
        unprocessable,
        "level 1: unknown ticket",
    );
    refused(
        &post_to(&app, "runs", &run("\u{2066}\u{7}", &["x"])).await,
        bad,
        "a name is 1 to 32 characters",
    );

    // A classic game's ticket is not a level's.
    let (status, classic) = post_to(&app, "deal", &crate::scores::ranked_deal()).await;
    assert_eq!(status, StatusCode::OK, "{classic}");
    let classic = classic["ticket"].as_str().unwrap().to_owned();
    refused(
        &submit(&[&classic]).await,
        unprocessable,
        "a classic game's deal, not a level's",
    );

    // Level 1 played a little, not cleared; level 2 dealt after it.
    let mut first = deal_level(&app, 0, 4, None).await;
    clock.advance(1_000);
    let order = first.order();
    remove(&app, &mut first, order[0]).await;
    clock.advance(1_000);
    let second = deal_level(&app, 1, 4, Some(&first)).await;
    // In the wrong order; level 1 twice; level 1 not cleared.
    refused(
        &submit(&[&second.ticket, &first.ticket]).await,
        unprocessable,
        "level 1: this ticket is level 2's deal",
    );
    refused(
        &submit(&[&first.ticket, &first.ticket]).await,
        unprocessable,
        "level 2: this ticket is level 1's deal",
    );
    refused(
        &submit(&[&first.ticket, &second.ticket]).await,
        unprocessable,
        "level 1 is not cleared (22 tiles left), yet the run goes on to level 2",
    );
    // Level 2 dealt before level 1's last step.
    clock.advance(1_000);
    remove(&app, &mut first, order[1]).await;
    refused(
        &submit(&[&first.ticket, &second.ticket]).await,
        unprocessable,
        "level 2 was dealt before level 1's last step",
    );
    // Level 2 of another size, dealt after the same level 1: it is not
    // level 2 of this run, and level 2 was dealt twice.
    let other = deal_level(&app, 1, 2, Some(&first)).await;
    refused(
        &submit(&[&first.ticket, &other.ticket]).await,
        unprocessable,
        "level 2 is not dealt as level 1 is",
    );
    refused(
        &submit(&[&first.ticket, &second.ticket]).await,
        unprocessable,
        "level 2 was dealt more than once after level 1: each level of a run is dealt once",
    );
    // A ranked level 2 names level 1's ticket, and only that.
    refused(
        &post_to(&app, "deal", &level_deal(1, 4)).await,
        bad,
        "a ranked level 2 names the ticket of level 1 (after)",
    );
    let mut after_classic = level_deal(1, 4);
    after_classic["after"] = json!(classic);
    refused(
        &post_to(&app, "deal", &after_classic).await,
        unprocessable,
        "after: that ticket is a classic game's, not level 1's",
    );
    let mut level_one_after = level_deal(0, 4);
    level_one_after["after"] = json!(first.ticket);
    refused(
        &post_to(&app, "deal", &level_one_after).await,
        bad,
        "only a ranked level after the first has one",
    );

    // A step logged on a board that is not the level's: two tiles of
    // different kinds on the level's board, alone on the board sent (where
    // any two tiles join). The replay finds it.
    let mut elsewhere = deal_level(&app, 0, 4, None).await;
    let (a, b) = elsewhere.different_kinds();
    let mut fake = elsewhere.request();
    let mut board = vec![vec![0; 6]; 4];
    for cell in [&a, &b] {
        let (r, c) = (
            cell[0].as_u64().unwrap() as usize,
            cell[1].as_u64().unwrap() as usize,
        );
        board[r][c] = 1;
    }
    fake["board"] = json!(board);
    fake["a"] = a.clone();
    fake["b"] = b.clone();
    let (status, answer) = post_to(&app, "remove", &fake).await;
    assert_eq!(
        (status, &answer["legal"]),
        (StatusCode::OK, &json!(true)),
        "{answer}"
    );
    refused(
        &submit(&[&elsewhere.ticket]).await,
        unprocessable,
        &format!(
            "level 1, step 1, [{}, {}] and [{}, {}]",
            a[0], a[1], b[0], b[1]
        ),
    );

    // Five shuffles with four lives.
    let mut shuffles = deal_level(&app, 0, 4, None).await;
    for _ in 0..5 {
        shuffle(&app, &mut shuffles).await;
    }
    refused(
        &submit(&[&shuffles.ticket]).await,
        unprocessable,
        "level 1, step 5: a shuffle with no life left to spend",
    );
    // A shuffle with a ticket is the server's to seed; one with neither.
    let mut seeded = elsewhere.request();
    seeded["seed"] = json!(7);
    refused(
        &post_to(&app, "shuffle", &seeded).await,
        bad,
        "seeded by the server",
    );
    let mut neither = elsewhere.request();
    neither.as_object_mut().unwrap().remove("ticket");
    refused(
        &post_to(&app, "shuffle", &neither).await,
        bad,
        "a shuffle needs a seed, or a ranked game's ticket",
    );
    let mut unknown = elsewhere.request();
    unknown["ticket"] = json!("f".repeat(32));
    refused(
        &post_to(&app, "shuffle", &unknown).await,
        unprocessable,
        "unknown ticket",
    );
    elsewhere.ticket = "nonsense".to_owned();
    let mut request = elsewhere.request();
    request["a"] = json!([0, 0]);
    request["b"] = json!([0, 0]);
    refused(
        &post_to(&app, "remove", &request).await,
        unprocessable,
        "unknown ticket",
    );

    // A level's deal must be dealt as that level is.
    let mut deal = level_deal(1, 4);
    deal["rules"]["gravity"] = json!("none");
    refused(
        &post_to(&app, "deal", &deal).await,
        bad,
        "level 2 plays gravity down, got none",
    );
    let mut deal = level_deal(0, 4);
    deal["difficulty"] = json!("hard");
    refused(
        &post_to(&app, "deal", &deal).await,
        bad,
        "level 1 is dealt easy, got hard",
    );
    deal.as_object_mut().unwrap().remove("difficulty");
    refused(
        &post_to(&app, "deal", &deal).await,
        bad,
        "level 1 is dealt easy, got no difficulty",
    );
    for level in [0, 51] {
        let mut deal = level_deal(0, 4);
        deal["level"] = json!(level);
        refused(
            &post_to(&app, "deal", &deal).await,
            bad,
            &format!("level is 1 to 50, got {level}"),
        );
    }

    let (_, listed) = table(&app, SETTING).await;
    assert_eq!(listed["runs"], json!([]), "nothing forged was stored");
    let bare = app_without_scores();
    refused(
        &post_to(&bare, "runs", &run("Ann", &[&first.ticket])).await,
        StatusCode::SERVICE_UNAVAILABLE,
        "no high scores",
    );
}

fn app_without_scores() -> Router {
    app(Limits::default(), None)
}
