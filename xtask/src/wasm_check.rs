//! `cargo xtask wasm-check`, the WebAssembly step of `cargo xtask test`:
//! 1. the package built (`cargo xtask wasm`; `cargo xtask test` builds it
//!    at its start, see [`check`]) and its size asserted (at
//!    most [`MAX_GZIPPED`] gzipped);
//! 2. the answers of the native library on seeded cases written to
//!    `target/wasm/check/expected.json` (see [`crate::wasm_answers`]);
//! 3. a fresh npm project in `target/wasm/check/project` that
//!    `npm install`s the package folder offline (copied, not linked);
//! 4. the package imported by name from an ES module and from CommonJS
//!    there (its version checked), then
//!    `crates/lianliankan-wasm/tests/node.mjs` run in it: the checks of
//!    `tests/checks.mjs` (the conformance fixture shared by every face,
//!    the native answers, bad inputs thrown as named errors) in Node;
//!    Then the TypeScript declarations and the docs' examples
//!    type-checked there, and the Node examples run (see
//!    [`crate::wasm_types`]);
//! 5. the same checks in headless Chromium: `tests/page.html` served by a
//!    small HTTP server here, which the page posts its result back to.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::run::{step, target_dir, workspace_root};
use crate::wasm::{self, MAX_GZIPPED, PACKAGE};

/// How long the page may take to load and run its checks.
const PAGE_TIMEOUT: Duration = Duration::from_secs(120);

/// `cargo xtask wasm-check`.
pub fn run(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!("`wasm-check` takes no arguments, got `{extra}`"));
    }
    check(&wasm::build()?)
}

/// Steps 1 (the size) to 5 on a package already built (`cargo xtask
/// test` builds it first, for play to embed).
pub fn check(built: &wasm::Built) -> Result<(), String> {
    if built.gzipped > MAX_GZIPPED {
        return Err(format!(
            "the .wasm is {} bytes gzipped, over the {MAX_GZIPPED} allowed",
            built.gzipped
        ));
    }
    let check = target_dir().join("wasm").join("check");
    fs::create_dir_all(&check).map_err(|e| format!("{}: {e}", check.display()))?;
    let expected = check.join("expected.json");
    let answers = crate::wasm_answers::expected()?;
    fs::write(&expected, answers).map_err(|e| format!("{}: {e}", expected.display()))?;
    let project = npm_project(&check, &built.pkg)?;
    let tests = crate_tests();
    let fixture = fixture();

    imports_in_node(&project)?;
    crate::wasm_types::check(&project)?;
    let mut node = Command::new("node");
    node.arg(tests.join("node.mjs"))
        .arg(&project)
        .arg(&fixture)
        .arg(&expected);
    step(node).map_err(|e| format!("{e}: the checks failed in Node (node must be on the PATH)"))?;

    println!("==> the same checks in headless Chromium");
    let started = Instant::now();
    let report = in_chromium(&built.pkg, &tests, &fixture, &expected, "page.html")?;
    println!("    {report}");
    println!("    ({:.1} s)", started.elapsed().as_secs_f64());
    if !report.starts_with("ok") {
        return Err(format!("the checks failed in Chromium: {report}"));
    }
    Ok(())
}

/// Imports the package by its name from an ES module and from CommonJS
/// in `project`, as a user's code would (package.json's `exports` picks the
/// Node build for both), and checks the version each reports.
fn imports_in_node(project: &Path) -> Result<(), String> {
    let files = [
        (
            "import.mjs",
            "import llk from \"lianliankan-wasm\";\nconsole.log(llk.version());\n",
        ),
        (
            "require.cjs",
            "console.log(require(\"lianliankan-wasm\").version());\n",
        ),
    ];
    for (name, text) in files {
        let file = project.join(name);
        fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
        let mut node = Command::new("node");
        node.current_dir(project).arg(name);
        let printed = crate::run::output(node)
            .map_err(|e| format!("{e}: the package does not load in Node from {name}"))?;
        if printed.trim() != lianliankan::VERSION {
            return Err(format!(
                "{name}: the package reports version {:?}, the library {}",
                printed.trim(),
                lianliankan::VERSION
            ));
        }
    }
    Ok(())
}

/// The crate's JavaScript tests.
pub fn crate_tests() -> PathBuf {
    workspace_root().join("crates").join(PACKAGE).join("tests")
}

/// The conformance fixture every face runs.
fn fixture() -> PathBuf {
    workspace_root()
        .join("fixtures")
        .join("conformance")
        .join("rules.tsv")
}

/// A fresh npm project in `dir/project` with the package at `pkg`
/// installed offline (copied: `--install-links`).
pub fn npm_project(dir: &Path, pkg: &Path) -> Result<PathBuf, String> {
    let project = dir.join("project");
    if project.exists() {
        fs::remove_dir_all(&project).map_err(|e| format!("{}: {e}", project.display()))?;
    }
    fs::create_dir_all(&project).map_err(|e| format!("{}: {e}", project.display()))?;
    fs::write(
        project.join("package.json"),
        "{\"name\": \"wasm-check\", \"version\": \"1.0.0\", \"private\": true}\n",
    )
    .map_err(|e| format!("{}: {e}", project.display()))?;
    let mut npm = Command::new("npm");
    npm.current_dir(&project)
        .args([
            "install",
            "--offline",
            "--install-links",
            "--no-audit",
            "--no-fund",
            "--ignore-scripts",
        ])
        .arg(pkg);
    step(npm).map_err(|e| format!("{e}: npm (with node) must be on the PATH"))?;
    Ok(project)
}

/// Serves the package, the tests, the fixture and the expected answers,
/// opens `page` (under the tests) in headless Chromium, and returns what
/// the page posts to `/result` (`ok ...` when every check passed).
pub fn in_chromium(
    pkg: &Path,
    tests: &Path,
    fixture: &Path,
    expected: &Path,
    page: &str,
) -> Result<String, String> {
    let listener =
        TcpListener::bind("127.0.0.1:0").map_err(|e| format!("cannot open a port: {e}"))?;
    let port = listener
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?
        .port();
    let routes = Routes {
        pkg: pkg.to_path_buf(),
        tests: tests.to_path_buf(),
        fixture: fixture.to_path_buf(),
        expected: expected.to_path_buf(),
    };
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            if let Some(result) = serve(stream, &routes) {
                let _ = sender.send(result);
            }
        }
    });
    let profile = target_dir().join("wasm").join("chromium-profile");
    let _ = fs::remove_dir_all(&profile);
    let browser = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--remote-debugging-port=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("http://127.0.0.1:{port}/tests/{page}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start chromium (it must be on the PATH): {e}"))?;
    let browser = Browser(browser);
    let result = receiver.recv_timeout(PAGE_TIMEOUT).map_err(|_| {
        format!(
            "the page {page} posted no result within {} s",
            PAGE_TIMEOUT.as_secs()
        )
    });
    drop(browser);
    result
}

/// The browser process, killed when dropped.
struct Browser(Child);

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// What the test server serves.
struct Routes {
    pkg: PathBuf,
    tests: PathBuf,
    fixture: PathBuf,
    expected: PathBuf,
}

/// Answers one request: a file (GET), or the page's result (POST
/// `/result`), which it returns.
fn serve(mut stream: TcpStream, routes: &Routes) -> Option<String> {
    let mut reader = BufReader::new(stream.try_clone().ok()?);
    let mut request = String::new();
    reader.read_line(&mut request).ok()?;
    let length = crate::run::content_length(&mut reader).ok()?;
    let mut parts = request.split_whitespace();
    let (method, target) = (parts.next()?, parts.next()?);
    let path = target.split('?').next().unwrap_or(target);
    if method == "POST" && path == "/result" {
        let mut body = vec![0; length];
        reader.read_exact(&mut body).ok()?;
        let _ = stream.write_all(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
        return Some(String::from_utf8_lossy(&body).into_owned());
    }
    let file = match path {
        "/fixture" => Some(routes.fixture.clone()),
        "/expected" => Some(routes.expected.clone()),
        _ => path
            .strip_prefix("/pkg/")
            .map(|rest| (routes.pkg.clone(), rest))
            .or_else(|| {
                path.strip_prefix("/tests/")
                    .map(|rest| (routes.tests.clone(), rest))
            })
            .filter(|(_, rest)| !rest.split('/').any(|part| part == ".." || part.is_empty()))
            .map(|(root, rest)| root.join(rest)),
    };
    let body = file.as_ref().and_then(|f| fs::read(f).ok());
    let response = match body {
        Some(body) => {
            let kind = match file
                .as_ref()
                .and_then(|f| f.extension())
                .and_then(|e| e.to_str())
            {
                Some("html") => "text/html; charset=utf-8",
                Some("js" | "mjs") => "text/javascript; charset=utf-8",
                Some("wasm") => "application/wasm",
                Some("json") => "application/json",
                _ => "text/plain; charset=utf-8",
            };
            let mut head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
                body.len()
            )
            .into_bytes();
            head.extend(body);
            head
        }
        None => {
            b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_vec()
        }
    };
    let _ = stream.write_all(&response);
    None
}
