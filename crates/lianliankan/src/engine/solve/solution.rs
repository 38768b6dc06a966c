//! The answer of a search.

use super::budget::Stop;
use crate::engine::moves::Move;

/// The answer of [`solve`](crate::solve) and [`solve_with`](crate::solve_with).
///
/// With the `serde` feature: `{"solved": [{"a": [0, 1], "b": [0, 2]},
/// ...]}` (each pair on the board as it is at that step), `"unsolvable"`,
/// `{"out-of-budget": {"states": 100}}` or `{"cancelled": {"states": 64}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case", deny_unknown_fields)
)]
#[non_exhaustive]
pub enum Solution {
    /// The board can be cleared in this removal order.
    Solved(Vec<Move>),
    /// The board cannot be cleared (proved by exhausting the search).
    Unsolvable,
    /// The state budget ran out before an answer was found.
    OutOfBudget {
        /// The number of states searched.
        states: u64,
    },
    /// The search was stopped before an answer was found: by its cancel
    /// token ([`SolveConfig::cancel`](crate::SolveConfig::cancel)), or by
    /// its progress callback
    /// ([`solve_with_progress`](crate::solve_with_progress)).
    Cancelled {
        /// The number of states searched.
        states: u64,
    },
}

impl Solution {
    /// The answer of a search stopped by `stop` after `states` states
    /// (`Stop::Restart` never reaches an answer: it is a budget's).
    pub(super) fn stopped(stop: &Stop, states: u64) -> Solution {
        match stop {
            Stop::Cancelled => Solution::Cancelled { states },
            Stop::OutOfBudget | Stop::Restart => Solution::OutOfBudget { states },
        }
    }
}
