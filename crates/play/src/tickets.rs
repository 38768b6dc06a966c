//! Ranked games, logged live and timed by the server.
//!
//! `POST /api/deal` answers a deal whose seed the server chose with a
//! *ticket*. Every step of that game is then sent with the ticket — a
//! removal, a refused pick, a hint, a shuffle, an undo or redo, a solve, a
//! pause and its resume — and *logged* on it as it happens, at its time on
//! the server's clock ([`Tickets::log`]). `POST /api/finish` (a classic
//! game) and `POST /api/runs` (a run of levels) replay the log; nothing the
//! page counted or timed is believed.
//!
//! **The game's clock** is the server's time since the deal, less the time
//! the game spent paused (up to [`PAUSE_CAP_MS`] a game; a pause beyond
//! that counts). A step sent while the game is paused resumes it first. A
//! level's countdown runs on that clock: a step after it is refused.
//!
//! **Keeping them.** Tickets live in memory, at most [`CAPACITY`] of them
//! holding at most [`STEPS_CAPACITY`] logged steps in all (the oldest
//! tickets go first), each for at most [`LIFETIME`]. With a database
//! ([`Tickets::with_store`]) every ticket and step is also written to it as
//! it is logged, and read back when the server starts: a server killed and
//! started again lets a game under way go on, ranked. The clock is then the
//! wall clock, so that a restart keeps the times.

use std::collections::{BTreeMap, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use grid_core::Pos;
use lianliankan::{Difficulty, Route, Rules};
use serde::{Deserialize, Serialize};

use crate::level_rules::budget_ms;
use crate::score_db::{SavedTicket, Store};

/// Tickets kept at once; beyond, the oldest is forgotten.
pub const CAPACITY: usize = 100_000;

/// Logged steps kept at once, over all tickets (some tens of MB); beyond,
/// the oldest tickets are forgotten.
pub const STEPS_CAPACITY: usize = 2_000_000;

/// How long a ticket lasts: a day, the longest game a score may record.
pub const LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

/// The paused time a game may leave off its clock: 10 minutes. A pause
/// hides the board, but a page cannot be made to forget it, so a pause is
/// bounded: time paused beyond this counts as time played.
pub const PAUSE_CAP_MS: u64 = 10 * 60 * 1000;

/// What a request with a ticket the server does not know is told.
pub const UNKNOWN_TICKET: &str = "unknown ticket: a ranked game is a deal the server seeded \
     (POST /api/deal without a seed), and its ticket lasts a day";

/// The server's clock, in milliseconds since some start: the real one, or
/// one a test moves by hand.
pub trait Clock: Send + Sync + std::fmt::Debug {
    /// Milliseconds since the clock's start.
    fn now_ms(&self) -> u64;
}

/// The real clock: the wall clock, in ms since 1970 (so that a server
/// started again times the tickets it read back on the same clock).
#[derive(Debug, Default)]
pub struct RealClock;

impl RealClock {
    /// The wall clock.
    pub fn new() -> RealClock {
        RealClock
    }
}

impl Clock for RealClock {
    fn now_ms(&self) -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }
}

/// A clock moved by hand (tests of timed scores): it stands still until
/// [`ManualClock::advance`] moves it. Read as the wall clock (the daily
/// deal's date), the default one is at 1970-01-01T00:00:00Z.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicU64);

impl ManualClock {
    /// A clock standing at `ms` milliseconds after 1970-01-01T00:00:00Z.
    pub fn at(ms: u64) -> ManualClock {
        ManualClock(AtomicU64::new(ms))
    }

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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The difficulty asked for (`None`: any solvable deal).
    #[serde(with = "difficulty_name")]
    pub difficulty: Option<Difficulty>,
    /// The rules.
    pub rules: Rules,
    /// For a level of a run, its number from 0 (level L plays the L-th
    /// gravity mode, the L-th difficulty and countdown); `None` for a
    /// classic game.
    pub level: Option<usize>,
    /// For the daily deal, its day (`YYYY-MM-DD`, the server's UTC date
    /// when it was dealt): its score enters that day's table, whenever the
    /// game is finished. `None` for every other deal (and for the tickets
    /// saved before the daily deal existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
}

/// A difficulty as its name.
mod difficulty_name {
    use lianliankan::Difficulty;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(d: &Option<Difficulty>, s: S) -> Result<S::Ok, S::Error> {
        match d {
            Some(d) => s.serialize_some(d.name()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Difficulty>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|name| name.parse().map_err(serde::de::Error::custom))
            .transpose()
    }
}

impl IssuedDeal {
    /// The level's countdown, in ms on the game's clock; `None` for a
    /// classic game, which has none.
    pub fn countdown_ms(&self) -> Option<u64> {
        self.level
            .map(|level| budget_ms(level, self.rows * self.cols / 2))
    }

    /// The most steps its log keeps: a removal takes two tiles, and each
    /// pick of a refused pair, a hint or a shuffle is a click, so four a
    /// cell is more than a game makes; pauses beside them are bounded
    /// alike.
    pub fn max_steps(&self) -> usize {
        4 * self.rows * self.cols + 64
    }
}

/// A step of a game as the server saw it, sent with the game's ticket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LoggedStep {
    /// A pair removed (`POST /api/remove`): its cells on the board as it
    /// was, and the slide of `a`, if one was made.
    Remove {
        /// The first tile picked.
        a: Pos,
        /// The second.
        b: Pos,
        /// The route `a` slid along first, under sliding tiles.
        route: Option<Route>,
    },
    /// A shuffle (`POST /api/shuffle`), with the seed the server chose.
    Shuffle {
        /// Its seed.
        seed: u64,
    },
    /// A pair that could not go (a refused pick).
    Refused,
    /// A hint asked for (`POST /api/hint`).
    Hint,
    /// A solve asked for (`POST /api/solve`).
    Solve,
    /// The last removal or shuffle taken back (`POST /api/undo`).
    Undo,
    /// The last step taken back made again (`POST /api/redo`).
    Redo,
    /// The game paused (`POST /api/pause`): its clock stops.
    Pause,
    /// The game resumed: its clock runs again.
    Resume,
}

impl LoggedStep {
    /// Why this step makes a classic game *assisted* (it keeps its time
    /// but enters no table, as in KShisen), or `None`.
    pub fn assistance(self) -> Option<&'static str> {
        match self {
            LoggedStep::Hint => Some("a hint"),
            LoggedStep::Solve => Some("a solve"),
            LoggedStep::Undo => Some("an undo"),
            LoggedStep::Redo => Some("a redo"),
            LoggedStep::Shuffle { .. } => Some("a shuffle"),
            _ => None,
        }
    }
}

/// A logged step and when it came.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    /// Milliseconds from the deal to the step on the game's clock (the
    /// server's, paused time left out).
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
    /// The game is finished: nothing changes it any more.
    Finished,
}

/// Why a ticket was not issued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IssueError {
    /// The level before (`after`) is not a ticket the server knows.
    UnknownBefore,
    /// The ticket named as the level before is not the level before.
    NotTheLevelBefore {
        /// The level it is (from 0), or `None` for a classic game.
        is: Option<usize>,
    },
}

/// A game that `POST /api/finish` saw cleared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    /// Milliseconds from the deal to the finish on the game's clock.
    pub elapsed_ms: u64,
    /// The steps that cleared the board, as JSON (what the score stores).
    pub steps: String,
    /// Why the game enters no table (assisted, faster than a person), or
    /// `None`: it is ranked.
    pub unranked: Option<String>,
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
    /// For a level after the first: the ticket of the level before.
    pub before: Option<String>,
    /// For a level: whether more than one deal named it as the level
    /// before (the next level was dealt again), which takes its run out
    /// of the tables.
    pub dealt_again: bool,
    /// When its last step came, on the server's clock (its deal's time
    /// when none has).
    pub last_step_at_ms: u64,
    /// Whether a level after it was dealt (naming it as the level before).
    next_dealt: bool,
    /// Since when it is paused, on the server's clock.
    paused_since: Option<u64>,
    /// The time paused before that.
    paused_ms: u64,
}

impl Issued {
    fn new(deal: IssuedDeal, at_ms: u64, before: Option<String>) -> Issued {
        Issued {
            deal,
            at_ms,
            finished: None,
            stored: false,
            log: Vec::new(),
            before,
            dealt_again: false,
            next_dealt: false,
            last_step_at_ms: at_ms,
            paused_since: None,
            paused_ms: 0,
        }
    }

    /// The time it has spent paused by `now` (the server's clock), all of
    /// it, beyond the cap included.
    pub fn paused_ms(&self, now: u64) -> u64 {
        self.paused_ms
            + self
                .paused_since
                .map_or(0, |since| now.saturating_sub(since))
    }

    /// Whether it is paused.
    pub fn is_paused(&self) -> bool {
        self.paused_since.is_some()
    }

    /// Its clock at `now` (the server's): the time since the deal, less
    /// the time paused up to [`PAUSE_CAP_MS`].
    pub fn game_ms(&self, now: u64) -> u64 {
        let since_deal = now.saturating_sub(self.at_ms);
        since_deal.saturating_sub(self.paused_ms(now).min(PAUSE_CAP_MS))
    }

    /// Appends `step`, come at `now`, and keeps the pause's account: the
    /// steps appended (a step while paused resumes the game first; a pause
    /// while paused, or a resume while not, is no step).
    fn append(&mut self, step: LoggedStep, now: u64) -> Vec<Logged> {
        let mut appended = Vec::new();
        match (step, self.paused_since) {
            (LoggedStep::Pause, Some(_)) | (LoggedStep::Resume, None) => return appended,
            (LoggedStep::Pause, None) => {
                appended.push(Logged {
                    at_ms: self.game_ms(now),
                    step,
                });
                self.paused_since = Some(now);
            }
            (_, Some(since)) => {
                self.paused_ms += now.saturating_sub(since);
                self.paused_since = None;
                appended.push(Logged {
                    at_ms: self.game_ms(now),
                    step: LoggedStep::Resume,
                });
                if step != LoggedStep::Resume {
                    appended.push(Logged {
                        at_ms: self.game_ms(now),
                        step,
                    });
                }
            }
            (_, None) => appended.push(Logged {
                at_ms: self.game_ms(now),
                step,
            }),
        }
        self.log.extend(&appended);
        self.last_step_at_ms = now;
        appended
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
    /// Where tickets and steps are written as they come, if anywhere.
    store: Option<Arc<Store>>,
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
    /// at most `steps` logged steps in all: the tickets forgotten.
    fn shrink_to(&mut self, tickets: usize, steps: usize) -> Vec<u128> {
        let mut gone = Vec::new();
        while self.order.len() > tickets || self.steps > steps {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(issued) = self.by_id.remove(&old) {
                self.steps -= issued.log.len();
            }
            gone.push(old);
        }
        gone
    }

    fn insert(&mut self, id: u128, issued: Issued) {
        self.steps += issued.log.len();
        self.by_id.insert(id, issued);
        self.order.push_back(id);
    }
}

impl Tickets {
    /// No tickets yet, on `clock`, kept in memory only.
    pub fn new(clock: Arc<dyn Clock>) -> Tickets {
        Tickets {
            clock,
            keys: [RandomState::new(), RandomState::new()],
            counter: AtomicU64::new(0),
            map: Mutex::new(Map::default()),
            store: None,
        }
    }

    /// Tickets on `clock` written to `store` as they come, starting with
    /// the ones it holds that are less than a day old (the older ones are
    /// deleted from it). A ticket the store cannot read back is left out.
    ///
    /// # Errors
    /// SQLite's, when the store cannot be read.
    pub fn with_store(clock: Arc<dyn Clock>, store: Arc<Store>) -> rusqlite::Result<Tickets> {
        let mut tickets = Tickets::new(clock);
        let now = tickets.now_ms();
        let oldest = now.saturating_sub(lifetime_ms());
        let mut map = Map::default();
        for saved in store.load_tickets(oldest)? {
            if let Some((id, issued)) = restore(saved) {
                map.insert(id, issued);
            }
        }
        let befores: Vec<u128> = map
            .by_id
            .values()
            .filter_map(|issued| issued.before.as_deref().and_then(parse))
            .collect();
        for before in befores {
            if let Some(previous) = map.by_id.get_mut(&before) {
                previous.next_dealt = true;
            }
        }
        map.shrink_to(CAPACITY, STEPS_CAPACITY);
        tickets.map = Mutex::new(map);
        tickets.store = Some(store);
        Ok(tickets)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Map> {
        self.map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Writes with `write` to the store, if there is one. A failed write
    /// loses the ticket after a restart, not now: it is not an error of
    /// the request.
    fn save(&self, write: impl FnOnce(&Store) -> rusqlite::Result<()>) {
        if let Some(store) = &self.store {
            if let Err(e) = write(store) {
                eprintln!("play: a ticket could not be written to the database: {e}");
            }
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

    /// A ticket for `deal`, issued now; for a level after the first, the
    /// ticket of the level before (`before`), which must be that level's.
    /// A second deal after the same level is issued too, but marks that
    /// level dealt again ([`Issued::dealt_again`]).
    pub fn issue(&self, deal: IssuedDeal, before: Option<&str>) -> Result<String, IssueError> {
        let id = (u128::from(self.fresh()) << 64) | u128::from(self.keys[1].hash_one(self.fresh()));
        let ticket = format!("{id:032x}");
        let now = self.now_ms();
        let mut map = self.lock();
        if let Some(before) = before {
            let previous = parse(before)
                .and_then(|b| map.by_id.get_mut(&b))
                .filter(|issued| in_lifetime(issued, now))
                .ok_or(IssueError::UnknownBefore)?;
            let wanted = deal.level.and_then(|l| l.checked_sub(1));
            if previous.deal.level.is_none() || previous.deal.level != wanted {
                return Err(IssueError::NotTheLevelBefore {
                    is: previous.deal.level,
                });
            }
            if previous.next_dealt {
                previous.dealt_again = true;
                self.save(|store| store.mark_dealt_again(before));
            }
            previous.next_dealt = true;
        }
        let issued = Issued::new(deal, now, before.map(str::to_owned));
        let saved = save_form(&ticket, &issued);
        let gone = map.shrink_to(CAPACITY - 1, STEPS_CAPACITY);
        map.insert(id, issued);
        drop(map);
        self.save(|store| {
            store.forget_tickets(
                &gone
                    .iter()
                    .map(|id| format!("{id:032x}"))
                    .collect::<Vec<_>>(),
            )?;
            store.save_ticket(&saved)
        });
        Ok(ticket)
    }

    /// The ticket's record, unless it is unknown or too old.
    pub fn get(&self, ticket: &str) -> Option<Issued> {
        let id = parse(ticket)?;
        let now = self.now_ms();
        let map = self.lock();
        map.by_id
            .get(&id)
            .filter(|issued| in_lifetime(issued, now))
            .cloned()
    }

    /// Whether the ticket is a level's (`Some(true)`) or a classic game's,
    /// unless it is unknown or too old: read in place, without copying its
    /// log (a check every hint makes).
    pub fn is_level(&self, ticket: &str) -> Option<bool> {
        let id = parse(ticket)?;
        let now = self.now_ms();
        let map = self.lock();
        map.by_id
            .get(&id)
            .filter(|issued| in_lifetime(issued, now))
            .map(|issued| issued.deal.level.is_some())
    }

    /// Logs `step` on the ticket, timed now: the game's time of the step,
    /// or why not (a finished game, the level's countdown ran out, the log
    /// is full, no such ticket). The time is read under the lock, so that
    /// the log is in the order of its times.
    pub fn log(&self, ticket: &str, step: LoggedStep) -> Result<u64, LogError> {
        let id = parse(ticket).ok_or(LogError::Unknown)?;
        let mut map = self.lock();
        let now = self.now_ms();
        let issued = map
            .by_id
            .get_mut(&id)
            .filter(|issued| in_lifetime(issued, now))
            .ok_or(LogError::Unknown)?;
        if issued.finished.is_some() || issued.stored {
            return Err(LogError::Finished);
        }
        let at_ms = issued.game_ms(now);
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
        let first = issued.log.len();
        let appended = issued.append(step, now);
        let at_ms = appended.last().map_or(at_ms, |logged| logged.at_ms);
        map.steps += appended.len();
        let gone = map.shrink_to(CAPACITY, STEPS_CAPACITY);
        self.save(|store| {
            for (n, logged) in appended.iter().enumerate() {
                store.save_step(ticket, first + n, now, &step_form(logged))?;
            }
            store.forget_tickets(
                &gone
                    .iter()
                    .map(|id| format!("{id:032x}"))
                    .collect::<Vec<_>>(),
            )
        });
        Ok(at_ms)
    }

    /// Records the ticket's finish (the first one stands): the finish kept.
    pub fn finish(&self, ticket: &str, finished: Finished) -> Option<Finished> {
        let id = parse(ticket)?;
        let mut map = self.lock();
        let issued = map.by_id.get_mut(&id)?;
        if issued.finished.is_none() {
            issued.finished = Some(finished.clone());
            self.save(|store| {
                store.save_finish(
                    ticket,
                    &serde_json::to_string(&finished).unwrap_or_default(),
                )
            });
        }
        issued.finished.clone()
    }

    /// Marks the ticket's score stored.
    pub fn stored(&self, ticket: &str) {
        let Some(id) = parse(ticket) else { return };
        let mut map = self.lock();
        if let Some(issued) = map.by_id.get_mut(&id) {
            issued.stored = true;
            self.save(|store| store.mark_stored(ticket));
        }
    }
}

fn lifetime_ms() -> u64 {
    u64::try_from(LIFETIME.as_millis()).unwrap_or(u64::MAX)
}

/// Whether a ticket is less than a day old at `now`.
fn in_lifetime(issued: &Issued, now: u64) -> bool {
    now.saturating_sub(issued.at_ms) < lifetime_ms()
}

/// A ticket's number from its 32 hex digits.
fn parse(ticket: &str) -> Option<u128> {
    (ticket.len() == 32)
        .then(|| u128::from_str_radix(ticket, 16).ok())
        .flatten()
}

/// What the store keeps of a ticket when it is issued.
fn save_form(ticket: &str, issued: &Issued) -> SavedTicket {
    SavedTicket {
        ticket: ticket.to_owned(),
        deal: serde_json::to_string(&issued.deal).unwrap_or_default(),
        at_ms: issued.at_ms,
        before: issued.before.clone(),
        dealt_again: issued.dealt_again,
        finished: None,
        stored: false,
        steps: Vec::new(),
    }
}

/// A logged step as the store keeps it.
fn step_form(logged: &Logged) -> String {
    serde_json::to_string(logged).unwrap_or_default()
}

/// A ticket read back from the store: its record, with the pause's
/// account made again from its steps; `None` when it cannot be read.
fn restore(saved: SavedTicket) -> Option<(u128, Issued)> {
    let id = parse(&saved.ticket)?;
    let deal: IssuedDeal = serde_json::from_str(&saved.deal).ok()?;
    let mut issued = Issued::new(deal, saved.at_ms, saved.before);
    issued.dealt_again = saved.dealt_again;
    issued.stored = saved.stored;
    for (wall_ms, step) in saved.steps {
        let logged: Logged = serde_json::from_str(&step).ok()?;
        match logged.step {
            LoggedStep::Pause => issued.paused_since = Some(wall_ms),
            LoggedStep::Resume => {
                if let Some(since) = issued.paused_since.take() {
                    issued.paused_ms += wall_ms.saturating_sub(since);
                }
            }
            _ => {}
        }
        issued.log.push(logged);
        issued.last_step_at_ms = wall_ms;
    }
    issued.finished = match saved.finished {
        Some(text) => Some(serde_json::from_str(&text).ok()?),
        None => None,
    };
    Some((id, issued))
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
            difficulty: None,
            rules: Rules::judge(),
            level: None,
            daily: None,
        }
    }

    #[test]
    fn tickets_are_kept_finished_once_and_stored_once() {
        let tickets = Tickets::new(Arc::new(ManualClock::default()));
        let a = tickets.issue(deal(1), None).unwrap();
        let b = tickets.issue(deal(2), None).unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), 32);
        assert_eq!(tickets.get(&a).unwrap().deal, deal(1));
        assert!(tickets.get("0123").is_none() && tickets.get(&"z".repeat(32)).is_none());
        let first = Finished {
            elapsed_ms: 5,
            steps: "[]".to_owned(),
            unranked: None,
        };
        tickets.finish(&a, first.clone());
        tickets.finish(
            &a,
            Finished {
                elapsed_ms: 9,
                steps: "[1]".to_owned(),
                unranked: None,
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
        let t = tickets.issue(deal(1), None).unwrap();
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
        let t = tickets.issue(level, None).unwrap();
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
        assert_eq!(issued.last_step_at_ms, 500 + 16_800);
        assert_eq!(tickets.log(&"0".repeat(32), pair), Err(LogError::Unknown));
        assert_eq!(tickets.log("nonsense", pair), Err(LogError::Unknown));
    }

    #[test]
    fn the_oldest_tickets_go_first_when_too_many_steps_are_kept() {
        let tickets = Tickets::new(Arc::new(ManualClock::default()));
        let old = tickets.issue(deal(1), None).unwrap();
        let new = tickets.issue(deal(2), None).unwrap();
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
        let t = tickets.issue(deal(1), None).unwrap();
        clock.advance(10_000_000);
        for _ in 0..80 {
            assert!(tickets.log(&t, LoggedStep::Refused).is_ok());
        }
        assert_eq!(
            tickets.log(&t, LoggedStep::Refused),
            Err(LogError::Full { steps: 80 })
        );
    }

    #[test]
    fn a_pause_stops_the_clock_up_to_its_cap_and_any_step_resumes() {
        let clock = Arc::new(ManualClock::default());
        let tickets = Tickets::new(clock.clone());
        let t = tickets.issue(deal(1), None).unwrap();
        clock.advance(1_000);
        assert_eq!(tickets.log(&t, LoggedStep::Pause), Ok(1_000));
        clock.advance(5_000);
        // Pausing again changes nothing; the clock stands at 1 s.
        assert_eq!(tickets.log(&t, LoggedStep::Pause), Ok(1_000));
        assert!(tickets.get(&t).unwrap().is_paused());
        assert_eq!(tickets.log(&t, LoggedStep::Resume), Ok(1_000));
        clock.advance(500);
        assert_eq!(tickets.log(&t, LoggedStep::Refused), Ok(1_500));
        // A step while paused resumes the game first.
        tickets.log(&t, LoggedStep::Pause).unwrap();
        clock.advance(2_000);
        assert_eq!(tickets.log(&t, LoggedStep::Hint), Ok(1_500));
        let issued = tickets.get(&t).unwrap();
        let steps: Vec<_> = issued.log.iter().map(|l| (l.at_ms, l.step)).collect();
        assert_eq!(
            steps,
            [
                (1_000, LoggedStep::Pause),
                (1_000, LoggedStep::Resume),
                (1_500, LoggedStep::Refused),
                (1_500, LoggedStep::Pause),
                (1_500, LoggedStep::Resume),
                (1_500, LoggedStep::Hint),
            ]
        );
        assert_eq!(issued.paused_ms(clock.now_ms()), 7_000);
        // Beyond the cap, a pause counts as time played.
        tickets.log(&t, LoggedStep::Pause).unwrap();
        clock.advance(PAUSE_CAP_MS);
        let issued = tickets.get(&t).unwrap();
        assert_eq!(issued.game_ms(clock.now_ms()), 1_500 + 7_000);
    }

    #[test]
    fn a_finished_game_logs_nothing_more() {
        let tickets = Tickets::new(Arc::new(ManualClock::default()));
        let t = tickets.issue(deal(1), None).unwrap();
        tickets.finish(
            &t,
            Finished {
                elapsed_ms: 1,
                steps: "[]".to_owned(),
                unranked: None,
            },
        );
        for step in [LoggedStep::Undo, LoggedStep::Hint, LoggedStep::Pause] {
            assert_eq!(tickets.log(&t, step), Err(LogError::Finished));
        }
    }

    #[test]
    fn each_level_names_the_one_before_and_a_second_deal_after_it_is_marked() {
        let tickets = Tickets::new(Arc::new(ManualClock::default()));
        let level = |l: usize| IssuedDeal {
            level: Some(l),
            ..deal(l as u64)
        };
        let first = tickets.issue(level(0), None).unwrap();
        let classic = tickets.issue(deal(9), None).unwrap();
        assert_eq!(
            tickets.issue(level(1), Some(&classic)),
            Err(IssueError::NotTheLevelBefore { is: None })
        );
        assert_eq!(
            tickets.issue(level(2), Some(&first)),
            Err(IssueError::NotTheLevelBefore { is: Some(0) })
        );
        assert_eq!(
            tickets.issue(level(1), Some(&"0".repeat(32))),
            Err(IssueError::UnknownBefore)
        );
        let second = tickets.issue(level(1), Some(&first)).unwrap();
        assert_eq!(tickets.get(&second).unwrap().before, Some(first.clone()));
        assert!(!tickets.get(&first).unwrap().dealt_again);
        tickets.issue(level(1), Some(&first)).unwrap();
        assert!(tickets.get(&first).unwrap().dealt_again);
        assert!(!tickets.get(&second).unwrap().dealt_again);
    }

    #[test]
    fn tickets_written_to_the_store_go_on_after_a_restart() {
        let dir = std::env::temp_dir().join(format!("play-tickets-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("restart.sqlite3");
        let _ = std::fs::remove_file(&path);
        let clock = Arc::new(ManualClock::default());
        let (t, old, level, next) = {
            let store = Arc::new(Store::open(&path).unwrap());
            let tickets = Tickets::with_store(clock.clone(), store).unwrap();
            let old = tickets.issue(deal(3), None).unwrap();
            clock.advance(lifetime_ms() / 2);
            let t = tickets.issue(deal(4), None).unwrap();
            let pair = LoggedStep::Remove {
                a: Pos::new(0, 0),
                b: Pos::new(0, 1),
                route: None,
            };
            clock.advance(700);
            tickets.log(&t, pair).unwrap();
            tickets.log(&t, LoggedStep::Pause).unwrap();
            clock.advance(3_000);
            let level = tickets
                .issue(
                    IssuedDeal {
                        level: Some(0),
                        ..deal(5)
                    },
                    None,
                )
                .unwrap();
            let next = IssuedDeal {
                level: Some(1),
                ..deal(6)
            };
            tickets.issue(next.clone(), Some(&level)).unwrap();
            tickets.issue(next.clone(), Some(&level)).unwrap();
            (t, old, level, next)
        };
        // A new server on the same file: the game goes on, paused as it was.
        clock.advance(1_000);
        let store = Arc::new(Store::open(&path).unwrap());
        let tickets = Tickets::with_store(clock.clone(), store).unwrap();
        let issued = tickets.get(&t).unwrap();
        assert_eq!(issued.deal, deal(4));
        assert_eq!(issued.log.len(), 2);
        assert!(issued.is_paused());
        assert_eq!(issued.game_ms(clock.now_ms()), 700);
        assert_eq!(tickets.log(&t, LoggedStep::Resume), Ok(700));
        assert!(tickets.get(&level).unwrap().dealt_again);
        assert!(tickets.get(&old).is_some());
        // A third deal after the level is seen as one more.
        tickets.issue(next, Some(&level)).unwrap();
        // A day after its deal, a ticket is gone from the store too.
        clock.advance(lifetime_ms() / 2);
        drop(tickets);
        let store = Arc::new(Store::open(&path).unwrap());
        let tickets = Tickets::with_store(clock.clone(), store).unwrap();
        assert!(tickets.get(&old).is_none());
        assert!(tickets.get(&t).is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
