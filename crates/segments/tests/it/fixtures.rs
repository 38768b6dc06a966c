//! The `segments` binary end to end on `fixtures/segments/`: every `.in`
//! with its optional `.args`; a hand-written `.out` must match stdout byte
//! for byte, and the whole report (arguments, exit status, stdout, stderr)
//! is snapshotted.

#[test]
fn fixtures() {
    insta::glob!("../../../../fixtures", "segments/*.in", |path| {
        insta::assert_snapshot!(test_support::run_fixture(
            env!("CARGO_BIN_EXE_segments"),
            path
        ));
    });
}

/// Malformed inputs: exit status 2, the message names the line and column,
/// and the answers before the fault are printed.
#[test]
fn bad_input() {
    insta::glob!("../../../../fixtures", "segments/bad/*.in", |path| {
        let report = test_support::run_fixture(env!("CARGO_BIN_EXE_segments"), path);
        assert!(report.contains("exit status: 2\n"), "{report}");
        assert!(report.contains("error: line "), "{report}");
        insta::assert_snapshot!(report);
    });
}
