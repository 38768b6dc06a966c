//! A hint from the WebAssembly package beside the native library's: the
//! package built (`cargo xtask wasm`), then on the same deals (8×18, 36
//! kinds in groups of four, KShisen's rules, made by `generate` with seeds
//! 1 to 20) the native `Game::hint_path` timed in this process, the
//! package's `Board.hint` in Node (crates/lianliankan-wasm/tests/bench.mjs,
//! in an npm project that installed the package) and in headless Chromium
//! (tests/bench.html, served as the checks' page is). Each gives the best
//! of its rounds, per hint, and its hints, which must be the native ones.
//! Ratios are against the native row.
//!
//! Goal (issue 59): a hint in Chromium at most 2 ms on 8×18.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use lianliankan::{Board, Game, GenerateSpec, Rules, generate};
use serde_json::{Value, json};

use super::workload::Scale;
use crate::run::target_dir;

/// The deals' size and kinds, and how many.
const ROWS: usize = 8;
const COLS: usize = 18;
const KINDS: u32 = 36;
const DEALS: u64 = 20;

/// The goal: a hint in Chromium at most this long.
const GOAL: Duration = Duration::from_millis(2);

/// The section of the report.
pub fn section(scale: Scale, judged: bool) -> Result<String, String> {
    // Each round of Node and Chromium passes over the deals 50 times
    // (tests/timing.mjs); the native rounds pass once, on a precise clock.
    let rounds: u32 = match scale {
        Scale::Full => 40,
        Scale::Quick => 2,
    };
    let rules = Rules::kshisen();
    let mut boards = Vec::new();
    for seed in 1..=DEALS {
        let spec = GenerateSpec::new(ROWS, COLS, KINDS)
            .with_seed(seed)
            .with_rules(rules.clone());
        boards.push(
            generate(&spec)
                .map_err(|e| format!("deal {seed}: {e}"))?
                .board,
        );
    }
    let (native, hints) = native_hints(&boards, &rules, rounds);
    let built = crate::wasm::build()?;
    let dir = target_dir().join("bench").join("wasm");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let deals = dir.join("deals.json");
    let rows: Vec<Vec<Vec<u32>>> = boards.iter().map(|b| Vec::from(b.clone())).collect();
    let input =
        json!({"rules": {"border": "open", "gravity": "down"}, "deals": rows, "rounds": rounds});
    std::fs::write(&deals, input.to_string()).map_err(|e| format!("{}: {e}", deals.display()))?;
    let project = crate::wasm_check::npm_project(&dir, &built.pkg)?;
    let tests = crate::wasm_check::crate_tests();

    let mut node = std::process::Command::new("node");
    node.arg(tests.join("bench.mjs")).arg(&project).arg(&deals);
    let node_out = crate::run::output(node)?;
    let node_time = read_result("Node", &node_out, &hints)?;
    let page_out =
        crate::wasm_check::in_chromium(&built.pkg, &tests, &deals, &deals, "bench.html")?;
    let chromium_time = read_result("Chromium", &page_out, &hints)?;

    let per = |d: Duration| format!("{:.1} µs", d.as_secs_f64() * 1e6);
    let ratio = |d: Duration| format!("{:.2}", d.as_secs_f64() / native.as_secs_f64().max(1e-12));
    let mut text = String::new();
    let _ = writeln!(
        text,
        "\n## WebAssembly: a hint on {ROWS}×{COLS}\n\n\
         `Board.hint` of the WebAssembly package (`lianliankan-wasm`, the `wasm` profile) on \
         {DEALS} deals of {ROWS}×{COLS}, {KINDS} kinds, KShisen's rules (`generate`, seeds 1 to \
         {DEALS}), beside the native `Game::hint_path` in this process; best of {rounds} rounds \
         (a round of Node and Chromium: 50 passes over the deals), per hint; every face's hints checked against the native ones. \
         The .wasm: {:.1} KB gzipped.\n\n\
         | face | per hint | ratio to native |\n|---|---:|---:|",
        built.gzipped as f64 / 1024.0
    );
    let _ = writeln!(text, "| native Rust | {} | 1.00 |", per(native));
    let _ = writeln!(
        text,
        "| Node (wasm) | {} | {} |",
        per(node_time),
        ratio(node_time)
    );
    let _ = writeln!(
        text,
        "| Chromium (wasm) | {} | {} |",
        per(chromium_time),
        ratio(chromium_time)
    );
    let verdict = match (judged, chromium_time <= GOAL) {
        (false, _) => "not judged",
        (true, true) => "met",
        (true, false) => "NOT MET",
    };
    let _ = writeln!(text, "\nGoal: a hint in Chromium ≤ 2 ms: {verdict}.");
    Ok(text)
}

/// The best per-hint time of the native library over `rounds` rounds of
/// every board, and the hints (as the package writes them, `[a, b]` of
/// each, or null).
fn native_hints(boards: &[Board], rules: &Rules, rounds: u32) -> (Duration, Value) {
    let games: Vec<Game> = boards
        .iter()
        .map(|b| Game::new(b.clone(), rules.clone()))
        .collect();
    let hints: Vec<Value> = games
        .iter()
        .map(|g| {
            g.hint_path().map_or(Value::Null, |(m, _)| {
                json!([[m.a().row, m.a().col], [m.b().row, m.b().col]])
            })
        })
        .collect();
    let mut best = Duration::MAX;
    for _ in 0..rounds {
        let started = Instant::now();
        for game in &games {
            std::hint::black_box(game.hint_path());
        }
        best = best.min(started.elapsed());
    }
    (best / boards.len() as u32, Value::Array(hints))
}

/// The per-hint time in a face's result (`{"perHintMs": x, "hints": [...]}`),
/// after checking its hints are `want`.
fn read_result(face: &str, text: &str, want: &Value) -> Result<Duration, String> {
    let line = text
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with('{'))
        .unwrap_or(text);
    let result: Value = serde_json::from_str(line.trim())
        .map_err(|e| format!("{face}: no result in {text:?}: {e}"))?;
    if result.get("hints") != Some(want) {
        return Err(format!(
            "{face}: its hints are not the native library's: {line}"
        ));
    }
    let ms = result
        .get("perHintMs")
        .and_then(Value::as_f64)
        .ok_or_else(|| format!("{face}: no perHintMs in {line}"))?;
    Ok(Duration::from_secs_f64(ms / 1000.0))
}
