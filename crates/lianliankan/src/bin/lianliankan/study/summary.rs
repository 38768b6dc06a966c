//! The summary of a study: counts, the solvable fraction with its 95%
//! Wilson interval, and solve-time percentiles, as a table or a CSV row.
//! The unsharded run and `study merge` both end here, which is what makes
//! their output the same.

use std::io::Write;
use std::time::Duration;

use grid_cli::Failure;
use lianliankan::Rules;

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
    /// The check's verdicts against `solve`'s: `[accepted, rejected]`,
    /// each `[solvable, unsolvable, undecided]`.
    pub check: [[u64; 3]; 2],
    /// The random games: how many were played, cleared, stuck with their
    /// first lost step known, and stuck with it unknown (a solve ran out).
    pub games: Games,
}

/// The random games of a study (`--lost-before-stuck`).
#[derive(Debug, Default)]
pub struct Games {
    /// Games played (one per solvable deal).
    pub played: u64,
    /// Games that cleared the board.
    pub cleared: u64,
    /// Games stuck whose first lost step is not known exactly.
    pub undecided: u64,
    /// For each game stuck with its first lost step known, how many pairs
    /// before it was stuck it was lost; sorted.
    pub gaps: Vec<u32>,
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
            if let Some(accepted) = d.accepted {
                let verdict = match d.verdict {
                    Verdict::Solvable => 0,
                    Verdict::Unsolvable => 1,
                    Verdict::Undecided => 2,
                };
                tally.check[usize::from(!accepted)][verdict] += 1;
            }
            if let Some(game) = d.played {
                let games = &mut tally.games;
                games.played += 1;
                match game.gap() {
                    _ if game.cleared => games.cleared += 1,
                    Some(gap) => games.gaps.push(gap),
                    None => games.undecided += 1,
                }
            }
        }
        tally.times.sort();
        tally.games.gaps.sort();
        tally
    }

    /// How many deals.
    fn deals(&self) -> u64 {
        self.solvable + self.unsolvable + self.undecided
    }
}

impl Games {
    /// The gap at quantile `q` (nearest rank), or `NaN` with no gaps.
    fn gap_at(&self, q: f64) -> f64 {
        let g = &self.gaps;
        if g.is_empty() {
            return f64::NAN;
        }
        f64::from(g[((g.len() - 1) as f64 * q).round() as usize])
    }

    /// The share of the games stuck with a known first lost step that were
    /// lost at least `pairs` pairs before they were stuck.
    fn share_at_least(&self, pairs: u32) -> f64 {
        let many = self.gaps.iter().filter(|&&g| g >= pairs).count();
        many as f64 / self.gaps.len() as f64
    }
}

/// Pairs lost before stuck that count as "long lost" in the summary.
pub const LONG_GAP: u32 = 10;

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
    // The path rule in force (one turn, closed, under slide).
    let (max_turns, border) = study.rules.path_limits();
    let rules = &Rules {
        max_turns,
        border,
        ..study.rules.clone()
    };
    let border = match rules.border {
        lianliankan::Border::Closed => "closed",
        lianliankan::Border::Open => "open",
    };
    if study.csv {
        let (extra_names, extra_values) = extras(study, tally);
        writeln!(
            out,
            "rows,cols,kinds,copies,border,gravity,turns,groups,budget,seconds,seed,deals,solvable,unsolvable,undecided,fraction,ci_low,ci_high,median_ms,p90_ms,p99_ms,max_ms{extra_names}"
        )?;
        writeln!(
            out,
            "{},{},{},{},{border},{},{},{},{},{},{},{},{},{},{},{fraction:.4},{lo:.4},{hi:.4},{:.3},{:.3},{:.3},{:.3}{extra_values}",
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
        "{} deals{} of {}x{}, {} kinds in groups of {}, {border} border, gravity {}, {} turns{}{}{}; budget {} states{} a deal, seed {}",
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
        if rules.connect == lianliankan::Connect::Standard {
            String::new()
        } else {
            format!(", connection {}", rules.connect)
        },
        if rules.slide { ", sliding tiles" } else { "" },
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
    write_check(study, tally, out)?;
    write_games(study, tally, out)
}

/// The CSV columns of the check and of the random games, those the study
/// asked for: (`,name,...`, `,value,...`).
fn extras(study: &Study, tally: &Tally) -> (String, String) {
    let (mut names, mut values) = (String::new(), String::new());
    // Only another rule than the standard one adds the column, so that the
    // standard rule's table reads as before.
    if study.rules.connect != lianliankan::Connect::Standard {
        names.push_str(",connect");
        values.push_str(&format!(",{}", study.rules.connect));
    }
    if study.rules.slide {
        // Only when set, so that the columns of other studies stay as
        // they were.
        names.push_str(",slide");
        values.push_str(",yes");
    }
    if let Some(check) = study.check {
        names.push_str(",check");
        values.push_str(&format!(",{check}"));
        for (i, verdict) in ["accepts", "rejects"].iter().enumerate() {
            let counts = tally.check[i];
            names.push_str(&format!(
                ",{verdict},{verdict}_solvable,{verdict}_unsolvable,{verdict}_undecided"
            ));
            values.push_str(&format!(
                ",{},{},{},{}",
                counts.iter().sum::<u64>(),
                counts[0],
                counts[1],
                counts[2]
            ));
        }
    }
    if study.lost_before_stuck {
        let g = &tally.games;
        names.push_str(&format!(
            ",games,games_cleared,games_stuck,games_undecided,gap_q1,gap_median,gap_q3,gap_max,lost_{LONG_GAP}_before_stuck"
        ));
        values.push_str(&format!(
            ",{},{},{},{},{},{},{},{},{:.4}",
            g.played,
            g.cleared,
            g.gaps.len(),
            g.undecided,
            g.gap_at(0.25),
            g.gap_at(0.5),
            g.gap_at(0.75),
            g.gap_at(1.0),
            g.share_at_least(LONG_GAP)
        ));
    }
    (names, values)
}

/// The table's lines of the check: what it accepts and rejects, against
/// what `solve` says.
fn write_check(study: &Study, tally: &Tally, out: &mut dyn Write) -> Result<(), Failure> {
    let Some(check) = study.check else {
        return Ok(());
    };
    let how = match check {
        super::Check::KshisenGreedy => {
            "KShisen's isSolvable: greedy, first pair column by column, no gravity"
        }
        super::Check::HasMove => "a move exists at the start",
    };
    writeln!(out, "check {check} ({how}):")?;
    for (i, verdict) in ["accepts", "rejects"].iter().enumerate() {
        let [solvable, unsolvable, undecided] = tally.check[i];
        writeln!(
            out,
            "  {verdict} {:>8}: solvable {solvable}, unsolvable {unsolvable}, undecided {undecided}",
            solvable + unsolvable + undecided
        )?;
    }
    Ok(())
}

/// The table's lines of the random games: how long before they were stuck
/// they were lost.
fn write_games(study: &Study, tally: &Tally, out: &mut dyn Write) -> Result<(), Failure> {
    if !study.lost_before_stuck {
        return Ok(());
    }
    let g = &tally.games;
    writeln!(
        out,
        "random games (one per solvable deal, a uniformly random pair each step): {} played, {} cleared, {} stuck with the step they were lost known, {} not known (budget)",
        g.played,
        g.cleared,
        g.gaps.len(),
        g.undecided
    )?;
    if g.gaps.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "  pairs between lost and stuck: quartiles {} / {} / {}, max {}; lost at least {LONG_GAP} pairs before stuck: {:.3}",
        g.gap_at(0.25),
        g.gap_at(0.5),
        g.gap_at(0.75),
        g.gap_at(1.0),
        g.share_at_least(LONG_GAP)
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
