//! A bounded load test on 127.0.0.1: 5,000 requests over every endpoint,
//! 64 at a time, against the real server on a socket. Every answer must
//! have its expected status (bad requests included; the same score sent
//! again and again is stored once, then refused as stored already); the latency
//! percentiles are printed (to the terminal even when cargo captures the
//! test's output) and written to `target/tmp/play-load.txt`.

use std::io::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use hyper::{Method, StatusCode};
use serde_json::{Value, json};

const REQUESTS: usize = 5_000;
const CONCURRENCY: usize = 64;
/// The whole run must end within this, or the test fails.
const WALL_LIMIT: Duration = Duration::from_secs(180);

/// One kind of request and the status it must get.
struct Call {
    name: &'static str,
    method: Method,
    path: &'static str,
    body: Option<Value>,
    expect: StatusCode,
}

/// The mix: the page, its files, every endpoint (a high score replayed and
/// stored among them), and two bad requests.
fn mix(board: &Value, pair: &Value, small: &Value, score: &Value) -> Vec<Call> {
    let call = |name, method, path, body, expect| Call {
        name,
        method,
        path,
        body,
        expect,
    };
    let post = Method::POST;
    vec![
        call("page", Method::GET, "/", None, StatusCode::OK),
        call("script", Method::GET, "/play.js", None, StatusCode::OK),
        call("limits", Method::GET, "/api/limits", None, StatusCode::OK),
        call(
            "score",
            post.clone(),
            "/api/scores",
            Some(score.clone()),
            StatusCode::CREATED,
        ),
        call(
            "scores",
            Method::GET,
            "/api/scores?rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=",
            None,
            StatusCode::OK,
        ),
        call(
            "deal",
            post.clone(),
            "/api/deal",
            Some(
                json!({"rows": 6, "cols": 8, "kinds": 8, "seed": 4, "rules": {"gravity": "down"}}),
            ),
            StatusCode::OK,
        ),
        call(
            "hint",
            post.clone(),
            "/api/hint",
            Some(json!({"board": board})),
            StatusCode::OK,
        ),
        call(
            "remove",
            post.clone(),
            "/api/remove",
            Some(json!({"board": board, "a": pair["a"], "b": pair["b"]})),
            StatusCode::OK,
        ),
        call(
            "shuffle",
            post.clone(),
            "/api/shuffle",
            Some(json!({"board": board, "seed": 3})),
            StatusCode::OK,
        ),
        call(
            "solve",
            post.clone(),
            "/api/solve",
            Some(json!({"board": small})),
            StatusCode::OK,
        ),
        call(
            "judge",
            post.clone(),
            "/api/judge",
            Some(
                json!({"problem": "segments", "input": "5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n1 3 4 4\n0 0 0 0\n0 0\n"}),
            ),
            StatusCode::OK,
        ),
        call(
            "bad gravity",
            post.clone(),
            "/api/deal",
            Some(
                json!({"rows": 4, "cols": 4, "kinds": 4, "seed": 1, "rules": {"gravity": "sideways"}}),
            ),
            StatusCode::BAD_REQUEST,
        ),
        call(
            "too large",
            post,
            "/api/hint",
            Some(json!({"board": vec![vec![1; 31]; 2]})),
            StatusCode::BAD_REQUEST,
        ),
    ]
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_thousand_mixed_requests_sixty_four_at_a_time() {
    let _alone = crate::support::ALONE.lock().await;
    let db = crate::scores::scratch("load").join("play.sqlite3");
    let scores = play::ScoreDb::open(&db).expect("a new score database");
    let address = crate::support::start_server(play::Limits::default(), Some(scores)).await;
    let rules = crate::scores::rules_of(lianliankan::Gravity::Down);
    let http = crate::support::client();
    // A ranked game, dealt, played at a person's pace (6 pairs, 200 ms
    // apart) and finished, whose score the mix sends.
    let dealt = crate::support::post(
        &http,
        address,
        "deal",
        &json!({"rows": 2, "cols": 6, "kinds": 3, "rules": {"border": "open", "gravity": "down"}}),
    )
    .await
    .unwrap();
    let ticket = dealt["ticket"].as_str().unwrap().to_owned();
    let ticket = ticket.as_str();
    let steps =
        crate::scores::cleared_steps(2, 6, 3, dealt["seed"].as_u64().unwrap(), &rules, None);
    let mut board = dealt["board"].clone();
    for step in steps {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let mut body = step.clone();
        body["board"] = board;
        body["rules"] = dealt["rules"].clone();
        body["ticket"] = json!(ticket);
        let removed = crate::support::post(&http, address, "remove", &body)
            .await
            .unwrap();
        board = removed["board"].clone();
    }
    let done = crate::support::post(&http, address, "finish", &json!({"ticket": ticket}))
        .await
        .unwrap();
    assert_eq!(done["ranked"], true, "{done}");
    let score = crate::scores::named("Load", ticket);
    let board = crate::support::post(
        &http,
        address,
        "deal",
        &json!({"rows": 8, "cols": 12, "kinds": 16, "seed": 2}),
    )
    .await
    .unwrap()["board"]
        .clone();
    let pair = crate::support::post(&http, address, "hint", &json!({"board": board}))
        .await
        .unwrap()["hint"]
        .clone();
    let small = crate::support::post(
        &http,
        address,
        "deal",
        &json!({"rows": 4, "cols": 6, "kinds": 6, "seed": 9}),
    )
    .await
    .unwrap()["board"]
        .clone();
    let calls = Arc::new(mix(&board, &pair, &small, &score));

    let next = Arc::new(AtomicUsize::new(0));
    let conflicts = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..CONCURRENCY {
        let (http, calls, next) = (http.clone(), Arc::clone(&calls), Arc::clone(&next));
        let conflicts = Arc::clone(&conflicts);
        workers.spawn(async move {
            let mut latencies = Vec::new();
            let mut errors = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= REQUESTS {
                    break;
                }
                let call = &calls[i % calls.len()];
                let sent = Instant::now();
                let answer = crate::support::request(
                    &http,
                    address,
                    call.method.clone(),
                    call.path,
                    call.body.as_ref(),
                )
                .await;
                latencies.push(sent.elapsed());
                match answer {
                    Ok((status, _)) if status == call.expect => {}
                    // One game is stored once: the score's later copies.
                    Ok((StatusCode::CONFLICT, _)) if call.name == "score" => {
                        conflicts.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok((status, body)) => errors.push(format!(
                        "{}: {status} (expected {}): {}",
                        call.name,
                        call.expect,
                        String::from_utf8_lossy(&body)
                    )),
                    Err(e) => errors.push(format!("{}: {e}", call.name)),
                }
            }
            (latencies, errors)
        });
    }
    let (mut latencies, mut errors) = (Vec::new(), Vec::new());
    let joined = tokio::time::timeout(WALL_LIMIT, async {
        while let Some(done) = workers.join_next().await {
            let (l, e) = done.expect("a worker");
            latencies.extend(l);
            errors.extend(e);
        }
    })
    .await;
    assert!(
        joined.is_ok(),
        "the load did not finish within {WALL_LIMIT:?}"
    );
    let wall = started.elapsed();
    latencies.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let report = format!(
        "play load test: {} requests ({} kinds, {CONCURRENCY} at a time) in {:.2} s, {:.0} requests/s, {} errors; \
         latency p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} build)\n",
        latencies.len(),
        calls.len(),
        wall.as_secs_f64(),
        latencies.len() as f64 / wall.as_secs_f64(),
        errors.len(),
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.90)),
        ms(percentile(&latencies, 0.99)),
        ms(*latencies.last().unwrap()),
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
    );
    // Straight to the terminal: cargo captures only print!/eprint!.
    let _ = std::io::stderr().write_all(report.as_bytes());
    let _ = std::fs::write(
        concat!(env!("CARGO_TARGET_TMPDIR"), "/play-load.txt"),
        &report,
    );
    assert_eq!(latencies.len(), REQUESTS);
    assert!(
        errors.is_empty(),
        "{} errors, the first: {:?}",
        errors.len(),
        &errors[..errors.len().min(5)]
    );
    // The score was sent many times: one 201, stored once, the rest 409.
    let submitted = (0..REQUESTS)
        .filter(|i| calls[i % calls.len()].name == "score")
        .count();
    let stored: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT count(*) FROM scores", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored, 1);
    assert_eq!(conflicts.load(Ordering::Relaxed), submitted - 1);
}
