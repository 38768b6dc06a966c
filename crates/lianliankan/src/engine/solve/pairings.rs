//! Partners: which tiles may still be removed together (the partner
//! search's bindings and the pairs narrowing rules out), and the pairings
//! narrowing tries.

use super::static_position::Position;
use super::tiles::Tile;

/// The ways narrowing binds tiles of one class together, in order: with
/// four tiles, each of the three pairings (two pairs: the first tile with
/// each other one, the remaining two together); with more, each pair
/// alone.
pub(super) fn pairings<T: Copy>(tiles: &[T]) -> Vec<Vec<(T, T)>> {
    if let &[first, a, b, c] = tiles {
        return vec![
            vec![(first, a), (b, c)],
            vec![(first, b), (a, c)],
            vec![(first, c), (a, b)],
        ];
    }
    let mut out = Vec::new();
    for (i, &x) in tiles.iter().enumerate() {
        for &y in &tiles[i + 1..] {
            out.push(vec![(x, y)]);
        }
    }
    out
}

/// Whether bit `i` of `mask` is set (none is past bit 63).
fn is_bit(mask: u64, i: u32) -> bool {
    mask.checked_shr(i).unwrap_or(0) & 1 == 1
}

/// The partner search's choices: per tile, the partner it is bound to, and
/// the partners ruled out below the current node. Sized by
/// [`Mates::engage`] when the partner search first runs: until then (a
/// search that ends within its first run, the only one a small budget
/// allows on a big board) every tile is free and nothing is ruled out, at
/// no memory.
#[derive(Clone, Debug, Default)]
pub(super) struct Mates {
    /// Per tile: the partner it is bound to (`Tile::NONE`: free); empty
    /// until engaged.
    pub(super) mate: Vec<Tile>,
    /// Per tile: its index among the tiles of its kind, and which of them
    /// (bits by that index; kinds of up to 64 tiles) narrowing has ruled
    /// out as its partner.
    rank: Vec<u32>,
    pub(super) forbid: Vec<u64>,
}

impl Mates {
    /// Sizes the choices for `position`'s tiles, every tile free, nothing
    /// ruled out (nothing when already sized).
    pub(super) fn engage(&mut self, position: &Position) {
        let n = position.tiles();
        if self.mate.len() == n {
            return;
        }
        self.rank = vec![0; n];
        for tiles in &position.of_kind {
            for (i, &t) in tiles.iter().enumerate() {
                self.rank[t.index()] = i as u32;
            }
        }
        self.mate = vec![Tile::NONE; n];
        self.forbid = vec![0; n];
    }

    /// Whether tile `t` is bound to no partner.
    pub(super) fn is_free(&self, t: Tile) -> bool {
        self.mate.get(t.index()).is_none_or(|&m| m == Tile::NONE)
    }

    /// Binds `x` and `y` to each other.
    pub(super) fn bind(&mut self, x: Tile, y: Tile) {
        self.mate[x.index()] = y;
        self.mate[y.index()] = x;
    }

    /// Whether narrowing has ruled out `x` and `y` as partners.
    pub(super) fn is_ruled_out(&self, x: Tile, y: Tile) -> bool {
        self.forbid
            .get(x.index())
            .is_some_and(|&f| is_bit(f, self.rank[y.index()]))
    }

    /// Whether the partner search lets `z` be removed with `t` (of its
    /// kind): `z` is bound to `t`, or both are free and the pair is not
    /// ruled out.
    pub(super) fn may_pair(&self, z: Tile, t: Tile) -> bool {
        if self.mate.is_empty() {
            return true; // not engaged: every tile free
        }
        let (mz, mt) = (self.mate[z.index()], self.mate[t.index()]);
        mz == t || mz == Tile::NONE && mt == Tile::NONE && !self.is_ruled_out(z, t)
    }

    /// Rules out `x` and `y` as partners (kept only in kinds of up to 64
    /// tiles: ruling out is a pruning, never needed for exactness).
    pub(super) fn rule_out(&mut self, x: Tile, y: Tile) {
        for (a, b) in [(x, y), (y, x)] {
            if let Some(bit) = 1u64.checked_shl(self.rank[b.index()]) {
                self.forbid[a.index()] |= bit;
            }
        }
    }
}
