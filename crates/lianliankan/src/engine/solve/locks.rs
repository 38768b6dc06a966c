//! Locks: small sets of tiles that keep each other from every partner,
//! learnt from dead positions and checked before every later position.

use super::memo::{Room, entry_cost};
use super::static_position::Position;
use super::tiles::{Cell, Tile};

/// The most locks a search keeps: every position is checked against each
/// (and they share the memo's room).
const MAX_LOCKS: usize = 1 << 12;

/// A lock, as two tile bitsets: the tiles that must remain and the tiles
/// that must be gone for a position to hold it.
type Lock = (Box<[u64]>, Box<[u64]>);

/// The locks learnt so far.
#[derive(Debug, Default)]
pub(super) struct Locks {
    /// Locks learnt: a position that matches one is lost.
    locks: Vec<Lock>,
    /// Buffer of [`Locks::learn`].
    hits: Vec<Cell>,
}

impl Locks {
    /// Records a lock found by the dead-position test on `position`:
    /// `stuck` are the tiles left outside R, each with the tile cells that
    /// bound its reach on the field as the test left it (every tile of R
    /// gone): tile t's are `bounds[span[t].0..span[t].1]`. The lock's
    /// bytes are taken from `room` (nothing is kept without room).
    ///
    /// A set L of them that contains the bounding tiles of each of its
    /// members is a lock by itself: on a board holding only L, each tile of
    /// L reaches the same cells, and none of them holds a remaining tile of
    /// its kind. Any position in which L's tiles all remain, and no tile of
    /// their kinds that lies in those cells (all removed here) remains, is
    /// lost: the first removal of a tile of L would need a path on a board
    /// that holds L, hence on L alone. The smallest such L found from one
    /// tile is kept, as a pattern checked before every later position.
    pub(super) fn learn(
        &mut self,
        stuck: &[Tile],
        span: &[(usize, usize)],
        bounds: &[Cell],
        position: &mut Position,
        room: &mut Room,
    ) {
        let mut best: Option<Vec<Tile>> = None;
        // Which tiles the lock being grown holds (a scan of it for each
        // bounding tile made big dead positions quadratic).
        let mut in_lock = vec![false; position.tiles()];
        // The seeds grown before. The lock grown from a seed holds the
        // whole lock of every tile it takes in, so once it takes in an
        // earlier seed, whose lock was no smaller than the best, it cannot
        // be smaller either: it is given up (without this, a dead position
        // with hundreds of stuck tiles grew hundreds of big locks, a fifth
        // of the time on KShisen's closed 30×16 deals).
        let mut tried = vec![false; position.tiles()];
        for &seed in stuck {
            let mut lock = vec![seed];
            in_lock[seed.index()] = true;
            let mut beaten = false;
            let mut i = 0;
            'grow: while i < lock.len() {
                let (from, to) = span[lock[i].index()];
                for &c in &bounds[from..to] {
                    let t = position.tile_at(c);
                    if !in_lock[t.index()] {
                        if tried[t.index()] {
                            beaten = true;
                            break 'grow;
                        }
                        in_lock[t.index()] = true;
                        lock.push(t);
                    }
                }
                i += 1;
                if best.as_ref().is_some_and(|b| lock.len() >= b.len()) {
                    beaten = true;
                    break;
                }
            }
            for &t in &lock {
                in_lock[t.index()] = false;
            }
            tried[seed.index()] = true;
            if !beaten {
                best = Some(lock);
            }
        }
        let lock = best.expect("at least one stuck tile");
        let words = position.alive.len();
        let mut alive = vec![0u64; words];
        let mut dead = vec![0u64; words];
        let hits = &mut self.hits;
        for &t in &lock {
            alive[t.index() / 64] |= 1 << (t.index() % 64);
            hits.clear();
            position
                .field
                .reach(position.cell[t.index()], position.max_turns, |cell, _| {
                    hits.push(cell)
                });
            for &c in hits.iter() {
                let w = position.tile_at(c);
                if w != Tile::NONE && position.kind[w.index()] == position.kind[t.index()] {
                    debug_assert!(!position.is_alive(w));
                    dead[w.index() / 64] |= 1 << (w.index() % 64);
                }
            }
        }
        let cost = entry_cost(2 * words * 8);
        if self.locks.len() < MAX_LOCKS && room.fits(cost) {
            room.take(cost);
            self.locks
                .push((alive.into_boxed_slice(), dead.into_boxed_slice()));
        }
    }

    /// Whether the remaining tiles `alive` hold a lock learnt before.
    pub(super) fn hold(&self, alive: &[u64]) -> bool {
        self.locks.iter().any(|(lock, dead)| {
            alive
                .iter()
                .zip(lock.iter().zip(dead.iter()))
                .all(|(&a, (&l, &d))| a & l == l && a & d == 0)
        })
    }
}
