//! Project tasks: `cargo xtask test` runs every check; `cargo xtask bench`
//! measures the solvers; `cargo xtask study` measures how many random
//! deals can be cleared (and `study checks`, the checks games use);
//! `cargo xtask links` checks the Markdown links; `cargo xtask wheel`
//! builds the Python package, `cargo xtask wasm` the WebAssembly one;
//! `cargo xtask play` runs the game's server with the engine embedded;
//! `cargo xtask c-header` and `cargo xtask c-example` write the C
//! library's header and build its example;
//! `cargo xtask install-c --prefix P` installs the C library.

mod bench;
mod c;
mod install_c;
mod links;
#[cfg(test)]
mod module_cycles;
mod packages;
mod play;
mod python;
mod run;
mod study;
mod study_bands;
mod study_checks;
mod system_packages;
mod test;
mod wasm;
mod wasm_answers;
mod wasm_check;
mod wasm_types;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  test           every check, in this order, stopping at the first failure:
                   cargo fmt --all --check
                   the WebAssembly package built (as `wasm` does); every
                     cargo command below builds play with it embedded
                     (LLK_WASM_PKG)
                   cargo clippy --workspace --all-targets -- -D warnings
                   RUSTDOCFLAGS=\"-D warnings\" cargo doc --workspace --no-deps
                   the libraries are lean (cargo tree -p <library>
                     --no-default-features -e normal lists no clap, serde,
                     tokio, ...)
                   Chromium and chromedriver for the play crate's browser
                     tests, GNU parallel for the README's shard recipe,
                     Node and npm for the WebAssembly package's checks:
                     installed with apt-get when missing (as root),
                     otherwise a failure naming the command
                   cargo test --workspace
                   the Python package: its wheel built (as `wheel` does),
                     installed with pytest, mypy and numpy in a fresh virtual
                     environment under target/python, its pytest suite,
                     mypy --strict over the example and a typed usage file
                     against the shipped stubs, stubtest (the stubs against
                     the module), and the example script
                   the WebAssembly package (as `wasm-check`): built, npm-
                     installed offline, its checks run in Node and headless
                     Chromium, its declarations and the docs' examples
                     type-checked (tsc --strict), its size asserted
                   the fuzz crate (fuzz/): fmt check, build, and tests that
                     run every fixture through its targets (no fuzzing)
                   cargo package --workspace --allow-dirty (each crate
                     packaged and built from its package)
                   cargo xtask bench --quick
                   the C library installed into target/c-install and the
                     example built against it through pkg-config, run
  system-packages
                 only the step of `test` that installs Chromium,
                 chromedriver, GNU parallel, Node and npm (`browser` is
                 another name)
  play [ARGS...] the game's server with the engine in the page: the
                 WebAssembly package built (as `wasm` does), then
                 `cargo run --release -p play -- ARGS...` with it embedded
                 (LLK_WASM_PKG): unranked games play in the browser, and
                 offline once the page was loaded
  python         only the Python step of `test`
  wheel          the Python package `lianliankan` (crates/lianliankan-py):
                 a wheel in target/wheels/, built by maturin (pinned, pip-
                 installed into target/python/build-venv on first use);
                 needs python3 with venv
  wasm           the WebAssembly package `lianliankan-wasm`
                 (crates/lianliankan-wasm) in target/wasm/pkg, for
                 `npm install`: the wasm32 target added with rustup and
                 wasm-bindgen's command line (the version in Cargo.lock)
                 installed into target/tools when missing; prints the
                 .wasm's size, raw and gzipped
  wasm-check     only the WebAssembly step of `test`: the package built,
                 installed into a fresh npm project offline, the
                 conformance fixture and the answers of the native library
                 on seeded cases checked in Node and in headless Chromium,
                 the TypeScript declarations and the docs' examples
                 type-checked with a pinned tsc --strict (the Node
                 examples run), the size asserted (<= 600 KB gzipped)
  c-header       the C library's header, crates/lianliankan-c/include/
                 lianliankan.h, written by cbindgen from the crate (a test
                 fails when the checked-in header is stale)
  c-example      examples/c/solve.c built with gcc against the C library
                 (release static library) into target/c-example/solve;
                 then the library installed into target/c-install and the
                 example built against that copy with `pkg-config --cflags
                 --libs lianliankan` and run (pkg-config installed with
                 apt-get when missing and root, else a failure)
  install-c --prefix P
                 the C library installed under P: lib/liblianliankan.so.V
                 (SONAME liblianliankan.so.ABI, and the two links),
                 lib/liblianliankan.a, include/lianliankan.h,
                 lib/pkgconfig/lianliankan.pc
  c-example --asan
                 the same with AddressSanitizer, against the debug build,
                 into target/c-example/solve-asan
  links [DIR]    every relative link in the Markdown files resolves (also a
                 test, so `cargo test` checks it); DIR: another checkout
  bench          the solvers' speed on seeded worst-case inputs against
                 parsing alone and the brute-force baselines, answers checked
                 (release build; report in target/bench/report.md)
  bench --quick  the same on small inputs in a dev build: checks the bench
                 and the answers in seconds; its times mean nothing
  bench --only NAME,...
                 only these workloads, `engine` (the engine's times) or
                 `moves` (only its `moves` listing against writing the pairs),
                 `faces` (a call of connect and can_remove: Rust, C, and
                 Python in a full run)
                 `wasm` (a hint from the WebAssembly package in Node and
                 Chromium beside the native library's; in a full run too)
                 `page` (the play page's first load to a playable board
                 in headless Chromium, cold and warm; in a full run too)
  study          what fraction of random deals can be cleared at KShisen's
                 sizes (lianliankan study, resumable; hours): writes
                 docs/study/solvable.csv, solvable.svg and table.md
                 (`study --chart` only redraws them from the CSV)
  study checks   KShisen's check and \"a move exists\" against solve, and
                 random games lost before stuck, 24 cells of KShisen's
                 deal (resumable; hours): writes docs/study/checks.csv,
                 checks.md, games.csv and games.md (`--table` only
                 rewrites the tables from the CSVs)
  study bands    whether easy > normal > hard hold on play's presets:
                 `lianliankan bands --check 50` a cell (resumable; hours):
                 keeps each output in docs/study/bands/, writes
                 docs/study/bands.md and bands.svg (`--table` only
                 rewrites them from the kept outputs)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("system-packages" | "browser") => system_packages::ensure(),
        Some("wheel") => python::wheel(&args[1..]),
        Some("python") => python::test(&args[1..]),
        Some("play") => play::run(&args[1..]),
        Some("wasm") => wasm::run(&args[1..]),
        Some("wasm-check") => wasm_check::run(&args[1..]),
        Some("c-header") => c::header(&args[1..]),
        Some("c-example") => install_c::example(&args[1..]),
        Some("install-c") => install_c::run(&args[1..]),
        Some("links") => links::run(&args[1..]),
        Some("study") if args.get(1).is_some_and(|a| a == "bands") => study_bands::run(&args[2..]),
        Some("study") if args.get(1).is_some_and(|a| a == "checks") => {
            study_checks::run(&args[2..])
        }
        Some("study") => study::run(&args[1..]),
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
