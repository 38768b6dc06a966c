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

pub mod doc_commands;

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

/// What the tests of the `stress` subcommands share: running `stress` with
/// `--save`, re-running a program on the saved input, and a minimal test
/// harness for `harness = false` targets (whose binary doubles as the buggy
/// programs under test, selected by an environment variable).
pub mod stress {
    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// The environment variable that turns a stress test binary into the
    /// buggy program it names.
    pub const PROGRAM_VAR: &str = "STRESS_TEST_PROGRAM";

    /// What one `stress` run did.
    #[derive(Debug)]
    pub struct StressRun {
        /// The exit status (`None` if killed by a signal).
        pub status: Option<i32>,
        /// The report.
        pub stdout: String,
        /// Errors (and nothing else: stderr is not a terminal here).
        pub stderr: String,
        /// `fail.in` and `fail.ans`, if written.
        pub saved: Option<(Vec<u8>, Vec<u8>)>,
    }

    /// Runs `binary stress ARGS --save DIR -- program...`, with
    /// [`PROGRAM_VAR`] set to `buggy` (the program under test inherits it),
    /// `DIR` a fresh folder named after `buggy` under `scratch`.
    ///
    /// # Panics
    /// If `binary` cannot be run or the folder cannot be made.
    #[must_use]
    pub fn stress(
        binary: &str,
        args: &[&str],
        program: &[&Path],
        buggy: &str,
        scratch: &Path,
    ) -> StressRun {
        let dir = scratch.join(format!("stress-{buggy}"));
        let _ = std::fs::remove_dir_all(&dir);
        let output = Command::new(binary)
            .arg("stress")
            .args(args)
            .arg("--save")
            .arg(&dir)
            .arg("--")
            .args(program)
            .env(PROGRAM_VAR, buggy)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {binary}: {e}"));
        let read = |name: &str| std::fs::read(dir.join(name)).ok();
        let saved = read("fail.in").zip(read("fail.ans"));
        StressRun {
            status: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            saved,
        }
    }

    /// The output of this test binary run as the buggy program `buggy` on
    /// `input`.
    ///
    /// # Panics
    /// If the binary cannot be run.
    #[must_use]
    pub fn run_buggy(buggy: &str, input: &[u8]) -> Vec<u8> {
        let me = current_exe();
        let me = me.to_str().expect("a UTF-8 path");
        let mut command = Command::new(me);
        command.env(PROGRAM_VAR, buggy);
        let output = crate::run_with_stdin_command(command, input);
        output.stdout
    }

    /// The lines of an output with white space at line ends and empty lines
    /// at the end removed, as `stress` compares them.
    #[must_use]
    pub fn normalised(output: &[u8]) -> Vec<String> {
        let text = String::from_utf8_lossy(output);
        let mut lines: Vec<String> = text.split('\n').map(|l| l.trim_end().to_owned()).collect();
        while lines.last().is_some_and(String::is_empty) {
            lines.pop();
        }
        lines
    }

    /// This test binary.
    ///
    /// # Panics
    /// If the running executable cannot be found.
    #[must_use]
    pub fn current_exe() -> PathBuf {
        std::env::current_exe().expect("the test binary's path")
    }

    /// The harness of a `harness = false` test target: when [`PROGRAM_VAR`]
    /// is set, runs `buggy` with its value (it acts as that program and
    /// returns); otherwise runs each test in turn, printing `test NAME ...
    /// ok`, and a closing `N passed, 0 failed` line (a failing test panics,
    /// which fails the target).
    pub fn main(buggy: fn(&str), tests: &[(&str, fn())]) {
        if let Ok(which) = std::env::var(PROGRAM_VAR) {
            buggy(&which);
            return;
        }
        println!("running {} tests", tests.len());
        for (name, test) in tests {
            let started = std::time::Instant::now();
            test();
            println!(
                "test {name} ... ok ({:.1} s)",
                started.elapsed().as_secs_f64()
            );
        }
        println!("{} passed, 0 failed", tests.len());
    }
}

/// Runs `command` with `stdin` fed to it and returns what it did.
fn run_with_stdin_command(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    let _ = child.stdin.take().expect("stdin is piped").write_all(stdin);
    child.wait_with_output().expect("the program finishes")
}
