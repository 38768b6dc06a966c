//! `cargo xtask test`: every check, stopping at the first failure; last the
//! quick bench, so that the bench cannot rot (its times are not checked).

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

    println!("==> cargo xtask bench --quick");
    crate::bench::run(&["--quick".to_owned()])?;

    println!("==> all checks passed");
    Ok(())
}
