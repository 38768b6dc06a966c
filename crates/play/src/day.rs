//! The daily deal's calendar: a UTC date read from the server's clock or
//! from a request, and its seed; and the day's deal kept once made
//! ([`DailyBook`]). The setting is [`crate::DailySetting`]; the HTTP side
//! is `daily`.
//!
//! **The seed** of the day `YYYY-MM-DD` is the number `YYYYMMDD` (the 7th
//! of December 2026 is seed 20261207), dealt as a seeded deal of a
//! difficulty is: the rated search runs its candidates in order with no
//! time cap, so every server deals the same board for the same day.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use lianliankan::Board;
use tokio::sync::watch;

use crate::rated::BandBody;

/// Milliseconds in a day.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// A date of the proleptic Gregorian calendar, from 1970-01-01 to
/// 9999-12-31.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day {
    year: u32,
    month: u32,
    day: u32,
}

/// Why a date was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDay(String);

impl fmt::Display for BadDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn leap(year: u32) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Day {
    /// The UTC date of `ms` milliseconds after 1970-01-01T00:00:00Z
    /// (the server's clock); beyond 9999-12-31, that date.
    pub fn of_ms(ms: u64) -> Day {
        Day::from_days(ms / DAY_MS)
    }

    /// The date `days` days after 1970-01-01 (beyond 9999-12-31, that
    /// date).
    ///
    /// # Complexity
    /// O(1): the civil-from-days conversion on 400-year eras.
    pub fn from_days(days: u64) -> Day {
        // 9999-12-31 is day 2_932_896.
        let z = days.min(2_932_896) + 719_468;
        let era = z / 146_097;
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + u64::from(month <= 2)) as u32;
        Day { year, month, day }
    }

    /// Days since 1970-01-01 (the inverse of [`Day::from_days`]).
    #[cfg(test)]
    pub fn days(self) -> u64 {
        let (year, month) = if self.month <= 2 {
            (u64::from(self.year) - 1, u64::from(self.month) + 9)
        } else {
            (u64::from(self.year), u64::from(self.month) - 3)
        };
        let era = year / 400;
        let yoe = year - era * 400;
        let doy = (153 * month + 2) / 5 + u64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The daily deal's seed: the date as the number `YYYYMMDD`.
    pub fn seed(self) -> u64 {
        u64::from(self.year) * 10_000 + u64::from(self.month) * 100 + u64::from(self.day)
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl std::str::FromStr for Day {
    type Err = BadDay;

    /// `YYYY-MM-DD`, a date from 1970-01-01 to 9999-12-31.
    fn from_str(text: &str) -> Result<Day, BadDay> {
        let bad = |why: &str| BadDay(format!("date {text:?}: {why}"));
        let bytes = text.as_bytes();
        let digits = |range: std::ops::Range<usize>| -> Option<u32> {
            let part = bytes.get(range)?;
            part.iter()
                .all(u8::is_ascii_digit)
                .then(|| part.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
        };
        let shape = bytes.len() == 10 && bytes[4] == b'-' && bytes[7] == b'-';
        let (Some(year), Some(month), Some(day), true) =
            (digits(0..4), digits(5..7), digits(8..10), shape)
        else {
            return Err(bad("write it YYYY-MM-DD, e.g. 2026-12-07"));
        };
        if year < 1970 {
            return Err(bad("the year is 1970 to 9999"));
        }
        if !(1..=12).contains(&month) {
            return Err(bad("the month is 01 to 12"));
        }
        let most = days_in_month(year, month);
        if day == 0 || day > most {
            return Err(bad(&format!("the day of that month is 01 to {most}")));
        }
        Ok(Day { year, month, day })
    }
}

/// A daily deal as dealt: the rated search's board and what it found.
#[derive(Clone, Debug)]
pub struct DailyDeal {
    /// The board.
    pub board: Board,
    /// The rated candidate's seed (a ticket's `rated_seed`).
    pub deal_seed: u64,
    /// Its band (`None`: not rated).
    pub band: Option<BandBody>,
    /// Whether it is in the normal band.
    pub in_band: bool,
    /// Candidates tried.
    pub candidates: Option<usize>,
    /// What the player is told when it is not in the band.
    pub note: Option<String>,
}

/// The days' deals, made or being made (the last few days'), so that a
/// day's deal is searched for once, not once a player: the first request
/// of a day starts the search in a task of its own, which keeps the deal
/// even when that request has timed out, and the requests that come
/// meanwhile wait for the same search.
#[derive(Debug, Default)]
pub struct DailyBook {
    days: Mutex<BTreeMap<Day, Slot>>,
}

/// What a search of a day's deal ends with (the error in words).
type Made = Option<Result<Arc<DailyDeal>, String>>;

/// A day's deal, or the search for it under way.
#[derive(Debug)]
enum Slot {
    Made(Arc<DailyDeal>),
    Making(watch::Receiver<Made>),
}

/// Days' deals kept.
const KEPT: usize = 4;

impl DailyBook {
    /// The deal of `day`: the one made, or the search under way, or a new
    /// search, `make`, in a task of its own. A search that fails is
    /// forgotten (the next request tries again).
    ///
    /// # Errors
    /// The search's, in words.
    pub async fn deal<F>(self: &Arc<Self>, day: Day, make: F) -> Result<Arc<DailyDeal>, String>
    where
        F: std::future::Future<Output = Result<DailyDeal, String>> + Send + 'static,
    {
        let mut waiting = {
            let mut days = self.lock();
            match days.get(&day) {
                Some(Slot::Made(made)) => return Ok(Arc::clone(made)),
                Some(Slot::Making(making)) => making.clone(),
                None => {
                    let (done, waiting) = watch::channel(None);
                    days.insert(day, Slot::Making(waiting.clone()));
                    let book = Arc::clone(self);
                    tokio::spawn(async move {
                        let made = make.await.map(Arc::new);
                        book.settle(day, &made);
                        let _ = done.send(Some(made));
                    });
                    waiting
                }
            }
        };
        let ended = waiting
            .wait_for(Option::is_some)
            .await
            .map_err(|_| "the search for the daily deal stopped".to_owned())?;
        ended
            .clone()
            .unwrap_or_else(|| Err("the search for the daily deal stopped".to_owned()))
    }

    /// Whether the deal of `day` is made (not only under way).
    #[cfg(test)]
    pub fn is_made(&self, day: Day) -> bool {
        matches!(self.lock().get(&day), Some(Slot::Made(_)))
    }

    /// Keeps the deal of `day` once made (the oldest days go beyond a
    /// few), or forgets a search that failed.
    fn settle(&self, day: Day, made: &Result<Arc<DailyDeal>, String>) {
        let mut days = self.lock();
        match made {
            Ok(deal) => {
                days.insert(day, Slot::Made(Arc::clone(deal)));
            }
            Err(_) => {
                days.remove(&day);
            }
        }
        while days.len() > KEPT {
            days.pop_first();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<Day, Slot>> {
        self.days
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain reference: count the days one by one from 1970-01-01.
    fn walk(days: u64) -> Day {
        let mut d = Day {
            year: 1970,
            month: 1,
            day: 1,
        };
        for _ in 0..days {
            d = next(d);
        }
        d
    }

    /// The day after, by the month lengths.
    fn next(mut d: Day) -> Day {
        d.day += 1;
        if d.day > days_in_month(d.year, d.month) {
            d.day = 1;
            d.month += 1;
            if d.month > 12 {
                d.month = 1;
                d.year += 1;
            }
        }
        d
    }

    /// The first `n` days, walked.
    fn walk_all(n: usize) -> Vec<Day> {
        let mut all = vec![walk(0)];
        while all.len() < n {
            all.push(next(all[all.len() - 1]));
        }
        all
    }

    #[test]
    fn dates_follow_the_calendar_walked_day_by_day() {
        // Every day to 2517 against the walk, each way and through text.
        let all = walk_all(200_000);
        for (days, &d) in all.iter().enumerate() {
            let days = days as u64;
            assert_eq!(Day::from_days(days), d, "day {days}");
            assert_eq!(d.days(), days);
            assert_eq!(d.to_string().parse::<Day>(), Ok(d));
        }
        // Seeded random days against the walk done afresh.
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..20 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let days = x % 30_000;
            assert_eq!(Day::from_days(days), walk(days));
        }
        assert_eq!(Day::from_days(20_429).to_string(), "2025-12-07");
        assert_eq!(Day::of_ms(1_796_601_600_000 - 1).to_string(), "2026-12-06");
        assert_eq!(Day::of_ms(1_796_601_600_000).to_string(), "2026-12-07");
        assert_eq!(Day::from_days(u64::MAX).to_string(), "9999-12-31");
        assert_eq!("2026-12-07".parse::<Day>().unwrap().seed(), 20_261_207);
    }

    fn deal_of(seed: u64) -> DailyDeal {
        DailyDeal {
            board: Board::from_rows(&[[1, 1]]).unwrap(),
            deal_seed: seed,
            band: None,
            in_band: true,
            candidates: Some(1),
            note: None,
        }
    }

    #[tokio::test]
    async fn a_days_deal_is_searched_once_kept_and_a_failed_search_forgotten() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let book = Arc::new(DailyBook::default());
        let searches = Arc::new(AtomicUsize::new(0));
        let search = |seed: u64, ok: bool| {
            let searches = Arc::clone(&searches);
            async move {
                searches.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(std::time::Duration::from_millis(30)).await;
                if ok {
                    Ok(deal_of(seed))
                } else {
                    Err("no deal".to_owned())
                }
            }
        };
        let day = Day::from_days(20_429);
        // A request that gives up (dropped) leaves the search going on.
        let gone = tokio::spawn({
            let book = Arc::clone(&book);
            let first = search(7, true);
            async move { book.deal(day, first).await }
        });
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        gone.abort();
        // Two requests meanwhile wait for that search: none of their own.
        let (a, b) = tokio::join!(
            book.deal(day, search(8, true)),
            book.deal(day, search(9, true))
        );
        assert_eq!(a.unwrap().deal_seed, 7);
        assert_eq!(b.unwrap().deal_seed, 7);
        assert_eq!(book.deal(day, search(10, true)).await.unwrap().deal_seed, 7);
        assert_eq!(searches.load(Ordering::SeqCst), 1);
        // A failed search is said, and the next request searches again.
        let next = Day::from_days(20_430);
        assert_eq!(
            book.deal(next, search(1, false)).await.unwrap_err(),
            "no deal"
        );
        assert_eq!(book.deal(next, search(2, true)).await.unwrap().deal_seed, 2);
        assert_eq!(searches.load(Ordering::SeqCst), 3);
        // A few days are kept, the oldest go.
        for days in 20_431..20_436 {
            book.deal(Day::from_days(days), search(days, true))
                .await
                .unwrap();
        }
        assert_eq!(book.lock().len(), KEPT);
        assert!(!book.lock().contains_key(&day));
    }

    #[test]
    fn the_daily_setting_is_in_the_measured_table() {
        let daily = crate::limits::DailySetting::default();
        let bands = lianliankan::bands_for(daily.rows, daily.cols, daily.kinds, &daily.rules);
        assert!(
            matches!(bands.from, lianliankan::BandsFrom::Measured { .. }),
            "{bands}"
        );
        assert_eq!(daily.rules.gravity(), lianliankan::Gravity::None);
    }

    #[test]
    fn bad_dates_are_refused_with_why() {
        for (text, why) in [
            ("2026-1-07", "YYYY-MM-DD"),
            ("2026-12-07T00:00", "YYYY-MM-DD"),
            ("2026/12/07", "YYYY-MM-DD"),
            ("+026-12-07", "YYYY-MM-DD"),
            ("", "YYYY-MM-DD"),
            ("1969-12-31", "1970 to 9999"),
            ("2026-13-01", "month is 01 to 12"),
            ("2026-00-01", "month is 01 to 12"),
            ("2026-02-29", "01 to 28"),
            ("2026-04-31", "01 to 30"),
            ("2026-12-00", "01 to 31"),
        ] {
            let e = text.parse::<Day>().unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
        assert!("2024-02-29".parse::<Day>().is_ok());
        assert!("2000-02-29".parse::<Day>().is_ok());
        assert!("1900-02-29".parse::<Day>().is_err());
    }
}
