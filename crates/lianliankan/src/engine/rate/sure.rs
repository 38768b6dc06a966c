//! [`sure_band`]: a deal's band decided at 95% by random games played
//! until the clear rate's interval lies inside one band, or a cap.

use grid_core::SplitMix64;

use super::super::solve::Cancel;
use super::bands::Bands;
use super::rating::Difficulty;
use super::{Cancelled, play_seeds, random_game};
use crate::query::Board;
use crate::rules::Rules;

/// How [`sure_band`] plays: the seed of its games, the games of its first
/// look, the most games.
///
/// ```
/// use lianliankan::SureConfig;
/// let config = SureConfig::new().seed(7).first(50).cap(800);
/// assert_eq!((config.first_games(), config.cap_games()), (50, 800));
/// ```
#[derive(Clone, Debug)]
pub struct SureConfig {
    seed: u64,
    first: u32,
    cap: u32,
    cancel: Option<Cancel>,
}

impl Default for SureConfig {
    fn default() -> Self {
        SureConfig {
            seed: 0,
            first: SureConfig::DEFAULT_FIRST,
            cap: SureConfig::DEFAULT_CAP,
            cancel: None,
        }
    }
}

impl SureConfig {
    /// The games of the first look unless [`SureConfig::first`] says
    /// otherwise.
    pub const DEFAULT_FIRST: u32 = 100;
    /// The most games unless [`SureConfig::cap`] says otherwise.
    pub const DEFAULT_CAP: u32 = 3_200;

    /// Seed 0, a first look after 100 games, at most 3,200.
    #[must_use]
    pub fn new() -> SureConfig {
        SureConfig::default()
    }

    /// The seed of the random games (game i as [`rate`](super::rate)'s
    /// game i with this seed).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> SureConfig {
        self.seed = seed;
        self
    }

    /// The games played before the first look (at least 1).
    #[must_use]
    pub fn first(mut self, games: u32) -> SureConfig {
        self.first = games.max(1);
        self
    }

    /// The most games (at least the first look's).
    #[must_use]
    pub fn cap(mut self, games: u32) -> SureConfig {
        self.cap = games;
        self
    }

    /// Stops with [`Cancelled`] soon after `token` is cancelled.
    #[must_use]
    pub fn cancel(mut self, token: Cancel) -> SureConfig {
        self.cancel = Some(token);
        self
    }

    /// The games of the first look.
    #[must_use]
    pub fn first_games(&self) -> u32 {
        self.first
    }

    /// The most games.
    #[must_use]
    pub fn cap_games(&self) -> u32 {
        self.cap.max(self.first)
    }

    /// The seed.
    #[must_use]
    pub fn seed_used(&self) -> u64 {
        self.seed
    }

    pub(super) fn token(&self) -> Option<&Cancel> {
        self.cancel.as_ref()
    }
}

/// A deal's band and how sure it is: the random games played, those that
/// cleared, and the bands they were read against. The band is *decided*
/// when the 95% Wilson interval of the clear rate lies inside one band's
/// range ([`SureBand::decided`]); otherwise the bands the interval touches
/// are [`SureBand::easiest`] to [`SureBand::hardest`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SureBand {
    /// Random games played.
    pub games: u32,
    /// Of them, the games that cleared the board.
    pub cleared: u32,
    /// The bands read.
    pub bands: Bands,
}

/// A difficulty's place, easiest first.
fn rank(difficulty: Difficulty) -> usize {
    Difficulty::ALL
        .iter()
        .position(|&d| d == difficulty)
        .unwrap_or(Difficulty::ALL.len())
}

impl SureBand {
    /// The 95% Wilson interval of the clear rate, `(low, high)`.
    #[must_use]
    pub fn interval(&self) -> (f64, f64) {
        grid_core::wilson(u64::from(self.cleared), u64::from(self.games))
    }

    /// The easiest band the interval touches (its high end's).
    #[must_use]
    pub fn easiest(&self) -> Difficulty {
        self.bands.of(self.interval().1)
    }

    /// The hardest band the interval touches (its low end's).
    #[must_use]
    pub fn hardest(&self) -> Difficulty {
        self.bands.of(self.interval().0)
    }

    /// The band, when the interval lies inside one.
    #[must_use]
    pub fn decided(&self) -> Option<Difficulty> {
        let (easiest, hardest) = (self.easiest(), self.hardest());
        (easiest == hardest).then_some(easiest)
    }

    /// Whether `difficulty` is one of the bands the interval touches.
    #[must_use]
    pub fn may_be(&self, difficulty: Difficulty) -> bool {
        (rank(self.easiest())..=rank(self.hardest())).contains(&rank(difficulty))
    }
}

/// `hard (95% sure: ...)` or `normal or hard (undecided after N games:
/// ...)`, on one line without a line break.
impl std::fmt::Display for SureBand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (low, high) = self.interval();
        let counts = format!(
            "{} of {} random games cleared the board, 95% interval {low:.3}-{high:.3}",
            self.cleared, self.games
        );
        if let Some(band) = self.decided() {
            return write!(f, "{band} (95% sure: {counts})");
        }
        let touched: Vec<&str> = Difficulty::ALL[rank(self.easiest())..=rank(self.hardest())]
            .iter()
            .map(|d| d.name())
            .collect();
        let names = match touched.split_last() {
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        write!(
            f,
            "{names} (undecided after {} games: {counts})",
            self.games
        )
    }
}

/// The band of `board` under `rules` among `bands`, decided by random games
/// (as [`rate`](super::rate)'s, seeded from the config's seed): the first
/// look after [`SureConfig::first_games`] games, then a look each time the
/// games have doubled, until the clear rate's 95% Wilson interval lies
/// inside one band, or — when `wanted` is given — outside `wanted`, or the
/// cap is reached. Each look is a 95% interval; over all the looks of one
/// deal a wrong band is decided somewhat more often than 1 time in 20 for
/// a deal near a band's edge, which is why [`deal_in_band`](super::deal_in_band)
/// confirms its band with fresh games.
///
/// # Errors
/// [`Cancelled`] when the config's token is cancelled.
///
/// # Complexity
/// O(g · s · m) for g games (at most the cap) of s steps, m the cost of
/// [`moves`](crate::moves): a deal far from a band's edge is decided after
/// the first look.
pub fn sure_band(
    board: &Board,
    rules: &Rules,
    bands: &Bands,
    wanted: Option<Difficulty>,
    config: &SureConfig,
) -> Result<SureBand, Cancelled> {
    let mut sure = SureBand {
        games: 0,
        cleared: 0,
        bands: *bands,
    };
    let mut seeds = play_seeds(config.seed);
    let mut look = config.first;
    loop {
        while sure.games < look {
            let seed = seeds.next().unwrap_or_default();
            let game = random_game(board, rules, seed, config.token())?;
            sure.games += 1;
            sure.cleared += u32::from(game.cleared);
        }
        let done = sure.decided().is_some() || wanted.is_some_and(|w| !sure.may_be(w));
        if done || sure.games >= config.cap_games() {
            return Ok(sure);
        }
        look = look.saturating_mul(2).min(config.cap_games());
    }
}

/// The seed of the confirming games of a deal whose band was decided with
/// games seeded `seed`.
#[must_use]
pub fn confirm_seed(seed: u64) -> u64 {
    SplitMix64::new(seed ^ 0x636f_6e66_6972_6d73).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Border;

    fn sure(games: u32, cleared: u32) -> SureBand {
        SureBand {
            games,
            cleared,
            bands: Bands {
                easy_from: 0.3,
                hard_below: 0.1,
            },
        }
    }

    #[test]
    fn a_band_is_decided_only_when_the_interval_lies_inside_it() {
        assert_eq!(sure(100, 60).decided(), Some(Difficulty::Easy));
        assert_eq!(sure(100, 1).decided(), Some(Difficulty::Hard));
        assert_eq!(sure(1000, 200).decided(), Some(Difficulty::Normal));
        // 20 of 100: 0.13-0.29, inside normal; 12 of 100: 0.07-0.20.
        assert_eq!(sure(100, 20).decided(), Some(Difficulty::Normal));
        let edge = sure(100, 12);
        assert_eq!(edge.decided(), None);
        assert_eq!(
            (edge.easiest(), edge.hardest()),
            (Difficulty::Normal, Difficulty::Hard)
        );
        assert!(edge.may_be(Difficulty::Hard) && !edge.may_be(Difficulty::Easy));
        assert_eq!(
            edge.to_string(),
            "normal or hard (undecided after 100 games: 12 of 100 random games cleared the board, 95% interval 0.070-0.198)"
        );
        assert_eq!(
            sure(10, 2).to_string(),
            "easy, normal or hard (undecided after 10 games: 2 of 10 random games cleared the board, 95% interval 0.057-0.510)"
        );
        assert!(
            sure(100, 1)
                .to_string()
                .starts_with("hard (95% sure: 1 of 100")
        );
    }

    #[test]
    fn games_stop_at_the_first_look_that_decides_and_never_pass_the_cap() {
        let rules = Rules::judge().with_border(Border::Open).unwrap();
        // Every pair side by side: every game clears, easy at once.
        let easy = Board::from_rows(&[[1, 1, 2, 2], [3, 3, 4, 4]]).unwrap();
        let config = SureConfig::new().first(20).cap(500);
        let band = sure_band(&easy, &rules, &Bands::FIXED, None, &config).unwrap();
        assert_eq!((band.games, band.cleared), (20, 20));
        assert_eq!(band.decided(), Some(Difficulty::Easy));
        // A board no game clears is hard once the interval is under the
        // edge: 0 of n has its high end near 3.84 / n.
        let stuck = Board::from_rows(&[[1, 2], [2, 1]]).unwrap();
        let closed = Rules::judge();
        let band = sure_band(&stuck, &closed, &Bands::FIXED, None, &config).unwrap();
        assert_eq!(band.cleared, 0);
        assert_eq!(band.decided(), Some(Difficulty::Hard));
        assert_eq!(band.games, 320, "20, 40, 80, 160 too few; 320 is");
        // Asked whether it is easy: no after the second look.
        let band = sure_band(
            &stuck,
            &closed,
            &Bands::FIXED,
            Some(Difficulty::Easy),
            &config,
        )
        .unwrap();
        // 0 of 20 still allows 0.16; 0 of 40 at most 0.088, under easy.
        assert_eq!(band.games, 40);
        // The cap holds.
        let capped = SureConfig::new().first(20).cap(100);
        let band = sure_band(&stuck, &closed, &Bands::FIXED, None, &capped).unwrap();
        assert_eq!((band.games, band.decided()), (100, None));
    }
}
