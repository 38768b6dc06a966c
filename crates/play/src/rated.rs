//! Deals of a chosen difficulty: the engine's rating
//! ([`lianliankan::rate`]) and its search for a deal within a band
//! ([`lianliankan::generate_rated`]), bounded in time, with the closest
//! deal found when none falls in the band.
//!
//! The search tries candidate seeds one at a time (`generate_rated` with
//! one candidate each), so that it can stop between candidates and keep
//! what the out-of-band ones scored: the deal's own seed first, then
//! seeds drawn from a [`SplitMix64`] seeded with it (cut to [`SEED_MAX`],
//! so that the page can send one back). The first candidate is rated in
//! full, whatever its score, under the later of two caps, so that a rated
//! deal is at hand; the others stop at the first cap, and a candidate the
//! engine finds out of the band leaves only its score (or, when its random
//! games alone put it out of the band, the bounds they give). When no
//! candidate scores in the band, the closest is made again and rated in
//! full (before the later cap) and dealt if it is closer than the first.
//! When not even the first could be rated in time, the deal is the plain
//! solvable one, unrated. Whichever it is, the answer says so: the page
//! tells the player.
//!
//! A candidate is made as `generate_rated` makes it: the random deal of
//! that seed when the solver clears it within [`DEAL_BUDGET`] states,
//! otherwise the generator's deal of that seed ([`rated_board`] makes it
//! again for a score's replay).

use grid_core::SplitMix64;
use lianliankan::{
    Board, Cancel, Difficulty, GenerateError, GenerateSpec, RateConfig, RatedDeal, RatedError,
    Rating, Rules, generate, generate_rated,
};
use serde::Serialize;

use crate::limits::SEED_MAX;

/// The solve budget of a candidate deal (the rating's deal budget):
/// a random deal the solver clears within it is the candidate, otherwise
/// the generator's deal of the same seed.
pub const DEAL_BUDGET: u64 = RateConfig::DEFAULT_DEAL_BUDGET;

/// How a deal of `cells` cells is rated: random games, games probed,
/// states a position's solve. The engine's defaults (100, 3, 10,000) up to
/// 96 cells (12 × 8); 60, 1, 2,000 up to 200 cells (KShisen's 18 × 8 and
/// 16 × 9: under half a second a candidate in a release build); above,
/// 40 random games and no probe (probing one game of a 24 × 12 board
/// takes over ten seconds even at 500 states a solve), so that the score
/// there comes from the random games alone and is at most 60.
fn settings(cells: usize) -> (u32, u32, u64) {
    if cells <= 96 {
        (
            RateConfig::DEFAULT_PLAYS,
            RateConfig::DEFAULT_PROBES,
            RateConfig::DEFAULT_BUDGET,
        )
    } else if cells <= 200 {
        (60, 1, 2_000)
    } else {
        (40, 0, 2_000)
    }
}

/// How a deal of `cells` cells is rated ([`settings`]), its random games
/// seeded with `seed` (the deal's seed).
pub fn rate_config(cells: usize, seed: u64) -> RateConfig {
    let (plays, probes, budget) = settings(cells);
    RateConfig::new()
        .plays(plays)
        .probes(probes)
        .budget(budget)
        .seed(seed)
        .deal_budget(DEAL_BUDGET)
}

/// The most candidates a deal of `cells` cells tries: 40 up to 96 cells,
/// 30 up to 200, 20 above.
pub fn candidates(cells: usize) -> usize {
    if cells <= 96 {
        40
    } else if cells <= 200 {
        30
    } else {
        20
    }
}

/// A rating as the API writes it: the figures the page shows and the
/// counts they come from.
#[derive(Clone, Debug, Serialize)]
pub struct RatingBody {
    /// 0 (every random game clears) to 100 (none can).
    score: u8,
    /// The band of the score: `easy`, `normal` or `hard`.
    difficulty: &'static str,
    /// The fraction of random games that cleared the board.
    forgiveness: f64,
    /// The fraction of probed positions offering a losing pair.
    trap_rate: f64,
    /// The fraction of probed positions with one winning pair.
    forced_rate: f64,
    /// Pairs on offer on average where a random game took one.
    mean_width: f64,
    /// Random games played.
    plays: u32,
    /// Of them, those that cleared the board.
    cleared: u32,
    /// Random games probed by the solver.
    probes: u32,
    /// Whether the deal can be cleared (`null`: not decided in budget).
    winnable: Option<bool>,
}

impl From<&Rating> for RatingBody {
    fn from(rating: &Rating) -> RatingBody {
        RatingBody {
            score: rating.score(),
            difficulty: rating.difficulty().name(),
            forgiveness: rating.forgiveness(),
            trap_rate: rating.trap_rate(),
            forced_rate: rating.forced_rate(),
            mean_width: rating.mean_width(),
            plays: rating.plays,
            cleared: rating.cleared,
            probes: rating.probes,
            winnable: rating.winnable,
        }
    }
}

/// The rating's settings, as the API writes them (what `lianliankan::rate`
/// needs to give the same rating again).
#[derive(Clone, Debug, Serialize)]
pub struct ConfigBody {
    plays: u32,
    probes: u32,
    seed: u64,
    budget: u64,
    deal_budget: u64,
}

/// What the search found.
#[derive(Debug)]
pub struct Found {
    /// The deal.
    pub board: Board,
    /// Its rating (`None`: no rating could be made in time; the deal is
    /// then the plain solvable one).
    pub rating: Option<Rating>,
    /// The candidate's seed (`None` for the plain solvable deal).
    pub deal_seed: Option<u64>,
    /// Whether its score lies in the band asked for.
    pub in_band: bool,
    /// Candidates made and rated.
    pub candidates: usize,
    /// The search stopped at its time cap.
    pub capped: bool,
}

/// The search's settings: the deal, the band, how to rate, how many
/// candidates, and the tokens that stop it.
pub struct Search<'a> {
    /// The deal's size, kinds, rules and first seed.
    pub spec: &'a GenerateSpec,
    /// The band asked for.
    pub difficulty: Difficulty,
    /// How each candidate is rated (its token is set here).
    pub config: &'a RateConfig,
    /// The most candidates.
    pub candidates: usize,
    /// Cancelled at the first cap: no candidate but the first is rated
    /// after it.
    pub search: &'a Cancel,
    /// Cancelled at the later cap: the first candidate's rating and the
    /// closest one's, made again, stop there.
    pub remake: &'a Cancel,
}

/// How far a candidate's scores (a score, or the bounds its random games
/// gave) lie from `band`.
fn distance(scores: &std::ops::RangeInclusive<u8>, band: &std::ops::RangeInclusive<u8>) -> u8 {
    if scores.end() < band.start() {
        band.start() - scores.end()
    } else if scores.start() > band.end() {
        scores.start() - band.end()
    } else {
        0
    }
}

/// The seeds the candidates use: `seed`, then seeds drawn from a
/// [`SplitMix64`] seeded with it, each cut to [`SEED_MAX`].
pub fn candidate_seeds(seed: u64) -> impl Iterator<Item = u64> {
    let mut drawn = SplitMix64::new(seed);
    std::iter::once(seed).chain(std::iter::repeat_with(move || drawn.next_u64() & SEED_MAX))
}

/// Searches for a deal in the band (see the module's documentation).
///
/// # Errors
/// The engine's, when the spec cannot be generated at all.
pub fn search(s: &Search<'_>) -> Result<Found, GenerateError> {
    let band = s.difficulty.band();
    let found = |deal: RatedDeal, seed: u64, candidates: usize, capped: bool| Found {
        in_band: band.contains(&deal.rating.score()),
        board: deal.generated.board,
        rating: Some(deal.rating),
        deal_seed: Some(seed),
        candidates,
        capped,
    };
    // The first candidate is rated in full (every score is in 0..=100, so
    // the engine probes it) under the later cap, so that a rated deal is
    // at hand whatever the search finds.
    let Some(first) = rated_in_full(s, s.spec.seed)? else {
        // Not even one rating in time: the plain solvable deal.
        return Ok(Found {
            board: generate(s.spec)?.board,
            rating: None,
            deal_seed: None,
            in_band: false,
            candidates: 0,
            capped: true,
        });
    };
    let mut kept_away = distance(&(first.rating.score()..=first.rating.score()), &band);
    if kept_away == 0 {
        return Ok(found(first, s.spec.seed, 1, false));
    }
    let mut kept = (first, s.spec.seed);
    // The other candidates: out of band ones leave only their scores (or
    // the bounds that kept them unprobed), and the closest is made again.
    let config = s.config.clone().cancel(s.search.clone());
    let mut closest: Option<(u8, u64)> = None;
    let mut rated = 1;
    let mut capped = false;
    for seed in candidate_seeds(s.spec.seed)
        .skip(1)
        .take(s.candidates.saturating_sub(1))
    {
        if s.search.is_cancelled() {
            capped = true;
            break;
        }
        let spec = s.spec.clone().with_seed(seed);
        match generate_rated(&spec, band.clone(), &config, 1) {
            Ok(deal) => return Ok(found(deal, seed, rated + 1, false)),
            Err(RatedError::OutOfBand { scores, .. }) => {
                rated += 1;
                let away = distance(&scores, &band);
                if closest.is_none_or(|(best, _)| away < best) {
                    closest = Some((away, seed));
                }
            }
            Err(RatedError::Generate(e)) => return Err(e),
            // Cancelled, or a refusal of a later version of the engine.
            Err(_) => {
                capped = true;
                break;
            }
        }
    }
    if let Some((away, seed)) = closest
        && away < kept_away
        && let Some(deal) = rated_in_full(s, seed)?
    {
        let score = deal.rating.score();
        let remade_away = distance(&(score..=score), &band);
        if remade_away < kept_away {
            kept_away = remade_away;
            kept = (deal, seed);
        }
    }
    let (deal, seed) = kept;
    debug_assert_eq!(kept_away == 0, band.contains(&deal.rating.score()));
    Ok(found(deal, seed, rated, capped))
}

/// The candidate of `seed` rated in full, unless the later cap comes
/// first (`None`).
fn rated_in_full(s: &Search<'_>, seed: u64) -> Result<Option<RatedDeal>, GenerateError> {
    if s.remake.is_cancelled() {
        return Ok(None);
    }
    let config = s.config.clone().cancel(s.remake.clone());
    match generate_rated(&s.spec.clone().with_seed(seed), 0..=100, &config, 1) {
        Ok(deal) => Ok(Some(deal)),
        Err(RatedError::Generate(e)) => Err(e),
        // Cancelled (never out of 0..=100).
        Err(_) => Ok(None),
    }
}

/// The board of the rated candidate of `seed` (what [`search`] dealt with
/// that `deal_seed`), made again without its rating: for a score's replay.
///
/// # Errors
/// The engine's, when the spec cannot be generated.
pub fn rated_board(
    rows: usize,
    cols: usize,
    kinds: u32,
    seed: u64,
    rules: &Rules,
) -> Result<Board, GenerateError> {
    let spec = GenerateSpec::new(rows, cols, kinds)
        .with_seed(seed)
        .with_rules(rules.clone());
    // No random games: the rating's only work is the deal's own solve.
    let config = RateConfig::new()
        .plays(0)
        .probes(0)
        .deal_budget(DEAL_BUDGET);
    match generate_rated(&spec, 0..=100, &config, 1) {
        Ok(deal) => Ok(deal.generated.board),
        Err(RatedError::Generate(e)) => Err(e),
        // Never out of band (0..=100) and never cancelled (no token).
        Err(_) => generate(&spec).map(|made| made.board),
    }
}

/// The rating's settings as the API writes them.
pub fn config_body(cells: usize, seed: u64) -> ConfigBody {
    let (plays, probes, budget) = settings(cells);
    ConfigBody {
        plays,
        probes,
        seed,
        budget,
        deal_budget: DEAL_BUDGET,
    }
}

/// What the player is told about a rated deal: `None` when it is in the
/// band; otherwise what was dealt instead and why. `caps` are
/// [`crate::limits::Limits::rate_caps`].
pub fn note(
    difficulty: Difficulty,
    found: &Found,
    caps: (std::time::Duration, std::time::Duration),
) -> Option<String> {
    if found.in_band {
        return None;
    }
    let seconds = |cap: std::time::Duration| {
        if cap < std::time::Duration::from_secs(1) {
            format!("{} ms", cap.as_millis())
        } else {
            format!("{:.1} s", cap.as_secs_f64())
        }
    };
    let Some(rating) = &found.rating else {
        return Some(format!(
            "no {difficulty} deal found: not one deal could be rated under these rules within {}; dealt an unrated solvable deal",
            seconds(caps.1)
        ));
    };
    let plural = if found.candidates == 1 { "" } else { "s" };
    let within = if found.capped {
        format!(" within the time cap of {}", seconds(caps.0))
    } else {
        String::new()
    };
    let which = match difficulty {
        Difficulty::Easy => "easiest",
        Difficulty::Hard => "hardest",
        _ => "closest",
    };
    Some(format!(
        "no {difficulty} deal found under these rules in {} candidate{plural}{within}; dealt the {which} found, score {}",
        found.candidates,
        rating.score()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_distance_is_zero_in_the_band_and_counts_the_gap_outside() {
        let hard = Difficulty::Hard.band();
        assert_eq!(distance(&(10..=20), &hard), 30);
        assert_eq!(distance(&(60..=60), &hard), 0);
        let easy = Difficulty::Easy.band();
        assert_eq!(distance(&(30..=70), &easy), 6);
    }

    #[test]
    fn candidate_seeds_start_at_the_seed_and_fit_a_javascript_number() {
        let seeds: Vec<u64> = candidate_seeds(5).take(4).collect();
        assert_eq!(seeds[0], 5);
        assert!(seeds.iter().all(|&s| s <= SEED_MAX));
        assert_eq!(seeds, candidate_seeds(5).take(4).collect::<Vec<_>>());
    }

    #[test]
    fn the_config_body_says_what_rate_config_sets() {
        for cells in [8, 96, 144, 480] {
            assert_eq!(
                config_body(cells, 3).plays,
                rate_config(cells, 3).plays_asked()
            );
        }
    }
}
