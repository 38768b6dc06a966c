//! The binary's modes: judge mode and the engine subcommands.

pub mod engine;
pub mod judge;
