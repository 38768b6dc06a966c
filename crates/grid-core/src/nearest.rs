//! A set of indices that answers "the nearest member before (after) i" in
//! O(log₆₄ n): for a row-major board, the nearest occupied cell left or
//! right of a cell, whatever lies between.

/// A set of indices `0..len` as 64-bit words, with a summary level above
/// them (bit j set when word j is not empty), and so on up to a single word:
/// a 64-ary tree of bits. A search climbs while the current word has no
/// member on the wanted side and comes down through the first word that
/// has one, so it costs at most two steps per level (3 levels hold 2¹⁸
/// indices, 4 hold 2²⁴).
///
/// ```
/// use grid_core::Nearest;
/// let mut set = Nearest::default();
/// set.reset(1000);
/// set.insert(3);
/// set.insert(900);
/// assert_eq!(set.before(900), Some(3));
/// assert_eq!(set.after(3), Some(900));
/// assert_eq!(set.after(900), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Nearest {
    len: usize,
    /// `levels[0]` holds the members; `levels[k + 1]` bit j is set when
    /// word j of `levels[k]` is not zero. The last level is one word.
    levels: Vec<Vec<u64>>,
}

impl Nearest {
    /// Makes `self` the empty set of `0..len`, reusing its memory.
    ///
    /// # Complexity
    /// O(len / 64).
    pub fn reset(&mut self, len: usize) {
        self.len = len;
        let mut words = len.div_ceil(64).max(1);
        let mut depth = 0;
        loop {
            if self.levels.len() == depth {
                self.levels.push(Vec::new());
            }
            let level = &mut self.levels[depth];
            level.clear();
            level.resize(words, 0);
            depth += 1;
            if words == 1 {
                break;
            }
            words = words.div_ceil(64);
        }
        self.levels.truncate(depth);
    }

    /// The members as bits: bit `i % 64` of word `i / 64` is set when `i`
    /// is a member.
    #[must_use]
    pub fn words(&self) -> &[u64] {
        &self.levels[0]
    }

    /// The size of the index range, as given to [`Nearest::reset`].
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the index range is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds `i` to the set.
    ///
    /// # Panics
    /// If `i >= self.len()`.
    ///
    /// # Complexity
    /// O(1) amortised, O(levels) at worst.
    pub fn insert(&mut self, i: usize) {
        assert!(i < self.len, "index {i} is outside 0..{}", self.len);
        let mut i = i;
        for level in &mut self.levels {
            let word = &mut level[i / 64];
            let was_empty = *word == 0;
            *word |= 1 << (i % 64);
            if !was_empty {
                return;
            }
            i /= 64;
        }
    }

    /// Whether `i` is in the set (`false` for `i` out of range).
    #[must_use]
    pub fn contains(&self, i: usize) -> bool {
        i < self.len && self.levels[0][i / 64] >> (i % 64) & 1 == 1
    }

    /// The largest member below `i`.
    ///
    /// # Complexity
    /// O(levels).
    #[must_use]
    pub fn before(&self, i: usize) -> Option<usize> {
        // Climb: the largest member at most `at` in `at`'s own word, else
        // the words before it, one level up.
        let mut at = i.min(self.len).checked_sub(1)?;
        // Most searches end in this word or the one before it.
        let words = &self.levels[0];
        let bits = words[at / 64] & (u64::MAX >> (63 - at % 64));
        if bits != 0 {
            return Some(at / 64 * 64 + 63 - bits.leading_zeros() as usize);
        }
        if at / 64 > 0 && words[at / 64 - 1] != 0 {
            return Some(at / 64 * 64 - 1 - words[at / 64 - 1].leading_zeros() as usize);
        }
        let mut depth = 0;
        let found = loop {
            let level = self.levels.get(depth)?;
            let word = at / 64;
            let bits = level[word] & (u64::MAX >> (63 - at % 64));
            if bits != 0 {
                break word * 64 + 63 - bits.leading_zeros() as usize;
            }
            at = word.checked_sub(1)?;
            depth += 1;
        };
        // Come down through the last non-empty word each time.
        let mut at = found;
        for level in self.levels[..depth].iter().rev() {
            at = at * 64 + 63 - level[at].leading_zeros() as usize;
        }
        Some(at)
    }

    /// The smallest member above `i`.
    ///
    /// # Complexity
    /// O(levels).
    #[must_use]
    pub fn after(&self, i: usize) -> Option<usize> {
        let mut at = i.checked_add(1).filter(|&j| j < self.len)?;
        let words = &self.levels[0];
        let bits = words[at / 64] & (u64::MAX << (at % 64));
        if bits != 0 {
            return Some(at / 64 * 64 + bits.trailing_zeros() as usize);
        }
        if let Some(&next) = words.get(at / 64 + 1).filter(|&&w| w != 0) {
            return Some(at / 64 * 64 + 64 + next.trailing_zeros() as usize);
        }
        let mut depth = 0;
        let found = loop {
            let level = self.levels.get(depth)?;
            let word = at / 64;
            let bits = level[word] & (u64::MAX << (at % 64));
            if bits != 0 {
                break word * 64 + bits.trailing_zeros() as usize;
            }
            at = word + 1;
            if at >= level.len() {
                return None;
            }
            depth += 1;
        };
        let mut at = found;
        for level in self.levels[..depth].iter().rev() {
            at = at * 64 + level[at].trailing_zeros() as usize;
        }
        Some(at)
    }

    /// The members in `lo..hi`, ascending.
    ///
    /// # Complexity
    /// O((hi - lo) / 64 + members listed).
    pub fn members_in(&self, lo: usize, hi: usize) -> Members<'_> {
        let hi = hi.min(self.len);
        if lo >= hi {
            return Members {
                words: &[],
                word: 0,
                bits: 0,
                last: 0,
                last_mask: 0,
            };
        }
        let last = (hi - 1) / 64;
        let last_mask = u64::MAX >> (63 - (hi - 1) % 64);
        let word = lo / 64;
        let mut bits = self.levels[0][word] & (u64::MAX << (lo % 64));
        if word == last {
            bits &= last_mask;
        }
        Members {
            words: &self.levels[0],
            word,
            bits,
            last,
            last_mask,
        }
    }
}

/// The members of a [`Nearest`] in a range, ascending: see
/// [`Nearest::members_in`].
#[derive(Clone, Debug)]
pub struct Members<'a> {
    words: &'a [u64],
    /// The word being listed, and its members not listed yet.
    word: usize,
    bits: u64,
    /// The range's last word, and the mask of its bits in the range.
    last: usize,
    last_mask: u64,
}

impl Iterator for Members<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            if self.word >= self.last {
                return None;
            }
            self.word += 1;
            self.bits = self.words[self.word];
            if self.word == self.last {
                self.bits &= self.last_mask;
            }
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.word * 64 + bit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;

    /// Against a plain sorted list, on sets of every density and sizes that
    /// need one to four levels.
    #[test]
    fn agrees_with_a_plain_scan() {
        let mut rng = SplitMix64::new(64);
        let mut set = Nearest::default();
        for round in 0..300 {
            let len = match round % 4 {
                0 => rng.range(0, 70),
                1 => rng.range(60, 5000),
                2 => rng.range(4000, 300_000),
                _ => rng.range(262_000, 270_000),
            };
            set.reset(len);
            let mut members = Vec::new();
            let count = match rng.below(3) {
                0 => rng.below(4),
                1 => rng.below(100),
                _ => len / rng.range(1, 20),
            };
            for _ in 0..count.min(len) {
                let i = rng.below(len);
                set.insert(i);
                members.push(i);
            }
            members.sort_unstable();
            members.dedup();
            for _ in 0..200 {
                let i = rng.below(len + 2);
                let before = members.iter().rev().find(|&&m| m < i).copied();
                let after = members.iter().find(|&&m| m > i).copied();
                assert_eq!(set.before(i), before, "before {i} of {len}");
                assert_eq!(set.after(i), after, "after {i} of {len}");
                assert_eq!(set.contains(i), members.binary_search(&i).is_ok());
                let bit = set.words().get(i / 64).map(|w| w >> (i % 64) & 1);
                assert_eq!(bit == Some(1), set.contains(i));
                let lo = rng.below(len + 1);
                let hi = rng.range(lo, len + 1);
                let listed: Vec<usize> = set.members_in(lo, hi).collect();
                let expected: Vec<usize> = members
                    .iter()
                    .copied()
                    .filter(|m| (lo..hi).contains(m))
                    .collect();
                assert_eq!(listed, expected, "members in {lo}..{hi} of {len}");
            }
        }
    }
}
