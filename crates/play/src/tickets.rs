//! Ranked games, timed by the server: `POST /api/deal` answers a deal whose
//! seed the server chose with a *ticket*; `POST /api/finish` replays the
//! game under that ticket and records the time from the deal to the
//! finish, as the server's clock measured it; `POST /api/scores` stores
//! that time, never one the page counted.
//!
//! A level of a run is timed step by step: `POST /api/remove` and `POST
//! /api/shuffle` sent with the level's ticket are *logged* on it, each at
//! its time on the server's clock (ms since the deal), and refused once
//! the level's countdown has run out on that clock; `POST /api/runs`
//! replays the logs ([`Tickets::log`]).
//!
//! Tickets live in memory, at most [`CAPACITY`] of them holding at most
//! [`STEPS_CAPACITY`] logged steps in all (the oldest tickets go first),
//! and for at most [`LIFETIME`]: a restarted server forgets its tickets,
//! and a game dealt before it cannot be ranked.

use std::collections::{BTreeMap, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grid_core::Pos;
use lianliankan::{Route, Rules};

use crate::level_rules::budget_ms;

/// Tickets kept at once; beyond, the oldest is forgotten.
pub const CAPACITY: usize = 100_000;

/// Logged steps kept at once, over all tickets (some tens of MB); beyond,
/// the oldest tickets are forgotten.
pub const STEPS_CAPACITY: usize = 2_000_000;

/// How long a ticket lasts: a day, the longest game a score may record.
pub const LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

/// What a request with a ticket the server does not know is told.
pub const UNKNOWN_TICKET: &str = "unknown ticket: a ranked game is a deal the server seeded \
     (POST /api/deal without a seed), and its ticket lasts a day";

/// The server's clock, in milliseconds since some start: the real one, or
/// one a test moves by hand.
pub trait Clock: Send + Sync + std::fmt::Debug {
    /// Milliseconds since the clock's start.
    fn now_ms(&self) -> u64;
}

/// The real clock: time since the server started.
#[derive(Debug)]
pub struct RealClock(Instant);

impl RealClock {
    /// A clock that starts now.
    pub fn new() -> RealClock {
        RealClock(Instant::now())
    }
}

impl Default for RealClock {
    fn default() -> Self {
        RealClock::new()
    }
}

impl Clock for RealClock {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.0.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// A clock moved by hand (tests of timed scores): it stands still until
/// [`ManualClock::advance`] moves it.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicU64);

impl ManualClock {
    /// Moves the clock `ms` milliseconds on.
    pub fn advance(&self, ms: u64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The deal a ticket was issued for: what `POST /api/deal` made, so that
/// the server deals it again to replay the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IssuedDeal {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Kinds of tile.
    pub kinds: u32,
    /// The seed the server chose.
    pub seed: u64,
    /// For a deal of a difficulty, the rated candidate that was dealt.
    pub rated_seed: Option<u64>,
    /// The rules.
    pub rules: Rules,
    /// For a level of a run, its number from 0 (level L plays the L-th
    /// gravity mode, the L-th difficulty and countdown); `None` for a
    /// classic game.
    pub level: Option<usize>,
}

impl IssuedDeal {
    /// The level's countdown, in ms on the server's clock from the deal;
    /// `None` for a classic game, which has none.
    pub fn countdown_ms(&self) -> Option<u64> {
        self.level
            .map(|level| budget_ms(level, self.rows * self.cols / 2))
    }

    /// The most steps its log keeps: a removal takes two tiles, and each
    /// pick of a refused pair or a shuffle is a click, so four a cell is
    /// more than a game makes.
    pub fn max_steps(&self) -> usize {
        4 * self.rows * self.cols
    }
}

/// A step of a game as the server saw it (`POST /api/remove` or `POST
/// /api/shuffle` with the game's ticket).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoggedStep {
    /// A pair removed: its cells on the board as it was, and the slide
    /// of `a`, if one was made.
    Remove {
        /// The first tile picked.
        a: Pos,
        /// The second.
        b: Pos,
        /// The route `a` slid along first, under sliding tiles.
        route: Option<Route>,
    },
    /// A shuffle, with the seed the server chose.
    Shuffle {
        /// Its seed.
        seed: u64,
    },
    /// A pair that could not go (a refused pick).
    Refused,
}

/// A logged step and when it came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Logged {
    /// Milliseconds from the deal to the step, on the server's clock.
    pub at_ms: u64,
    /// The step.
    pub step: LoggedStep,
}

/// Why a step was not logged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogError {
    /// No such ticket (unknown, or older than a day).
    Unknown,
    /// The level's countdown ran out before the step came.
    TimeUp {
        /// The countdown.
        countdown_ms: u64,
        /// When the step came.
        at_ms: u64,
    },
    /// The log is full ([`IssuedDeal::max_steps`]).
    Full {
        /// Its length.
        steps: usize,
    },
}

/// A game that `POST /api/finish` saw cleared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// Milliseconds from the deal to the finish, on the server's clock.
    pub elapsed_ms: u64,
    /// The steps that cleared the board, as JSON (what the score stores).
    pub steps: String,
}

/// A ticket's record.
#[derive(Clone, Debug)]
pub struct Issued {
    /// The deal.
    pub deal: IssuedDeal,
    /// When it was issued, on the server's clock.
    pub at_ms: u64,
    /// Its finish, once seen.
    pub finished: Option<Finished>,
    /// Whether its score is stored (a second one is refused).
    pub stored: bool,
    /// The steps sent with the ticket, in the order they came.
    pub log: Vec<Logged>,
}

impl Issued {
    /// When its last step came, on the server's clock (its deal's time
    /// when none has).
    pub fn last_step_at_ms(&self) -> u64 {
        self.at_ms + self.log.last().map_or(0, |logged| logged.at_ms)
    }
}

/// The tickets of the games under way.
#[derive(Debug)]
pub struct Tickets {
    clock: Arc<dyn Clock>,
    /// Keys for the tickets' random bits.
    keys: [RandomState; 2],
    counter: AtomicU64,
    map: Mutex<Map>,
}

#[derive(Debug, Default)]
struct Map {
    by_id: BTreeMap<u128, Issued>,
    /// Tickets in the order they were issued, to forget the oldest.
    order: VecDeque<u128>,
    /// Steps logged over all tickets kept.
    steps: usize,
}

impl Map {
    /// Forgets the oldest tickets until at most `tickets` are kept, with
    /// at most `steps` logged steps in all.
    fn shrink_to(&mut self, tickets: usize, steps: usize) {
        while self.order.len() > tickets || self.steps > steps {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(gone) = self.by_id.remove(&old) {
                self.steps -= gone.log.len();
            }
        }
    }
}

impl Tickets {
    /// No tickets yet, on `clock`.
    pub fn new(clock: Arc<dyn Clock>) -> Tickets {
        Tickets {
            clock,
            keys: [RandomState::new(), RandomState::new()],
            counter: AtomicU64::new(0),
            map: Mutex::new(Map::default()),
        }
    }

    /// The server's clock now.
    pub fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// A number no one can guess: 64 bits from each of two hashers with
    /// random keys, over a counter and the time.
    fn fresh(&self) -> u64 {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        self.keys[0].hash_one((n, nanos))
    }

    /// A seed of the server's choosing (at most `max`).
    pub fn seed(&self, max: u64) -> u64 {
        self.fresh() % (max + 1)
    }

    /// A ticket for `deal`, issued now.
    pub fn issue(&self, deal: IssuedDeal) -> String {
        let id = (u128::from(self.fresh()) << 64) | u128::from(self.keys[1].hash_one(self.fresh()));
        let issued = Issued {
            deal,
            at_ms: self.now_ms(),
            finished: None,
            stored: false,
            log: Vec::new(),
        };
        let mut map = self
            .map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.shrink_to(CAPACITY - 1, STEPS_CAPACITY);
        map.by_id.insert(id, issued);
        map.order.push_back(id);
        format!("{id:032x}")
    }

    /// The ticket's record, unless it is unknown, spent or too old.
    pub fn get(&self, ticket: &str) -> Option<Issued> {
        let id = parse(ticket)?;
        let map = self
            .map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let issued = map.by_id.get(&id)?;
        let age = self.now_ms().saturating_sub(issued.at_ms);
        (u128::from(age) < LIFETIME.as_millis()).then(|| issued.clone())
    }

    /// Logs `step` on the ticket, timed now: the time from the deal, or
    /// why not (the level's countdown ran out, the log is full, no such
    /// ticket). The time is read under the lock, so that the log is in
    /// the order of its times.
    pub fn log(&self, ticket: &str, step: LoggedStep) -> Result<u64, LogError> {
        let id = parse(ticket).ok_or(LogError::Unknown)?;
        let mut map = self
            .map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = self.now_ms();
        let issued = map.by_id.get_mut(&id).ok_or(LogError::Unknown)?;
        let at_ms = now.saturating_sub(issued.at_ms);
        if u128::from(at_ms) >= LIFETIME.as_millis() {
            return Err(LogError::Unknown);
        }
        if let Some(countdown_ms) = issued.deal.countdown_ms().filter(|&c| at_ms > c) {
            return Err(LogError::TimeUp {
                countdown_ms,
                at_ms,
            });
        }
        if issued.log.len() >= issued.deal.max_steps() {
            return Err(LogError::Full {
                steps: issued.log.len(),
            });
        }
        issued.log.push(Logged { at_ms, step });
        map.steps += 1;
        map.shrink_to(CAPACITY, STEPS_CAPACITY);
        Ok(at_ms)
    }

    /// Records the ticket's finish (the first one stands).
    pub fn finish(&self, ticket: &str, finished: Finished) {
        let Some(id) = parse(ticket) else { return };
        let mut map = self
            .map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(issued) = map.by_id.get_mut(&id) {
            issued.finished.get_or_insert(finished);
        }
    }

    /// Marks the ticket's score stored.
    pub fn stored(&self, ticket: &str) {
        let Some(id) = parse(ticket) else { return };
        let mut map = self
            .map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(issued) = map.by_id.get_mut(&id) {
            issued.stored = true;
        }
    }
}

/// A ticket's number from its 32 hex digits.
fn parse(ticket: &str) -> Option<u128> {
    (ticket.len() == 32)
        .then(|| u128::from_str_radix(ticket, 16).ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(seed: u64) -> IssuedDeal {
        IssuedDeal {
            rows: 2,
            cols: 2,
            kinds: 1,
            seed,
            rated_seed: None,
            rules: Rules::judge(),
            level: None,
        }
    }

    #[test]
    fn tickets_are_kept_finished_once_and_stored_once() {
        let tickets = Tickets::new(Arc::new(ManualClock::default()));
        let a = tickets.issue(deal(1));
        let b = tickets.issue(deal(2));
        assert_ne!(a, b);
        assert_eq!(a.len(), 32);
        assert_eq!(tickets.get(&a).unwrap().deal, deal(1));
        assert!(tickets.get("0123").is_none() && tickets.get(&"z".repeat(32)).is_none());
        let first = Finished {
            elapsed_ms: 5,
            steps: "[]".to_owned(),
        };
        tickets.finish(&a, first.clone());
        tickets.finish(
            &a,
            Finished {
                elapsed_ms: 9,
                steps: "[1]".to_owned(),
            },
        );
        assert_eq!(tickets.get(&a).unwrap().finished, Some(first));
        assert!(!tickets.get(&a).unwrap().stored);
        tickets.stored(&a);
        assert!(tickets.get(&a).unwrap().stored);
        assert!(!tickets.get(&b).unwrap().stored);
    }

    #[test]
    fn a_ticket_lasts_a_day() {
        let clock = Arc::new(ManualClock::default());
        let tickets = Tickets::new(clock.clone());
        let t = tickets.issue(deal(1));
        clock.advance(u64::try_from(LIFETIME.as_millis()).unwrap() - 1);
        assert!(tickets.get(&t).is_some());
        clock.advance(1);
        assert!(tickets.get(&t).is_none());
    }

    #[test]
    fn a_level_logs_its_steps_on_the_server_clock_until_its_countdown_runs_out() {
        let clock = Arc::new(ManualClock::default());
        let tickets = Tickets::new(clock.clone());
        // Level 2 (from 0: 1) of 2 × 2: 10 s and 3.4 s for its 2 pairs.
        let level = IssuedDeal {
            level: Some(1),
            ..deal(7)
        };
        assert_eq!(level.countdown_ms(), Some(16_800));
        clock.advance(500);
        let t = tickets.issue(level);
        let pair = LoggedStep::Remove {
            a: Pos::new(0, 0),
            b: Pos::new(0, 1),
            route: None,
        };
        clock.advance(1_200);
        assert_eq!(tickets.log(&t, pair), Ok(1_200));
        assert_eq!(tickets.log(&t, LoggedStep::Refused), Ok(1_200));
        clock.advance(15_600);
        assert_eq!(tickets.log(&t, LoggedStep::Shuffle { seed: 3 }), Ok(16_800));
        clock.advance(1);
        assert_eq!(
            tickets.log(&t, pair),
            Err(LogError::TimeUp {
                countdown_ms: 16_800,
                at_ms: 16_801
            })
        );
        let issued = tickets.get(&t).unwrap();
        assert_eq!(
            issued.log.iter().map(|l| l.at_ms).collect::<Vec<_>>(),
            [1_200, 1_200, 16_800]
        );
        assert_eq!(issued.last_step_at_ms(), 500 + 16_800);
        assert_eq!(tickets.log(&"0".repeat(32), pair), Err(LogError::Unknown));
        assert_eq!(tickets.log("nonsense", pair), Err(LogError::Unknown));
    }

    #[test]
    fn the_oldest_tickets_go_first_when_too_many_steps_are_kept() {
        let tickets = Tickets::new(Arc::new(ManualClock::default()));
        let old = tickets.issue(deal(1));
        let new = tickets.issue(deal(2));
        for _ in 0..3 {
            tickets.log(&old, LoggedStep::Refused).unwrap();
            tickets.log(&new, LoggedStep::Refused).unwrap();
        }
        let mut map = tickets.map.lock().unwrap();
        assert_eq!(map.steps, 6);
        map.shrink_to(CAPACITY, 5);
        assert_eq!((map.steps, map.order.len()), (3, 1));
        assert!(map.by_id.contains_key(&parse(&new).unwrap()));
        map.shrink_to(0, 5);
        assert_eq!((map.steps, map.order.len(), map.by_id.len()), (0, 0, 0));
    }

    #[test]
    fn a_classic_log_has_no_countdown_but_a_length() {
        let clock = Arc::new(ManualClock::default());
        let tickets = Tickets::new(clock.clone());
        let t = tickets.issue(deal(1));
        clock.advance(10_000_000);
        for _ in 0..16 {
            assert!(tickets.log(&t, LoggedStep::Refused).is_ok());
        }
        assert_eq!(
            tickets.log(&t, LoggedStep::Refused),
            Err(LogError::Full { steps: 16 })
        );
    }
}
