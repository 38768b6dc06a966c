//! Shared foundations of the grid puzzle solvers: positions and directions,
//! grid storage, the judge input reader, and the minimum-turn path search.
//!
//! This crate knows nothing about any particular puzzle. Coordinates are
//! 0-based `(row, col)` everywhere ([`Pos`]); judges' 1-based coordinates are
//! converted at the input/output edge by the solver crates.
//!
//! The one design choice worth knowing: the minimum-turn search
//! ([`TurnSearch`]) is a layered breadth-first search over (cell, heading)
//! states that returns the fewest-turn path and, among those, the shortest.
//! Solvers that allow the path to leave the board search a copy of the board
//! inside a one-cell ring ([`Grid::with_border`]) instead of special-casing
//! the edges.
//!
//! ```
//! use grid_core::{Grid, Pos, TurnSearch};
//! let board = Grid::from_vec(1, 3, vec![true, true, true]).unwrap(); // all occupied
//! let ringed = board.with_border(false);
//! let mut search = TurnSearch::new();
//! // From the left piece to the right one, around the middle one.
//! let path = search.find(&ringed, |&occupied| !occupied, Pos::new(1, 1), Pos::new(1, 3), None);
//! assert_eq!(path.unwrap().turns, 2);
//! ```
#![deny(missing_docs)]

pub mod cli;
mod grid;
mod nearest;
mod pos;
mod reader;
pub mod reference;
mod rng;
mod turns;

pub use grid::{Grid, Occupancy};
pub use nearest::Nearest;
pub use pos::{Dir, Pos};
pub use reader::{ErrorKind, Found, InputError, Line, Location, Reader};
pub use rng::SplitMix64;
pub use turns::{TurnPath, TurnSearch};
