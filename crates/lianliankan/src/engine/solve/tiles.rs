//! The numbers the searches give tiles, classes and cells, each its own
//! type: a tile of the deal ([`Tile`]), a tile's id on a board of ids
//! ([`TileId`]) and a class of matching tiles ([`Kind`]); and, from
//! `reach`, the cell of a search's field ([`Cell`]). Each is a `Copy`
//! tuple struct over the same integer, so it costs nothing over the bare
//! one.

pub(super) use crate::engine::reach::Cell;

/// A tile of the deal, by its number: tiles are numbered row by row from
/// 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub(super) struct Tile(u32);

impl Tile {
    /// No tile (a cell without one, a tile without a partner).
    pub(super) const NONE: Tile = Tile(u32::MAX);

    /// Tile number `i`.
    pub(super) fn new(i: usize) -> Tile {
        Tile(i as u32)
    }

    /// The tiles of a deal of `n` tiles, in order.
    pub(super) fn all(n: usize) -> impl Iterator<Item = Tile> {
        (0..n as u32).map(Tile)
    }

    /// The tile's number, as an index into per-tile tables.
    pub(super) fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile's id on a board of tile ids (its number plus 1: 0 is an
    /// empty cell).
    pub(super) fn id(self) -> u32 {
        self.0 + 1
    }
}

/// A class of matching tiles of the deal (equal kinds, or kinds of one
/// group), by its number: classes are numbered densely from 0 in the
/// order of `position::classes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub(super) struct Kind(u32);

impl Kind {
    /// Kind number `i`.
    pub(super) fn new(i: usize) -> Kind {
        Kind(i as u32)
    }

    /// The kinds of a deal of `n` kinds, in order.
    pub(super) fn all(n: usize) -> impl Iterator<Item = Kind> {
        (0..n as u32).map(Kind)
    }

    /// The kind's number, as an index into per-kind tables.
    pub(super) fn index(self) -> usize {
        self.0 as usize
    }

    /// The kind whose value on a field or board of classes is `value`
    /// (1..; 0, an empty cell, is no kind).
    pub(super) fn from_field(value: u32) -> Kind {
        debug_assert!(value != 0, "an empty cell has no kind");
        Kind(value - 1)
    }

    /// The kind's value on the search's field (1.., 0 being empty).
    pub(super) fn on_field(self) -> u32 {
        self.0 + 1
    }
}

/// A tile's id on a board of tile ids, as in the searches under gravity:
/// the tiles of the deal numbered 1..=t row by row (the [`Tile`] of the
/// same number, plus 1), which gravity moves with the tiles; 0 is an empty
/// cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub(super) struct TileId(u32);

impl TileId {
    /// The id read off a board of tile ids (0: an empty cell).
    pub(super) fn new(id: u32) -> TileId {
        TileId(id)
    }

    /// Whether this is no tile (an empty cell).
    pub(super) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The id, as an index into per-id tables (0 for an empty cell).
    pub(super) fn index(self) -> usize {
        self.0 as usize
    }
}
