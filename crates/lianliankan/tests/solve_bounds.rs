//! A small budget bounds a solve's work and memory on the largest board:
//! its own test binary, so that the process's memory is this test's. The
//! peak is read from Linux's `/proc/self/status` (`VmHWM`, reset before
//! each solve through `/proc/self/clear_refs`); the time is not asserted:
//! `cargo xtask bench` and docs/limits.md measure it.

use lianliankan::{
    Border, DealSpec, Gravity, MAX_COLS, MAX_ROWS, Rules, Solution, SolveConfig, deal, solve_with,
};

/// A line of `/proc/self/status` in bytes (`VmHWM`, `VmRSS`: kB there).
#[cfg(target_os = "linux")]
fn status_bytes(field: &str) -> usize {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status
        .lines()
        .find(|line| line.starts_with(field))
        .unwrap_or_else(|| panic!("a {field} line"));
    let kb: usize = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("a size in kB");
    kb << 10
}

/// The peak resident memory while `work` runs, beyond what was resident
/// before: the peak is reset to the resident size first (writing 5 to
/// `/proc/self/clear_refs`).
#[cfg(target_os = "linux")]
fn peak_of(work: impl FnOnce()) -> usize {
    std::fs::write("/proc/self/clear_refs", "5").expect("the peak reset (Linux 4.0 and later)");
    let before = status_bytes("VmRSS:");
    work();
    status_bytes("VmHWM:").saturating_sub(before)
}

/// 1000 × 1000 deals solved with a budget of 10 states, under both
/// borders without gravity and under gravity down: each stops within the
/// budget (its work, 2^20 steps a state, spent within the first), and
/// the process's resident memory grows by at most the bytes a cell
/// docs/limits.md states: 96 without gravity (measured 86 open, 81
/// closed; 109 and 94 when every per-tile buffer was built before the
/// first state), 200 under gravity (measured 159; 267 and more than ten
/// minutes when the listing of moves and the dead-position test ran
/// unbounded).
#[cfg(target_os = "linux")]
#[test]
fn a_small_budget_bounds_the_largest_solve() {
    let board = deal(&DealSpec::new(MAX_ROWS, MAX_COLS, 200).with_seed(1)).unwrap();
    let cells = MAX_ROWS * MAX_COLS;
    for (border, gravity, bytes_a_cell) in [
        (Border::Open, Gravity::None, 96),
        (Border::Closed, Gravity::None, 96),
        (Border::Open, Gravity::Down, 200),
    ] {
        let rules = Rules::default()
            .with_border(border)
            .unwrap()
            .with_gravity(gravity);
        let config = SolveConfig::new().budget(10).memory_cap(1 << 20);
        let mut answer = None;
        let peak = peak_of(|| answer = Some(solve_with(&board, &rules, &config)));
        let Some(Solution::OutOfBudget { states }) = answer else {
            panic!("{border} {gravity}: {answer:?}");
        };
        assert!(
            (1..=10).contains(&states),
            "{border} {gravity}: {states} states"
        );
        assert!(
            peak <= bytes_a_cell * cells,
            "{border} {gravity}: {peak} bytes for {cells} cells"
        );
    }
}
