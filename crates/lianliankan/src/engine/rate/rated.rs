//! [`generate_rated`]: a clearable deal whose rating falls in a band.

use std::ops::RangeInclusive;

use super::super::deal::{DealSpec, deal};
use super::super::generate::{GenerateSpec, Generated, generate_with};
use super::super::generate_error::{GenerateError, cells_within_limit};
use super::super::solve::{Solution, solve_with};
use super::progress::GameCount;
use super::sure::{SureConfig, confirm_seed};
use super::{Cancelled, RateConfig, Rating, play_games, play_seeds, probe_games, random_game};
use crate::query::Board;
use crate::rules::Rules;

/// A clearable deal rated within a band: what [`generate_rated`] made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RatedDeal {
    /// The deal and its certificate.
    pub generated: Generated,
    /// Its rating.
    pub rating: Rating,
    /// The seed of [`GenerateSpec`] that made it.
    pub seed: u64,
    /// How many deals were made and rated to find it (this one included).
    pub candidates: usize,
    /// The fresh random games that confirmed the band (0 when any clear
    /// rate keeps the score in the band).
    pub confirm_games: u32,
    /// Of them, the games that cleared the board.
    pub confirm_cleared: u32,
}

/// Why [`generate_rated`] found no deal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RatedError {
    /// [`generate`](crate::generate) made no deal.
    Generate(GenerateError),
    /// No candidate's score fell in the band.
    OutOfBand {
        /// The band asked for.
        band: RangeInclusive<u8>,
        /// The candidates made and rated.
        candidates: usize,
        /// The lowest and highest scores seen (of a candidate left
        /// unprobed, the bound its random games gave).
        scores: RangeInclusive<u8>,
    },
    /// Cancelled through the rating's token.
    Cancelled,
}

impl std::fmt::Display for RatedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RatedError::Generate(e) => e.fmt(f),
            RatedError::OutOfBand {
                band,
                candidates,
                scores,
            } => write!(
                f,
                "no deal scored {}-{} in {candidates} candidates under these rules \
                 (scores seen: {}-{}); try another band, other rules or more candidates",
                band.start(),
                band.end(),
                scores.start(),
                scores.end()
            ),
            RatedError::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for RatedError {}

/// A deal that can be cleared under `spec.rules`, with a certificate,
/// whose [`Rating::score`] under `config` lies in `band`. Candidates are
/// made from `spec` with seeds `spec.seed`, then seeds drawn from a
/// generator seeded with it, at most `candidates` of them, and rated until
/// one falls in the band (a candidate whose random games alone put its
/// score outside the band, whatever the probes find, is not probed):
///
/// - a random deal as games deal them ([`deal`], every kind equally often
///   when `kinds` divides the pairs evenly, else kinds taken in turn a pair
///   at a time), kept when [`solve_with`] clears it within the config's
///   deal budget (its order is the certificate);
/// - otherwise the board [`generate`](crate::generate) builds backwards from the same seed
///   (always clearable, and usually easier than a random deal).
///
/// A candidate whose score lies in the band is then confirmed with fresh
/// random games (another seed): kept only once the 95% interval of their
/// clear rate, with the candidate's traps and forced rates, puts every
/// score it allows in the band, so that the deal stays in the band when
/// rated again; `RatedDeal::confirm_games` says how many games that took.
///
/// The same arguments give the same deal.
///
/// # Errors
/// [`RatedError::Generate`] when `spec` cannot be generated;
/// [`RatedError::OutOfBand`] when no candidate scored in the band (with
/// the scores seen); [`RatedError::Cancelled`].
///
/// # Complexity
/// Up to `candidates` × ([`deal`] + [`solve_with`] + [`rate`](super::rate)
/// and up to [`SureConfig::DEFAULT_CAP`] random games), and
/// [`generate`](crate::generate) for the deals the solver does not clear.
pub fn generate_rated(
    spec: &GenerateSpec,
    band: RangeInclusive<u8>,
    config: &RateConfig,
    candidates: usize,
) -> Result<RatedDeal, RatedError> {
    check_spec(spec).map_err(RatedError::Generate)?;
    let mut lowest = u8::MAX;
    let mut highest = 0;
    let seeds = std::iter::once(spec.seed).chain(play_seeds(spec.seed));
    let total = config.games().saturating_mul(candidates as u64);
    let mut count = GameCount::new(total, config.progress.as_ref());
    for (tried, seed) in (1..=candidates).zip(seeds) {
        let made = candidate(spec, seed, config)?;
        let mut rating = play_games(&made.board, &spec.rules, config, &mut count)
            .map_err(|Cancelled| RatedError::Cancelled)?;
        // The random games alone may already rule the band out.
        let reach = rating.score_bounds();
        if reach.end() < band.start() || reach.start() > band.end() {
            lowest = lowest.min(*reach.start());
            highest = highest.max(*reach.end());
            count.add(u64::from(config.probes_asked()));
            continue;
        }
        // The deal is solved again inside: its rating is `rate`'s, whose
        // counts (solves, and the orders the probes adapt) start from the
        // solver's order, not from how the candidate was made.
        probe_games(&made.board, &spec.rules, config, &mut rating, &mut count)
            .map_err(|Cancelled| RatedError::Cancelled)?;
        let score = rating.score();
        lowest = lowest.min(score);
        highest = highest.max(score);
        if band.contains(&score) {
            let (confirm_games, confirm_cleared, confirmed) =
                confirm(&made.board, &spec.rules, &rating, &band, config)?;
            if confirmed {
                return Ok(RatedDeal {
                    generated: made,
                    rating,
                    seed,
                    candidates: tried,
                    confirm_games,
                    confirm_cleared,
                });
            }
        }
    }
    Err(RatedError::OutOfBand {
        band,
        candidates,
        scores: lowest.min(highest)..=highest,
    })
}

/// Confirms that `rating`'s score lies in `band` with fresh random games
/// (seeded with [`confirm_seed`] of the config's seed), as [`sure_band`]
/// decides a band: a look after [`SureConfig::DEFAULT_FIRST`] games, then
/// each time they double, up to [`SureConfig::DEFAULT_CAP`], until the
/// scores of every clear rate in the games' 95% Wilson interval (the
/// rating's traps and forced rates kept) lie in the band (confirmed) or
/// none does (refused); refused at the cap. Returns the games, the
/// cleared ones and whether the band was confirmed.
fn confirm(
    board: &Board,
    rules: &Rules,
    rating: &Rating,
    band: &RangeInclusive<u8>,
    config: &RateConfig,
) -> Result<(u32, u32, bool), RatedError> {
    let inside = |(low, high): (f64, f64)| {
        band.contains(&rating.score_at_rate(high)) && band.contains(&rating.score_at_rate(low))
    };
    let outside = |(low, high): (f64, f64)| {
        rating.score_at_rate(low) < *band.start() || rating.score_at_rate(high) > *band.end()
    };
    if inside((0.0, 1.0)) {
        return Ok((0, 0, true));
    }
    let mut seeds = play_seeds(confirm_seed(config.seed));
    let (mut games, mut cleared) = (0_u32, 0_u32);
    let mut look = SureConfig::DEFAULT_FIRST;
    loop {
        while games < look {
            let seed = seeds.next().unwrap_or_default();
            let game = random_game(board, rules, seed, config.cancel.as_ref())
                .map_err(|Cancelled| RatedError::Cancelled)?;
            games += 1;
            cleared += u32::from(game.cleared);
        }
        let interval = grid_core::wilson(u64::from(cleared), u64::from(games));
        if inside(interval) {
            return Ok((games, cleared, true));
        }
        if outside(interval) || games >= SureConfig::DEFAULT_CAP {
            return Ok((games, cleared, false));
        }
        look = (look * 2).min(SureConfig::DEFAULT_CAP);
    }
}

/// The candidate of `seed`: the random deal of `spec`'s size and kinds if
/// the solver clears it within the config's deal budget, else the deal
/// [`generate`](crate::generate) builds backwards from the same seed.
pub(super) fn candidate(
    spec: &GenerateSpec,
    seed: u64,
    config: &RateConfig,
) -> Result<Generated, RatedError> {
    if let Some(made) = random_deal(spec, seed, config)? {
        return Ok(made);
    }
    let cancel = config.cancel.clone().unwrap_or_default();
    match generate_with(&spec.clone().with_seed(seed), &cancel) {
        Ok(made) => Ok(made),
        Err(GenerateError::Cancelled) => Err(RatedError::Cancelled),
        Err(e) => Err(RatedError::Generate(e)),
    }
}

/// The checks of `generate` on `spec`'s size and kinds, so that a spec it
/// refuses is refused whichever way the candidates come.
pub(super) fn check_spec(spec: &GenerateSpec) -> Result<(), GenerateError> {
    let pairs = cells_within_limit(spec.rows, spec.cols)? / 2;
    if pairs == 0 {
        return Err(GenerateError::TooSmall);
    }
    if spec.kinds == 0 || spec.kinds as usize > pairs {
        return Err(GenerateError::Kinds {
            kinds: spec.kinds,
            pairs,
        });
    }
    Ok(())
}

/// The random deal of `spec`'s size and kinds with `seed`, with the
/// solver's order as certificate, if the solver clears it.
fn random_deal(
    spec: &GenerateSpec,
    seed: u64,
    config: &RateConfig,
) -> Result<Option<Generated>, RatedError> {
    let cells = spec.rows * spec.cols;
    let kinds = spec.kinds as usize;
    let copies = if kinds > 0 && cells % kinds == 0 && (cells / kinds) % 2 == 0 {
        cells / kinds
    } else {
        2
    };
    let asked = DealSpec::new(spec.rows, spec.cols, spec.kinds)
        .with_copies(copies)
        .with_seed(seed);
    let Ok(board) = deal(&asked) else {
        return Ok(None);
    };
    match solve_with(
        &board,
        &spec.rules,
        &config.solve_config(config.deal_budget),
    ) {
        Solution::Solved(certificate) => Ok(Some(Generated { board, certificate })),
        Solution::Cancelled { .. } => Err(RatedError::Cancelled),
        _ => Ok(None),
    }
}
