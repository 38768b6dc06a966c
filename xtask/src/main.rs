//! Project tasks: `cargo xtask test` runs every check; `cargo xtask bench`
//! measures the solvers.

mod bench;
mod run;
mod test;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  test           every check: cargo fmt --check, clippy (-D warnings),
                 cargo test --workspace, the fuzz crate built and its
                 targets run over the fixtures, then the quick bench
  bench          the solvers' speed on seeded worst-case inputs against
                 parsing alone and the brute-force baselines, answers checked
                 (release build; report in target/bench/report.md)
  bench --quick  the same on small inputs in a dev build: checks the bench
                 and the answers in seconds; its times mean nothing
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        // The measuring half of `bench`, run in a release build by `bench`.
        Some("bench-run") => bench::run_measurements(&args[1..]),
        // The parse-only program that `bench` times against the solvers.
        Some("bench-parse") => bench::parse_only(&args[1..]),
        Some("help" | "--help" | "-h") => {
            print!("{USAGE}");
            Ok(())
        }
        _ => {
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
