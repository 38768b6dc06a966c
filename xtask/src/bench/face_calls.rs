//! One call of a board's questions on each face that is measured here:
//! the Rust library's `Board::connect` and `Board::can_remove`, in this
//! process, and the C library's `llk_connect` and `llk_board_can_remove`,
//! in a C program (crates/lianliankan-c/bench/calls.c) built with gcc
//! against the static library of this profile, on the same boards and
//! pairs (a deal of 8×12 and one of 100×100, 1,000 pairs of tiles of one
//! kind). The C program counts the pairs that connect: it must find as
//! many as the library. (Python's rows are its own section's.) Times are
//! per call, the board built once.

use std::fmt::Write;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use grid_core::{Pos, SplitMix64};
use lianliankan::{Board, DealSpec, Move, Rules, deal};

use super::workload::Scale;
use crate::c::{C_FLAGS, NATIVE_LIBS};
use crate::run::{cargo, output, step, target_dir, workspace_root};

/// The Faces section: a table of nanoseconds a call.
pub fn section(scale: Scale, out_dir: &Path) -> Result<String, String> {
    let program = build_program(out_dir)?;
    let mut out = String::from(
        "\nFaces: one call on a board built once (nanoseconds a call; 1,000 pairs of tiles of one \
         kind, judge's rules): the Rust library in this process, the C library from a C program \
         built with gcc -O2 against its static library.\n\n\
         | board | Rust `Board::connect` | C `llk_connect` | Rust `Board::can_remove` | C `llk_board_can_remove` |\n\
         |---|---:|---:|---:|---:|\n",
    );
    for (rows, cols, kinds, rounds) in [(8, 12, 24, 200), (100, 100, 200, 20)] {
        let rounds = match scale {
            Scale::Full => rounds,
            Scale::Quick => 1,
        };
        let board = deal(&DealSpec::new(rows, cols, kinds).with_seed(1))
            .map_err(|e| format!("deal {rows}x{cols}: {e}"))?;
        let pairs = pairs(&board, 1000);
        let rules = Rules::judge();
        let start = Instant::now();
        let mut connected = 0;
        for _ in 0..rounds {
            for &(a, b) in &pairs {
                connected += usize::from(matches!(board.connect(a, b, &rules), Ok(Some(_))));
            }
        }
        let calls = (rounds * pairs.len()) as f64;
        let rust_connect = start.elapsed().as_nanos() as f64 / calls;
        let start = Instant::now();
        let mut removable = 0;
        for _ in 0..rounds {
            for &(a, b) in &pairs {
                removable += usize::from(board.can_remove(Move::new(a, b), &rules));
            }
        }
        let rust_can_remove = start.elapsed().as_nanos() as f64 / calls;
        if removable != connected {
            return Err(format!(
                "{rows}x{cols}: {removable} removable, {connected} connected"
            ));
        }
        let board_file = out_dir.join(format!("calls-{rows}x{cols}.txt"));
        let pairs_file = out_dir.join(format!("calls-{rows}x{cols}.pairs"));
        let mut text = String::new();
        for &(a, b) in &pairs {
            writeln!(text, "{} {} {} {}", a.row, a.col, b.row, b.col).unwrap();
        }
        std::fs::write(&board_file, board.to_string()).map_err(|e| e.to_string())?;
        std::fs::write(&pairs_file, text).map_err(|e| e.to_string())?;
        let mut run = Command::new(&program);
        run.arg(&board_file)
            .arg(&pairs_file)
            .arg(rounds.to_string());
        let said = output(run)?;
        let fields: Vec<f64> = said
            .split_whitespace()
            .map(|f| {
                f.parse()
                    .map_err(|e| format!("calls printed {said:?}: {e}"))
            })
            .collect::<Result<_, _>>()?;
        let [c_connect, c_can_remove, c_connected] = fields[..] else {
            return Err(format!("calls printed {said:?}"));
        };
        if c_connected as usize * rounds != connected {
            return Err(format!(
                "{rows}x{cols}: C connected {c_connected} pairs a round, Rust {}",
                connected / rounds
            ));
        }
        writeln!(
            out,
            "| {rows}×{cols} | {rust_connect:.0} | {c_connect:.0} | {rust_can_remove:.0} | {c_can_remove:.0} |"
        )
        .unwrap();
    }
    Ok(out)
}

/// `count` pairs of distinct tiles of one kind, seeded.
fn pairs(board: &Board, count: usize) -> Vec<(Pos, Pos)> {
    let tiles: Vec<(Pos, u32)> = board.tiles().collect();
    let mut rng = SplitMix64::new(57);
    let mut pairs = Vec::with_capacity(count);
    while pairs.len() < count {
        let (a, kind) = tiles[rng.range(0, tiles.len() - 1)];
        let (b, other) = tiles[rng.range(0, tiles.len() - 1)];
        if a != b && kind == other {
            pairs.push((a, b));
        }
    }
    pairs
}

/// Builds the C library of this profile and calls.c against it.
fn build_program(out_dir: &Path) -> Result<std::path::PathBuf, String> {
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
