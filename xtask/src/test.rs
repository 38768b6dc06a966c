//! `cargo xtask test`: every check, stopping at the first failure; then the
//! fuzz crate on the stable toolchain (its targets built, its bodies run
//! over every fixture: about a minute cold, seconds warm; fuzzing itself
//! needs `cargo fuzz` and is not run here); last the quick bench, so that
//! the bench cannot rot (its times are not checked).

use crate::run::{cargo, step};

pub fn run(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!("`test` takes no arguments, got `{extra}`"));
    }
    let mut fmt = cargo();
    fmt.args(["fmt", "--all", "--check"]);
    step(fmt)?;

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

    let mut test = cargo();
    test.args(["test", "--workspace"]);
    step(test)?;

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

    println!("==> cargo xtask bench --quick");
    crate::bench::run(&["--quick".to_owned()])?;

    println!("==> all checks passed");
    Ok(())
}
