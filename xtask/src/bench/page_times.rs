//! The first load of the play page: from the navigation's start to a
//! playable board (the page's `performance.mark("llk-playable")`, set once
//! the first deal is on the board and the engine is ready), in headless
//! Chromium driven through WebDriver (chromedriver) against the `play`
//! binary of the bench's profile on a loopback port, built with the
//! engine's package (`bench` builds it and sets `LLK_WASM_PKG`).
//!
//! Cold: a fresh browser profile (no HTTP cache, no service worker);
//! warm: the same page loaded again once the service worker controls it
//! (every file from its cache). Two pages: a link's unranked 8 × 18 deal
//! (seed 1: dealt in the page by the engine) and the first visit's page
//! (`/`: KShisen's 8 × 18, normal, a ranked deal from the server's pool,
//! which fills after the first, unmeasured, session asks for it). The how-to a first visit
//! shows is marked as seen before each measurement (it holds the deal
//! back until it is closed). Ratios are warm against cold.
//!
//! Goal (issue 59): a playable board within 1 s of the navigation on
//! localhost.

use std::fmt::Write as _;
use std::io::{BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::server_times::Server;
use super::workload::Scale;

/// The goal: a playable board within this long of the navigation.
const GOAL_MS: f64 = 1000.0;

/// The pages measured: a name for the report and the address's path.
const PAGES: [(&str, &str); 2] = [
    (
        "a link's unranked 8 × 18 deal (dealt in the page)",
        "/?rows=8&cols=18&kinds=36&turns=2&border=open&gravity=down&groups=&deal=solvable&seed=1",
    ),
    (
        "the first visit: 8 × 18 normal, ranked (the server's pool)",
        "/",
    ),
];

/// The rated deals the server keeps made ahead a setting: enough for
/// every session's two loads of the first visit's page, so that each is
/// dealt from the pool (as a player's first visit is on a server that has
/// run a while), not rated while the page waits.
const POOL: usize = 16;

/// How long the pool is given to fill after the first session.
const POOL_FILL: Duration = Duration::from_secs(30);

/// A process killed when dropped (chromedriver).
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `program` on the PATH.
fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// A port that was free a moment ago.
fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

/// One WebDriver command: `method path` with a JSON body on the driver at
/// `port`; its `value`, or the driver's error.
fn call(port: u16, method: &str, path: &str, body: &Value) -> Result<Value, String> {
    let mut stream =
        TcpStream::connect(("127.0.0.1", port)).map_err(|e| format!("chromedriver: {e}"))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(|e| e.to_string())?;
    let body = body.to_string();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| format!("chromedriver: {e}"))?;
    // The driver keeps the connection open: the body is read by its
    // length.
    let mut reader = BufReader::new(stream);
    let length =
        crate::run::content_length(&mut reader).map_err(|e| format!("chromedriver: {e}"))?;
    let mut body = vec![0; length];
    reader
        .read_exact(&mut body)
        .map_err(|e| format!("chromedriver: {e}"))?;
    let json = String::from_utf8_lossy(&body);
    let value: Value =
        serde_json::from_str(json.trim()).map_err(|e| format!("chromedriver: {e} in {json:?}"))?;
    if let Some(error) = value["value"]["error"].as_str() {
        return Err(format!(
            "chromedriver {method} {path}: {error}: {}",
            value["value"]["message"]
        ));
    }
    Ok(value["value"].clone())
}

/// A headless Chromium session with a fresh profile (desktop size).
struct Session {
    port: u16,
    id: String,
}

impl Session {
    fn new(port: u16, chromium: &Path) -> Result<Session, String> {
        let caps = json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900"],
        }}}});
        let value = call(port, "POST", "/session", &caps)?;
        let id = value["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session: {value}"))?
            .to_owned();
        Ok(Session { port, id })
    }

    fn go(&self, url: &str) -> Result<(), String> {
        call(
            self.port,
            "POST",
            &format!("/session/{}/url", self.id),
            &json!({ "url": url }),
        )
        .map(|_| ())
    }

    fn js(&self, script: &str) -> Result<Value, String> {
        call(
            self.port,
            "POST",
            &format!("/session/{}/execute/sync", self.id),
            &json!({"script": script, "args": []}),
        )
    }

    /// Waits until `script` returns something other than null; returns it.
    fn until(&self, script: &str, what: &str) -> Result<Value, String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let value = self.js(script)?;
            if !value.is_null() {
                return Ok(value);
            }
            if Instant::now() > deadline {
                return Err(format!("the page: no {what} within 60 s"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Loads `url` and returns the milliseconds from the navigation's
    /// start to the playable board.
    fn playable_after(&self, url: &str) -> Result<f64, String> {
        self.go(url)?;
        let ms = self.until(
            "const m = performance.getEntriesByName('llk-playable'); \
             return m.length ? m[0].startTime : null;",
            "playable board",
        )?;
        let engine = self.js("return document.documentElement.dataset.engine;")?;
        if engine != "local" {
            return Err(format!(
                "the page plays on the {engine} engine: play was built without the package"
            ));
        }
        ms.as_f64().ok_or_else(|| format!("not a time: {ms}"))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = call(
            self.port,
            "DELETE",
            &format!("/session/{}", self.id),
            &json!({}),
        );
    }
}

/// One session's cold and warm loads of `path`: the how-to marked seen on
/// another page of the site first, then the page (cold), then, once the
/// service worker controls it, the page again (warm).
fn cold_and_warm(
    driver: u16,
    chromium: &Path,
    site: &str,
    path: &str,
) -> Result<(f64, f64), String> {
    let session = Session::new(driver, chromium)?;
    session.go(&format!("http://{site}/manifest.webmanifest"))?;
    session.js("localStorage.setItem('lianliankan-howto', 'seen'); return null;")?;
    let url = format!("http://{site}{path}");
    let cold = session.playable_after(&url)?;
    session.until(
        "return navigator.serviceWorker.controller !== null ? true : null;",
        "service worker in control",
    )?;
    let warm = session.playable_after(&url)?;
    Ok((cold, warm))
}

/// The median of `times`.
fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The page section of the report, measured at `scale` with the `play`
/// binary `play`; `judged` says whether the goal is checked.
pub fn section(play: &Path, out_dir: &Path, scale: Scale, judged: bool) -> Result<String, String> {
    let sessions = match scale {
        Scale::Full => 7,
        Scale::Quick => 1,
    };
    let (Some(chromedriver), Some(chromium)) = (find("chromedriver"), find("chromium")) else {
        return Err(
            "the page bench needs chromedriver and chromium on the PATH (`cargo xtask system-packages`)"
                .to_owned(),
        );
    };
    let server = Server::start(play, out_dir, "page-bench.sqlite3", POOL)?;
    let site = server.address.clone();
    let port = free_port()?;
    let _driver = Killed(
        Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", chromedriver.display()))?,
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    while call(port, "GET", "/status", &json!({})).is_err() {
        if Instant::now() > deadline {
            return Err("chromedriver did not answer within 10 s".to_owned());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // The first session is not measured: it asks the server for the first
    // visit's setting, whose pool of rated deals then fills.
    let _ = cold_and_warm(port, &chromium, &site, PAGES[1].1)?;
    if scale == Scale::Full {
        std::thread::sleep(POOL_FILL);
    }
    let mut text = String::new();
    let _ = writeln!(
        text,
        "\n## The page: first load to a playable board\n\n\
         Headless Chromium through WebDriver against the `play` binary on localhost, the engine \
         embedded: milliseconds from the navigation's start to the page's `llk-playable` mark (the \
         first deal on the board, the engine ready); median of {sessions} fresh profiles each. Cold: \
         nothing cached; warm: the same page again from the service worker's cache.\n\n\
         | page | cold | warm | warm / cold |\n|---|---:|---:|---:|"
    );
    let mut worst = 0f64;
    for (name, path) in PAGES {
        let (mut colds, mut warms) = (Vec::new(), Vec::new());
        for _ in 0..sessions {
            let (cold, warm) = cold_and_warm(port, &chromium, &site, path)?;
            colds.push(cold);
            warms.push(warm);
        }
        let (cold, warm) = (median(&mut colds), median(&mut warms));
        worst = worst.max(cold).max(warm);
        let _ = writeln!(
            text,
            "| {name} | {cold:.0} ms | {warm:.0} ms | {:.2} |",
            warm / cold.max(1e-9)
        );
    }
    let verdict = match (judged, worst <= GOAL_MS) {
        (false, _) => "not judged",
        (true, true) => "met",
        (true, false) => "NOT MET",
    };
    let _ = writeln!(
        text,
        "\nGoal: a playable board ≤ 1 s after the navigation: {verdict}."
    );
    Ok(text)
}
