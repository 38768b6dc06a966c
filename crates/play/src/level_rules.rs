//! The level game's rules that a run's score depends on (the level game of crates/play/README.md as
//! refined by issue 49), the same numbers as the page's `LevelRules`
//! (`assets/level_rules.js`): the countdown of a level, the combo and its
//! window, the points of a pair and of a cleared level, the lives. The
//! server replays a submitted run with these ([`crate::runs`]); a browser
//! scenario checks that the page's score of a run is the server's.

use lianliankan::{Difficulty, Gravity};

/// Lives at the start of a run; each level after the first adds one.
pub const START_LIVES: u32 = 4;

/// Points of a pair, before its combo.
pub const PAIR_POINTS: u64 = 10;

/// A pair continues the combo only if it comes within this long after the
/// pair before it (in the level's countdown time).
pub const COMBO_WINDOW_MS: u64 = 4_000;

/// The countdown's part that does not depend on the board's size.
pub const BASE_MS: u64 = 10_000;

/// The most levels a run submitted for the table may hold.
pub const MAX_LEVELS: usize = 50;

/// The gravity mode of level `level` (from 0): the engine's modes in their
/// order (`Gravity::ALL`: none, down, up, left, right, the split modes,
/// outward, inward), cyclically.
pub fn gravity(level: usize) -> Gravity {
    Gravity::ALL[level % Gravity::ALL.len()]
}

/// The difficulty level `level` (from 0) asks of its deal: levels 1 and 2
/// easy, 3 and 4 normal, then hard.
pub fn difficulty(level: usize) -> Difficulty {
    match level {
        0 | 1 => Difficulty::Easy,
        2 | 3 => Difficulty::Normal,
        _ => Difficulty::Hard,
    }
}

/// The countdown's time a pair, at level `level` (from 0): 3.5 s on the
/// first level, 0.1 s less each level after, never under 2.5 s.
pub fn pair_ms(level: usize) -> u64 {
    let less = 100 * u64::try_from(level).unwrap_or(u64::MAX).min(10);
    3_500 - less
}

/// Level `level`'s countdown on a board of `pairs` pairs: [`BASE_MS`] and
/// [`pair_ms`] a pair. No time is added during the level.
pub fn budget_ms(level: usize, pairs: usize) -> u64 {
    BASE_MS + pair_ms(level) * u64::try_from(pairs).unwrap_or(u64::MAX / 4_000)
}

/// The score of one level as it is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Pairs removed.
    pub pairs: u64,
    /// The combo now: pairs in a row, each within [`COMBO_WINDOW_MS`] of
    /// the one before, without a refused pick between.
    pub combo: u64,
    /// The longest combo of the level.
    pub combo_best: u64,
    /// The level's points so far.
    pub score: u64,
    /// The countdown time of the last pair.
    pub last_pair_ms: Option<u64>,
}

impl Tally {
    /// A pair removed `at` ms into the level: 10 + the combo points, the
    /// combo (reset first when the pair before is over the window ago) one
    /// longer.
    pub fn pair(&mut self, at: u64) {
        if self
            .last_pair_ms
            .is_some_and(|last| at.saturating_sub(last) > COMBO_WINDOW_MS)
        {
            self.combo = 0;
        }
        self.score += PAIR_POINTS + self.combo;
        self.combo += 1;
        self.combo_best = self.combo_best.max(self.combo);
        self.pairs += 1;
        self.last_pair_ms = Some(at);
    }

    /// A pick that made no pair: the combo back to 0.
    pub fn refused(&mut self) {
        self.combo = 0;
    }

    /// The points a cleared level adds: its whole seconds left when its
    /// last pair went.
    pub fn clear_bonus(&self, budget_ms: u64) -> u64 {
        budget_ms.saturating_sub(self.last_pair_ms.unwrap_or(0)) / 1000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_countdown_shrinks_level_by_level() {
        // KShisen's 18 × 8: 72 pairs.
        assert_eq!(budget_ms(0, 72), 10_000 + 72 * 3_500);
        assert_eq!(budget_ms(1, 72), 10_000 + 72 * 3_400);
        assert_eq!(budget_ms(10, 72), 10_000 + 72 * 2_500);
        assert_eq!(budget_ms(usize::MAX, 72), budget_ms(10, 72));
        assert_eq!(gravity(0), Gravity::None);
        assert_eq!(gravity(13), Gravity::None);
        assert_eq!(gravity(1), Gravity::Down);
        assert_eq!(
            (0..6).map(difficulty).collect::<Vec<_>>(),
            [
                Difficulty::Easy,
                Difficulty::Easy,
                Difficulty::Normal,
                Difficulty::Normal,
                Difficulty::Hard,
                Difficulty::Hard
            ]
        );
    }

    #[test]
    fn the_combo_holds_within_its_window_and_a_refused_pick_ends_it() {
        let mut t = Tally::default();
        t.pair(1_000);
        t.pair(5_000); // 4 s later: within
        t.pair(9_001); // 4.001 s later: a new combo
        assert_eq!(t.score, 10 + 11 + 10);
        assert_eq!((t.combo, t.combo_best), (1, 2));
        t.pair(9_500);
        t.refused();
        t.pair(9_600);
        assert_eq!(t.score, 31 + 11 + 10);
        assert_eq!((t.pairs, t.combo_best), (5, 2));
        assert_eq!(t.clear_bonus(20_000), 10);
        assert_eq!(t.clear_bonus(9_000), 0);
    }
}
