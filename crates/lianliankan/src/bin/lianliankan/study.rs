//! `study`: what fraction of random deals can be cleared. Deals are made by
//! `lianliankan::deal` from seeds derived from the study's seed and the
//! deal's number (so the same seed gives the same deals whatever the number
//! of threads), decided by `solve` on a rayon pool, and summed up as a
//! table or CSV: how many are solvable, unsolvable and undecided, a 95%
//! Wilson interval for the solvable fraction, and the distribution of solve
//! times.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use grid_cli::Failure;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lianliankan::{Board, DealSpec, Rules, Solution, SolveConfig, deal, solve_with_progress};
use rayon::prelude::*;

/// What a study is asked for.
#[derive(Debug)]
pub struct Study {
    /// The deal: size, kinds, copies (its seed is replaced per deal).
    pub deal: DealSpec,
    /// How many deals.
    pub deals: u64,
    /// The study's seed.
    pub seed: u64,
    /// The rules each deal is decided under.
    pub rules: Rules,
    /// The state budget of each solve.
    pub budget: u64,
    /// The time limit of each solve, if any.
    pub time_limit: Option<Duration>,
    /// Threads (at least 1).
    pub jobs: usize,
    /// CSV instead of a table.
    pub csv: bool,
}

/// The verdicts of a study, in deal order.
#[derive(Debug, Default)]
pub struct Tally {
    /// Deals cleared by the order found.
    pub solvable: u64,
    /// Deals proved unsolvable.
    pub unsolvable: u64,
    /// Deals whose budget ran out.
    pub undecided: u64,
    /// Every deal's solve time, sorted.
    pub times: Vec<Duration>,
}

/// The seed of deal number `i` of a study seeded `seed`.
fn deal_seed(seed: u64, i: u64) -> u64 {
    grid_core::SplitMix64::new(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

/// Deals and decides every deal of `study`, with a progress bar on a
/// terminal, and writes the summary.
///
/// # Errors
/// A deal that cannot be made (a usage error), a thread pool that cannot
/// be built, or a write error.
pub fn run(study: &Study, out: &mut dyn Write) -> Result<(), Failure> {
    deal(&study.deal).map_err(|e| Failure::Usage(format!("error: {e}")))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(study.jobs)
        .build()
        .map_err(|e| Failure::Usage(format!("error: cannot start {} threads: {e}", study.jobs)))?;
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new(study.deals)
    } else {
        ProgressBar::with_draw_target(Some(study.deals), ProgressDrawTarget::hidden())
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {elapsed} (eta {eta})")
            .expect("a valid template"),
    );
    let verdicts: Vec<(Verdict, Duration)> = pool.install(|| {
        (0..study.deals)
            .into_par_iter()
            .map(|i| {
                let spec = study.deal.clone().with_seed(deal_seed(study.seed, i));
                let board: Board = deal(&spec).expect("checked above");
                let start = Instant::now();
                let within = |_| match study.time_limit {
                    Some(limit) if start.elapsed() > limit => ControlFlow::Break(()),
                    _ => ControlFlow::Continue(()),
                };
                let config = SolveConfig::new().budget(study.budget);
                let verdict =
                    match solve_with_progress(&board, &study.rules, &config, &mut { within }) {
                        Solution::Solved(_) => Verdict::Solvable,
                        Solution::Unsolvable => Verdict::Unsolvable,
                        // Out of budget, or stopped at the time limit.
                        _ => Verdict::Undecided,
                    };
                let took = start.elapsed();
                bar.inc(1);
                (verdict, took)
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut tally = Tally::default();
    for &(verdict, took) in &verdicts {
        match verdict {
            Verdict::Solvable => tally.solvable += 1,
            Verdict::Unsolvable => tally.unsolvable += 1,
            Verdict::Undecided => tally.undecided += 1,
        }
        tally.times.push(took);
    }
    tally.times.sort();
    write_summary(study, &tally, out)?;
    Ok(())
}

#[derive(Clone, Copy, Debug)]
enum Verdict {
    Solvable,
    Unsolvable,
    Undecided,
}

/// The 95% Wilson score interval for `successes` out of `n` (`n > 0`).
pub fn wilson(successes: u64, n: u64) -> (f64, f64) {
    let (s, n) = (successes as f64, n as f64);
    let z = 1.959_963_984_540_054_f64;
    let p = s / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn write_summary(study: &Study, tally: &Tally, out: &mut dyn Write) -> Result<(), Failure> {
    let decided = tally.solvable + tally.unsolvable;
    let (fraction, (lo, hi)) = if decided == 0 {
        (f64::NAN, (f64::NAN, f64::NAN))
    } else {
        (
            tally.solvable as f64 / decided as f64,
            wilson(tally.solvable, decided),
        )
    };
    let at = |q: f64| -> f64 {
        let t = &tally.times;
        if t.is_empty() {
            return 0.0;
        }
        t[((t.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3
    };
    let d = &study.deal;
    let rules = &study.rules;
    let border = match rules.border {
        lianliankan::Border::Closed => "closed",
        lianliankan::Border::Open => "open",
    };
    if study.csv {
        writeln!(
            out,
            "rows,cols,kinds,copies,border,gravity,turns,groups,budget,seconds,seed,deals,solvable,unsolvable,undecided,fraction,ci_low,ci_high,median_ms,p90_ms,p99_ms,max_ms"
        )?;
        writeln!(
            out,
            "{},{},{},{},{border},{},{},{},{},{},{},{},{},{},{},{fraction:.4},{lo:.4},{hi:.4},{:.3},{:.3},{:.3},{:.3}",
            d.rows,
            d.cols,
            d.kinds,
            d.copies,
            rules.gravity,
            rules.max_turns,
            rules.groups,
            study.budget,
            study
                .time_limit
                .map_or(String::new(), |t| t.as_secs_f64().to_string()),
            study.seed,
            study.deals,
            tally.solvable,
            tally.unsolvable,
            tally.undecided,
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0),
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "{} deals of {}x{}, {} kinds in groups of {}, {border} border, gravity {}, {} turns{}; budget {} states{} a deal, seed {}",
        study.deals,
        d.rows,
        d.cols,
        d.kinds,
        d.copies,
        rules.gravity,
        rules.max_turns,
        if rules.groups.is_empty() {
            String::new()
        } else {
            format!(", groups {}", rules.groups)
        },
        study.budget,
        study
            .time_limit
            .map_or(String::new(), |t| format!(" or {} s", t.as_secs_f64())),
        study.seed
    )?;
    writeln!(out, "solvable    {:>8}", tally.solvable)?;
    writeln!(out, "unsolvable  {:>8}", tally.unsolvable)?;
    writeln!(out, "undecided   {:>8}", tally.undecided)?;
    if decided > 0 {
        writeln!(
            out,
            "solvable fraction of the decided deals: {fraction:.3} (95% CI {lo:.3} to {hi:.3})"
        )?;
    } else {
        writeln!(out, "solvable fraction: none decided")?;
    }
    if tally.undecided > 0 {
        let n = study.deals as f64;
        writeln!(
            out,
            "(counting undecided deals either way: {:.3} to {:.3})",
            tally.solvable as f64 / n,
            (tally.solvable + tally.undecided) as f64 / n
        )?;
    }
    writeln!(
        out,
        "solve time: median {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        // 90 of 100: the textbook Wilson interval is 0.8256 to 0.9448.
        let (lo, hi) = wilson(90, 100);
        assert!(
            (lo - 0.8256).abs() < 1e-4 && (hi - 0.9448).abs() < 1e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10);
        assert!(lo.abs() < 1e-12 && (hi - 0.2775).abs() < 1e-4, "{lo} {hi}");
        let (lo, hi) = wilson(10, 10);
        assert!(
            (lo - 0.7225).abs() < 1e-4 && (hi - 1.0).abs() < 1e-12,
            "{lo} {hi}"
        );
    }

    #[test]
    fn deal_seeds_differ() {
        let seeds: std::collections::BTreeSet<u64> = (0..1000).map(|i| deal_seed(7, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(deal_seed(7, 0), deal_seed(8, 0));
    }
}
