//! The binary's engine subcommands (judge mode is `lianliankan::judge::run`).

pub mod engine;
