//! The `lianliankan` binary end to end on every fixture: judge answers,
//! `--explain`, `--draw`, other rules (through `NAME.args`), and bad input.

use test_support::run_fixture;

const BIN: &str = env!("CARGO_BIN_EXE_lianliankan");

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures", "lianliankan/*.in", |path| {
        insta::assert_snapshot!(run_fixture(BIN, path));
    });
}

#[test]
fn bad_input() {
    insta::glob!("../../../fixtures", "lianliankan/bad/*.in", |path| {
        let report = run_fixture(BIN, path);
        assert!(report.contains("exit status: 2\n"), "{report}");
        assert!(report.contains("--- stderr\nerror: line "), "{report}");
        insta::assert_snapshot!(report);
    });
}

#[test]
fn standard_input_and_help() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(BIN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1 2 7 7 1 1 1 1 2")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, b"YES\n");

    let help = Command::new(BIN).arg("--help").output().unwrap();
    let text = String::from_utf8(help.stdout).unwrap();
    assert!(
        text.contains("Examples:") && text.contains("--explain"),
        "{text}"
    );
    let missing = Command::new(BIN).arg("no-such-file.in").output().unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&missing.stderr).starts_with("error: cannot read no-such-file.in")
    );
}
