//! Engine work off the async threads.
//!
//! Every engine call runs on tokio's blocking pool (`spawn_blocking`), so a
//! search never stalls the threads that accept connections and serve the
//! page. The heavy calls — solving, generating a deal, a judge run — also
//! go through [`Heavy`]: at most `jobs` of them run at once, each under a
//! time-out. The engine's searches cannot be interrupted, so a job that
//! times out keeps its thread (and its permit) until its own budget of
//! states ends; the request is answered at the time-out all the same, and
//! the permit keeps the number of such threads bounded.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use tokio::sync::Semaphore;
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
            WorkError::TimedOut(limit) => ApiError {
                status: StatusCode::SERVICE_UNAVAILABLE,
                message: format!(
                    "no answer within the time-out of {} ms; try a smaller board or fewer rules",
                    limit.as_millis()
                ),
            },
            WorkError::Failed => ApiError {
                status: StatusCode::INTERNAL_SERVER_ERROR,
                message: "the engine failed on this request (a bug: please report it)".to_owned(),
            },
        }
    }
}

/// The permits and the time-out for heavy work.
#[derive(Clone, Debug)]
pub struct Heavy {
    permits: Arc<Semaphore>,
    timeout: Duration,
}

impl Heavy {
    /// At most `jobs` (at least one) at once, each answered within `timeout`.
    pub fn new(jobs: usize, timeout: Duration) -> Heavy {
        Heavy {
            permits: Arc::new(Semaphore::new(jobs.max(1))),
            timeout,
        }
    }

    /// Runs `work` on the blocking pool once a permit is free, and returns
    /// its result, or [`WorkError::TimedOut`] when waiting and working took
    /// longer than the time-out.
    pub async fn run<T, F>(&self, work: F) -> Result<T, WorkError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let deadline = Instant::now() + self.timeout;
        let permit = timeout_at(deadline, Arc::clone(&self.permits).acquire_owned())
            .await
            .map_err(|_| WorkError::TimedOut(self.timeout))?
            .map_err(|_| WorkError::Failed)?;
        let handle = tokio::task::spawn_blocking(move || {
            let _held = permit;
            work()
        });
        match timeout_at(deadline, handle).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(_)) => Err(WorkError::Failed),
            Err(_) => Err(WorkError::TimedOut(self.timeout)),
        }
    }
}

/// Runs light engine work (a removal, a hint, a shuffle: milliseconds on
/// the largest board the limits allow) on the blocking pool.
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
    async fn heavy_work_times_out_and_the_permit_bounds_the_threads() {
        let heavy = Heavy::new(1, Duration::from_millis(50));
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
