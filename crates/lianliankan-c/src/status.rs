//! Status codes, the thread's last error message, and [`guard`], which
//! every entry point runs its body in.
//!
//! An entry point's body is ordinary Rust returning `Result<T, Error>`;
//! [`guard`] turns an `Err` into its [`LlkStatus`] and stores the message
//! for [`llk_last_error`](crate::llk_last_error), and turns a panic (a bug:
//! nothing here panics on purpose, whatever the arguments) into
//! [`LlkStatus::Internal`] where unwinding is possible. In the release
//! profile a panic aborts the process (`panic = "abort"`), so the guard is
//! a second line only: the first is that every pointer, length and value
//! from C is checked before use and no caller data reaches an `unwrap`.

use std::cell::RefCell;
use std::ffi::{CStr, CString};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// What a call did: `LLK_STATUS_OK`, or why it did nothing.
///
/// Every fallible function returns one; on anything but `LLK_STATUS_OK`
/// its out-parameters are left as they were and `llk_last_error()` says
/// what was wrong.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlkStatus {
    /// The call did what it was asked.
    Ok = 0,
    /// A NULL pointer where a value is needed, a value out of its range
    /// (a cell off the board, a kind above `LLK_MAX_KIND`, an unknown
    /// border or gravity name, bad groups text, a size whose cells
    /// overflow), or text that is not UTF-8.
    InvalidArgument = 1,
    /// Judge-format text that is malformed; the message names the line and
    /// column.
    ParseError = 2,
    /// A removal that cannot be played: `llk_replay` names the step and why.
    IllegalStep = 3,
    /// `llk_generate` could not make a board with these numbers (too few
    /// cells, kinds out of range).
    GenerateFailed = 4,
    /// `llk_generate_rated` rated every candidate it was allowed and none
    /// scored in the band; the message gives the scores seen.
    OutOfBand = 5,
    /// The call's `LlkCancel` was cancelled (`llk_cancel_cancel`), or its
    /// time limit ran out (`llk_cancel_after`), before it finished; it
    /// made nothing.
    Cancelled = 6,
    /// A bug in the library: a panic caught at the boundary in a build
    /// that unwinds (debug and test builds). The release build aborts the
    /// process on a panic instead (the workspace's `panic = "abort"`), so
    /// there this status never comes. Please report it with the message.
    Internal = 99,
}

/// An error of an entry point: its status and the message for
/// `llk_last_error`.
#[derive(Debug)]
pub struct Error {
    /// The status the entry point returns.
    pub status: LlkStatus,
    /// What was wrong, in words.
    pub message: String,
}

impl Error {
    /// An [`LlkStatus::InvalidArgument`] error.
    pub fn invalid(message: impl Into<String>) -> Error {
        Error {
            status: LlkStatus::InvalidArgument,
            message: message.into(),
        }
    }

    /// An error of `status`.
    pub fn new(status: LlkStatus, message: impl Into<String>) -> Error {
        Error {
            status,
            message: message.into(),
        }
    }
}

/// Results of entry points' bodies.
pub type Result<T> = std::result::Result<T, Error>;

thread_local! {
    /// The message of the last failed call on this thread ("" before any).
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Stores `message` as this thread's last error. An interior NUL (a
/// message quoting text that held one) is written as `\0`.
fn set_last_error(message: &str) {
    let message = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    // `try_with`: during the thread's teardown (a call from a destructor of
    // another thread-local) the message is dropped instead of panicking.
    let _ = LAST_ERROR.try_with(|last| *last.borrow_mut() = message);
}

/// The pointer to this thread's last error message, valid until the next
/// failing call on this thread replaces it (the `CString`'s buffer stays
/// where it is until then), or the thread ends; `""` during the thread's
/// teardown.
pub fn last_error_ptr() -> *const std::ffi::c_char {
    LAST_ERROR
        .try_with(|last| last.borrow().as_ptr())
        .unwrap_or(c"".as_ptr())
}

/// A copy of this thread's last error message (for tests).
#[cfg(test)]
pub fn last_error() -> String {
    LAST_ERROR.with(|last| {
        let last = last.borrow();
        let text: &CStr = &last;
        text.to_string_lossy().into_owned()
    })
}

/// Runs `body`, the whole of an entry point: `LLK_STATUS_OK`, or the
/// error's status with its message stored, or [`LlkStatus::Internal`] for
/// a panic where the build unwinds.
pub fn guard(body: impl FnOnce() -> Result<()>) -> LlkStatus {
    // `AssertUnwindSafe`: after a panic nothing the body touched is used
    // again but the handles it was given, which the library never leaves
    // half-changed (each entry point builds its result first and writes
    // the out-parameters last).
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => LlkStatus::Ok,
        Ok(Err(e)) => {
            set_last_error(&e.message);
            e.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_owned());
            set_last_error(&format!(
                "internal error (a bug in lianliankan, please report it): {what}"
            ));
            LlkStatus::Internal
        }
    }
}

/// Runs `body`, an entry point that cannot fail but for a bug, and returns
/// its value, or `fallback` after a panic where the build unwinds.
pub fn guard_value<T>(fallback: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(fallback)
}

/// The name of `status` as the header spells it, or `None` for a number
/// that is no status.
pub fn status_name(status: i32) -> Option<&'static CStr> {
    Some(match status {
        0 => c"LLK_STATUS_OK",
        1 => c"LLK_STATUS_INVALID_ARGUMENT",
        2 => c"LLK_STATUS_PARSE_ERROR",
        3 => c"LLK_STATUS_ILLEGAL_STEP",
        4 => c"LLK_STATUS_GENERATE_FAILED",
        5 => c"LLK_STATUS_OUT_OF_BAND",
        6 => c"LLK_STATUS_CANCELLED",
        99 => c"LLK_STATUS_INTERNAL",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_stored_and_panics_become_internal() {
        assert_eq!(guard(|| Ok(())), LlkStatus::Ok);
        assert_eq!(
            guard(|| Err(Error::invalid("rows is 0"))),
            LlkStatus::InvalidArgument
        );
        assert_eq!(last_error(), "rows is 0");
        // A success leaves the message of the last failure.
        assert_eq!(guard(|| Ok(())), LlkStatus::Ok);
        assert_eq!(last_error(), "rows is 0");
        assert_eq!(guard(|| panic!("boom")), LlkStatus::Internal);
        assert!(last_error().contains("boom"), "{}", last_error());
        assert_eq!(guard_value(7, || panic!("boom")), 7);
        assert_eq!(
            guard(|| Err(Error::invalid("a\0b"))),
            LlkStatus::InvalidArgument
        );
        assert_eq!(last_error(), "a\\0b");
    }

    #[test]
    fn every_status_has_its_header_name() {
        for status in [
            LlkStatus::Ok,
            LlkStatus::InvalidArgument,
            LlkStatus::ParseError,
            LlkStatus::IllegalStep,
            LlkStatus::GenerateFailed,
            LlkStatus::OutOfBand,
            LlkStatus::Cancelled,
            LlkStatus::Internal,
        ] {
            let name = status_name(status as i32).expect("a name");
            let debug = format!("{status:?}");
            // InvalidArgument -> INVALID_ARGUMENT
            let mut screaming = String::new();
            for (i, c) in debug.chars().enumerate() {
                if c.is_uppercase() && i > 0 {
                    screaming.push('_');
                }
                screaming.push(c.to_ascii_uppercase());
            }
            assert_eq!(
                name.to_str(),
                Ok(format!("LLK_STATUS_{screaming}").as_str())
            );
        }
        assert_eq!(status_name(7), None);
        assert_eq!(status_name(-1), None);
    }
}
