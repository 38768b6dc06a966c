//! How the band table is made and checked: [`measure_bands`] (a setting's
//! candidates cut in three by their clear rates) and [`check_bands`] (deals
//! of each band, and fresh games' clear rates of each band's deals).

use super::super::generate::GenerateSpec;
use super::banded::{BandedError, deal_in_band};
use super::bands::Bands;
use super::rated::{candidate, check_spec};
use super::rating::Difficulty;
use super::sure::SureConfig;
use super::{RateConfig, RatedError, play_seeds, random_game};

/// The highest `easy_from` a measured row gets: a deal every game clears
/// is decided easy after 73 games (its interval's low end is then 0.95),
/// so that easy stays reachable where most candidates always clear.
const EASY_FROM_MOST: f64 = 0.95;
/// The lowest `easy_from` a measured row gets.
const EASY_FROM_LEAST: f64 = 0.01;
/// The lowest `hard_below` a measured row gets: a deal no game clears is
/// decided hard after 765 games (its interval's high end is then under
/// 0.005), so that hard stays reachable where most candidates never clear.
/// When the cut would reach `easy_from`, `hard_below` is half of it.
const HARD_BELOW_LEAST: f64 = 0.005;

/// A setting's candidates' clear rates and the bands that cut them in
/// three: what [`measure_bands`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredBands {
    /// Each candidate's clear rate, lowest first.
    pub rates: Vec<f64>,
    /// Random games a candidate.
    pub games: u32,
    /// The bands: `hard_below` halfway between the clear rates ranked n/3
    /// and the one before, `easy_from` likewise at 2n/3, then kept where
    /// a sure band can reach them: `easy_from` from 0.01 to 0.95 (a deal
    /// every game clears is decided easy after 73 games), `hard_below` at
    /// least 0.005 (a deal no game clears is decided hard after 765
    /// games), and half of `easy_from` when the cut would reach it.
    pub bands: Bands,
}

/// The bands of `spec`'s setting: `deals` candidates made as
/// [`deal_in_band`] makes them (seeds `spec.seed`, then drawn), each played
/// `games` random games seeded from `seed`, and the clear rates cut in
/// three equal parts.
///
/// # Errors
/// As [`deal_in_band`]'s; [`BandedError::NotFound`] never.
///
/// # Complexity
/// `deals` × (a candidate's making and `games` random games).
pub fn measure_bands(
    spec: &GenerateSpec,
    deals: usize,
    games: u32,
    seed: u64,
) -> Result<MeasuredBands, BandedError> {
    check_spec(spec).map_err(BandedError::Generate)?;
    let seeds = std::iter::once(spec.seed).chain(play_seeds(spec.seed));
    let mut rates = Vec::with_capacity(deals);
    for deal_seed in seeds.take(deals) {
        let made = candidate(spec, deal_seed, &RateConfig::new()).map_err(|e| match e {
            RatedError::Generate(e) => BandedError::Generate(e),
            _ => BandedError::Cancelled,
        })?;
        let mut cleared = 0_u32;
        for game_seed in play_seeds(seed ^ deal_seed).take(games as usize) {
            let game = random_game(&made.board, &spec.rules, game_seed, None)
                .map_err(|_| BandedError::Cancelled)?;
            cleared += u32::from(game.cleared);
        }
        rates.push(f64::from(cleared) / f64::from(games.max(1)));
    }
    rates.sort_by(f64::total_cmp);
    let cut = |k: usize| match (k.checked_sub(1).and_then(|i| rates.get(i)), rates.get(k)) {
        (Some(a), Some(b)) => (a + b) / 2.0,
        _ => 0.0,
    };
    let easy_from = cut(rates.len() * 2 / 3).clamp(EASY_FROM_LEAST, EASY_FROM_MOST);
    let mut hard_below = cut(rates.len() / 3).max(HARD_BELOW_LEAST);
    if hard_below >= easy_from {
        hard_below = easy_from / 2.0;
    }
    let bands = Bands {
        easy_from,
        hard_below,
    };
    Ok(MeasuredBands {
        rates,
        games,
        bands,
    })
}

/// One band's deals and the fresh games played on them: what
/// [`check_bands`] found for a difficulty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BandCheck {
    /// The difficulty.
    pub difficulty: Difficulty,
    /// Deals of it made.
    pub deals: usize,
    /// Fresh random games played on them, in all.
    pub games: u64,
    /// Of them, the games that cleared the board.
    pub cleared: u64,
}

impl BandCheck {
    /// The 95% Wilson interval of the pooled clear rate.
    #[must_use]
    pub fn interval(&self) -> (f64, f64) {
        grid_core::wilson(self.cleared, self.games)
    }
}

/// Whether a setting's bands hold: for each difficulty, up to `deals`
/// deals [`deal_in_band`] makes (spec seeds `spec.seed`, then drawn;
/// `candidates` each), each played `games` fresh random games (seeded
/// from `seed`, which the dealing does not use). The bands hold when the
/// pooled clear rates are ordered easy > normal > hard with 95% intervals
/// that do not overlap ([`bands_hold`]).
///
/// # Errors
/// As [`deal_in_band`]'s; a difficulty no candidate reaches gives fewer
/// deals, not an error.
///
/// # Complexity
/// 3 · `deals` · ([`deal_in_band`] + `games` random games).
pub fn check_bands(
    spec: &GenerateSpec,
    config: &SureConfig,
    candidates: usize,
    deals: usize,
    games: u32,
    seed: u64,
) -> Result<[BandCheck; 3], BandedError> {
    let mut checks = Difficulty::ALL.map(|difficulty| BandCheck {
        difficulty,
        deals: 0,
        games: 0,
        cleared: 0,
    });
    for check in &mut checks {
        let spec_seeds = std::iter::once(spec.seed).chain(play_seeds(spec.seed));
        for spec_seed in spec_seeds.take(deals) {
            let asked = spec.clone().with_seed(spec_seed);
            let dealt = match deal_in_band(&asked, check.difficulty, config, candidates) {
                Ok(dealt) => dealt,
                Err(BandedError::NotFound { .. }) => continue,
                Err(e) => return Err(e),
            };
            check.deals += 1;
            for game_seed in play_seeds(seed ^ dealt.seed).take(games as usize) {
                let game = random_game(&dealt.generated.board, &spec.rules, game_seed, None)
                    .map_err(|_| BandedError::Cancelled)?;
                check.games += 1;
                check.cleared += u64::from(game.cleared);
            }
        }
    }
    Ok(checks)
}

/// Whether `checks` (easiest first, each with deals) have clear rates
/// ordered easiest highest, with 95% intervals that do not overlap.
#[must_use]
pub fn bands_hold(checks: &[BandCheck]) -> bool {
    checks.iter().all(|c| c.deals > 0)
        && checks
            .windows(2)
            .all(|pair| pair[0].interval().0 > pair[1].interval().1)
}
