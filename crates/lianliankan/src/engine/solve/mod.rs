//! Can the whole board be cleared? Exact searches, each proof in its own
//! module, over shared pieces at the bottom.
//!
//! Without gravity, tiles never move and a position is the set of
//! remaining tiles: two exact searches run in turn, one over positions
//! (`static_search`: a memo of failed positions, good move ordering, one
//! safe reduction, the dead-position test of `closure` and the `locks` it
//! learns) and one over the choice of partners (`partners`), and once the
//! proof of `holes`. With gravity, positions are whole boards
//! (`gravity_search`), with its own dead-position test (`stuck`), the dead
//! positions it remembers (`dead_sets`) and the same holes proof. Under
//! KShisen's sliding tiles, with any gravity, positions are whole boards
//! too (`slide_search`), searched without any of those proofs. Under the
//! other connection rules (four-rivers, line) every one of those shortcuts
//! rests on the standard path's geometry, so a plain search over whole
//! boards (`plain_search`) runs instead, with any gravity.
//!
//! The three searches over whole boards (`gravity_search`, `slide_search`,
//! `plain_search`) stand on one skeleton, `board_search`: the memo key of
//! a board (the class on every cell), a position searched (memo, count,
//! each move, remember), and the rounds of restarts (runs of Luby's
//! sequence in states, one tie-breaking scheme); each search supplies its
//! moves, its key and its proofs. Which search runs is the connection
//! rule's (`connection/`).
//!
//! The modules at the bottom import nothing above them: `memo` (the
//! memory of the growing structures and the bounded memo), `budget`
//! (states, runs, progress and cancel), `solution`, `tiles` (the
//! newtypes for tiles, tile ids, classes and cells), `static_position`
//! (the tiles without gravity) and `pairings` (who may pair with whom).
//!
//! | module | imports (within `solve`) |
//! |---|---|
//! | `memo` | — |
//! | `budget` | `memo` |
//! | `solution` | `budget` |
//! | `tiles` | — |
//! | `static_position` | `tiles` |
//! | `pairings` | `static_position`, `tiles` |
//! | `locks` | `memo`, `static_position`, `tiles` |
//! | `closure` | `locks`, `memo`, `pairings`, `static_position`, `tiles` |
//! | `partners` | `budget`, `closure`, `pairings`, `static_position`, `tiles` |
//! | `holes` | `budget`, `tiles` |
//! | `static_search` | all of the above but `stuck`, `dead_sets`, `board_search`, `gravity_search` |
//! | `stuck` | `budget` |
//! | `dead_sets` | `memo`, `tiles` |
//! | `board_search` | `budget`, `memo`, `solution`, `static_position`, `tiles` |
//! | `gravity_search` | `board_search`, `budget`, `dead_sets`, `holes`, `memo`, `pairings`, `static_position`, `solution`, `stuck`, `tiles` |
//! | `plain_search` | `board_search`, `budget`, `memo`, `static_position`, `solution` |
//! | `slide_search` | `board_search`, `budget`, `memo`, `static_position`, `solution` |
//! | this one | `budget`, `gravity_search`, `memo`, `plain_search`, `static_search`, `slide_search`, `solution` |

use std::ops::ControlFlow;

mod board_search;
mod budget;
mod closure;
mod dead_sets;
mod gravity_search;
mod holes;
mod locks;
mod memo;
mod pairings;
mod partners;
mod plain_search;
mod slide_search;
mod solution;
mod static_position;
mod static_search;
mod stuck;
mod tiles;

pub use budget::{Cancel, Progress};
pub use solution::Solution;

use crate::connection::{ConnectionRule, Rule, SearchKind};
use crate::query::Board;
use crate::rules::{Gravity, Rules};
use budget::Budget;
use memo::{DEFAULT_MEMORY_CAP, Room};

/// The state budget of a solve when none is given: a million states, the
/// same on every face ([`SolveConfig::new`], the command line's `solve
/// --budget`, C's `LLK_DEFAULT_BUDGET`, Python's `solve`). Most deals of up
/// to 24 × 12 are decided in far fewer; on any board the faces accept
/// ([`MAX_CELLS`](crate::MAX_CELLS)) a budget bounds the time and memory of
/// the search (see [`SolveConfig::budget`]).
pub const DEFAULT_BUDGET: u64 = 1_000_000;

/// How [`solve_with`] searches: a state budget, a memory cap and a cancel
/// token, each optional.
///
/// ```
/// use lianliankan::{Board, Cancel, Rules, Solution, SolveConfig, solve_with};
/// let board = Board::from_rows(&[[1, 2, 2, 1]]).unwrap();
/// let cancel = Cancel::new();
/// let config = SolveConfig::new()
///     .budget(1_000)
///     .memory_cap(64 << 10)
///     .cancel(cancel.clone());
/// assert!(matches!(solve_with(&board, &Rules::default(), &config), Solution::Solved(_)));
/// ```
#[derive(Clone, Debug)]
pub struct SolveConfig {
    budget: u64,
    memory_cap: usize,
    cancel: Option<Cancel>,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            budget: DEFAULT_BUDGET,
            memory_cap: DEFAULT_MEMORY_CAP,
            cancel: None,
        }
    }
}

impl SolveConfig {
    /// A budget of [`DEFAULT_BUDGET`] states, a memory cap of 256 MiB, no
    /// cancel token.
    #[must_use]
    pub fn new() -> SolveConfig {
        SolveConfig::default()
    }

    /// At most `states` search states (positions expanded, partner choices
    /// tried, probes; a position found in the memo is not counted), then
    /// [`Solution::OutOfBudget`]. Default: [`DEFAULT_BUDGET`]; `u64::MAX`:
    /// unlimited.
    #[must_use]
    pub fn budget(mut self, states: u64) -> SolveConfig {
        self.budget = states;
        self
    }

    /// At most `bytes` for every structure of the search that grows with
    /// the states searched: the memo of failed positions (a bitset of the
    /// remaining tiles, or a byte a cell under gravity, per position), the
    /// locks (two bitsets each) and, under gravity, the dead positions
    /// with their stuck tiles (two bitsets each), each entry counted with
    /// 48 bytes of overhead (pointer, length, hash table, allocator).
    /// Past the cap nothing more is remembered: the search stays exact and
    /// may take longer. Buffers sized by the board (a few words a tile or
    /// a cell, reused from state to state) are not counted. Default:
    /// 256 MiB.
    #[must_use]
    pub fn memory_cap(mut self, bytes: usize) -> SolveConfig {
        self.memory_cap = bytes;
        self
    }

    /// Stops the search with [`Solution::Cancelled`] once `token` is
    /// cancelled (from any thread): at its next state, or inside a
    /// dead-position test, between two of its path searches (one test of
    /// a 300 × 300 board takes seconds; the cancel, milliseconds).
    #[must_use]
    pub fn cancel(mut self, token: Cancel) -> SolveConfig {
        self.cancel = Some(token);
        self
    }
}

/// Whether `board` can be cleared under `rules`: a removal order that clears
/// it, a proof that none exists, or [`Solution::OutOfBudget`] after `budget`
/// search states (positions expanded; a position found in the memo is not
/// counted). A board that is already empty is solved by the empty order.
/// The short form of [`solve_with`] with [`SolveConfig::budget`].
///
/// ```
/// use lianliankan::{Board, Border, Move, Pos, Rules, Solution, solve};
/// let board = Board::from_rows(&[[1, 2, 2, 1]]).unwrap();
/// let order = vec![
///     Move::new(Pos::new(0, 1), Pos::new(0, 2)),
///     Move::new(Pos::new(0, 0), Pos::new(0, 3)),
/// ];
/// assert_eq!(solve(&board, &Rules::default(), 100), Solution::Solved(order));
/// let cross = Board::from_rows(&[[1, 2], [2, 1]]).unwrap();
/// assert_eq!(solve(&cross, &Rules::default(), 100), Solution::Unsolvable);
/// // Around the board with three turns, the crossed pairs come apart.
/// let loose = Rules::judge().with_turns(3).unwrap().with_border(Border::Open).unwrap();
/// assert!(matches!(solve(&cross, &loose, 100), Solution::Solved(_)));
/// ```
///
/// Under [`Connect::FourRivers`](crate::Connect::FourRivers) and
/// [`Connect::Line`](crate::Connect::Line) none of the
/// standard rule's shortcuts applies (each rests on its path geometry):
/// a plain depth-first search over whole boards runs, with the memo, the
/// odd-class test and, without gravity, the last two tiles of a class
/// taken first (sound because those rules never break a pair by emptying
/// a cell). It is exact, and slower to prove a board unsolvable.
///
/// # Complexity
/// Exponential in the worst case (the problem is NP-complete); at most
/// `budget` states (positions of the first search, partner choices of the
/// second), each costing O(t·rows·cols) for t tiles to list the moves, plus
/// the reduction's inner searches (bounded per kind by 2^8 subsets) and
/// the dead-position test (a search from a tile each time a cell bounding
/// its last one empties: O(t·rows·cols) in practice). Memory: one bitset of
/// t bits per failed state and two per lock (at most 4,096), at most
/// 256 MiB in all ([`SolveConfig::memory_cap`]; past that, nothing more is
/// remembered: time, never exactness, is lost).
#[must_use]
pub fn solve(board: &Board, rules: &Rules, budget: u64) -> Solution {
    solve_with(board, rules, &SolveConfig::new().budget(budget))
}

/// Whether `board` can be cleared under `rules`, searched as `config`
/// says: a removal order, a proof that none exists,
/// [`Solution::OutOfBudget`] or [`Solution::Cancelled`].
///
/// ```
/// use lianliankan::{Board, Rules, Solution, SolveConfig, solve_with};
/// let cross = Board::from_rows(&[[1, 2], [2, 1]]).unwrap();
/// let config = SolveConfig::new().memory_cap(0); // nothing remembered
/// assert_eq!(solve_with(&cross, &Rules::default(), &config), Solution::Unsolvable);
/// ```
///
/// # Complexity
/// As [`solve`], with `config`'s budget and memory cap.
#[must_use]
pub fn solve_with(board: &Board, rules: &Rules, config: &SolveConfig) -> Solution {
    solve_with_progress(board, rules, config, &mut |_| ControlFlow::Continue(()))
}

/// As [`solve_with`], calling `progress` every 64 states with the states
/// searched and the memory taken; when it returns [`ControlFlow::Break`]
/// the search stops at once and answers [`Solution::Cancelled`] (a time
/// limit, a cancel button).
///
/// ```
/// use std::ops::ControlFlow;
/// use std::time::{Duration, Instant};
/// use lianliankan::{Board, Rules, Solution, SolveConfig, solve_with_progress};
/// let board = Board::from_rows(&[[1, 2, 2, 1]]).unwrap();
/// let stop_at = Instant::now() + Duration::from_secs(1);
/// let config = SolveConfig::new();
/// let answer = solve_with_progress(&board, &Rules::default(), &config, &mut |progress| {
///     assert!(progress.memory <= 256 << 20);
///     if Instant::now() < stop_at { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
/// });
/// assert!(matches!(answer, Solution::Solved(_)));
/// ```
///
/// # Complexity
/// As [`solve`], plus the calls of `progress`.
#[must_use]
pub fn solve_with_progress(
    board: &Board,
    rules: &Rules,
    config: &SolveConfig,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Solution {
    let room = Room::new(config.memory_cap);
    let budget = Budget::new(config.budget, room, config.cancel.clone(), progress);
    let rule = Rule::of(rules);
    match rule.search() {
        SearchKind::Sliding => slide_search::solve_sliding(board, rules, budget),
        SearchKind::Plain { by_cells } => {
            plain_search::solve_plain(board, rules, rule, by_cells, budget)
        }
        SearchKind::Standard if rules.gravity() != Gravity::None => {
            gravity_search::solve_under_gravity(board, rules, budget)
        }
        SearchKind::Standard => static_search::solve_static(board, rules, budget),
    }
}

#[cfg(test)]
mod tests {
    use super::budget::PROGRESS_EVERY;
    use super::*;
    use crate::engine::deal::{DealSpec, deal};

    /// A token crosses threads, and so does a configuration holding one.
    #[test]
    fn tokens_and_configurations_cross_threads() {
        fn send_sync<T: Send + Sync + Clone>() {}
        send_sync::<Cancel>();
        send_sync::<SolveConfig>();
    }

    /// A progress callback that says stop ends the search at its first call,
    /// with or without gravity, and the answer says it was stopped.
    #[test]
    fn progress_can_stop_the_search() {
        for gravity in [Gravity::None, Gravity::Down] {
            let rules = Rules::kshisen().with_gravity(gravity);
            // The first random 8 x 18 deal whose search reports progress.
            let board = (0..100)
                .map(|seed| deal(&DealSpec::new(8, 18, 36).with_seed(seed)).unwrap())
                .find(|board| {
                    let mut calls = 0;
                    let config = SolveConfig::new().budget(3 * PROGRESS_EVERY);
                    let _ = solve_with_progress(board, &rules, &config, &mut |_| {
                        calls += 1;
                        ControlFlow::Continue(())
                    });
                    calls > 0
                })
                .expect("a deal that takes a while");
            let mut calls = 0;
            let answer = solve_with_progress(&board, &rules, &SolveConfig::new(), &mut |_| {
                calls += 1;
                ControlFlow::Break(())
            });
            assert_eq!(calls, 1, "{gravity}");
            assert_eq!(
                answer,
                Solution::Cancelled {
                    states: PROGRESS_EVERY
                }
            );
        }
    }
}
