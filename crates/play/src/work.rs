//! Engine work off the async threads, in two lanes.
//!
//! **Light work** — a removal, a hint, a shuffle, a plain deal, a replay
//! of a finished game: milliseconds on the largest board the limits allow —
//! runs on tokio's blocking pool ([`light`]) at the normal priority.
//!
//! **Heavy work** — a deal of a chosen difficulty (rating), a solve, a
//! judge run: up to seconds — runs on a pool of its own ([`Heavy`]):
//! `jobs` threads, at most `jobs` jobs at once, each under a time-out. In
//! the binary its threads run at the lowest priority the system gives
//! (nice 19 on Linux): the system runs a light request first whenever
//! both want a core, so that a pick or a plain deal never waits on another
//! player's rating (docs/play.md has the numbers: a light request's p99
//! while four 16 × 30 hard deals are in flight). A job that times out keeps its thread until its search
//! stops (handlers cancel their searches when they end), and the permits
//! keep the jobs waiting for a thread bounded.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use thread_priority::ThreadPriority;
use tokio::sync::{Semaphore, oneshot};
use tokio::time::{Instant, timeout_at};

use lianliankan::Cancel;

use crate::error::ApiError;

/// Why heavy work gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkError {
    /// It did not finish (or could not start, every permit being taken)
    /// within the time-out.
    TimedOut(Duration),
    /// The work itself failed (a panic in the engine: a bug).
    Failed,
}

impl From<WorkError> for ApiError {
    fn from(error: WorkError) -> ApiError {
        match error {
            WorkError::TimedOut(limit) => ApiError::Unavailable(format!(
                "no answer within the time-out of {} ms; try a smaller board or fewer rules",
                limit.as_millis()
            )),
            WorkError::Failed => ApiError::Internal(
                "the engine failed on this request (a bug: please report it)".to_owned(),
            ),
        }
    }
}

/// A job for the heavy pool.
type Job = Box<dyn FnOnce() + Send>;

/// The heavy-work pool: its threads, permits and time-out.
#[derive(Clone, Debug)]
pub struct Heavy {
    permits: Arc<Semaphore>,
    timeout: Duration,
    jobs: mpsc::Sender<Job>,
}

impl Heavy {
    /// A pool of `jobs` threads (at least one; at the lowest priority when
    /// `lowest`), at most `jobs` jobs at once, each answered within
    /// `timeout`. The threads end when the last handle to the pool is
    /// dropped.
    pub fn new(jobs: usize, timeout: Duration, lowest: bool) -> Heavy {
        let threads = jobs.max(1);
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..threads {
            let receiver = Arc::clone(&receiver);
            let spawned = std::thread::Builder::new()
                .name(format!("play-heavy-{i}"))
                .spawn(move || {
                    if lowest {
                        // Not being allowed to lower it leaves it as it is.
                        let _ = ThreadPriority::Min.set_for_current();
                    }
                    loop {
                        let next = receiver
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .recv();
                        match next {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(e) = spawned {
                eprintln!("play: cannot start a heavy-work thread: {e}");
            }
        }
        Heavy {
            permits: Arc::new(Semaphore::new(threads)),
            timeout,
            jobs: sender,
        }
    }

    /// Runs `work` on the pool once a permit is free, and returns its
    /// result, or [`WorkError::TimedOut`] when waiting and working took
    /// longer than the time-out.
    pub async fn run<T, F>(&self, work: F) -> Result<T, WorkError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.run_within(self.timeout, work).await
    }

    /// [`Heavy::run`] under a time-out of its own (the background work of
    /// the pool of rated deals, which no request waits for).
    pub async fn run_within<T, F>(&self, timeout: Duration, work: F) -> Result<T, WorkError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let deadline = Instant::now() + timeout;
        let permit = timeout_at(deadline, Arc::clone(&self.permits).acquire_owned())
            .await
            .map_err(|_| WorkError::TimedOut(timeout))?
            .map_err(|_| WorkError::Failed)?;
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _held = permit;
            let _ = answer.send(catch_unwind(AssertUnwindSafe(work)));
        });
        self.jobs.send(job).map_err(|_| WorkError::Failed)?;
        match timeout_at(deadline, answered).await {
            Ok(Ok(Ok(value))) => Ok(value),
            Ok(_) => Err(WorkError::Failed),
            Err(_) => Err(WorkError::TimedOut(timeout)),
        }
    }
}

/// Runs light engine work (a removal, a hint, a shuffle, a plain deal, a
/// replay: milliseconds on the largest board the limits allow) on the
/// blocking pool.
pub async fn light<T, F>(work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|_| ApiError::from(WorkError::Failed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn heavy_work_runs_at_the_lowest_priority_and_a_panic_is_a_failure() {
        /// The calling thread's niceness, as Linux reports it.
        fn nice() -> Option<i64> {
            let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
            let rest = stat.rsplit_once(')')?.1;
            rest.split_whitespace().nth(16)?.parse().ok()
        }
        // A long time-out: the lowest priority runs last on a busy machine.
        let lowest = Heavy::new(1, Duration::from_secs(120), true);
        let heavy = Heavy::new(2, Duration::from_secs(120), false);
        if cfg!(target_os = "linux") {
            // The light lane and a normal pool keep the process's own
            // niceness (0, or what `nice` gave the test run).
            let own = nice();
            assert_eq!(lowest.run(nice).await, Ok(Some(19)));
            assert_eq!(light(nice).await.unwrap(), own);
            assert_eq!(heavy.run(nice).await, Ok(own));
        }
        assert_eq!(
            heavy.run(|| -> u32 { panic!("a bug") }).await,
            Err(WorkError::Failed)
        );
        // The thread that panicked still serves.
        assert_eq!(heavy.run(|| 3).await, Ok(3));
        assert_eq!(heavy.run(|| 4).await, Ok(4));
    }

    #[tokio::test]
    async fn heavy_work_times_out_and_the_permit_bounds_the_threads() {
        let heavy = Heavy::new(1, Duration::from_millis(50), false);
        let slow = heavy.run(|| std::thread::sleep(Duration::from_millis(300)));
        assert_eq!(
            slow.await,
            Err(WorkError::TimedOut(Duration::from_millis(50)))
        );
        // The sleeping job still holds the only permit: the next one waits
        // for it and times out too, instead of starting a second thread.
        assert_eq!(
            heavy.run(|| 1).await,
            Err(WorkError::TimedOut(Duration::from_millis(50)))
        );
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(heavy.run(|| 2).await, Ok(2));
    }
}

/// Cancels a search's token when dropped: held by a handler, it stops the
/// search when the handler ends, whether it answered, timed out or lost
/// its client, so that no search runs on for nobody.
#[derive(Debug)]
pub struct CancelOnDrop(pub Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}
