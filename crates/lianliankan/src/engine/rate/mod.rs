//! How hard a deal is, in figures a designer can read ([`rate`]), and a
//! clearable deal whose rating falls in a band ([`generate_rated`]).
//!
//! Every figure comes from random games on the deal: `plays` games of
//! uniformly random legal pairs (the player who knows nothing), each
//! seeded from the rating's seed, so the same deal, rules and settings
//! give the same rating. The first `probes` of those games are also
//! *probed*: at every position they reach while the deal can still be won,
//! every pair on offer is made and the position after it decided exactly
//! (by the clearing order of the position it came from, adapted by
//! `repair`, else by [`solve_with`]), so the probed games show where the
//! traps are. docs/rating.md defines each figure and the score.
//!
//! [`rate_players`] plays other players on the deal: a player of skill q
//! (a winning pair with probability q), the first-hint player and a
//! one-step lookahead, and counts traps and forced positions over the
//! lookahead's games with intervals and the share of pairs decided.

mod banded;
mod bands;
mod measure;
mod players;
mod progress;
mod rated;
mod rating;
mod sure;

pub use banded::{BandedDeal, BandedError, bands_dealt, deal_in_band, deal_in_bands};
pub use bands::{Bands, BandsFrom, SettingBands, bands_for, measured_settings};
pub use measure::{
    BandCheck, MeasuredBands, bands_hold, check_bands, measure_bands, setting_bands,
};
pub use players::{Players, PlayersConfig, SkillPoint, rate_players};
pub use progress::RateProgress;
pub use rated::{RatedDeal, RatedError, generate_rated};
pub use rating::{Difficulty, Rating, UnknownDifficulty};
pub use sure::{SureBand, SureConfig, confirm_seed, sure_band};

use grid_core::SplitMix64;
use rustc_hash::FxHashMap;

use super::game::Game;
use super::moves::{Move, moves};
use super::repair::Plan;
use super::solve::{Cancel, Solution, SolveConfig, solve_with};
use crate::query::Board;
use crate::rules::Rules;
use progress::{GameCount, Hook};

/// How [`rate`] measures: how many random games, how many of them probed,
/// the seed, and each solve's budget.
///
/// ```
/// use lianliankan::RateConfig;
/// let config = RateConfig::new().plays(200).probes(4).seed(7).budget(50_000);
/// assert_eq!(config.plays_asked(), 200);
/// ```
#[derive(Clone, Debug)]
pub struct RateConfig {
    plays: u32,
    probes: u32,
    seed: u64,
    budget: u64,
    deal_budget: u64,
    cancel: Option<Cancel>,
    progress: Option<Hook>,
}

impl Default for RateConfig {
    fn default() -> Self {
        RateConfig {
            plays: RateConfig::DEFAULT_PLAYS,
            probes: RateConfig::DEFAULT_PROBES,
            seed: 0,
            budget: RateConfig::DEFAULT_BUDGET,
            deal_budget: RateConfig::DEFAULT_DEAL_BUDGET,
            cancel: None,
            progress: None,
        }
    }
}

impl RateConfig {
    /// The random games played unless [`RateConfig::plays`] says otherwise.
    pub const DEFAULT_PLAYS: u32 = 100;
    /// The games probed unless [`RateConfig::probes`] says otherwise.
    pub const DEFAULT_PROBES: u32 = 3;
    /// Each position's solve budget unless [`RateConfig::budget`] says
    /// otherwise.
    pub const DEFAULT_BUDGET: u64 = 10_000;
    /// The deal's own solve budget unless [`RateConfig::deal_budget`] says
    /// otherwise (as `lianliankan solve`'s).
    pub const DEFAULT_DEAL_BUDGET: u64 = 1_000_000;

    /// 100 random games, the first 3 probed, seed 0, 10,000 states a
    /// position's solve and 1,000,000 for the deal's.
    #[must_use]
    pub fn new() -> RateConfig {
        RateConfig::default()
    }

    /// How many random games to play (forgiveness and width).
    #[must_use]
    pub fn plays(mut self, plays: u32) -> RateConfig {
        self.plays = plays;
        self
    }

    /// How many of them to probe (traps and forced positions): at most
    /// `plays`.
    #[must_use]
    pub fn probes(mut self, probes: u32) -> RateConfig {
        self.probes = probes;
        self
    }

    /// The seed of the random games.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> RateConfig {
        self.seed = seed;
        self
    }

    /// The most search states of each solve; a position not decided within
    /// them counts as undecided ([`Rating::undecided`]).
    #[must_use]
    pub fn budget(mut self, states: u64) -> RateConfig {
        self.budget = states;
        self
    }

    /// The most search states of the deal's own solve (the first one).
    #[must_use]
    pub fn deal_budget(mut self, states: u64) -> RateConfig {
        self.deal_budget = states;
        self
    }

    /// Stops the rating with [`Cancelled`] soon after `token` is cancelled.
    #[must_use]
    pub fn cancel(mut self, token: Cancel) -> RateConfig {
        self.cancel = Some(token);
        self
    }

    /// Calls `hook` after each game the rating plays, with the games
    /// played and the most it plays ([`RateProgress`]), on the thread that
    /// rates: a progress bar, or a time limit together with
    /// [`RateConfig::cancel`]. Clones of the config share the hook.
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use lianliankan::{Board, RateConfig, Rules, rate};
    /// let seen = Arc::new(Mutex::new(Vec::new()));
    /// let log = Arc::clone(&seen);
    /// let config = RateConfig::new()
    ///     .plays(4)
    ///     .probes(1)
    ///     .progress(move |p| log.lock().unwrap().push((p.games, p.total)));
    /// let board = Board::from_rows(&[[1, 1, 2, 2]]).unwrap();
    /// rate(&board, &Rules::default(), &config).unwrap();
    /// assert_eq!(*seen.lock().unwrap(), [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]);
    /// ```
    #[must_use]
    pub fn progress(mut self, hook: impl Fn(RateProgress) + Send + Sync + 'static) -> RateConfig {
        self.progress = Some(Hook(std::sync::Arc::new(hook)));
        self
    }

    /// The games a rating plays at most: its random games and the probed
    /// ones.
    fn games(&self) -> u64 {
        u64::from(self.plays) + u64::from(self.probes_asked())
    }

    /// The number of games asked to be probed: [`RateConfig::probes`], at
    /// most the random games.
    #[must_use]
    pub fn probes_asked(&self) -> u32 {
        self.probes.min(self.plays)
    }

    /// The number of random games asked for.
    #[must_use]
    pub fn plays_asked(&self) -> u32 {
        self.plays
    }

    /// The seed of the random games.
    #[must_use]
    pub fn seed_used(&self) -> u64 {
        self.seed
    }

    pub(super) fn solve_config(&self, budget: u64) -> SolveConfig {
        let config = SolveConfig::new().budget(budget);
        match &self.cancel {
            Some(token) => config.cancel(token.clone()),
            None => config,
        }
    }
}

/// The rating was cancelled through [`RateConfig::cancel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// The seeds of the random games of a rating seeded with `seed`, in order:
/// game i is played by a [`SplitMix64`] seeded with the i-th.
pub(crate) fn play_seeds(seed: u64) -> impl Iterator<Item = u64> {
    let mut seeds = SplitMix64::new(seed);
    std::iter::repeat_with(move || seeds.next_u64())
}

/// What is known of a position: cleared by an order, lost, or undecided.
#[derive(Clone, Debug)]
enum Known {
    /// A clearing order (empty for an empty board).
    Winnable(Vec<Move>),
    Lost,
    Undecided,
}

impl Known {
    fn verdict(&self) -> Option<bool> {
        match self {
            Known::Winnable(_) => Some(true),
            Known::Lost => Some(false),
            Known::Undecided => None,
        }
    }
}

/// Whether positions can be cleared: each decided once, remembered by the
/// position's cells; a position one move from a known winnable one is
/// first tried with that position's order ([`Plan::after`]), and solved
/// only when that fails.
struct Verdicts<'a> {
    rules: &'a Rules,
    config: SolveConfig,
    known: FxHashMap<Vec<u32>, Known>,
    solves: u64,
}

impl Verdicts<'_> {
    /// What is known of `board`, one move (`made`) away from the position
    /// of `plan` if there is one.
    fn of(&mut self, board: &Board, from: Option<(&Plan, Move)>) -> Result<Known, Cancelled> {
        if board.tile_count() == 0 {
            return Ok(Known::Winnable(Vec::new()));
        }
        let key = board.to_grid().cells().to_vec();
        if let Some(known) = self.known.get(&key) {
            return Ok(known.clone());
        }
        let repaired = from.and_then(|(plan, made)| plan.after(made, self.rules));
        let known = match repaired {
            Some(order) => Known::Winnable(order),
            None => {
                self.solves += 1;
                match solve_with(board, self.rules, &self.config) {
                    Solution::Solved(order) => Known::Winnable(order),
                    Solution::Unsolvable => Known::Lost,
                    Solution::Cancelled { .. } => return Err(Cancelled),
                    _ => Known::Undecided,
                }
            }
        };
        self.known.insert(key, known.clone());
        Ok(known)
    }
}

/// The board after `pair` (a legal move) and its gravity.
fn after(board: &Board, pair: Move, rules: &Rules) -> Board {
    let mut game = Game::new(board.clone(), rules.clone());
    game.play(pair).expect("a move the engine listed");
    game.board().clone()
}

/// Rates how hard `board` is to clear under `rules`, as `config` says:
/// [`RateConfig::plays_asked`] random games (at each step a pair drawn
/// uniformly from [`moves`], then gravity, until the board is cleared or no
/// pair remains), of which the first [`RateConfig::probes`] are probed at
/// every position they reach while the deal can still be won: each pair on
/// offer is made and the board after it decided by [`solve_with`] (a
/// position is decided once, then remembered). A probed game stops being
/// probed at its first pair that loses or that the solver did not decide.
///
/// The deal itself is solved first (within [`RateConfig::deal_budget`]);
/// if it cannot be cleared (or is not decided), nothing is probed. The result holds counts; [`Rating`]'s
/// methods give the figures and the score.
///
/// ```
/// use lianliankan::{Board, Border, RateConfig, Rules, rate};
/// let rules = Rules::judge().with_border(Border::Open).unwrap();
/// // Every pair is side by side: no move can lose.
/// let easy = Board::from_rows(&[[1, 1, 2, 2], [3, 3, 4, 4]]).unwrap();
/// let rating = rate(&easy, &rules, &RateConfig::new()).unwrap();
/// assert_eq!(rating.forgiveness(), 1.0);
/// assert_eq!(rating.trap_positions, 0);
/// assert_eq!(rating.score(), 0);
/// ```
///
/// # Errors
/// [`Cancelled`] when the config's token is cancelled.
///
/// # Complexity
/// O(plays · s · m) for s steps a game and m the cost of [`moves`], plus,
/// for each probed game, a solve (as [`solve_with`] within the budget) of
/// each pair on offer at each position until the game is lost: about
/// probes · s · w solves for w pairs on offer, fewer when positions repeat.
pub fn rate(board: &Board, rules: &Rules, config: &RateConfig) -> Result<Rating, Cancelled> {
    let mut count = GameCount::new(config.games(), config.progress.as_ref());
    let mut rating = play_games(board, rules, config, &mut count)?;
    probe_games(board, rules, config, &mut rating, &mut count)?;
    Ok(rating)
}

/// The random games without the solver: plays, cleared games and width.
/// Each game is counted in `count`.
pub(super) fn play_games(
    board: &Board,
    rules: &Rules,
    config: &RateConfig,
    count: &mut GameCount<'_>,
) -> Result<Rating, Cancelled> {
    let mut rating = Rating {
        plays: config.plays,
        ..Rating::default()
    };
    for seed in play_seeds(config.seed).take(config.plays as usize) {
        let game = random_game(board, rules, seed, config.cancel.as_ref())?;
        rating.width_positions += game.positions;
        rating.width_offered += game.offered;
        rating.cleared += u32::from(game.cleared);
        count.add(1);
    }
    Ok(rating)
}

/// What one random game did: whether it cleared the board, the positions
/// where it took a pair and the pairs on offer there.
pub(super) struct RandomGame {
    pub(super) cleared: bool,
    pub(super) positions: u64,
    pub(super) offered: u64,
}

/// One random game on `board` drawn by a [`SplitMix64`] seeded with
/// `seed`: at each step a pair drawn uniformly from [`moves`], then
/// gravity, until the board is cleared or no pair remains.
pub(super) fn random_game(
    board: &Board,
    rules: &Rules,
    seed: u64,
    cancel: Option<&Cancel>,
) -> Result<RandomGame, Cancelled> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(board.clone(), rules.clone());
    let mut played = RandomGame {
        cleared: false,
        positions: 0,
        offered: 0,
    };
    loop {
        if cancel.is_some_and(Cancel::is_cancelled) {
            return Err(Cancelled);
        }
        let offered = moves(game.board(), rules);
        if offered.is_empty() {
            break;
        }
        played.positions += 1;
        played.offered += offered.len() as u64;
        game.play(offered[rng.below(offered.len())])
            .expect("a move the engine listed");
    }
    played.cleared = game.board().tile_count() == 0;
    Ok(played)
}

/// The solver's part: the deal decided, then the first games played
/// again (the same seeds, so the same pairs) and probed. Each probed game
/// is counted in `count`, and those not probed (the deal not winnable) at
/// once.
pub(super) fn probe_games(
    board: &Board,
    rules: &Rules,
    config: &RateConfig,
    rating: &mut Rating,
    count: &mut GameCount<'_>,
) -> Result<(), Cancelled> {
    let mut verdicts = Verdicts {
        rules,
        config: config.solve_config(config.deal_budget),
        known: FxHashMap::default(),
        solves: 0,
    };
    let deal = verdicts.of(board, None)?;
    rating.winnable = deal.verdict();
    verdicts.config = config.solve_config(config.budget);
    if rating.winnable == Some(true) {
        rating.probes = config.probes_asked();
    }
    count.add(u64::from(config.probes_asked() - rating.probes));
    for seed in play_seeds(config.seed).take(rating.probes as usize) {
        let mut rng = SplitMix64::new(seed);
        let mut position = board.clone();
        let mut known = deal.clone();
        let mut trapped = false;
        for step in 0.. {
            let offered = moves(&position, rules);
            if offered.is_empty() {
                break;
            }
            let pick = rng.below(offered.len());
            let plan = match &known {
                Known::Winnable(order) => Plan::new(&position, order, rules),
                _ => None,
            };
            let (mut winning, mut losing, mut unknown) = (0, 0, 0);
            let mut picked = None;
            for (i, &pair) in offered.iter().enumerate() {
                let next = after(&position, pair, rules);
                let next_known = verdicts.of(&next, plan.as_ref().map(|plan| (plan, pair)))?;
                let verdict = next_known.verdict();
                match verdict {
                    Some(true) => winning += 1,
                    Some(false) => losing += 1,
                    None => unknown += 1,
                }
                if i == pick {
                    picked = Some((next, next_known));
                }
            }
            rating.positions += 1;
            rating.offered += offered.len() as u64;
            rating.undecided += unknown;
            if winning == 1 && unknown == 0 && offered.len() > 1 {
                rating.forced_positions += 1;
            }
            if losing > 0 {
                rating.trap_positions += 1;
                if !trapped {
                    trapped = true;
                    rating.trapped_games += 1;
                    rating.first_trap_losing += losing;
                    rating.first_trap_offered += offered.len() as u64;
                    rating.earliest_trap = Some(rating.earliest_trap.map_or(step, |e| e.min(step)));
                }
            }
            let (next, next_known) = picked.expect("the pick is one of the pairs on offer");
            if next_known.verdict() != Some(true) {
                // Lost (or not known to be winnable): probed no further.
                break;
            }
            position = next;
            known = next_known;
        }
        count.add(1);
    }
    rating.solves = verdicts.solves;
    Ok(())
}
