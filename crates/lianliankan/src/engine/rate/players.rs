//! Players beyond the random one ([`rate_players`]): a player of skill q,
//! the player who always takes the first hint, and a one-step lookahead;
//! with traps and forced positions counted over the lookahead's games,
//! every pair on offer decided or counted as unknown.
//!
//! "Winning" is decided exactly, as the rating's probes decide it: a pair
//! wins when the position after it can be cleared, proved by a clearing
//! order (the order of the position before, adapted by `repair`, else a
//! solve), loses when the solver proves that position lost, and is
//! unknown when the solve runs out of its budget.
//!
//! Game g of every player draws from a [`SplitMix64`] seeded with the g-th
//! seed of [`play_seeds`] of the config's seed, so that the players meet
//! the same luck (the skill curve is measured with common random numbers).

use grid_core::SplitMix64;
use rustc_hash::FxHashMap;

use super::{Cancelled, Known, Verdicts, after, play_seeds};
use crate::engine::game::Game;
use crate::engine::moves::{Move, moves};
use crate::engine::repair::Plan;
use crate::engine::solve::{Cancel, SolveConfig};
use crate::query::Board;
use crate::rules::Rules;

/// How [`rate_players`] measures.
///
/// ```
/// use lianliankan::PlayersConfig;
/// let config = PlayersConfig::new().games(40).levels(4).seed(7).budget(50_000);
/// assert_eq!(config.games_asked(), 40);
/// ```
#[derive(Clone, Debug)]
pub struct PlayersConfig {
    games: u32,
    levels: u32,
    seed: u64,
    budget: u64,
    deal_budget: u64,
    cancel: Option<Cancel>,
}

impl Default for PlayersConfig {
    fn default() -> Self {
        PlayersConfig {
            games: PlayersConfig::DEFAULT_GAMES,
            levels: PlayersConfig::DEFAULT_LEVELS,
            seed: 0,
            budget: super::RateConfig::DEFAULT_BUDGET,
            deal_budget: super::RateConfig::DEFAULT_DEAL_BUDGET,
            cancel: None,
        }
    }
}

impl PlayersConfig {
    /// Games a player (and a skill) unless [`PlayersConfig::games`] says
    /// otherwise.
    pub const DEFAULT_GAMES: u32 = 20;
    /// Steps of the skill grid unless [`PlayersConfig::levels`] says
    /// otherwise: q = 0, 0.2, ..., 1.
    pub const DEFAULT_LEVELS: u32 = 5;

    /// 20 games a player, skills q = 0, 0.2, ..., 1, seed 0, 10,000 states
    /// a position's solve and 1,000,000 for the deal's (as
    /// [`RateConfig`](super::RateConfig)'s).
    #[must_use]
    pub fn new() -> PlayersConfig {
        PlayersConfig::default()
    }

    /// How many games each player plays (and each skill of the curve).
    #[must_use]
    pub fn games(mut self, games: u32) -> PlayersConfig {
        self.games = games;
        self
    }

    /// The skill grid: q = i / `levels` for i = 0 to `levels` (at least 1).
    #[must_use]
    pub fn levels(mut self, levels: u32) -> PlayersConfig {
        self.levels = levels.max(1);
        self
    }

    /// The seed of the games.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> PlayersConfig {
        self.seed = seed;
        self
    }

    /// The most search states of each position's solve; a pair whose
    /// position is not decided within them is unknown.
    #[must_use]
    pub fn budget(mut self, states: u64) -> PlayersConfig {
        self.budget = states;
        self
    }

    /// The most search states of the deal's own solve.
    #[must_use]
    pub fn deal_budget(mut self, states: u64) -> PlayersConfig {
        self.deal_budget = states;
        self
    }

    /// Stops with [`Cancelled`] soon after `token` is cancelled.
    #[must_use]
    pub fn cancel(mut self, token: Cancel) -> PlayersConfig {
        self.cancel = Some(token);
        self
    }

    /// The games a player asked for.
    #[must_use]
    pub fn games_asked(&self) -> u32 {
        self.games
    }

    fn solve_config(&self, budget: u64) -> SolveConfig {
        let config = SolveConfig::new().budget(budget);
        match &self.cancel {
            Some(token) => config.cancel(token.clone()),
            None => config,
        }
    }

    fn cancelled(&self) -> Result<(), Cancelled> {
        match &self.cancel {
            Some(token) if token.is_cancelled() => Err(Cancelled),
            _ => Ok(()),
        }
    }
}

/// One point of the skill curve: the player of skill `level / levels`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SkillPoint {
    /// Its skill, as `level` of [`Players::levels`].
    pub level: u32,
    /// Its games that cleared the board (of [`Players::games`]).
    pub cleared: u32,
}

/// What [`rate_players`] measured: counts, from which the methods compute
/// the figures.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Players {
    /// Whether the deal can be cleared (`None`: not decided in the deal's
    /// budget; the players still play, knowing nothing at the start).
    pub winnable: Option<bool>,
    /// Games each player (and each skill) played.
    pub games: u32,
    /// The steps of the skill grid: skill q = level / levels.
    pub levels: u32,
    /// The skill curve, q = 0 first: at each step the player of skill q
    /// takes, with probability q, the first pair on offer (in
    /// [`moves`]' order) known to win, and otherwise (or when none is
    /// known) a pair drawn uniformly.
    pub skill: Vec<SkillPoint>,
    /// Steps at which a skilled player looked for a winning pair and found
    /// none though some pair was unknown (it then drew at random).
    pub skill_unknown: u64,
    /// Whether the player who always takes the first hint ([`Game::hint`],
    /// the first pair of [`moves`]) cleared the board.
    pub first_hint_cleared: bool,
    /// Games of the one-step lookahead that cleared the board: at each
    /// step it draws uniformly among the pairs not proved losing (among
    /// all pairs when every pair is proved losing).
    pub lookahead_cleared: u32,
    /// Positions of the lookahead's games known winnable, where every pair
    /// on offer was decided or counted unknown.
    pub positions: u64,
    /// Pairs on offer at those positions.
    pub offered: u64,
    /// Of those pairs, the unknown ones (not decided in the budget).
    pub unknown_pairs: u64,
    /// Positions offering a losing pair (traps).
    pub trap_positions: u64,
    /// Positions with no losing pair but an unknown one: whether they are
    /// traps is not known.
    pub trap_unknown: u64,
    /// Positions with a choice where one pair wins and every other is
    /// proved losing (forced).
    pub forced_positions: u64,
    /// Positions where whether they are forced is not known (one pair or
    /// none known to win, and an unknown pair).
    pub forced_unknown: u64,
    /// Positions reached by the lookahead that were themselves undecided
    /// (not counted in `positions`).
    pub undecided_positions: u64,
    /// Solves run (each position decided once; most pairs are decided by
    /// an adapted clearing order, without a solve).
    pub solves: u64,
}

impl Players {
    /// The skill q of grid point `level`.
    #[must_use]
    pub fn skill_of(&self, level: u32) -> f64 {
        f64::from(level) / f64::from(self.levels.max(1))
    }

    /// The skill at which the player clears half its games: the first grid
    /// point whose clear rate is at least ½, interpolated linearly from the
    /// point before it (0 when the random player already clears half);
    /// `None` when no skill of the grid does.
    #[must_use]
    pub fn half_clear_skill(&self) -> Option<f64> {
        let rate = |p: &SkillPoint| f64::from(p.cleared) / f64::from(self.games.max(1));
        let at = self.skill.iter().position(|p| rate(p) >= 0.5)?;
        if at == 0 || self.games == 0 {
            return Some(self.skill_of(self.skill[at].level));
        }
        let (lo, hi) = (&self.skill[at - 1], &self.skill[at]);
        let (r0, r1) = (rate(lo), rate(hi));
        let (q0, q1) = (self.skill_of(lo.level), self.skill_of(hi.level));
        Some(q0 + (q1 - q0) * (0.5 - r0) / (r1 - r0))
    }

    /// The lookahead's clear rate and its 95% Wilson interval.
    #[must_use]
    pub fn lookahead(&self) -> (f64, (f64, f64)) {
        share(u64::from(self.lookahead_cleared), u64::from(self.games))
    }

    /// The share of decided positions that are traps, with its 95% Wilson
    /// interval (positions whose trap is unknown left out).
    #[must_use]
    pub fn traps(&self) -> (f64, (f64, f64)) {
        share(self.trap_positions, self.positions - self.trap_unknown)
    }

    /// The share of decided positions that are forced, with its 95%
    /// Wilson interval.
    #[must_use]
    pub fn forced(&self) -> (f64, (f64, f64)) {
        share(self.forced_positions, self.positions - self.forced_unknown)
    }

    /// The share of pairs on offer at the counted positions that were
    /// decided (1 when none was offered).
    #[must_use]
    pub fn coverage(&self) -> f64 {
        if self.offered == 0 {
            1.0
        } else {
            1.0 - self.unknown_pairs as f64 / self.offered as f64
        }
    }
}

/// `part / whole` and its Wilson interval (0 and (0, 1) for no whole).
fn share(part: u64, whole: u64) -> (f64, (f64, f64)) {
    let rate = if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    };
    (rate, grid_core::wilson(part, whole))
}

/// What `lianliankan rate` prints of the players, a line each.
impl std::fmt::Display for Players {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "skill: cleared of {} games at q =", self.games)?;
        for point in &self.skill {
            write!(f, " {:.2}:{}", self.skill_of(point.level), point.cleared)?;
        }
        match self.half_clear_skill() {
            Some(q) => writeln!(f, "; half the games cleared at q = {q:.2}")?,
            None => writeln!(f, "; no skill of the grid clears half the games")?,
        }
        let (rate, (low, high)) = self.lookahead();
        writeln!(
            f,
            "players: first hint {}; lookahead (avoids pairs proved losing) {:.2}: {} of {} games cleared (95% interval {low:.2}-{high:.2})",
            if self.first_hint_cleared {
                "clears"
            } else {
                "does not clear"
            },
            rate,
            self.lookahead_cleared,
            self.games
        )?;
        let (traps, (tl, th)) = self.traps();
        let (forced, (fl, fh)) = self.forced();
        writeln!(
            f,
            "over the lookahead's {} winnable positions: traps {traps:.2} ({} of {} decided positions; 95% interval {tl:.2}-{th:.2}), forced {forced:.2} ({} of {}; {fl:.2}-{fh:.2})",
            self.positions,
            self.trap_positions,
            self.positions - self.trap_unknown,
            self.forced_positions,
            self.positions - self.forced_unknown
        )?;
        writeln!(
            f,
            "coverage {:.3}: {} of {} pairs on offer decided, {} unknown in the budget; {} positions undecided; {} skilled steps found no known winning pair; {} solve{}",
            self.coverage(),
            self.offered - self.unknown_pairs,
            self.offered,
            self.unknown_pairs,
            self.undecided_positions,
            self.skill_unknown,
            self.solves,
            if self.solves == 1 { "" } else { "s" }
        )
    }
}

/// What is known of the pairs on offer at a position.
struct Classified {
    /// Each pair's position after it, and what is known of it.
    next: Vec<(Board, Known)>,
}

impl Classified {
    fn count(&self, verdict: Option<bool>) -> u64 {
        self.next
            .iter()
            .filter(|(_, k)| k.verdict() == verdict)
            .count() as u64
    }
}

/// The players' games on one deal.
struct Table<'a> {
    rules: &'a Rules,
    config: &'a PlayersConfig,
    verdicts: Verdicts<'a>,
}

impl Table<'_> {
    /// Every pair of `offered` made at `position` (whose verdict is
    /// `known`) and decided.
    fn classify(
        &mut self,
        position: &Board,
        known: &Known,
        offered: &[Move],
    ) -> Result<Classified, Cancelled> {
        let plan = plan_of(position, known, self.rules);
        let mut next = Vec::with_capacity(offered.len());
        for &pair in offered {
            let board = after(position, pair, self.rules);
            let k = self
                .verdicts
                .of(&board, plan.as_ref().map(|plan| (plan, pair)))?;
            next.push((board, k));
        }
        Ok(Classified { next })
    }

    /// The position after `pair` and what is known of it.
    fn step(
        &mut self,
        position: &Board,
        known: &Known,
        pair: Move,
    ) -> Result<(Board, Known), Cancelled> {
        let board = after(position, pair, self.rules);
        if matches!(known, Known::Lost) {
            // Removing tiles from a lost position leaves a lost one.
            return Ok((board, Known::Lost));
        }
        let plan = plan_of(position, known, self.rules);
        let k = self
            .verdicts
            .of(&board, plan.as_ref().map(|plan| (plan, pair)))?;
        Ok((board, k))
    }

    /// One game of the player of skill `level / levels`; whether it
    /// cleared the board.
    fn skilled(
        &mut self,
        board: &Board,
        deal: &Known,
        level: u32,
        seed: u64,
        unknown: &mut u64,
    ) -> Result<bool, Cancelled> {
        let mut rng = SplitMix64::new(seed);
        let (mut position, mut known) = (board.clone(), deal.clone());
        loop {
            self.config.cancelled()?;
            let offered = moves(&position, self.rules);
            if offered.is_empty() {
                return Ok(position.tile_count() == 0);
            }
            let skilled = (rng.below(self.config.levels as usize) as u32) < level;
            let mut chosen = None;
            if skilled && !matches!(known, Known::Lost) {
                let plan = plan_of(&position, &known, self.rules);
                let mut silent = false;
                for &pair in &offered {
                    let next = after(&position, pair, self.rules);
                    let k = self
                        .verdicts
                        .of(&next, plan.as_ref().map(|plan| (plan, pair)))?;
                    match k.verdict() {
                        Some(true) => {
                            chosen = Some((next, k));
                            break;
                        }
                        None => silent = true,
                        Some(false) => {}
                    }
                }
                if chosen.is_none() && silent {
                    *unknown += 1;
                }
            }
            (position, known) = match chosen {
                Some(next) => next,
                None => {
                    let pair = offered[rng.below(offered.len())];
                    self.step(&position, &known, pair)?
                }
            };
        }
    }

    /// One game of the one-step lookahead, counting traps and forced
    /// positions into `players`; whether it cleared the board.
    fn lookahead(
        &mut self,
        board: &Board,
        deal: &Known,
        seed: u64,
        players: &mut Players,
    ) -> Result<bool, Cancelled> {
        let mut rng = SplitMix64::new(seed);
        let (mut position, mut known) = (board.clone(), deal.clone());
        loop {
            self.config.cancelled()?;
            let offered = moves(&position, self.rules);
            if offered.is_empty() {
                return Ok(position.tile_count() == 0);
            }
            if matches!(known, Known::Lost) {
                let pair = offered[rng.below(offered.len())];
                position = after(&position, pair, self.rules);
                continue;
            }
            let classified = self.classify(&position, &known, &offered)?;
            let (winning, losing, unknown) = (
                classified.count(Some(true)),
                classified.count(Some(false)),
                classified.count(None),
            );
            if matches!(known, Known::Winnable(_)) {
                players.positions += 1;
                players.offered += offered.len() as u64;
                players.unknown_pairs += unknown;
                if losing > 0 {
                    players.trap_positions += 1;
                } else if unknown > 0 {
                    players.trap_unknown += 1;
                }
                let choice = offered.len() > 1;
                if choice && winning == 1 && unknown == 0 {
                    players.forced_positions += 1;
                } else if choice && winning <= 1 && unknown > 0 {
                    players.forced_unknown += 1;
                }
            } else {
                players.undecided_positions += 1;
            }
            let mut candidates: Vec<usize> = (0..offered.len())
                .filter(|&i| classified.next[i].1.verdict() != Some(false))
                .collect();
            if candidates.is_empty() {
                candidates = (0..offered.len()).collect();
            }
            let pick = candidates[rng.below(candidates.len())];
            (position, known) = classified
                .next
                .into_iter()
                .nth(pick)
                .expect("a pair on offer");
        }
    }
}

/// The clearing order of a position known winnable, as a [`Plan`].
fn plan_of(position: &Board, known: &Known, rules: &Rules) -> Option<Plan> {
    match known {
        Known::Winnable(order) => Plan::new(position, order, rules),
        _ => None,
    }
}

/// Plays the players on `board` under `rules`, as `config` says: the
/// skill curve (for each q = i / levels, i = 0 to levels, `games` games of
/// the player who at each step takes, with probability q, the first pair
/// known to win, and otherwise a pair drawn uniformly), the first-hint
/// player (one game: it is deterministic) and `games` games of the
/// one-step lookahead, which draws uniformly among the pairs not proved
/// losing, with traps and forced positions counted at each winnable
/// position of its games (every pair on offer decided, or unknown).
///
/// ```
/// use lianliankan::{Board, Border, PlayersConfig, Rules, rate_players};
/// let rules = Rules::judge().with_border(Border::Open).unwrap();
/// let easy = Board::from_rows(&[[1, 1, 2, 2], [3, 3, 4, 4]]).unwrap();
/// let players = rate_players(&easy, &rules, &PlayersConfig::new().games(5)).unwrap();
/// assert!(players.first_hint_cleared);
/// assert_eq!(players.lookahead_cleared, 5);
/// assert_eq!(players.half_clear_skill(), Some(0.0));
/// assert_eq!(players.trap_positions, 0);
/// ```
///
/// # Errors
/// [`Cancelled`] when the config's token is cancelled.
///
/// # Complexity
/// (levels + 2) · games games of s steps, each step [`moves`] and one
/// decision of a position (an adapted clearing order, or a solve within
/// the budget); a skilled step decides the pairs on offer up to the first
/// that wins, a lookahead step all w of them: about games · s · (levels +
/// w) decisions, fewer where positions repeat (each is decided once).
pub fn rate_players(
    board: &Board,
    rules: &Rules,
    config: &PlayersConfig,
) -> Result<Players, Cancelled> {
    let mut table = Table {
        rules,
        config,
        verdicts: Verdicts {
            rules,
            config: config.solve_config(config.deal_budget),
            known: FxHashMap::default(),
            solves: 0,
        },
    };
    let deal = table.verdicts.of(board, None)?;
    table.verdicts.config = config.solve_config(config.budget);
    let mut players = Players {
        winnable: deal.verdict(),
        games: config.games,
        levels: config.levels,
        ..Players::default()
    };
    let seeds: Vec<u64> = play_seeds(config.seed)
        .take(config.games as usize)
        .collect();
    for level in 0..=config.levels {
        let mut cleared = 0;
        for &seed in &seeds {
            let mut unknown = 0;
            cleared += u32::from(table.skilled(board, &deal, level, seed, &mut unknown)?);
            players.skill_unknown += unknown;
        }
        players.skill.push(SkillPoint { level, cleared });
    }
    for &seed in &seeds {
        players.lookahead_cleared +=
            u32::from(table.lookahead(board, &deal, seed, &mut players)?);
    }
    let mut game = Game::new(board.clone(), rules.clone());
    while let Some(pair) = game.hint() {
        game.play(pair).expect("the game's own hint");
    }
    players.first_hint_cleared = game.is_cleared();
    players.solves = table.verdicts.solves;
    Ok(players)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curve(games: u32, cleared: &[u32]) -> Players {
        Players {
            games,
            levels: cleared.len() as u32 - 1,
            skill: cleared
                .iter()
                .enumerate()
                .map(|(level, &cleared)| SkillPoint {
                    level: level as u32,
                    cleared,
                })
                .collect(),
            ..Players::default()
        }
    }

    #[test]
    fn half_clear_skill_interpolates_the_first_crossing() {
        // 0.2 at q = 0.5, 0.8 at q = 1: half at 0.75.
        assert_eq!(curve(10, &[0, 2, 8]).half_clear_skill(), Some(0.75));
        // Already half at q = 0.
        assert_eq!(curve(10, &[5, 9, 10]).half_clear_skill(), Some(0.0));
        // Exactly half at the grid point q = 0.5.
        assert_eq!(curve(10, &[0, 5, 10]).half_clear_skill(), Some(0.5));
        // Never half.
        assert_eq!(curve(10, &[0, 1, 4]).half_clear_skill(), None);
        // The first crossing, even if a later point dips below.
        assert_eq!(curve(4, &[0, 2, 1, 4]).half_clear_skill(), Some(1.0 / 3.0));
    }

    #[test]
    fn shares_leave_unknown_positions_out() {
        let players = Players {
            positions: 10,
            trap_positions: 3,
            trap_unknown: 4,
            forced_positions: 1,
            forced_unknown: 0,
            offered: 40,
            unknown_pairs: 10,
            ..Players::default()
        };
        assert_eq!(players.traps().0, 0.5);
        assert_eq!(players.traps().1, grid_core::wilson(3, 6));
        assert_eq!(players.forced().0, 0.1);
        assert_eq!(players.coverage(), 0.75);
    }
}
