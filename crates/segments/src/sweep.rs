//! A bit-parallel minimum-segment search on grids of at most 128 columns,
//! the engine of [`Solver`](crate::Solver). Its cells are the grid's own
//! unsigned `(row, col)`; the solver turns them into board-frame corners.
//!
//! Each row of the grid is one `u128` (bit `c` = column `c`). Let `R_k` be the
//! set of cells reachable from the start with at most `k` segments (`R_0` =
//! the start). Then `R_(k+1)` is `R_k` together with every cell that a
//! straight run from a cell of `R_k` reaches: on each row, the runs of
//! enterable cells that hold a cell of `R_k`; on each column, likewise. The
//! fill passes *through* cells already reached, as it must.
//!
//! - A row fill is two additions: `((e + s) ^ e ^ s | s) & e` is every bit
//!   of a run of `e` from the lowest seed of `s` upwards (the carry runs up
//!   the run and stops at its end); the downward half is the same on the
//!   bit-reversed words.
//! - A column fill is two passes over the rows, one word operation per row:
//!   `acc = (acc & e[r]) | s[r]` going down, then going up.
//!
//! So one level costs O(rows) word operations, whatever the number of cells.
//! The levels are kept, and the path is recovered backwards: from the target
//! (first reached at level `k`), walk a straight run to the nearest cell of
//! `R_(k-1)`, and so on down to the start.
//!
//! The two ends of the path are enterable; the start may also be crossed
//! (which never helps: the part after the last crossing is no longer) and the
//! search stops at the first level that reaches the target, so crossing the
//! target is never used either.

use grid_core::{Dir, Pos};

/// One bit for column `col`.
#[inline]
pub(crate) fn bit(col: usize) -> u128 {
    1u128 << col
}

/// Every cell of a run of `enter` from the lowest cell of `seeds` in that run
/// to the run's upper end (towards higher bits). `seeds` must lie in `enter`.
#[inline]
fn fill_up(seeds: u128, enter: u128) -> u128 {
    ((enter.wrapping_add(seeds) ^ enter ^ seeds) | seeds) & enter
}

/// Every run of `enter` that holds a bit of `seeds`, given `enter` and its bit
/// reversal.
#[inline]
fn fill_runs(seeds: u128, enter: u128, enter_reversed: u128) -> u128 {
    fill_up(seeds, enter) | fill_up(seeds.reverse_bits(), enter_reversed).reverse_bits()
}

/// Reusable buffers of the level sweep.
#[derive(Clone, Debug, Default)]
pub struct LevelSweep {
    /// `R_0, R_1, ...`, one block of `rows` words per level.
    levels: Vec<u128>,
    /// Bit-reversed rows of the enterable mask.
    reversed: Vec<u128>,
    /// Per row: the union of the runs filled so far (a row whose cells all
    /// lie in it has nothing new to fill).
    row_filled: Vec<u128>,
    /// Rows per level of the last search.
    rows: usize,
    /// The ends and the answer of the last search, when it found a path.
    found: Option<(Pos, Pos, usize)>,
}

impl LevelSweep {
    /// An empty sweep; buffers grow as needed and are reused.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The minimum number of straight segments of a path from `from` to `to`
    /// that enters only cells whose bit is set in `enter` (one word per row,
    /// bit `c` = column `c`; `from` and `to` must be set), or `None` when
    /// there is none or `from == to`. Afterwards [`LevelSweep::corners`]
    /// recovers a path.
    ///
    /// # Panics
    /// If `from` or `to` is not an enterable cell.
    ///
    /// # Complexity
    /// O(k · rows) word operations for an answer of k segments (or k levels
    /// until nothing new is reached), and O(k · rows) words of memory kept
    /// for [`LevelSweep::corners`].
    pub fn search(&mut self, enter: &[u128], from: Pos, to: Pos) -> Option<usize> {
        let rows = enter.len();
        assert!(from.row < rows && to.row < rows, "search ends off the grid");
        assert!(
            enter[from.row] & bit(from.col) != 0 && enter[to.row] & bit(to.col) != 0,
            "search ends must be enterable"
        );
        self.rows = rows;
        self.found = None;
        if from == to {
            return None;
        }
        self.reversed.clear();
        self.reversed.extend(enter.iter().map(|e| e.reverse_bits()));
        self.row_filled.clear();
        self.row_filled.resize(rows, 0);
        self.levels.clear();
        self.levels.resize(rows, 0);
        self.levels[from.row] = bit(from.col);
        let target = bit(to.col);
        let mut level = 0;
        loop {
            level += 1;
            self.levels.resize((level + 1) * rows, 0);
            let (done, next) = self.levels.split_at_mut(level * rows);
            let prev = &done[(level - 1) * rows..];
            // Column runs: down, then up.
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
            // Row runs, only where a seed lies outside the runs already filled.
            let mut changed = false;
            for r in 0..rows {
                let seeds = prev[r];
                if seeds & !self.row_filled[r] != 0 {
                    self.row_filled[r] |= fill_runs(seeds, enter[r], self.reversed[r]);
                }
                next[r] |= self.row_filled[r] | seeds;
                changed |= next[r] != seeds;
            }
            if next[to.row] & target != 0 {
                self.found = Some((from, to, level));
                return Some(level);
            }
            if !changed {
                return None;
            }
        }
    }

    /// The corners of the minimum-segment path found by the last
    /// [`LevelSweep::search`], which must have been given the same `enter`:
    /// its `from`, each cell where the path turns, then its `to` (k + 1
    /// points for k segments). Among the cells of the previous level, each
    /// step back takes the nearest one (ties in the order up, right, down,
    /// left). Empty when the last search found no path.
    ///
    /// # Complexity
    /// O(k · (rows + cols)) for k segments.
    #[must_use]
    pub fn corners(&self, enter: &[u128]) -> Vec<Pos> {
        let Some((from, to, segments)) = self.found else {
            return Vec::new();
        };
        let rows = self.rows;
        let level = |k: usize, p: Pos| self.levels[k * rows + p.row] & bit(p.col) != 0;
        let is_enterable = |p: Pos| p.row < rows && p.col < 128 && enter[p.row] & bit(p.col) != 0;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_up_stops_at_run_ends() {
        let enter = 0b0111_1011_0111u128;
        assert_eq!(fill_up(0b0000_0000_0010, enter), 0b0000_0000_0110);
        assert_eq!(fill_up(0b0000_0001_0000, enter), 0b0000_0011_0000);
        assert_eq!(fill_up(0b0000_1000_0000, enter), 0b0111_1000_0000);
        assert_eq!(fill_up(0b0001_0000_0001, enter), 0b0111_0000_0111);
        assert_eq!(fill_up(0b0101_0000_0000, enter), 0b0111_0000_0000);
        // The top bit: the carry out of the word is dropped.
        let top = bit(127) | bit(126);
        assert_eq!(fill_up(bit(126), top), top);
    }

    #[test]
    fn fill_runs_takes_whole_runs() {
        let enter = 0b0111_1011_0111u128;
        let rev = enter.reverse_bits();
        assert_eq!(fill_runs(0b10, enter, rev), 0b111);
        assert_eq!(fill_runs(0b0010_0000_0000, enter, rev), 0b0111_1000_0000);
        assert_eq!(fill_runs(0b0000_0010_0000, enter, rev), 0b0000_0011_0000);
        assert_eq!(fill_runs(0, enter, rev), 0);
        let all = u128::MAX;
        assert_eq!(fill_runs(bit(64), all, all), all);
    }

    fn rows_of(text: &[&str]) -> Vec<u128> {
        text.iter()
            .map(|row| {
                row.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b != b'#')
                    .fold(0, |acc, (c, _)| acc | bit(c))
            })
            .collect()
    }

    #[test]
    fn around_a_wall() {
        // Rows as bits, column 0 first: `#` blocked, `.` enterable.
        // .#.
        // ...
        let enter = [0b101, 0b111];
        let mut sweep = LevelSweep::new();
        let (from, to) = (Pos::new(0, 0), Pos::new(0, 2));
        assert_eq!(sweep.search(&enter, from, to), Some(3));
        assert_eq!(
            sweep.corners(&enter),
            [from, Pos::new(1, 0), Pos::new(1, 2), to]
        );
    }

    #[test]
    fn passes_through_reached_cells() {
        // From A the column down is one segment; the row at the bottom must
        // be crossed through cells reached at the same level.
        let enter = rows_of(&["#.##", "#.##", "....", "###."]);
        let mut sweep = LevelSweep::new();
        let (a, b) = (Pos::new(0, 1), Pos::new(3, 3));
        assert_eq!(sweep.search(&enter, a, b), Some(3));
        assert_eq!(
            sweep.corners(&enter),
            vec![a, Pos::new(2, 1), Pos::new(2, 3), b]
        );
        assert_eq!(sweep.search(&enter, a, a), None);
        assert!(sweep.corners(&enter).is_empty());
        let closed = rows_of(&[".#", "##", "#."]);
        assert_eq!(sweep.search(&closed, Pos::new(0, 0), Pos::new(2, 1)), None);
    }
}
