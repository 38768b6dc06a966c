//! The lianliankan crate's integration tests, in one test binary (one link of
//! the crate and its dependencies instead of one a file). `stress` stays a
//! binary of its own: it doubles as the buggy programs it tests
//! (`harness = false`).

mod checks;
#[cfg(feature = "cli")]
mod cli;
mod common;
mod conformance;
mod connect_rules;
mod differential;
#[cfg(feature = "cli")]
mod doc_commands;
mod engine;
mod gravity;
mod limits;
mod players;
mod rating;
mod rules_doc;
mod search_verdicts;
mod serde_forms;
#[cfg(feature = "cli")]
mod shards;
mod slide;
#[cfg(feature = "cli")]
mod study_checks;
mod version;
