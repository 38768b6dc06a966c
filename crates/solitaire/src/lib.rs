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
//! about 4 moves deep instead of 8. Each side's distances are kept in a
//! table indexed by the configuration's rank among the C(64, 4) = 635,376
//! (an `FxHashMap` for five pieces and more), reset entry by entry, so a
//! search costs what it visits. Any number of pieces works the same way;
//! the judge's is [`JUDGE_PIECES`].
//!
//! [`reference`](mod@reference) holds the plain one-directional search over explicit
//! square lists that the tests compare against and benchmarks time as the
//! baseline; [`generate`] makes seeded random cases for both. Coordinates
//! are 0-based `(row, col)` inside; [`read_case`] converts the judge's
//! 1-based input, and `Display` of [`Square`] and [`Move`] prints judge
//! coordinates. [`judge::run`] is the binary's whole loop (read a case,
//! solve it, write its answer at once) over input bytes and a `Write` the
//! caller owns; the library never touches files, stdin or stdout.
//!
//! ```
//! use grid_core::Reader;
//! use solitaire::{read_case, Solver, JUDGE_PIECES};
//! let mut reader = Reader::new(b"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n");
//! let case = read_case(&mut reader, JUDGE_PIECES).unwrap().unwrap();
//! let mut solver = Solver::new();
//! let moves = solver.shortest_moves(case.start, case.goal, 8).unwrap();
//! assert!(moves.len() <= 8);
//! assert_eq!(read_case(&mut reader, JUDGE_PIECES).unwrap(), None);
//! ```
#![deny(missing_docs)]

mod board;
pub mod generate;
mod input;
pub mod judge;
mod moves;
pub mod reference;
mod search;
mod visited;

pub use board::{Config, SIDE, Square};
pub use input::{Case, JUDGE_PIECES, read_case};
pub use moves::{Move, MoveKind};
pub use search::{Solver, distance, shortest_moves};
