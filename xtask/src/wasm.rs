//! `cargo xtask wasm`: the WebAssembly package of the engine
//! (crates/lianliankan-wasm) built into `target/wasm/pkg`, a folder a web
//! developer can `npm install`:
//! 1. the `wasm32-unknown-unknown` target, added with rustup when missing;
//! 2. the wasm-bindgen command line at the version of the `wasm-bindgen`
//!    crate in Cargo.lock (the two must match exactly), in
//!    `target/tools/bin`, installed there with `cargo install` when missing
//!    or of another version (not `--locked`: the lock file of the CLI's
//!    release names a crate version some registry mirrors lack);
//! 3. the crate built for wasm32 in the `wasm` profile (release speed,
//!    without the fat LTO of `release`, so the step stays quick);
//! 4. wasm-bindgen run twice: `pkg/web` (an ES module for pages, whose
//!    default export loads the .wasm) and `pkg/node` (CommonJS for Node,
//!    loaded at `require`), with a package.json whose `exports` picks one
//!    by condition, and the TypeScript declarations of each;
//! 5. the size of the .wasm printed, raw and gzipped.
//!
//! Every step fails naming what is missing; none is skipped.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::run::{cargo, output, step, target_dir, workspace_root};

/// The crate's name, and the npm package's.
pub const PACKAGE: &str = "lianliankan-wasm";

/// The Rust target the package is built for.
const TARGET: &str = "wasm32-unknown-unknown";

/// The base name of the files wasm-bindgen writes (the library's name).
pub const STEM: &str = "lianliankan_wasm";

/// The largest the .wasm may be gzipped (`cargo xtask test` asserts it).
pub const MAX_GZIPPED: u64 = 600 * 1024;

/// What a build made: the package folder and the .wasm's sizes.
#[derive(Debug)]
pub struct Built {
    /// `target/wasm/pkg`.
    pub pkg: PathBuf,
    /// The .wasm's bytes gzipped (`gzip -9`).
    pub gzipped: u64,
}

/// `cargo xtask wasm`.
pub fn run(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!("`wasm` takes no arguments, got `{extra}`"));
    }
    build().map(|_| ())
}

/// Builds the package (steps 1 to 5 above).
pub fn build() -> Result<Built, String> {
    ensure_target()?;
    let bindgen = ensure_bindgen()?;
    let mut compile = cargo();
    compile.args([
        "build",
        "-p",
        PACKAGE,
        "--lib",
        "--target",
        TARGET,
        "--profile",
        "wasm",
    ]);
    step(compile)?;
    let wasm = target_dir()
        .join(TARGET)
        .join("wasm")
        .join(format!("{STEM}.wasm"));
    let pkg = target_dir().join("wasm").join("pkg");
    if pkg.exists() {
        fs::remove_dir_all(&pkg).map_err(|e| format!("cannot clear {}: {e}", pkg.display()))?;
    }
    for (flavour, dir) in [("web", "web"), ("nodejs", "node")] {
        let mut run = Command::new(&bindgen);
        run.arg(&wasm)
            .args(["--target", flavour, "--out-dir"])
            .arg(pkg.join(dir));
        step(run)?;
    }
    for dir in ["web", "node"] {
        let declarations = pkg.join(dir).join(format!("{STEM}.d.ts"));
        let text = fs::read_to_string(&declarations)
            .map_err(|e| format!("{}: {e}", declarations.display()))?;
        fs::write(&declarations, optional_parameters(&text))
            .map_err(|e| format!("{}: {e}", declarations.display()))?;
    }
    write_package_json(&pkg)?;
    let readme = workspace_root()
        .join("crates")
        .join(PACKAGE)
        .join("README.md");
    fs::copy(&readme, pkg.join("README.md"))
        .map_err(|e| format!("cannot copy {}: {e}", readme.display()))?;
    let built_wasm = pkg.join("web").join(format!("{STEM}_bg.wasm"));
    let raw = fs::metadata(&built_wasm)
        .map_err(|e| format!("{}: {e}", built_wasm.display()))?
        .len();
    let gzipped = gzipped_size(&built_wasm)?;
    println!(
        "==> {}: {:.1} KB, {:.1} KB gzipped (at most {} KB asserted by `cargo xtask test`)",
        built_wasm.display(),
        raw as f64 / 1024.0,
        gzipped as f64 / 1024.0,
        MAX_GZIPPED / 1024
    );
    println!("==> the package: {} (npm install it)", pkg.display());
    Ok(Built { pkg, gzipped })
}

/// Adds the wasm32 target with rustup unless it is installed.
fn ensure_target() -> Result<(), String> {
    let mut list = Command::new("rustup");
    list.args(["target", "list", "--installed"]);
    let installed = output(list).map_err(|e| {
        format!("{e}: the WebAssembly build needs rustup to add the {TARGET} target")
    })?;
    if installed.lines().any(|line| line.trim() == TARGET) {
        return Ok(());
    }
    let mut add = Command::new("rustup");
    add.args(["target", "add", TARGET]);
    step(add).map_err(|e| format!("{e}: cannot add the {TARGET} target"))
}

/// The version of the `wasm-bindgen` crate in Cargo.lock.
pub fn locked_bindgen_version() -> Result<String, String> {
    let lock = workspace_root().join("Cargo.lock");
    let text = fs::read_to_string(&lock).map_err(|e| format!("{}: {e}", lock.display()))?;
    locked_version(&text, "wasm-bindgen")
        .ok_or_else(|| format!("{}: no package wasm-bindgen", lock.display()))
}

/// The version of the package `name` in the lock file `text`.
fn locked_version(text: &str, name: &str) -> Option<String> {
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() == format!("name = \"{name}\"") {
            let version = lines.next()?.trim();
            return version
                .strip_prefix("version = \"")?
                .strip_suffix('"')
                .map(str::to_owned);
        }
    }
    None
}

/// The wasm-bindgen command line in `target/tools/bin`, installed there
/// unless it is there at the locked version.
fn ensure_bindgen() -> Result<PathBuf, String> {
    let version = locked_bindgen_version()?;
    let root = target_dir().join("tools");
    let bindgen = root.join("bin").join("wasm-bindgen");
    let wanted = format!("wasm-bindgen {version}");
    let found = Command::new(&bindgen)
        .arg("--version")
        .output()
        .ok()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned());
    if found.as_deref() == Some(wanted.as_str()) {
        return Ok(bindgen);
    }
    if let Some(other) = found {
        println!(
            "==> {} is `{other}`, not `{wanted}`: reinstalling",
            bindgen.display()
        );
    }
    // Only the `wasm-bindgen` program, without the default TLS feature
    // (rustls and ring, for the test runner's downloads), unoptimised:
    // 79 s on this 2-core machine instead of 154 s optimised (and 4 min 23 s
    // of one core with every program and TLS); it writes the same files,
    // in 0.5 s instead of 0.14 s.
    let mut install = cargo();
    install
        .args(["install", "wasm-bindgen-cli", "--version"])
        .arg(format!("={version}"))
        .args(["--no-default-features", "--bin", "wasm-bindgen", "--debug"])
        .arg("--root")
        .arg(&root)
        .arg("--force");
    step(install).map_err(|e| format!("{e}: cannot install the wasm-bindgen command line"))?;
    Ok(bindgen)
}

/// The package.json of the folder: Node takes `node/` (CommonJS), every
/// other importer (a page, a bundler) `web/` (an ES module whose default
/// export loads the .wasm); `./web` and `./node` name them directly.
fn write_package_json(pkg: &Path) -> Result<(), String> {
    let version = lianliankan::VERSION;
    let node = format!("./node/{STEM}");
    let web = format!("./web/{STEM}");
    // Written by hand: the order of `exports`' conditions is their
    // priority (serde_json would sort them), "types" first in each.
    let description = "The exact Lianliankan / Shisen-Sho / Onet solver and game engine, \
                       in WebAssembly: rules, boards, games with hints and undo, solve, \
                       generate, rate.";
    let node = format!("\"types\": \"{node}.d.ts\", \"default\": \"{node}.js\"");
    let web = format!("\"types\": \"{web}.d.ts\", \"default\": \"{web}.js\"");
    let text = format!(
        r#"{{
  "name": "{PACKAGE}",
  "version": "{version}",
  "description": "{description}",
  "license": "MIT OR Apache-2.0",
  "files": ["web/", "node/", "README.md"],
  "main": "./node/{STEM}.js",
  "types": "./node/{STEM}.d.ts",
  "exports": {{
    ".": {{
      "node": {{ {node} }},
      "default": {{ {web} }}
    }},
    "./web": {{ {web} }},
    "./node": {{ {node} }},
    "./package.json": "./package.json"
  }},
  "sideEffects": false
}}
"#
    );
    let file = pkg.join("package.json");
    fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
    // wasm-bindgen leaves a .gitignore of `*` in each folder, which npm
    // reads as "publish nothing" when no `files` is given. Each folder says
    // which kind of module its .js is: without it Node and TypeScript
    // (`moduleResolution: "nodenext"`) read `web/`'s ES module as
    // CommonJS, and its default export `init` is not callable to them.
    for (dir, kind) in [("web", "module"), ("node", "commonjs")] {
        let _ = fs::remove_file(pkg.join(dir).join(".gitignore"));
        let file = pkg.join(dir).join("package.json");
        fs::write(&file, format!("{{ \"type\": \"{kind}\" }}\n"))
            .map_err(|e| format!("{}: {e}", file.display()))?;
    }
    Ok(())
}

/// The declarations `text` with each last parameter typed `T | undefined`
/// written `name?: T`: an argument that may be left out (the crate takes
/// it as an `Option`, and wasm-bindgen writes the type it is given as is).
fn optional_parameters(text: &str) -> String {
    const MARK: &str = " | undefined)";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(MARK) {
        let (before, after) = rest.split_at(at);
        let start = before.rfind([',', '(']).map_or(0, |i| i + 1);
        match before[start..].find(": ") {
            Some(colon) => {
                out.push_str(&before[..start + colon]);
                out.push('?');
                out.push_str(&before[start + colon..]);
            }
            None => out.push_str(before),
        }
        out.push(')');
        rest = &after[MARK.len()..];
    }
    out.push_str(rest);
    out
}

/// The size of `file` gzipped at level 9 (by the `gzip` command).
fn gzipped_size(file: &Path) -> Result<u64, String> {
    let out = Command::new("gzip")
        .arg("-9c")
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run `gzip` (needed to measure the .wasm): {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "`gzip -9c {}` failed ({})",
            file.display(),
            out.status
        ));
    }
    Ok(out.stdout.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_last_parameters_optional() {
        let text = "constructor(rows: Rows, rules: RulesLike | undefined);\n\
                    export function solve(board: BoardLike, options: SolveOptions | undefined): SolveResult;\n\
                    constructor(options: RulesOptions | undefined);\n\
                    export function version(): string;\n";
        assert_eq!(
            optional_parameters(text),
            "constructor(rows: Rows, rules?: RulesLike);\n\
             export function solve(board: BoardLike, options?: SolveOptions): SolveResult;\n\
             constructor(options?: RulesOptions);\n\
             export function version(): string;\n"
        );
    }

    #[test]
    fn reads_a_locked_version() {
        let lock = "[[package]]\nname = \"wasm-bindgen-macro\"\nversion = \"9.9.9\"\n\n\
                    [[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\n";
        assert_eq!(
            locked_version(lock, "wasm-bindgen").as_deref(),
            Some("0.2.130")
        );
        assert_eq!(locked_version(lock, "js-sys"), None);
    }

    /// The crate pins wasm-bindgen exactly, at the version of the lock file
    /// (the version of the command line the build installs).
    #[test]
    fn the_crate_pins_the_locked_bindgen() {
        let manifest = workspace_root()
            .join("crates")
            .join(PACKAGE)
            .join("Cargo.toml");
        let text = fs::read_to_string(manifest).unwrap();
        let locked = locked_bindgen_version().unwrap();
        assert!(
            text.contains(&format!("wasm-bindgen = \"={locked}\"")),
            "crates/{PACKAGE}/Cargo.toml must pin wasm-bindgen = \"={locked}\""
        );
    }
}
