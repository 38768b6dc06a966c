//! An exact solver for the Solitaire puzzle of HDU 1401 (ZOJ 1505,
//! POJ 1198): four identical pieces on an 8×8 board move by steps and
//! jumps; can a goal configuration be reached within 8 moves, in how few,
//! and by which moves?
//!
//! The key design choice: a configuration is a `u64` bitboard ([`Config`]),
//! moves are generated for all pieces at once by shifts and masks, and the
//! search ([`Solver`]) is a breadth-first search from both ends that meets
//! in the middle — moves are reversible, so searching back from the goal
//! uses the same generator. With the judge's limit of 8 each side looks
//! about 4 moves deep instead of 8. An admissible lower bound on the moves
//! left (each piece needs half its row and half its column distance to a
//! goal square, rounded up) answers far-apart cases without a search and
//! keeps out of both balls whatever cannot lie on a path within the limit.
//! Each side's distances are kept in a table indexed by the
//! configuration's rank among the C(64, 4) = 635,376 (an `FxHashMap` for
//! five pieces and more), reset entry by entry, so a search costs what it
//! visits. Any number of pieces works the same way;
//! the judge's is [`format::JUDGE_PIECES`].
//!
//! Coordinates are 0-based `(row, col)` inside ([`Square`]); the judge's
//! 1-based ones appear only in the text: [`format`](mod@format) converts
//! the input, and `Display` of [`Square`], [`Config`] and [`Move`] prints
//! judge coordinates.
//!
//! # What is public
//!
//! - [`Square`], [`Config`] (with [`Config::moves`] and [`Config::apply`]),
//!   [`Move`] and [`MoveKind`];
//! - [`Solver`] (reused buffers; [`Solver::distance`] and
//!   [`Solver::shortest_moves`]), and [`distance`] and [`shortest_moves`]
//!   for one case;
//! - [`format`](mod@format), the judge format: [`format::read_case`] reads
//!   a [`format::Case`], [`format::write_case`] writes one;
//! - [`judge::run`], the binary's whole loop (read a case, solve it, write
//!   its answer at once) over input bytes and a `Write` the caller owns;
//! - [`draw::draw`], the `--draw` picture of a configuration;
//! - [`generate`], seeded random configurations; [`reference`](mod@reference),
//!   the plain one-directional search over explicit square lists that the
//!   tests compare against and the benchmarks time as the baseline;
//! - the grid-core types these use ([`Reader`], [`InputError`],
//!   [`JudgeError`], [`SplitMix64`], [`Pos`], ...), re-exported so that no
//!   direct grid-core dependency is needed.
//!
//! Private, behind [`Solver`]: the bitboard move generator and the
//! distance tables. The library never touches files, stdin or stdout. The
//! `solitaire` binary (argument parsing, reading, exit statuses) is built
//! with the default `cli` feature; without it the library has no clap
//! dependency.
//!
//! ```
//! use solitaire::format::{JUDGE_PIECES, read_case};
//! use solitaire::{Reader, Solver};
//! let mut reader = Reader::new(b"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n");
//! let case = read_case(&mut reader, JUDGE_PIECES)?.unwrap();
//! let mut solver = Solver::new();
//! assert_eq!(solver.distance(case.start, case.goal, 8), Some(7));
//! let moves = solver.shortest_moves(case.start, case.goal, 8).unwrap();
//! assert_eq!(moves.len(), 7);
//! assert_eq!(moves[0].to_string(), "(6,5)->(6,6)"); // judge coordinates
//! assert_eq!(read_case(&mut reader, JUDGE_PIECES)?, None);
//! # Ok::<(), solitaire::InputError>(())
//! ```
#![deny(missing_docs)]

mod board;
mod bound;
pub mod draw;
pub mod format;
pub mod generate;
pub mod judge;
mod moves;
pub mod reference;
mod search;
mod visited;

pub use board::{Config, SIDE, Square};
pub use grid_core::{InputError, JudgeError, Location, Pos, Reader, SplitMix64};
pub use moves::{Move, MoveKind};
pub use search::{Solver, distance, shortest_moves};

// The README's example runs as a doctest, so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
