//! Dead positions of the search under gravity, remembered with the tiles
//! their test left stuck, so that a position met again in another order,
//! with more of its removable tiles gone, is pruned without a test.

use grid_core::Grid;
use rustc_hash::FxHashMap;

use super::memo::{Room, entry_cost};
use super::tiles::TileId;

/// How many of the last removals on the way to a position [`DeadSets`]
/// puts back one at a time to look for a known dead position: the sibling
/// positions the search has met are mostly the recent ones, and each look
/// costs a hash of the tile set (four-of-each open 24×12 under `down`:
/// deals 38 and 51 decided in 10.4 and 13.1 s with 8, 10.9 and 12.7 s with
/// all, 15.4 and 16.5 s without the memory).
const LOOKBACK: usize = 8;

/// Dead positions under a one-pass gravity, each with the tiles the test
/// left outside R (the set X), by the tiles on the board.
///
/// *Why a position Q with X ⊆ Q ⊆ P is dead* when P (as sets of tiles) is
/// dead with X: on Q, take the tiles of Q outside X as R. Every line holds
/// the same tiles of X as on P, so the relaxed board is P's final one; a
/// tile of X has no more tiles before it on Q than on P, so its possible
/// cells on Q are among those on P, and so are its partners' (the tiles
/// of its class on Q are on P too); the tiles between two tiles of a line
/// on Q are among those on P, and none of them is in X on either. So
/// every search of a tile of X fails on Q as it did at the end of P's
/// test, this R is closed, the least closed R is inside it, and the tiles
/// of X are never removed. (A pair ruled out later only keeps more tiles
/// out.) The search meets such a Q as P with a pair of R removed, in
/// another order: it asks for Q plus each pair removed on the way to it.
#[derive(Default)]
pub(super) struct DeadSets {
    /// Per dead position (a bit per tile id on the board): its X.
    known: FxHashMap<Box<[u64]>, Box<[u64]>>,
    /// The tile set of the position being looked up (a buffer, so that a
    /// state allocates one only when it is remembered).
    pub(super) here: Vec<u64>,
}

impl DeadSets {
    /// The tile ids `of` (0, an empty cell, left out) as a set, a bit per
    /// id, for the board of tile ids `ids`.
    pub(super) fn tiles_of(ids: &Grid<u32>, of: impl Iterator<Item = TileId>) -> Box<[u64]> {
        let mut set = Vec::new();
        DeadSets::fill(&mut set, ids, of);
        set.into_boxed_slice()
    }

    /// As [`DeadSets::tiles_of`], into `set` (its contents replaced).
    pub(super) fn fill(set: &mut Vec<u64>, ids: &Grid<u32>, of: impl Iterator<Item = TileId>) {
        set.clear();
        set.resize(ids.cells().len() / 64 + 1, 0);
        for id in of.filter(|id| !id.is_empty()) {
            let (w, b) = bit(id);
            set[w] |= b;
        }
    }

    /// The X of a known dead position that is the position `here` (a set
    /// of tiles, restored before returning) plus one of the last
    /// [`LOOKBACK`] pairs of `removed`, where X holds neither tile of the
    /// pair: then `here` is dead with that X too.
    pub(super) fn known_dead(
        &self,
        here: &mut [u64],
        removed: &[[TileId; 2]],
    ) -> Option<Box<[u64]>> {
        if self.known.is_empty() {
            return None;
        }
        for pair in removed.iter().rev().take(LOOKBACK) {
            for id in pair {
                let (w, b) = bit(*id);
                here[w] |= b;
            }
            let found = self
                .known
                .get(&*here)
                .filter(|stuck| {
                    pair.iter().all(|&id| {
                        let (w, b) = bit(id);
                        stuck[w] & b == 0
                    })
                })
                .cloned();
            for id in pair {
                let (w, b) = bit(*id);
                here[w] &= !b;
            }
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Whether no dead position is known.
    pub(super) fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// Remembers the position last filled into [`DeadSets::here`] as dead
    /// with the tiles `stuck` outside R, if its cost fits in `room`.
    pub(super) fn remember(&mut self, stuck: Box<[u64]>, room: &mut Room) {
        let cost = entry_cost(2 * self.here.len() * 8);
        if room.fits(cost) {
            room.take(cost);
            self.known.insert(self.here.as_slice().into(), stuck);
        }
    }
}

/// Where tile `id` is in a set of tiles, a bit per id: its word and the
/// word's bit.
fn bit(id: TileId) -> (usize, u64) {
    (id.index() / 64, 1 << (id.index() % 64))
}
