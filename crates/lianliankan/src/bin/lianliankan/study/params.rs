//! What a study is asked for, and what it finds of each deal: the values
//! that running, writing, reading and merging a study share.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use lianliankan::{DealSpec, Rules};

/// What a study is asked for.
#[derive(Debug)]
pub struct Study {
    /// The deal: size, kinds, copies (its seed is replaced per deal).
    pub deal: DealSpec,
    /// How many deals in the whole study (all shards).
    pub deals: u64,
    /// The study's seed.
    pub seed: u64,
    /// The rules each deal is decided under.
    pub rules: Rules,
    /// The state budget of each solve.
    pub budget: u64,
    /// The time limit of each solve, if any.
    pub time_limit: Option<Duration>,
    /// Threads (at least 1).
    pub jobs: usize,
    /// CSV instead of a table (with a shard: one row per deal).
    pub csv: bool,
    /// Only this shard's deals.
    pub shard: Option<Shard>,
    /// A game's check to run on every deal beside `solve`.
    pub check: Option<Check>,
    /// A random game on every solvable deal: when it is lost against when
    /// it is stuck.
    pub lost_before_stuck: bool,
    /// The rating of every solvable deal (`lianliankan::rate` with its
    /// defaults), with the held-out games it is judged by.
    pub rate: bool,
    /// With `rate`: also the other players of `lianliankan::rate_players`.
    pub players: bool,
}

/// The checks games make instead of solving (`--check`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// KShisen's `Board::isSolvable`: `lianliankan::kshisen_greedy`.
    KshisenGreedy,
    /// A move exists at the start: `lianliankan::has_move`.
    HasMove,
}

impl Check {
    /// Its name on the command line and in files.
    pub fn as_str(self) -> &'static str {
        match self {
            Check::KshisenGreedy => "kshisen-greedy",
            Check::HasMove => "has-move",
        }
    }

    /// Whether the check accepts `board` under `rules`.
    pub fn accepts(self, board: &lianliankan::Board, rules: &Rules) -> bool {
        match self {
            Check::KshisenGreedy => lianliankan::kshisen_greedy(board, rules).accepts(),
            Check::HasMove => lianliankan::has_move(board, rules),
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Check {
    type Err = String;

    fn from_str(s: &str) -> Result<Check, String> {
        match s {
            "kshisen-greedy" => Ok(Check::KshisenGreedy),
            "has-move" => Ok(Check::HasMove),
            _ => Err(format!("`{s}` is not a check: kshisen-greedy or has-move")),
        }
    }
}

/// A random game on a solvable deal (`lianliankan::playout`), as a study
/// keeps it. Steps count removals; step 0 is the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Removals made until the board was cleared or no pair remained.
    pub steps: u32,
    /// Whether the board was cleared.
    pub cleared: bool,
    /// The last step proved winnable.
    pub winnable_through: Option<u32>,
    /// The first step proved lost.
    pub lost_from: Option<u32>,
}

impl Played {
    /// Of a playout.
    pub fn of(game: &lianliankan::Playout) -> Played {
        let step = |s: usize| u32::try_from(s).unwrap_or(u32::MAX);
        Played {
            steps: step(game.order.len()),
            cleared: game.cleared,
            winnable_through: game.winnable_through.map(step),
            lost_from: game.lost_from.map(step),
        }
    }

    /// How many pairs before it was stuck the game was lost: `None` when
    /// it was cleared or the first lost step is not known exactly.
    pub fn gap(self) -> Option<u32> {
        if self.cleared {
            return None;
        }
        let lost = self.lost_from?;
        (self.winnable_through.map_or(0, |w| w + 1) == lost).then(|| self.steps - lost)
    }
}

/// Shard K of N (`K/N` on the command line, 1 ≤ K ≤ N): the deals whose
/// number i (0-based, in seed order) has i mod N = K − 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1.
    pub index: u64,
    /// N, at least 1.
    pub count: u64,
}

impl Shard {
    /// Whether deal number `deal` belongs to this shard.
    pub fn holds(self, deal: u64) -> bool {
        deal % self.count == self.index - 1
    }

    /// How many of deals `0..deals` belong to this shard.
    pub fn size(self, deals: u64) -> u64 {
        if deals < self.index {
            0
        } else {
            (deals - self.index) / self.count + 1
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}` is not a shard K/N with 1 <= K <= N (e.g. 2/10)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.parse::<u64>().map_err(|_| bad())?,
            n.parse::<u64>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// What `solve` said of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Cleared by the order found.
    Solvable,
    /// Proved unsolvable.
    Unsolvable,
    /// Out of budget or time.
    Undecided,
}

impl Verdict {
    /// The word in a shard file.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Solvable => "solvable",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Undecided => "undecided",
        }
    }
}

impl FromStr for Verdict {
    type Err = ();

    fn from_str(s: &str) -> Result<Verdict, ()> {
        match s {
            "solvable" => Ok(Verdict::Solvable),
            "unsolvable" => Ok(Verdict::Unsolvable),
            "undecided" => Ok(Verdict::Undecided),
            _ => Err(()),
        }
    }
}

/// A solvable deal's rating (`--rate`), and the held-out games that test
/// what it predicts: as many fresh random games, seeded apart from the
/// rating's, the player who always takes the first hint, and the other
/// players of `lianliankan::rate_players` (its defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rated {
    /// The summary score, 0 to 100.
    pub score: u8,
    /// The rating's random games, and how many cleared.
    pub plays: u32,
    pub cleared: u32,
    /// Probed positions, those offering a losing pair, and those with one
    /// winning pair among several.
    pub positions: u64,
    pub traps: u64,
    pub forced: u64,
    /// Pairs on offer where the rating's games took one, and those places.
    pub width_offered: u64,
    pub width_positions: u64,
    /// Pairs the rating's solver left undecided.
    pub undecided: u64,
    /// Held-out random games cleared (of `plays`).
    pub heldout_cleared: u32,
    /// Whether the first-hint player cleared the deal.
    pub greedy_cleared: bool,
    /// The other players (`lianliankan::rate_players`; `None` unless the
    /// study asked for them with `--players`).
    pub players: Option<RatedPlayers>,
}

/// What a study keeps of `lianliankan::rate_players` on a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatedPlayers {
    /// Games of the lookahead (and of each skill).
    pub games: u32,
    /// Of them, the lookahead's games that cleared the board.
    pub lookahead_cleared: u32,
    /// The skill at which half the games clear, in thousandths (`None`: no
    /// skill of the grid does).
    pub half_skill: Option<u16>,
}

impl RatedPlayers {
    /// The half-clear skill as a number to rank: above 1 when no skill of
    /// the grid clears half the games (harder than any).
    pub fn half_skill_rank(&self) -> f64 {
        self.half_skill.map_or(1.5, |q| f64::from(q) / 1000.0)
    }
}

impl Rated {
    /// The rating of `board`, and its held-out games, seeded with `seed`.
    pub fn of(board: &lianliankan::Board, rules: &Rules, seed: u64, with_players: bool) -> Rated {
        use lianliankan::{Game, PlayersConfig, RateConfig, rate, rate_players};
        /// Mixed into the rating's seed for the players' games.
        const PLAYERS_SEED: u64 = 0x706c_6179_6572_7300;
        let config = RateConfig::new().seed(seed);
        let rating = rate(board, rules, &config).expect("no cancel token");
        let heldout = rate(
            board,
            rules,
            &RateConfig::new().seed(!seed).probes(0).deal_budget(0),
        )
        .expect("no cancel token");
        let players = with_players.then(|| {
            rate_players(
                board,
                rules,
                &PlayersConfig::new().seed(seed ^ PLAYERS_SEED),
            )
            .expect("no cancel token")
        });
        // The first-hint player needs no solver: always played.
        let mut game = Game::new(board.clone(), rules.clone());
        while let Some(pair) = game.hint() {
            game.play(pair).expect("the game's own hint");
        }
        Rated {
            score: rating.score(),
            plays: rating.plays,
            cleared: rating.cleared,
            positions: rating.positions,
            traps: rating.trap_positions,
            forced: rating.forced_positions,
            width_offered: rating.width_offered,
            width_positions: rating.width_positions,
            undecided: rating.undecided,
            heldout_cleared: heldout.cleared,
            greedy_cleared: game.is_cleared(),
            players: players.map(|players| RatedPlayers {
                games: players.games,
                lookahead_cleared: players.lookahead_cleared,
                half_skill: players
                    .half_clear_skill()
                    .map(|q| (q * 1000.0).round().clamp(0.0, 1000.0) as u16),
            }),
        }
    }
}

/// One deal of a study, decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    /// The deal's number (0-based, in seed order).
    pub deal: u64,
    /// What `solve` said.
    pub verdict: Verdict,
    /// How long it took.
    pub time: Duration,
    /// Whether the study's check accepted it (`None`: no check asked).
    pub accepted: Option<bool>,
    /// The random game on it (`None`: not asked, or not solvable).
    pub played: Option<Played>,
    /// Its rating (`None`: not asked, or not solvable).
    pub rated: Option<Rated>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_deals_exactly() {
        for count in 1..=7 {
            for deals in 0..=30 {
                let mut seen = vec![0; deals as usize];
                for index in 1..=count {
                    let shard = Shard { index, count };
                    let held: Vec<u64> = (0..deals).filter(|&i| shard.holds(i)).collect();
                    assert_eq!(held.len() as u64, shard.size(deals), "{shard} of {deals}");
                    for i in held {
                        seen[i as usize] += 1;
                    }
                }
                assert!(seen.iter().all(|&n| n == 1), "{count} shards of {deals}");
            }
        }
    }

    #[test]
    fn shards_parse_and_print_alike() {
        for text in ["1/1", "2/10", "10/10"] {
            assert_eq!(text.parse::<Shard>().unwrap().to_string(), text);
        }
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "1/2/3", "-1/2", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
