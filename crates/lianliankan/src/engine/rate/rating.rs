//! [`Rating`]: what a rating counted, and the figures and the score
//! computed from it; [`Difficulty`], the score's named bands.

use std::ops::RangeInclusive;

/// What [`rate`](super::rate) measured: counts, from which every figure and the score
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
        grid_core::wilson(u64::from(self.cleared), u64::from(self.plays))
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

    /// The score this rating would have with a random player's clear rate
    /// of `p` (0 to 1) in place of its own, its traps and forced rates
    /// kept: monotone, higher for a lower `p`.
    pub(super) fn score_at_rate(&self, p: f64) -> u8 {
        if self.winnable == Some(false) {
            return 100;
        }
        let h = (-p.log10() / 2.0).clamp(0.0, 1.0);
        let score = 100.0 * (0.6 * h + 0.2 * self.trap_rate() + 0.2 * self.forced_rate());
        score.round().clamp(0.0, 100.0) as u8
    }

    /// The scores this rating can still reach once probed, from its
    /// random games alone (trap and forced rates anywhere in 0 to 1), for a
    /// deal that can be cleared.
    pub(super) fn score_bounds(&self) -> RangeInclusive<u8> {
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
