//! The rating's times (issue 48's goals): `rate` with its default settings
//! on random 18×8 deals of KShisen's normal game (36 kinds × 4, open
//! border, gravity down), and `generate_rated` asked for a hard deal under
//! the same rules. Absolute goals, as the engine's: a game rates or deals
//! while the player waits.
//!
//! Every rating is checked against itself (the same deal, rules and
//! settings give the same counts), and every hard deal's score is checked
//! in its band and its certificate replayed.

use std::fmt::Write;
use std::time::{Duration, Instant};

use lianliankan::{
    Border, DealSpec, Difficulty, Game, GenerateSpec, Gravity, RateConfig, Rules, deal,
    generate_rated, rate,
};

use super::workload::Scale;

/// The rating section of the report, measured at `scale`; `judged` says
/// whether the goals are checked (a full release run) or only shown.
pub fn section(scale: Scale, judged: bool) -> Result<String, String> {
    let (rows, cols, kinds, deals, hard_seeds) = match scale {
        Scale::Full => (8, 18, 36, 25, 11),
        Scale::Quick => (6, 8, 12, 3, 2),
    };
    let rules = Rules::judge()
        .with_border(Border::Open)
        .with_gravity(Gravity::Down);
    let config = RateConfig::new();
    let mut rate_times = Vec::new();
    let mut scores = Vec::new();
    for seed in 0..deals {
        let board =
            deal(&DealSpec::new(rows, cols, kinds).with_seed(seed)).map_err(|e| e.to_string())?;
        let started = Instant::now();
        let rating = rate(&board, &rules, &config).map_err(|e| e.to_string())?;
        rate_times.push(started.elapsed());
        if seed == 0 && rate(&board, &rules, &config).map_err(|e| e.to_string())? != rating {
            return Err("rate: the same deal rated twice gave two ratings".to_owned());
        }
        scores.push(rating.score());
    }
    let mut hard_times = Vec::new();
    let mut candidates = Vec::new();
    let band = Difficulty::Hard.band();
    for seed in 0..hard_seeds {
        let spec = GenerateSpec::new(rows, cols, kinds)
            .with_seed(seed)
            .with_rules(rules.clone());
        let started = Instant::now();
        let made = generate_rated(&spec, band.clone(), &config, 200).map_err(|e| e.to_string())?;
        hard_times.push(started.elapsed());
        candidates.push(made.candidates);
        if !band.contains(&made.rating.score()) {
            return Err(format!(
                "generate_rated: score {} outside {band:?}",
                made.rating.score()
            ));
        }
        let mut game = Game::new(made.generated.board.clone(), rules.clone());
        for pair in &made.generated.certificate {
            game.play(*pair)
                .map_err(|e| format!("generate_rated's certificate: {e}"))?;
        }
        if !game.is_cleared() {
            return Err("generate_rated's certificate does not clear its deal".to_owned());
        }
    }
    let rate_median = median(&rate_times);
    let hard_median = median(&hard_times);
    scores.sort_unstable();
    candidates.sort_unstable();
    let mut out = String::new();
    writeln!(
        out,
        "\nRating: `rate` with its defaults ({} games, {} probed, {} states a position) on {deals} random \
         {rows}×{cols} deals of {kinds} kinds × 4, open border, gravity down (scores {}-{}, median {}); \
         `generate_rated` asked for a hard deal (score {}-{}) under the same rules, {hard_seeds} seeds \
         (candidates median {}, most {}); goals: rate median ≤ 2 s, hard deal median ≤ 10 s.\n",
        RateConfig::DEFAULT_PLAYS,
        RateConfig::DEFAULT_PROBES,
        RateConfig::DEFAULT_BUDGET,
        scores[0],
        scores[scores.len() - 1],
        scores[scores.len() / 2],
        band.start(),
        band.end(),
        candidates[candidates.len() / 2],
        candidates[candidates.len() - 1],
    )
    .unwrap();
    out.push_str("| what | median | slowest | goal |\n|---|---:|---:|---|\n");
    for (what, times, median, goal) in [
        ("rate", &rate_times, rate_median, Duration::from_secs(2)),
        (
            "generate hard",
            &hard_times,
            hard_median,
            Duration::from_secs(10),
        ),
    ] {
        let slowest = times.iter().max().copied().unwrap_or_default();
        writeln!(
            out,
            "| {what} | {} | {} | {} |",
            seconds(median),
            seconds(slowest),
            match (judged, median <= goal) {
                (false, _) => "not judged (not a full release run)",
                (true, true) => "met",
                (true, false) => "NOT met",
            }
        )
        .unwrap();
    }
    Ok(out)
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted[sorted.len() / 2]
}

fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}
