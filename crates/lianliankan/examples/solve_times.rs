//! Measures the solver on generated boards: `cargo run --release --example
//! solve_times -- [ROWS COLS KINDS SEEDS BUDGET open|closed TURNS]` (defaults:
//! 10 16 20 100 10000000 open 2). Prints one line per seed, then the distribution of
//! solve times and how many were solved within one second.

use std::time::{Duration, Instant};

use lianliankan::{Border, Game, GenerateSpec, Rules, Solution, generate, solve};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let (rows, cols, kinds) = (num(0, 10) as usize, num(1, 16) as usize, num(2, 20) as u32);
    let (seeds, budget) = (num(3, 100), num(4, 10_000_000));
    let border = match args.get(5).map(String::as_str) {
        Some("closed") => Border::Closed,
        _ => Border::Open,
    };
    let rules = Rules {
        max_turns: 2,
        border,
        ..Rules::default()
    };
    let mut times = Vec::new();
    let mut within = 0;
    for seed in 0..seeds {
        let spec = GenerateSpec::new(rows, cols, kinds)
            .with_seed(seed)
            .with_rules(rules.clone());
        let made = generate(&spec).expect("generated");
        let start = Instant::now();
        let answer = solve(&made.board, &rules, budget);
        let took = start.elapsed();
        let verdict = match &answer {
            Solution::Solved(order) => {
                let mut game = Game::new(made.board.clone(), rules.clone());
                for pair in order {
                    game.remove(pair.a(), pair.b()).expect("a legal removal");
                }
                assert!(game.is_cleared());
                "solved"
            }
            Solution::Unsolvable => "UNSOLVABLE (wrong: the board has a certificate)",
            Solution::OutOfBudget { .. } => "out of budget",
        };
        if matches!(answer, Solution::Solved(_)) && took <= Duration::from_secs(1) {
            within += 1;
        }
        println!(
            "seed {seed:3}: {verdict} in {:.3} ms",
            took.as_secs_f64() * 1e3
        );
        times.push(took);
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3;
    println!(
        "{rows}x{cols}, {kinds} kinds, {border:?} border, {} seeds: min {:.3} ms, median {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms; solved within 1 s: {within}/{}",
        times.len(),
        at(0.0),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        times.len()
    );
}
