//! `cargo xtask bench`: the solvers' speed on seeded worst-case inputs,
//! against reading and parsing alone and against the brute-force baselines,
//! with every answer checked against the baseline's.
//!
//! What is timed, for each workload (see `report::NOTES`):
//! - the solver binary on the generated file, as a whole process;
//! - `xtask bench-parse`, the same reading and parsing code with no
//!   answering, as a whole process of the same profile (timed in process,
//!   parsing looked twice as fast: a warm heap skips the page faults a fresh
//!   process pays, so process against process is the fair comparison);
//! - `xtask bench-parse --scan`, the same process running a minimal
//!   byte-scanning parser instead (read the file, sum every number in it,
//!   validate nothing): the floor any reader of the input pays;
//! - the baseline and the solver library in process, whole input and
//!   answering only.
//!
//! `cargo xtask` itself is a dev build, and in-process timings must come
//! from optimised code. So the full bench builds the solver binaries *and
//! xtask* with `--release` (the workspace's release profile, fat LTO) and
//! runs `<target>/release/xtask bench-run`, which does all the measuring.
//! The quick bench (`--quick`) checks the bench and the answers on small
//! inputs in seconds: it builds the dev profile (a clean fat-LTO release
//! build takes minutes on two cores) and measures in this process, so its
//! times say nothing about speed.
//!
//! The measuring process finds the solver binaries next to its own
//! executable (cargo puts a profile's binaries in one directory, wherever
//! `CARGO_TARGET_DIR` points) and writes the inputs, the expected outputs
//! and the report to `<target>/bench/`.
//!
//! # Modules
//!
//! Dependencies run one way, so each layer reads on its own (the test
//! `modules_depend_one_way` keeps it so):
//! - `measure` (repeated timings) and then `workload` (what a workload is:
//!   `Workload`, `Scale`, `Goal`, `Answers`, `Pass`) are the leaves; neither
//!   names a puzzle.
//! - `lianliankan_workloads`, `segments_workloads`, `solitaire_workloads`:
//!   each puzzle's own workloads (`workloads(scale)`), its seeded input
//!   generators (`judge_input`) and its parse, solver and baseline passes.
//!   They use `workload` and nothing else of the bench.
//! - `report` renders outcomes; this module lists the puzzles' workloads
//!   in the report's order and measures them.
//! - `engine_times`: the lianliankan engine's absolute times (generate and
//!   solve under every gravity mode, random deals), a table of its own,
//!   and `solve` against its baseline (a plain depth-first search over
//!   positions with a memo of failed ones, written there on the library's
//!   public API).
//! - `rating_times`: the rating's absolute times (`rate` on random deals,
//!   `generate_rated` asked for a hard deal), a table of its own.
//! - `server_times`: the play binary's light requests (a pick, a plain
//!   deal, a table) alone and while four hard deals are in flight.
//! - `wasm_times`: a hint from the WebAssembly package in Node and in
//!   Chromium beside the native library's (full runs and `--only wasm`).
//! - `page_times`: the play page's first load to a playable board in
//!   headless Chromium, cold and from the service worker's cache (full runs
//!   and `--only page`; play built with the engine's package).
//!
//! The puzzle modules are not named after their puzzles so that, in every
//! file here, a bare `lianliankan::`, `segments::` or `solitaire::` path
//! means the library: with a module `lianliankan` in scope, the same path
//! means the bench's module in one file and the library in another, and the
//! compiler does not object when both have an item of that name (the bench
//! once had a `lianliankan::generate` beside the library's).

mod engine_times;
mod face_calls;
mod lianliankan_workloads;
mod measure;
mod page_times;
mod rating_times;
mod report;
mod segments_workloads;
mod server_times;
mod solitaire_workloads;
mod wasm_times;
mod workload;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::packages::SOLVERS;
use crate::run::{cargo, step};
use measure::Timing;
use report::Outcome;
use workload::{Answers, Scale, Workload};

/// Every workload at `scale`, in the report's order: each puzzle's own,
/// puzzle after puzzle.
fn workloads(scale: Scale) -> Vec<Workload> {
    [
        lianliankan_workloads::workloads,
        segments_workloads::workloads,
        solitaire_workloads::workloads,
    ]
    .into_iter()
    .flat_map(|list| list(scale))
    .collect()
}

/// `cargo xtask bench [--quick] [--only NAME,...]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args)?;
    let scale = options.scale;
    // The page's section loads the page with the engine in it: play is
    // built with the package (a full run, or `--only page`).
    if (options.only.is_empty() && scale == Scale::Full) || options.only.iter().any(|n| n == "page")
    {
        let built = crate::wasm::build()?;
        crate::run::set_engine_package(&built.pkg);
    }
    let mut build = cargo();
    build.arg("build");
    for package in SOLVERS {
        build.args(["-p", package]);
    }
    // The server section times the play binary.
    build.args(["-p", "play"]);
    match scale {
        Scale::Quick => {
            // The dev binaries as `cargo test --workspace` builds them
            // (the integration tests run the solvers' and play's
            // binaries), with the features the whole workspace's tests
            // unify: after the tests, as in `cargo xtask test`, nothing is
            // built again (`cargo build -p ...` would unify fewer features
            // and build tokio, axum and our crates a second time: 69 s
            // cold).
            let mut built = cargo();
            built.args(["test", "--workspace", "--no-run"]);
            step(built)?;
            measure_all(&options)
        }
        Scale::Full => {
            build.args(["-p", "xtask", "--release"]);
            step(build)?;
            let exe = own_dir()?
                .parent()
                .ok_or("no target directory")?
                .join("release")
                .join(exe_name("xtask"));
            let mut inner = Command::new(exe);
            inner.arg("bench-run").args(args);
            step(inner)
        }
    }
}

/// `xtask bench-run [--quick] [--only NAME,...]`: the measuring half of
/// `bench`, meant to run in a release build made by `cargo xtask bench`.
pub fn run_measurements(args: &[String]) -> Result<(), String> {
    measure_all(&Options::parse(args)?)
}

/// `xtask bench-parse [--scan] NAME FILE`: reads FILE and parses it as
/// workload NAME's input with the project's reader, answering nothing, and
/// prints a checksum of what was read: the parse-only program that `bench`
/// times against the solver binary. With `--scan`, the minimal scanner
/// ([`scan`]) reads it instead, whatever the workload.
pub fn parse_only(args: &[String]) -> Result<(), String> {
    let (scan_only, rest) = match args {
        [flag, rest @ ..] if flag == "--scan" => (true, rest),
        _ => (false, args),
    };
    let [name, file] = rest else {
        return Err("usage: xtask bench-parse [--scan] NAME FILE".to_owned());
    };
    let workload = workloads(Scale::Quick)
        .into_iter()
        .find(|w| w.name == name)
        .ok_or_else(|| format!("no workload named `{name}`"))?;
    let input = read(Path::new(file))?;
    let checksum = if scan_only {
        scan(&input)
    } else {
        (workload.parse)(&input)?
    };
    println!("{checksum}");
    Ok(())
}

/// The minimal byte-scanning parser, the floor of reading an input: one
/// pass over the bytes, every run of decimal digits taken as a number, their
/// sum returned. It validates nothing, stores nothing and knows no format,
/// as the plainest hand-written contest reader would.
fn scan(input: &[u8]) -> u64 {
    let mut sum = 0u64;
    let mut value = 0u64;
    for &byte in input {
        let digit = byte.wrapping_sub(b'0');
        if digit < 10 {
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
        } else {
            sum = sum.wrapping_add(value);
            value = 0;
        }
    }
    sum.wrapping_add(value)
}

/// Names for `--only` beside the workloads': the engine's times, or only
/// its `moves` line, or only its rule variants' table; a call of the
/// board's questions on the Rust, C and Python faces (Python in a full
/// run only: it builds the wheel); the rating's times; the play server's
/// light requests under load; a hint from the WebAssembly package; the
/// page's first load to a playable board.
const SECTIONS: [&str; 8] = [
    "engine", "moves", "variants", "faces", "rating", "server", "wasm", "page",
];

/// What `bench` and `bench-run` are asked to do.
struct Options {
    scale: Scale,
    /// Only the workloads with these names (all when empty).
    only: Vec<String>,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            scale: Scale::Full,
            only: Vec::new(),
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--quick" => options.scale = Scale::Quick,
                "--only" => {
                    let names = args
                        .next()
                        .ok_or("`--only` needs a list of workload names")?;
                    options.only.extend(names.split(',').map(str::to_owned));
                }
                other => {
                    return Err(format!(
                        "`bench` takes `--quick` and `--only NAME,...`, got `{other}`"
                    ));
                }
            }
        }
        let mut known: Vec<&str> = workloads(Scale::Quick).iter().map(|w| w.name).collect();
        known.extend(SECTIONS);
        if let Some(unknown) = options.only.iter().find(|n| !known.contains(&n.as_str())) {
            return Err(format!(
                "no workload named `{unknown}` (there are {})",
                known.join(", ")
            ));
        }
        Ok(options)
    }
}

fn measure_all(options: &Options) -> Result<(), String> {
    let scale = options.scale;
    let started = Instant::now();
    let bin_dir = own_dir()?;
    let out_dir = bin_dir.parent().ok_or("no target directory")?.join("bench");
    std::fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let profile = if cfg!(debug_assertions) {
        "dev profile: a check of the bench and of the answers; these times mean nothing"
    } else {
        "release profile (codegen-units = 1, fat LTO), solver binaries and measuring process alike"
    };
    let machine = report::machine();
    let mut outcomes = Vec::new();
    for workload in workloads(scale) {
        if options.only.is_empty() || options.only.iter().any(|n| n == workload.name) {
            outcomes.push(measure(&workload, scale, &bin_dir, &out_dir)?);
        }
    }
    let judged = scale == Scale::Full && !cfg!(debug_assertions);
    let asked = |name: &str| options.only.iter().any(|n| n == name);
    let engine = if options.only.is_empty() || asked("engine") {
        println!("==> engine: generate and solve under every gravity mode, random deals, moves");
        engine_times::section(scale, judged)?
    } else if asked("moves") || asked("variants") {
        let mut text = String::new();
        if asked("variants") {
            println!("==> engine: rule variants (four-rivers, line, sliding tiles)");
            text += &engine_times::variant_times(scale, judged)?;
        }
        if asked("moves") {
            println!("==> engine: moves");
            text += &engine_times::all_moves(scale, judged)?;
        }
        text
    } else {
        String::new()
    };
    let faces = if options.only.is_empty() || asked("faces") {
        // Python's wheel takes minutes to build: a full run only.
        let with_python = scale == Scale::Full;
        println!("==> faces: a call of connect and can_remove, Rust, C and Python");
        face_calls::section(scale, &out_dir, with_python, judged)?
    } else {
        String::new()
    };
    let rating = if options.only.is_empty() || asked("rating") {
        println!("==> rating: rate random deals, generate hard deals");
        rating_times::section(scale, judged)?
    } else {
        String::new()
    };
    let server = if options.only.is_empty() || asked("server") {
        println!("==> server: light requests alone and under four hard deals");
        server_times::section(&bin_dir.join(exe_name("play")), &out_dir, scale, judged)?
    } else {
        String::new()
    };
    // The WebAssembly package takes minutes to build cold, and the checks
    // of `cargo xtask test` build and run it already: not in the quick
    // bench unless asked.
    let wasm = if (options.only.is_empty() && scale == Scale::Full) || asked("wasm") {
        println!("==> wasm: a hint from the WebAssembly package in Node and Chromium");
        wasm_times::section(scale, judged)?
    } else {
        String::new()
    };
    // Headless Chromium, a browser session a load: a full run or asked.
    let page = if (options.only.is_empty() && scale == Scale::Full) || asked("page") {
        println!("==> page: the play page's first load to a playable board, cold and warm");
        page_times::section(&bin_dir.join(exe_name("play")), &out_dir, scale, judged)?
    } else {
        String::new()
    };
    let text = report::render(&machine, profile, judged, &outcomes)
        + &engine
        + &faces
        + &rating
        + &server
        + &wasm
        + &page;
    let report_file = out_dir.join(match (scale, options.only.is_empty()) {
        (Scale::Full, true) => "report.md",
        (Scale::Full, false) => "report-only.md",
        (Scale::Quick, _) => "report-quick.md",
    });
    write(&report_file, &text)?;
    println!("\n{text}");
    println!(
        "(inputs and this report in {}; the bench took {})",
        out_dir.display(),
        report::duration(started.elapsed())
    );
    Ok(())
}

/// Generates the workload's input, then times the baseline in process
/// (its answers are the expected ones), the solver binary and the
/// parse-only program as whole processes (checking every solver run's
/// output), and the solver library's answering in process.
fn measure(
    workload: &Workload,
    scale: Scale,
    bin_dir: &Path,
    out_dir: &Path,
) -> Result<Outcome, String> {
    let name = workload.name;
    let input_file = out_dir.join(format!("{name}.in"));
    let text = (workload.input)(workload.seed);
    write(&input_file, &text)?;
    let input = text.into_bytes();
    println!(
        "==> {name}: {}, {} bytes, seed {}",
        workload.description,
        input.len(),
        workload.seed
    );

    let mut expected: Option<Answers> = None;
    let mut baseline_answer = Vec::new();
    let baseline = measure::repeat(scale.baseline_runs(), || {
        let pass = (workload.baseline)(&input)?;
        baseline_answer.push(pass.answer);
        match &expected {
            Some(first) if *first != pass.answers => {
                return Err(format!("{name}: the baseline is not deterministic"));
            }
            Some(_) => {}
            None => expected = Some(pass.answers),
        }
        Ok(pass.parse + pass.answer)
    })?;
    let baseline_answer = Timing {
        times: baseline_answer,
    };
    let expected = expected.ok_or("the baseline never ran")?;
    write(&out_dir.join(format!("{name}.expected")), &expected.text)?;
    println!(
        "    baseline: {} answers, {} positive; {} whole, {} answering",
        expected.count,
        expected.positive,
        report::duration(baseline.min()),
        report::duration(baseline_answer.min())
    );

    let binary = bin_dir.join(exe_name(workload.binary));
    let solver = measure::repeat(scale.fast_runs(), || {
        let (took, stdout) = run_process(Command::new(&binary).arg(&input_file))?;
        check_answers(name, &stdout, &expected.text, out_dir)?;
        Ok(took)
    })?;
    println!(
        "    solver:   {} (process; every run's output equals the baseline's)",
        report::duration(solver.min())
    );

    // The parse-only program is this executable, built in the same profile
    // as the solver binary, so both pay the same process costs.
    let this =
        std::env::current_exe().map_err(|e| format!("cannot locate xtask's executable: {e}"))?;
    let parse = measure::repeat(scale.fast_runs(), || {
        let mut parse_only = Command::new(&this);
        parse_only.args(["bench-parse", name]).arg(&input_file);
        let (took, stdout) = run_process(&mut parse_only)?;
        if stdout.is_empty() {
            return Err(format!("{name}: the parse-only run printed no checksum"));
        }
        Ok(took)
    })?;
    println!("    parse:    {} (process)", report::duration(parse.min()));

    let scan = measure::repeat(scale.fast_runs(), || {
        let mut scan_only = Command::new(&this);
        scan_only
            .args(["bench-parse", "--scan", name])
            .arg(&input_file);
        let (took, stdout) = run_process(&mut scan_only)?;
        if stdout.is_empty() {
            return Err(format!("{name}: the scan printed no checksum"));
        }
        Ok(took)
    })?;
    println!("    scan:     {} (process)", report::duration(scan.min()));

    let solver_answer = measure::repeat(scale.fast_runs(), || {
        let pass = (workload.solver)(&input)?;
        if pass.answers != expected {
            return Err(format!(
                "{name}: the solver library's answers differ from the baseline's"
            ));
        }
        Ok(pass.answer)
    })?;
    println!(
        "    solver:   {} (answering only, in process)",
        report::duration(solver_answer.min())
    );

    Ok(Outcome {
        name,
        description: workload.description.clone(),
        seed: workload.seed,
        input_bytes: input.len(),
        answers: expected.count,
        positive: expected.positive,
        solver,
        parse,
        scan,
        baseline,
        solver_answer,
        baseline_answer,
        goals: workload.goals.clone(),
    })
}

/// Runs `command` on no input, capturing its output, and returns the wall
/// time from start to exit and its standard output; fails unless it exits
/// successfully.
fn run_process(command: &mut Command) -> Result<(Duration, Vec<u8>), String> {
    let shown = command.get_program().to_string_lossy().into_owned();
    let started = Instant::now();
    let output = command
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    let took = started.elapsed();
    if !output.status.success() {
        return Err(format!(
            "{shown} failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok((took, output.stdout))
}

/// Fails, naming the first differing line, unless the solver printed exactly
/// the baseline's answers; keeps the solver's output for a look.
fn check_answers(name: &str, got: &[u8], expected: &str, out_dir: &Path) -> Result<(), String> {
    if got == expected.as_bytes() {
        return Ok(());
    }
    let got_file = out_dir.join(format!("{name}.got"));
    std::fs::write(&got_file, got)
        .map_err(|e| format!("cannot write {}: {e}", got_file.display()))?;
    let got = String::from_utf8_lossy(got);
    let mut got_lines = got.lines();
    let mut expected_lines = expected.lines();
    let mut line = 1;
    loop {
        match (got_lines.next(), expected_lines.next()) {
            (Some(g), Some(e)) if g == e => line += 1,
            (g, e) => {
                return Err(format!(
                    "{name}: the solver's answers differ from the baseline's at line {line}: \
                     solver {:?}, baseline {:?} (see {} and {name}.expected)",
                    g.unwrap_or("<end>"),
                    e.unwrap_or("<end>"),
                    got_file.display()
                ));
            }
        }
    }
}

/// The directory of the running executable: the profile's output directory.
fn own_dir() -> Result<PathBuf, String> {
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot locate xtask's executable: {e}"))?;
    exe.parent()
        .map(Path::to_path_buf)
        .ok_or_else(|| "xtask's executable has no directory".to_owned())
}

fn exe_name(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn workloads_in_report_order_with_their_seeds() {
        for scale in [Scale::Quick, Scale::Full] {
            let listed: Vec<(&str, &str, u64)> = workloads(scale)
                .iter()
                .map(|w| (w.name, w.binary, w.seed))
                .collect();
            assert_eq!(
                listed,
                [
                    ("lianliankan-sparse", "lianliankan", 117_502),
                    ("lianliankan-dense", "lianliankan", 117_550),
                    ("lianliankan-many-queries", "lianliankan", 117_508),
                    ("lianliankan-walls", "lianliankan", 117_599),
                    ("segments", "segments", 1101),
                    ("solitaire-random", "solitaire", 1401),
                    ("solitaire-clustered", "solitaire", 1402),
                    ("solitaire-far", "solitaire", 1403),
                ]
            );
        }
    }

    #[test]
    fn options_and_the_scan() {
        let args = |list: &[&str]| list.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
        let options =
            Options::parse(&args(&["--only", "segments,solitaire-far", "--quick"])).unwrap();
        assert_eq!(options.scale, Scale::Quick);
        assert_eq!(options.only, ["segments", "solitaire-far"]);
        assert_eq!(Options::parse(&[]).unwrap().scale, Scale::Full);
        assert!(Options::parse(&args(&["--only"])).is_err());
        assert!(Options::parse(&args(&["--only", "nothing"])).is_err());
        let sections = Options::parse(&args(&["--only", "engine,moves"])).unwrap();
        assert_eq!(sections.only, ["engine", "moves"]);
        assert!(Options::parse(&args(&["--fast"])).is_err());
        // Every run of digits is a number; nothing else counts.
        assert_eq!(scan(b"12 x3\n 0 7"), 22);
        assert_eq!(scan(b""), 0);
    }

    /// The bench modules that `source` names through `super::` or
    /// `crate::bench::`, outside its tests.
    fn bench_modules_named(source: &str) -> BTreeSet<String> {
        let code = source.split("#[cfg(test)]").next().unwrap_or_default();
        let mut named = BTreeSet::new();
        for prefix in ["super::", "crate::bench::"] {
            for (at, _) in code.match_indices(prefix) {
                let rest = &code[at + prefix.len()..];
                // A group's items, or the path itself; of each, the first
                // segment (nested groups are not used here).
                let items: Vec<&str> = match rest.strip_prefix('{') {
                    Some(group) => group
                        .split('}')
                        .next()
                        .unwrap_or_default()
                        .split(',')
                        .collect(),
                    None => vec![rest],
                };
                for item in items {
                    let name: String = item
                        .trim_start()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !name.is_empty() && name != "super" {
                        named.insert(name);
                    }
                }
            }
        }
        named
    }

    #[test]
    fn modules_depend_one_way() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bench");
        let allowed: [(&str, &[&str]); 12] = [
            ("measure.rs", &[]),
            ("engine_times.rs", &["workload"]),
            ("face_calls.rs", &["workload"]),
            ("rating_times.rs", &["measure", "workload"]),
            ("server_times.rs", &["workload"]),
            ("wasm_times.rs", &["workload"]),
            ("page_times.rs", &["server_times", "workload"]),
            ("workload.rs", &["measure"]),
            ("report.rs", &["measure", "workload"]),
            ("lianliankan_workloads.rs", &["workload"]),
            ("segments_workloads.rs", &["workload"]),
            ("solitaire_workloads.rs", &["workload"]),
        ];
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let mut expected: Vec<&str> = allowed.iter().map(|(file, _)| *file).collect();
        expected.sort_unstable();
        assert_eq!(files, expected, "a new bench module needs a line here");
        for (file, may_name) in allowed {
            let source = std::fs::read_to_string(dir.join(file)).unwrap();
            let named = bench_modules_named(&source);
            let extra: Vec<&String> = named
                .iter()
                .filter(|name| !may_name.contains(&name.as_str()))
                .collect();
            assert!(extra.is_empty(), "{file} names {extra:?}");
        }
    }

    #[test]
    fn reads_the_bench_modules_a_source_names() {
        let source = "use super::measure::Runs;\nuse super::{workload, report::Outcome};\n\
                      fn f() { crate::bench::segments_workloads::parse(b\"\"); }\n\
                      #[cfg(test)]\nmod tests { use super::*; }\n";
        let named: Vec<String> = bench_modules_named(source).into_iter().collect();
        assert_eq!(
            named,
            ["measure", "report", "segments_workloads", "workload"]
        );
    }
}
