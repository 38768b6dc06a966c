//! `cargo xtask test`: every check, stopping at the first failure.

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

    println!("==> all checks passed");
    Ok(())
}
