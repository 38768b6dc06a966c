//! Counting states: the state budget, the limits of runs and restarts, the
//! cancel token (looked at every state, and inside the dead-position
//! tests, whose one run on a big board can take seconds) and the progress
//! reports, every [`PROGRESS_EVERY`] states.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use super::memo::Room;

/// How often (in states) a search reports progress. A state of a big
/// board can cost milliseconds (a dead-position test, a narrowing's
/// probes): every 1,024 states let a study's 10-second limit run to
/// 12.5 s; a report costs about one clock read, nothing beside 64 states.
/// (The cancel token is looked at every state.)
pub(super) const PROGRESS_EVERY: u64 = 1 << 6;

/// The work the path searches inside states (the listing of moves and the
/// dead-position tests of the search without gravity, the dead-position
/// tests under gravity) may do in a whole search, per state of its budget, in steps (a cell reached, a row swept
/// a word at a time, a remembered hit looked at). Listing the moves
/// searches from every remaining tile, and a test does too, each search as
/// long as the board once cells have emptied: on a big board one state
/// could cost (rows·cols)² steps, so a budget of 10 states took a minute
/// and a gigabyte on 1000 × 1000. With this bound a search's time, and the
/// memory of the tests' records, are at most proportional to its budget
/// on any board. A state of a board of t tiles and c cells costs at most
/// t·(2·c + 1) steps to list the moves (a search of at most 2·c cells per
/// tile) and t·(2·c + 1 + t) for a test (a search per tile, and a look at
/// the tiles of its kind), under 2^20 for every board of up to 24 × 12
/// (288 tiles, 26 × 14 cells with the ring: about 0.92 · 2^20): there the
/// bound is never reached and the states searched are those of the search
/// without it.
pub(super) const TEST_STEPS_PER_STATE: u64 = 1 << 20;

/// States of the first run; each restart doubles the limit.
pub(super) const FIRST_RUN: u64 = 2000;

/// A token that stops a search from another thread: clones share one flag,
/// and a search given one ([`SolveConfig::cancel`]) answers
/// [`Solution::Cancelled`] at its next state after [`Cancel::cancel`], or
/// sooner: its dead-position tests look at the token between two of their
/// searches (on a 300 × 300 board one such test takes seconds). A token
/// may also cancel itself after a while ([`Cancel::cancel_after`]): a time
/// limit for every call that takes a token.
///
/// The time of a limit is read from the token's clock: the monotonic clock
/// of the standard library ([`Cancel::new`]), or one the caller gives
/// ([`Cancel::with_clock`]) where the standard library has none (in a web
/// page, `std::time::Instant` panics; the WebAssembly face passes the
/// host's clock). The clock is read only once a limit is set.
///
/// ```
/// use lianliankan::Cancel;
/// let token = Cancel::new();
/// let other = token.clone();
/// std::thread::spawn(move || other.cancel()).join().unwrap();
/// assert!(token.is_cancelled());
/// ```
///
/// [`SolveConfig::cancel`]: super::SolveConfig::cancel
/// [`Solution::Cancelled`]: super::Solution::Cancelled
#[derive(Clone, Debug)]
pub struct Cancel(Arc<Flag>);

impl Default for Cancel {
    fn default() -> Self {
        Cancel::with_clock(monotonic)
    }
}

/// What the clones of a [`Cancel`] share: the flag, the clock, and the
/// deadline after which the token counts as cancelled.
#[derive(Debug)]
struct Flag {
    cancelled: AtomicBool,
    /// The time now, from some fixed origin.
    clock: fn() -> Duration,
    /// Nanoseconds on the clock at which the token cancels itself
    /// (`u64::MAX`: never).
    deadline: AtomicU64,
}

/// The time since the first call, on the standard library's monotonic
/// clock: the clock of [`Cancel::new`].
fn monotonic() -> Duration {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed()
}

impl Cancel {
    /// A token not cancelled yet, whose time limits are read on the
    /// standard library's monotonic clock.
    #[must_use]
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// A token not cancelled yet, whose time limits are read on `clock`:
    /// the time now from any fixed origin, never going back (a host's
    /// milliseconds since the epoch, say). `clock` is only called once a
    /// limit is set ([`Cancel::cancel_after`]).
    ///
    /// ```
    /// use std::time::Duration;
    /// use lianliankan::Cancel;
    /// fn frozen() -> Duration { Duration::from_secs(7) }
    /// let token = Cancel::with_clock(frozen);
    /// token.cancel_after(Duration::from_millis(1));
    /// assert!(!token.is_cancelled(), "the clock did not move");
    /// token.cancel_after(Duration::ZERO);
    /// assert!(token.is_cancelled());
    /// ```
    #[must_use]
    pub fn with_clock(clock: fn() -> Duration) -> Cancel {
        Cancel(Arc::new(Flag {
            cancelled: AtomicBool::new(false),
            clock,
            deadline: AtomicU64::new(u64::MAX),
        }))
    }

    /// Asks every search holding a clone of this token to stop.
    pub fn cancel(&self) {
        self.0.cancelled.store(true, Ordering::Relaxed);
    }

    /// Cancels the token once `after` has passed from now (a time limit):
    /// every call holding a clone then stops as if [`Cancel::cancel`] had
    /// been called at that moment. Called again, the new deadline replaces
    /// the old one; a token already cancelled stays cancelled.
    ///
    /// ```
    /// use std::time::Duration;
    /// use lianliankan::Cancel;
    /// let token = Cancel::new();
    /// token.cancel_after(Duration::ZERO);
    /// assert!(token.is_cancelled());
    /// let later = Cancel::new();
    /// later.cancel_after(Duration::from_secs(3600));
    /// assert!(!later.is_cancelled());
    /// ```
    pub fn cancel_after(&self, after: Duration) {
        let at = (self.0.clock)().saturating_add(after).as_nanos();
        let at = u64::try_from(at).unwrap_or(u64::MAX - 1);
        self.0
            .deadline
            .store(at.min(u64::MAX - 1), Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] has been called on this token or a
    /// clone, or the deadline of [`Cancel::cancel_after`] has passed.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        let flag = &*self.0;
        if flag.cancelled.load(Ordering::Relaxed) {
            return true;
        }
        let deadline = flag.deadline.load(Ordering::Relaxed);
        if deadline != u64::MAX && (flag.clock)().as_nanos() >= u128::from(deadline) {
            flag.cancelled.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }
}

/// What a search reports every 64 states to the callback of
/// [`solve_with_progress`](super::solve_with_progress).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// The states searched so far.
    pub states: u64,
    /// The bytes the search's growing structures (memo, locks, dead sets)
    /// take now; never more than [`SolveConfig::memory_cap`].
    ///
    /// [`SolveConfig::memory_cap`]: super::SolveConfig::memory_cap
    pub memory: usize,
}

/// What stops the work inside a state (the dead-position tests): the
/// search's cancel token, looked at between two path searches, and what is
/// left of the work allowed for the whole search (its budget times
/// [`TEST_STEPS_PER_STATE`]).
#[derive(Clone, Debug)]
pub(crate) struct Effort {
    cancel: Option<Cancel>,
    left: u64,
}

impl Default for Effort {
    /// Not cancellable, unbounded.
    fn default() -> Self {
        Effort {
            cancel: None,
            left: u64::MAX,
        }
    }
}

impl Effort {
    /// Work stopped by `cancel`, at most `steps` steps in all.
    pub(super) fn new(cancel: Option<Cancel>, steps: u64) -> Effort {
        Effort {
            cancel,
            left: steps,
        }
    }

    /// Whether the next piece of work may start: `Err(Stop::Cancelled)`
    /// once the token is set, `Err(Stop::OutOfBudget)` once the allowance
    /// is spent.
    pub(super) fn may_go_on(&self) -> Result<(), Stop> {
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Stop::Cancelled);
        }
        if self.left == 0 {
            return Err(Stop::OutOfBudget);
        }
        Ok(())
    }

    /// The steps still allowed.
    #[cfg(test)]
    pub(super) fn left(&self) -> u64 {
        self.left
    }

    /// Counts `steps` steps of work done.
    pub(super) fn spend(&mut self, steps: usize) {
        self.left = self.left.saturating_sub(steps as u64);
    }
}

/// Why a search stopped early.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The budget ran out.
    OutOfBudget,
    /// The cancel token was set, or the progress callback said stop.
    Cancelled,
    /// The current run's limit ran out: start over with another order.
    Restart,
}

/// The states a search has counted, what it may count, and the memory it
/// may take: the bookkeeping of every search of `solve`.
pub(super) struct Budget<'p> {
    /// The states counted so far.
    pub(super) states: u64,
    /// The most states in all.
    pub(super) cap: u64,
    /// The states at which the current run restarts.
    pub(super) limit: u64,
    /// The memory of the search's growing structures.
    pub(super) room: Room,
    cancel: Option<Cancel>,
    progress: &'p mut dyn FnMut(Progress) -> ControlFlow<()>,
}

impl<'p> Budget<'p> {
    /// At most `cap` states and `room`'s bytes, stopped by `cancel` or by
    /// `progress`.
    pub(super) fn new(
        cap: u64,
        room: Room,
        cancel: Option<Cancel>,
        progress: &'p mut dyn FnMut(Progress) -> ControlFlow<()>,
    ) -> Self {
        Budget {
            states: 0,
            cap,
            limit: u64::MAX,
            room,
            cancel,
            progress,
        }
    }

    /// Counts a state against the budget and the run's limit; every
    /// [`PROGRESS_EVERY`] states, looks at the cancel token and reports
    /// progress (the caller may stop).
    pub(super) fn count(&mut self) -> Result<(), Stop> {
        self.count_within(self.limit)
    }

    /// As [`Budget::count`], with `limit` instead of the run's limit.
    pub(super) fn count_within(&mut self, limit: u64) -> Result<(), Stop> {
        self.states += 1;
        if self.states > self.cap {
            self.states = self.cap;
            return Err(Stop::OutOfBudget);
        }
        if self.states > limit {
            return Err(Stop::Restart);
        }
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Stop::Cancelled);
        }
        if self.states % PROGRESS_EVERY == 0 {
            let report = Progress {
                states: self.states,
                memory: self.room.used(),
            };
            if (self.progress)(report).is_break() {
                return Err(Stop::Cancelled);
            }
        }
        Ok(())
    }

    /// What stops the dead-position tests of this search: its cancel token
    /// and its budget's share of work ([`TEST_STEPS_PER_STATE`] a state).
    pub(super) fn effort(&self) -> Effort {
        Effort::new(
            self.cancel.clone(),
            self.cap.saturating_mul(TEST_STEPS_PER_STATE),
        )
    }

    /// Counts `spent` states of a side search that was allowed `cap` of
    /// them (no more are counted than it was allowed), with no report.
    pub(super) fn add(&mut self, spent: u64, cap: u64) {
        self.states += spent.min(cap);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cancel is seen at the next state, between two reports, and is its
    /// own reason to stop.
    #[test]
    fn a_cancel_stops_at_the_next_state() {
        let token = Cancel::new();
        let mut reports = 0;
        let mut progress = |_| {
            reports += 1;
            ControlFlow::Continue(())
        };
        let mut budget = Budget::new(u64::MAX, Room::new(0), Some(token.clone()), &mut progress);
        for _ in 0..PROGRESS_EVERY + 1 {
            budget.count().unwrap();
        }
        token.cancel();
        assert_eq!(budget.count(), Err(Stop::Cancelled));
        assert_eq!(budget.states, PROGRESS_EVERY + 2);
        drop(budget);
        assert_eq!(reports, 1);
    }
}
