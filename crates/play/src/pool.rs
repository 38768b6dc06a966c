//! A pool of rated deals, so that a ranked deal of a difficulty is dealt at
//! once: for each setting asked for (size, kinds, rules, difficulty) the
//! server keeps [`Limits::pool`](crate::Limits) deals made ahead, found by
//! the same search as a live deal ([`crate::rated::search`], among the
//! setting's bands, measured first when the table lacks them) but without
//! its time caps (only its candidate cap), on the heavy-work pool at the
//! lowest priority. A deal taken is made again in the background.
//!
//! Only a deal whose seed the server chooses (a ranked one) comes from the
//! pool: the seed is the server's either way, and the ticket records it
//! and the rated candidate, so that the replay deals the same board. A
//! setting is asked for by its first ranked deal (dealt live, as before
//! there was a pool); the server also fills the first visit's settings as
//! it starts. With a database the pool and the settings asked for are
//! kept in it, so a restart starts full.

use std::collections::BTreeMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lianliankan::{Board, Cancel, Difficulty, GenerateSpec, Gravity, Rules};
use serde::{Deserialize, Serialize};

use crate::bands::{self, BandsBook};
use crate::limits::SEED_MAX;
use crate::rated::{self, BandBody};
use crate::score_db::Store;
use crate::work::Heavy;

/// The longest a pool deal's search runs (its candidate cap comes first
/// on every board the limits allow; this only bounds a pathological one).
const FILL_CAP: Duration = Duration::from_secs(120);

/// A setting a pool keeps deals for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setting {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Tile kinds.
    pub kinds: u32,
    /// The rules.
    pub rules: Rules,
    /// The difficulty's name.
    pub difficulty: String,
}

/// What a pool's deals are made by, in its settings' keys: deals made
/// by an older way (the score bands of earlier servers) are never dealt.
const MADE_BY: &str = "bands";

impl Setting {
    /// The setting's key: `["bands", its JSON]` (the rules' canonical serde
    /// form).
    pub fn key(&self) -> String {
        serde_json::to_string(&(MADE_BY, self)).unwrap_or_default()
    }

    /// The setting of a key; `None` for another's key (an older server's).
    fn of_key(key: &str) -> Option<Setting> {
        let (by, setting) = serde_json::from_str::<(String, Setting)>(key).ok()?;
        (by == MADE_BY).then_some(setting)
    }

    fn difficulty(&self) -> Option<Difficulty> {
        self.difficulty.parse().ok()
    }
}

/// A deal made ahead: what `POST /api/deal` answers for it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Pooled {
    /// The deal's seed (the server's).
    pub seed: u64,
    /// The candidate dealt.
    pub deal_seed: u64,
    /// The board.
    pub board: Board,
    /// Its band, as the API writes it.
    pub band: Option<BandBody>,
    /// Whether it is decided and confirmed in the band asked for.
    pub in_band: bool,
    /// Candidates tried.
    pub candidates: Option<usize>,
    /// What the player is told when it is not in the band.
    pub note: Option<String>,
}

/// The pool: deals made ahead for each setting asked for.
#[derive(Debug)]
pub struct Pool {
    /// Deals kept a setting (0: no pool).
    target: usize,
    store: Option<Arc<Store>>,
    /// In memory, without a database: the deals of each setting's key.
    memory: Mutex<BTreeMap<String, Vec<Pooled>>>,
    /// The settings asked for, by key.
    wanted: Mutex<BTreeMap<String, Setting>>,
    /// Wakes the filler.
    wake: tokio::sync::Notify,
    started: AtomicBool,
    /// The seeds' random key and counter: a pool deal's seed is no more
    /// guessable than a ticket's.
    seeds: (RandomState, AtomicU64),
}

impl Pool {
    /// A pool keeping `target` deals a setting (none when 0), in `store`
    /// when there is one, with the settings it holds asked for again.
    pub fn new(target: usize, store: Option<Arc<Store>>) -> Pool {
        let mut wanted = BTreeMap::new();
        if target > 0
            && let Some(store) = &store
        {
            for key in store.pool_settings().unwrap_or_default() {
                match Setting::of_key(&key) {
                    Some(setting) => {
                        wanted.insert(key, setting);
                    }
                    None => {
                        let _ = store.forget_pool_setting(&key);
                    }
                }
            }
        }
        Pool {
            target,
            store,
            memory: Mutex::new(BTreeMap::new()),
            wanted: Mutex::new(wanted),
            wake: tokio::sync::Notify::new(),
            started: AtomicBool::new(false),
            seeds: (RandomState::new(), AtomicU64::new(0)),
        }
    }

    /// A seed of the pool's choosing, at most [`SEED_MAX`].
    fn seed(&self) -> u64 {
        let n = self.seeds.1.fetch_add(1, Ordering::Relaxed);
        self.seeds.0.hash_one(n) & SEED_MAX
    }

    /// Whether the pool keeps deals at all.
    pub fn is_on(&self) -> bool {
        self.target > 0
    }

    /// A deal of `setting` made ahead, taken out of the pool (the setting
    /// is asked for, so that it is made again).
    pub fn take(&self, setting: &Setting) -> Option<Pooled> {
        if !self.is_on() {
            return None;
        }
        self.want(setting);
        let key = setting.key();
        let taken = match &self.store {
            Some(store) => store
                .take_pooled(&key)
                .ok()
                .flatten()
                .and_then(|text| serde_json::from_str(&text).ok()),
            None => lock(&self.memory).get_mut(&key).and_then(Vec::pop),
        };
        self.wake.notify_one();
        taken
    }

    /// Asks for `setting`: the filler keeps its deals.
    pub fn want(&self, setting: &Setting) {
        if !self.is_on() {
            return;
        }
        let key = setting.key();
        let new = lock(&self.wanted)
            .insert(key.clone(), setting.clone())
            .is_none();
        if new {
            if let Some(store) = &self.store {
                let _ = store.want_pool_setting(&key);
            }
            self.wake.notify_one();
        }
    }

    /// No longer asks for `setting`.
    fn forget(&self, setting: &Setting) {
        let key = setting.key();
        lock(&self.wanted).remove(&key);
        if let Some(store) = &self.store {
            let _ = store.forget_pool_setting(&key);
        }
    }

    /// How many deals of `setting` are ready.
    pub fn ready(&self, setting: &Setting) -> usize {
        let key = setting.key();
        match &self.store {
            Some(store) => store.pooled_count(&key).unwrap_or(0),
            None => lock(&self.memory).get(&key).map_or(0, Vec::len),
        }
    }

    fn put(&self, setting: &Setting, deal: &Pooled) {
        let key = setting.key();
        match &self.store {
            Some(store) => {
                if let Ok(text) = serde_json::to_string(deal) {
                    let _ = store.put_pooled(&key, &text);
                }
            }
            None => lock(&self.memory)
                .entry(key)
                .or_default()
                .push(deal.clone()),
        }
    }

    /// A setting that lacks deals, the one with the fewest first.
    fn next_to_fill(&self) -> Option<Setting> {
        let wanted: Vec<Setting> = lock(&self.wanted).values().cloned().collect();
        wanted
            .into_iter()
            .map(|setting| (self.ready(&setting), setting))
            .filter(|(ready, _)| *ready < self.target)
            .min_by_key(|(ready, _)| *ready)
            .map(|(_, setting)| setting)
    }

    /// Starts the filler (once; it needs a tokio runtime): a task that
    /// makes deals on `heavy` for the settings that lack them, one at a
    /// time.
    pub fn start(self: &Arc<Self>, heavy: &Heavy, book: &Arc<BandsBook>) {
        if !self.is_on() || self.started.swap(true, Ordering::SeqCst) {
            return;
        }
        let pool = Arc::clone(self);
        let heavy = heavy.clone();
        let book = Arc::clone(book);
        tokio::spawn(async move {
            loop {
                let Some(setting) = pool.next_to_fill() else {
                    pool.wake.notified().await;
                    continue;
                };
                let seed = pool.seed();
                let stop = Cancel::new();
                let timer = {
                    let stop = stop.clone();
                    tokio::spawn(async move {
                        tokio::time::sleep(FILL_CAP).await;
                        stop.cancel();
                    })
                };
                let made = {
                    let setting = setting.clone();
                    let book = Arc::clone(&book);
                    heavy
                        .run_within(FILL_CAP * 2 + bands::MEASURE_CAP, move || {
                            make(&setting, seed, &book, &stop)
                        })
                        .await
                };
                timer.abort();
                match made {
                    Ok(Some(deal)) => pool.put(&setting, &deal),
                    // The setting cannot be dealt (one read back from an
                    // older server, say): no longer asked for.
                    Ok(None) => pool.forget(&setting),
                    // Timed out, or the pool's threads are gone: later.
                    Err(_) => tokio::time::sleep(Duration::from_secs(1)).await,
                }
            }
        });
    }
}

/// Makes a deal of `setting` with `seed`: its bands (measured first
/// when the table lacks them), then the rated search without its time
/// caps (`stop` aside, cancelled at [`FILL_CAP`]); `None` when the setting
/// cannot be dealt.
fn make(setting: &Setting, seed: u64, book: &BandsBook, stop: &Cancel) -> Option<Pooled> {
    let difficulty = setting.difficulty()?;
    let bands = book
        .get(bands::Setting {
            rows: setting.rows,
            cols: setting.cols,
            kinds: setting.kinds,
            rules: &setting.rules,
        })
        .ok()?;
    let spec = GenerateSpec::new(setting.rows, setting.cols, setting.kinds)
        .with_seed(seed)
        .with_rules(setting.rules.clone());
    let found = rated::search(&spec, difficulty, bands, stop, stop).ok()?;
    let note = rated::note(difficulty, &found, FILL_CAP);
    Some(Pooled {
        seed,
        deal_seed: found.deal_seed,
        band: found.band,
        in_band: found.in_band,
        candidates: found.candidates,
        note,
        board: found.board,
    })
}

/// The settings a first visit deals: KShisen's 8 × 18, 36 kinds, open
/// border, normal, gravity down; and its portrait form, 18 × 8 gravity
/// left.
pub fn first_visit() -> [Setting; 2] {
    let rules = |gravity| Rules::kshisen().with_gravity(gravity);
    [
        Setting {
            rows: 8,
            cols: 18,
            kinds: 36,
            rules: rules(Gravity::Down),
            difficulty: "normal".to_owned(),
        },
        Setting {
            rows: 18,
            cols: 8,
            kinds: 36,
            rules: rules(Gravity::Left),
            difficulty: "normal".to_owned(),
        },
    ]
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
