//! A bit-parallel minimum-segment search, the engine of
//! [`Solver`](crate::Solver). Its cells are the grid's own unsigned
//! `(row, col)`; the solver turns them into board-frame corners.
//!
//! Each row of the grid is stored as bit words in a [`Layout`] (bit `c` =
//! column `c`): one `u128` for grids of at most 128 columns, or as many
//! `u64` as the width needs. Let `R_k` be the set of cells reachable from the
//! start with at most `k` segments (`R_0` = the start). Then `R_(k+1)` is
//! `R_k` together with every cell that a straight run from a cell of `R_k`
//! reaches: on each row, the runs of enterable cells that hold a cell of
//! `R_k`; on each column, likewise. The fill passes *through* cells already
//! reached, as it must.
//!
//! - A row fill is two additions with carries across the row's words (see
//!   [`crate::bits`]).
//! - A column fill is two passes over the rows, one word operation per row
//!   and word: `acc = (acc & e[r]) | s[r]` going down, then going up.
//!
//! So one level costs O(rows · words a row) word operations, whatever the
//! number of cells. Counting keeps two levels. For a path the levels are
//! recorded and the path is recovered backwards: from the target (first
//! reached at level `k`), walk a straight run to the nearest cell of
//! `R_(k-1)`, and so on down to the start. Narrow rows keep one bit plane a
//! level (a few words); wide rows keep instead, for each cell, the level at
//! which it was first reached (`R_k` is then the cells reached at a level of
//! at most `k`), so that memory stays O(cells) however many segments a path
//! has.
//!
//! The two ends of the path are enterable; the start may also be crossed
//! (which never helps: the part after the last crossing is no longer) and the
//! search stops at the first level that reaches the target, so crossing the
//! target is never used either.

use grid_core::{Dir, Pos};

use crate::bits::{Layout, Word};

/// Reusable buffers of the level sweep over rows stored in layout `L`.
#[derive(Clone, Debug)]
pub struct LevelSweep<L: Layout> {
    /// The layout of the last search.
    layout: L,
    /// `R_(k-1)` and `R_k` while searching.
    prev: Vec<L::Word>,
    next: Vec<L::Word>,
    /// Bit-reversed rows of the enterable mask.
    reversed: Vec<L::Word>,
    /// Per row: the union of the runs filled so far (a row whose cells all
    /// lie in it has nothing new to fill).
    row_filled: Vec<L::Word>,
    /// Two rows of scratch for the run fill.
    scratch: Vec<L::Word>,
    /// With [`Layout::KEEP_PLANES`]: `R_0, R_1, ...` of the last recorded
    /// search, one block of rows per level.
    planes: Vec<L::Word>,
    /// Otherwise, per cell (row-major over `layout.cols()` columns): `base + k` when
    /// the cell was first reached at level `k` of the last recorded search;
    /// anything below `base` is from an earlier search (a generation stamp,
    /// so the buffer is never cleared between searches).
    reached: Vec<u32>,
    base: u32,
    /// Rows of the last search.
    rows: usize,
    /// The ends and the answer of the last search, when it found a path and
    /// recorded its levels.
    found: Option<(Pos, Pos, usize)>,
}

impl<L: Layout> LevelSweep<L> {
    /// An empty sweep; buffers grow as needed and are reused.
    #[must_use]
    pub fn new(layout: L) -> Self {
        LevelSweep {
            layout,
            prev: Vec::new(),
            next: Vec::new(),
            reversed: Vec::new(),
            row_filled: Vec::new(),
            scratch: Vec::new(),
            planes: Vec::new(),
            reached: Vec::new(),
            base: 1,
            rows: 0,
            found: None,
        }
    }

    /// The minimum number of straight segments of a path from `from` to `to`
    /// that enters only cells whose bit is set in `enter` (rows in `layout`;
    /// `from` and `to` must be set), or `None` when there is none or
    /// `from == to`. With `record`, [`LevelSweep::corners`] then recovers a
    /// path.
    ///
    /// # Panics
    /// If `from` or `to` is not an enterable cell.
    ///
    /// # Complexity
    /// O(k · rows · w) word operations for an answer of k segments (or k
    /// levels until nothing new is reached) on rows of w words; with
    /// `record`, also O(k · rows) words of memory for narrow rows, and
    /// O(cells reached) time and 4 bytes a cell for wide ones.
    pub fn search(
        &mut self,
        layout: L,
        enter: &[L::Word],
        from: Pos,
        to: Pos,
        record: bool,
    ) -> Option<usize> {
        let s = layout.words();
        let rows = enter.len() / s;
        assert!(
            layout.get(row(enter, s, from.row), from.col)
                && layout.get(row(enter, s, to.row), to.col),
            "search ends must be enterable"
        );
        self.layout = layout;
        self.rows = rows;
        self.found = None;
        if from == to {
            return None;
        }
        let zero = L::Word::ZERO;
        self.reversed.clear();
        self.reversed.resize(enter.len(), zero);
        for r in 0..rows {
            layout.reverse(row(enter, s, r), &mut self.reversed[r * s..(r + 1) * s]);
        }
        for buffer in [&mut self.row_filled, &mut self.prev, &mut self.next] {
            buffer.clear();
            buffer.resize(enter.len(), zero);
        }
        self.scratch.resize(2 * s, zero);
        layout.set(&mut self.prev[from.row * s..(from.row + 1) * s], from.col);
        let cols = layout.cols();
        let planes = record && L::KEEP_PLANES;
        let stamps = record && !L::KEEP_PLANES;
        if planes {
            self.planes.clear();
            self.planes.extend_from_slice(&self.prev);
        }
        if stamps {
            if self.reached.len() < rows * cols {
                self.reached.resize(rows * cols, 0);
            }
            // Room for every level of this search (at most one per cell,
            // plus the start) above `base`.
            if u64::from(self.base) + (rows * cols) as u64 + 2 > u64::from(u32::MAX) {
                self.reached.fill(0);
                self.base = 1;
            }
            self.reached[from.row * cols + from.col] = self.base;
        }
        let mut level = 0;
        let answer = loop {
            level += 1;
            let (prev, next) = (&self.prev, &mut self.next);
            let changed = layout.level(
                enter,
                &self.reversed,
                prev,
                next,
                &mut self.row_filled,
                &mut self.scratch,
            );
            if planes {
                self.planes.extend_from_slice(next);
            }
            if stamps {
                let stamp = self.base + level as u32;
                for (i, (&n, &p)) in next.iter().zip(prev.iter()).enumerate() {
                    let mut new = n & !p;
                    let first = (i / s) * cols + (i % s) * L::Word::BITS;
                    while new != zero {
                        self.reached[first + new.lowest()] = stamp;
                        new = new.without_lowest();
                    }
                }
            }
            if layout.get(row(next, s, to.row), to.col) {
                break Some(level);
            }
            if !changed {
                break None;
            }
            std::mem::swap(&mut self.prev, &mut self.next);
        };
        if record {
            if let Some(level) = answer {
                self.found = Some((from, to, level));
            }
        }
        if stamps {
            self.base += level as u32 + 1;
        }
        answer
    }

    /// The corners of the minimum-segment path found by the last
    /// [`LevelSweep::search`], which must have been given the same `enter`
    /// and `record`: its `from`, each cell where the path turns, then its
    /// `to` (k + 1 points for k segments). Among the cells of the previous
    /// level, each step back takes the nearest one (ties in the order up,
    /// right, down, left). Empty when the last search found no path or did
    /// not record.
    ///
    /// # Complexity
    /// O(k · (rows + cols)) for k segments.
    #[must_use]
    pub fn corners(&self, enter: &[L::Word]) -> Vec<Pos> {
        let Some((from, to, segments)) = self.found else {
            return Vec::new();
        };
        let (layout, rows) = (self.layout, self.rows);
        let (s, cols) = (layout.words(), layout.cols());
        // The last search's stamps run from `base - segments - 1` (level 0).
        let level_0 = self.base.wrapping_sub(segments as u32 + 1);
        let level = |k: usize, p: Pos| {
            if L::KEEP_PLANES {
                layout.get(row(&self.planes, s, k * rows + p.row), p.col)
            } else {
                let stamp = self.reached[p.row * cols + p.col];
                stamp >= level_0 && stamp <= level_0 + k as u32
            }
        };
        let is_enterable =
            |p: Pos| p.row < rows && p.col < cols && layout.get(row(enter, s, p.row), p.col);
        let mut corners = vec![to];
        let mut cell = to;
        for k in (0..segments).rev() {
            let mut best: Option<(usize, Pos)> = None;
            for dir in Dir::ALL {
                let mut p = cell;
                let mut steps = 0;
                while let Some(q) = p.step(dir).filter(|&q| is_enterable(q)) {
                    p = q;
                    steps += 1;
                    if level(k, p) {
                        if best.is_none_or(|(s, _)| steps < s) {
                            best = Some((steps, p));
                        }
                        break;
                    }
                }
            }
            // A cell first reached at level k + 1 lies on a straight run from
            // a cell of level k; the loop cannot come out empty.
            let Some((_, p)) = best else {
                debug_assert!(false, "no predecessor of {cell} at level {k}");
                break;
            };
            corners.push(p);
            cell = p;
        }
        debug_assert_eq!(cell, from);
        corners.reverse();
        corners
    }
}

/// Row `r` of rows of `s` words.
#[inline]
fn row<W>(rows: &[W], s: usize, r: usize) -> &[W] {
    &rows[r * s..(r + 1) * s]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::{Narrow, Wide};

    /// Rows as text, column 0 first: `#` blocked, anything else enterable.
    fn rows_of<L: Layout>(layout: L, text: &[&str]) -> Vec<L::Word> {
        let s = layout.words();
        let mut rows = vec![L::Word::ZERO; text.len() * s];
        for (r, line) in text.iter().enumerate() {
            for (c, b) in line.bytes().enumerate() {
                if b != b'#' {
                    layout.set(&mut rows[r * s..(r + 1) * s], c);
                }
            }
        }
        rows
    }

    fn around_a_wall<L: Layout>(layout: L) {
        let enter = rows_of(layout, &[".#.", "..."]);
        let mut sweep = LevelSweep::new(layout);
        let (from, to) = (Pos::new(0, 0), Pos::new(0, 2));
        assert_eq!(sweep.search(layout, &enter, from, to, true), Some(3));
        assert_eq!(
            sweep.corners(&enter),
            [from, Pos::new(1, 0), Pos::new(1, 2), to]
        );
        // Counting alone records nothing.
        assert_eq!(sweep.search(layout, &enter, from, to, false), Some(3));
        assert!(sweep.corners(&enter).is_empty());
    }

    #[test]
    fn around_a_wall_in_both_layouts() {
        around_a_wall(Narrow);
        around_a_wall(Wide { words: 1 });
        around_a_wall(Wide { words: 3 });
    }

    fn passes_through_reached_cells<L: Layout>(layout: L) {
        // From A the column down is one segment; the row at the bottom must
        // be crossed through cells reached at the same level.
        let enter = rows_of(layout, &["#.##", "#.##", "....", "###."]);
        let mut sweep = LevelSweep::new(layout);
        let (a, b) = (Pos::new(0, 1), Pos::new(3, 3));
        assert_eq!(sweep.search(layout, &enter, a, b, true), Some(3));
        assert_eq!(
            sweep.corners(&enter),
            vec![a, Pos::new(2, 1), Pos::new(2, 3), b]
        );
        assert_eq!(sweep.search(layout, &enter, a, a, true), None);
        assert!(sweep.corners(&enter).is_empty());
        let closed = rows_of(layout, &[".#", "##", "#."]);
        let ends = (Pos::new(0, 0), Pos::new(2, 1));
        assert_eq!(sweep.search(layout, &closed, ends.0, ends.1, true), None);
    }

    #[test]
    fn passes_through_reached_cells_in_both_layouts() {
        passes_through_reached_cells(Narrow);
        passes_through_reached_cells(Wide { words: 2 });
    }

    #[test]
    fn runs_across_word_boundaries() {
        // A corridor along row 0 over 200 columns, then down at the end.
        let layout = Wide::for_cols(200);
        let mut top = ".".repeat(200);
        top.replace_range(0..1, ".");
        let mut bottom = "#".repeat(199);
        bottom.push('.');
        let enter = rows_of(layout, &[&top, &bottom]);
        let mut sweep = LevelSweep::new(layout);
        let (a, b) = (Pos::new(0, 0), Pos::new(1, 199));
        assert_eq!(sweep.search(layout, &enter, a, b, true), Some(2));
        assert_eq!(sweep.corners(&enter), vec![a, Pos::new(0, 199), b]);
        // Many searches in a row reuse the stamps without clearing.
        for _ in 0..100 {
            assert_eq!(sweep.search(layout, &enter, b, a, true), Some(2));
        }
        assert_eq!(sweep.corners(&enter), vec![b, Pos::new(0, 199), a]);
    }
}
