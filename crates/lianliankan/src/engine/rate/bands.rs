//! [`Bands`]: what easy, normal and hard mean on one board size under one
//! rule set, as ranges of a random player's clear rate; the measured table
//! ([`bands_for`]) and its fallback.

use crate::rules::{Border, Gravity, Rules};

use super::rating::Difficulty;

/// The three difficulties of a setting as ranges of the clear rate of a
/// random player (the chance that a game of uniformly random pairs clears
/// the deal): easy from [`Bands::easy_from`] up, hard below
/// [`Bands::hard_below`], normal in between.
///
/// ```
/// use lianliankan::{Bands, Difficulty};
/// let bands = Bands::FIXED;
/// assert_eq!(bands.of(0.5), Difficulty::Easy);
/// assert_eq!(bands.of(0.05), Difficulty::Normal);
/// assert_eq!(bands.of(0.001), Difficulty::Hard);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bands {
    /// The lowest clear rate of an easy deal.
    pub easy_from: f64,
    /// The clear rate every hard deal lies below (at most
    /// [`Bands::easy_from`]).
    pub hard_below: f64,
}

impl Bands {
    /// The bands of a setting the table does not hold: the clear rates at
    /// which the score, on its clear rate alone, crosses 25 and 50 (its
    /// fixed bands): 10^(−5/6) ≈ 0.147 and 10^(−5/3) ≈ 0.0215.
    pub const FIXED: Bands = Bands {
        easy_from: 0.146_779_926_762_206_95,
        hard_below: 0.021_544_346_900_318_84,
    };

    /// The clear rates of `difficulty`: `[low, high)` (hard from 0, easy
    /// up to and with 1).
    #[must_use]
    pub fn range(&self, difficulty: Difficulty) -> (f64, f64) {
        match difficulty {
            Difficulty::Easy => (self.easy_from, f64::INFINITY),
            Difficulty::Normal => (self.hard_below, self.easy_from),
            Difficulty::Hard => (f64::NEG_INFINITY, self.hard_below),
        }
    }

    /// The difficulty whose range holds the clear rate `rate`.
    #[must_use]
    pub fn of(&self, rate: f64) -> Difficulty {
        if rate >= self.easy_from {
            Difficulty::Easy
        } else if rate >= self.hard_below {
            Difficulty::Normal
        } else {
            Difficulty::Hard
        }
    }

    /// Whether each band holds some clear rate in 0 to 1: easy from at
    /// most 1, normal not empty, hard below more than 0.
    #[must_use]
    pub fn reachable(&self) -> bool {
        self.hard_below > 0.0 && self.hard_below < self.easy_from && self.easy_from <= 1.0
    }
}

/// Where a setting's [`Bands`] come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BandsFrom {
    /// Measured on this size and rule set (the table's row).
    Measured {
        /// Deals the row was measured on.
        deals: u32,
    },
    /// Measured on the board turned a quarter (rows and columns swapped,
    /// the gravity turned with it: 14 × 6 left is 6 × 14 down) or
    /// mirrored (down and up, left and right are mirror images): a random
    /// deal looks the same either way.
    Turned {
        /// Deals the row was measured on.
        deals: u32,
    },
    /// Not measured: [`Bands::FIXED`].
    Fixed,
}

/// A setting's bands and where they come from: what [`bands_for`] answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SettingBands {
    /// The bands.
    pub bands: Bands,
    /// Where they come from.
    pub from: BandsFrom,
}

impl std::fmt::Display for SettingBands {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Bands {
            easy_from,
            hard_below,
        } = self.bands;
        write!(
            f,
            "easy from {easy_from:.3}, hard below {hard_below:.3} of random games cleared ("
        )?;
        match self.from {
            BandsFrom::Measured { deals } => {
                write!(f, "measured on {deals} deals of this setting)")
            }
            BandsFrom::Turned { deals } => write!(
                f,
                "measured on {deals} deals of this setting turned or mirrored)"
            ),
            BandsFrom::Fixed => f.write_str("not measured: the fixed bands)"),
        }
    }
}

/// A row of the measured table: a setting (size, kinds, border, gravity,
/// other rules as [`Rules::judge`]'s) and its bands.
struct Row {
    rows: usize,
    cols: usize,
    kinds: u32,
    border: Border,
    gravity: Gravity,
    easy_from: f64,
    hard_below: f64,
    deals: u32,
}

/// The measured table: each row's bands are the clear rates that cut the
/// setting's candidate deals (as [`deal_in_band`](super::deal_in_band)
/// makes them) in three equal parts, measured by `lianliankan bands`
/// (docs/rating.md says how and with which commands).
const TABLE: &[Row] = &include!("bands_table.in");

/// The same setting seen turned a quarter: the gravity of the board with
/// rows and columns swapped (and mirrored where that is a mode), if there
/// is one.
fn turned(gravity: Gravity) -> Option<Gravity> {
    Some(match gravity {
        Gravity::None => Gravity::None,
        Gravity::Down => Gravity::Left,
        Gravity::Up => Gravity::Right,
        Gravity::Left => Gravity::Down,
        Gravity::Right => Gravity::Up,
        Gravity::ApartVertical => Gravity::ApartHorizontal,
        Gravity::ApartHorizontal => Gravity::ApartVertical,
        Gravity::TogetherVertical => Gravity::TogetherHorizontal,
        Gravity::TogetherHorizontal => Gravity::TogetherVertical,
        Gravity::TopLeftBottomRight => Gravity::LeftDownRightUp,
        Gravity::LeftDownRightUp => Gravity::TopLeftBottomRight,
        _ => return None,
    })
}

/// One gravity of each pair of mirror images (up is down mirrored, right
/// is left mirrored); the others as they are.
fn mirrored_alike(gravity: Gravity) -> Gravity {
    match gravity {
        Gravity::Up => Gravity::Down,
        Gravity::Right => Gravity::Left,
        other => other,
    }
}

/// The bands of `rows × cols` boards of `kinds` kinds under `rules`: the
/// table's row for this setting, else for the setting turned a quarter or
/// mirrored, else [`Bands::FIXED`]. A row matches when the size, kinds,
/// border and gravity (up to a mirror) are its own and every other rule is
/// [`Rules::judge`]'s.
///
/// ```
/// use lianliankan::{BandsFrom, Border, Gravity, Rules, bands_for};
/// let rules = Rules::judge().with_border(Border::Open).unwrap().with_gravity(Gravity::Down);
/// let landscape = bands_for(8, 18, 36, &rules);
/// assert!(matches!(landscape.from, BandsFrom::Measured { .. }));
/// // The phone's form: 18 rows of 8, the tiles falling left.
/// let portrait = bands_for(18, 8, 36, &rules.clone().with_gravity(Gravity::Left));
/// assert_eq!(portrait.bands, landscape.bands);
/// assert!(matches!(portrait.from, BandsFrom::Turned { .. }));
/// // The tiles rising: the landscape's row mirrored, said so.
/// let up = bands_for(8, 18, 36, &rules.clone().with_gravity(Gravity::Up));
/// assert_eq!(up.bands, landscape.bands);
/// assert!(matches!(up.from, BandsFrom::Turned { .. }));
/// assert_eq!(bands_for(3, 4, 2, &rules).from, BandsFrom::Fixed);
/// ```
#[must_use]
pub fn bands_for(rows: usize, cols: usize, kinds: u32, rules: &Rules) -> SettingBands {
    let gravity = mirrored_alike(rules.gravity());
    let others_judge = |row: &Row, gravity: Gravity| *rules == judge_with(row.border, gravity);
    let found = |row: &Row, from: BandsFrom| SettingBands {
        bands: Bands {
            easy_from: row.easy_from,
            hard_below: row.hard_below,
        },
        from,
    };
    for row in TABLE {
        if (row.rows, row.cols, row.kinds) == (rows, cols, kinds)
            && mirrored_alike(row.gravity) == gravity
            && others_judge(row, rules.gravity())
        {
            // The row's own gravity, or its mirror image (up for down).
            let from = if row.gravity == rules.gravity() {
                BandsFrom::Measured { deals: row.deals }
            } else {
                BandsFrom::Turned { deals: row.deals }
            };
            return found(row, from);
        }
    }
    for row in TABLE {
        if (row.cols, row.rows, row.kinds) == (rows, cols, kinds)
            && turned(rules.gravity()).map(mirrored_alike) == Some(mirrored_alike(row.gravity))
            && others_judge(row, rules.gravity())
        {
            return found(row, BandsFrom::Turned { deals: row.deals });
        }
    }
    SettingBands {
        bands: Bands::FIXED,
        from: BandsFrom::Fixed,
    }
}

/// The judge's rules with `border` and `gravity` (the open border's are
/// KShisen's).
fn judge_with(border: Border, gravity: Gravity) -> Rules {
    match border {
        Border::Closed => Rules::judge(),
        Border::Open => Rules::kshisen(),
    }
    .with_gravity(gravity)
}

/// Every setting the table holds, as `(rows, cols, kinds, rules)`.
#[must_use]
pub fn measured_settings() -> Vec<(usize, usize, u32, Rules)> {
    TABLE
        .iter()
        .map(|row| {
            (
                row.rows,
                row.cols,
                row.kinds,
                judge_with(row.border, row.gravity),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_reachable_and_the_fixed_bands_are_the_scores() {
        assert!(Bands::FIXED.reachable());
        for (rows, cols, kinds, rules) in measured_settings() {
            let found = bands_for(rows, cols, kinds, &rules);
            assert!(matches!(found.from, BandsFrom::Measured { .. }));
            assert!(found.bands.reachable(), "{rows}x{cols}: {found}");
        }
        // The score on its clear rate alone (no traps, no forced) at the
        // fixed bands' edges: 25 and 50.
        let h = |p: f64| 100.0 * 0.6 * (-p.log10() / 2.0);
        assert!((h(Bands::FIXED.easy_from) - 25.0).abs() < 1e-9);
        assert!((h(Bands::FIXED.hard_below) - 50.0).abs() < 1e-9);
    }

    #[test]
    fn turning_twice_is_the_same_setting() {
        for g in Gravity::ALL {
            if let Some(t) = turned(g) {
                assert_eq!(
                    turned(t).map(mirrored_alike),
                    Some(mirrored_alike(g)),
                    "{g}"
                );
            }
        }
    }

    #[test]
    fn other_rules_fall_back_to_the_fixed_bands() {
        let (rows, cols, kinds, rules) = measured_settings().remove(0);
        let other = rules.clone().with_turns(3).unwrap();
        assert_eq!(bands_for(rows, cols, kinds, &other).from, BandsFrom::Fixed);
        assert_eq!(
            bands_for(rows, cols, kinds + 1, &rules).from,
            BandsFrom::Fixed
        );
    }
}
