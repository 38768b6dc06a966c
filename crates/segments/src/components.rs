//! Connected regions of free cells, for the per-pair shortcut of the solver.
//!
//! Every cell strictly inside a path is free, and consecutive ones are
//! neighbours: so the inside of a path lies in one region, and that region
//! touches both ends. Two pieces with no region in common (and not side by
//! side) have no path at all, which is answered without a search; otherwise
//! the search runs on the box (rows and words) that the common regions and
//! the two ends span. Free cells of other regions inside that box do not
//! change the answer: the search could reach one only through a region next
//! to the start, and from there it cannot reach the target without crossing
//! the start again, which never helps.

use grid_core::{Dir, Pos};

use crate::bits::{Layout, Word};

/// No region: the cell is not free.
const NONE: u32 = u32::MAX;

/// The box a region spans: its first and last row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub top: usize,
    pub bottom: usize,
    pub left: usize,
    pub right: usize,
}

impl Span {
    /// The box of one cell.
    pub fn of(p: Pos) -> Span {
        Span {
            top: p.row,
            bottom: p.row,
            left: p.col,
            right: p.col,
        }
    }

    /// The smallest box holding both.
    #[must_use]
    pub fn union(self, other: Span) -> Span {
        Span {
            top: self.top.min(other.top),
            bottom: self.bottom.max(other.bottom),
            left: self.left.min(other.left),
            right: self.right.max(other.right),
        }
    }
}

/// The regions of free cells of a grid (4-neighbour connectivity).
#[derive(Clone, Debug)]
pub struct Regions {
    rows: usize,
    cols: usize,
    /// Per cell (row-major): its region, or [`NONE`].
    label: Vec<u32>,
    spans: Vec<Span>,
}

impl Regions {
    /// Labels the free cells of `free` (rows in `layout`, `cols` columns
    /// used). The grid must have fewer than `u32::MAX` cells.
    ///
    /// # Complexity
    /// O(rows · cols) time, and 4 bytes a cell.
    #[must_use]
    pub fn new<L: Layout>(layout: L, free: &[L::Word], cols: usize) -> Regions {
        let s = layout.words();
        let rows = free.len() / s;
        debug_assert!(cols <= layout.cols());
        let is_free = |p: Pos| {
            p.row < rows && p.col < cols && layout.get(&free[p.row * s..(p.row + 1) * s], p.col)
        };
        let mut label = vec![NONE; rows * cols];
        let mut spans = Vec::new();
        let mut stack = Vec::new();
        for r in 0..rows {
            for w in 0..s {
                // Only the free cells: the set bits of each word.
                let mut bits = free[r * s + w];
                while bits != L::Word::ZERO {
                    let start = Pos::new(r, w * L::Word::BITS + bits.lowest());
                    bits = bits.without_lowest();
                    if start.col >= cols || label[start.row * cols + start.col] != NONE {
                        continue;
                    }
                    let id = spans.len() as u32;
                    let mut span = Span::of(start);
                    label[start.row * cols + start.col] = id;
                    stack.push(start);
                    while let Some(p) = stack.pop() {
                        span = span.union(Span::of(p));
                        for d in Dir::ALL {
                            if let Some(q) = p.step(d).filter(|&q| is_free(q)) {
                                let slot = &mut label[q.row * cols + q.col];
                                if *slot == NONE {
                                    *slot = id;
                                    stack.push(q);
                                }
                            }
                        }
                    }
                    spans.push(span);
                }
            }
        }
        Regions {
            rows,
            cols,
            label,
            spans,
        }
    }

    /// The regions next to `p` (at most four, each once, unordered).
    pub fn around(&self, p: Pos) -> impl Iterator<Item = u32> + '_ {
        let mut found = [NONE; 4];
        for (slot, d) in found.iter_mut().zip(Dir::ALL) {
            if let Some(q) = p.step(d).filter(|q| q.row < self.rows && q.col < self.cols) {
                *slot = self.label[q.row * self.cols + q.col];
            }
        }
        (0..4).filter_map(move |i| {
            let id = found[i];
            (id != NONE && !found[..i].contains(&id)).then_some(id)
        })
    }

    /// The box region `id` spans.
    #[must_use]
    pub fn span(&self, id: u32) -> Span {
        self.spans[id as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::{Narrow, Wide};

    #[test]
    fn labels_regions_and_neighbours() {
        // .#.
        // .#.
        // ###
        let free = [0b101u128, 0b101, 0];
        let regions = Regions::new(Narrow, &free, 3);
        assert_eq!(regions.spans.len(), 2);
        let middle: Vec<u32> = regions.around(Pos::new(1, 1)).collect();
        assert_eq!(middle.len(), 2);
        assert_ne!(middle[0], middle[1]);
        assert_eq!(regions.around(Pos::new(2, 1)).count(), 0);
        let left = regions.around(Pos::new(2, 0)).next().unwrap();
        assert_eq!(
            regions.span(left),
            Span {
                top: 0,
                bottom: 1,
                left: 0,
                right: 0
            }
        );
        assert!(Regions::new(Narrow, &[0, 0], 2).spans.is_empty());
    }

    #[test]
    fn regions_across_words() {
        // Two rows of 130 columns: row 0 free from column 60 to 129, row 1
        // free at column 0 only; bits beyond the used columns are ignored.
        let layout = Wide::for_cols(130);
        let mut free = vec![0u64; 6];
        for c in 60..130 {
            layout.set(&mut free[..3], c);
        }
        layout.set(&mut free[3..], 0);
        free[5] |= 1 << 10; // column 138, beyond the 130 used
        let regions = Regions::new(layout, &free, 130);
        assert_eq!(regions.spans.len(), 2);
        let a = regions.around(Pos::new(1, 60)).next().unwrap();
        assert_eq!(
            regions.span(a),
            Span {
                top: 0,
                bottom: 0,
                left: 60,
                right: 129
            }
        );
        assert_eq!(regions.around(Pos::new(1, 1)).count(), 1);
        assert_eq!(regions.around(Pos::new(0, 59)).count(), 1);
    }
}
