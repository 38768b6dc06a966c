//! Comparing outputs with trailing white space ignored, and sorting a run
//! into agreed or one of the three kinds of failure.

use std::fmt;

use super::runner::{Ended, Run};

/// The lines of `output` as the comparison sees them: white space at the
/// end of every line (spaces, tabs, `\r`) and empty lines at the end
/// removed.
#[must_use]
pub(crate) fn normalised_lines(output: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = output
        .split(|&b| b == b'\n')
        .map(<[u8]>::trim_ascii_end)
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// The first line (0-based, after normalising) where `actual` differs
/// from `expected`, or `None` when they agree.
#[must_use]
pub(crate) fn first_difference(expected: &[u8], actual: &[u8]) -> Option<usize> {
    let (e, a) = (normalised_lines(expected), normalised_lines(actual));
    if e == a {
        return None;
    }
    Some(e.iter().zip(&a).take_while(|(x, y)| x == y).count())
}

/// How a run failed. Two failures are "the same way" when they are equal:
/// the shrinker keeps a smaller input only if it fails with the same kind
/// (and, for a crash, the same exit status or signal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// Exit status 0, but the output differs from ours.
    WrongAnswer,
    /// A non-zero exit status (`code`) or the end by a signal.
    Crash {
        /// The exit status, when the program exited.
        code: Option<i32>,
        /// The signal that ended it, when one did (Unix).
        signal: Option<i32>,
    },
    /// Killed after running over its time.
    TimeOut,
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FailureKind::WrongAnswer => f.write_str("wrong answer"),
            FailureKind::Crash {
                code: Some(code), ..
            } => write!(f, "crash (exit status {code})"),
            FailureKind::Crash {
                signal: Some(signal),
                ..
            } => write!(
                f,
                "crash (killed by signal {signal}{})",
                signal_name(*signal)
            ),
            FailureKind::Crash { .. } => f.write_str("crash (no exit status)"),
            FailureKind::TimeOut => f.write_str("time-out"),
        }
    }
}

/// `, SIGSEGV` and the like for the common signals; empty otherwise.
fn signal_name(signal: i32) -> &'static str {
    match signal {
        4 => ", SIGILL",
        6 => ", SIGABRT",
        8 => ", SIGFPE",
        9 => ", SIGKILL",
        11 => ", SIGSEGV",
        13 => ", SIGPIPE",
        15 => ", SIGTERM",
        _ => "",
    }
}

/// `None` when `run` agrees with `expected`, otherwise how it failed. A
/// time-out comes first, then a crash (whatever was printed), then a
/// difference in the output.
#[must_use]
pub(crate) fn classify(run: &Run, expected: &[u8]) -> Option<FailureKind> {
    let status = match run.ended {
        Ended::TimedOut => return Some(FailureKind::TimeOut),
        Ended::Exited(status) => status,
    };
    if !status.success() {
        #[cfg(unix)]
        let signal = std::os::unix::process::ExitStatusExt::signal(&status);
        #[cfg(not(unix))]
        let signal = None;
        return Some(FailureKind::Crash {
            code: status.code(),
            signal,
        });
    }
    if run.stdout_cut || first_difference(expected, &run.stdout).is_some() {
        return Some(FailureKind::WrongAnswer);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_white_space_is_ignored() {
        assert_eq!(first_difference(b"YES\nNO\n", b"YES  \r\nNO"), None);
        assert_eq!(first_difference(b"YES\nNO\n", b"YES\nNO\n\n\n \n"), None);
        assert_eq!(first_difference(b"Board #1:\n\n", b"Board #1:"), None);
        assert_eq!(first_difference(b"", b"\n\n"), None);
    }

    #[test]
    fn other_differences_are_found_at_their_line() {
        assert_eq!(first_difference(b"YES\nNO\n", b"YES\nYES\n"), Some(1));
        assert_eq!(first_difference(b"YES\nNO\n", b" YES\nNO\n"), Some(0));
        assert_eq!(first_difference(b"YES\nNO\n", b"YES\n"), Some(1));
        assert_eq!(first_difference(b"YES\n", b"YES\nNO\n"), Some(1));
        // An empty line in the middle counts.
        assert_eq!(first_difference(b"a\n\nb\n", b"a\nb\n"), Some(1));
        assert_eq!(first_difference(b"", b"x"), Some(0));
    }

    #[test]
    fn names() {
        assert_eq!(FailureKind::WrongAnswer.to_string(), "wrong answer");
        let crash = FailureKind::Crash {
            code: None,
            signal: Some(11),
        };
        assert_eq!(crash.to_string(), "crash (killed by signal 11, SIGSEGV)");
        let exit = FailureKind::Crash {
            code: Some(101),
            signal: None,
        };
        assert_eq!(exit.to_string(), "crash (exit status 101)");
    }
}
