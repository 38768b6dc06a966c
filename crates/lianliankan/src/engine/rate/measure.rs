//! How the band table is made and checked: [`measure_bands`] (a setting's
//! candidates cut in three by their clear rates) and [`check_bands`] (deals
//! of each band, and fresh games' clear rates of each band's deals).

use super::super::generate::GenerateSpec;
use super::super::generate_error::GenerateError;
use super::banded::{BandedError, deal_in_bands};
use super::bands::{Bands, BandsFrom, SettingBands, bands_for};
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
/// When the cut would reach `easy_from`, the candidates below `easy_from`
/// are cut in two equal parts instead (half of `easy_from` when fewer than
/// two lie below it).
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
    /// games); when the cut at a third reaches `easy_from` (over a third
    /// of the candidates are easy: most games clear them), `hard_below`
    /// cuts the candidates below `easy_from` in two equal parts, or is
    /// half of `easy_from` when fewer than two lie below it.
    pub bands: Bands,
}

/// The bands of `spec`'s setting: `deals` candidates made as
/// [`deal_in_band`](super::deal_in_band) makes them (seeds `spec.seed`, then drawn), each played
/// `games` random games seeded from `seed`, and the clear rates cut in
/// three equal parts.
///
/// # Errors
/// As [`deal_in_band`](super::deal_in_band)'s; [`BandedError::NotFound`] never.
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
    let bands = cut_in_three(&rates);
    Ok(MeasuredBands {
        rates,
        games,
        bands,
    })
}

/// The bands that cut `rates` (sorted, lowest first) in three equal parts,
/// kept where a sure band can reach them ([`MeasuredBands::bands`]).
fn cut_in_three(rates: &[f64]) -> Bands {
    let cut = |k: usize| match (k.checked_sub(1).and_then(|i| rates.get(i)), rates.get(k)) {
        (Some(a), Some(b)) => (a + b) / 2.0,
        _ => 0.0,
    };
    let easy_from = cut(rates.len() * 2 / 3).clamp(EASY_FROM_LEAST, EASY_FROM_MOST);
    let mut hard_below = cut(rates.len() / 3).max(HARD_BELOW_LEAST);
    if hard_below >= easy_from {
        let below = rates.partition_point(|&rate| rate < easy_from);
        hard_below = if below >= 2 {
            // Between two clear rates under `easy_from`: under it too.
            cut(below / 2).max(HARD_BELOW_LEAST)
        } else {
            easy_from / 2.0
        };
    }
    Bands {
        easy_from,
        hard_below,
    }
}

/// Candidates [`setting_bands`] measures a setting the table lacks on.
const MEASURE_DEALS: usize = 24;
/// Random games a candidate of that measure.
const MEASURE_GAMES: u32 = 100;

/// The bands of `spec`'s setting (its size, kinds and rules; its seed
/// does not matter), reachable on every setting: the table's
/// ([`bands_for`]) when it holds the setting or the setting turned,
/// otherwise measured now by [`measure_bands`] on the setting's first 24
/// candidates (seed 0), 100 random games each (seed 0): the same bands on
/// every machine. A caller dealing many
/// deals of one setting keeps what this answers.
///
/// ```
/// use lianliankan::{BandsFrom, Border, GenerateSpec, Gravity, Rules, setting_bands};
/// // 4 × 6, 6 kinds, gravity inward: not in the table.
/// let spec = GenerateSpec::new(4, 6, 6).with_rules(Rules::judge().with_gravity(Gravity::Inward));
/// let bands = setting_bands(&spec).unwrap();
/// assert_eq!(bands.from, BandsFrom::Measured { deals: 24 });
/// assert!(bands.bands.reachable());
/// ```
///
/// # Errors
/// [`GenerateError`] when `spec` cannot be generated.
///
/// # Complexity
/// A table look-up; for a setting the table lacks, 24 candidates made and
/// 100 random games on each.
pub fn setting_bands(spec: &GenerateSpec) -> Result<SettingBands, GenerateError> {
    let table = bands_for(spec.rows, spec.cols, spec.kinds, &spec.rules);
    if table.from != BandsFrom::Fixed {
        return Ok(table);
    }
    let first = spec.clone().with_seed(0);
    match measure_bands(&first, MEASURE_DEALS, MEASURE_GAMES, 0) {
        Ok(measured) => Ok(SettingBands {
            bands: measured.bands,
            from: BandsFrom::Measured {
                deals: u32::try_from(MEASURE_DEALS).unwrap_or(u32::MAX),
            },
        }),
        Err(BandedError::Generate(e)) => Err(e),
        // Without a token and never NotFound: not reached.
        Err(_) => Ok(table),
    }
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

/// Whether a setting's bands hold: for each difficulty, `deals` deals
/// [`deal_in_bands`] makes among the setting's bands ([`setting_bands`]:
/// the table's, or measured) (spec seeds `spec.seed`, then drawn;
/// `candidates` each), each played `games` fresh random games (seeded from
/// `seed`, which the dealing does not use). A spec seed none of whose
/// candidates lands in the band is passed over for the next one, up to
/// twice `deals` seeds in all. The bands hold when the pooled clear rates
/// are ordered easy > normal > hard with 95% intervals that do not overlap
/// ([`bands_hold`]).
///
/// # Errors
/// As [`deal_in_bands`]'s; a difficulty that `2 · deals` seeds do not
/// reach `deals` times gives fewer deals, not an error.
///
/// # Complexity
/// [`setting_bands`], then at most 3 · 2 · `deals` · [`deal_in_bands`] and
/// 3 · `deals` · `games` random games.
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
    let bands = setting_bands(spec).map_err(BandedError::Generate)?;
    for check in &mut checks {
        let spec_seeds = std::iter::once(spec.seed).chain(play_seeds(spec.seed));
        for spec_seed in spec_seeds.take(deals.saturating_mul(2)) {
            if check.deals == deals {
                break;
            }
            let asked = spec.clone().with_seed(spec_seed);
            let dealt = match deal_in_bands(&asked, check.difficulty, bands, config, candidates) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn bands(rates: &[f64]) -> (f64, f64) {
        let b = cut_in_three(rates);
        assert!(b.reachable(), "{rates:?}: {b:?}");
        (b.hard_below, b.easy_from)
    }

    #[test]
    fn rates_are_cut_at_the_thirds_within_the_guards() {
        // Spread out: halfway between neighbours at a third and two thirds.
        assert_eq!(bands(&[0.1, 0.2, 0.3, 0.4, 0.5, 0.6]), (0.25, 0.45));
        // Most never cleared: hard below 0.005 at least.
        assert_eq!(bands(&[0.0, 0.0, 0.0, 0.0, 0.1, 0.2]).0, HARD_BELOW_LEAST);
        // Every candidate always cleared: easy from 0.95 at most, hard
        // below half of it.
        assert_eq!(bands(&[1.0; 6]), (0.475, EASY_FROM_MOST));
    }

    #[test]
    fn a_top_heavy_setting_cuts_the_candidates_below_easy_in_two() {
        // Seven of nine candidates always clear: the cut at a third
        // reaches easy, so the two below 0.95 are cut in two.
        let rates = [0.2, 0.6, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0];
        assert_eq!(bands(&rates), (0.4, EASY_FROM_MOST));
        // Only one below: half of easy.
        assert_eq!(
            bands(&[0.3, 1.0, 1.0, 1.0, 1.0, 1.0]),
            (0.475, EASY_FROM_MOST)
        );
    }
}
