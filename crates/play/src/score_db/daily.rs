//! The daily deal's tables in the score file: one a day, the fastest
//! unassisted clears first (the HTTP side is `daily`).

use rusqlite::{TransactionBehavior, params};
use serde::Serialize;

use super::{Best, Insert, Store, rank_of_stored};

/// A clear of a day's deal to store.
#[derive(Clone, Debug)]
pub struct NewDailyScore {
    /// The day (`YYYY-MM-DD`) the deal was dealt.
    pub day: String,
    /// The player's name.
    pub name: String,
    /// The deal's seed.
    pub seed: u64,
    /// The rated candidate's seed.
    pub rated_seed: Option<u64>,
    /// KShisen's score of the clear.
    pub score: u64,
    /// The time on the server's clock.
    pub elapsed_ms: u64,
    /// The steps played, as JSON.
    pub steps: String,
}

/// A line of a day's table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DailyEntry {
    /// The player's name.
    pub name: String,
    /// The time on the server's clock.
    pub elapsed_ms: u64,
    /// KShisen's score of the clear.
    pub score: u64,
    /// When it was stored (UTC, `YYYY-MM-DDTHH:MM:SSZ`).
    pub date: String,
}

impl Store {
    /// Stores a clear of a day's deal: its id and rank in the day's table
    /// (1 is the fastest; an equal time stored earlier ranks first); or
    /// `Insert::Duplicate`, storing nothing, when the same game (the same
    /// day and steps) is stored already.
    ///
    /// # Errors
    /// SQLite's, when the write fails (then nothing is stored).
    pub fn insert_daily(&self, score: &NewDailyScore) -> rusqlite::Result<Insert> {
        let mut connection = self.lock();
        let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let twin: i64 = transaction.query_row(
            "SELECT count(*) FROM daily_scores WHERE day = ?1 AND steps = ?2",
            params![score.day, score.steps],
            |r| r.get(0),
        )?;
        if twin > 0 {
            return Ok(Insert::Duplicate);
        }
        transaction.execute(
            "INSERT INTO daily_scores (day, name, seed, rated_seed, score, elapsed_ms, steps, date)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
            params![
                score.day,
                score.name,
                score.seed as i64,
                score.rated_seed.map(|s| s as i64),
                score.score as i64,
                score.elapsed_ms as i64,
                score.steps,
            ],
        )?;
        let id = transaction.last_insert_rowid();
        let key = ("elapsed_ms", Best::Lowest);
        let day = vec![score.day.clone().into()];
        let rank = rank_of_stored(
            &transaction,
            "daily_scores",
            "day = ?1",
            day,
            key,
            score.elapsed_ms as i64,
            id,
        )?;
        transaction.commit()?;
        Ok(Insert::Stored { id, rank })
    }

    /// The best `n` clears of `day`'s deal, fastest first, equal times
    /// earlier first.
    ///
    /// # Errors
    /// SQLite's.
    pub fn best_daily(&self, day: &str, n: u32) -> rusqlite::Result<Vec<DailyEntry>> {
        let connection = self.lock();
        let mut statement = connection.prepare_cached(
            "SELECT name, elapsed_ms, score, date FROM daily_scores WHERE day = ?1
             ORDER BY elapsed_ms, id LIMIT ?2",
        )?;
        statement
            .query_map(params![day, n], |r| {
                Ok(DailyEntry {
                    name: r.get(0)?,
                    elapsed_ms: r.get::<_, i64>(1)? as u64,
                    score: r.get::<_, i64>(2)? as u64,
                    date: r.get(3)?,
                })
            })?
            .collect()
    }
}
