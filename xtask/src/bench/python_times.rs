//! The Python package's per-call cost: `Board.connect` (a board read once
//! into the library's form) beside Rust's `Connector::connect` on the same
//! boards and the same pairs, on an 8×12 and a 100×100 deal, and the
//! module's function `connect` (which reads the list of lists every call)
//! on the same. Goal (issue 57): Python `Board.connect` at most 2× C's
//! per-call cost on 8×12 (C's rows are the C section's; Rust's is beside
//! it here, the floor of both), and about the same on 100×100 as on 8×12.
//!
//! The Python side runs in `target/python/bench-venv`, with the wheel
//! `cargo xtask wheel` builds (release profile) installed: a script reads
//! the boards in the judge's format and the pairs from files written here,
//! times each way over every pair, and prints the paths it found, which
//! must equal Rust's.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use grid_core::{Pos, SplitMix64};
use lianliankan::{Board, Connector, DealSpec, Rules, deal};

use super::workload::Scale;

/// The boards: rows, columns, kinds (in groups of four tiles), seed.
const BOARDS: [(usize, usize, u32, u64); 2] = [(8, 12, 24, 57), (100, 100, 2500, 57)];

/// C's per-call cost of `llk_connect` on 8×12 as issue 57 measured it
/// (0.09 to 0.35 µs): the goal is judged against twice its upper figure.
const C_PER_CALL: Duration = Duration::from_nanos(350);

/// Pairs of tiles of one kind queried on each board.
const PAIRS: usize = 2000;

/// The Python script: `python SCRIPT DIR ROUNDS`. For each board file in
/// DIR it prints one line: the board's name, the best per-call seconds of
/// `Board.connect`, of the function `connect` on the lists, and of an empty
/// loop over the same pairs, then the number of paths found and the sum
/// of their corner counts (the answers, checked against Rust's).
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
    def lists():
        for a, b in pairs[:200]:
            llk.connect(rows, a, b)
    def empty():
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
    print(name, best(handle, len(pairs)), best(lists, min(200, len(pairs))),
          best(empty, len(pairs)), len(paths), sum(len(p) for p in paths))
"#;

/// One board's Python figures, per call.
struct PythonRow {
    handle: Duration,
    lists: Duration,
    empty: Duration,
    answers: (usize, usize),
}

/// The Python section of the report: builds the wheel and its venv, times
/// Python against Rust on each board. `judged` says whether the goal is
/// checked (a full release run) or only shown.
pub fn section(out_dir: &Path, scale: Scale, judged: bool) -> Result<String, String> {
    let python = crate::python::bench_python()?;
    let dir = out_dir.join("python");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let rounds = match scale {
        Scale::Full => 50,
        Scale::Quick => 3,
    };
    let mut rust = Vec::new();
    for (rows, cols, kinds, seed) in BOARDS {
        let name = format!("{rows}x{cols}");
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
        rust.push((name, rust_per_call(&board, &pairs, rounds)?));
    }
    let script = dir.join("connect_per_call.py");
    write(&script, SCRIPT)?;
    let output = Command::new(&python)
        .arg(&script)
        .arg(&dir)
        .arg(rounds.to_string())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    if !output.status.success() {
        return Err(format!(
            "the Python bench failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let mut report = String::from(
        "\nPython: per-call cost of a path query on a deal (groups of four tiles) with about half \
         its tiles taken off, the same \
         pairs of tiles of one kind in each language; `Board.connect` on a board read once, the \
         function `connect` on the list of lists (read every call), and Python's empty loop over \
         the pairs (included in both); goals: `Board.connect` ≤ 2× C's per call on 8×12 \
         (judged against 2 × 0.35 µs, C's cost as issue 57 measured it; Rust's row is the floor \
         of C's), and on 100×100 within 3× of 8×12.\n\n\
         | board | Rust `Connector::connect` | Python `Board.connect` | ratio | Python `connect(lists, ...)` | Python empty loop | goal |\n\
         |---|---:|---:|---:|---:|---:|---|\n",
    );
    let mut small = None;
    for (name, (rust_time, rust_answers)) in &rust {
        let row = parse(&text, name)?;
        if row.answers != *rust_answers {
            return Err(format!(
                "{name}: Python found {:?} (paths, corners), Rust {rust_answers:?}",
                row.answers
            ));
        }
        let ratio = row.handle.as_secs_f64() / rust_time.as_secs_f64().max(1e-12);
        let met = match small {
            None => row.handle.as_secs_f64() <= 2.0 * C_PER_CALL.as_secs_f64(),
            // 100×100: within 3× of 8×12's per-call cost.
            Some(first) => row.handle.as_secs_f64() <= 3.0 * first,
        };
        small.get_or_insert(row.handle.as_secs_f64());
        writeln!(
            report,
            "| {name} | {} | {} | {ratio:.1}× | {} | {} | {} |",
            us(*rust_time),
            us(row.handle),
            us(row.lists),
            us(row.empty),
            verdict(judged, met)
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(report)
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

/// Rust's best per-call time over `rounds` rounds of every pair, and the
/// answers (paths found, their corners in all).
fn rust_per_call(
    board: &Board,
    pairs: &[(Pos, Pos)],
    rounds: usize,
) -> Result<(Duration, (usize, usize)), String> {
    let rules = Rules::default();
    let mut connector = Connector::new();
    let mut best = Duration::MAX;
    let mut answers = (0, 0);
    for _ in 0..rounds {
        let (mut paths, mut corners) = (0, 0);
        let start = Instant::now();
        for &(a, b) in pairs {
            if let Some(path) = connector
                .connect(board, a, b, &rules)
                .map_err(|e| e.to_string())?
            {
                paths += 1;
                corners += path.corners().len();
            }
        }
        best = best.min(start.elapsed());
        answers = (paths, corners);
    }
    Ok((best / pairs.len() as u32, answers))
}

/// The figures of board `name` in the script's output.
fn parse(text: &str, name: &str) -> Result<PythonRow, String> {
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .ok_or_else(|| format!("the Python bench printed no line for {name}: {text}"))?;
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [_, handle, lists, empty, paths, corners] = fields.as_slice() else {
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
    Ok(PythonRow {
        handle: seconds(handle)?,
        lists: seconds(lists)?,
        empty: seconds(empty)?,
        answers: (count(paths)?, count(corners)?),
    })
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
        let text = "8x12 2.5e-07 6e-06 3e-08 412 1300\n100x100 3e-07 7e-04 3e-08 10 30\n";
        let row = parse(text, "100x100").unwrap();
        assert_eq!(row.answers, (10, 30));
        assert_eq!(row.handle, Duration::from_nanos(300));
        assert!(parse(text, "5x5").is_err());
        assert!(parse("8x12 x 1 1 1 1", "8x12").is_err());
    }
}
