//! `llk_solve` and `LlkSolution`: the exact solver's answer, its removal
//! order, and that order as the `lianliankan` binary prints it.

use std::ffi::{CString, c_char};

use lianliankan::{Move, Route, Solution, SolveConfig};

use crate::board::{LlkBoard, LlkPos};
use crate::cancel::{self, LlkCancel};
use crate::ptr;
use crate::rules::LlkRules;
use crate::status::{Error, LlkStatus, guard, guard_value};
use crate::text::solve_output;

/// The search budget when none is chosen, in states: the library's
/// `DEFAULT_BUDGET`, the same on every face (the `lianliankan` binary's
/// `solve`, Python's `solve`).
pub const LLK_DEFAULT_BUDGET: u64 = 1_000_000;
const _: () = assert!(LLK_DEFAULT_BUDGET == lianliankan::DEFAULT_BUDGET);

/// What the solver found.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlkOutcome {
    /// The board can be cleared: the solution's steps clear it.
    Solved = 0,
    /// No order clears the board (a proof).
    Unsolvable = 1,
    /// The budget ran out before an answer (`llk_solution_states` says
    /// after how many states).
    Unknown = 2,
}

/// How a pair is removed (`LlkPair::route`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlkRoute {
    /// A plain pair: no slide.
    None = 0,
    /// A slide along the first tile's row.
    Row = 1,
    /// A slide along the first tile's column.
    Column = 2,
}

/// An `LlkRoute` as C passes it in an `LlkPair`: any `int`, checked when
/// read (the header names the enum's type; see names.rs for why).
pub type RouteArg = i32;

/// `LlkRoute::None` as Rust code writes it (the header has the enum's).
pub const LLK_ROUTE_NONE: RouteArg = LlkRoute::None as RouteArg;
/// `LlkRoute::Row` as Rust code writes it.
pub const LLK_ROUTE_ROW: RouteArg = LlkRoute::Row as RouteArg;
/// `LlkRoute::Column` as Rust code writes it.
pub const LLK_ROUTE_COLUMN: RouteArg = LlkRoute::Column as RouteArg;

/// Two cells: a removal of the tiles at `a` and `b`, or, with a `route`
/// (rules with `llk_rules_set_slide`), the slide of the tile at `a` along
/// its row or column toward `b`, then their removal. Zero-initialised
/// (`{a, b}` in C) it is a plain pair.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LlkPair {
    /// The first tile (the one that slides in a slide).
    pub a: LlkPos,
    /// The second tile.
    pub b: LlkPos,
    /// `LLK_ROUTE_NONE` (0) for a plain pair, `LLK_ROUTE_ROW` or
    /// `LLK_ROUTE_COLUMN` for a slide.
    pub route: RouteArg,
}

impl From<Move> for LlkPair {
    fn from(m: Move) -> LlkPair {
        LlkPair {
            a: m.a().into(),
            b: m.b().into(),
            route: match m.route() {
                None => LLK_ROUTE_NONE,
                Some(Route::Row) => LLK_ROUTE_ROW,
                Some(Route::Column) => LLK_ROUTE_COLUMN,
            },
        }
    }
}

impl LlkPair {
    /// The move this pair names, or an invalid-argument error for a route
    /// that is none of the three.
    pub(crate) fn to_move(self) -> Result<Move, Error> {
        let (a, b) = (self.a.into(), self.b.into());
        match self.route {
            LLK_ROUTE_NONE => Ok(Move::new(a, b)),
            LLK_ROUTE_ROW => Ok(Move::slide(a, b, Route::Row)),
            LLK_ROUTE_COLUMN => Ok(Move::slide(a, b, Route::Column)),
            other => Err(Error::invalid(format!(
                "unknown route {other} (LLK_ROUTE_NONE, LLK_ROUTE_ROW or LLK_ROUTE_COLUMN)"
            ))),
        }
    }
}

/// A solver's answer (opaque): made by `llk_solve` (and, as a certificate,
/// by `llk_generate`), freed by `llk_solution_free`. Read-only once made.
#[derive(Debug)]
pub struct LlkSolution {
    outcome: LlkOutcome,
    states: u64,
    steps: Vec<LlkPair>,
    text: CString,
}

impl LlkSolution {
    /// The C form of the library's `solution`.
    pub(crate) fn new(solution: &Solution) -> LlkSolution {
        let (outcome, states, steps) = match solution {
            Solution::Solved(order) => (
                LlkOutcome::Solved,
                0,
                order.iter().map(|&m| LlkPair::from(m)).collect(),
            ),
            Solution::Unsolvable => (LlkOutcome::Unsolvable, 0, Vec::new()),
            Solution::OutOfBudget { states } | Solution::Cancelled { states } => {
                (LlkOutcome::Unknown, *states, Vec::new())
            }
            // A future kind of answer: not a proof either way.
            _ => (LlkOutcome::Unknown, 0, Vec::new()),
        };
        LlkSolution {
            outcome,
            states,
            steps,
            // The text is digits, spaces, letters and parentheses: no NUL.
            text: CString::new(solve_output(solution)).unwrap_or_default(),
        }
    }
}

/// Solves `board` under `rules` exactly, searching at most `budget` states
/// (`LLK_DEFAULT_BUDGET` is the `lianliankan` binary's default;
/// `UINT64_MAX` means no limit), and stores the answer in `*out`: solved
/// with a removal order, unsolvable (a proof), or unknown when the budget
/// ran out. The caller frees the answer with `llk_solution_free`. Both
/// handles are only read, so many threads may solve at once.
///
/// `cancel` is NULL (the solve runs to its answer or budget) or a token:
/// when another thread cancels it (`llk_cancel_cancel`), or its time limit
/// runs out (`llk_cancel_after`), the search stops
/// at its next state or path search and the call returns
/// `LLK_STATUS_CANCELLED` (the message says after how many states),
/// storing nothing.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL board, rules or
/// `out`.
///
/// # Complexity
/// Exponential in the number of tiles in the worst case (the problem is
/// hard in general); bounded by `budget` states, each costing O(rows·cols)
/// path searches at most.
///
/// # Safety
/// `board` and `rules` are NULL or live handles; `cancel` is NULL or a live
/// token; `out` is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_solve(
    board: *const LlkBoard,
    rules: *const LlkRules,
    budget: u64,
    cancel: *const LlkCancel,
    out: *mut *mut LlkSolution,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let (board, rules) =
            unsafe { (ptr::borrow(board, "board")?, ptr::borrow(rules, "rules")?) };
        ptr::check_out(out, "out")?;
        let mut config = SolveConfig::new().budget(budget);
        // SAFETY: the caller's promise above.
        if let Some(token) = unsafe { cancel::token(cancel) } {
            // A token cancelled already stops even a solve too short to
            // look at it (one decided before its first state).
            if token.is_cancelled() {
                return Err(Error::new(
                    LlkStatus::Cancelled,
                    "the solve was cancelled after 0 states",
                ));
            }
            config = config.cancel(token);
        }
        let solution = lianliankan::solve_with(&board.inner, rules.rules(), &config);
        if let Solution::Cancelled { states } = solution {
            return Err(Error::new(
                LlkStatus::Cancelled,
                format!("the solve was cancelled after {states} states"),
            ));
        }
        let solution = LlkSolution::new(&solution);
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, ptr::into_handle(solution), "out") }
    })
}

/// What the solver found; `LLK_OUTCOME_UNKNOWN` for NULL.
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_solution_outcome(solution: *const LlkSolution) -> LlkOutcome {
    guard_value(LlkOutcome::Unknown, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(solution, "solution") }.map_or(LlkOutcome::Unknown, |s| s.outcome)
    })
}

/// The states searched when the outcome is `LLK_OUTCOME_UNKNOWN`; 0
/// otherwise and for NULL.
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_solution_states(solution: *const LlkSolution) -> u64 {
    guard_value(0, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(solution, "solution") }.map_or(0, |s| s.states)
    })
}

/// The number of removals in the order (half the tiles when solved; 0 when
/// not, and for NULL).
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_solution_len(solution: *const LlkSolution) -> usize {
    guard_value(0, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(solution, "solution") }.map_or(0, |s| s.steps.len())
    })
}

/// Stores removal `index` (from 0) of the order in `*out`: the two cells,
/// named on the board as it is at that step, after the earlier removals
/// and their gravity, and the route of a slide.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for an index past the end or a
/// NULL pointer.
///
/// # Safety
/// `solution` is NULL or a live solution; `out` is NULL or valid for
/// writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_solution_step(
    solution: *const LlkSolution,
    index: usize,
    out: *mut LlkPair,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let solution = unsafe { ptr::borrow(solution, "solution")? };
        let step = *solution.steps.get(index).ok_or_else(|| {
            Error::invalid(format!(
                "step {index} of an order of {} steps",
                solution.steps.len()
            ))
        })?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, step, "out") }
    })
}

/// What the `lianliankan` binary's `solve` prints for this answer (without
/// `--draw`): one `r1 c1 r2 c2` line per removal, 1-based, or
/// `UNSOLVABLE`, or `UNKNOWN (budget exhausted after N states)`, each line
/// ending in `\n`. The text belongs to the solution and lives as long as
/// it; NULL for NULL.
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_solution_text(solution: *const LlkSolution) -> *const c_char {
    guard_value(std::ptr::null(), || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(solution, "solution") }.map_or(std::ptr::null(), |s| s.text.as_ptr())
    })
}

/// Frees a solution (its text with it); nothing for NULL.
///
/// # Safety
/// `solution` is NULL or a solution not yet freed, not used after this.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_solution_free(solution: *mut LlkSolution) {
    // SAFETY: the caller's promise above.
    unsafe { ptr::free(solution) }
}
