//! Rows of cells as bit words, the storage of the level sweep and of the
//! regions: one bit a cell, bit `c` of a row = column `c`.
//!
//! A [`Layout`] says how a row is stored. [`Narrow`]: one `u128` a row, for
//! grids of at most 128 columns (every board of at most 126 squares a side
//! inside its ring, the judge's included): a row operation is a handful of
//! word instructions. [`Wide`]: any number of `u64` words a row, the lowest
//! columns in the first word, for any width. The sweep and the regions are
//! generic over the layout, so both run the same code, and the narrow one
//! compiles to straight-line word operations (its word count is the
//! constant 1).
//!
//! The one operation that crosses words is the run fill ([`Layout::fill_runs`]):
//! every run of enterable cells that holds a seed. Upwards (towards higher
//! columns) it is an addition, `((e + s) ^ e ^ s | s) & e`: `e + s` carries
//! from the lowest seed of a run up to the run's end, and `(e + s) ^ e ^ s`
//! is exactly the set of positions a carry entered. Over several words the
//! addition carries from word to word, and the identity holds word by word,
//! since each word's sum is computed with the carry into its lowest bit.
//! Downwards is the same on the bit-reversed row (words in reverse order,
//! each bit-reversed), whose reversed enterable mask is kept.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitOrAssign, BitXor, Not};

/// A machine word of bits.
pub(crate) trait Word:
    Copy
    + Debug
    + Default
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// Bits in the word.
    const BITS: usize;
    /// No bit set.
    const ZERO: Self;

    /// Only bit `i` set (`i < BITS`).
    fn bit(i: usize) -> Self;
    /// `self + rhs + carry` and the carry out of the top bit.
    fn add_carry(self, rhs: Self, carry: bool) -> (Self, bool);
    /// The word with its bits in reverse order.
    fn reversed(self) -> Self;
    /// The index of the lowest set bit (`BITS` when none is set).
    fn lowest(self) -> usize;
    /// The word without its lowest set bit.
    fn without_lowest(self) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BITS: usize = <$t>::BITS as usize;
            const ZERO: Self = 0;

            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }

            #[inline(always)]
            fn add_carry(self, rhs: Self, carry: bool) -> (Self, bool) {
                let (sum, c1) = self.overflowing_add(rhs);
                let (sum, c2) = sum.overflowing_add(<$t>::from(carry));
                (sum, c1 | c2)
            }

            #[inline(always)]
            fn reversed(self) -> Self {
                self.reverse_bits()
            }

            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }

            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

word!(u64);
word!(u128);

/// How the rows of a grid are stored: the word type and the number of
/// words a row.
pub(crate) trait Layout: Copy + Debug {
    /// The word type.
    type Word: Word;

    /// Whether a recorded search keeps one bit plane a level (cheap for
    /// narrow rows, whose paths have few segments) rather than the level of
    /// each cell (memory that does not grow with the number of levels).
    const KEEP_PLANES: bool;

    /// Words a row.
    fn words(self) -> usize;

    /// The layout of the same kind with `words` words a row (a narrow
    /// layout has one word a row, whatever is asked).
    fn with_words(self, words: usize) -> Self;

    /// Adds to `out` every run of `enter` that holds a cell of `seeds` (one
    /// row each; `seeds` must lie in `enter`), given the reversed row of
    /// `enter` ([`Layout::reverse`]); `scratch` holds two rows.
    fn fill_runs(
        self,
        seeds: &[Self::Word],
        enter: &[Self::Word],
        reversed: &[Self::Word],
        scratch: &mut [Self::Word],
        out: &mut [Self::Word],
    );

    /// One level of the sweep ([`crate::sweep`]): `next` becomes `prev`
    /// with every column run and every row run of `enter` that holds a cell
    /// of `prev` (rows of this layout; `reversed` the reversed rows of
    /// `enter`, `row_filled` the union of the row runs filled so far, which
    /// it updates, `scratch` two rows). Returns whether `next` differs from
    /// `prev`.
    fn level(
        self,
        enter: &[Self::Word],
        reversed: &[Self::Word],
        prev: &[Self::Word],
        next: &mut [Self::Word],
        row_filled: &mut [Self::Word],
        scratch: &mut [Self::Word],
    ) -> bool {
        let zero = Self::Word::ZERO;
        let s = self.words();
        let rows = enter.len() / s;
        // Column runs: down, then up, one word column at a time.
        for j in 0..s {
            let mut acc = zero;
            for r in 0..rows {
                let i = r * s + j;
                acc = (acc & enter[i]) | prev[i];
                next[i] = acc;
            }
            acc = zero;
            for r in (0..rows).rev() {
                let i = r * s + j;
                acc = (acc & enter[i]) | prev[i];
                next[i] |= acc;
            }
        }
        // Row runs, only where a seed lies outside the runs already filled.
        let mut changed = false;
        for r in 0..rows {
            let at = r * s..(r + 1) * s;
            let seeds = &prev[at.clone()];
            let filled = &mut row_filled[at.clone()];
            if seeds
                .iter()
                .zip(filled.iter())
                .any(|(&p, &f)| p & !f != zero)
            {
                self.fill_runs(
                    seeds,
                    &enter[at.clone()],
                    &reversed[at.clone()],
                    scratch,
                    filled,
                );
            }
            for i in at {
                next[i] |= row_filled[i] | prev[i];
                changed |= next[i] != prev[i];
            }
        }
        changed
    }

    /// Writes the bit reversal of `row` (the whole row: its words in
    /// reverse order, each reversed) to `out`.
    #[inline]
    fn reverse(self, row: &[Self::Word], out: &mut [Self::Word]) {
        for (o, w) in out.iter_mut().zip(row.iter().rev()) {
            *o = w.reversed();
        }
    }

    /// Columns a row holds.
    #[inline]
    fn cols(self) -> usize {
        self.words() * Self::Word::BITS
    }

    /// Whether column `col` of `row` is set (`false` beyond the row).
    #[inline]
    fn get(self, row: &[Self::Word], col: usize) -> bool {
        row.get(col / Self::Word::BITS)
            .is_some_and(|&w| w & Self::Word::bit(col % Self::Word::BITS) != Self::Word::ZERO)
    }

    /// Sets column `col` of `row`.
    #[inline]
    fn set(self, row: &mut [Self::Word], col: usize) {
        row[col / Self::Word::BITS] |= Self::Word::bit(col % Self::Word::BITS);
    }
}

/// One `u128` a row: at most 128 columns.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Narrow;

impl Layout for Narrow {
    type Word = u128;
    const KEEP_PLANES: bool = true;

    #[inline(always)]
    fn words(self) -> usize {
        1
    }

    #[inline(always)]
    fn with_words(self, words: usize) -> Self {
        debug_assert_eq!(words, 1);
        Narrow
    }

    #[inline(always)]
    fn fill_runs(
        self,
        seeds: &[u128],
        enter: &[u128],
        reversed: &[u128],
        _scratch: &mut [u128],
        out: &mut [u128],
    ) {
        let (s, e, r) = (seeds[0], enter[0], reversed[0]);
        out[0] |= fill_runs(s, e, r);
    }

    /// [`Layout::level`] on whole rows, as plain word operations.
    #[inline]
    fn level(
        self,
        enter: &[u128],
        reversed: &[u128],
        prev: &[u128],
        next: &mut [u128],
        row_filled: &mut [u128],
        _scratch: &mut [u128],
    ) -> bool {
        let rows = enter.len();
        let (prev, next, row_filled) = (&prev[..rows], &mut next[..rows], &mut row_filled[..rows]);
        let reversed = &reversed[..rows];
        let mut acc = 0;
        for r in 0..rows {
            acc = (acc & enter[r]) | prev[r];
            next[r] = acc;
        }
        acc = 0;
        for r in (0..rows).rev() {
            acc = (acc & enter[r]) | prev[r];
            next[r] |= acc;
        }
        let mut changed = false;
        for r in 0..rows {
            let seeds = prev[r];
            if seeds & !row_filled[r] != 0 {
                row_filled[r] |= fill_runs(seeds, enter[r], reversed[r]);
            }
            next[r] |= row_filled[r] | seeds;
            changed |= next[r] != seeds;
        }
        changed
    }
}

/// Every run of `enter` that holds a bit of `seeds`, given `enter` and its
/// bit reversal, in one word.
#[inline(always)]
fn fill_runs(seeds: u128, enter: u128, enter_reversed: u128) -> u128 {
    fill_up(seeds, enter) | fill_up(seeds.reverse_bits(), enter_reversed).reverse_bits()
}

/// Every cell of a run of `enter` from the lowest cell of `seeds` in that run
/// to the run's upper end, in one word.
#[inline(always)]
fn fill_up(seeds: u128, enter: u128) -> u128 {
    ((enter.wrapping_add(seeds) ^ enter ^ seeds) | seeds) & enter
}

/// `words` `u64` words a row: any number of columns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wide {
    pub(crate) words: usize,
}

impl Wide {
    /// The layout for rows of `cols` columns.
    pub(crate) fn for_cols(cols: usize) -> Wide {
        Wide {
            words: cols.div_ceil(64).max(1),
        }
    }
}

impl Layout for Wide {
    type Word = u64;
    const KEEP_PLANES: bool = false;

    #[inline]
    fn words(self) -> usize {
        self.words
    }

    #[inline]
    fn with_words(self, words: usize) -> Self {
        Wide { words }
    }

    fn fill_runs(
        self,
        seeds: &[u64],
        enter: &[u64],
        reversed: &[u64],
        scratch: &mut [u64],
        out: &mut [u64],
    ) {
        let n = self.words;
        let (seeds_reversed, down) = scratch.split_at_mut(n);
        // Upwards, straight into `out`.
        let mut carry = false;
        for j in 0..n {
            let (s, e) = (seeds[j], enter[j]);
            let (sum, c) = e.add_carry(s, carry);
            carry = c;
            out[j] |= ((sum ^ e ^ s) | s) & e;
        }
        // Downwards: upwards on the reversed row, reversed back.
        self.reverse(seeds, seeds_reversed);
        let mut carry = false;
        for j in 0..n {
            let (s, e) = (seeds_reversed[j], reversed[j]);
            let (sum, c) = e.add_carry(s, carry);
            carry = c;
            down[j] = ((sum ^ e ^ s) | s) & e;
        }
        for (o, d) in out.iter_mut().zip(down.iter().rev()) {
            *o |= d.reverse_bits();
        }
    }
}

#[cfg(test)]
mod tests {
    use grid_core::SplitMix64;

    use super::*;

    /// The runs of `enter` holding a seed, cell by cell.
    fn runs_by_hand(seeds: &[bool], enter: &[bool]) -> Vec<bool> {
        let mut out = vec![false; enter.len()];
        let mut start = 0;
        while start < enter.len() {
            if !enter[start] {
                start += 1;
                continue;
            }
            let mut end = start;
            while end < enter.len() && enter[end] {
                end += 1;
            }
            if seeds[start..end].iter().any(|&s| s) {
                out[start..end].fill(true);
            }
            start = end;
        }
        out
    }

    fn to_row<L: Layout>(layout: L, cells: &[bool]) -> Vec<L::Word> {
        let mut row = vec![L::Word::ZERO; layout.words()];
        for (c, _) in cells.iter().enumerate().filter(|(_, x)| **x) {
            layout.set(&mut row, c);
        }
        row
    }

    fn check<L: Layout>(layout: L, rng: &mut SplitMix64, cols: usize) {
        let density = rng.range(10, 95) as u32;
        let enter: Vec<bool> = (0..cols).map(|_| rng.percent(density)).collect();
        let seed_density = rng.range(1, 30) as u32;
        let seeds: Vec<bool> = (enter.iter())
            .map(|&e| e && rng.percent(seed_density))
            .collect();
        let e = to_row(layout, &enter);
        let mut r = vec![L::Word::ZERO; layout.words()];
        layout.reverse(&e, &mut r);
        let s = to_row(layout, &seeds);
        let mut scratch = vec![L::Word::ZERO; 2 * layout.words()];
        let mut out = vec![L::Word::ZERO; layout.words()];
        layout.fill_runs(&s, &e, &r, &mut scratch, &mut out);
        let expected = runs_by_hand(&seeds, &enter);
        for (c, &want) in expected.iter().enumerate() {
            assert_eq!(
                layout.get(&out, c),
                want,
                "column {c} of {cols}: {enter:?} {seeds:?}"
            );
        }
        for c in cols..layout.cols() {
            assert!(!layout.get(&out, c), "column {c} beyond the row");
        }
    }

    #[test]
    fn run_fills_match_a_cell_by_cell_fill() {
        let mut rng = SplitMix64::new(64);
        for _ in 0..2000 {
            let cols = rng.range(1, 128);
            check(Narrow, &mut rng, cols);
        }
        for _ in 0..3000 {
            // Around word boundaries, and wide rows.
            let cols = match rng.below(3) {
                0 => rng.range(60, 70),
                1 => rng.range(120, 260),
                _ => rng.range(1, 1000),
            };
            check(Wide::for_cols(cols), &mut rng, cols);
        }
    }

    #[test]
    fn carries_cross_words_and_stop_at_the_top() {
        // One run over three words, seeded in the middle word.
        let layout = Wide { words: 3 };
        let enter = [!0u64 << 60, !0, 0xf];
        let mut reversed = [0; 3];
        layout.reverse(&enter, &mut reversed);
        let seeds = [0, 1 << 20, 0];
        let mut out = [0; 3];
        layout.fill_runs(&seeds, &enter, &reversed, &mut [0; 6], &mut out);
        assert_eq!(out, enter);
        // A run reaching the top bit of the last word: the carry out of the
        // row is dropped.
        let all = [!0u64; 2];
        let mut out = [0; 2];
        Wide { words: 2 }.fill_runs(&[0, 1], &all, &all, &mut [0; 4], &mut out);
        assert_eq!(out, all);
    }
}
