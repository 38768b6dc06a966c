//! Ctrl-C during long work: the work runs with the GIL released on a
//! thread of its own with a cancel token, while the calling thread runs
//! Python's signal handlers.

use std::sync::mpsc;
use std::time::Duration;

use lianliankan::Cancel;
use pyo3::prelude::*;

/// How often long work lets Python run its signal handlers (as
/// `solve` does).
const SIGNAL_CHECK_EVERY: Duration = Duration::from_millis(10);

/// Runs `work` with the GIL released, on a thread of its own, handing it a
/// cancel token; meanwhile this thread runs Python's signal handlers every
/// few milliseconds, and when one raises, cancels the token, waits for the
/// work to stop and returns that exception.
pub fn cancellable<T: Send>(py: Python<'_>, work: impl FnOnce(Cancel) -> T + Send) -> PyResult<T> {
    let (result, interrupted) = py.detach(|| {
        let cancel = Cancel::new();
        let token = cancel.clone();
        let (done, finished) = mpsc::channel::<()>();
        std::thread::scope(|scope| {
            let worker = scope.spawn(move || {
                let result = work(token);
                // The receiver lives until the join below.
                let _ = done.send(());
                result
            });
            let mut interrupted = None;
            // Until the worker says it finished, or its sender is dropped
            // (it panicked: the join says so).
            while let Err(mpsc::RecvTimeoutError::Timeout) =
                finished.recv_timeout(SIGNAL_CHECK_EVERY)
            {
                if interrupted.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        cancel.cancel();
                        interrupted = Some(e);
                    }
                }
            }
            (worker.join(), interrupted)
        })
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    // A panic of the worker (a bug) goes on as a panic, which PyO3 turns
    // into PanicException, as it would on this thread.
    result.map_err(|payload| std::panic::resume_unwind(payload))
}
