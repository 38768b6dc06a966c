//! `LlkCancel`: the library's `Cancel` token as a handle, which stops a
//! long `llk_solve`, `llk_generate`, `llk_rate` or `llk_generate_rated`
//! from another thread.

use std::time::Duration;

use lianliankan::Cancel;

use crate::ptr;
use crate::status::{Error, LlkStatus, guard, guard_value};

/// A cancel token (opaque): made by `llk_cancel_new`, freed by
/// `llk_cancel_free`. Pass it to `llk_solve`, `llk_generate`, `llk_rate`
/// or `llk_generate_rated` (NULL there: not cancellable); once
/// `llk_cancel_cancel` is called, from any thread, every call given it
/// returns `LLK_STATUS_CANCELLED` soon after (a solve at its next state or
/// path search, milliseconds even on a 1000 × 1000 board; a generation
/// within one placement), and every later call given it
/// returns that at once: a token is cancelled for good, so use a new one
/// for the next job. `llk_cancel_after` gives a token a time limit (it
/// cancels itself then). Many threads may use one token at once; free it
/// only when no call uses it any more.
#[derive(Debug)]
pub struct LlkCancel {
    token: Cancel,
}

/// The library's token behind `cancel`, or `None` for NULL (a call that
/// cannot be cancelled).
///
/// # Safety
/// `cancel` is NULL or a live token.
pub(crate) unsafe fn token(cancel: *const LlkCancel) -> Option<Cancel> {
    // SAFETY: the caller's promise above.
    unsafe { ptr::borrow(cancel, "cancel") }
        .ok()
        .map(|c| c.token.clone())
}

/// Stores a new token, not cancelled, in `*out`; the caller frees it with
/// `llk_cancel_free`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL `out`.
///
/// # Safety
/// `out` is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_cancel_new(out: *mut *mut LlkCancel) -> LlkStatus {
    guard(|| {
        let cancel = LlkCancel {
            token: Cancel::new(),
        };
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, ptr::into_handle(cancel), "out") }
    })
}

/// Cancels the token: every call given it stops soon with
/// `LLK_STATUS_CANCELLED`. Callable from any thread, also while other
/// threads run calls with the token; calling it again does nothing more.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL `cancel`.
///
/// # Safety
/// `cancel` is NULL or a live token.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_cancel_cancel(cancel: *const LlkCancel) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(cancel, "cancel")? }.token.cancel();
        Ok(())
    })
}

/// Gives the token a time limit: it cancels itself once `seconds` have
/// passed from this call (fractions allowed; 0: at once), and every call
/// given it then stops with `LLK_STATUS_CANCELLED`, as if
/// `llk_cancel_cancel` had been called at that moment (a solve within a
/// state or path search, a generation within one placement). Called
/// again, the new limit replaces the old one; a token already cancelled
/// stays cancelled. `lianliankan study --seconds` and Python's
/// `timeout=` are the same limit.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL `cancel` or for
/// `seconds` negative or not a number (the token is then unchanged).
///
/// # Safety
/// `cancel` is NULL or a live token.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_cancel_after(cancel: *const LlkCancel, seconds: f64) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let cancel = unsafe { ptr::borrow(cancel, "cancel")? };
        if seconds.is_nan() || seconds < 0.0 {
            return Err(Error::invalid(format!(
                "seconds: a number of seconds, 0 or more, got {seconds}"
            )));
        }
        // Past what a Duration holds (about 584 years): never.
        let after = Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX);
        cancel.token.cancel_after(after);
        Ok(())
    })
}

/// Whether `llk_cancel_cancel` was called on the token (false for NULL).
///
/// # Safety
/// `cancel` is NULL or a live token.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_cancel_is_cancelled(cancel: *const LlkCancel) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(cancel, "cancel") }.is_ok_and(|c| c.token.is_cancelled())
    })
}

/// Frees a token; nothing for NULL.
///
/// # Safety
/// `cancel` is NULL or a token not yet freed, which no call (on any
/// thread) uses any more and which is not used after this.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_cancel_free(cancel: *mut LlkCancel) {
    // SAFETY: the caller's promise above.
    unsafe { ptr::free(cancel) }
}
