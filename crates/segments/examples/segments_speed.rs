//! Ad-hoc speed comparison (not a test): 20 boards of 75×75 with 45% pieces
//! and 500 pairs of pieces each, answered by the level sweep ([`Solver`]),
//! by grid-core's shared [`TurnSearch`] and by the textbook Dijkstra
//! ([`Dijkstra`], the reference). All answers are checked to agree.
//!
//! `cargo run --release -p segments --example segments_speed [seed]`

use std::hint::black_box;
use std::time::{Duration, Instant};

use grid_core::TurnSearch;
use segments::format::Pair;
use segments::reference::Dijkstra;
use segments::{Board, Path, Solver, SplitMix64, generate};

const BOARDS: usize = 20;
const SIDE: usize = 75;
const PIECES_PERCENT: u32 = 45;
const PAIRS: usize = 500;

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1101);
    let mut rng = SplitMix64::new(seed);
    let cases: Vec<(Board, Vec<Pair>)> = (0..BOARDS)
        .map(|_| {
            let board =
                generate::board(&mut rng, SIDE, SIDE, PIECES_PERCENT).expect("size in range");
            let pairs = generate::pairs(&mut rng, &board, PAIRS);
            (board, pairs)
        })
        .collect();

    let (sweep_time, sweep) = time(|| {
        let mut answers = Vec::new();
        for (board, pairs) in &cases {
            let mut solver = Solver::new(board);
            answers.extend(pairs.iter().map(|&Pair { a, b }| solver.count(a, b)));
        }
        answers
    });
    let (corners_time, corners) = time(|| {
        let mut answers = Vec::new();
        for (board, pairs) in &cases {
            let mut solver = Solver::new(board);
            answers.extend(
                pairs
                    .iter()
                    .map(|&Pair { a, b }| solver.min_segments(a, b).as_ref().map(Path::segments)),
            );
        }
        answers
    });
    let (shared_time, shared) = time(|| {
        let mut search = TurnSearch::new();
        let mut answers = Vec::new();
        for (board, pairs) in &cases {
            let padded = board.padded();
            let frame = padded.frame();
            answers.extend(pairs.iter().map(|&Pair { a, b }| {
                let (a, b) = (frame.to_outer(a), frame.to_outer(b));
                search
                    .find(padded.grid(), |&piece| !piece, a, b, None)
                    .map(|p| p.turns + 1)
            }));
        }
        answers
    });
    // The shared search helped by the same shortcut as the sweep (no search
    // for pairs with no common region of empty squares), told here by the
    // sweep's answers: its time on the connected pairs only.
    let (shared_connected_time, _) = time(|| {
        let mut search = TurnSearch::new();
        let mut k = 0;
        let mut answers = Vec::new();
        for (board, pairs) in &cases {
            let padded = board.padded();
            let frame = padded.frame();
            for &Pair { a, b } in pairs {
                if sweep[k].is_some() {
                    let (a, b) = (frame.to_outer(a), frame.to_outer(b));
                    answers.push(search.find(padded.grid(), |&piece| !piece, a, b, None));
                }
                k += 1;
            }
        }
        answers
    });
    let (baseline_time, baseline) = time(|| {
        let mut answers = Vec::new();
        for (board, pairs) in &cases {
            let textbook = Dijkstra::new(board);
            answers.extend(pairs.iter().map(|&Pair { a, b }| textbook.count(a, b)));
        }
        answers
    });
    assert_eq!(sweep, baseline, "sweep and Dijkstra disagree");
    assert_eq!(
        corners, baseline,
        "sweep with corners and Dijkstra disagree"
    );
    assert_eq!(shared, baseline, "TurnSearch and Dijkstra disagree");

    let possible = baseline.iter().filter(|a| a.is_some()).count();
    println!(
        "{BOARDS} boards {SIDE}x{SIDE}, {PIECES_PERCENT}% pieces, {PAIRS} pairs each (seed {seed}): {possible} of {} pairs connected",
        baseline.len()
    );
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let ratio = |d: Duration| baseline_time.as_secs_f64() / d.as_secs_f64();
    println!("textbook Dijkstra      {:9.3} ms", ms(baseline_time));
    println!(
        "grid-core TurnSearch   {:9.3} ms   {:6.1}x faster than Dijkstra",
        ms(shared_time),
        ratio(shared_time)
    );
    println!(
        "TurnSearch, connected pairs only {:9.3} ms",
        ms(shared_connected_time)
    );
    println!(
        "level sweep (count)    {:9.3} ms   {:6.1}x faster than Dijkstra, {:.1}x than TurnSearch",
        ms(sweep_time),
        ratio(sweep_time),
        shared_time.as_secs_f64() / sweep_time.as_secs_f64()
    );
    println!(
        "level sweep (corners)  {:9.3} ms   {:6.1}x faster than Dijkstra",
        ms(corners_time),
        ratio(corners_time)
    );
}

/// Runs `f` three times and keeps the fastest run.
fn time<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let start = Instant::now();
    let result = black_box(f());
    let mut best = start.elapsed();
    for _ in 0..2 {
        let start = Instant::now();
        black_box(f());
        best = best.min(start.elapsed());
    }
    (best, result)
}
