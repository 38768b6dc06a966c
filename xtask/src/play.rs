//! `cargo xtask play [ARGS...]`: the game's server with the engine in the
//! page. The engine's WebAssembly package is built (`cargo xtask wasm`),
//! then `cargo run --release -p play -- ARGS...` with `LLK_WASM_PKG`
//! naming it, so that play embeds it: unranked games are played in the
//! browser, and offline (play's ARCHITECTURE.md section says why it is
//! embedded rather than served from a folder).

use crate::run::{cargo, set_engine_package, step};

/// `cargo xtask play`: every argument goes to play (`--port 9000`, ...).
pub fn run(args: &[String]) -> Result<(), String> {
    let built = crate::wasm::build()?;
    set_engine_package(&built.pkg);
    let mut play = cargo();
    play.args(["run", "--release", "-p", "play", "--"])
        .args(args);
    step(play)
}
