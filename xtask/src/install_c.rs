//! `cargo xtask install-c --prefix P`: the C library installed as a system
//! library is — the shared library under its versioned name with its
//! SONAME (set by crates/lianliankan-c/build.rs) and the two links to it,
//! the static library, the header and a pkg-config file:
//!
//! ```text
//! P/lib/liblianliankan.so.VERSION      (SONAME liblianliankan.so.ABI)
//! P/lib/liblianliankan.so.ABI -> liblianliankan.so.VERSION
//! P/lib/liblianliankan.so     -> liblianliankan.so.ABI
//! P/lib/liblianliankan.a
//! P/include/lianliankan.h
//! P/lib/pkgconfig/lianliankan.pc
//! ```
//!
//! ABI is the major version, or `0.MINOR` before 1.0. `cargo xtask
//! c-example` also installs into a prefix under the target directory and
//! builds and runs the example against that copy with `pkg-config
//! --cflags --libs lianliankan` ([`check_installed`]).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::c::{C_FLAGS, HEADER, NATIVE_LIBS};
use crate::run::{cargo, output, step, target_dir, workspace_root};

/// The library's version, the workspace's one (this task is built with it).
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The ABI part of the SONAME: the major version, or `0.MINOR` before 1.0
/// (build.rs computes the same).
fn abi() -> String {
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    if major == "0" {
        format!("0.{}", env!("CARGO_PKG_VERSION_MINOR"))
    } else {
        major.to_owned()
    }
}

/// The SONAME of the shared library.
pub fn soname() -> String {
    format!("liblianliankan.so.{}", abi())
}

/// `cargo xtask c-example [--asan]`: the example built as [`crate::c::example`]
/// builds it, then (without `--asan`) against an installed copy of the
/// library ([`check_installed`]).
pub fn example(args: &[String]) -> Result<(), String> {
    crate::c::example(args)?;
    if args.is_empty() {
        let installed = check_installed()?;
        println!(
            "==> built and ran {} against the installed library, through pkg-config",
            installed.display()
        );
    }
    Ok(())
}

/// `cargo xtask install-c --prefix P`.
pub fn run(args: &[String]) -> Result<(), String> {
    let prefix = match args {
        [flag, prefix] if flag == "--prefix" => PathBuf::from(prefix),
        [arg] if arg.starts_with("--prefix=") => PathBuf::from(&arg["--prefix=".len()..]),
        _ => return Err("usage: cargo xtask install-c --prefix DIR".to_owned()),
    };
    let prefix = if prefix.is_absolute() {
        prefix
    } else {
        std::env::current_dir()
            .map_err(|e| format!("no current folder: {e}"))?
            .join(prefix)
    };
    install(&prefix)?;
    println!("==> installed the C library under {}", prefix.display());
    Ok(())
}

/// Builds the release library and installs it under `prefix` (see the
/// module's documentation).
pub fn install(prefix: &Path) -> Result<(), String> {
    let mut build = cargo();
    build.args(["build", "-p", "lianliankan-c", "--lib", "--release"]);
    step(build)?;
    let built = target_dir().join("release");
    let lib = prefix.join("lib");
    let include = prefix.join("include");
    let pkgconfig = lib.join("pkgconfig");
    for dir in [&lib, &include, &pkgconfig] {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let full = format!("liblianliankan.so.{VERSION}");
    copy(&built.join("liblianliankan_c.so"), &lib.join(&full))?;
    link(&full, &lib.join(soname()))?;
    link(&soname(), &lib.join("liblianliankan.so"))?;
    copy(
        &built.join("liblianliankan_c.a"),
        &lib.join("liblianliankan.a"),
    )?;
    copy(
        &workspace_root().join(HEADER),
        &include.join("lianliankan.h"),
    )?;
    let pc = pkgconfig.join("lianliankan.pc");
    std::fs::write(&pc, pc_file(prefix)).map_err(|e| format!("cannot write {}: {e}", pc.display()))
}

/// The pkg-config file for a library installed under `prefix`.
pub fn pc_file(prefix: &Path) -> String {
    format!(
        "prefix={}\n\
         exec_prefix=${{prefix}}\n\
         libdir=${{exec_prefix}}/lib\n\
         includedir=${{prefix}}/include\n\
         \n\
         Name: lianliankan\n\
         Description: The exact Lianliankan / Shisen-Sho solver and game engine (C library)\n\
         Version: {VERSION}\n\
         Libs: -L${{libdir}} -llianliankan\n\
         Libs.private: {}\n\
         Cflags: -I${{includedir}}\n",
        prefix.display(),
        NATIVE_LIBS.join(" ")
    )
}

/// Copies `from` to `to` (replacing it).
fn copy(from: &Path, to: &Path) -> Result<(), String> {
    let _ = std::fs::remove_file(to);
    std::fs::copy(from, to)
        .map(drop)
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

/// Makes `at` a symbolic link to `target` (a name in the same folder).
fn link(target: &str, at: &Path) -> Result<(), String> {
    let _ = std::fs::remove_file(at);
    std::os::unix::fs::symlink(target, at)
        .map_err(|e| format!("cannot link {} to {target}: {e}", at.display()))
}

/// Fails, with the command that installs it, unless `pkg-config` runs;
/// installs it with apt-get when missing and this runs as root.
fn ensure_pkg_config() -> Result<(), String> {
    let runs = || {
        Command::new("pkg-config")
            .arg("--version")
            .output()
            .is_ok_and(|out| out.status.success())
    };
    if runs() {
        return Ok(());
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.trim_ascii() == b"0");
    if !root {
        return Err("pkg-config not found: the installed C library's test needs it. Install it with:\n    sudo apt-get install pkg-config".to_owned());
    }
    let mut install = Command::new("apt-get");
    install
        .args(["install", "-y", "--no-install-recommends", "pkg-config"])
        .env("DEBIAN_FRONTEND", "noninteractive");
    step(install)?;
    if runs() {
        Ok(())
    } else {
        Err("pkg-config still does not run after apt-get install pkg-config".to_owned())
    }
}

/// Installs into `target/c-install/`, then builds the example with gcc from
/// what `pkg-config --cflags --libs lianliankan` says about that copy
/// (shared library, found at run time through an rpath to the prefix),
/// checks that the program needs the library by its SONAME, and runs it
/// on a board it must clear. Returns the program's path.
pub fn check_installed() -> Result<PathBuf, String> {
    ensure_pkg_config()?;
    let prefix = target_dir().join("c-install");
    let _ = std::fs::remove_dir_all(&prefix);
    install(&prefix)?;
    let pkgconfig = prefix.join("lib/pkgconfig");
    let mut query = Command::new("pkg-config");
    query
        .args(["--cflags", "--libs", "lianliankan"])
        .env("PKG_CONFIG_PATH", &pkgconfig);
    let flags = output(query)?;
    let mut version = Command::new("pkg-config");
    version
        .args(["--modversion", "lianliankan"])
        .env("PKG_CONFIG_PATH", &pkgconfig);
    let found = output(version)?;
    if found.trim() != VERSION {
        return Err(format!(
            "pkg-config says version {}, not {VERSION}",
            found.trim()
        ));
    }
    let program = prefix.join("solve");
    let mut gcc = Command::new("gcc");
    gcc.args(C_FLAGS)
        .arg(workspace_root().join("examples/c/solve.c"))
        .args(flags.split_whitespace())
        .arg(format!("-Wl,-rpath,{}", prefix.join("lib").display()))
        .arg("-o")
        .arg(&program);
    step(gcc)?;
    let mut readelf = Command::new("readelf");
    readelf.arg("-d").arg(&program);
    let dynamic = output(readelf)?;
    let needed = format!("[{}]", soname());
    if !dynamic
        .lines()
        .any(|line| line.contains("(NEEDED)") && line.contains(&needed))
    {
        return Err(format!(
            "{} does not need {needed}:\n{dynamic}",
            program.display()
        ));
    }
    // A board the example clears: the 1s join, then the 2s.
    let board = prefix.join("board.txt");
    std::fs::write(&board, "2 2\n1 2\n1 2\n")
        .map_err(|e| format!("cannot write {}: {e}", board.display()))?;
    let input = std::fs::File::open(&board).map_err(|e| e.to_string())?;
    let mut solve = Command::new(&program);
    solve.stdin(input);
    let answer = output(solve)?;
    if answer != "1 1 2 1\n1 2 2 2\n" {
        return Err(format!("the installed example answered {answer:?}"));
    }
    Ok(program)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pc_file_names_the_prefix_version_and_library() {
        let pc = pc_file(Path::new("/opt/llk"));
        assert!(pc.starts_with("prefix=/opt/llk\n"));
        assert!(pc.contains(&format!("\nVersion: {VERSION}\n")));
        assert!(pc.contains("\nLibs: -L${libdir} -llianliankan\n"));
        assert!(pc.contains("\nCflags: -I${includedir}\n"));
        assert_eq!(soname(), format!("liblianliankan.so.{}", abi()));
    }
}
