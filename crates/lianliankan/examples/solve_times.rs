//! Measures `generate` and `solve`: `cargo run --release --example
//! solve_times -- [ROWS COLS KINDS SEEDS BUDGET open|closed GRAVITY generated|random]`
//! (defaults: 10 16 20 100 10000000 open none generated). `generated` solves
//! boards made by `generate` (solvable by construction); `random` deals every
//! kind four times at random (KINDS is then ROWS·COLS/4) and decides them.
//! Prints one line per seed, then the distributions of the times.

use std::time::{Duration, Instant};

use lianliankan::{
    Border, DealSpec, Game, GenerateSpec, Gravity, Rules, Solution, deal, generate, solve,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let (rows, cols) = (num(0, 10) as usize, num(1, 16) as usize);
    let (seeds, budget) = (num(3, 100), num(4, 10_000_000));
    let border = match args.get(5).map(String::as_str) {
        Some("closed") => Border::Closed,
        _ => Border::Open,
    };
    let gravity: Gravity = args
        .get(6)
        .map_or(Gravity::None, |g| g.parse().expect("a gravity mode"));
    let random = args.get(7).map(String::as_str) == Some("random");
    let kinds = if random {
        (rows * cols / 4) as u32
    } else {
        num(2, 20) as u32
    };
    let rules = Rules::judge()
        .with_border(border)
        .unwrap()
        .with_gravity(gravity);
    let (mut made_in, mut solved_in) = (Vec::new(), Vec::new());
    let mut verdicts = [0usize; 3];
    for seed in 0..seeds {
        let start = Instant::now();
        let board = if random {
            deal(&DealSpec::new(rows, cols, kinds).with_seed(seed)).expect("a deal")
        } else {
            let spec = GenerateSpec::new(rows, cols, kinds)
                .with_seed(seed)
                .with_rules(rules.clone());
            generate(&spec).expect("generated").board
        };
        made_in.push(start.elapsed());
        let start = Instant::now();
        let answer = solve(&board, &rules, budget);
        let took = start.elapsed();
        let verdict = match &answer {
            Solution::Solved(order) => {
                let mut game = Game::new(board.clone(), rules.clone());
                for pair in order {
                    game.play(*pair).expect("a legal removal");
                }
                assert!(game.is_cleared());
                verdicts[0] += 1;
                "solved"
            }
            Solution::Unsolvable => {
                assert!(random, "a generated board has a certificate");
                verdicts[1] += 1;
                "unsolvable"
            }
            Solution::OutOfBudget { .. } => {
                verdicts[2] += 1;
                "out of budget"
            }
            other => panic!("nothing cancels this search: {other:?}"),
        };
        println!(
            "seed {seed:3}: {verdict} in {:.3} ms",
            took.as_secs_f64() * 1e3
        );
        solved_in.push(took);
    }
    println!(
        "{rows}x{cols}, {kinds} kinds, {border:?} border, gravity {gravity}, {} {}: {} solved, {} unsolvable, {} undecided",
        seeds,
        if random {
            "random deals"
        } else {
            "generated boards"
        },
        verdicts[0],
        verdicts[1],
        verdicts[2],
    );
    if !random {
        println!("generate: {}", summary(&mut made_in));
    }
    println!("solve:    {}", summary(&mut solved_in));
}

/// Min, median, p90 and max of `times`, in milliseconds.
fn summary(times: &mut [Duration]) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3;
    format!(
        "min {:.3} ms, median {:.3} ms, p90 {:.3} ms, max {:.3} ms",
        at(0.0),
        at(0.5),
        at(0.9),
        at(1.0)
    )
}
