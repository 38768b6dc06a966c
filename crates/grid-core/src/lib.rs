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
//! inside a one-cell ring ([`Padded`]) instead of special-casing the edges;
//! its [`Frame`] converts between the padded grid and the signed *board
//! frame* in which every crate gives a path's corners ([`Point`], [`Path`]).
//!
//! ```
//! use grid_core::{Grid, Padded, Point, Pos, TurnSearch};
//! let board = Grid::from_vec(1, 3, vec![true, true, true]).unwrap(); // all occupied
//! let ringed = Padded::new(board).surround(false);
//! let frame = ringed.frame();
//! let mut search = TurnSearch::new();
//! // From the left piece to the right one, around the middle one.
//! let (a, b) = (frame.to_outer(Pos::new(0, 0)), frame.to_outer(Pos::new(0, 2)));
//! let path = search.find(ringed.grid(), |&occupied| !occupied, a, b, None).unwrap();
//! assert_eq!(path.turns, 2);
//! assert_eq!(frame.to_point(path.corners[1]), Point::new(-1, 0)); // the ring above
//! ```
//!
//! The `serde` feature (off by default) gives [`Pos`], [`Point`] and
//! [`Path`] `Serialize` and `Deserialize`: a position or point is `[row,
//! col]`, a path its corners.
#![deny(missing_docs)]

mod error;
mod grid;
mod nearest;
mod pad;
mod path;
mod pos;
mod reader;
pub mod reference;
mod rng;
mod stats;
mod turns;

pub use error::JudgeError;
pub use grid::{Grid, Occupancy};
pub use nearest::{Members, Nearest};
pub use pad::{Frame, Padded};
pub use path::{Path, Point};
pub use pos::{Dir, Pos};
pub use reader::{ErrorKind, Found, InputError, Line, Location, Mark, Reader};
pub use rng::SplitMix64;
pub use stats::wilson;
pub use turns::{TurnPath, TurnSearch};

// The README's example runs as a doctest, so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
