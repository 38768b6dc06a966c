//! The summary of a study: counts, the solvable fraction with its 95%
//! Wilson interval, and solve-time percentiles, as a table or a CSV row.
//! The unsharded run and `study merge` both end here, which is what makes
//! their output the same.

use std::io::Write;
use std::time::Duration;

use grid_cli::Failure;

use super::csv::field;
use super::params::{Decided, Study, Verdict};

/// The verdicts of a study's deals, summed up.
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

impl Tally {
    /// The tally of `decided`.
    pub fn of(decided: &[Decided]) -> Tally {
        let mut tally = Tally::default();
        for d in decided {
            match d.verdict {
                Verdict::Solvable => tally.solvable += 1,
                Verdict::Unsolvable => tally.unsolvable += 1,
                Verdict::Undecided => tally.undecided += 1,
            }
            tally.times.push(d.time);
        }
        tally.times.sort();
        tally
    }

    /// How many deals.
    fn deals(&self) -> u64 {
        self.solvable + self.unsolvable + self.undecided
    }
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

/// Writes the summary of `tally` for `study`: the table, or with
/// `study.csv` a CSV header and one row.
///
/// # Errors
/// A write error.
pub fn write(study: &Study, tally: &Tally, out: &mut dyn Write) -> Result<(), Failure> {
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
            field(&rules.groups.to_string()),
            study.budget,
            study
                .time_limit
                .map_or(String::new(), |t| t.as_secs_f64().to_string()),
            study.seed,
            tally.deals(),
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
        "{} deals{} of {}x{}, {} kinds in groups of {}, {border} border, gravity {}, {} turns{}; budget {} states{} a deal, seed {}",
        tally.deals(),
        study.shard.map_or(String::new(), |shard| format!(
            " (shard {shard} of {}: deals i with i mod {} = {})",
            study.deals,
            shard.count,
            shard.index - 1
        )),
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
        let n = tally.deals() as f64;
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
}
