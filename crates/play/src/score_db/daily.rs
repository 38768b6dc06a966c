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

#[cfg(test)]
mod tests {
    use super::*;

    /// A day's table ranks the fastest first, an equal time stored earlier
    /// first, and counts only that day's clears.
    #[test]
    fn a_days_rank_is_by_time_then_by_arrival() {
        let dir = std::env::temp_dir().join(format!("play-daily-rank-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("scores.sqlite");
        let _ = std::fs::remove_file(&path);
        let store = Store::open(&path).unwrap();
        let clear = |day: &str, elapsed_ms: u64, steps: &str| NewDailyScore {
            day: day.to_owned(),
            name: "p".to_owned(),
            seed: 20261207,
            rated_seed: None,
            score: 1,
            elapsed_ms,
            steps: steps.to_owned(),
        };
        let rank = |score: NewDailyScore| match store.insert_daily(&score).unwrap() {
            Insert::Stored { rank, .. } => rank,
            Insert::Duplicate => panic!("stored as a duplicate"),
        };
        assert_eq!(rank(clear("2026-12-07", 5000, "a")), 1);
        assert_eq!(rank(clear("2026-12-07", 3000, "b")), 1);
        assert_eq!(rank(clear("2026-12-07", 5000, "c")), 3);
        assert_eq!(rank(clear("2026-12-07", 9000, "d")), 4);
        assert_eq!(rank(clear("2026-12-08", 9000, "e")), 1);
        assert_eq!(
            store.insert_daily(&clear("2026-12-07", 1, "a")).unwrap(),
            Insert::Duplicate
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
