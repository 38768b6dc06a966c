//! The command-line edge the three solver binaries share: reading the whole
//! input, buffered output that is flushed before any error is shown, and the
//! mapping of failures to messages and exit statuses.
//!
//! This is the only place where an error becomes text on stderr and an exit
//! status; the solver libraries return [`JudgeError`] and other library
//! errors, and never print or exit. Argument parsing (clap) stays in each
//! binary, but for the options of the `stress` subcommand, which the three
//! share with the rest of [`stress`]: running another program on random
//! judge inputs, comparing, shrinking a failure and reporting it.
//!
//! Exit statuses: 0 success, 1 an I/O or usage failure, 2 bad input (with
//! `error: line L, column C: ...` on stderr), 3 left for "no answer within
//! the budget" where a solver has one.

#![deny(missing_docs)]

pub mod stress;

use std::fmt;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use grid_core::{InputError, JudgeError};

/// Exit status for malformed input.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit status for other failures (unreadable file, write error, usage).
pub const EXIT_FAILURE: u8 = 1;

/// Why a binary stopped early.
#[derive(Debug)]
pub enum Failure {
    /// The input is malformed (exit status 2).
    Input(InputError),
    /// One of several input files is malformed (exit status 2): the file's
    /// name as the user gave it, and the error in it.
    InputIn {
        /// The file as named on the command line (`-` for standard input).
        file: String,
        /// What is wrong, and where in that file.
        error: InputError,
    },
    /// Reading or writing failed (exit status 1; a closed stdout pipe is
    /// not reported and exits 0, as `head` users expect).
    Io(io::Error),
    /// The command line cannot be served, with the message to show
    /// (exit status 1).
    Usage(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Input(e) => write!(f, "{e}"),
            Failure::InputIn { file, error } => write!(f, "{file}: {error}"),
            Failure::Io(e) => write!(f, "{e}"),
            Failure::Usage(m) => f.write_str(m),
        }
    }
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        Failure::Input(e)
    }
}

impl From<JudgeError> for Failure {
    fn from(e: JudgeError) -> Self {
        match e {
            JudgeError::Input(e) => Failure::Input(e),
            JudgeError::Io(e) => Failure::Io(e),
            // Kinds added later: an I/O failure that says what happened.
            other => Failure::Io(std::io::Error::other(other)),
        }
    }
}

impl std::error::Error for Failure {}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Reads the whole input: the file at `path`, or standard input when `path`
/// is `None` or `-`.
///
/// When standard input would be read but is a terminal, nothing is read and
/// the result is [`Failure::Usage`] carrying `usage`, so a user who started
/// the binary with no arguments is told what to do instead of waiting on a
/// silent prompt.
///
/// # Errors
/// [`Failure::Io`] naming the file when it cannot be read;
/// [`Failure::Usage`] as above.
pub fn read_input(path: Option<&Path>, usage: &str) -> Result<Vec<u8>, Failure> {
    match path {
        Some(p) if p != Path::new("-") => std::fs::read(p).map_err(|e| {
            Failure::Io(io::Error::new(
                e.kind(),
                format!("cannot read {}: {e}", p.display()),
            ))
        }),
        _ => {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                return Err(Failure::Usage(usage.to_owned()));
            }
            let mut input = Vec::new();
            stdin.lock().read_to_end(&mut input)?;
            Ok(input)
        }
    }
}

/// Runs `body` with a buffered standard output and flushes it afterwards,
/// also when `body` fails, so every answer written before a fault reaches the
/// user before the error message does.
///
/// # Errors
/// The error of `body`, or of the final flush.
pub fn with_stdout<F>(body: F) -> Result<(), Failure>
where
    F: FnOnce(&mut dyn Write) -> Result<(), Failure>,
{
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let result = body(&mut out);
    let flushed = out.flush();
    result?;
    flushed.map_err(Failure::Io)
}

/// The exit status after the argument parser has printed its message
/// (`printed`): 0 for `--help` and `--version` (`is_error` false), otherwise
/// [`EXIT_FAILURE`] — a bad command line is not bad input, which keeps
/// status 2 for malformed input alone.
#[must_use]
pub fn argument_error(printed: io::Result<()>, is_error: bool) -> ExitCode {
    match (printed, is_error) {
        (Ok(()), false) => ExitCode::SUCCESS,
        _ => ExitCode::from(EXIT_FAILURE),
    }
}

/// Turns the outcome of a binary's run into its exit status, printing the
/// failure (if any) to standard error: `error: ...`, or a usage text as is.
#[must_use]
pub fn exit_code(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("{message}");
            ExitCode::from(EXIT_FAILURE)
        }
        Err(failure) => {
            eprintln!("error: {failure}");
            ExitCode::from(match failure {
                Failure::Input(_) | Failure::InputIn { .. } => EXIT_BAD_INPUT,
                Failure::Io(_) | Failure::Usage(_) => EXIT_FAILURE,
            })
        }
    }
}
