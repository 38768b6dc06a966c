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

use std::ops::RangeInclusive;

use grid_core::SplitMix64;
use rustc_hash::FxHashMap;

use super::game::Game;
use super::generate::{DealSpec, GenerateError, GenerateSpec, Generated, deal, generate};
use super::moves::{Move, moves};
use super::repair::Plan;
use super::solve::{Cancel, Solution, SolveConfig, solve_with};
use crate::{Board, Rules};

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

    /// The number of random games asked for.
    #[must_use]
    pub fn plays_asked(&self) -> u32 {
        self.plays
    }

    fn solve_config(&self, budget: u64) -> SolveConfig {
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

/// What [`rate`] measured: counts, from which every figure and the score
/// are computed (each method says how). Counts of several deals can be
/// added up field by field.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Rating {
    /// Whether the deal can be cleared (`None`: the solve ran out of
    /// budget; then nothing was probed).
    pub winnable: Option<bool>,
    /// Random games played.
    pub plays: u32,
    /// Of them, the games that cleared the board.
    pub cleared: u32,
    /// Random games probed (the first ones, while the deal is winnable).
    pub probes: u32,
    /// Positions probed: positions of the probed games proved winnable
    /// (every pair on offer there was made and decided).
    pub positions: u64,
    /// Pairs on offer at the probed positions, in all.
    pub offered: u64,
    /// Probed positions that offer at least one losing pair (a pair after
    /// which the board can no longer be cleared).
    pub trap_positions: u64,
    /// Probed positions with a choice (two pairs or more on offer) where
    /// exactly one pair wins, every other pair proved losing.
    pub forced_positions: u64,
    /// Probed games that met a trap (a position offering a losing pair).
    pub trapped_games: u32,
    /// Losing pairs at the first trap of each probed game that met one, in
    /// all.
    pub first_trap_losing: u64,
    /// Pairs on offer at those first traps, in all.
    pub first_trap_offered: u64,
    /// The earliest step (0: the deal) at which a probed game met a trap.
    pub earliest_trap: Option<usize>,
    /// Positions of all the random games at which a pair was taken.
    pub width_positions: u64,
    /// Pairs on offer at those positions, in all.
    pub width_offered: u64,
    /// Pairs made at probed positions whose result the solver did not
    /// decide within the budget (neither winning nor losing).
    pub undecided: u64,
    /// Solves run: each position is decided once (repeats are
    /// remembered), and a position one move from a winnable one is first
    /// tried with that one's clearing order, which needs no solve.
    pub solves: u64,
}

/// A named band of the [`Rating::score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Difficulty {
    /// Scores 0 to 24.
    Easy,
    /// Scores 25 to 49.
    Normal,
    /// Scores 50 to 100.
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// Its scores.
    #[must_use]
    pub fn band(self) -> RangeInclusive<u8> {
        match self {
            Difficulty::Easy => 0..=24,
            Difficulty::Normal => 25..=49,
            Difficulty::Hard => 50..=100,
        }
    }

    /// The difficulty whose band holds `score`.
    #[must_use]
    pub fn of(score: u8) -> Difficulty {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.band().contains(&score))
            .unwrap_or(Difficulty::Hard)
    }

    /// Its name: `easy`, `normal` or `hard`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`Difficulty`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownDifficulty(pub String);

impl std::fmt::Display for UnknownDifficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown difficulty `{}` (easy, normal or hard)", self.0)
    }
}

impl std::error::Error for UnknownDifficulty {}

impl std::str::FromStr for Difficulty {
    type Err = UnknownDifficulty;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| UnknownDifficulty(s.to_owned()))
    }
}

impl Rating {
    /// The fraction of random games that cleared the board (0 when none
    /// was played).
    #[must_use]
    pub fn forgiveness(&self) -> f64 {
        ratio(u64::from(self.cleared), u64::from(self.plays))
    }

    /// The Wilson score interval of [`Rating::forgiveness`] at 95%
    /// confidence, `(low, high)`; `(0, 1)` when no game was played.
    #[must_use]
    pub fn forgiveness_interval(&self) -> (f64, f64) {
        wilson(u64::from(self.cleared), u64::from(self.plays))
    }

    /// The fraction of probed positions that offer a losing pair.
    #[must_use]
    pub fn trap_rate(&self) -> f64 {
        ratio(self.trap_positions, self.positions)
    }

    /// The fraction of probed positions where one pair wins and the
    /// others, at least one, lose.
    #[must_use]
    pub fn forced_rate(&self) -> f64 {
        ratio(self.forced_positions, self.positions)
    }

    /// The mean number of pairs on offer where a random game took one.
    #[must_use]
    pub fn mean_width(&self) -> f64 {
        ratio(self.width_offered, self.width_positions)
    }

    /// The mean number of losing pairs at a probed game's first trap.
    #[must_use]
    pub fn first_trap_mean_losing(&self) -> f64 {
        ratio(self.first_trap_losing, u64::from(self.trapped_games))
    }

    /// The mean number of pairs on offer at a probed game's first trap.
    #[must_use]
    pub fn first_trap_mean_offered(&self) -> f64 {
        ratio(self.first_trap_offered, u64::from(self.trapped_games))
    }

    /// The summary score, 0 (every random game clears) to 100 (no game
    /// can): `round(100 · (0.6·h + 0.2·t + 0.2·f))`, where
    /// - h = min(1, −log10(p) / 2), p = (cleared + ½) / (plays + 1): how
    ///   rarely a random game clears, on a log scale (a clear rate of 1%
    ///   or less gives 1, 10% gives ½);
    /// - t = [`Rating::trap_rate`], f = [`Rating::forced_rate`].
    ///
    /// A deal proved unclearable scores 100.
    #[must_use]
    pub fn score(&self) -> u8 {
        if self.winnable == Some(false) {
            return 100;
        }
        let p = (f64::from(self.cleared) + 0.5) / (f64::from(self.plays) + 1.0);
        let h = (-p.log10() / 2.0).clamp(0.0, 1.0);
        let score = 100.0 * (0.6 * h + 0.2 * self.trap_rate() + 0.2 * self.forced_rate());
        // In 0..=100 by construction.
        score.round().clamp(0.0, 100.0) as u8
    }

    /// The scores this rating can still reach once probed, from its
    /// random games alone (trap and forced rates anywhere in 0 to 1), for a
    /// deal that can be cleared.
    fn score_bounds(&self) -> RangeInclusive<u8> {
        let probed = |rate: u64| {
            Rating {
                winnable: Some(true),
                positions: 1,
                trap_positions: rate,
                forced_positions: rate,
                ..self.clone()
            }
            .score()
        };
        probed(0)..=probed(1)
    }

    /// The difficulty whose band holds [`Rating::score`].
    #[must_use]
    pub fn difficulty(&self) -> Difficulty {
        Difficulty::of(self.score())
    }
}

/// The report `lianliankan rate` prints: the score and its figures, a line
/// each, each line ended by a line break.
impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.winnable {
            Some(false) => {
                return writeln!(f, "score 100 (hard): the deal cannot be cleared (proved)");
            }
            None => writeln!(
                f,
                "score {} ({}); the solver did not decide the deal in its budget, nothing was probed",
                self.score(),
                self.difficulty()
            )?,
            Some(true) => writeln!(f, "score {} ({})", self.score(), self.difficulty())?,
        }
        let (low, high) = self.forgiveness_interval();
        writeln!(
            f,
            "forgiveness {:.2}: {} of {} random games cleared the board (95% interval {low:.2}-{high:.2})",
            self.forgiveness(),
            self.cleared,
            self.plays
        )?;
        write!(
            f,
            "traps {:.2}: {} of {} probed positions offer a losing pair",
            self.trap_rate(),
            self.trap_positions,
            self.positions
        )?;
        match self.earliest_trap {
            Some(step) => writeln!(
                f,
                "; at a game's first trap {:.1} of {:.1} pairs lose ({} of {} games trapped); the earliest at step {step}",
                self.first_trap_mean_losing(),
                self.first_trap_mean_offered(),
                self.trapped_games,
                self.probes
            )?,
            None => writeln!(f, "; no probed game met a trap ({} games)", self.probes)?,
        }
        writeln!(
            f,
            "width {:.1}: pairs on offer on average ({} positions); forced {:.2}: {} of {} probed positions have one winning pair",
            self.mean_width(),
            self.width_positions,
            self.forced_rate(),
            self.forced_positions,
            self.positions
        )?;
        writeln!(
            f,
            "solver: {} solve{}, {} pairs undecided in the budget",
            self.solves,
            if self.solves == 1 { "" } else { "s" },
            self.undecided
        )
    }
}

fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The Wilson score interval at 95% for `k` successes in `n` trials.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (
        ((centre - spread) / denominator).max(0.0),
        ((centre + spread) / denominator).min(1.0),
    )
}

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
/// let rules = Rules { border: Border::Open, ..Rules::default() };
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
    let mut rating = play_games(board, rules, config)?;
    probe_games(board, rules, config, &mut rating)?;
    Ok(rating)
}

/// The random games without the solver: plays, cleared games and width.
fn play_games(board: &Board, rules: &Rules, config: &RateConfig) -> Result<Rating, Cancelled> {
    let mut rating = Rating {
        plays: config.plays,
        ..Rating::default()
    };
    for seed in play_seeds(config.seed).take(config.plays as usize) {
        if config.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Cancelled);
        }
        let mut rng = SplitMix64::new(seed);
        let mut position = board.clone();
        loop {
            if config.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
                return Err(Cancelled);
            }
            let offered = moves(&position, rules);
            if offered.is_empty() {
                break;
            }
            rating.width_positions += 1;
            rating.width_offered += offered.len() as u64;
            position = after(&position, offered[rng.below(offered.len())], rules);
        }
        if position.tile_count() == 0 {
            rating.cleared += 1;
        }
    }
    Ok(rating)
}

/// The solver's part: the deal decided, then the first games played
/// again (the same seeds, so the same pairs) and probed.
fn probe_games(
    board: &Board,
    rules: &Rules,
    config: &RateConfig,
    rating: &mut Rating,
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
        rating.probes = config.probes.min(config.plays);
    }
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
    }
    rating.solves = verdicts.solves;
    Ok(())
}

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
}

/// Why [`generate_rated`] found no deal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RatedError {
    /// [`generate`] made no deal.
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
/// - otherwise the board [`generate`] builds backwards from the same seed
///   (always clearable, and usually easier than a random deal).
///
/// The same arguments give the same deal.
///
/// # Errors
/// [`RatedError::Generate`] when `spec` cannot be generated;
/// [`RatedError::OutOfBand`] when no candidate scored in the band (with
/// the scores seen); [`RatedError::Cancelled`].
///
/// # Complexity
/// Up to `candidates` × ([`deal`] + [`solve_with`] + [`rate`]), and
/// [`generate`] for the deals the solver does not clear.
pub fn generate_rated(
    spec: &GenerateSpec,
    band: RangeInclusive<u8>,
    config: &RateConfig,
    candidates: usize,
) -> Result<RatedDeal, RatedError> {
    // `generate`'s own checks first, so that a spec it refuses is refused
    // here too, whichever way the candidates come.
    let pairs = spec.rows * spec.cols / 2;
    if pairs == 0 {
        return Err(RatedError::Generate(GenerateError::TooSmall));
    }
    if spec.kinds == 0 || spec.kinds as usize > pairs {
        return Err(RatedError::Generate(GenerateError::Kinds {
            kinds: spec.kinds,
            pairs,
        }));
    }
    let mut lowest = u8::MAX;
    let mut highest = 0;
    let seeds = std::iter::once(spec.seed).chain(play_seeds(spec.seed));
    for (tried, seed) in (1..=candidates).zip(seeds) {
        let made = match random_deal(spec, seed, config)? {
            Some(made) => made,
            None => generate(&spec.clone().with_seed(seed)).map_err(RatedError::Generate)?,
        };
        let mut rating = play_games(&made.board, &spec.rules, config)
            .map_err(|Cancelled| RatedError::Cancelled)?;
        // The random games alone may already rule the band out.
        let reach = rating.score_bounds();
        if reach.end() < band.start() || reach.start() > band.end() {
            lowest = lowest.min(*reach.start());
            highest = highest.max(*reach.end());
            continue;
        }
        // The deal is solved again inside: its rating is `rate`'s, whose
        // counts (solves, and the orders the probes adapt) start from the
        // solver's order, not from how the candidate was made.
        probe_games(&made.board, &spec.rules, config, &mut rating)
            .map_err(|Cancelled| RatedError::Cancelled)?;
        let score = rating.score();
        lowest = lowest.min(score);
        highest = highest.max(score);
        if band.contains(&score) {
            return Ok(RatedDeal {
                generated: made,
                rating,
                seed,
                candidates: tried,
            });
        }
    }
    Err(RatedError::OutOfBand {
        band,
        candidates,
        scores: lowest.min(highest)..=highest,
    })
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
