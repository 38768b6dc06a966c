//! `lianliankan.solve`: the exact solver with the GIL released, stopped by
//! Ctrl-C (or any signal handler that raises) within a few milliseconds.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use lianliankan::{Solution, SolveConfig, solve_with_progress};
use pyo3::prelude::*;

use crate::convert::{self, PairOut};
use crate::rules::{PyRules, or_default};

/// How often a running solve lets Python run its signal handlers. The
/// library calls back every 64 states; taking the GIL back that often
/// would cost time when other Python threads hold it, so it is taken only
/// when this much time has passed since the last look.
const SIGNAL_CHECK_EVERY: Duration = Duration::from_millis(10);

/// What `solve` found: `status` is "solved" (then `order` clears the
/// board), "unsolvable" (proved: no order clears it) or "unknown" (the
/// budget ran out first; `states` says how many states were searched).
#[pyclass(frozen, module = "lianliankan", name = "SolveResult")]
#[derive(Debug)]
pub struct SolveResult {
    /// "solved", "unsolvable" or "unknown".
    #[pyo3(get)]
    status: &'static str,
    /// The removal order when solved: `[((r1, c1), (r2, c2)), ...]`, each
    /// pair named on the board as it is at that step (after the earlier
    /// removals and their gravity); None otherwise.
    #[pyo3(get)]
    order: Option<Vec<PairOut>>,
    /// The route of each step of `order`: None for a plain pair, "row" or
    /// "column" for a slide (rules with `slide`; its first cell is the
    /// tile pushed); None when not solved.
    #[pyo3(get)]
    routes: Option<Vec<Option<&'static str>>>,
    /// The states searched when the status is "unknown"; None otherwise.
    #[pyo3(get)]
    states: Option<u64>,
}

#[pymethods]
impl SolveResult {
    fn __repr__(&self) -> String {
        match (&self.order, self.states) {
            (Some(order), _) => format!(
                "SolveResult(status='solved', order=<{} pairs>)",
                order.len()
            ),
            (None, Some(states)) => format!("SolveResult(status='unknown', states={states})"),
            (None, None) => format!("SolveResult(status={:?})", self.status),
        }
    }
}

/// Whether `board` (a list of rows of kinds, 0 empty) can be cleared under
/// `rules` (default `Rules()`): a SolveResult with `status` "solved" and
/// the removal `order`, "unsolvable" (a proof), or "unknown" when `budget`
/// search states (default: no limit) ran out first. `memory_cap` bounds the
/// bytes the search remembers (default 256 MiB; past it the search stays
/// exact and may take longer).
///
/// The GIL is released while the search runs, so other Python threads go
/// on; Ctrl-C (KeyboardInterrupt), or any exception a signal handler
/// raises, stops it within milliseconds and is raised from here.
///
/// Raises ValueError for a bad board or a negative budget or memory cap.
#[pyfunction]
#[pyo3(signature = (board, rules = None, budget = None, memory_cap = None))]
pub fn solve(
    py: Python<'_>,
    board: Vec<Vec<i64>>,
    rules: Option<PyRef<'_, PyRules>>,
    budget: Option<i64>,
    memory_cap: Option<i64>,
) -> PyResult<SolveResult> {
    let board = convert::board(board)?;
    let rules = or_default(rules.as_deref());
    let mut config = SolveConfig::new();
    if let Some(budget) = budget {
        let states = u64::try_from(budget)
            .map_err(|_| convert::value_error(format!("budget must be 0 or more, got {budget}")))?;
        config = config.budget(states);
    }
    if let Some(cap) = memory_cap {
        let bytes = usize::try_from(cap).map_err(|_| {
            convert::value_error(format!("memory_cap must be 0 or more, got {cap}"))
        })?;
        config = config.memory_cap(bytes);
    }
    let (solution, interrupted) = py.detach(|| {
        let mut interrupted: Option<PyErr> = None;
        let mut last_look = Instant::now();
        let solution = solve_with_progress(&board, &rules, &config, &mut |_| {
            if last_look.elapsed() < SIGNAL_CHECK_EVERY {
                return ControlFlow::Continue(());
            }
            last_look = Instant::now();
            match Python::attach(|py| py.check_signals()) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    interrupted = Some(e);
                    ControlFlow::Break(())
                }
            }
        });
        (solution, interrupted)
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    Ok(match solution {
        Solution::Solved(order) => SolveResult {
            status: "solved",
            order: Some(order.iter().map(|&m| convert::pair(m)).collect()),
            routes: Some(order.iter().map(|&m| convert::route_name(m)).collect()),
            states: None,
        },
        Solution::Unsolvable => SolveResult {
            status: "unsolvable",
            order: None,
            routes: None,
            states: None,
        },
        // Cancelled only when a signal handler raised, handled above.
        Solution::OutOfBudget { states } | Solution::Cancelled { states } => SolveResult {
            status: "unknown",
            order: None,
            routes: None,
            states: Some(states),
        },
        // A future kind of answer: not a proof either way.
        _ => SolveResult {
            status: "unknown",
            order: None,
            routes: None,
            states: None,
        },
    })
}
