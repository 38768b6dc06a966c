//! The error of a whole judge run.

use std::{fmt, io};

use crate::InputError;

/// Why a solver's `judge::run` stopped early: the input is malformed (with
/// its line and column), or writing the answers failed.
///
/// Every answer before the fault has been written when this is returned.
/// `Display` is the inner error's message; more kinds may be added.
#[derive(Debug)]
#[non_exhaustive]
pub enum JudgeError {
    /// The input is malformed at a known place.
    Input(InputError),
    /// Writing the answers failed.
    Io(io::Error),
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::Input(e) => write!(f, "{e}"),
            JudgeError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for JudgeError {
    /// The inner error's own cause, not the inner error: `Display` already
    /// prints the inner error, and a reporter that prints the chain of
    /// sources would print it twice.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JudgeError::Input(e) => e.source(),
            JudgeError::Io(e) => e.source(),
        }
    }
}

impl From<InputError> for JudgeError {
    fn from(e: InputError) -> Self {
        JudgeError::Input(e)
    }
}

impl From<io::Error> for JudgeError {
    fn from(e: io::Error) -> Self {
        JudgeError::Io(e)
    }
}

#[cfg(test)]
mod tests {
    use std::error::Error;

    use super::*;
    use crate::{ErrorKind, Location};

    /// `Display` prints the inner error, so the inner error is not also the
    /// source (a reporter printing the chain would print it twice); the
    /// inner error's own source is.
    #[test]
    fn prints_its_cause_once() {
        let at = Location { line: 2, column: 5 };
        let input = InputError::new(at, ErrorKind::Invalid("bad".to_owned()));
        let io = io::Error::other(InputError::invalid(at, "inner"));
        let errors = [JudgeError::from(input), JudgeError::from(io)];
        for error in &errors {
            let shown = error.to_string();
            let mut source = error.source();
            while let Some(cause) = source {
                assert!(!shown.contains(&cause.to_string()), "{shown}");
                source = cause.source();
            }
        }
        assert_eq!(errors[0].to_string(), "line 2, column 5: bad");
        assert_eq!(errors[1].to_string(), "line 2, column 5: inner");
    }
}
