//! `lianliankan.solve`: the exact solver with the GIL released, stopped by
//! Ctrl-C (or any signal handler that raises) within a few milliseconds.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use lianliankan::{Progress, Solution, SolveConfig, solve_with_progress};
use pyo3::prelude::*;

use pyo3::types::PyType;

use crate::api::moves_of;
use crate::board::board_and_rules;
use crate::convert;
use crate::interrupt::{self, PyCancel, Stops, cancellable};
use crate::moves::PyMove;
use crate::rules::PyRules;

/// What `solve` found: `status` is "solved" (then `order` clears the
/// board), "unsolvable" (proved: no order clears it) or "unknown" (the
/// budget ran out first; `states` says how many states were searched).
/// Results compare equal when their fields are; they pickle and copy.
#[pyclass(frozen, eq, hash, module = "lianliankan", name = "SolveResult")]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SolveResult {
    /// "solved", "unsolvable" or "unknown".
    #[pyo3(get)]
    status: &'static str,
    /// The removal order when solved: a list of Move, each named on the
    /// board as it is at that step (after the earlier removals and their
    /// gravity; a slide's `a` is the tile pushed); None otherwise.
    #[pyo3(get)]
    order: Option<Vec<PyMove>>,
    /// The states searched when the status is "unknown"; None otherwise.
    #[pyo3(get)]
    states: Option<u64>,
}

#[pymethods]
impl SolveResult {
    fn __repr__(&self) -> String {
        match (&self.order, self.states) {
            (Some(order), _) => format!(
                "SolveResult(status=\"solved\", order=<{} moves>)",
                order.len()
            ),
            (None, Some(states)) => format!("SolveResult(status=\"unknown\", states={states})"),
            (None, None) => format!("SolveResult(status={:?})", self.status),
        }
    }

    /// Rebuilds a pickled SolveResult (pickle's constructor; not for other
    /// use).
    #[classmethod]
    fn _restore(
        _cls: &Bound<'_, PyType>,
        status: &str,
        order: Option<Vec<PyRef<'_, PyMove>>>,
        states: Option<u64>,
    ) -> PyResult<SolveResult> {
        let status = ["solved", "unsolvable", "unknown"]
            .into_iter()
            .find(|&s| s == status)
            .ok_or_else(|| convert::value_error(format!("unknown status {status:?}")))?;
        Ok(SolveResult {
            status,
            order: order.map(|o| o.iter().map(|m| (**m).clone()).collect()),
            states,
        })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let py = slf.py();
        let r = slf.get();
        let args = (r.status, r.order.clone(), r.states).into_pyobject(py)?;
        Ok((
            py.get_type::<SolveResult>().getattr("_restore")?,
            args.into_any().unbind(),
        ))
    }
}

// The default budget (the signature's 1000000) is the library's
// DEFAULT_BUDGET: the command line's `solve` default and the C library's.
const _: () = assert!(lianliankan::DEFAULT_BUDGET == 1_000_000);

/// Whether `board` (a sequence of rows of kinds, 0 empty) can be cleared
/// under `rules` (default `Rules()`, the judge's): a SolveResult with
/// `status` "solved" and the removal `order` (a list of Move),
/// "unsolvable" (a proof), or "unknown" when `budget` search states
/// (default 1,000,000, the command line's and the C library's; None for
/// no limit; any int up to 2**64 - 1) ran out first, or when `timeout`
/// seconds passed or `cancel` (a Cancel, set from any thread) was set.
/// `memory_cap` bounds the bytes the search remembers (default 256 MiB;
/// past it the search stays exact and may take longer). `progress`, if
/// given, is called with the states searched so far about every 0.1 s,
/// and once at the end; an exception it raises stops the search and is
/// raised from here.
///
/// The GIL is released while the search runs, so other Python threads go
/// on; Ctrl-C (KeyboardInterrupt), or any exception a signal handler
/// raises, stops it within milliseconds and is raised from here.
///
/// Raises BoardError (a ValueError) for a bad board (no row or no column
/// among the reasons, as in C); ValueError for a negative budget or
/// memory cap or one above 2**64 - 1.
#[pyfunction]
#[pyo3(signature = (
    board,
    rules = None,
    budget = 1_000_000,
    memory_cap = None,
    *,
    timeout = None,
    cancel = None,
    progress = None,
))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::rules::rules_arg)] rules: Option<PyRules>,
    #[pyo3(from_py_with = convert::optional_budget)] budget: Option<u64>,
    #[pyo3(from_py_with = convert::optional_memory_cap)] memory_cap: Option<usize>,
    #[pyo3(from_py_with = interrupt::timeout)] timeout: Option<std::time::Duration>,
    #[pyo3(from_py_with = interrupt::cancel_arg)] cancel: Option<Py<PyCancel>>,
    #[pyo3(from_py_with = interrupt::progress_arg)] progress: Option<Py<PyAny>>,
) -> PyResult<SolveResult> {
    let (board, rules) = board_and_rules(board, "board", rules.as_ref())?;
    let mut config = SolveConfig::new();
    if let Some(states) = budget {
        config = config.budget(states);
    }
    if let Some(bytes) = memory_cap {
        config = config.memory_cap(bytes);
    }
    // The search runs on a thread of its own with a cancel token, which it
    // looks at every state and inside its dead-position tests (one of them
    // takes seconds on a 300 x 300 board), while this thread runs Python's
    // signal handlers.
    let stops = Stops::new(timeout, cancel.as_ref().map(|c| c.get()), progress);
    let counter = Arc::clone(&stops.counter);
    let (solution, _stopped) = cancellable(py, &stops, |token| {
        // The states searched, for the progress callback; stopping is the
        // token's business (a time limit or a Cancel answers "unknown").
        let mut count = |p: Progress| {
            counter.store(p.states, Ordering::Relaxed);
            ControlFlow::Continue(())
        };
        let solution = solve_with_progress(&board, &rules, &config.cancel(token), &mut count);
        let states = match solution {
            Solution::OutOfBudget { states } | Solution::Cancelled { states } => Some(states),
            _ => None,
        };
        if let Some(states) = states {
            counter.store(states, Ordering::Relaxed);
        }
        solution
    })?;
    Ok(match solution {
        Solution::Solved(order) => SolveResult {
            status: "solved",
            order: Some(moves_of(&order)),
            states: None,
        },
        Solution::Unsolvable => SolveResult {
            status: "unsolvable",
            order: None,
            states: None,
        },
        // Cancelled by a time limit or a Cancel (a signal handler's
        // exception is raised above): not decided.
        Solution::OutOfBudget { states } | Solution::Cancelled { states } => SolveResult {
            status: "unknown",
            order: None,
            states: Some(states),
        },
        // A future kind of answer: not a proof either way.
        _ => SolveResult {
            status: "unknown",
            order: None,
            states: None,
        },
    })
}
