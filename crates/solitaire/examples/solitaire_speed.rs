//! Times the solver against the reference search on the same seeded random
//! cases and checks that they agree. Run it optimised:
//!
//! ```text
//! cargo run --release -p solitaire --example solitaire_speed -- [CASES] [SEED]
//! ```

use std::time::Instant;

use solitaire::format::{Case, JUDGE_PIECES};
use solitaire::generate::{clustered_config, random_config, random_walk};
use solitaire::{Solver, SplitMix64, reference};

fn main() {
    let mut args = std::env::args().skip(1);
    let count = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed = args.next().and_then(|a| a.parse().ok()).unwrap_or(1401);
    let cases = cases(seed, count);

    let mut solver = Solver::new();
    let clock = Instant::now();
    let fast: Vec<Option<u32>> = cases
        .iter()
        .map(|c| solver.distance(c.start, c.goal, 8))
        .collect();
    let fast_time = clock.elapsed();

    let clock = Instant::now();
    let slow: Vec<Option<u32>> = cases
        .iter()
        .map(|c| reference::distance(c.start, c.goal, 8))
        .collect();
    let slow_time = clock.elapsed();

    let mismatches = fast.iter().zip(&slow).filter(|(a, b)| a != b).count();
    let yes = fast.iter().filter(|d| d.is_some()).count();
    println!("{count} cases (seed {seed}): {yes} YES, {} NO", count - yes);
    println!(
        "solver:    {:>10.3} ms ({:.1} µs a case)",
        fast_time.as_secs_f64() * 1e3,
        fast_time.as_secs_f64() * 1e6 / count as f64
    );
    println!(
        "reference: {:>10.3} ms ({:.1} µs a case)",
        slow_time.as_secs_f64() * 1e3,
        slow_time.as_secs_f64() * 1e6 / count as f64
    );
    println!(
        "ratio:     {:.1}x",
        slow_time.as_secs_f64() / fast_time.as_secs_f64()
    );
    println!("mismatches: {mismatches}");
    if mismatches > 0 {
        std::process::exit(1);
    }
}

/// `count` cases from `seed`, cycling through four kinds: a random start
/// with a goal a random walk of 0..=12 moves away; the same from a clustered
/// start; a random start with a random goal; a clustered start with a
/// random goal. The mix of the differential tests.
fn cases(seed: u64, count: usize) -> Vec<Case> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .map(|i| {
            let start = if i % 2 == 0 {
                random_config(&mut rng, JUDGE_PIECES)
            } else {
                clustered_config(&mut rng, JUDGE_PIECES)
            };
            let goal = if i % 4 < 2 {
                let moves = rng.range(0, 12);
                random_walk(&mut rng, start, moves)
            } else {
                random_config(&mut rng, JUDGE_PIECES)
            };
            Case { start, goal }
        })
        .collect()
}
