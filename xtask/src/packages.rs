//! The workspace's packages as the tasks name them.

/// The solver packages, each a library and a binary of the same name: the
/// bench builds and times the binaries, and `test` checks that the
/// libraries build without clap.
pub const SOLVERS: [&str; 3] = ["lianliankan", "segments", "solitaire"];
