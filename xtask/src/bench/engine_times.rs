//! The lianliankan engine's times: `generate` and `solve` on generated
//! 12×18 boards of 36 kinds under every gravity mode, and under the rule
//! variants (four-rivers, line, KShisen's sliding tiles) with gravity `none`
//! and `down`, `solve` deciding
//! random 18×8 deals (36 kinds × 4, open border) under gravity `down`, and
//! `moves` listing every pair of a large sparse board against the time to
//! write those pairs.
//!
//! These goals are absolute times (a game must deal and hint within a
//! frame or two), not ratios against a baseline, so they are measured in
//! the bench's release process and reported in a table of their own. Every
//! generated board must be solved (it has a certificate), and every solved
//! order is replayed through `Game::remove`.
//!
//! The one comparison here, at KShisen's board sizes, is `solve` against a
//! baseline written in this file on the library's public API alone
//! ([`Baseline`]): the straightforward exact search, a depth-first search
//! over positions that tries every pair [`moves`] lists and remembers the
//! positions that failed (keyed by the tiles that remain). It stands for
//! what a game developer would write without the engine's proofs, so the
//! library carries no baseline of its own.

use std::fmt::Write;
use std::time::{Duration, Instant};

use grid_core::{Grid, Pos, SplitMix64};
use lianliankan::{
    Board, Border, Connect, DealSpec, Game, GenerateSpec, Gravity, Move, Rules, Solution,
    SolveConfig, deal, generate, moves, solve, solve_with_progress,
};
use rustc_hash::FxHashSet;

use super::workload::Scale;

/// The state budget of every solve here.
const BUDGET: u64 = 10_000_000;

/// The engine section of the report, measured at `scale`; `judged` says
/// whether the goals are checked (a full release run) or only shown.
pub fn section(scale: Scale, judged: bool) -> Result<String, String> {
    let (rows, cols, kinds, seeds) = match scale {
        Scale::Full => (12, 18, 36, 100),
        Scale::Quick => (6, 8, 12, 3),
    };
    let mut out = String::new();
    writeln!(
        out,
        "\nEngine: {rows}×{cols} boards of {kinds} kinds made by `generate` (open border, two turns), \
         {seeds} seeds a mode, then solved (budget {BUDGET} states); goals: generate median ≤ 50 ms and \
         slowest ≤ 1 s, solve median ≤ 50 ms.\n"
    )
    .unwrap();
    out.push_str(
        "| gravity | generate median | generate slowest | solve median | solve slowest | goal |\n",
    );
    out.push_str("|---|---:|---:|---:|---:|---|\n");
    for gravity in Gravity::ALL {
        let rules = Rules::judge()
            .with_border(Border::Open)
            .unwrap()
            .with_gravity(gravity);
        let (mut made, mut solved) = (Vec::new(), Vec::new());
        for seed in 0..seeds {
            let spec = GenerateSpec::new(rows, cols, kinds)
                .with_seed(seed)
                .with_rules(rules.clone());
            let start = Instant::now();
            let board = generate(&spec)
                .map_err(|e| format!("generate, gravity {gravity}, seed {seed}: {e}"))?
                .board;
            made.push(start.elapsed());
            let start = Instant::now();
            let answer = solve(&board, &rules, BUDGET);
            solved.push(start.elapsed());
            match answer {
                Solution::Solved(order) => replay(&board, &rules, &order)?,
                other => {
                    return Err(format!(
                        "a generated board (gravity {gravity}, seed {seed}) was not solved: {other:?}"
                    ));
                }
            }
        }
        let (made, solved) = (Percentiles::of(made), Percentiles::of(solved));
        let met = made.median <= Duration::from_millis(50)
            && made.max <= Duration::from_secs(1)
            && solved.median <= Duration::from_millis(50);
        writeln!(
            out,
            "| {gravity} | {} | {} | {} | {} | {} |",
            ms(made.median),
            ms(made.max),
            ms(solved.median),
            ms(solved.max),
            verdict(judged, met)
        )
        .unwrap();
    }
    out.push_str(&variant_times(scale, judged)?);
    out.push_str(&random_deals(scale, judged)?);
    out.push_str(&kshisen_deals(scale)?);
    out.push_str(&all_moves(scale, judged)?);
    Ok(out)
}

/// `generate` and `solve` under the rule variants of issue 38 (docs/rules.md):
/// four-rivers and line (open border, two turns) and KShisen's sliding
/// tiles, each with gravity `none` and `down`, on 12×18 boards of 36 kinds;
/// goals generate median ≤ 50 ms, solve median ≤ 100 ms. Every generated
/// board must be solved and every order replayed. Also measured alone
/// (`--only variants`).
pub fn variant_times(scale: Scale, judged: bool) -> Result<String, String> {
    let (rows, cols, kinds, seeds) = match scale {
        Scale::Full => (12, 18, 36, 100),
        Scale::Quick => (6, 8, 12, 3),
    };
    let mut out = format!(
        "\nRule variants: {rows}×{cols} boards of {kinds} kinds made by `generate` (four-rivers and \
         line: open border, two turns; slide: one turn on the board), {seeds} seeds a cell, then \
         solved (budget {BUDGET} states); goals: generate median ≤ 50 ms, solve median ≤ 100 ms.\n\n\
         | rule | gravity | generate median | generate slowest | solve median | solve slowest | goal |\n\
         |---|---|---:|---:|---:|---:|---|\n"
    );
    let variants = [
        (
            "four-rivers",
            Rules::judge()
                .with_border(Border::Open)
                .unwrap()
                .with_connect(Connect::FourRivers)
                .unwrap(),
        ),
        (
            "line",
            Rules::judge()
                .with_border(Border::Open)
                .unwrap()
                .with_connect(Connect::Line)
                .unwrap(),
        ),
        ("slide", Rules::judge().with_slide(true).unwrap()),
    ];
    for (name, variant) in variants {
        for gravity in [Gravity::None, Gravity::Down] {
            let rules = variant.clone().with_gravity(gravity);
            let (mut made, mut solved) = (Vec::new(), Vec::new());
            for seed in 0..seeds {
                let spec = GenerateSpec::new(rows, cols, kinds)
                    .with_seed(seed)
                    .with_rules(rules.clone());
                let start = Instant::now();
                let generated = generate(&spec).map_err(|e| {
                    format!("generate, {name}, gravity {gravity}, seed {seed}: {e}")
                })?;
                made.push(start.elapsed());
                replay(&generated.board, &rules, &generated.certificate)?;
                let start = Instant::now();
                let answer = solve(&generated.board, &rules, BUDGET);
                solved.push(start.elapsed());
                match answer {
                    Solution::Solved(order) => replay(&generated.board, &rules, &order)?,
                    other => {
                        return Err(format!(
                            "a generated board ({name}, gravity {gravity}, seed {seed}) was not solved: {other:?}"
                        ));
                    }
                }
            }
            let (made, solved) = (Percentiles::of(made), Percentiles::of(solved));
            let met = made.median <= Duration::from_millis(50)
                && solved.median <= Duration::from_millis(100);
            writeln!(
                out,
                "| {name} | {gravity} | {} | {} | {} | {} | {} |",
                ms(made.median),
                ms(made.max),
                ms(solved.median),
                ms(solved.max),
                verdict(judged, met)
            )
            .unwrap();
        }
    }
    Ok(out)
}

/// `moves` on a sparse board (2% tiles of 40 kinds), timed against
/// writing its pairs as the binary does (`r1 c1 r2 c2` lines into a
/// buffer): listing them should cost at most twice as much as writing them.
/// Also measured alone (`--only moves`).
pub fn all_moves(scale: Scale, judged: bool) -> Result<String, String> {
    let (rows, cols, runs) = match scale {
        Scale::Full => (1000, 999, 5),
        Scale::Quick => (100, 99, 1),
    };
    let mut rng = SplitMix64::new(0x6d6f_7665);
    let cells = (0..rows * cols)
        .map(|_| {
            if rng.percent(2) {
                rng.range(1, 40) as u32
            } else {
                0
            }
        })
        .collect();
    let board = Board::new(&Grid::from_vec(rows, cols, cells).expect("rows·cols"))
        .map_err(|e| e.to_string())?;
    let rules = Rules::default();
    let (mut listing, mut writing) = (Duration::MAX, Duration::MAX);
    let mut count = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let pairs = moves(&board, &rules);
        listing = listing.min(start.elapsed());
        let start = Instant::now();
        let mut text = Vec::with_capacity(pairs.len() * 16);
        for pair in &pairs {
            std::io::Write::write_fmt(&mut text, format_args!("{pair}\n")).expect("in memory");
        }
        writing = writing.min(start.elapsed());
        count = pairs.len();
        std::hint::black_box(text);
    }
    let ratio = listing.as_secs_f64() / writing.as_secs_f64().max(1e-9);
    Ok(format!(
        "\nEvery move of a {rows}×{cols} board with 2% tiles of 40 kinds (two turns, closed border): \
         {count} pairs listed in {} and written in {} (best of {runs}): listing / writing {ratio:.2}×. \
         Goal: at most 2×: {}.\n",
        ms(listing),
        ms(writing),
        verdict(judged, ratio <= 2.0)
    ))
}

/// The longest a deal is searched in [`kshisen_deals`], by each solver.
const DEAL_CAP: Duration = Duration::from_secs(1);

/// Solve times of random deals at KShisen's board sizes, `solve` against
/// the [`Baseline`] search, each stopped after [`DEAL_CAP`]; a deal not
/// decided by then counts as taking the cap. Two workloads: every kind four
/// times with the open border at all six sizes, and KShisen's own deal (42
/// kinds, 8 or 12 of a kind) with the closed border at its three big sizes,
/// where the holes proof works. No gravity. Every solved order is replayed,
/// and the two solvers never disagree.
fn kshisen_deals(scale: Scale) -> Result<String, String> {
    let workloads = match scale {
        Scale::Full => [
            Deals {
                border: Border::Open,
                kinds: None,
                sizes: &[(6, 14), (9, 16), (8, 18), (12, 24), (14, 26), (16, 30)],
            },
            Deals {
                border: Border::Closed,
                kinds: Some(42),
                sizes: &[(12, 24), (14, 26), (16, 30)],
            },
        ],
        Scale::Quick => [
            Deals {
                border: Border::Open,
                kinds: None,
                sizes: &[(4, 6), (6, 8)],
            },
            Deals {
                border: Border::Closed,
                kinds: Some(6),
                sizes: &[(4, 6)],
            },
        ],
    };
    let mut out = String::new();
    for workload in &workloads {
        out.push_str(&deal_times(scale, workload)?);
    }
    Ok(out)
}

/// One workload of [`kshisen_deals`].
struct Deals {
    border: Border,
    /// The kinds of every deal (`None`: every kind four times).
    kinds: Option<u32>,
    /// Rows and columns.
    sizes: &'static [(usize, usize)],
}

/// The table of one workload of [`kshisen_deals`].
fn deal_times(
    scale: Scale,
    &Deals {
        border,
        kinds,
        sizes,
    }: &Deals,
) -> Result<String, String> {
    let deals: u64 = match scale {
        Scale::Full => 100,
        Scale::Quick => 3,
    };
    let rules = Rules::judge().with_border(border).unwrap();
    let (deal_name, border_name) = (
        kinds.map_or("every kind 4 times".to_string(), |k| format!("{k} kinds")),
        if border == Border::Open {
            "open"
        } else {
            "closed"
        },
    );
    let mut out = format!(
        "\nRandom deals at KShisen's sizes ({deals} a size, {deal_name}, {border_name} border, \
         no gravity), each search stopped after {} s: solve times of `solve` and of the baseline \
         (a depth-first search over positions with a memo of failed positions, on the public API), \
         in the same run.\n\n\
         | board | solver | decided | median | p90 | p99 | slowest |\n|---|---|---:|---:|---:|---:|---:|\n",
        DEAL_CAP.as_secs()
    );
    for &(rows, cols) in sizes {
        let kinds = kinds.unwrap_or((rows * cols / 4) as u32);
        let mut rows_out = Vec::new();
        let mut verdicts: Vec<[Option<bool>; 2]> = vec![[None; 2]; deals as usize];
        for (which, name) in ["solve", "baseline"].into_iter().enumerate() {
            let mut times = Vec::new();
            let mut decided = 0;
            for seed in 0..deals {
                let board = deal(&DealSpec::new(rows, cols, kinds).with_seed(seed))
                    .map_err(|e| format!("deal {seed}: {e}"))?;
                let start = Instant::now();
                let within = || {
                    if start.elapsed() < DEAL_CAP {
                        std::ops::ControlFlow::Continue(())
                    } else {
                        std::ops::ControlFlow::Break(())
                    }
                };
                let answer = if which == 0 {
                    solve_with_progress(&board, &rules, &SolveConfig::new(), &mut |_| within())
                } else {
                    Baseline::new(&board, &rules).solve(&board, &mut |_| within())
                };
                times.push(start.elapsed().min(DEAL_CAP));
                verdicts[seed as usize][which] = match answer {
                    Solution::Solved(order) => {
                        replay(&board, &rules, &order)?;
                        Some(true)
                    }
                    Solution::Unsolvable => Some(false),
                    // Stopped at the cap (a cancel), or out of budget.
                    _ => None,
                };
                decided += usize::from(verdicts[seed as usize][which].is_some());
            }
            times.sort();
            let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
            rows_out.push(format!(
                "| {cols}×{rows} | {name} | {decided} | {} | {} | {} | {} |\n",
                ms(at(0.5)),
                ms(at(0.9)),
                ms(at(0.99)),
                ms(at(1.0))
            ));
        }
        if let Some(seed) = verdicts
            .iter()
            .position(|v| matches!(v, [Some(a), Some(b)] if a != b))
        {
            return Err(format!(
                "the two solvers disagree on the {cols}×{rows} deal of seed {seed}: {:?}",
                verdicts[seed]
            ));
        }
        for row in rows_out {
            out.push_str(&row);
        }
    }
    Ok(out)
}

/// The baseline of [`kshisen_deals`]: the straightforward exact search for
/// a removal order that clears a board without gravity, on the library's
/// public API. A depth-first search over positions: at each, every pair
/// [`moves`] lists is removed in turn (in its order, row by row) and the
/// search goes on from there; a position from which no order clears the
/// board is remembered, keyed by the set of tiles that remain (without
/// gravity the tiles never move, so that set is the position), and not
/// searched again. No proofs, no move ordering, no bound on the memo.
struct Baseline<'a> {
    rules: &'a Rules,
    cols: usize,
    /// The positions that cannot be cleared: bit `row * cols + col` set for
    /// each tile that remains.
    failed: FxHashSet<Vec<u64>>,
    /// The position searched now, in the same form.
    remaining: Vec<u64>,
    /// The pairs removed on the way to it.
    removed: Vec<Move>,
    /// Positions searched, passed to the progress callback.
    states: u64,
}

impl<'a> Baseline<'a> {
    fn new(board: &Board, rules: &'a Rules) -> Baseline<'a> {
        let cols = board.cols();
        let mut remaining = vec![0u64; (board.rows() * cols).div_ceil(64)];
        for (pos, _) in board.tiles() {
            let bit = pos.row * cols + pos.col;
            remaining[bit / 64] |= 1 << (bit % 64);
        }
        Baseline {
            rules,
            cols,
            failed: FxHashSet::default(),
            remaining,
            removed: Vec::new(),
            states: 0,
        }
    }

    /// Searches `board` (no gravity), calling `progress` with the number
    /// of positions searched at every one; a `Break` stops the search as
    /// out of budget.
    fn solve(
        mut self,
        board: &Board,
        progress: &mut dyn FnMut(u64) -> std::ops::ControlFlow<()>,
    ) -> Solution {
        assert_eq!(
            self.rules.gravity(),
            Gravity::None,
            "the baseline has no gravity"
        );
        match self.clear(&mut board.clone(), progress) {
            Some(true) => Solution::Solved(self.removed),
            Some(false) => Solution::Unsolvable,
            None => Solution::OutOfBudget {
                states: self.states,
            },
        }
    }

    /// Whether `board` (the position `self.remaining`) can be cleared, with
    /// the order in `self.removed` if so; `None` when stopped. `board` is
    /// as it was when this returns `Some(false)`.
    fn clear(
        &mut self,
        board: &mut Board,
        progress: &mut dyn FnMut(u64) -> std::ops::ControlFlow<()>,
    ) -> Option<bool> {
        if board.tile_count() == 0 {
            return Some(true);
        }
        if self.failed.contains(&self.remaining) {
            return Some(false);
        }
        self.states += 1;
        if progress(self.states).is_break() {
            return None;
        }
        for pair in moves(board, self.rules) {
            let kinds = [pair.a(), pair.b()].map(|p| board.kind(p).expect("on the board"));
            self.set(board, pair.a(), 0);
            self.set(board, pair.b(), 0);
            self.removed.push(pair);
            match self.clear(board, progress) {
                Some(false) => {}
                decided_or_stopped => return decided_or_stopped,
            }
            self.removed.pop();
            self.set(board, pair.a(), kinds[0]);
            self.set(board, pair.b(), kinds[1]);
        }
        self.failed.insert(self.remaining.clone());
        Some(false)
    }

    /// Sets the cell at `pos` to `kind` (0: removes its tile) on the board
    /// and in `self.remaining`.
    fn set(&mut self, board: &mut Board, pos: Pos, kind: u32) {
        board.set(pos, kind);
        let bit = pos.row * self.cols + pos.col;
        self.remaining[bit / 64] ^= 1 << (bit % 64);
    }
}

/// Random deals decided under gravity `down`: every one must be decided.
fn random_deals(scale: Scale, judged: bool) -> Result<String, String> {
    let (rows, cols, kinds, deals) = match scale {
        Scale::Full => (8, 18, 36, 100),
        Scale::Quick => (4, 6, 6, 5),
    };
    let rules = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let mut times = Vec::new();
    let mut counts = [0usize; 3];
    for seed in 0..deals {
        let board = deal(&DealSpec::new(rows, cols, kinds).with_seed(seed))
            .map_err(|e| format!("deal {seed}: {e}"))?;
        let start = Instant::now();
        let answer = solve(&board, &rules, BUDGET);
        times.push(start.elapsed());
        match answer {
            Solution::Solved(order) => {
                replay(&board, &rules, &order)?;
                counts[0] += 1;
            }
            Solution::Unsolvable => counts[1] += 1,
            _ => counts[2] += 1,
        }
    }
    let times = Percentiles::of(times);
    let mut out = String::new();
    writeln!(
        out,
        "\nRandom deals: {deals} deals of {rows}×{cols} ({kinds} kinds × 4, open border, gravity down), \
         budget {BUDGET} states: {} solved, {} proved unsolvable, {} undecided; solve median {}, \
         p90 {}, slowest {}. Goal: every deal decided: {}.",
        counts[0],
        counts[1],
        counts[2],
        ms(times.median),
        ms(times.p90),
        ms(times.max),
        verdict(judged, counts[2] == 0)
    )
    .unwrap();
    Ok(out)
}

/// Plays `order` on `board`: every step legal, the board cleared.
fn replay(board: &Board, rules: &Rules, order: &[Move]) -> Result<(), String> {
    let mut game = Game::new(board.clone(), rules.clone());
    for pair in order {
        game.play(*pair)
            .map_err(|e| format!("the solver's removal {pair} is illegal: {e}"))?;
    }
    if game.is_cleared() {
        Ok(())
    } else {
        Err("the solver's order does not clear the board".to_owned())
    }
}

/// The median, 90th percentile and maximum of some times.
struct Percentiles {
    median: Duration,
    p90: Duration,
    max: Duration,
}

impl Percentiles {
    fn of(mut times: Vec<Duration>) -> Percentiles {
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        Percentiles {
            median: at(0.5),
            p90: at(0.9),
            max: at(1.0),
        }
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn verdict(judged: bool, met: bool) -> &'static str {
    match (judged, met) {
        (false, _) => "not judged (not a full release run)",
        (true, true) => "met",
        (true, false) => "NOT met",
    }
}
