//! One call of a board's questions on each face, in one table: the Rust
//! library's `Board::connect` and `Board::can_remove` in this process, the
//! C library's `llk_connect` and `llk_board_can_remove` in a C program
//! (crates/lianliankan-c/bench/calls.c) built with gcc against the static
//! library of this profile, and the Python package's `Board.connect` (and
//! the function `connect` on a list of lists) in `target/python/bench-venv`
//! with the wheel `cargo xtask wheel` builds (release profile) installed.
//! All three run in turns ([`REPEATS`] times: this machine has slow spells
//! of seconds, and a face measured alone may land in one) in this one
//! bench run, on the same boards (an 8×12 and a 100×100 deal, groups of
//! four tiles, with about half their tiles taken off: a game under way,
//! where paths of every shape join tiles) and the same 2,000 pairs of
//! tiles of one kind, the board built once; each gives the best of its
//! rounds over its turns, per call, and the paths it found, which must be
//! Rust's. Ratios are against Rust's row.
//!
//! Goals (issue 57): Python `Board.connect` at most 2× C's per call on
//! 8×12, and about the same on 100×100 as on 8×12 (within 3×).
//!
//! The quick bench (`--quick`, part of `cargo xtask test`) leaves Python
//! out: building the wheel and its venv takes minutes, and the quick
//! bench only checks that the bench runs.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use grid_core::{Pos, SplitMix64};
use lianliankan::{Board, DealSpec, Move, Rules, deal};

use super::workload::Scale;
use crate::c::{C_FLAGS, NATIVE_LIBS};
use crate::run::{cargo, output, step, target_dir, workspace_root};

/// The boards: name, rows, columns, kinds (in groups of four tiles), seed.
const BOARDS: [(&str, usize, usize, u32, u64); 2] =
    [("8x12", 8, 12, 24, 57), ("100x100", 100, 100, 2500, 57)];

/// Pairs of tiles of one kind queried on each board.
const PAIRS: usize = 2000;

/// Turns each face takes in a full run (its best kept).
const REPEATS: usize = 7;

/// The Python script: `python SCRIPT DIR ROUNDS`. For each board file in
/// DIR it prints one line: the board's name, the best per-call seconds of
/// `Board.connect`, of `Board.can_remove`, of the function `connect` on
/// the lists and of the loop over the pairs alone (no call), then the
/// number of paths found and the sum of their corner counts (the answers,
/// checked against Rust's).
const SCRIPT: &str = r#"
import sys, time, pathlib
import lianliankan as llk

folder, rounds = pathlib.Path(sys.argv[1]), int(sys.argv[2])
for name in ["8x12", "100x100"]:
    board = llk.Board.from_judge((folder / f"{name}.board").read_text())
    rows = board.to_list()
    pairs = []
    for line in (folder / f"{name}.pairs").read_text().splitlines():
        r1, c1, r2, c2 = map(int, line.split())
        pairs.append(((r1, c1), (r2, c2)))
    connect = board.connect
    def handle():
        for a, b in pairs:
            connect(a, b)
    can_remove = board.can_remove
    def removable():
        for a, b in pairs:
            can_remove(a, b)
    def lists():
        for a, b in pairs[:200]:
            llk.connect(rows, a, b)
    def loop():
        for a, b in pairs:
            pass
    def best(run, calls):
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        return min(times) / calls
    found = [board.connect(a, b) for a, b in pairs]
    paths = [p for p in found if p is not None]
    print(name, best(handle, len(pairs)), best(removable, len(pairs)),
          best(lists, min(200, len(pairs))), best(loop, len(pairs)),
          len(paths), sum(len(p) for p in paths))
"#;

/// One board's figures on every face, per call.
#[derive(Clone, Copy)]
struct Row {
    rust_connect: Duration,
    rust_can_remove: Duration,
    c_connect: Duration,
    c_can_remove: Duration,
    /// Python's `Board.connect`, `Board.can_remove` and `connect(lists,
    /// ...)`, when measured.
    python: Option<PythonCalls>,
}

impl Row {
    /// The better of two runs' figures, each on its own.
    fn best(self, other: Row) -> Row {
        Row {
            rust_connect: self.rust_connect.min(other.rust_connect),
            rust_can_remove: self.rust_can_remove.min(other.rust_can_remove),
            c_connect: self.c_connect.min(other.c_connect),
            c_can_remove: self.c_can_remove.min(other.c_can_remove),
            python: match (self.python, other.python) {
                (Some(a), Some(b)) => Some(PythonCalls {
                    connect: a.connect.min(b.connect),
                    can_remove: a.can_remove.min(b.can_remove),
                    lists: a.lists.min(b.lists),
                    loop_alone: a.loop_alone.min(b.loop_alone),
                }),
                (a, b) => a.or(b),
            },
        }
    }
}

/// Python's per-call times on one board.
#[derive(Clone, Copy)]
struct PythonCalls {
    connect: Duration,
    can_remove: Duration,
    lists: Duration,
    /// The bench's loop over the pairs with no call in it, a pair: part
    /// of each call's time above, shown, not taken off.
    loop_alone: Duration,
}

/// The Faces section: per-call times of the three faces on each board.
/// `with_python` runs the Python side (a full run); `judged` says whether
/// the goals are checked (a full release run) or only shown.
pub fn section(
    scale: Scale,
    out_dir: &Path,
    with_python: bool,
    judged: bool,
) -> Result<String, String> {
    let program = build_program(out_dir)?;
    let dir = out_dir.join("faces");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let (rounds, repeats) = match scale {
        Scale::Full => (30, REPEATS),
        Scale::Quick => (1, 1),
    };
    let mut boards = Vec::new();
    for (name, rows, cols, kinds, seed) in BOARDS {
        let board = half_cleared(
            &deal(&DealSpec::new(rows, cols, kinds).with_seed(seed))
                .map_err(|e| format!("deal {name}: {e}"))?,
            seed,
        );
        let pairs = pairs(&board, seed);
        write(&dir.join(format!("{name}.board")), &board.to_string())?;
        let text: String = pairs
            .iter()
            .map(|(a, b)| format!("{} {} {} {}\n", a.row, a.col, b.row, b.col))
            .collect();
        write(&dir.join(format!("{name}.pairs")), &text)?;
        boards.push((board, pairs));
    }
    // The faces take turns, `repeats` times, and each keeps its best: a
    // slow spell of the machine then falls on every face alike, not on
    // whichever ran during it.
    let mut figures: Vec<Option<Row>> = vec![None; BOARDS.len()];
    for _ in 0..repeats {
        let python_text = if with_python {
            Some(run_python(&dir, rounds)?)
        } else {
            None
        };
        for (((name, ..), (board, pairs)), best) in BOARDS.iter().zip(&boards).zip(&mut figures) {
            let (rust_connect, rust_can_remove, answers) = rust_per_call(board, pairs, rounds)?;
            let (c_connect, c_can_remove, c_paths) = run_c(&program, &dir, name, rounds)?;
            if c_paths != answers.0 {
                return Err(format!(
                    "{name}: C connected {c_paths} pairs, Rust {}",
                    answers.0
                ));
            }
            let python = match &python_text {
                Some(text) => {
                    let (calls, python_answers) = parse(text, name)?;
                    if python_answers != answers {
                        return Err(format!(
                            "{name}: Python found {python_answers:?} (paths, corners), Rust {answers:?}"
                        ));
                    }
                    Some(calls)
                }
                None => None,
            };
            let row = Row {
                rust_connect,
                rust_can_remove,
                c_connect,
                c_can_remove,
                python,
            };
            *best = Some(best.map_or(row, |kept| kept.best(row)));
        }
    }
    let figures: Vec<Row> = figures.into_iter().flatten().collect();
    Ok(render(&figures, judged))
}

/// The section's text: the table and the goals' verdicts.
fn render(rows: &[Row], judged: bool) -> String {
    let mut out = String::from(
        "\nFaces: one call on a board built once, each face in this run (per call, the best \
         of its rounds over 2,000 pairs of tiles of one kind on a deal with about half its \
         tiles taken off, judge's rules; answers checked equal): the Rust library in this \
         process, the C library from a C program built with gcc -O2 against its static \
         library, the Python package from the release wheel (its calls include Python's loop \
         over the pairs, whose own time with no call in it is shown in brackets). Ratios against Rust's `Board::connect` on the same board. Goals: \
         Python `Board.connect` ≤ 2× C's on 8×12, and on 100×100 within 3× of 8×12.\n\n\
         | board | Rust `Board::connect` | C `llk_connect` | Python `Board.connect` | Rust `Board::can_remove` | C `llk_board_can_remove` | Python `Board.can_remove` | Python `connect(lists, ...)` | goal |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---|\n",
    );
    let small = rows
        .first()
        .and_then(|r| r.python)
        .map(|calls| calls.connect.as_secs_f64());
    for (i, ((name, ..), row)) in BOARDS.iter().zip(rows).enumerate() {
        let base = row.rust_connect.as_secs_f64().max(1e-12);
        let with_ratio = |d: Duration| format!("{} ({:.1}×)", us(d), d.as_secs_f64() / base);
        let (python, removable, lists, goal) = match row.python {
            Some(calls) => {
                let handle = calls.connect;
                let met = if i == 0 {
                    handle.as_secs_f64() <= 2.0 * row.c_connect.as_secs_f64()
                } else {
                    small.is_some_and(|first| handle.as_secs_f64() <= 3.0 * first)
                };
                let against_c =
                    calls.can_remove.as_secs_f64() / row.c_can_remove.as_secs_f64().max(1e-12);
                (
                    format!("{} [loop {}]", with_ratio(handle), us(calls.loop_alone)),
                    format!("{} ({against_c:.1}× C's)", us(calls.can_remove)),
                    us(calls.lists),
                    verdict(judged, met),
                )
            }
            None => (
                "not measured".to_owned(),
                "not measured".to_owned(),
                "not measured".to_owned(),
                "Python not measured (--quick)",
            ),
        };
        writeln!(
            out,
            "| {name} | {} | {} | {python} | {} | {} | {removable} | {lists} | {goal} |",
            us(row.rust_connect),
            with_ratio(row.c_connect),
            us(row.rust_can_remove),
            us(row.c_can_remove),
        )
        .unwrap();
    }
    out
}

/// `board` with about half its tiles taken off, drawn from `seed`: a game
/// under way, where paths of every shape join tiles (on a full deal
/// almost no pair is joined, and a query ends at once).
fn half_cleared(board: &Board, seed: u64) -> Board {
    let mut grid = board.to_grid();
    let mut rng = SplitMix64::new(seed ^ 0x5151);
    for kind in grid.cells_mut() {
        if rng.next_u64() % 2 == 0 {
            *kind = 0;
        }
    }
    Board::new(&grid).expect("kinds of a deal")
}

/// `PAIRS` pairs of distinct tiles of one kind on `board`, drawn from
/// `seed`.
fn pairs(board: &Board, seed: u64) -> Vec<(Pos, Pos)> {
    let mut by_kind: std::collections::BTreeMap<u32, Vec<Pos>> = Default::default();
    for (pos, kind) in board.tiles() {
        by_kind.entry(kind).or_default().push(pos);
    }
    let groups: Vec<Vec<Pos>> = by_kind.into_values().filter(|g| g.len() >= 2).collect();
    let mut rng = SplitMix64::new(seed);
    let mut pick = |n: usize| (rng.next_u64() % n as u64) as usize;
    (0..PAIRS)
        .map(|_| {
            let group = &groups[pick(groups.len())];
            let i = pick(group.len());
            let j = (i + 1 + pick(group.len() - 1)) % group.len();
            (group[i], group[j])
        })
        .collect()
}

/// Rust's best per-call times of `Board::connect` and `Board::can_remove`
/// over `rounds` rounds of every pair, and the answers (paths found, their
/// corners in all).
fn rust_per_call(
    board: &Board,
    pairs: &[(Pos, Pos)],
    rounds: usize,
) -> Result<(Duration, Duration, (usize, usize)), String> {
    let rules = Rules::judge();
    let (mut connect, mut can_remove) = (Duration::MAX, Duration::MAX);
    let mut answers = (0, 0);
    for _ in 0..rounds {
        let (mut paths, mut corners) = (0, 0);
        let start = Instant::now();
        for &(a, b) in pairs {
            if let Some(path) = board.connect(a, b, &rules).map_err(|e| e.to_string())? {
                paths += 1;
                corners += path.corners().len();
            }
        }
        connect = connect.min(start.elapsed());
        answers = (paths, corners);
        let start = Instant::now();
        let removable = pairs
            .iter()
            .filter(|&&(a, b)| board.can_remove(Move::new(a, b), &rules))
            .count();
        can_remove = can_remove.min(start.elapsed());
        if removable != paths {
            return Err(format!("{removable} removable, {paths} connected"));
        }
    }
    let calls = pairs.len() as u32;
    Ok((connect / calls, can_remove / calls, answers))
}

/// The C program's per-call times on board `name` and the pairs it found
/// connected.
fn run_c(
    program: &Path,
    dir: &Path,
    name: &str,
    rounds: usize,
) -> Result<(Duration, Duration, usize), String> {
    let mut run = Command::new(program);
    run.arg(dir.join(format!("{name}.board")))
        .arg(dir.join(format!("{name}.pairs")))
        .arg(rounds.to_string());
    let said = output(run)?;
    let fields: Vec<f64> = said
        .split_whitespace()
        .map(|f| {
            f.parse()
                .map_err(|e| format!("calls printed {said:?}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    let [connect, can_remove, connected] = fields[..] else {
        return Err(format!("calls printed {said:?}"));
    };
    let ns = |v: f64| Duration::from_secs_f64(v.max(0.0) * 1e-9);
    Ok((ns(connect), ns(can_remove), connected as usize))
}

/// Builds the wheel and its venv, and runs the script over the boards in
/// `dir`: its output.
fn run_python(dir: &Path, rounds: usize) -> Result<String, String> {
    let python = crate::python::bench_python()?;
    let script = dir.join("connect_per_call.py");
    write(&script, SCRIPT)?;
    let output = Command::new(&python)
        .arg(&script)
        .arg(dir)
        .arg(rounds.to_string())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    if !output.status.success() {
        return Err(format!(
            "the Python bench failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The figures of board `name` in the script's output: `Board.connect`,
/// `connect(lists, ...)`, and the answers (paths, corners).
fn parse(text: &str, name: &str) -> Result<(PythonCalls, (usize, usize)), String> {
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .ok_or_else(|| format!("the Python bench printed no line for {name}: {text}"))?;
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [_, handle, removable, lists, loop_alone, paths, corners] = fields.as_slice() else {
        return Err(format!("unexpected line from the Python bench: {line}"));
    };
    let seconds = |s: &str| {
        s.parse::<f64>()
            .ok()
            .and_then(|v| Duration::try_from_secs_f64(v).ok())
            .ok_or_else(|| format!("not a time in the Python bench's line: {line}"))
    };
    let count = |s: &str| {
        s.parse::<usize>()
            .map_err(|_| format!("not a count in the Python bench's line: {line}"))
    };
    let calls = PythonCalls {
        connect: seconds(handle)?,
        can_remove: seconds(removable)?,
        lists: seconds(lists)?,
        loop_alone: seconds(loop_alone)?,
    };
    Ok((calls, (count(paths)?, count(corners)?)))
}

/// Builds the C library of this profile and calls.c against it.
fn build_program(out_dir: &Path) -> Result<PathBuf, String> {
    let mut lib = cargo();
    lib.args(["build", "-p", "lianliankan-c", "--lib"]);
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        lib.arg("--release");
        "release"
    };
    step(lib)?;
    let root = workspace_root();
    let program = out_dir.join("calls");
    let mut gcc = Command::new("gcc");
    gcc.args(C_FLAGS)
        .arg("-I")
        .arg(root.join("crates/lianliankan-c/include"))
        .arg(root.join("crates/lianliankan-c/bench/calls.c"))
        .arg(target_dir().join(profile).join("liblianliankan_c.a"))
        .args(NATIVE_LIBS)
        .arg("-o")
        .arg(&program);
    step(gcc)?;
    Ok(program)
}

fn us(d: Duration) -> String {
    format!("{:.3} µs", d.as_secs_f64() * 1e6)
}

fn verdict(judged: bool, met: bool) -> &'static str {
    match (judged, met) {
        (false, _) => "not judged (not a full release run)",
        (true, true) => "met",
        (true, false) => "NOT met",
    }
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_distinct_tiles_of_one_kind() {
        let full = deal(&DealSpec::new(8, 12, 24).with_seed(1)).unwrap();
        let board = half_cleared(&full, 1);
        assert!(board.tile_count() > 20 && board.tile_count() < 76);
        let pairs = pairs(&board, 1);
        assert_eq!(pairs.len(), PAIRS);
        for (a, b) in pairs {
            assert_ne!(a, b);
            assert_eq!(board.kind(a), board.kind(b));
        }
    }

    #[test]
    fn reads_the_scripts_lines() {
        let text =
            "8x12 2.5e-07 1e-07 6e-06 9e-09 412 1300\n100x100 3e-07 2e-07 7e-04 8e-09 10 30\n";
        let (calls, answers) = parse(text, "100x100").unwrap();
        assert_eq!(answers, (10, 30));
        assert_eq!(calls.connect, Duration::from_nanos(300));
        assert_eq!(calls.can_remove, Duration::from_nanos(200));
        assert_eq!(calls.lists, Duration::from_micros(700));
        assert_eq!(calls.loop_alone, Duration::from_nanos(8));
        assert!(parse(text, "5x5").is_err());
        assert!(parse("8x12 x 1 1 1 1 1", "8x12").is_err());
        // A line of an older script (no loop alone) is refused.
        assert!(parse("8x12 2.5e-07 1e-07 6e-06 412 1300", "8x12").is_err());
    }

    /// The table has a row per board with every face, ratios against
    /// Rust's, and the goals judged against C's time of the same run.
    #[test]
    fn the_table_puts_the_faces_side_by_side() {
        let ns = Duration::from_nanos;
        let calls = |connect, can_remove, lists| {
            Some(PythonCalls {
                connect: ns(connect),
                can_remove: ns(can_remove),
                lists: ns(lists),
                loop_alone: ns(9),
            })
        };
        let row = |python: Option<PythonCalls>| Row {
            rust_connect: ns(100),
            rust_can_remove: ns(50),
            c_connect: ns(200),
            c_can_remove: ns(60),
            python,
        };
        let text = render(
            &[row(calls(300, 90, 4000)), row(calls(1000, 120, 9000))],
            true,
        );
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("| 8x12") || l.starts_with("| 100x100"))
            .collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].contains("0.200 µs (2.0×)"), "{}", lines[0]);
        assert!(
            lines[0].contains("0.300 µs (3.0×) [loop 0.009 µs]"),
            "{}",
            lines[0]
        );
        // can_remove is set beside C's: 90 ns against 60 ns.
        assert!(lines[0].contains("0.090 µs (1.5× C's)"), "{}", lines[0]);
        assert!(lines[0].ends_with("| met |"), "{}", lines[0]);
        // 1,000 ns is more than 3× the 300 ns on 8x12.
        assert!(lines[1].ends_with("| NOT met |"), "{}", lines[1]);
        let quick = render(&[row(None), row(None)], false);
        assert!(quick.contains("not measured"), "{quick}");
    }
}
