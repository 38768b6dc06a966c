//! Ranked games, timed by the server: `POST /api/deal` answers a deal whose
//! seed the server chose with a *ticket*; `POST /api/finish` replays the
//! game under that ticket and records the time from the deal to the
//! finish, as the server's clock measured it; `POST /api/scores` stores
//! that time, never one the page counted.
//!
//! Tickets live in memory, at most [`CAPACITY`] of them (the oldest go
//! first) and for at most [`LIFETIME`]: a restarted server forgets its
//! tickets, and a game dealt before it cannot be ranked.

use std::collections::{BTreeMap, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lianliankan::Rules;

/// Tickets kept at once; beyond, the oldest is forgotten.
pub const CAPACITY: usize = 100_000;

/// How long a ticket lasts: a day, the longest game a score may record.
pub const LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

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
        };
        let mut map = self
            .map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while map.order.len() >= CAPACITY {
            if let Some(old) = map.order.pop_front() {
                map.by_id.remove(&old);
            }
        }
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
}
