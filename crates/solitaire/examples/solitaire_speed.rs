//! Times the solver against the reference search on the same seeded random
//! cases and checks that they agree. Run it optimised:
//!
//! ```text
//! cargo run --release -p solitaire --example solitaire_speed -- [CASES] [SEED]
//! ```

use std::time::Instant;

use solitaire::{Solver, generate, reference};

fn main() {
    let mut args = std::env::args().skip(1);
    let count = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed = args.next().and_then(|a| a.parse().ok()).unwrap_or(1401);
    let cases = generate::bench_cases(seed, count);

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
