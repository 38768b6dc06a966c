//! Lianliankan (HDU 1175; Shisen-Sho, Onet): can two equal tiles be joined
//! by a path of at most two turns through empty cells?
//!
//! ```
//! use grid_core::Pos;
//! use lianliankan::{Board, Border, Rules, connect};
//!
//! // The judge's first sample board (0 = empty).
//! let board = Board::from_rows(&[
//!     [1, 2, 3, 4],
//!     [0, 0, 0, 0],
//!     [4, 3, 2, 1],
//! ]).unwrap();
//! let judge = Rules::default(); // two turns, path stays on the board
//! let path = connect(&board, Pos::new(0, 0), Pos::new(2, 3), &judge).unwrap().unwrap();
//! assert_eq!(path.turns(), 2);
//! for corner in path.corners() {
//!     println!("{corner}"); // (0, 0) (1, 0) (1, 3) (2, 3)
//! }
//! // Different kinds never match, whatever the path.
//! assert!(connect(&board, Pos::new(0, 0), Pos::new(2, 2), &judge).unwrap().is_none());
//!
//! // Shisen-Sho / Onet: the path may run around the board.
//! let row = Board::from_rows(&[[1, 2, 1]]).unwrap();
//! assert!(connect(&row, Pos::new(0, 0), Pos::new(0, 2), &judge).unwrap().is_none());
//! let onet = Rules { max_turns: 2, border: Border::Open };
//! let around = connect(&row, Pos::new(0, 0), Pos::new(0, 2), &onet).unwrap().unwrap();
//! assert_eq!(around.corners()[1].row, -1); // the ring above the board
//! ```
//!
//! The key design choice: queries with at most two turns are answered by
//! enumerating path shapes against per-row and per-column prefix counts of
//! tiles, in O(rows + cols) per query, instead of a search per query. The
//! searches that circulate for this problem are O(rows·cols) per query, and
//! many are wrong: they remember "visited" per cell and discard a later
//! arrival with fewer turns. Larger turn limits use grid-core's exact
//! minimum-turn search. On a board that stays fixed while many queries are
//! asked (the judge's case), [`Batch`] answers them together in
//! O(log q + log(rows + cols)) each after a few sweeps over the board, with
//! the same paths. Every answer is checked in the test suite against a
//! brute-force search over (cell, heading, turns used).
#![deny(missing_docs)]

mod batch;
mod board;
mod connect;
pub mod draw;
mod game;
mod generate;
pub mod judge;
mod moves;
mod path;
mod reach;
pub mod reference;
mod rules;
mod shuffle;
mod solve;

pub use batch::Batch;
pub use board::{Board, BoardError, MAX_KIND};
pub use connect::{Connector, OffBoard, connect};
pub use game::{Game, RemoveError, Step};
pub use generate::{GenerateError, Generated, generate};
pub use moves::{Move, moves};
pub use path::{Path, Point};
pub use rules::{Border, Rules};
pub use shuffle::NoMovePossible;
pub use solve::{CLEAR_CAP, MEMO_BYTES, PROGRESS_EVERY, Solution, solve, solve_with_progress};
