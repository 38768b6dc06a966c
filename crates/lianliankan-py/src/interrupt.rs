//! Stopping long work: the work runs with the GIL released on a thread of
//! its own with a cancel token, while the calling thread runs Python's
//! signal handlers (so Ctrl-C stops it), and watches the caller's own
//! stops: a time limit (`timeout=`), a `Cancel` another thread may set, and
//! a progress callback, which may stop the work by raising.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use lianliankan::Cancel;
use pyo3::prelude::*;

use crate::convert::type_error;

/// How often long work lets Python run its signal handlers (as
/// `solve` does), and looks at the caller's `Cancel`.
const SIGNAL_CHECK_EVERY: Duration = Duration::from_millis(10);

/// How often a progress callback is called while the work runs.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// What stops long work besides a signal handler.
#[derive(Default)]
pub struct Stops {
    /// When to stop (`timeout=`).
    pub deadline: Option<Instant>,
    /// The caller's token (`cancel=`).
    pub cancel: Option<Cancel>,
    /// A callback called with the count the work keeps in `counter` (the
    /// states searched), every [`PROGRESS_EVERY`] and once at the end.
    pub progress: Option<Py<PyAny>>,
    /// What the work counts, for the callback.
    pub counter: Arc<AtomicU64>,
    /// The most the work counts, when the callback is given it too (a
    /// rating's games: `progress(done, total)`); `None`: the callback is
    /// given the count alone (a solve's states).
    pub total: Option<Arc<AtomicU64>>,
}

/// Why the work was stopped by the caller's stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The time limit passed.
    TimedOut,
    /// The caller's `Cancel` was set.
    Cancelled,
}

impl Stops {
    /// The stops of a call's `timeout`, `cancel` and `progress` arguments.
    pub fn new(
        timeout: Option<Duration>,
        cancel: Option<&PyCancel>,
        progress: Option<Py<PyAny>>,
    ) -> Stops {
        Stops {
            deadline: timeout.map(|t| Instant::now() + t),
            cancel: cancel.map(|c| c.token.clone()),
            progress,
            counter: Arc::new(AtomicU64::new(0)),
            total: None,
        }
    }

    /// As [`Stops::new`], for work that counts up to `total` (a rating's
    /// games): the callback is called with the count and the total.
    pub fn counting_to(
        timeout: Option<Duration>,
        cancel: Option<&PyCancel>,
        progress: Option<Py<PyAny>>,
        total: u64,
    ) -> Stops {
        Stops {
            total: Some(Arc::new(AtomicU64::new(total))),
            ..Stops::new(timeout, cancel, progress)
        }
    }

    /// Why the caller's stops say stop now, if they do.
    fn stopped(&self) -> Option<Stopped> {
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            Some(Stopped::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stopped::TimedOut)
        } else {
            None
        }
    }

    /// Calls the progress callback, if any, with the count now.
    fn report(&self, py: Python<'_>) -> PyResult<()> {
        let count = self.counter.load(Ordering::Relaxed);
        match (&self.progress, &self.total) {
            (Some(callback), None) => callback.call1(py, (count,)).map(drop),
            (Some(callback), Some(total)) => callback
                .call1(py, (count, total.load(Ordering::Relaxed)))
                .map(drop),
            (None, _) => Ok(()),
        }
    }
}

/// The exception of work stopped by the caller: `TimeoutError` for a time
/// limit, `lianliankan.Cancelled` for a `Cancel`.
pub fn stopped_error(why: Stopped) -> PyErr {
    match why {
        Stopped::TimedOut => {
            pyo3::exceptions::PyTimeoutError::new_err("the time limit (timeout=) ran out")
        }
        Stopped::Cancelled => crate::errors::cancelled("cancelled by its Cancel"),
    }
}

/// Runs `work` with the GIL released, on a thread of its own, handing it a
/// cancel token; meanwhile this thread runs Python's signal handlers every
/// few milliseconds, looks at `stops`, and calls their progress callback.
/// When a signal handler or the callback raises, it cancels the token,
/// waits for the work to stop and returns that exception; when a stop says
/// stop, it cancels the token and returns the work's answer with why.
pub fn cancellable<T: Send>(
    py: Python<'_>,
    stops: &Stops,
    work: impl FnOnce(Cancel) -> T + Send,
) -> PyResult<(T, Option<Stopped>)> {
    if let Some(why) = stops.stopped() {
        // Cancelled, or out of time, before it began.
        let token = Cancel::new();
        token.cancel();
        return Ok((work(token), Some(why)));
    }
    let (result, interrupted, stopped) = py.detach(|| {
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
            let mut stopped = None;
            let mut reported = Instant::now();
            // Until the worker says it finished, or its sender is dropped
            // (it panicked: the join says so).
            loop {
                let wait = stops.deadline.map_or(SIGNAL_CHECK_EVERY, |d| {
                    d.saturating_duration_since(Instant::now())
                        .clamp(Duration::from_millis(1), SIGNAL_CHECK_EVERY)
                });
                match finished.recv_timeout(wait) {
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    _ => break,
                }
                if interrupted.is_some() || stopped.is_some() {
                    continue;
                }
                let checked = Python::attach(|py| {
                    py.check_signals()?;
                    if stops.progress.is_some() && reported.elapsed() >= PROGRESS_EVERY {
                        reported = Instant::now();
                        stops.report(py)?;
                    }
                    Ok::<(), PyErr>(())
                });
                if let Err(e) = checked {
                    cancel.cancel();
                    interrupted = Some(e);
                } else if let Some(why) = stops.stopped() {
                    cancel.cancel();
                    stopped = Some(why);
                }
            }
            (worker.join(), interrupted, stopped)
        })
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    // A panic of the worker (a bug) goes on as a panic, which PyO3 turns
    // into PanicException, as it would on this thread.
    let result = result.unwrap_or_else(|payload| std::panic::resume_unwind(payload));
    if stopped.is_none() {
        // The last count, so that a callback sees where the work ended.
        stops.report(py)?;
    }
    Ok((result, stopped))
}

/// A cancel token for long work (`solve`, `generate`, `generate_rated`,
/// `rate`): pass it as `cancel=`, and call `cancel()` from any thread to
/// stop the work within milliseconds. A token stays cancelled: make a new
/// one for new work. Tokens are not values: they do not pickle or compare.
#[pyclass(frozen, module = "lianliankan", name = "Cancel")]
#[derive(Debug, Default)]
pub struct PyCancel {
    token: Cancel,
}

#[pymethods]
impl PyCancel {
    #[new]
    fn py_new() -> PyCancel {
        PyCancel::default()
    }

    /// Stops the work this token was given to (and any later work given
    /// it). Safe from any thread; the GIL is not needed by the work.
    fn cancel(&self) {
        self.token.cancel();
    }

    /// Whether `cancel()` was called.
    #[getter]
    fn cancelled(&self) -> bool {
        self.token.is_cancelled()
    }

    fn __repr__(&self) -> String {
        format!(
            "Cancel(cancelled={})",
            if self.token.is_cancelled() {
                "True"
            } else {
                "False"
            }
        )
    }
}

/// `timeout`: None (no limit) or a number of seconds, 0 or more
/// (`from_py_with`).
pub fn timeout(obj: &Bound<'_, PyAny>) -> PyResult<Option<Duration>> {
    if obj.is_none() {
        return Ok(None);
    }
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(type_error(
            &"timeout",
            "None or seconds (an int or float)",
            obj,
        ));
    }
    let seconds: f64 = obj
        .extract()
        .map_err(|_| type_error(&"timeout", "None or seconds (an int or float)", obj))?;
    Duration::try_from_secs_f64(seconds).map(Some).map_err(|_| {
        crate::convert::value_error(format!(
            "timeout must be a number of seconds, 0 or more, got {seconds}"
        ))
    })
}

/// `cancel`: None or a `Cancel` (`from_py_with`).
pub fn cancel_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyCancel>>> {
    if obj.is_none() {
        return Ok(None);
    }
    obj.cast::<PyCancel>()
        .map(|c| Some(c.clone().unbind()))
        .map_err(|_| type_error(&"cancel", "None or a Cancel", obj))
}

/// `progress`: None or a callable (`from_py_with`).
pub fn progress_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
    if obj.is_none() {
        return Ok(None);
    }
    if !obj.is_callable() {
        return Err(type_error(&"progress", "None or a callable", obj));
    }
    Ok(Some(obj.clone().unbind()))
}
