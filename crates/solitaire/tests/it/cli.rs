//! The `solitaire` binary's command line beyond the fixtures: help,
//! version, standard input, other piece counts, failures other than bad
//! input.

use std::process::Output;

fn run(args: &[&str], stdin: &[u8]) -> Output {
    test_support::run_with_stdin(env!("CARGO_BIN_EXE_solitaire"), args, stdin)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn help_has_an_example_and_the_formats() {
    let out = run(&["--help"], b"");
    assert!(out.status.success());
    let help = stdout(&out);
    for needle in [
        "--max-moves",
        "--explain",
        "--draw",
        "Examples:",
        "| solitaire --explain",
        "exit status 2",
    ] {
        assert!(help.contains(needle), "help lacks {needle:?}:\n{help}");
    }
}

#[test]
fn version() {
    let out = run(&["--version"], b"");
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        format!("solitaire {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn reads_standard_input_with_or_without_dash() {
    let sample = b"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n";
    for args in [&[][..], &["-"][..]] {
        let out = run(args, sample);
        assert!(out.status.success());
        assert_eq!(stdout(&out), "YES\n");
    }
    let out = run(&[], b"");
    assert!(out.status.success());
    assert_eq!(stdout(&out), "");
}

#[test]
fn max_moves_bounds_the_answer() {
    // The sample needs exactly 7 moves.
    let sample = b"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n";
    assert_eq!(stdout(&run(&["--max-moves", "7"], sample)), "YES\n");
    assert_eq!(stdout(&run(&["--max-moves", "6"], sample)), "NO\n");
    assert_eq!(stdout(&run(&["--max-moves", "0"], sample)), "NO\n");
}

#[test]
fn other_piece_counts() {
    // One piece from the corner (1,1) to (8,8): 14 steps, no jumps.
    let input = b"1 1 8 8\n";
    assert_eq!(
        stdout(&run(&["--pieces", "1", "--max-moves", "13"], input)),
        "NO\n"
    );
    assert_eq!(
        stdout(&run(&["--pieces", "1", "--max-moves", "14"], input)),
        "YES\n"
    );
    let out = run(&["--pieces", "9"], input);
    assert!(!out.status.success());
}

#[test]
fn unreadable_file_is_exit_status_1() {
    let out = run(&["no/such/file.in"], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: cannot read no/such/file.in"),
        "{stderr}"
    );
}
