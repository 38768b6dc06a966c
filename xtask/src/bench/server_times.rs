//! The play server under load: how long a light request (a pick, a plain
//! deal, a table of scores) waits when nothing else runs, and while four
//! 16 × 30 hard deals (ratings: seconds of heavy work each, the pool of
//! rated deals off so that each is searched live) are in flight. Goal: a
//! light request's p99 under that load ≤ 50 ms. The ratio of the loaded
//! p99 to the idle one says what the heavy work costs a player. Then, with
//! the pool on, how long a ranked deal of the first visit's setting (8 ×
//! 18, normal) takes once the pool has it: goal ≤ 100 ms at the 95th
//! percentile.
//!
//! The server is the `play` binary of the bench's own profile, started on
//! a free loopback port with a database of its own; each request is
//! HTTP/1.0 on a connection of its own, as simple a client as can be.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::workload::Scale;

/// The goal for a light request's p99 under load.
const GOAL: Duration = Duration::from_millis(50);

/// The heavy deals in flight at once.
const HEAVY: usize = 4;

/// The `play` binary serving on a free port, killed when dropped (the
/// server bench's and the page bench's).
pub(super) struct Server {
    child: Child,
    /// `host:port`.
    pub(super) address: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Starts the `play` binary on a free port with a fresh database
    /// `db_name` in `out_dir`, keeping `pool` rated deals a setting.
    pub(super) fn start(
        binary: &Path,
        out_dir: &Path,
        db_name: &str,
        pool: usize,
    ) -> Result<Server, String> {
        let db = out_dir.join(db_name);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
        let mut child = Command::new(binary)
            .args(["--port", "0", "--pool", &pool.to_string(), "--db"])
            .arg(&db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let mut line = String::new();
        let stdout = child.stdout.take().ok_or("no stdout")?;
        BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(|e| format!("play: {e}"))?;
        let address = line
            .strip_prefix("play: serving on http://")
            .and_then(|rest| rest.split('/').next())
            .ok_or_else(|| format!("play's first line: {line:?}"))?
            .to_owned();
        Ok(Server { child, address })
    }

    /// One request: its status and body.
    fn request(&self, method: &str, path: &str, body: &str) -> Result<(u16, String), String> {
        let mut stream = TcpStream::connect(&self.address).map_err(|e| format!("connect: {e}"))?;
        write!(
            stream,
            "{method} {path} HTTP/1.0\r\nHost: bench\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .map_err(|e| format!("send: {e}"))?;
        let mut answer = String::new();
        stream
            .read_to_string(&mut answer)
            .map_err(|e| format!("receive: {e}"))?;
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = answer.split("\r\n\r\n").nth(1).unwrap_or("").to_owned();
        Ok((status, body))
    }
}

/// The light requests, taken in turn: a pick on an 8 × 18 board, a plain
/// 8 × 18 deal, the table of a setting.
fn light_requests(server: &Server) -> Result<Vec<(&'static str, String, String)>, String> {
    let deal = r#"{"rows": 8, "cols": 18, "kinds": 36, "seed": 7,
                   "rules": {"border": "open", "gravity": "down"}}"#;
    let (status, dealt) = server.request("POST", "/api/deal", deal)?;
    if status != 200 {
        return Err(format!("a plain deal: {status} {dealt}"));
    }
    let dealt: serde_json::Value =
        serde_json::from_str(&dealt).map_err(|e| format!("a plain deal's answer: {e}"))?;
    let pick = serde_json::json!({
        "board": dealt["board"],
        "rules": {"border": "open", "gravity": "down"},
        "a": [0, 0],
        "b": [0, 1],
    })
    .to_string();
    Ok(vec![
        ("POST", "/api/remove".to_owned(), pick),
        ("POST", "/api/deal".to_owned(), deal.to_owned()),
        (
            "GET",
            "/api/scores?rows=8&cols=18&kinds=36&turns=2&border=open&gravity=down&groups="
                .to_owned(),
            String::new(),
        ),
    ])
}

/// `count` light requests in turn, one after another: their times.
fn time_light(server: &Server, count: usize) -> Result<Vec<Duration>, String> {
    let requests = light_requests(server)?;
    let mut times = Vec::with_capacity(count);
    for i in 0..count {
        let (method, path, body) = &requests[i % requests.len()];
        let started = Instant::now();
        let (status, answer) = server.request(method, path, body)?;
        times.push(started.elapsed());
        if status != 200 {
            return Err(format!("{method} {path}: {status} {answer}"));
        }
    }
    Ok(times)
}

/// The `p`-th quantile of `times` (nearest rank).
fn quantile(times: &[Duration], p: f64) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

/// The server section of the report, measured at `scale` with the `play`
/// binary `play`; `judged` says whether the goal is checked.
pub fn section(play: &Path, out_dir: &Path, scale: Scale, judged: bool) -> Result<String, String> {
    let (count, heavy_deal) = match scale {
        Scale::Full => (
            300,
            r#"{"rows": 16, "cols": 30, "kinds": 42, "difficulty": "hard",
                "rules": {"border": "open", "gravity": "down"}}"#,
        ),
        Scale::Quick => (
            30,
            r#"{"rows": 6, "cols": 8, "kinds": 12, "difficulty": "hard",
                "rules": {"border": "open", "gravity": "down"}}"#,
        ),
    };
    let server = Server::start(play, out_dir, "server-bench.sqlite3", 0)?;
    let idle = time_light(&server, count)?;
    let stop = AtomicBool::new(false);
    let (loaded, heavy_done) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..HEAVY)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = 0usize;
                    while !stop.load(Ordering::SeqCst) {
                        match server.request("POST", "/api/deal", heavy_deal) {
                            Ok((200 | 503, _)) => done += 1,
                            Ok((status, body)) => {
                                return Err(format!("a hard deal: {status} {body}"));
                            }
                            Err(e) => return Err(e),
                        }
                    }
                    Ok(done)
                })
            })
            .collect();
        // Let the heavy deals start before the light requests are timed.
        std::thread::sleep(Duration::from_millis(300));
        let loaded = time_light(&server, count);
        stop.store(true, Ordering::SeqCst);
        let done: Result<Vec<usize>, String> = workers
            .into_iter()
            .map(|w| w.join().map_err(|_| "a heavy client panicked".to_owned())?)
            .collect();
        (loaded, done)
    });
    let loaded = loaded?;
    let heavy_done: usize = heavy_done?.iter().sum();
    let (idle_p99, loaded_p50, loaded_p99) = (
        quantile(&idle, 0.99),
        quantile(&loaded, 0.5),
        quantile(&loaded, 0.99),
    );
    drop(server);
    let ratio = loaded_p99.as_secs_f64() / idle_p99.as_secs_f64().max(1e-6);
    let mut out = String::new();
    writeln!(
        out,
        "\nServer: {count} light requests in turn (a pick on 8×18, a plain 8×18 deal, a table), \
         alone and while {HEAVY} clients keep a hard deal each in flight ({heavy_done} hard deals \
         answered meanwhile); goal: p99 under load ≤ {} ms.\n",
        GOAL.as_millis()
    )
    .unwrap();
    out.push_str(
        "| light requests | p50 | p99 | p99 / p99 alone | goal |\n|---|---:|---:|---:|---|\n",
    );
    writeln!(
        out,
        "| alone | {} | {} | 1.0 | |",
        millis(quantile(&idle, 0.5)),
        millis(idle_p99)
    )
    .unwrap();
    writeln!(
        out,
        "| under {HEAVY} hard deals | {} | {} | {ratio:.1} | {} |",
        millis(loaded_p50),
        millis(loaded_p99),
        match (judged, loaded_p99 <= GOAL) {
            (false, _) => "not judged (not a full release run)",
            (true, true) => "met",
            (true, false) => "NOT met",
        }
    )
    .unwrap();
    // The pool's deals of 8 × 18 take minutes to make in a dev build: the
    // quick bench leaves them out (the API tests check the pool).
    if scale == Scale::Full {
        let pooled = pooled_deals(play, out_dir)?;
        if pooled.is_empty() {
            // The pool's threads run at the lowest priority: on a machine
            // busy with other work they may not have made a deal again.
            out.push_str(
                "\nRanked deals from a full pool: the pool had not made a deal again within 10 s \
                 (its threads run at the lowest priority; other work on the machine comes first).\n",
            );
            return Ok(out);
        }
        let pooled_p95 = quantile(&pooled, 0.95);
        writeln!(
            out,
            "\nRanked deals of 8×18, normal, taken from a full pool ({} deals): p50 {}, p95 {}; \
             goal p95 ≤ {} ms: {}.",
            pooled.len(),
            millis(quantile(&pooled, 0.5)),
            millis(pooled_p95),
            POOLED_GOAL.as_millis(),
            if !judged {
                "not judged (not a full release run)"
            } else if pooled_p95 <= POOLED_GOAL {
                "met"
            } else {
                "NOT met"
            }
        )
        .unwrap();
    }
    Ok(out)
}

/// The goal for a ranked deal of a difficulty the pool has ready.
const POOLED_GOAL: Duration = Duration::from_millis(100);

/// Times ranked deals of the first visit's setting taken from the pool:
/// a server with the pool on is started, and asked for such deals every
/// half second until one comes from the pool (it fills as it starts);
/// then the pool's next deals are timed (those it has ready: it keeps
/// three a setting).
fn pooled_deals(play: &Path, out_dir: &Path) -> Result<Vec<Duration>, String> {
    let server = Server::start(play, out_dir, "server-bench.sqlite3", 3)?;
    let deal = r#"{"rows": 8, "cols": 18, "kinds": 36, "difficulty": "normal",
                   "rules": {"border": "open", "gravity": "down"}}"#;
    let pooled = |answer: &str| answer.contains(r#""pooled":true"#);
    let patience = Duration::from_secs(120);
    let started = Instant::now();
    loop {
        let (status, answer) = server.request("POST", "/api/deal", deal)?;
        if status != 200 {
            return Err(format!("a ranked deal: {status} {answer}"));
        }
        if pooled(&answer) {
            break;
        }
        if started.elapsed() > patience {
            return Err(format!("no pooled deal after {patience:?}"));
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    // The pool made more while the first was found; let it fill again.
    std::thread::sleep(Duration::from_secs(10));
    let mut times = Vec::new();
    for _ in 0..3 {
        let timed = Instant::now();
        let (status, answer) = server.request("POST", "/api/deal", deal)?;
        let took = timed.elapsed();
        if status != 200 {
            return Err(format!("a ranked deal: {status} {answer}"));
        }
        if pooled(&answer) {
            times.push(took);
        }
    }
    Ok(times)
}

fn millis(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}
