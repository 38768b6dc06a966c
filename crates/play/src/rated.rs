//! Deals of a chosen difficulty: a clearable deal whose band among its
//! setting's bands ([`crate::bands`]) is the one asked for, decided at 95%
//! by random games and confirmed with fresh ones
//! ([`lianliankan::deal_in_bands`]).
//!
//! Candidates are the engine's: the deal's own seed first, then seeds
//! drawn from it; a candidate is the random deal of its seed when the
//! solver clears it within [`DEAL_BUDGET`] states, otherwise the
//! generator's deal of that seed ([`rated_board`] makes it again for a
//! score's replay). A candidate is dropped as soon as its games put it
//! out of the band.
//!
//! When no candidate is decided and confirmed in the band (within the
//! candidates, or before the search's time cap), the deal is the first
//! candidate with the band its first [`FALLBACK_GAMES`] games say (or,
//! when not even those could be played before the later cap, the same
//! deal unrated); the answer says so and the page tells the player.

use lianliankan::{
    BandedError, Board, Cancel, Difficulty, GenerateError, GenerateSpec, RateConfig, RatedError,
    Rules, SettingBands, SureBand, SureConfig, deal_in_bands, generate, generate_rated, sure_band,
};
use serde::{Deserialize, Serialize};

/// The solve budget of a candidate deal (the rating's deal budget):
/// a random deal the solver clears within it is the candidate, otherwise
/// the generator's deal of the same seed.
pub const DEAL_BUDGET: u64 = RateConfig::DEFAULT_DEAL_BUDGET;

/// Random games that say the band of a deal dealt when none was found in
/// the band asked for.
pub const FALLBACK_GAMES: u32 = 100;

/// The most candidates a deal of `cells` cells tries: 60 up to 96 cells,
/// 40 up to 200, 24 above. About a third of a setting's candidates lies
/// in each band, so that all of them missing is rare.
pub fn candidates(cells: usize) -> usize {
    if cells <= 96 {
        60
    } else if cells <= 200 {
        40
    } else {
        24
    }
}

/// A deal's band as the API writes it: the band its random games decided
/// (or `null`: undecided at 95%), the games and the interval, the bands
/// of its setting and where they come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BandBody {
    /// `easy`, `normal` or `hard`, decided at 95%; `null` when the games
    /// left it undecided.
    pub difficulty: Option<String>,
    /// Random games played.
    pub games: u32,
    /// Of them, the games that cleared the board.
    pub cleared: u32,
    /// `cleared / games`: a random player's clear rate.
    pub forgiveness: f64,
    /// The 95% interval of the clear rate, low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
    /// Fresh games that confirmed the band (0 when not confirmed).
    pub confirmed_games: u32,
    /// Of them, the games that cleared the board.
    pub confirmed_cleared: u32,
    /// The setting's bands: easy from this clear rate up.
    pub easy_from: f64,
    /// Hard below this clear rate.
    pub hard_below: f64,
    /// Where the setting's bands come from, in words.
    pub bands: String,
}

impl BandBody {
    fn new(band: &SureBand, confirmed: Option<&SureBand>, bands: &SettingBands) -> BandBody {
        let (low, high) = band.interval();
        BandBody {
            difficulty: band.decided().map(|d| d.name().to_owned()),
            games: band.games,
            cleared: band.cleared,
            forgiveness: f64::from(band.cleared) / f64::from(band.games.max(1)),
            low,
            high,
            confirmed_games: confirmed.map_or(0, |c| c.games),
            confirmed_cleared: confirmed.map_or(0, |c| c.cleared),
            easy_from: bands.bands.easy_from,
            hard_below: bands.bands.hard_below,
            bands: bands.to_string(),
        }
    }
}

/// What the search found.
#[derive(Debug)]
pub struct Found {
    /// The deal.
    pub board: Board,
    /// Its band (`None`: not one look in time; the deal is then the
    /// first candidate, unrated).
    pub band: Option<BandBody>,
    /// The candidate's seed.
    pub deal_seed: u64,
    /// Whether it is decided and confirmed in the band asked for.
    pub in_band: bool,
    /// Candidates tried (`None`: stopped at the time cap, count unknown).
    pub candidates: Option<usize>,
    /// The search stopped at its time cap.
    pub capped: bool,
}

/// Searches for a deal of `spec` in `difficulty`'s band among `bands`
/// (see the module's documentation): the search stops at `search`, the
/// fallback's games at `fallback`.
///
/// The same spec and bands give the same deal on every machine when no
/// token is cancelled.
///
/// # Errors
/// The engine's, when the spec cannot be generated at all.
///
/// # Complexity
/// [`deal_in_bands`] with [`candidates`] candidates; then, when none is
/// in the band, one candidate made and [`FALLBACK_GAMES`] random games.
pub fn search(
    spec: &GenerateSpec,
    difficulty: Difficulty,
    bands: SettingBands,
    search: &Cancel,
    fallback: &Cancel,
) -> Result<Found, GenerateError> {
    let config = SureConfig::new().seed(spec.seed).cancel(search.clone());
    let tried = match deal_in_bands(
        spec,
        difficulty,
        bands,
        &config,
        candidates(spec.rows * spec.cols),
    ) {
        Ok(dealt) => {
            return Ok(Found {
                board: dealt.generated.board,
                band: Some(BandBody::new(&dealt.band, Some(&dealt.confirmed), &bands)),
                deal_seed: dealt.seed,
                in_band: true,
                candidates: Some(dealt.candidates),
                capped: false,
            });
        }
        Err(BandedError::Generate(e)) => return Err(e),
        Err(BandedError::NotFound { candidates, .. }) => Some(candidates),
        Err(_) => None,
    };
    let board = rated_board(spec.rows, spec.cols, spec.kinds, spec.seed, &spec.rules)?;
    let look = SureConfig::new()
        .seed(spec.seed)
        .first(FALLBACK_GAMES)
        .cap(FALLBACK_GAMES)
        .cancel(fallback.clone());
    let band = sure_band(&board, &spec.rules, &bands.bands, None, &look)
        .ok()
        .map(|band| BandBody::new(&band, None, &bands));
    Ok(Found {
        board,
        band,
        deal_seed: spec.seed,
        in_band: false,
        candidates: tried,
        capped: tried.is_none(),
    })
}

/// What the player is told when `found` is not in `difficulty`'s band
/// (the search's time cap `cap`); `None` when it is.
pub fn note(difficulty: Difficulty, found: &Found, cap: std::time::Duration) -> Option<String> {
    if found.in_band {
        return None;
    }
    let within = match found.candidates {
        Some(n) => format!("in {n} candidate{}", if n == 1 { "" } else { "s" }),
        None if cap < std::time::Duration::from_secs(1) => {
            format!("within the time cap of {} ms", cap.as_millis())
        }
        None => format!("within the time cap of {:.1} s", cap.as_secs_f64()),
    };
    let dealt = match &found.band {
        None => "dealt an unrated solvable deal".to_owned(),
        Some(band) => format!(
            "dealt one random play clears {:.0}% of the time ({})",
            band.forgiveness * 100.0,
            band.difficulty.as_deref().unwrap_or("its band undecided")
        ),
    };
    Some(format!(
        "no {difficulty} deal found under these rules {within}; {dealt}"
    ))
}

/// The board of the candidate of `seed` (what [`search`] dealt with that
/// `deal_seed`), made again: for a score's replay.
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

#[cfg(test)]
mod tests {
    use super::*;
    use lianliankan::{Bands, BandsFrom, Border, Game};

    fn bands(easy_from: f64, hard_below: f64) -> SettingBands {
        SettingBands {
            bands: Bands {
                easy_from,
                hard_below,
            },
            from: BandsFrom::Measured { deals: 1 },
        }
    }

    #[test]
    fn a_deal_in_the_band_is_the_engine_s_and_its_board_is_made_again() {
        let spec = GenerateSpec::new(4, 6, 6)
            .with_seed(3)
            .with_rules(Rules::judge().with_border(Border::Open).unwrap());
        let never = Cancel::new();
        let found = search(&spec, Difficulty::Easy, bands(0.5, 0.1), &never, &never).unwrap();
        assert!(found.in_band);
        let band = found.band.as_ref().unwrap();
        assert_eq!(band.difficulty.as_deref(), Some("easy"));
        assert!(band.confirmed_games > 0);
        assert_eq!(
            note(Difficulty::Easy, &found, std::time::Duration::ZERO),
            None
        );
        let again = rated_board(4, 6, 6, found.deal_seed, &spec.rules).unwrap();
        assert_eq!(again, found.board);
    }

    #[test]
    fn no_deal_in_the_band_deals_the_first_candidate_and_says_so() {
        // Every pair side by side on an open border: every game clears.
        let spec = GenerateSpec::new(2, 4, 1)
            .with_seed(9)
            .with_rules(Rules::judge().with_border(Border::Open).unwrap());
        let never = Cancel::new();
        let found = search(&spec, Difficulty::Hard, bands(0.5, 0.1), &never, &never).unwrap();
        assert!(!found.in_band && !found.capped);
        assert_eq!(found.deal_seed, 9);
        assert_eq!(found.candidates, Some(candidates(8)));
        let mut game = Game::new(found.board.clone(), spec.rules.clone());
        assert!(!game.moves().is_empty());
        game.play(game.moves()[0]).unwrap();
        assert_eq!(
            note(Difficulty::Hard, &found, std::time::Duration::ZERO).unwrap(),
            "no hard deal found under these rules in 60 candidates; dealt one random play clears 100% of the time (easy)"
        );
        // Stopped before the search and its fallback: unrated, and said.
        let stopped = Cancel::new();
        stopped.cancel();
        let found = search(&spec, Difficulty::Hard, bands(0.5, 0.1), &stopped, &stopped).unwrap();
        assert!(found.capped && found.band.is_none());
        assert_eq!(
            note(
                Difficulty::Hard,
                &found,
                std::time::Duration::from_millis(5)
            )
            .unwrap(),
            "no hard deal found under these rules within the time cap of 5 ms; dealt an unrated solvable deal"
        );
    }
}
