//! The distances one side of the search has found: a direct table over
//! ranked configurations for up to four pieces, a hash map beyond.
//!
//! Four pieces have C(64, 4) = 635,376 configurations, so a table of that
//! many bytes (620 KiB: both sides' tables fit a core's L2 cache together)
//! indexed by the configuration's rank in the
//! combinatorial number system replaces hashing by four table lookups and an
//! array access. Only the entries written are reset between searches, so a
//! search costs what it visits, not the table's size. Five pieces and more
//! (7.6 million configurations and up) use an `FxHashMap`.

use rustc_hash::FxHashMap;

use crate::board::Bits;

/// Largest number of pieces stored in a table.
const TABLE_PIECES: u32 = 4;

/// Entries of the table: C(64, 4), the most boards of up to four pieces
/// with one number of pieces.
const TABLE_LEN: usize = 635_376;

/// `BINOMIAL[n][k]` = C(n, k) for n < 64, k <= 4.
const BINOMIAL: [[u32; 5]; 64] = binomials();

const fn binomials() -> [[u32; 5]; 64] {
    let mut table = [[0u32; 5]; 64];
    let mut n = 0;
    while n < 64 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= 4 {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
}

/// The rank of a board of at most four pieces among the boards with as many
/// pieces: with squares `s1 < s2 < ...`, the sum of C(s_i, i). (Only for
/// boards of at most four pieces: see [`Distances::ranked`].)
#[inline]
pub(crate) fn rank(board: u64) -> usize {
    let mut rank = 0;
    for (i, square) in Bits(board).enumerate() {
        rank += BINOMIAL[usize::from(square)][i + 1];
    }
    rank as usize
}

/// Configurations reached, with their distance from one end.
#[derive(Debug)]
pub(crate) enum Distances {
    /// Up to four pieces: `distance + 1` by rank (0 = not reached), and the
    /// ranks written, to reset.
    Table { by_rank: Vec<u8>, written: Vec<u32> },
    /// More pieces.
    Map(FxHashMap<u64, u32>),
}

impl Default for Distances {
    fn default() -> Self {
        Distances::Map(FxHashMap::default())
    }
}

impl Distances {
    /// Forgets everything and prepares for boards of `pieces` pieces.
    pub(crate) fn reset(&mut self, pieces: u32) {
        match self {
            Distances::Table { by_rank, written } if pieces <= TABLE_PIECES => {
                for &r in written.iter() {
                    by_rank[r as usize] = 0;
                }
                written.clear();
            }
            Distances::Map(map) if pieces > TABLE_PIECES => map.clear(),
            _ if pieces <= TABLE_PIECES => {
                *self = Distances::Table {
                    by_rank: vec![0; TABLE_LEN],
                    written: Vec::new(),
                };
            }
            _ => *self = Distances::Map(FxHashMap::default()),
        }
    }

    /// Whether boards are found by their [`rank`]: then the `rank` given
    /// to [`Distances::get_at`] and [`Distances::insert_new_at`] must be
    /// the board's; otherwise it is ignored.
    #[inline]
    pub(crate) fn ranked(&self) -> bool {
        matches!(self, Distances::Table { .. })
    }

    /// The distance of `board`, if reached.
    #[inline]
    pub(crate) fn get(&self, board: u64) -> Option<u32> {
        let rank = if self.ranked() { rank(board) } else { 0 };
        self.get_at(board, rank)
    }

    /// The distance of `board`, whose rank is `rank` when [`Distances::ranked`].
    #[inline]
    pub(crate) fn get_at(&self, board: u64, rank: usize) -> Option<u32> {
        match self {
            Distances::Table { by_rank, .. } => match by_rank.get(rank) {
                Some(&d) if d > 0 => Some(u32::from(d) - 1),
                _ => None,
            },
            Distances::Map(map) => map.get(&board).copied(),
        }
    }

    /// Records `board` at `distance` unless already reached; tells whether
    /// it was new.
    #[inline]
    pub(crate) fn insert_new(&mut self, board: u64, distance: u32) -> bool {
        let rank = if self.ranked() { rank(board) } else { 0 };
        self.insert_new_at(board, rank, distance)
    }

    /// Records each of `boards` not yet reached at `distance`, and appends
    /// those to `new`, in order; `ranks` are the boards' ranks when
    /// [`Distances::ranked`] (a board listed twice is new only the first
    /// time).
    ///
    /// On a table, without a branch on whether a board is new (about
    /// half are, unpredictably): each is written to `written` and `new`
    /// and kept by advancing a count.
    pub(crate) fn insert_all(
        &mut self,
        boards: &[u64],
        ranks: &[usize],
        distance: u32,
        new: &mut Vec<u64>,
    ) {
        let Distances::Table { by_rank, written } = self else {
            for (&board, &rank) in boards.iter().zip(ranks) {
                if self.insert_new_at(board, rank, distance) {
                    new.push(board);
                }
            }
            return;
        };
        let stored = u8::try_from(distance + 1).unwrap_or(u8::MAX);
        let (mut w, mut n) = (written.len(), new.len());
        written.resize(w + boards.len(), 0);
        new.resize(n + boards.len(), 0);
        for (&board, &rank) in boards.iter().zip(ranks) {
            let Some(slot) = by_rank.get_mut(rank) else {
                continue;
            };
            let fresh = *slot == 0;
            // 0 | stored when fresh, unchanged otherwise.
            *slot |= stored * u8::from(fresh);
            written[w] = rank as u32;
            new[n] = board;
            w += usize::from(fresh);
            n += usize::from(fresh);
        }
        written.truncate(w);
        new.truncate(n);
    }

    /// As [`Distances::insert_new`], `board`'s rank being `rank` when
    /// [`Distances::ranked`].
    #[inline]
    pub(crate) fn insert_new_at(&mut self, board: u64, rank: usize, distance: u32) -> bool {
        match self {
            Distances::Table { by_rank, written } => match by_rank.get_mut(rank) {
                Some(slot) if *slot == 0 => {
                    // Saturates instead of wrapping; unreachable in
                    // practice: a piece crosses the board in 14 moves, so
                    // distances between boards of four pieces stay near 60
                    // at the very most.
                    *slot = u8::try_from(distance + 1).unwrap_or(u8::MAX);
                    written.push(rank as u32);
                    true
                }
                _ => false,
            },
            Distances::Map(map) => match map.entry(board) {
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(distance);
                    true
                }
                std::collections::hash_map::Entry::Occupied(_) => false,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board of k <= 4 pieces, as bitboards.
    fn boards(k: u32) -> Vec<u64> {
        let mut all = vec![0u64];
        for _ in 0..k {
            let mut next = Vec::new();
            for &b in &all {
                // Add a square above the highest one, so each set comes once.
                let from = if b == 0 { 0 } else { 64 - b.leading_zeros() };
                next.extend((from..64).map(|s| b | 1 << s));
            }
            all = next;
        }
        all
    }

    #[test]
    fn rank_is_a_bijection_onto_the_table() {
        for k in 0..=TABLE_PIECES {
            let all = boards(k);
            let mut seen = vec![false; all.len()];
            for &b in &all {
                let r = rank(b);
                assert!(r < all.len(), "rank {r} of {b:x} for {k} pieces");
                assert!(!seen[r], "rank {r} twice");
                seen[r] = true;
            }
        }
        assert_eq!(boards(4).len(), TABLE_LEN);
    }

    #[test]
    fn insert_all_keeps_the_new_boards_in_order() {
        for pieces in [2, 4, 5] {
            let mut d = Distances::default();
            d.reset(pieces);
            let boards: Vec<u64> = (0..8).map(|i| ((1u64 << pieces) - 1) << (3 * i)).collect();
            let ranked = d.ranked();
            let rank_of = |b: u64| if ranked { rank(b) } else { 0 };
            assert!(d.insert_new(boards[1], 2));
            assert!(d.insert_new(boards[4], 1));
            let mut new = vec![7];
            let batch = [
                boards[0], boards[1], boards[2], boards[2], boards[4], boards[5],
            ];
            let ranks = batch.map(rank_of);
            d.insert_all(&batch, &ranks, 3, &mut new);
            assert_eq!(new, [7, boards[0], boards[2], boards[5]]);
            let expected = [
                Some(3),
                Some(2),
                Some(3),
                None,
                Some(1),
                Some(3),
                None,
                None,
            ];
            for (&b, e) in boards.iter().zip(expected) {
                assert_eq!(d.get(b), e, "{pieces} pieces, {b:x}");
            }
            // The reset forgets them all.
            d.reset(pieces);
            assert!(boards.iter().all(|&b| d.get(b).is_none()));
        }
    }

    #[test]
    fn reset_forgets_and_switches_storage() {
        let mut d = Distances::default();
        for pieces in [4, 2, 6, 4, 5, 1] {
            d.reset(pieces);
            let board = (1u64 << pieces) - 1;
            assert_eq!(d.get(board), None);
            assert!(d.insert_new(board, 3));
            assert!(!d.insert_new(board, 1));
            assert_eq!(d.get(board), Some(3));
            assert_eq!(d.get(board << 1), None);
            assert_eq!(matches!(d, Distances::Table { .. }), pieces <= TABLE_PIECES);
        }
        d.reset(1);
        assert_eq!(d.get(1), None);
    }
}
