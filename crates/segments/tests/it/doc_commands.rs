//! Every command of the docs (README.md, docs/*.md, the crates' READMEs)
//! that calls `segments` runs as written, or as its block's marker scales it
//! (`test_support::doc_commands`; the convention is in CONTRIBUTING.md).
//! `-- --nocapture` lists what ran and every block skipped, with why.

use std::path::Path;

#[test]
fn documented_commands_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let report = test_support::doc_commands::run(
        &root,
        "segments",
        Path::new(env!("CARGO_BIN_EXE_segments")),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    eprint!("{}", report.text());
    assert!(
        !report.ran.is_empty(),
        "no command of the docs calls segments"
    );
    assert!(
        report.failures.is_empty(),
        "{} documented commands failed:\n{}",
        report.failures.len(),
        report.failures.join("\n")
    );
}
