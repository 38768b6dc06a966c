//! The segments crate's integration tests, in one test binary (one link of the
//! crate and its dependencies instead of one a file). `stress` stays a binary of
//! its own: it doubles as the buggy programs it tests (`harness = false`).

mod differential;
#[cfg(feature = "cli")]
mod doc_commands;
#[cfg(feature = "cli")]
mod fixtures;
mod robustness;
