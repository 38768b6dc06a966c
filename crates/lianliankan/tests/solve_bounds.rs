//! A small budget bounds a solve's work and memory on the largest board:
//! its own test binary, so that the process's peak memory is this test's.
//! (The peak is read from Linux's `/proc/self/status`; the time is not
//! asserted: `cargo xtask bench` measures it.)

use lianliankan::{DealSpec, MAX_COLS, MAX_ROWS, Rules, Solution, SolveConfig, deal, solve_with};

/// The process's peak resident memory so far, in bytes (`VmHWM`).
#[cfg(target_os = "linux")]
fn peak_bytes() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .expect("a VmHWM line");
    let kb: usize = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("VmHWM in kB");
    kb << 10
}

/// A 1000 × 1000 deal solved with a budget of 10 states stops within the
/// budget, and the search takes at most 200 bytes a cell beyond the board
/// (its field, tiles, and buffers a few words a tile; about 120 measured)
/// and never the gigabyte it took when the dead-position tests ran
/// unbounded on it.
#[cfg(target_os = "linux")]
#[test]
fn a_small_budget_bounds_the_largest_solve() {
    let board = deal(&DealSpec::new(MAX_ROWS, MAX_COLS, 200).with_seed(1)).unwrap();
    let before = peak_bytes();
    let config = SolveConfig::new().budget(10).memory_cap(1 << 20);
    let answer = solve_with(&board, &Rules::default(), &config);
    // Its work spent within the first states, it gives up.
    let Solution::OutOfBudget { states } = answer else {
        panic!("{answer:?}");
    };
    assert!((1..=10).contains(&states), "{states} states");
    let grown = peak_bytes().saturating_sub(before);
    let cells = MAX_ROWS * MAX_COLS;
    assert!(grown <= 200 * cells, "{grown} bytes for {cells} cells");
}
