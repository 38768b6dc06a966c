//! The error of a whole judge run.

use std::{fmt, io};

use crate::InputError;

/// Why a solver's `judge::run` stopped early: the input is malformed (with
/// its line and column), or writing the answers failed.
///
/// Every answer before the fault has been written when this is returned.
#[derive(Debug)]
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
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JudgeError::Input(e) => Some(e),
            JudgeError::Io(e) => Some(e),
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
