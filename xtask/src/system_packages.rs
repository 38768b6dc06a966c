//! The Debian packages the tests need: the browser the `play` crate's
//! browser tests drive (`chromium` and `chromium-driver`, with a font), and
//! GNU `parallel`, which runs the README's recipe for the study in shards,
//! and Node with npm, which run the WebAssembly package's checks.
//! Installed with apt-get when missing and this runs as root, otherwise a
//! failure that names the command to run. Never a silent skip: without
//! them, `cargo test` fails in the tests that use them anyway, with the
//! same command.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use crate::run::step;

/// The Debian packages: the browser, its WebDriver, a font for the page's
/// text (the image may lack one without the browser's recommends), GNU
/// parallel, Node and npm.
pub const PACKAGES: [&str; 6] = [
    "chromium",
    "chromium-driver",
    "fonts-dejavu-core",
    "parallel",
    "nodejs",
    "npm",
];

/// The programs the tests start.
const PROGRAMS: [&str; 5] = ["chromium", "chromedriver", "parallel", "node", "npm"];

/// Makes sure Chromium, chromedriver, GNU parallel, Node and npm are installed: does
/// nothing when they are, installs them when this process is root and apt-get exists,
/// and otherwise fails with the command that installs them.
pub fn ensure() -> Result<(), String> {
    println!("==> the tests need Chromium, chromedriver, GNU parallel, Node and npm");
    let missing: Vec<&str> = PROGRAMS
        .into_iter()
        .filter(|program| find(program).is_none())
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let command = format!(
        "apt-get update && apt-get install -y --no-install-recommends {}",
        PACKAGES.join(" ")
    );
    if !is_root() || find("apt-get").is_none() {
        return Err(format!(
            "{} not found; the play crate's browser tests, the study's shard recipe test and the WebAssembly package's checks need them. Install them with:\n    sudo sh -c '{command}'",
            missing.join(" and ")
        ));
    }
    let started = Instant::now();
    let mut update = Command::new("apt-get");
    update
        .arg("update")
        .env("DEBIAN_FRONTEND", "noninteractive");
    step(update)?;
    let mut install = Command::new("apt-get");
    install
        .args(["install", "-y", "--no-install-recommends"])
        .args(PACKAGES)
        .env("DEBIAN_FRONTEND", "noninteractive");
    step(install)?;
    if let Some(still) = PROGRAMS.into_iter().find(|program| find(program).is_none()) {
        return Err(format!(
            "`{still}` is still not on the PATH after installing {}",
            PACKAGES.join(", ")
        ));
    }
    println!(
        "==> installed {} in {:.1} s",
        PACKAGES.join(", "),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `program`'s path on the PATH, if any.
fn find(program: &str) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// Whether this process runs as root (`id -u` says 0).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.status.success() && out.stdout.trim_ascii() == b"0")
}
