//! One version, set once in the workspace's Cargo.toml: every crate takes
//! it, and the faces report it (the command line here; C's `llk_version()`
//! and Python's `__version__` in their own crates' tests, against
//! [`lianliankan::VERSION`]).

use std::path::Path;

/// The workspace's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .and_then(Path::parent)
        .expect("crates/lianliankan is two levels down")
}

/// `[workspace.package]`'s version, read from the root Cargo.toml.
fn workspace_version() -> String {
    let text = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let package = text
        .split("[workspace.package]")
        .nth(1)
        .expect("a [workspace.package] table");
    let line = package
        .lines()
        .find(|line| line.starts_with("version = "))
        .expect("a version in [workspace.package]");
    line.trim_start_matches("version = ")
        .trim_matches('"')
        .to_owned()
}

#[test]
fn every_crate_takes_the_one_version() {
    assert_eq!(lianliankan::VERSION, workspace_version());
    let mut manifests = vec![root().join("xtask/Cargo.toml")];
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        manifests.push(entry.unwrap().path().join("Cargo.toml"));
    }
    for manifest in manifests {
        let text = std::fs::read_to_string(&manifest).unwrap();
        let package = text.split("\n[").next().unwrap();
        assert!(
            package.contains("\nversion.workspace = true\n"),
            "{}: no `version.workspace = true`",
            manifest.display()
        );
        assert!(
            !package.contains("\nversion = "),
            "{}: a version of its own",
            manifest.display()
        );
    }
    // The Python package takes its version from its crate.
    let pyproject =
        std::fs::read_to_string(root().join("crates/lianliankan-py/pyproject.toml")).unwrap();
    assert!(pyproject.contains("dynamic = [\"version\"]"));
    assert!(!pyproject.lines().any(|line| line.starts_with("version")));
}

#[cfg(feature = "cli")]
#[test]
fn the_command_line_reports_the_version() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_lianliankan"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("lianliankan {}\n", lianliankan::VERSION)
    );
}
