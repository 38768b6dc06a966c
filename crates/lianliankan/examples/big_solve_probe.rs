//! Times one solve of a big deal with a small budget, and its peak memory
//! through `/usr/bin/time -f "%e s %M KB"` (docs/limits.md): `cargo run
//! --example big_solve_probe -- [SIDE GRAVITY BUDGET BORDER]` (defaults:
//! 1000 none 10 open). The deal is SIDE x SIDE with 200 kinds.

use std::time::Instant;

use lianliankan::{Border, DealSpec, Gravity, Rules, SolveConfig, deal, solve_with};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let side: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let gravity: Gravity = args
        .get(1)
        .map_or(Gravity::None, |g| g.parse().expect("a gravity mode"));
    let budget: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let border = match args.get(3).map(String::as_str) {
        Some("closed") => Border::Closed,
        _ => Border::Open,
    };
    let start = Instant::now();
    let board = deal(&DealSpec::new(side, side, 200).with_seed(1)).expect("a deal");
    eprintln!("deal {:?}", start.elapsed());
    let rules = Rules::default()
        .with_gravity(gravity)
        .with_border(border)
        .unwrap();
    let start = Instant::now();
    let config = SolveConfig::new().budget(budget);
    let answer = solve_with(&board, &rules, &config);
    eprintln!("solve {:?}: {answer:?}", start.elapsed());
}
