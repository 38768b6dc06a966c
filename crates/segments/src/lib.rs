//! POJ 1101 "The Game": the fewest straight segments joining two pieces on a
//! board, through empty squares and possibly around the board.
//!
//! The path may leave the board; leaving by more than one square never
//! helps, so the board is searched inside a one-square empty ring (the *ring
//! frame*: board square `(r, c)` is ring square `(r + 1, c + 1)`, which is
//! also the judge's 1-based row and column).
//!
//! The design choice worth knowing: instead of a search over states (square,
//! heading), the solver sweeps levels of the set of squares reachable with at
//! most k segments, with one `u128` word per row ([`LevelSweep`]), on the
//! region of empty squares that both pieces touch only (pieces with no common
//! region are answered without a search). A level costs a few word operations
//! per row. Boards are therefore limited to [`Board::MAX_SIDE`] = 126 squares
//! a side (the judge's limit is 75). The textbook search it replaces is kept
//! in [`baseline`].
//!
//! Solving is separate from reading ([`read_board`], [`read_pair`]) and from
//! the text of the answers ([`render`]); [`judge::run`] is the binary's whole
//! loop (read, solve, write each answer as it is found) over input bytes and
//! a `Write` the caller owns. The library never touches files, stdin or
//! stdout.
//!
//! # Input
//!
//! The judge input, as [`read_board`] and [`read_pair`] accept it:
//! - a board header `w h` on one line (blank lines before it are skipped;
//!   nothing else may follow on its line). `0 0`, or the end of the input,
//!   ends the input normally; what follows `0 0` is not read. A width or
//!   height of 0 (but not both) is an error, and so is a side larger than
//!   [`Board::MAX_SIDE`], found before anything is allocated.
//! - then exactly `h` raw lines, one per row, starting on the line after the
//!   header: the first `w` characters are `X` (a piece) or a space (empty);
//!   a shorter line (trailing spaces trimmed, even an empty line) is padded
//!   with empty squares; after the `w`-th character only white space may
//!   follow; `\r\n` line ends are accepted. Any other character is an error
//!   at its column, and so is an input that ends before the last row.
//! - then pairs `x1 y1 x2 y2` (column and row of one piece, then of another,
//!   1-based), each pair on one line (blank lines between pairs are
//!   skipped), until `0 0 0 0`. A line with fewer than four numbers, a
//!   square outside the board, a square without a piece, or the same square
//!   twice is an error at the offending number.
//!
//! ```
//! use grid_core::Reader;
//! use segments::{Solver, read_board, read_pair};
//! let input = b"5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n0 0 0 0\n0 0\n";
//! let mut reader = Reader::new(input);
//! let board = read_board(&mut reader)?.unwrap();
//! let pair = read_pair(&mut reader, &board)?.unwrap();
//! let mut solver = Solver::new(&board);
//! assert_eq!(solver.count(pair.a, pair.b), Some(4));
//! # Ok::<(), grid_core::InputError>(())
//! ```
#![deny(missing_docs)]

pub mod baseline;
mod board;
mod components;
pub mod judge;
mod parse;
pub mod render;
mod solver;
mod sweep;

pub use board::{Board, to_ring};
pub use parse::{Pair, read_board, read_pair};
pub use solver::{Segments, Solver, min_segments};
pub use sweep::LevelSweep;
