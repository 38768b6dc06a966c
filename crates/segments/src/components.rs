//! Connected regions of free cells, for the per-pair shortcut of the solver.
//!
//! Every cell strictly inside a path is free, and consecutive ones are
//! neighbours: so the inside of a path lies in one region, and that region
//! touches both ends. Two pieces with no region in common (and not side by
//! side) have no path at all, which is answered without a search; otherwise
//! the search runs on the common region only, over the rows it spans.

use grid_core::{Dir, Pos};

use crate::sweep::bit;

/// No region: the cell is not free.
const NONE: u32 = u32::MAX;

/// One region: the rows it spans and its cells as row masks.
#[derive(Clone, Copy, Debug)]
struct Region {
    top: usize,
    bottom: usize,
    /// Where its `bottom - top + 1` masks start in [`Regions::masks`].
    offset: usize,
}

/// The regions of free cells of a grid of at most 128 columns (4-neighbour
/// connectivity).
#[derive(Clone, Debug)]
pub struct Regions {
    rows: usize,
    cols: usize,
    /// Per cell (row-major): its region, or [`NONE`].
    label: Vec<u32>,
    regions: Vec<Region>,
    masks: Vec<u128>,
}

impl Regions {
    /// Labels the free cells of `free` (one word per row, bit `c` = column
    /// `c`, `cols` ≤ 128 columns).
    ///
    /// # Complexity
    /// O(rows · cols) time and memory.
    #[must_use]
    pub fn new(free: &[u128], cols: usize) -> Regions {
        debug_assert!(cols <= 128);
        let rows = free.len();
        let is_free = |p: Pos| p.row < rows && p.col < cols && free[p.row] & bit(p.col) != 0;
        let mut label = vec![NONE; rows * cols];
        let mut regions = Vec::new();
        let mut stack = Vec::new();
        for start in (0..rows).flat_map(|r| (0..cols).map(move |c| Pos::new(r, c))) {
            if !is_free(start) || label[start.row * cols + start.col] != NONE {
                continue;
            }
            let id = regions.len() as u32;
            let mut region = Region {
                top: start.row,
                bottom: start.row,
                offset: 0,
            };
            label[start.row * cols + start.col] = id;
            stack.push(start);
            while let Some(p) = stack.pop() {
                region.top = region.top.min(p.row);
                region.bottom = region.bottom.max(p.row);
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
            regions.push(region);
        }
        let mut total = 0;
        for region in &mut regions {
            region.offset = total;
            total += region.bottom - region.top + 1;
        }
        let mut masks = vec![0u128; total];
        for r in 0..rows {
            for c in 0..cols {
                let id = label[r * cols + c];
                if id != NONE {
                    let region = regions[id as usize];
                    masks[region.offset + r - region.top] |= bit(c);
                }
            }
        }
        Regions {
            rows,
            cols,
            label,
            regions,
            masks,
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

    /// The first and last row of region `id`.
    #[must_use]
    pub fn rows_of(&self, id: u32) -> (usize, usize) {
        let region = self.regions[id as usize];
        (region.top, region.bottom)
    }

    /// Adds the cells of region `id` to `window`, whose first word is row
    /// `first_row` (the window must cover the region's rows).
    pub fn add_to(&self, id: u32, window: &mut [u128], first_row: usize) {
        let region = self.regions[id as usize];
        let masks = &self.masks[region.offset..=region.offset + region.bottom - region.top];
        let start = region.top - first_row;
        for (w, m) in window[start..start + masks.len()].iter_mut().zip(masks) {
            *w |= m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_regions_and_neighbours() {
        // .#.
        // .#.
        // ###
        let free = [0b101u128, 0b101, 0];
        let regions = Regions::new(&free, 3);
        assert_eq!(regions.regions.len(), 2);
        let middle: Vec<u32> = regions.around(Pos::new(1, 1)).collect();
        assert_eq!(middle.len(), 2);
        assert_ne!(middle[0], middle[1]);
        assert_eq!(regions.around(Pos::new(2, 1)).count(), 0);
        let left = regions.around(Pos::new(2, 0)).next().unwrap();
        assert_eq!(regions.rows_of(left), (0, 1));
        let mut window = [0u128; 3];
        regions.add_to(left, &mut window, 0);
        assert_eq!(window, [0b001, 0b001, 0]);
        assert!(Regions::new(&[0, 0], 2).regions.is_empty());
    }
}
