//! The query core: a [`Board`] and whether two of its tiles can be joined.
//!
//! - `board` — kinds inside a permanent ring, with prefix counts of tiles;
//! - `shapes` — the paths of at most two turns between two tiles, by their
//!   shapes, O(rows + cols) a pair;
//! - `connect` — one query at a time on a board that may change
//!   ([`Connector`], O(rows + cols) a query for up to two turns);
//! - `batch` — many queries on a fixed board answered together ([`Batch`]),
//!   the judge's path, with `Connector`'s paths corner for corner.
//!
//! Which pairs join, and by which path, is the connection rule's
//! (`connection/`): `Connector` and `Batch` ask it, and answer the standard
//! path with the shapes, the sweeps and grid-core's turn search.

mod batch;
pub(crate) mod board;
mod connect;
mod shapes;

pub use batch::Batch;
pub(crate) use batch::chunk_for;
pub(crate) use board::check_size;
pub use board::{Board, BoardError, MAX_CELLS, MAX_COLS, MAX_KIND, MAX_ROWS};
pub use connect::{Connector, OffBoard, connect};
pub(crate) use shapes::{Shapes, free_for, joins};
