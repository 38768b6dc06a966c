//! Running commands from the workspace root, printing each first.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The workspace root (the parent of the xtask package).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// Where cargo puts what it builds: `CARGO_TARGET_DIR` if set (relative
/// to the workspace root, as cargo reads it when run from there), else
/// `target/` at the root.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => workspace_root().join(dir),
        _ => workspace_root().join("target"),
    }
}

/// The engine's WebAssembly package that play embeds, once a task has
/// built it ([`set_engine_package`]).
static ENGINE_PACKAGE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// From now on every cargo command of this task builds play with the
/// engine's package at `pkg` embedded (`LLK_WASM_PKG`, read by play's
/// build script), so that play is built once, with it.
pub fn set_engine_package(pkg: &Path) {
    let _ = ENGINE_PACKAGE.set(pkg.to_path_buf());
}

/// The cargo that runs this task (so the same toolchain runs every step),
/// with `LLK_WASM_PKG` set once the engine's package is built.
pub fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.current_dir(workspace_root());
    if let Some(pkg) = ENGINE_PACKAGE.get() {
        cmd.env("LLK_WASM_PKG", pkg);
    }
    cmd
}

/// Says how long a step took, so that a slow step of `cargo xtask test`
/// (which CI must finish in 20 minutes cold) shows in its log.
fn took(started: std::time::Instant) {
    println!("    ({:.1} s)", started.elapsed().as_secs_f64());
}

/// Prints `cmd`, runs it with inherited output, and fails unless it succeeds.
pub fn step(mut cmd: Command) -> Result<(), String> {
    let shown = shown(&cmd);
    println!("==> {shown}");
    let started = std::time::Instant::now();
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run `{shown}`: {e}"))?;
    took(started);
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({status})"))
    }
}

/// Prints `cmd`, runs it with inherited standard error, and returns its
/// standard output; fails unless it succeeds.
pub fn output(mut cmd: Command) -> Result<String, String> {
    let shown = shown(&cmd);
    println!("==> {shown}");
    let started = std::time::Instant::now();
    let output = cmd
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run `{shown}`: {e}"))?;
    took(started);
    if !output.status.success() {
        return Err(format!("`{shown}` failed ({})", output.status));
    }
    String::from_utf8(output.stdout).map_err(|e| format!("`{shown}` printed non-UTF-8: {e}"))
}

/// `cmd` as a shell would show it: the variables it sets, the program and
/// its arguments.
fn shown(cmd: &Command) -> String {
    let envs = cmd.get_envs().filter_map(|(name, value)| {
        value.map(|v| format!("{}={:?}", name.to_string_lossy(), v.to_string_lossy()))
    });
    let program = std::iter::once(cmd.get_program().to_string_lossy().into_owned());
    let args = cmd.get_args().map(|a| a.to_string_lossy().into_owned());
    envs.chain(program)
        .chain(args)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads an HTTP message's header lines from `reader` up to the blank
/// line that ends them, and returns its `Content-Length` (0 when none):
/// the body, which follows, is read by that length (the peer may keep the
/// connection open). A status or request line still ahead is passed
/// over with them (it has no colon).
pub fn content_length(reader: &mut impl std::io::BufRead) -> std::io::Result<usize> {
    let mut length = 0;
    loop {
        let mut header = String::new();
        reader.read_line(&mut header)?;
        let header = header.trim();
        if header.is_empty() {
            return Ok(length);
        }
        if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
}
