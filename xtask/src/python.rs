//! The Python package (`crates/lianliankan-py`): `cargo xtask wheel` builds
//! its wheel with maturin, and `cargo xtask test` tests that wheel in a
//! fresh virtual environment ([`test()`]).
//!
//! Everything lives under `target/`: `target/python/build-venv` holds the
//! pinned maturin (installed from the package registry with pip the first
//! time, kept after), `target/wheels/` the wheel, and
//! `target/python/test-venv` is made anew by every test run. A missing
//! `python3`, or one without `venv`, is a failure that says what to
//! install, never a skipped step.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::run::{output, step, workspace_root};

/// The maturin that builds the wheel.
const MATURIN: &str = "maturin==1.16.0";

/// What the tests install beside the wheel: the test runner, the type
/// checker of the stubs, and numpy (boards and cells as arrays are tested;
/// the module itself needs no numpy).
const TEST_TOOLS: [&str; 3] = ["pytest==9.2.0", "mypy==2.4.1", "numpy==2.2.6"];

/// The package's crate, relative to the workspace root.
const CRATE: &str = "crates/lianliankan-py";

/// `cargo xtask wheel`: builds the wheel into `target/wheels/`.
pub fn wheel(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!("`wheel` takes no arguments, got `{extra}`"));
    }
    let wheel = build_wheel()?;
    println!("==> built {}", wheel.display());
    Ok(())
}

/// The test step: builds the wheel, installs it with pytest, mypy and numpy in a
/// fresh virtual environment, runs the pytest suite (the whole API, the
/// signal and GIL tests, the example script), runs `mypy --strict` over the
/// example and the typed usage file against the shipped stubs, checks the
/// stubs against the module itself with mypy's `stubtest` (every name,
/// signature and default), and runs the example so that its table shows
/// in the log.
pub fn test(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!("`python` takes no arguments, got `{extra}`"));
    }
    let root = workspace_root();
    let wheel = build_wheel()?;
    let venv = root.join("target/python/test-venv");
    if venv.exists() {
        std::fs::remove_dir_all(&venv)
            .map_err(|e| format!("cannot remove {}: {e}", venv.display()))?;
    }
    make_venv(&venv)?;
    let python = venv.join("bin/python");
    let mut install = Command::new(&python);
    install
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .arg(&wheel)
        .args(TEST_TOOLS);
    step(install)?;

    let krate = root.join(CRATE);
    let mut pytest = Command::new(&python);
    pytest
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(krate.join("tests"))
        .current_dir(&root);
    step(pytest)?;

    // From target/python, so that mypy finds the stub the wheel installed,
    // not the source stub beside the crate's files.
    let mut mypy = Command::new(&python);
    mypy.args(["-m", "mypy", "--strict", "--cache-dir"])
        .arg(root.join("target/python/mypy-cache"))
        .arg(krate.join("examples/study_table.py"))
        .arg(krate.join("tests/typed_usage.py"))
        .current_dir(root.join("target/python"));
    step(mypy)?;

    let mut stubtest = Command::new(&python);
    stubtest
        .args(["-m", "mypy.stubtest", "lianliankan", "--allowlist"])
        .arg(krate.join("tests/stubtest-allowlist.txt"))
        .current_dir(root.join("target/python"));
    step(stubtest)?;

    let mut example = Command::new(&python);
    example
        .arg(krate.join("examples/study_table.py"))
        .current_dir(root.join("target/python"));
    step(example)
}

/// For the Python column of the bench's faces section: builds the wheel, installs it (alone)
/// into `target/python/bench-venv` (made on first use, kept after), and
/// returns that environment's python.
pub fn bench_python() -> Result<PathBuf, String> {
    let root = workspace_root();
    let wheel = build_wheel()?;
    let venv = root.join("target/python/bench-venv");
    if !venv.join("bin/python").exists() {
        make_venv(&venv)?;
    }
    let python = venv.join("bin/python");
    let mut install = Command::new(&python);
    install
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--force-reinstall",
            "--no-deps",
        ])
        .arg(&wheel);
    step(install)?;
    Ok(python)
}

/// Builds the wheel with the pinned maturin (installed on first use) and
/// returns its path in `target/wheels/`. Earlier wheels of the package are
/// removed first, so that the one left is this build's.
fn build_wheel() -> Result<PathBuf, String> {
    let root = workspace_root();
    let venv = root.join("target/python/build-venv");
    let maturin = venv.join("bin/maturin");
    let wanted = MATURIN.replace("==", " ");
    let installed = Command::new(&maturin)
        .arg("--version")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == wanted);
    if !installed {
        if !venv.join("bin/python").exists() {
            make_venv(&venv)?;
        }
        let mut pip = Command::new(venv.join("bin/python"));
        pip.args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            MATURIN,
        ]);
        step(pip)?;
    }

    let wheels = root.join("target/wheels");
    for old in package_wheels(&wheels) {
        std::fs::remove_file(&old).map_err(|e| format!("cannot remove {}: {e}", old.display()))?;
    }
    let mut build = Command::new(&maturin);
    build
        .args(["build", "--release", "--manifest-path"])
        .arg(root.join(CRATE).join("Cargo.toml"))
        .arg("--out")
        .arg(&wheels)
        .current_dir(&root);
    step(build)?;
    match package_wheels(&wheels).as_slice() {
        [wheel] => Ok(wheel.clone()),
        found => Err(format!(
            "expected one lianliankan wheel in {} after the build, found {}",
            wheels.display(),
            found.len()
        )),
    }
}

/// The package's wheels in `dir` (none when it does not exist).
fn package_wheels(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(is_package_wheel)
        })
        .collect()
}

/// Whether `name` is a wheel of the `lianliankan` package (not of another
/// package whose name starts the same).
fn is_package_wheel(name: &str) -> bool {
    name.strip_prefix("lianliankan-")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        && name.ends_with(".whl")
}

/// Makes a virtual environment at `dir` with `python3 -m venv`, failing
/// with what to install when python3 or its venv module is missing.
fn make_venv(dir: &Path) -> Result<(), String> {
    let mut version = Command::new("python3");
    version.arg("--version");
    output(version).map_err(|e| {
        format!(
            "{e}: the Python package's build and tests need python3 with its venv module \
             (Debian: apt-get install python3 python3-venv)"
        )
    })?;
    let mut venv = Command::new("python3");
    venv.args(["-m", "venv"]).arg(dir);
    step(venv).map_err(|e| {
        format!(
            "{e}: python3 cannot make a virtual environment (Debian: apt-get install python3-venv)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_the_packages_wheels_only() {
        assert!(is_package_wheel(
            "lianliankan-0.1.0-cp39-abi3-manylinux_2_34_x86_64.whl"
        ));
        assert!(!is_package_wheel(
            "lianliankan_extra-0.1.0-py3-none-any.whl"
        ));
        assert!(!is_package_wheel("lianliankan-py-0.1.0-py3-none-any.whl"));
        assert!(!is_package_wheel("lianliankan-0.1.0.tar.gz"));
    }

    #[test]
    fn pins_name_exact_versions() {
        for pin in std::iter::once(MATURIN).chain(TEST_TOOLS) {
            let (name, version) = pin.split_once("==").expect("a pin");
            assert!(!name.is_empty() && version.split('.').count() == 3, "{pin}");
        }
    }
}
