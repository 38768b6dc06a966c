//! The games under way and the rated deals made ahead, in the score
//! file: the tickets of ranked games with their logged steps (the HTTP
//! side is `tickets`), and the pool of rated deals with the settings it
//! keeps (`pool`). They are written through the store's second
//! connection (`synchronous = NORMAL`).

use rusqlite::{Connection, TransactionBehavior, params};

use super::Store;

/// A ranked game's ticket as the store keeps it (the HTTP side is
/// `tickets`, which writes and reads these).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedTicket {
    /// The ticket.
    pub ticket: String,
    /// Its deal, as JSON.
    pub deal: String,
    /// When it was issued, on the server's clock.
    pub at_ms: u64,
    /// For a level after the first, the ticket of the level before.
    pub before: Option<String>,
    /// Whether the level after it was dealt more than once.
    pub dealt_again: bool,
    /// Its finish, as JSON, once seen.
    pub finished: Option<String>,
    /// Whether its score is stored.
    pub stored: bool,
    /// Its steps in order: when each came on the server's clock, and the
    /// step as JSON.
    pub steps: Vec<(u64, String)>,
}

impl Store {
    pub(super) fn tickets_lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.tickets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The tickets issued at `oldest` or later, in the order they were
    /// issued, with their steps; the older ones are deleted.
    ///
    /// # Errors
    /// SQLite's.
    pub fn load_tickets(&self, oldest: u64) -> rusqlite::Result<Vec<SavedTicket>> {
        let mut connection = self.tickets_lock();
        let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        transaction.execute(
            "DELETE FROM ticket_steps WHERE ticket IN
                (SELECT ticket FROM tickets WHERE at_ms < ?1)",
            [oldest as i64],
        )?;
        transaction.execute("DELETE FROM tickets WHERE at_ms < ?1", [oldest as i64])?;
        let mut saved: Vec<SavedTicket> = {
            let mut statement = transaction.prepare(
                "SELECT ticket, deal, at_ms, before, dealt_again, finished, stored
                 FROM tickets ORDER BY at_ms, rowid",
            )?;
            statement
                .query_map([], |r| {
                    Ok(SavedTicket {
                        ticket: r.get(0)?,
                        deal: r.get(1)?,
                        at_ms: r.get::<_, i64>(2)? as u64,
                        before: r.get(3)?,
                        dealt_again: r.get(4)?,
                        finished: r.get(5)?,
                        stored: r.get(6)?,
                        steps: Vec::new(),
                    })
                })?
                .collect::<rusqlite::Result<_>>()?
        };
        {
            let mut steps = transaction
                .prepare("SELECT wall_ms, step FROM ticket_steps WHERE ticket = ?1 ORDER BY n")?;
            for ticket in &mut saved {
                ticket.steps = steps
                    .query_map([&ticket.ticket], |r| {
                        Ok((r.get::<_, i64>(0)? as u64, r.get(1)?))
                    })?
                    .collect::<rusqlite::Result<_>>()?;
            }
        }
        transaction.commit()?;
        Ok(saved)
    }

    /// Writes a ticket just issued.
    ///
    /// # Errors
    /// SQLite's.
    pub fn save_ticket(&self, ticket: &SavedTicket) -> rusqlite::Result<()> {
        self.tickets_lock().execute(
            "INSERT OR REPLACE INTO tickets (ticket, deal, at_ms, before, dealt_again, stored)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                ticket.ticket,
                ticket.deal,
                ticket.at_ms as i64,
                ticket.before,
                ticket.dealt_again,
                ticket.stored
            ],
        )?;
        Ok(())
    }

    /// Writes step `n` of a ticket, come at `wall_ms` on the server's clock.
    ///
    /// # Errors
    /// SQLite's.
    pub fn save_step(
        &self,
        ticket: &str,
        n: usize,
        wall_ms: u64,
        step: &str,
    ) -> rusqlite::Result<()> {
        self.tickets_lock().execute(
            "INSERT OR REPLACE INTO ticket_steps (ticket, n, wall_ms, step) VALUES (?1, ?2, ?3, ?4)",
            params![ticket, n as i64, wall_ms as i64, step],
        )?;
        Ok(())
    }

    /// Writes a ticket's finish.
    ///
    /// # Errors
    /// SQLite's.
    pub fn save_finish(&self, ticket: &str, finished: &str) -> rusqlite::Result<()> {
        self.tickets_lock().execute(
            "UPDATE tickets SET finished = ?2 WHERE ticket = ?1",
            params![ticket, finished],
        )?;
        Ok(())
    }

    /// Marks a ticket's score (or run) stored.
    ///
    /// # Errors
    /// SQLite's.
    pub fn mark_stored(&self, ticket: &str) -> rusqlite::Result<()> {
        self.tickets_lock()
            .execute("UPDATE tickets SET stored = 1 WHERE ticket = ?1", [ticket])?;
        Ok(())
    }

    /// Marks a level whose next level was dealt more than once.
    ///
    /// # Errors
    /// SQLite's.
    pub fn mark_dealt_again(&self, ticket: &str) -> rusqlite::Result<()> {
        self.tickets_lock().execute(
            "UPDATE tickets SET dealt_again = 1 WHERE ticket = ?1",
            [ticket],
        )?;
        Ok(())
    }

    /// The settings the pool of rated deals keeps deals for (their keys).
    ///
    /// # Errors
    /// SQLite's.
    pub fn pool_settings(&self) -> rusqlite::Result<Vec<String>> {
        let connection = self.tickets_lock();
        let mut statement = connection.prepare("SELECT setting FROM pool_settings")?;
        statement.query_map([], |r| r.get(0))?.collect()
    }

    /// Asks the pool for a setting's deals.
    ///
    /// # Errors
    /// SQLite's.
    pub fn want_pool_setting(&self, setting: &str) -> rusqlite::Result<()> {
        self.tickets_lock().execute(
            "INSERT OR IGNORE INTO pool_settings (setting) VALUES (?1)",
            [setting],
        )?;
        Ok(())
    }

    /// No longer asks the pool for a setting's deals (and drops them).
    ///
    /// # Errors
    /// SQLite's.
    pub fn forget_pool_setting(&self, setting: &str) -> rusqlite::Result<()> {
        let connection = self.tickets_lock();
        connection.execute("DELETE FROM pool_settings WHERE setting = ?1", [setting])?;
        connection.execute("DELETE FROM pool WHERE setting = ?1", [setting])?;
        Ok(())
    }

    /// Keeps a deal made ahead for a setting.
    ///
    /// # Errors
    /// SQLite's.
    pub fn put_pooled(&self, setting: &str, deal: &str) -> rusqlite::Result<()> {
        self.tickets_lock().execute(
            "INSERT INTO pool (setting, deal) VALUES (?1, ?2)",
            [setting, deal],
        )?;
        Ok(())
    }

    /// Takes the oldest deal made ahead for a setting out of the pool.
    ///
    /// # Errors
    /// SQLite's.
    pub fn take_pooled(&self, setting: &str) -> rusqlite::Result<Option<String>> {
        let mut connection = self.tickets_lock();
        let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let found: Option<(i64, String)> = transaction
            .query_row(
                "SELECT id, deal FROM pool WHERE setting = ?1 ORDER BY id LIMIT 1",
                [setting],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map(Some)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(None),
                other => Err(other),
            })?;
        if let Some((id, _)) = &found {
            transaction.execute("DELETE FROM pool WHERE id = ?1", [id])?;
        }
        transaction.commit()?;
        Ok(found.map(|(_, deal)| deal))
    }

    /// How many deals made ahead a setting has.
    ///
    /// # Errors
    /// SQLite's.
    pub fn pooled_count(&self, setting: &str) -> rusqlite::Result<usize> {
        let count: i64 = self.tickets_lock().query_row(
            "SELECT count(*) FROM pool WHERE setting = ?1",
            [setting],
            |r| r.get(0),
        )?;
        Ok(count as usize)
    }

    /// Deletes tickets forgotten (and their steps).
    ///
    /// # Errors
    /// SQLite's.
    pub fn forget_tickets(&self, tickets: &[String]) -> rusqlite::Result<()> {
        if tickets.is_empty() {
            return Ok(());
        }
        let mut connection = self.tickets_lock();
        let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        for ticket in tickets {
            transaction.execute("DELETE FROM ticket_steps WHERE ticket = ?1", [ticket])?;
            transaction.execute("DELETE FROM tickets WHERE ticket = ?1", [ticket])?;
        }
        transaction.commit()
    }
}
