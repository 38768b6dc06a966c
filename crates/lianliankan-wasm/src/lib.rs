//! The WebAssembly face of the [`lianliankan`] engine: the npm package
//! `lianliankan-wasm`, built by `cargo xtask wasm` (wasm-bindgen) for web
//! pages and for Node.
//!
//! Its surface is the Python face's in JavaScript's naming: [`Rules`]
//! from an options object, [`Board`] (queries at the library's cost),
//! [`Game`] (play, undo, redo, hint, shuffle), [`solve`] with a budget,
//! a time limit and a [`Cancel`], [`generate`], [`generate_rated`],
//! [`rate`] and [`replay`]. Every value from JavaScript is checked and a
//! bad one thrown as an `Error` naming it (never a panic: in WebAssembly
//! a panic is a trap that leaves the module unusable). docs/wasm.md is
//! the guide.
//!
//! [`Rules`]: rules::JsRules
//! [`Board`]: board::JsBoard
//! [`Game`]: game::JsGame
//! [`Cancel`]: work::JsCancel
//! [`solve`]: work::solve
//! [`generate`]: work::generate
//! [`generate_rated`]: work::generate_rated
//! [`rate`]: work::rate
//! [`replay`]: work::replay

pub mod board;
pub mod game;
pub mod js;
mod rate_progress;
pub mod rules;
pub mod work;

use wasm_bindgen::prelude::*;

/// The library's version, `"MAJOR.MINOR.PATCH"`: the workspace's one
/// version, which every face reports.
#[wasm_bindgen]
pub fn version() -> String {
    lianliankan::VERSION.to_owned()
}

/// The gravity mode names, "none" first.
#[wasm_bindgen(js_name = gravityModes, unchecked_return_type = "GravityName[]")]
pub fn gravity_modes() -> Vec<String> {
    lianliankan::Gravity::ALL
        .iter()
        .map(|g| g.name().to_owned())
        .collect()
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");
