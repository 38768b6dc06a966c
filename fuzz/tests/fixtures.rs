//! Every fixture input through every fuzz body, under many flag bytes: the
//! properties the fuzz targets check hold on the inputs that are shipped,
//! and the bodies build and run on the stable toolchain. Inputs saved from
//! the engine target (which are not judge inputs) live in
//! `regressions/lianliankan_engine/` and are replayed here too.

use std::fs;
use std::path::{Path, PathBuf};

/// Every file under `dir` ending in `.in` (or every file, with `all`),
/// sorted.
fn files(dir: &Path, all: bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return found;
    };
    for entry in entries {
        let path = entry.expect("a readable directory").path();
        if path.is_dir() {
            found.extend(files(&path, all));
        } else if all || path.extension().is_some_and(|e| e == "in") {
            found.push(path);
        }
    }
    found.sort();
    found
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every fixture of `puzzle`, each prefixed with every flag byte in `flags`.
fn replay(puzzle: &str, flags: impl Iterator<Item = u8> + Clone, body: fn(&[u8])) {
    let inputs = files(&root().join("fixtures").join(puzzle), false);
    assert!(inputs.len() >= 10, "fixtures for {puzzle} not found");
    for path in inputs {
        let input = fs::read(&path).expect("a readable fixture");
        for flag in flags.clone() {
            let mut data = vec![flag];
            data.extend_from_slice(&input);
            body(&data);
        }
    }
}

#[test]
fn segments_judge() {
    replay("segments", 0..=3, grid_puzzles_fuzz::segments_judge);
}

#[test]
fn lianliankan_judge() {
    replay("lianliankan", 0..=127, grid_puzzles_fuzz::lianliankan_judge);
}

#[test]
fn solitaire_judge() {
    replay("solitaire", 0..=255, grid_puzzles_fuzz::solitaire_judge);
}

#[test]
fn lianliankan_engine() {
    // Fixture bytes make arbitrary boards and operations; the saved inputs
    // are the ones that once failed.
    let saved = files(&root().join("fuzz/regressions/lianliankan_engine"), true);
    for path in files(&root().join("fixtures/lianliankan"), false)
        .into_iter()
        .chain(saved)
    {
        let data = fs::read(&path).expect("a readable input");
        grid_puzzles_fuzz::lianliankan_engine(&data);
    }
    // A full 8×8 board of two kinds, every operation, then a solve.
    let mut data = vec![0x0a, 0, 7, 7, 1];
    data.extend((0..64).map(|i| 1 + (i % 2)));
    data.extend([3, 0, 0, 0, 0, 1, 2, 9, 3, 0, 0, 0, 7, 7, 1, 1, 3, 4, 1, 4]);
    grid_puzzles_fuzz::lianliankan_engine(&data);
}

/// Seeded random inputs through the engine target on the stable
/// toolchain: every gravity mode (the flags' high nibble), every groups
/// choice, with and without sliding tiles, small boards, a dense stream of
/// operations. A few seconds; real
/// fuzzing (README, "Fuzzing") explores far more.
#[test]
fn lianliankan_engine_random_inputs() {
    let mut rng = grid_core::SplitMix64::new(0x6675_7a7a);
    for case in 0..6000u32 {
        let flags = ((case % 13) << 4) as u8 | rng.below(16) as u8;
        // Every other case under sliding tiles (bit 7 of the groups byte).
        let slide = case % 2 == 1;
        let groups = rng.below(4) as u8 | if slide { 0x80 } else { 0 };
        let (rows, cols) = (rng.below(5) as u8, rng.below(5) as u8);
        let mut data = vec![flags, groups, rows, cols, rng.below(6) as u8];
        let cells = usize::from(rows + 1) * usize::from(cols + 1);
        data.extend((0..cells).map(|_| rng.below(7) as u8));
        // Operations: removals of random cells weigh most.
        for _ in 0..rng.range(4, 40) {
            match rng.below(8) {
                0..=3 => {
                    data.extend([
                        0,
                        rng.below(6) as u8,
                        rng.below(6) as u8,
                        rng.below(6) as u8,
                        rng.below(6) as u8,
                    ]);
                    if slide {
                        // A plain pair, or a slide along the row or the column.
                        data.push(rng.below(3) as u8);
                    }
                }
                4 => data.push(1),
                5 => data.extend([2, rng.below(256) as u8]),
                6 => data.push(3),
                _ => data.push(4),
            }
        }
        grid_puzzles_fuzz::lianliankan_engine(&data);
    }
}
