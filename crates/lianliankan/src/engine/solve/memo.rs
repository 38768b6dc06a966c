//! The memory the search may grow into, and the bounded memo of failed
//! positions.
//!
//! Every structure of a search that grows with the states searched — the
//! memo of failed positions, the locks of the search over positions and
//! the dead sets of the search under gravity — takes its bytes from one
//! [`Room`], whose size is [`SolveConfig::memory_cap`]. Past it nothing more
//! is remembered: each of them is a pruning, never needed for exactness,
//! so the search stays exact and may only search some positions again (the
//! state budget still bounds the time). Buffers sized by the board (one
//! entry a tile or a cell, reused from state to state) are not counted.
//!
//! [`SolveConfig::memory_cap`]: super::SolveConfig::memory_cap

use rustc_hash::FxHashSet;

/// The memory cap of a search when none is given: 256 MiB.
pub(super) const DEFAULT_MEMORY_CAP: usize = 256 << 20;

/// Bytes a remembered entry costs besides its payload: the boxed slice's
/// pointer and length, the hash table's control byte and spare room, the
/// allocator's header.
pub(super) const ENTRY_OVERHEAD: usize = 48;

/// What an entry with `payload` bytes of its own costs.
pub(super) const fn entry_cost(payload: usize) -> usize {
    payload + ENTRY_OVERHEAD
}

/// The bytes the search's growing structures may still take, out of a cap.
#[derive(Clone, Copy, Debug)]
pub(super) struct Room {
    /// The most bytes in all.
    cap: usize,
    /// The bytes taken so far.
    used: usize,
}

impl Room {
    /// `cap` bytes, none used.
    pub(super) fn new(cap: usize) -> Room {
        Room { cap, used: 0 }
    }

    /// The bytes taken so far (never more than the cap).
    pub(super) fn used(&self) -> usize {
        self.used
    }

    /// Whether `bytes` more fit under the cap.
    pub(super) fn fits(&self, bytes: usize) -> bool {
        bytes <= self.cap - self.used
    }

    /// Takes `bytes`, which must fit ([`Room::fits`]).
    pub(super) fn take(&mut self, bytes: usize) {
        debug_assert!(self.fits(bytes), "{bytes} bytes past the cap");
        self.used += bytes;
    }
}

/// Positions known not to clear, each by an exact key (a slice of `T`, not
/// a hash of it), as many as a [`Room`] lets it keep.
#[derive(Debug)]
pub(super) struct Memo<T> {
    failed: FxHashSet<Box<[T]>>,
}

impl<T> Default for Memo<T> {
    fn default() -> Self {
        Memo {
            failed: FxHashSet::default(),
        }
    }
}

impl<T: Copy + Eq + std::hash::Hash> Memo<T> {
    /// Whether `key` is known not to clear.
    pub(super) fn contains(&self, key: &[T]) -> bool {
        self.failed.contains(key)
    }

    /// Remembers that `key` does not clear, if its cost fits in `room`
    /// (which it is taken from when the key is new).
    pub(super) fn remember(&mut self, key: Box<[T]>, room: &mut Room) {
        let cost = entry_cost(std::mem::size_of_val(&*key));
        if room.fits(cost) && self.failed.insert(key) {
            room.take(cost);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The memo takes room only for new keys, and never past the cap.
    #[test]
    fn the_memo_stays_under_its_cap() {
        let cost = entry_cost(2 * 8);
        let mut room = Room::new(2 * cost + cost / 2);
        let mut memo = Memo::<u64>::default();
        for key in 0..10u64 {
            memo.remember(vec![key, key].into_boxed_slice(), &mut room);
            memo.remember(vec![0, 0].into_boxed_slice(), &mut room);
            assert!(room.used() <= 2 * cost + cost / 2);
        }
        assert_eq!(room.used(), 2 * cost);
        assert!(memo.contains(&[0, 0]) && memo.contains(&[1, 1]));
        assert!(!memo.contains(&[2, 2]));
        // A room of nothing keeps nothing.
        let mut none = Room::new(0);
        memo.remember(vec![5].into_boxed_slice(), &mut none);
        assert!(!memo.contains(&[5]) && none.used() == 0);
    }
}
