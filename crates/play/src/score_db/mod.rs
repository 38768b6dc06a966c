//! The high-score table in an SQLite file (rusqlite, SQLite bundled); the
//! HTTP side is `scores`.
//!
//! The file is ours when its `application_id` is [`APPLICATION_ID`]; its
//! `user_version` is the schema's version, and [`MIGRATIONS`] bring an
//! older file forward, one transaction each. A new or empty file becomes
//! ours. Anything else — another program's database, a file that is not
//! SQLite, a damaged one, one of a newer schema — is refused before
//! anything is written to it, so the file is left as it was.
//!
//! Two connections write the file, the scores' and the tickets'; a write
//! takes its lock when its transaction begins (`IMMEDIATE`), so that one
//! waits for the other (the busy time-out) instead of failing.
//!
//! The tickets of ranked games under way and the pool of rated deals are
//! kept beside the scores by [`games`]' methods, the daily deal's tables
//! by [`daily`]'s.
//!
//! Durability: the journal is a write-ahead log with `synchronous = FULL`,
//! so a score is on disk when its `INSERT` commits, before the server
//! answers `201`; killing the server at any moment loses no acknowledged
//! score.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, TransactionBehavior};

mod daily;
mod games;
mod setting;

pub use daily::{DailyEntry, NewDailyScore};
pub use games::SavedTicket;
pub use setting::Setting;
use setting::{RUN, SCORE, params_of, same_setting, scores_table};

/// `PRAGMA application_id` of our files: "LLKP" (Lianliankan play).
pub const APPLICATION_ID: i32 = 0x4C4C_4B50;

/// The schema, one step per version: `MIGRATIONS[v]` takes a file from
/// version v to v + 1. Steps are never edited once released; a change is a
/// new step.
pub const MIGRATIONS: [&str; 5] = [
    // Version 1: the scores, and the index the table of a setting reads.
    "CREATE TABLE scores (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        rows INTEGER NOT NULL,
        cols INTEGER NOT NULL,
        kinds INTEGER NOT NULL,
        turns INTEGER NOT NULL,
        border TEXT NOT NULL,
        gravity TEXT NOT NULL,
        groups TEXT NOT NULL,
        seed INTEGER NOT NULL,
        score INTEGER NOT NULL,
        elapsed_ms INTEGER NOT NULL,
        steps TEXT NOT NULL,
        date TEXT NOT NULL
    );
    CREATE INDEX scores_by_setting ON scores
        (rows, cols, kinds, turns, border, gravity, groups, score DESC, id);",
    // Version 2: the rule variants of docs/rules.md (issue 38) are part of a
    // setting; the scores of version 1 were all standard, without slides.
    "ALTER TABLE scores ADD COLUMN connect TEXT NOT NULL DEFAULT 'standard';
    ALTER TABLE scores ADD COLUMN slide INTEGER NOT NULL DEFAULT 0;
    DROP INDEX scores_by_setting;
    CREATE INDEX scores_by_setting ON scores
        (rows, cols, kinds, turns, border, gravity, groups, connect, slide, score DESC, id);",
    // Version 3 (issue 49): a score remembers the rated candidate it was
    // dealt (`rated_seed`, null for a plain solvable deal), so that one
    // game (the same deal, the same steps) is stored once; and the best
    // level runs, replayed like the scores (`run` is the levels' seeds
    // and steps as JSON). Scores stored twice before are kept as they are.
    "ALTER TABLE scores ADD COLUMN rated_seed INTEGER;
    CREATE INDEX scores_by_deal ON scores (seed, rows, cols, kinds);
    CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        rows INTEGER NOT NULL,
        cols INTEGER NOT NULL,
        kinds INTEGER NOT NULL,
        turns INTEGER NOT NULL,
        border TEXT NOT NULL,
        groups TEXT NOT NULL,
        connect TEXT NOT NULL,
        slide INTEGER NOT NULL,
        score INTEGER NOT NULL,
        levels INTEGER NOT NULL,
        run TEXT NOT NULL,
        date TEXT NOT NULL
    );
    CREATE INDEX runs_by_setting ON runs
        (rows, cols, kinds, turns, border, groups, connect, slide, score DESC, id);",
    // Version 4 (issue 55): a score's table names the difficulty its deal
    // was dealt at ('' for any solvable deal, as every score before); and
    // the tickets of ranked games under way, each step logged as it came
    // (`wall_ms`: the server's clock), so that a server started again lets
    // them go on; and the pool of rated deals made ahead (`pool`), with the
    // settings it keeps deals for.
    "ALTER TABLE scores ADD COLUMN difficulty TEXT NOT NULL DEFAULT '';
    DROP INDEX scores_by_setting;
    CREATE INDEX scores_by_setting ON scores
        (rows, cols, kinds, turns, border, gravity, groups, connect, slide, difficulty,
         score DESC, id);
    CREATE TABLE tickets (
        ticket TEXT PRIMARY KEY,
        deal TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        before TEXT,
        dealt_again INTEGER NOT NULL DEFAULT 0,
        finished TEXT,
        stored INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX tickets_by_time ON tickets (at_ms);
    CREATE TABLE ticket_steps (
        ticket TEXT NOT NULL,
        n INTEGER NOT NULL,
        wall_ms INTEGER NOT NULL,
        step TEXT NOT NULL,
        PRIMARY KEY (ticket, n)
    ) WITHOUT ROWID;
    CREATE TABLE pool_settings (setting TEXT PRIMARY KEY);
    CREATE TABLE pool (
        id INTEGER PRIMARY KEY,
        setting TEXT NOT NULL,
        deal TEXT NOT NULL
    );
    CREATE INDEX pool_by_setting ON pool (setting, id);",
    // Version 5 (issue 59): the daily deal's tables, one a day (`day`,
    // `YYYY-MM-DD`, the UTC date the deal was dealt), fastest first.
    "CREATE TABLE daily_scores (
        id INTEGER PRIMARY KEY,
        day TEXT NOT NULL,
        name TEXT NOT NULL,
        seed INTEGER NOT NULL,
        rated_seed INTEGER,
        score INTEGER NOT NULL,
        elapsed_ms INTEGER NOT NULL,
        steps TEXT NOT NULL,
        date TEXT NOT NULL
    );
    CREATE INDEX daily_by_day ON daily_scores (day, elapsed_ms, id);",
];

/// The schema version this build writes.
pub const VERSION: i32 = MIGRATIONS.len() as i32;

/// Why a database file cannot be used. The file has not been written to.
#[derive(Debug)]
pub enum OpenError {
    /// Not an SQLite file, or another program's database.
    Foreign(String),
    /// SQLite says it is damaged.
    Corrupt(String),
    /// Written by a newer `play`.
    Newer {
        /// Its schema version.
        found: i32,
    },
    /// It cannot be read or created.
    Io(String),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Foreign(why) => write!(f, "not a play score database ({why})"),
            OpenError::Corrupt(why) => write!(f, "the database is damaged ({why})"),
            OpenError::Newer { found } => write!(
                f,
                "the database has schema version {found}, newer than this play's {VERSION}: use a newer play, or another --db"
            ),
            OpenError::Io(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for OpenError {}

/// A score to store.
#[derive(Clone, Debug)]
pub struct NewScore {
    /// The player's name.
    pub name: String,
    /// Where it counts.
    pub setting: Setting,
    /// The deal's seed.
    pub seed: u64,
    /// The rated candidate's seed, for a deal of a difficulty.
    pub rated_seed: Option<u64>,
    /// The score.
    pub score: u64,
    /// The time on the clock.
    pub elapsed_ms: u64,
    /// The steps played, as JSON, to replay later.
    pub steps: String,
}

/// What [`Store::insert`] and [`Store::insert_run`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insert {
    /// Stored: its id and its rank in its table.
    Stored {
        /// The row's id.
        id: i64,
        /// 1 is the best.
        rank: u64,
    },
    /// The same game or run is stored already; nothing was written.
    Duplicate,
}

/// A level run to store.
#[derive(Clone, Debug)]
pub struct NewRun {
    /// The player's name.
    pub name: String,
    /// Where it counts (its `gravity` is not stored: each level has its own).
    pub setting: Setting,
    /// The run's score.
    pub score: u64,
    /// The levels played (the last one the run ended on).
    pub levels: u32,
    /// The levels' seeds and steps, as JSON, to replay later.
    pub run: String,
}

/// A line of the table of runs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RunEntry {
    /// The player's name.
    pub name: String,
    /// The run's score.
    pub score: u64,
    /// The levels played.
    pub levels: u32,
    /// When it was stored (UTC, `YYYY-MM-DDTHH:MM:SSZ`).
    pub date: String,
}

/// A line of a table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    /// The player's name.
    pub name: String,
    /// The score.
    pub score: u64,
    /// The time on the clock.
    pub elapsed_ms: u64,
    /// When it was stored (UTC, `YYYY-MM-DDTHH:MM:SSZ`).
    pub date: String,
}

/// The open score database.
#[derive(Debug)]
pub struct Store {
    connection: Mutex<Connection>,
    /// The tickets' own connection: `synchronous = NORMAL`, so that a step
    /// logged is in the write-ahead log before its answer (a server
    /// killed loses none of it) without waiting for the disk at every pick
    /// (a machine that loses power may lose the last steps of the games
    /// under way, never a score).
    tickets: Mutex<Connection>,
    path: PathBuf,
}

impl Store {
    /// Opens `path`, making it ours if it is new or empty and migrating it
    /// forward; refuses a file that is not ours, damaged or newer, without
    /// writing to it.
    ///
    /// # Errors
    /// [`OpenError`], saying why.
    pub fn open(path: &Path) -> Result<Store, OpenError> {
        let fresh = match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() => meta.len() == 0,
            Ok(_) => return Err(OpenError::Io("not a file".to_owned())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => true,
            Err(e) => return Err(OpenError::Io(format!("cannot read it: {e}"))),
        };
        if !fresh {
            check(path)?;
        }
        let open =
            || Connection::open(path).map_err(|e| OpenError::Io(format!("cannot open it: {e}")));
        let store = Store {
            connection: Mutex::new(open()?),
            tickets: Mutex::new(open()?),
            path: path.to_owned(),
        };
        store
            .prepare()
            .map_err(|e| OpenError::Io(format!("cannot set it up: {e}")))?;
        Ok(store)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The journal, the durability, and the migrations.
    fn prepare(&self) -> rusqlite::Result<()> {
        let mut connection = self.lock();
        connection.busy_timeout(Duration::from_secs(5))?;
        let mode: String = connection.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(rusqlite::Error::InvalidParameterName(format!(
                "journal mode {mode} instead of wal"
            )));
        }
        connection.pragma_update(None, "synchronous", "FULL")?;
        let at: i32 = connection.pragma_query_value(None, "user_version", |r| r.get(0))?;
        for (version, step) in MIGRATIONS.iter().enumerate().skip(at.max(0) as usize) {
            let transaction =
                connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
            transaction.execute_batch(step)?;
            transaction.pragma_update(None, "user_version", version as i32 + 1)?;
            transaction.pragma_update(None, "application_id", APPLICATION_ID)?;
            transaction.commit()?;
        }
        drop(connection);
        let tickets = self.tickets_lock();
        tickets.busy_timeout(Duration::from_secs(5))?;
        tickets.pragma_update(None, "synchronous", "NORMAL")?;
        Ok(())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: every
        // write is one transaction, rolled back if it did not commit.
        self.connection
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stores `score`: its id, and its rank in its setting's table (1 is
    /// the best; an equal score stored earlier ranks first); or
    /// `Insert::Duplicate`, storing nothing, when the same game (the
    /// same setting, seed, rated candidate and steps) is stored already.
    ///
    /// # Errors
    /// SQLite's, when the write fails (then nothing is stored).
    pub fn insert(&self, score: &NewScore) -> rusqlite::Result<Insert> {
        let mut connection = self.lock();
        let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let s = &score.setting;
        let rated = score.rated_seed.map(|seed| seed as i64);
        let mut values = params_of(s, &SCORE);
        values.extend([
            (score.seed as i64).into(),
            rated.into(),
            score.steps.clone().into(),
        ]);
        let n = SCORE.len();
        let twin: i64 = transaction.query_row(
            &format!(
                "SELECT count(*) FROM scores WHERE {} AND seed = ?{} AND rated_seed IS ?{}
                   AND steps = ?{}",
                same_setting(&SCORE, 1),
                n + 1,
                n + 2,
                n + 3
            ),
            rusqlite::params_from_iter(values),
            |r| r.get(0),
        )?;
        if twin > 0 {
            return Ok(Insert::Duplicate);
        }
        let mut values = params_of(s, &SCORE);
        values.extend([
            score.name.clone().into(),
            (score.seed as i64).into(),
            (score.score as i64).into(),
            (score.elapsed_ms as i64).into(),
            score.steps.clone().into(),
            rated.into(),
        ]);
        transaction.execute(
            &format!(
                "INSERT INTO scores ({}, name, seed, score, elapsed_ms, steps, rated_seed, date)
                 VALUES ({}, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
                SCORE.join(", "),
                placeholders(SCORE.len() + 6)
            ),
            rusqlite::params_from_iter(values),
        )?;
        let id = transaction.last_insert_rowid();
        let (filter, values) = scores_table(s);
        let key = ("score", Best::Highest);
        let rank = rank_of_stored(
            &transaction,
            "scores",
            &filter,
            values,
            key,
            score.score as i64,
            id,
        )?;
        transaction.commit()?;
        Ok(Insert::Stored { id, rank })
    }

    /// Stores a level run: its id and rank in its setting's table of runs
    /// (the setting's `gravity` is not part of it: each level has its
    /// own); or `Insert::Duplicate` when the same run (the same setting
    /// and levels) is stored already.
    ///
    /// # Errors
    /// SQLite's, when the write fails (then nothing is stored).
    pub fn insert_run(&self, run: &NewRun) -> rusqlite::Result<Insert> {
        let mut connection = self.lock();
        let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let s = &run.setting;
        let same = same_setting(&RUN, 1);
        let n = RUN.len();
        let mut values = params_of(s, &RUN);
        values.push(run.run.clone().into());
        let twin: i64 = transaction.query_row(
            &format!(
                "SELECT count(*) FROM runs WHERE {same} AND run = ?{}",
                n + 1
            ),
            rusqlite::params_from_iter(values),
            |r| r.get(0),
        )?;
        if twin > 0 {
            return Ok(Insert::Duplicate);
        }
        let mut values = params_of(s, &RUN);
        values.extend([
            run.name.clone().into(),
            (run.score as i64).into(),
            run.levels.into(),
            run.run.clone().into(),
        ]);
        transaction.execute(
            &format!(
                "INSERT INTO runs ({}, name, score, levels, run, date)
                 VALUES ({}, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
                RUN.join(", "),
                placeholders(RUN.len() + 4)
            ),
            rusqlite::params_from_iter(values),
        )?;
        let id = transaction.last_insert_rowid();
        let values = params_of(s, &RUN);
        let key = ("score", Best::Highest);
        let rank = rank_of_stored(
            &transaction,
            "runs",
            &same,
            values,
            key,
            run.score as i64,
            id,
        )?;
        transaction.commit()?;
        Ok(Insert::Stored { id, rank })
    }

    /// The best `n` runs of `setting` (its `gravity` left out), highest
    /// first, equal scores earlier first.
    ///
    /// # Errors
    /// SQLite's.
    pub fn best_runs(&self, setting: &Setting, n: u32) -> rusqlite::Result<Vec<RunEntry>> {
        let connection = self.lock();
        let mut statement = connection.prepare_cached(&format!(
            "SELECT name, score, levels, date FROM runs WHERE {}
             ORDER BY score DESC, id LIMIT ?{}",
            same_setting(&RUN, 1),
            RUN.len() + 1
        ))?;
        let mut values = params_of(setting, &RUN);
        values.push(n.into());
        statement
            .query_map(rusqlite::params_from_iter(values), |r| {
                Ok(RunEntry {
                    name: r.get(0)?,
                    score: r.get::<_, i64>(1)? as u64,
                    levels: r.get(2)?,
                    date: r.get(3)?,
                })
            })?
            .collect()
    }

    /// The best `n` of `setting`'s table (its turned form included),
    /// highest first, equal scores earlier first.
    ///
    /// # Errors
    /// SQLite's.
    pub fn best(&self, setting: &Setting, n: u32) -> rusqlite::Result<Vec<Entry>> {
        let connection = self.lock();
        let (table, mut values) = scores_table(setting);
        let mut statement = connection.prepare_cached(&format!(
            "SELECT name, score, elapsed_ms, date FROM scores WHERE {table}
             ORDER BY score DESC, id LIMIT ?{}",
            values.len() + 1
        ))?;
        values.push(n.into());
        statement
            .query_map(rusqlite::params_from_iter(values), |r| {
                Ok(Entry {
                    name: r.get(0)?,
                    score: r.get::<_, i64>(1)? as u64,
                    elapsed_ms: r.get::<_, i64>(2)? as u64,
                    date: r.get(3)?,
                })
            })?
            .collect()
    }
}

/// Which way a table ranks its rows: the key's higher values first (a
/// score), or its lower values first (a time).
#[derive(Clone, Copy, Debug)]
enum Best {
    Highest,
    Lowest,
}

/// The rank of the row `id` just stored in `table` (1 is the best) among
/// the rows `filter` keeps (SQL over the placeholders `?1` to `?n` of
/// `values`): one more than the rows whose `column` is better than `key`,
/// or equal and stored earlier (a lower id). Run inside the storing
/// transaction, so that no other write comes between.
fn rank_of_stored(
    transaction: &rusqlite::Transaction<'_>,
    table: &str,
    filter: &str,
    mut values: Vec<rusqlite::types::Value>,
    (column, best): (&str, Best),
    key: i64,
    id: i64,
) -> rusqlite::Result<u64> {
    let (k, i) = (values.len() + 1, values.len() + 2);
    let better = match best {
        Best::Highest => ">",
        Best::Lowest => "<",
    };
    values.extend([key.into(), id.into()]);
    let above: i64 = transaction.query_row(
        &format!(
            "SELECT count(*) FROM {table} WHERE {filter}
               AND ({column} {better} ?{k} OR ({column} = ?{k} AND id < ?{i}))"
        ),
        rusqlite::params_from_iter(values),
        |r| r.get(0),
    )?;
    Ok(above as u64 + 1)
}

/// `?1, ?2, ..., ?n`.
fn placeholders(n: usize) -> String {
    (1..=n)
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Refuses, without writing, an existing file that is not one of ours, is
/// damaged, or is newer. An SQLite file with nothing in it counts as ours.
fn check(path: &Path) -> Result<(), OpenError> {
    let mut header = [0u8; 16];
    let read = std::fs::File::open(path)
        .and_then(|mut file| std::io::Read::read(&mut file, &mut header))
        .map_err(|e| OpenError::Io(format!("cannot read it: {e}")))?;
    if read < 16 || &header != b"SQLite format 3\0" {
        return Err(OpenError::Foreign("not an SQLite file".to_owned()));
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection =
        Connection::open_with_flags(path, flags).map_err(|e| OpenError::Corrupt(e.to_string()))?;
    let corrupt = |e: rusqlite::Error| OpenError::Corrupt(e.to_string());
    let application: i32 = connection
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .map_err(corrupt)?;
    let version: i32 = connection
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(corrupt)?;
    let objects: i64 = connection
        .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
        .map_err(corrupt)?;
    if application != APPLICATION_ID && !(application == 0 && version == 0 && objects == 0) {
        return Err(OpenError::Foreign(format!(
            "an SQLite database of another program: application id {application:#x}, {objects} tables and indexes"
        )));
    }
    if version > VERSION {
        return Err(OpenError::Newer { found: version });
    }
    let verdict: String = connection
        .query_row("PRAGMA quick_check(1)", [], |r| r.get(0))
        .map_err(corrupt)?;
    if verdict != "ok" {
        return Err(OpenError::Corrupt(verdict));
    }
    Ok(())
}
