//! The C library (`crates/lianliankan-c`): `cargo xtask c-header` writes
//! its header with cbindgen, and `cargo xtask c-example [--asan]` builds
//! `examples/c/solve.c` against it (`install_c` then builds it, without
//! `--asan`, against an installed copy found by pkg-config).
//!
//! The header is checked in (`crates/lianliankan-c/include/lianliankan.h`)
//! so that a C user needs no Rust tool to read it; the test
//! `c_header_is_fresh` below regenerates it in memory and fails when the
//! checked-in file differs, so `cargo test` (and `cargo xtask test`)
//! catches a stale header. A missing `gcc` is a failure that names the
//! command that installs it, never a skipped step.

use std::path::PathBuf;
use std::process::Command;

use crate::run::{cargo, output, step, target_dir, workspace_root};

/// The C library's crate, relative to the workspace root.
const CRATE: &str = "crates/lianliankan-c";

/// The header, relative to the workspace root.
pub const HEADER: &str = "crates/lianliankan-c/include/lianliankan.h";

/// The example, relative to the workspace root.
const EXAMPLE: &str = "examples/c/solve.c";

/// What a program linking the static library needs besides it, as
/// `rustc --print native-static-libs` lists it for this target.
pub const NATIVE_LIBS: [&str; 6] = ["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"];

/// The warnings the example is compiled with (all of them errors).
pub const C_FLAGS: [&str; 6] = [
    "-std=c11",
    "-O2",
    "-Wall",
    "-Wextra",
    "-Wpedantic",
    "-Werror",
];

/// The sanitizers' flags (compiling and linking): AddressSanitizer and
/// UndefinedBehaviorSanitizer, every report fatal.
pub const ASAN_FLAGS: [&str; 4] = [
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
    "-g",
];

/// The header cbindgen writes from the crate's sources and its
/// `cbindgen.toml`.
///
/// # Errors
/// cbindgen's message when the configuration or a source cannot be read.
pub fn generate_header() -> Result<String, String> {
    let krate = workspace_root().join(CRATE);
    let config = cbindgen::Config::from_file(krate.join("cbindgen.toml"))
        .map_err(|e| format!("cannot read {CRATE}/cbindgen.toml: {e}"))?;
    let bindings = cbindgen::Builder::new()
        .with_crate(&krate)
        .with_config(config)
        .generate()
        .map_err(|e| format!("cbindgen cannot read {CRATE}: {e}"))?;
    let mut text = Vec::new();
    bindings.write(&mut text);
    String::from_utf8(text).map_err(|e| format!("cbindgen wrote non-UTF-8: {e}"))
}

/// `cargo xtask c-header`: writes the header.
pub fn header(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!("`c-header` takes no arguments, got `{extra}`"));
    }
    let path = workspace_root().join(HEADER);
    std::fs::write(&path, generate_header()?)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("==> wrote {}", path.display());
    Ok(())
}

/// `cargo xtask c-example [--asan]`: builds the static library (release),
/// then the example with gcc into `c-example/solve` under the target
/// directory (`CARGO_TARGET_DIR` when set), or with AddressSanitizer and
/// UndefinedBehaviorSanitizer (`--asan`, against the debug build of the
/// library, whose checks and symbols the reports use) into
/// `c-example/solve-asan`.
pub fn example(args: &[String]) -> Result<(), String> {
    let asan = match args {
        [] => false,
        [flag] if flag == "--asan" => true,
        [extra, ..] => return Err(format!("`c-example` takes only `--asan`, got `{extra}`")),
    };
    let built = build_example(asan)?;
    println!("==> built {}", built.display());
    Ok(())
}

/// Builds the library and the example (see [`example`]) and returns the
/// program's path.
fn build_example(asan: bool) -> Result<PathBuf, String> {
    let root = workspace_root();
    let mut lib = cargo();
    lib.args(["build", "-p", "lianliankan-c", "--lib"]);
    let profile = if asan {
        "debug"
    } else {
        lib.arg("--release");
        "release"
    };
    step(lib)?;
    check_gcc()?;
    let out_dir = target_dir().join("c-example");
    std::fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let program = out_dir.join(if asan { "solve-asan" } else { "solve" });
    let mut gcc = Command::new("gcc");
    gcc.args(C_FLAGS);
    if asan {
        gcc.args(ASAN_FLAGS);
    }
    gcc.arg("-I")
        .arg(root.join(CRATE).join("include"))
        .arg(root.join(EXAMPLE))
        .arg(target_dir().join(profile).join("liblianliankan_c.a"))
        .args(NATIVE_LIBS)
        .arg("-o")
        .arg(&program);
    step(gcc)?;
    Ok(program)
}

/// Fails, naming the command that installs it, unless `gcc` runs.
fn check_gcc() -> Result<(), String> {
    let mut version = Command::new("gcc");
    version.arg("--version");
    output(version)
        .map(drop)
        .map_err(|e| format!("{e}: the C example needs gcc (Debian: apt-get install gcc)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_header_is_fresh() {
        let fresh = generate_header().expect("cbindgen reads the crate");
        let path = workspace_root().join(HEADER);
        let checked_in = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        assert!(
            fresh == checked_in,
            "{HEADER} is stale: the C library's Rust code or cbindgen.toml changed since it \
             was written; refresh it with `cargo xtask c-header` and commit it"
        );
    }

    #[test]
    fn the_header_documents_every_entry_point() {
        let fresh = generate_header().expect("cbindgen reads the crate");
        let lines: Vec<&str> = fresh.lines().collect();
        let mut declared = 0;
        for (i, line) in lines.iter().enumerate() {
            // A declaration starts a line with its return type and names
            // an `llk_` function.
            let is_declaration = !line.starts_with("//")
                && !line.starts_with(' ')
                && line.contains("llk_")
                && line.contains('(');
            if is_declaration {
                declared += 1;
                assert!(
                    i > 0 && lines[i - 1].starts_with("//"),
                    "no doc comment above `{line}` in the header"
                );
            }
        }
        assert!(declared >= 20, "only {declared} entry points in the header");
    }
}
