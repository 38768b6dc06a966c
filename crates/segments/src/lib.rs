//! POJ 1101 "The Game": the fewest straight segments joining two pieces on a
//! board, through empty squares and possibly around the board.
//!
//! The path may leave the board; leaving by more than one square never
//! helps, so the board is searched inside a one-square empty ring
//! ([`Board::padded`]). Paths are [`Path`]s whose corners are [`Point`]s in
//! the signed *board frame*, grid-core's convention for path corners:
//! `(0, 0)` is the top-left square, and the ring is row or column `-1`,
//! `rows` or `cols`. The judge's 1-based `(column,row)` appear only in the text
//! ([`format`](mod@format)).
//!
//! The design choice worth knowing: instead of a search over states (square,
//! heading), [`Solver`] sweeps levels of the set of squares reachable with at
//! most k segments, one bit a square, on the box of rows and words spanned
//! by the region of empty squares that both pieces touch (pieces with no
//! common region are answered without a search). A level costs a few word
//! operations per row: one `u128` holds a whole row of a board of up to 126
//! columns (128 with its ring; the judge's limit is 75), and wider rows take
//! as many `u64` words as they need, so no side has a limit of its own. The
//! textbook search it replaces is kept as the reference
//! ([`reference::Dijkstra`]).
//!
//! # What is public
//!
//! - [`Board`], [`Solver`] (a board prepared once, then [`Solver::count`]
//!   or [`Solver::min_segments`] per pair) and [`min_segments`] for one pair;
//! - [`format`](mod@format), the judge format: [`format::read_board`] and
//!   [`format::read_pair`] read it (a [`format::Pair`] is two squares to
//!   join), [`format::write_board`] and [`format::write_pairs`] write it,
//!   and [`format::board_line`], [`format::pair_line`] and
//!   [`format::corners_line`] are the text of the answers;
//! - [`judge::run`], the binary's whole loop (read, solve, write each answer
//!   as it is found) over input bytes and a `Write` the caller owns;
//! - [`draw::draw`], the `--draw` picture of a board and a path;
//! - [`generate`], seeded random boards and pairs;
//!   [`reference`](mod@reference), the slow and obviously correct search
//!   the tests and benchmarks compare against;
//! - the grid-core types these use ([`Pos`], [`Path`], [`Point`], [`Reader`],
//!   [`InputError`], [`JudgeError`], ...), re-exported so that no direct
//!   grid-core dependency is needed.
//!
//! Private, behind [`Solver`]: the level sweep and the regions of empty
//! squares. The library never touches files, stdin or stdout. The
//! `segments` binary (argument parsing, reading, exit statuses) is built
//! with the default `cli` feature; without it the library has no clap
//! dependency.
//!
//! # Input
//!
//! The judge input, as [`format::read_board`] and [`format::read_pair`]
//! accept it:
//! - a board header `w h` on one line (blank lines before it are skipped;
//!   nothing else may follow on its line). `0 0`, or the end of the input,
//!   ends the input normally; what follows `0 0` is not read. A width or
//!   height of 0 (but not both) is an error. A board of more than
//!   128 × 128 = 16,384 squares must be backed by the input: at least one
//!   byte must be left for every 8 of its squares (rows written in full
//!   take one a square), else it is an error, found before anything is
//!   allocated; so memory follows the input's length.
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
//! use segments::format::{corners_line, read_board, read_pair};
//! use segments::{Point, Reader, Solver};
//! let input = b"5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n0 0 0 0\n0 0\n";
//! let mut reader = Reader::new(input);
//! let board = read_board(&mut reader)?.unwrap();
//! let pair = read_pair(&mut reader, &board)?.unwrap();
//! let mut solver = Solver::new(&board);
//! assert_eq!(solver.count(pair.a, pair.b), Some(4));
//! let path = solver.min_segments(pair.a, pair.b).unwrap();
//! assert_eq!(path.segments(), 4);
//! assert_eq!(path.corners()[1], Point::new(1, 1)); // board frame, 0-based
//! assert_eq!(corners_line(Some(&path)), "  corners: (2,3) (2,2) (4,2) (4,3) (5,3)");
//! # Ok::<(), segments::InputError>(())
//! ```
#![deny(missing_docs)]

mod bits;
mod board;
mod components;
pub mod draw;
pub mod format;
pub mod generate;
pub mod judge;
pub mod reference;
mod solver;
mod sweep;

pub use board::Board;
pub use grid_core::{
    Frame, Grid, InputError, JudgeError, Location, Occupancy, Padded, Path, Point, Pos, Reader,
    SplitMix64,
};
pub use solver::{Solver, min_segments};

// The README's example runs as a doctest, so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
