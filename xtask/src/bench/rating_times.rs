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
use std::time::Duration;

use lianliankan::{
    Border, DealSpec, Difficulty, Game, GenerateSpec, Gravity, RateConfig, Rules, SureConfig, deal,
    deal_in_band, generate_rated, rate,
};

use super::measure::{on_one_core, thread_cpu};
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
        .unwrap()
        .with_gravity(Gravity::Down);
    let config = RateConfig::new();
    let mut rate_times = Vec::new();
    let mut scores = Vec::new();
    for seed in 0..deals {
        let board =
            deal(&DealSpec::new(rows, cols, kinds).with_seed(seed)).map_err(|e| e.to_string())?;
        let (rating, took) = on_one_core(|| rate(&board, &rules, &config));
        let rating = rating.map_err(|e| e.to_string())?;
        rate_times.push(took);
        if seed == 0 && rate(&board, &rules, &config).map_err(|e| e.to_string())? != rating {
            return Err("rate: the same deal rated twice gave two ratings".to_owned());
        }
        scores.push(rating.score());
    }
    let mut hard_times = Vec::new();
    let mut candidates = Vec::new();
    // The quick scale's 6 × 8 deals are rarely hard, and a hard score
    // near the band's edge is not confirmed by fresh games: it asks for
    // 25-100 there (it checks that the bench runs, not its speed).
    let band = match scale {
        Scale::Full => Difficulty::Hard.band(),
        Scale::Quick => 25..=100,
    };
    for seed in 0..hard_seeds {
        let spec = GenerateSpec::new(rows, cols, kinds)
            .with_seed(seed)
            .with_rules(rules.clone());
        let (made, took) = on_one_core(|| generate_rated(&spec, band.clone(), &config, 200));
        let made = made.map_err(|e| e.to_string())?;
        hard_times.push(took);
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
    // The bands of each setting (issue 56): a hard deal under the same
    // rules, and a normal deal under a closed border without gravity, by
    // `deal_in_band` (decided at 95% and confirmed with fresh games). The
    // quick scale deals on 6 × 6 with 9 kinds, closed border, gravity down
    // (a setting of the band table small enough for a debug build).
    let open_down = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let closed_down = Rules::judge().with_gravity(Gravity::Down);
    let closed_none = Rules::judge();
    let banded_asked = match scale {
        Scale::Full => [
            (
                "deal_in_band hard, open/down",
                (8, 18, 36),
                &open_down,
                Difficulty::Hard,
            ),
            (
                "deal_in_band normal, closed/none",
                (8, 18, 36),
                &closed_none,
                Difficulty::Normal,
            ),
        ],
        Scale::Quick => [
            (
                "deal_in_band hard, 6×6 closed/down",
                (6, 6, 9),
                &closed_down,
                Difficulty::Hard,
            ),
            (
                "deal_in_band normal, 6×6 closed/down",
                (6, 6, 9),
                &closed_down,
                Difficulty::Normal,
            ),
        ],
    };
    let mut banded = Vec::new();
    for (what, (rows, cols, kinds), rules, difficulty) in banded_asked {
        let mut times = Vec::new();
        for seed in 0..hard_seeds {
            let spec = GenerateSpec::new(rows, cols, kinds)
                .with_seed(seed)
                .with_rules(rules.clone());
            let (dealt, took) =
                on_one_core(|| deal_in_band(&spec, difficulty, &SureConfig::new(), 200));
            let dealt = dealt.map_err(|e| format!("{what}: {e}"))?;
            times.push(took);
            if dealt.band.decided() != Some(difficulty)
                || dealt.confirmed.decided() != Some(difficulty)
            {
                return Err(format!(
                    "{what}: dealt {} / {}",
                    dealt.band, dealt.confirmed
                ));
            }
            let mut game = Game::new(dealt.generated.board.clone(), rules.clone());
            for pair in &dealt.generated.certificate {
                game.play(*pair)
                    .map_err(|e| format!("{what}'s certificate: {e}"))?;
            }
            if !game.is_cleared() {
                return Err(format!("{what}'s certificate does not clear its deal"));
            }
        }
        banded.push((what, times));
    }
    let rate_median = median(&rate_times);
    scores.sort_unstable();
    candidates.sort_unstable();
    let mut out = String::new();
    writeln!(
        out,
        "\nRating: `rate` with its defaults ({} games, {} probed, {} states a position) on {deals} random \
         {rows}×{cols} deals of {kinds} kinds × 4, open border, gravity down (scores {}-{}, median {}); \
         `generate_rated` asked for a hard deal (score {}-{}) under the same rules, {hard_seeds} seeds \
         (candidates median {}, most {}); goals (issue 56): p90 ≤ 2 s for rate, ≤ 10 s for a hard deal and for a closed/none normal one, on one core: times are {clock}; each row's p90 also as a ratio to rate's median in the same process.\n",
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
        clock = if thread_cpu().is_some() {
            "the thread's CPU time (not its waits for a core on a loaded machine)"
        } else {
            "wall-clock times (this system gives no thread CPU time)"
        },
    )
    .unwrap();
    out.push_str("| what | median | p90 | slowest | p90 / rate's median | goal |\n|---|---:|---:|---:|---:|---|\n");
    let mut rows_out = vec![
        ("rate", &rate_times, Duration::from_secs(2)),
        (
            "generate_rated hard (score band)",
            &hard_times,
            Duration::from_secs(10),
        ),
    ];
    for (what, times) in &banded {
        rows_out.push((what, times, Duration::from_secs(10)));
    }
    for (what, times, goal) in rows_out {
        let slowest = times.iter().max().copied().unwrap_or_default();
        let p90 = p90(times);
        writeln!(
            out,
            "| {what} | {} | {} | {} | {:.2} | p90 ≤ {} s: {} |",
            seconds(median(times)),
            seconds(p90),
            seconds(slowest),
            p90.as_secs_f64() / rate_median.as_secs_f64().max(1e-9),
            goal.as_secs(),
            match (judged, p90 <= goal) {
                (false, _) => "not judged (not a full release run)",
                (true, true) => "met",
                (true, false) => "NOT met",
            }
        )
        .unwrap();
    }
    Ok(out)
}

/// The time 90% of the runs stay within: the ⌈0.9·n⌉-th fastest.
fn p90(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    let at = (sorted.len() * 9).div_ceil(10).saturating_sub(1);
    sorted.get(at).copied().unwrap_or_default()
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted[sorted.len() / 2]
}

fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}
