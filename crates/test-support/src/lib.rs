//! Runs a solver binary on a fixture and reports what happened, for the
//! end-to-end snapshot tests in each solver crate's `tests/`.
//!
//! Fixture convention, in `fixtures/<puzzle>/`:
//! - `NAME.in` — the input, given to the binary as a file argument (run
//!   from the fixture's folder, by file name);
//! - `NAME.args` (optional) — extra arguments, white-space separated, put
//!   before the file (e.g. `--border open --explain`);
//! - `NAME.out` (optional) — the expected standard output, written and
//!   checked by hand; when present it must match byte for byte, independently
//!   of the snapshot.
//!
//! The report (arguments, exit status, stdout, stderr) is what the calling
//! crate snapshots with insta. (A snapshot assertion must live in the calling
//! crate: insta stores snapshots beside the file that asserts.)
#![deny(missing_docs)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `binary` on the fixture `input` (a `.in` file) and returns the
/// report to snapshot.
///
/// # Panics
/// If the binary cannot be started, or a `NAME.out` file exists and differs
/// from the standard output.
#[must_use]
pub fn run_fixture(binary: &str, input: &Path) -> String {
    let args_file = input.with_extension("args");
    let args: Vec<String> = std::fs::read_to_string(&args_file)
        .map(|s| s.split_whitespace().map(str::to_owned).collect())
        .unwrap_or_default();
    // Run from the fixture's folder with a relative name, so that messages
    // naming the file are the same on every machine.
    let output = Command::new(binary)
        .current_dir(input.parent().expect("a fixture lives in a folder"))
        .args(&args)
        .arg(input.file_name().expect("a fixture has a file name"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {binary}: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expected_file = input.with_extension("out");
    if let Ok(expected) = std::fs::read_to_string(&expected_file) {
        assert_eq!(
            stdout,
            expected,
            "stdout differs from the hand-checked {}",
            expected_file.display()
        );
    }
    let status = output
        .status
        .code()
        .map_or_else(|| "killed by a signal".to_owned(), |c| c.to_string());
    format!(
        "args: {}\nexit status: {status}\n--- stdout\n{stdout}--- stderr\n{stderr}",
        args.join(" ")
    )
}

/// Runs `binary` with `args`, feeding `stdin` to its standard input, and
/// returns what it did.
///
/// # Panics
/// If the binary cannot be started or waited for.
#[must_use]
pub fn run_with_stdin(binary: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {binary}: {e}"));
    // The binary may stop before reading (a bad argument): a broken pipe
    // here is not the caller's concern, the exit status is.
    let _ = child.stdin.take().expect("stdin is piped").write_all(stdin);
    child.wait_with_output().expect("the binary finishes")
}
