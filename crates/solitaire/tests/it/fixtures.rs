//! The `solitaire` binary end to end on `fixtures/solitaire/`: each `.in`
//! (with its `.args`) is run, its stdout compared with the hand-checked
//! `.out`, and the whole report snapshotted.

#[test]
fn fixtures() {
    insta::glob!("../../../../fixtures", "solitaire/*.in", |path| {
        let report = test_support::run_fixture(env!("CARGO_BIN_EXE_solitaire"), path);
        assert!(report.contains("\nexit status: 0\n"), "{report}");
        insta::assert_snapshot!(report);
    });
}

/// Malformed inputs: exit status 2, the answers before the fault kept, and
/// the place of the fault on stderr.
#[test]
fn bad_input() {
    insta::glob!("../../../../fixtures", "solitaire/bad/*.in", |path| {
        let report = test_support::run_fixture(env!("CARGO_BIN_EXE_solitaire"), path);
        assert!(report.contains("\nexit status: 2\n"), "{report}");
        assert!(report.contains("--- stdout\nYES\n"), "{report}");
        assert!(report.contains("--- stderr\nerror: line "), "{report}");
        insta::assert_snapshot!(report);
    });
}
