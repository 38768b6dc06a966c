//! The summary of a study: counts, the solvable fraction with its 95%
//! Wilson interval, and solve-time percentiles, as a table or a CSV row.
//! The unsharded run and `study merge` both end here, which is what makes
//! their output the same.

use std::io::Write;
use std::time::Duration;

use grid_cli::Failure;

use super::csv::field;
use super::params::{Decided, Rated, RatedPlayers, Study, Verdict};

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
    /// The ratings of the solvable deals (`--rate`).
    pub rated: Vec<Rated>,
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
            if let Some(rated) = d.rated {
                tally.rated.push(rated);
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
            grid_core::wilson(tally.solvable, decided),
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
    let border = rules.border().name();
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
            rules.gravity(),
            rules.max_turns(),
            field(&rules.groups().to_string()),
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
        rules.gravity(),
        rules.max_turns(),
        if rules.groups().is_empty() {
            String::new()
        } else {
            format!(", groups {}", rules.groups())
        },
        if rules.connect() == lianliankan::Connect::Standard {
            String::new()
        } else {
            format!(", connection {}", rules.connect())
        },
        if rules.slide() { ", sliding tiles" } else { "" },
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
    write_games(study, tally, out)?;
    write_rating(study, tally, out)
}

/// The CSV columns of the check and of the random games, those the study
/// asked for: (`,name,...`, `,value,...`).
fn extras(study: &Study, tally: &Tally) -> (String, String) {
    let (mut names, mut values) = (String::new(), String::new());
    // Only another rule than the standard one adds the column, so that the
    // standard rule's table reads as before.
    if study.rules.connect() != lianliankan::Connect::Standard {
        names.push_str(",connect");
        values.push_str(&format!(",{}", study.rules.connect()));
    }
    if study.rules.slide() {
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
    if study.rate {
        let r = Ratings::of(&tally.rated);
        names.push_str(",rated,score_q1,score_median,score_q3,score_max,easy,normal,hard,easy_heldout,normal_heldout,hard_heldout,easy_greedy,normal_greedy,hard_greedy,spearman_heldout,spearman_greedy,rate_undecided");
        values.push_str(&format!(
            ",{},{},{},{},{}",
            tally.rated.len(),
            r.score_at(0.25),
            r.score_at(0.5),
            r.score_at(0.75),
            r.score_at(1.0)
        ));
        for band in &r.bands {
            values.push_str(&format!(",{}", band.deals));
        }
        for band in &r.bands {
            values.push_str(&format!(",{:.4}", band.heldout()));
        }
        for band in &r.bands {
            values.push_str(&format!(",{:.4}", band.greedy()));
        }
        values.push_str(&format!(
            ",{:.4},{:.4},{}",
            r.spearman_heldout, r.spearman_greedy, r.undecided
        ));
        names.push_str(",with_players,easy_lookahead,normal_lookahead,hard_lookahead,spearman_lookahead,spearman_half_skill,half_skill_median");
        values.push_str(&format!(",{}", r.with_players));
        for band in &r.bands {
            values.push_str(&format!(",{:.4}", band.lookahead()));
        }
        values.push_str(&format!(
            ",{:.4},{:.4},{:.3}",
            r.spearman_lookahead, r.spearman_half_skill, r.half_skill_median
        ));
    }
    (names, values)
}

/// The ratings of a study's solvable deals, summed up: the scores, each
/// difficulty's held-out clear rates, and how well the score ranks them.
pub struct Ratings {
    /// The scores, sorted.
    pub scores: Vec<u8>,
    /// Easy, normal and hard.
    pub bands: [Band; 3],
    /// Spearman's rank correlation of the score with the held-out random
    /// games' clear rate (`NaN` with fewer than two deals or no spread).
    pub spearman_heldout: f64,
    /// The same with the first-hint player's clear (1 or 0).
    pub spearman_greedy: f64,
    /// Pairs the ratings' solver left undecided, in all.
    pub undecided: u64,
    /// Deals with the other players (`rate_players`) played; the two
    /// correlations below are over them.
    pub with_players: usize,
    /// Spearman's rank correlation of the score with the lookahead's clear
    /// rate.
    pub spearman_lookahead: f64,
    /// The same with the half-clear skill (above 1 when no skill of the
    /// grid clears half the games).
    pub spearman_half_skill: f64,
    /// The median half-clear skill (`NaN` with no deal; above 1 as above).
    pub half_skill_median: f64,
}

/// The deals of one difficulty.
#[derive(Default)]
pub struct Band {
    pub deals: u64,
    pub heldout_cleared: u64,
    pub heldout_plays: u64,
    pub greedy_cleared: u64,
    pub lookahead_cleared: u64,
    pub lookahead_games: u64,
}

impl Band {
    /// The held-out random games' clear rate.
    pub fn heldout(&self) -> f64 {
        self.heldout_cleared as f64 / self.heldout_plays as f64
    }

    /// The first-hint player's clear rate.
    pub fn greedy(&self) -> f64 {
        self.greedy_cleared as f64 / self.deals as f64
    }

    /// The lookahead's clear rate (`NaN` without players).
    pub fn lookahead(&self) -> f64 {
        self.lookahead_cleared as f64 / self.lookahead_games as f64
    }
}

impl Ratings {
    /// Of `rated`.
    pub fn of(rated: &[Rated]) -> Ratings {
        let mut bands: [Band; 3] = Default::default();
        for r in rated {
            let at = lianliankan::Difficulty::ALL
                .iter()
                .position(|d| d.band().contains(&r.score))
                .expect("every score has its difficulty");
            let band = &mut bands[at];
            band.deals += 1;
            band.heldout_cleared += u64::from(r.heldout_cleared);
            band.heldout_plays += u64::from(r.plays);
            band.greedy_cleared += u64::from(r.greedy_cleared);
            if let Some(p) = r.players {
                band.lookahead_cleared += u64::from(p.lookahead_cleared);
                band.lookahead_games += u64::from(p.games);
            }
        }
        let played: Vec<(f64, RatedPlayers)> = rated
            .iter()
            .filter_map(|r| r.players.map(|p| (f64::from(r.score), p)))
            .collect();
        let played_scores: Vec<f64> = played.iter().map(|&(s, _)| s).collect();
        let lookahead: Vec<f64> = played
            .iter()
            .map(|(_, p)| f64::from(p.lookahead_cleared) / f64::from(p.games.max(1)))
            .collect();
        let mut half: Vec<f64> = played.iter().map(|(_, p)| p.half_skill_rank()).collect();
        let spearman_half_skill = spearman(&played_scores, &half);
        half.sort_by(f64::total_cmp);
        let half_skill_median = if half.is_empty() {
            f64::NAN
        } else {
            half[half.len() / 2]
        };
        let scores: Vec<f64> = rated.iter().map(|r| f64::from(r.score)).collect();
        let heldout: Vec<f64> = rated
            .iter()
            .map(|r| f64::from(r.heldout_cleared) / f64::from(r.plays.max(1)))
            .collect();
        let greedy: Vec<f64> = rated
            .iter()
            .map(|r| f64::from(u8::from(r.greedy_cleared)))
            .collect();
        let mut sorted: Vec<u8> = rated.iter().map(|r| r.score).collect();
        sorted.sort_unstable();
        Ratings {
            scores: sorted,
            bands,
            spearman_heldout: spearman(&scores, &heldout),
            spearman_greedy: spearman(&scores, &greedy),
            undecided: rated.iter().map(|r| r.undecided).sum(),
            with_players: played.len(),
            spearman_lookahead: spearman(&played_scores, &lookahead),
            spearman_half_skill,
            half_skill_median,
        }
    }

    /// The score at quantile `q` (nearest rank), `NaN` with none.
    fn score_at(&self, q: f64) -> f64 {
        let s = &self.scores;
        if s.is_empty() {
            return f64::NAN;
        }
        f64::from(s[((s.len() - 1) as f64 * q).round() as usize])
    }
}

/// The ranks of `values` (1-based, ties sharing their mean rank).
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            ranks[k] = mean;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's rank correlation of `x` and `y`: Pearson's of their ranks
/// (`NaN` when either has no spread).
pub fn spearman(x: &[f64], y: &[f64]) -> f64 {
    let (rx, ry) = (ranks(x), ranks(y));
    let n = rx.len() as f64;
    let mean = (n + 1.0) / 2.0;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in rx.iter().zip(&ry) {
        sxy += (a - mean) * (b - mean);
        sxx += (a - mean) * (a - mean);
        syy += (b - mean) * (b - mean);
    }
    sxy / (sxx * syy).sqrt()
}

/// The table's lines of the ratings: the scores' spread, each difficulty's
/// held-out clear rates, the rank correlations and a histogram.
fn write_rating(study: &Study, tally: &Tally, out: &mut dyn Write) -> Result<(), Failure> {
    if !study.rate {
        return Ok(());
    }
    let r = Ratings::of(&tally.rated);
    writeln!(
        out,
        "ratings ({} solvable deals; {} random games each, held-out: as many fresh games and the first-hint player): {} pairs undecided",
        tally.rated.len(),
        tally.rated.first().map_or(0, |r| r.plays),
        r.undecided
    )?;
    if tally.rated.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "  score: quartiles {} / {} / {}, max {}",
        r.score_at(0.25),
        r.score_at(0.5),
        r.score_at(0.75),
        r.score_at(1.0)
    )?;
    for (difficulty, band) in lianliankan::Difficulty::ALL.iter().zip(&r.bands) {
        let range = difficulty.band();
        if band.deals == 0 {
            writeln!(
                out,
                "  {:<6} ({:>2}-{:<3}) {:>6} deals",
                difficulty.name(),
                range.start(),
                range.end(),
                0
            )?;
            continue;
        }
        writeln!(
            out,
            "  {:<6} ({:>2}-{:<3}) {:>6} deals: held-out random games clear {:.3}, the first-hint player {:.3}",
            difficulty.name(),
            range.start(),
            range.end(),
            band.deals,
            band.heldout(),
            band.greedy()
        )?;
    }
    writeln!(
        out,
        "  Spearman's rank correlation of the score with the held-out clear rate {:.3}, with the first-hint player's clear {:.3}",
        r.spearman_heldout, r.spearman_greedy
    )?;
    if r.with_players > 0 {
        let lookahead: Vec<String> = r
            .bands
            .iter()
            .map(|b| format!("{:.3}", b.lookahead()))
            .collect();
        writeln!(
            out,
            "  players ({} deals): the lookahead clears {} (easy / normal / hard); median half-clear skill {:.2}; Spearman of the score with the lookahead's clear rate {:.3}, with the half-clear skill {:.3}",
            r.with_players,
            lookahead.join(" / "),
            r.half_skill_median,
            r.spearman_lookahead,
            r.spearman_half_skill
        )?;
    }
    writeln!(
        out,
        "  scores (each # is {} deals or part of it):",
        (tally.rated.len() as f64 / 50.0).ceil().max(1.0)
    )?;
    let per = (tally.rated.len() as f64 / 50.0).ceil().max(1.0);
    for low in (0..=100).step_by(10) {
        let high = if low == 90 { 100 } else { low + 9 };
        if low == 100 {
            break;
        }
        let count = r
            .scores
            .iter()
            .filter(|&&s| (low..=high).contains(&s))
            .count();
        writeln!(
            out,
            "  {low:>3}-{high:<3} {:>6} {}",
            count,
            "#".repeat((count as f64 / per).ceil() as usize)
        )?;
    }
    Ok(())
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
