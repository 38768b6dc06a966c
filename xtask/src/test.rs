//! `cargo xtask test`: every check, in this order, stopping at the first
//! failure:
//! 1. `cargo fmt --all --check`, then the engine's WebAssembly package
//!    built (`cargo xtask wasm`, see step 8), so that every cargo command
//!    below builds play with it embedded (`LLK_WASM_PKG` set on each, see
//!    [`crate::run::set_engine_package`]): play is built once, with its
//!    engine, and its browser scenarios play in the page;
//! 2. `cargo clippy --workspace --all-targets -- -D warnings`;
//! 3. `cargo doc --workspace --no-deps` with `RUSTDOCFLAGS="-D warnings"`
//!    (broken intra-doc links and the like fail);
//! 4. the libraries are lean: `cargo tree -p <library>
//!    --no-default-features -e normal` lists none of [`NOT_IN_LIBRARIES`]
//!    (clap, grid-cli, indicatif, wait-timeout: only the binaries need them;
//!    serde: a feature a user asks for; axum, tokio: play's) for grid-core
//!    and each of [`SOLVERS`];
//! 5. Chromium and chromedriver for the play crate's browser tests
//!    (`crates/play/tests/it/browser.rs`), GNU parallel for the README's
//!    shard recipe (`crates/lianliankan/tests/it/shards.rs`), Node and npm
//!    for the WebAssembly package's checks (step 8): nothing when
//!    they are on the PATH; installed with apt-get when missing and this
//!    runs as root (CI does); otherwise a failure naming the command (see
//!    [`crate::system_packages`]);
//! 6. `cargo test --workspace`, the browser tests and the play server's
//!    load test included;
//! 7. the Python package (see [`crate::python`]): its wheel built, installed
//!    in a fresh virtual environment with pytest, mypy and numpy, its pytest suite,
//!    `mypy --strict` over the example and a typed usage file, mypy's
//!    `stubtest` of the stubs against the module, and the example (about
//!    4 minutes cold, most of it the release build and the first download
//!    of maturin; under 2 minutes warm, on a busy machine);
//! 8. the WebAssembly package (see [`crate::wasm_check`]), built at step 1
//!    by `cargo xtask wasm` (the wasm32 target and wasm-bindgen's command
//!    line installed when missing): its size asserted, installed into a fresh
//!    npm project offline, and its checks (the conformance fixture, the
//!    native library's answers on seeded cases, bad inputs) run in Node
//!    and in headless Chromium (about a minute cold, most of it the
//!    wasm32 build; seconds warm; the first install of wasm-bindgen's
//!    command line, only its `wasm-bindgen` program, without TLS and
//!    unoptimised, about 80 s more on 2 cores);
//! 9. the fuzz crate, its own workspace, on the stable toolchain: fmt check,
//!    build, and its tests, which run every fixture through every target's
//!    body (about a minute cold, seconds warm; fuzzing itself needs
//!    `cargo fuzz` and is not run here);
//! 10. `cargo package --workspace --allow-dirty`, less the unpublished
//!     `xtask` and `test-support` (cargo would package them too): every
//!     publishable crate packaged and built from its package, as crates.io
//!     would get it (`--allow-dirty` so that the check runs on uncommitted
//!     work), in its own target directory `target/package-check`, after
//!     removing what earlier runs left of our crates (cargo reuses a
//!     registry crate's sources and build for the same version), its
//!     dependencies hard-linked from the workspace's debug builds. It
//!     rebuilds our crates from their packages each time (under a minute),
//!     and the dependencies whose features differ when a crate is built
//!     alone (syn, serde, pyo3's macros); it also updates the crates.io
//!     index;
//! 11. `cargo xtask bench --quick`, so that the bench cannot rot (its times
//!     are not checked);
//! 12. the C library installed into `target/c-install` (`cargo xtask
//!     install-c`) and the C example built against that copy with
//!     `pkg-config --cflags --libs lianliankan`, its SONAME checked and the
//!     program run (see [`crate::install_c::check_installed`]; the release
//!     build of the C library, a few minutes cold).

use crate::packages::SOLVERS;
use crate::run::{cargo, output, step};

pub fn run(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!("`test` takes no arguments, got `{extra}`"));
    }
    let mut fmt = cargo();
    fmt.args(["fmt", "--all", "--check"]);
    step(fmt)?;

    let engine = crate::wasm::build()?;
    crate::run::set_engine_package(&engine.pkg);

    let mut clippy = cargo();
    clippy.args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]);
    step(clippy)?;

    let mut doc = cargo();
    doc.args(["doc", "--workspace", "--no-deps"])
        .env("RUSTDOCFLAGS", "-D warnings");
    step(doc)?;

    lean_libraries()?;

    crate::system_packages::ensure()?;

    let mut test = cargo();
    test.args(["test", "--workspace"]);
    step(test)?;

    crate::python::test(&[])?;

    crate::wasm_check::check(&engine)?;

    // The fuzz crate is its own workspace (fuzz/Cargo.toml), so the steps
    // above do not see it.
    let mut fuzz_fmt = cargo();
    fuzz_fmt.args(["fmt", "--manifest-path", "fuzz/Cargo.toml", "--check"]);
    step(fuzz_fmt)?;
    let mut fuzz_build = cargo();
    fuzz_build.args(["build", "--manifest-path", "fuzz/Cargo.toml", "--bins"]);
    step(fuzz_build)?;
    let mut fuzz_test = cargo();
    fuzz_test.args(["test", "--manifest-path", "fuzz/Cargo.toml"]);
    step(fuzz_test)?;

    forget_packaged_sources()?;
    // Its own target directory, cleaned of our crates: cargo takes a
    // registry crate's build as final for its version, so a build of an
    // earlier run's package would be reused. Its dependencies are the
    // workspace's debug builds, hard-linked (not built a second time).
    seed_package_target()?;
    let mut clean = cargo();
    clean.args(["clean", "--target-dir", PACKAGE_TARGET]);
    for name in PUBLISHED {
        clean.args(["-p", name]);
    }
    step(clean)?;
    let mut package = cargo();
    package.args([
        "package",
        "--target-dir",
        PACKAGE_TARGET,
        "--workspace",
        "--exclude",
        "xtask",
        "--exclude",
        "test-support",
        "--allow-dirty",
    ]);
    step(package)?;

    println!("==> cargo xtask bench --quick");
    crate::bench::run(&["--quick".to_owned()])?;

    println!("==> the C library installed, and the example built against it through pkg-config");
    crate::install_c::check_installed()?;

    println!("==> all checks passed");
    Ok(())
}

/// The packages a library must not bring to its users unless they ask:
/// what only the binaries need (argument parsing, the command-line edge,
/// what `stress` uses to run and show progress), serde (the `serde`
/// feature), and play's web server.
const NOT_IN_LIBRARIES: [&str; 7] = [
    "clap",
    "grid-cli",
    "indicatif",
    "wait-timeout",
    "serde",
    "axum",
    "tokio",
];

/// Fails unless no library (grid-core and the solvers) pulls in a package
/// of [`NOT_IN_LIBRARIES`] once its default features are off, naming every
/// library that does.
fn lean_libraries() -> Result<(), String> {
    println!(
        "==> the libraries build without {}",
        NOT_IN_LIBRARIES.join(", ")
    );
    let mut with_clap = Vec::new();
    for library in std::iter::once("grid-core").chain(SOLVERS) {
        let mut tree = cargo();
        tree.args([
            "tree",
            "-p",
            library,
            "--no-default-features",
            "-e",
            "normal",
            "--prefix",
            "none",
        ]);
        let tree = output(tree)?;
        for package in NOT_IN_LIBRARIES {
            if let Some(line) = listed(&tree, package) {
                with_clap.push(format!("{library} (`{line}`)"));
            }
        }
    }
    if with_clap.is_empty() {
        return Ok(());
    }
    Err(format!(
        "a library must build without {}, which only binaries, opt-in features \
         or play need, but with --no-default-features these depend on them: {}; \
         `cargo tree -p <library> --no-default-features -e normal -i <package>` shows through what",
        NOT_IN_LIBRARIES.join(", "),
        with_clap.join(", ")
    ))
}

/// The line of `tree`, the output of `cargo tree --prefix none` (one
/// `name version [extra]` a line), that lists the package `name`.
fn listed<'a>(tree: &'a str, name: &str) -> Option<&'a str> {
    tree.lines().find(|line| {
        line.strip_prefix(name)
            .is_some_and(|rest| rest.starts_with(' '))
    })
}

/// Where `cargo package` builds (kept apart from the workspace's builds,
/// whose artifacts of our crates must not be cleaned each time).
const PACKAGE_TARGET: &str = "target/package-check";

/// Gives [`PACKAGE_TARGET`] the workspace's debug builds of every
/// dependency, as hard links of `target/debug`'s `deps`, `build` and
/// `.fingerprint` (whatever an earlier run left there is removed first), so
/// that `cargo package` builds only our crates and the few dependencies
/// whose features differ when a crate is built alone: on a cold machine
/// that is about 25 units instead of about 195 (SQLite's C sources, tokio,
/// pyo3 among them). A link costs no space, and no build writes through
/// one: a dependency built again for the packages has other features, so
/// another file name, and our crates' files are removed by the clean that
/// follows, which unlinks only the package directory's names.
fn seed_package_target() -> Result<(), String> {
    let from = crate::run::target_dir().join("debug");
    let to = crate::run::workspace_root()
        .join(PACKAGE_TARGET)
        .join("debug");
    for dir in ["deps", "build", ".fingerprint"] {
        let (source, copy) = (from.join(dir), to.join(dir));
        if copy.exists() {
            std::fs::remove_dir_all(&copy)
                .map_err(|e| format!("cannot remove {}: {e}", copy.display()))?;
        }
        if source.is_dir() {
            link_tree(&source, &copy)?;
        }
    }
    Ok(())
}

/// Recreates the directory tree `from` at `to`, every file a hard link.
fn link_tree(from: &std::path::Path, to: &std::path::Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    let entries =
        std::fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", from.display()))?;
        let (source, copy) = (entry.path(), to.join(entry.file_name()));
        let kind = entry
            .file_type()
            .map_err(|e| format!("cannot read {}: {e}", source.display()))?;
        if kind.is_dir() {
            link_tree(&source, &copy)?;
        } else if kind.is_symlink() {
            let target = std::fs::read_link(&source)
                .map_err(|e| format!("cannot read {}: {e}", source.display()))?;
            std::os::unix::fs::symlink(&target, &copy)
                .map_err(|e| format!("cannot link {}: {e}", copy.display()))?;
        } else {
            std::fs::hard_link(&source, &copy).map_err(|e| {
                format!(
                    "cannot link {} to {}: {e}",
                    copy.display(),
                    source.display()
                )
            })?;
        }
    }
    Ok(())
}

/// The workspace's publishable crates, as `cargo package` packages them.
const PUBLISHED: [&str; 9] = [
    "grid-core",
    "grid-cli",
    "lianliankan",
    "lianliankan-c",
    "lianliankan-py",
    "lianliankan-wasm",
    "play",
    "segments",
    "solitaire",
];

/// Removes cargo's extracted copies of our own packages from earlier
/// `cargo package` runs. Cargo verifies a package by building it against
/// the other workspace packages, served from a local registry under the
/// target directory; it extracts each into `$CARGO_HOME/registry/src/` once
/// per registry path and version, and never again: so a second run on the
/// same checkout, after a change, would build against the first run's
/// sources. A removed copy is extracted again from its fresh package (a
/// crates.io crate of the same name, if any, is re-extracted from cargo's
/// download cache: nothing is lost).
fn forget_packaged_sources() -> Result<(), String> {
    let home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    let Ok(registries) = std::fs::read_dir(home.join("registry").join("src")) else {
        return Ok(()); // nothing extracted yet
    };
    for registry in registries.flatten() {
        let Ok(copies) = std::fs::read_dir(registry.path()) else {
            continue;
        };
        // Every version: the crates have versions of their own.
        for copy in copies.flatten() {
            let file_name = copy.file_name();
            let is_ours = file_name
                .to_str()
                .is_some_and(|dir| PUBLISHED.iter().any(|name| is_copy_of(dir, name)));
            if is_ours && copy.path().is_dir() {
                std::fs::remove_dir_all(copy.path())
                    .map_err(|e| format!("cannot remove {}: {e}", copy.path().display()))?;
            }
        }
    }
    Ok(())
}

/// Whether `dir`, a folder of cargo's extracted sources, is a version of
/// the package `name` (`name-1.2.3`, not `name-other-0.1.0`).
fn is_copy_of(dir: &str, name: &str) -> bool {
    dir.strip_prefix(name)
        .and_then(|rest| rest.strip_prefix('-'))
        .is_some_and(|version| version.starts_with(|c: char| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `cargo tree -p lianliankan --no-default-features -e normal --prefix
    /// none` while the library still needed clap (shortened).
    const WITH_CLAP: &str = "\
lianliankan v0.1.0 (/work/crates/lianliankan)
clap v4.6.9
clap_builder v4.6.7
anstream v1.0.0
clap_lex v1.1.2
clap_derive v4.6.9 (proc-macro)
grid-core v0.1.0 (/work/crates/grid-core)
bitvec v1.1.1
tap v1.0.1
rustc-hash v2.1.3
";

    /// The same library without clap: its helper crates' names start with
    /// `clap` too, and a package seen twice is marked `(*)`.
    const WITHOUT_CLAP: &str = "\
lianliankan v0.1.0 (/work/crates/lianliankan)
clap_lex v1.1.2
clapper v0.1.0
grid-core v0.1.0 (/work/crates/grid-core)
bitvec v1.1.1
tap v1.0.1
wyz v0.5.1
tap v1.0.1 (*)
";

    #[test]
    fn finds_a_package_in_cargo_tree_output() {
        assert_eq!(listed(WITH_CLAP, "clap"), Some("clap v4.6.9"));
        assert_eq!(listed(WITHOUT_CLAP, "clap"), None);
        assert_eq!(listed(WITHOUT_CLAP, "tap"), Some("tap v1.0.1"));
        assert_eq!(
            listed(WITHOUT_CLAP, "grid-core"),
            Some("grid-core v0.1.0 (/work/crates/grid-core)")
        );
        assert_eq!(listed("", "clap"), None);
        assert_eq!(listed("clap\n", "clap"), None);
    }

    #[test]
    fn recognises_extracted_copies_of_every_version() {
        assert!(is_copy_of("lianliankan-0.2.0", "lianliankan"));
        assert!(!is_copy_of("lianliankan-py-0.1.0", "lianliankan"));
        assert!(is_copy_of("lianliankan-py-0.1.0", "lianliankan-py"));
        assert!(is_copy_of("grid-core-0.1.0", "grid-core"));
        assert!(!is_copy_of("grid-core-0.1.0", "grid-cli"));
        assert!(!is_copy_of("grid-core-extra-0.1.0", "grid-core"));
        assert!(!is_copy_of("segments", "segments"));
    }

    #[test]
    fn a_linked_tree_shares_every_file_and_keeps_the_shape() {
        use std::os::unix::fs::MetadataExt;
        let root = std::env::temp_dir().join(format!("xtask-link-tree-{}", std::process::id()));
        let (from, to) = (root.join("from"), root.join("to"));
        std::fs::create_dir_all(from.join("a/b")).unwrap();
        std::fs::write(from.join("top.rlib"), "top").unwrap();
        std::fs::write(from.join("a/b/deep.d"), "deep").unwrap();
        link_tree(&from, &to).unwrap();
        for file in ["top.rlib", "a/b/deep.d"] {
            let (source, copy) = (from.join(file), to.join(file));
            assert_eq!(
                std::fs::read(&source).unwrap(),
                std::fs::read(&copy).unwrap()
            );
            let inode = |p: &std::path::Path| std::fs::metadata(p).unwrap().ino();
            assert_eq!(inode(&source), inode(&copy), "{file} is a link, not a copy");
        }
        // Removing the copy's name leaves the source whole.
        std::fs::remove_dir_all(&to).unwrap();
        assert_eq!(std::fs::read(from.join("a/b/deep.d")).unwrap(), b"deep");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
