//! [`Field::reach`](super::reach::Field::reach)'s question — which tiles
//! can a path of at most K turns end on? — answered with a machine word
//! per field row, for fields at most 64 cells wide (every KShisen size).
//!
//! Bit `c` of row word `r` stands for the field cell `r · width + c`.
//! A straight run along a row from a set of seed cells through empty cells
//! is an *occluded fill* (Kogge–Stone: six shifts each way fill a whole
//! word); along the columns it is one pass down and one up over the rows.
//! Paths are grown in layers by turns, as `reach` does: `H_t` and `V_t`
//! are the cells a path with at most t turns reaches on a horizontal or a
//! vertical last run; `H_0` and `V_0` are the runs from the start, and
//! `H_{t+1}` (`V_{t+1}`) is the horizontal (vertical) fill from the empty
//! cells of `V_t` (`H_t`), where the path turns. A tile that a run is
//! about to enter is where a path ends. One layer costs O(rows) word
//! operations, against O(rows · cols) cell steps for `reach`; the solver's
//! closure test asks this question for every tile again and again.

/// The empty cells and the tiles of a field, a word per row, with the
/// buffers of [`BitRows::ends`].
#[derive(Clone, Debug)]
pub(crate) struct BitRows {
    width: usize,
    empty: Vec<u64>,
    tile: Vec<u64>,
    /// Where the runs of this layer start, along a row and along a column
    /// (the start, then the new cells of the previous layer's runs along
    /// the other axis), and where the next layer's runs start.
    seeds_h: Vec<u64>,
    seeds_v: Vec<u64>,
    next_h: Vec<u64>,
    next_v: Vec<u64>,
    /// The empty cells some run along a row (a column) has reached.
    seen_h: Vec<u64>,
    seen_v: Vec<u64>,
    /// A buffer of [`BitRows::fill_columns`], and the ends found.
    run: Vec<u64>,
    ends: Vec<u64>,
}

impl BitRows {
    /// The bit rows of a field of `rows` rows of `width` (at most 64)
    /// cells, with every cell a wall (neither empty nor a tile).
    pub(crate) fn new(rows: usize, width: usize) -> BitRows {
        assert!(width <= 64, "a field row fits a word");
        let words = vec![0; rows];
        BitRows {
            width,
            empty: words.clone(),
            tile: words.clone(),
            seeds_h: words.clone(),
            seeds_v: words.clone(),
            next_h: words.clone(),
            next_v: words.clone(),
            seen_h: words.clone(),
            seen_v: words.clone(),
            run: words.clone(),
            ends: words,
        }
    }

    /// Whether the last [`BitRows::ends`] search passed through the empty
    /// field cell `i`.
    pub(crate) fn was_passed(&self, i: usize) -> bool {
        let (r, bit) = (i / self.width, 1u64 << (i % self.width));
        (self.seen_h[r] | self.seen_v[r]) & bit != 0
    }

    /// Marks field cell `i` empty or a tile.
    pub(crate) fn set(&mut self, i: usize, empty: bool) {
        let (r, bit) = (i / self.width, 1u64 << (i % self.width));
        if empty {
            self.empty[r] |= bit;
            self.tile[r] &= !bit;
        } else {
            self.empty[r] &= !bit;
            self.tile[r] |= bit;
        }
    }

    /// The tiles a path from field cell `start` with at most `max_turns`
    /// turns through empty cells can end on, as bit rows (`start` itself
    /// never): the tiles [`Field::reach`](super::reach::Field::reach)
    /// reports.
    ///
    /// # Complexity
    /// O(rows) word operations per layer, at most min(`max_turns` + 1,
    /// rows · width) layers (it stops when a layer reaches nothing new).
    pub(crate) fn ends(&mut self, start: usize, max_turns: usize) -> &[u64] {
        let (r0, bit0) = (start / self.width, 1u64 << (start % self.width));
        for words in [&mut self.ends, &mut self.seen_h, &mut self.seen_v] {
            words.fill(0);
        }
        self.seeds_h[r0] = bit0;
        self.seeds_v[r0] = bit0;
        for turns in 0..=max_turns {
            let grew = self.fill_rows() | self.fill_columns();
            std::mem::swap(&mut self.seeds_h, &mut self.next_h);
            std::mem::swap(&mut self.seeds_v, &mut self.next_v);
            if !grew || turns == max_turns {
                break;
            }
        }
        self.seeds_h.fill(0);
        self.seeds_v.fill(0);
        self.ends[r0] &= !bit0;
        &self.ends
    }

    /// The runs along the rows from `seeds_h` (which it clears): the tiles
    /// they run into are ends, the empty cells no such run reached before
    /// start the next layer's runs along the columns. Whether there were
    /// any.
    fn fill_rows(&mut self) -> bool {
        let mut grew = false;
        for r in 0..self.empty.len() {
            let seeds = std::mem::take(&mut self.seeds_h[r]);
            if seeds == 0 {
                continue;
            }
            let empty = self.empty[r];
            let run = fill_up(seeds, empty) | fill_down(seeds, empty);
            self.ends[r] |= (run << 1 | run >> 1) & self.tile[r];
            let fresh = run & empty & !self.seen_h[r];
            self.seen_h[r] |= fresh;
            self.next_v[r] |= fresh;
            grew |= fresh != 0;
        }
        grew
    }

    /// As [`BitRows::fill_rows`] along the columns, from `seeds_v`: one
    /// pass down the rows and one up.
    fn fill_columns(&mut self) -> bool {
        let rows = self.empty.len();
        for down in [true, false] {
            let mut flow = 0u64;
            for k in 0..rows {
                let r = if down { k } else { rows - 1 - k };
                self.ends[r] |= flow & self.tile[r];
                flow = (flow & self.empty[r]) | self.seeds_v[r];
                self.run[r] |= flow & self.empty[r];
            }
        }
        let mut grew = false;
        for r in 0..rows {
            self.seeds_v[r] = 0;
            let fresh = std::mem::take(&mut self.run[r]) & !self.seen_v[r];
            self.seen_v[r] |= fresh;
            self.next_h[r] |= fresh;
            grew |= fresh != 0;
        }
        grew
    }
}

/// Fills `seeds` toward higher bits through `open` (the seeds themselves
/// need not be open): every bit reached by moving up from a seed over open
/// bits only.
fn fill_up(mut seeds: u64, mut open: u64) -> u64 {
    seeds |= open & (seeds << 1);
    open &= open << 1;
    seeds |= open & (seeds << 2);
    open &= open << 2;
    seeds |= open & (seeds << 4);
    open &= open << 4;
    seeds |= open & (seeds << 8);
    open &= open << 8;
    seeds |= open & (seeds << 16);
    open &= open << 16;
    seeds | (open & (seeds << 32))
}

/// As [`fill_up`], toward lower bits.
fn fill_down(mut seeds: u64, mut open: u64) -> u64 {
    seeds |= open & (seeds >> 1);
    open &= open >> 1;
    seeds |= open & (seeds >> 2);
    open &= open >> 2;
    seeds |= open & (seeds >> 4);
    open &= open >> 4;
    seeds |= open & (seeds >> 8);
    open &= open >> 8;
    seeds |= open & (seeds >> 16);
    open &= open >> 16;
    seeds | (open & (seeds >> 32))
}

#[cfg(test)]
mod tests {
    use grid_core::{Grid, SplitMix64};

    use crate::Border;
    use crate::engine::reach::Field;

    /// On random fields, both borders, 0 to 5 turns, from every tile and
    /// every empty cell, the word-parallel search ends on exactly the
    /// tiles `Field::reach` reports and passes exactly the empty cells it
    /// reports, also after cells change (emptied and refilled, as the
    /// solver's closure does).
    #[test]
    fn ends_are_the_tiles_reach_reports() {
        let mut rng = SplitMix64::new(0xb175);
        let mut compared = 0;
        for _ in 0..400 {
            let (rows, cols) = (rng.range(1, 12), rng.range(1, 20));
            let fill = rng.range(0, 100) as u32;
            let cells: Vec<u32> = (0..rows * cols)
                .map(|_| {
                    if rng.percent(fill) {
                        1 + rng.below(5) as u32
                    } else {
                        0
                    }
                })
                .collect();
            let border = if rng.percent(50) {
                Border::Open
            } else {
                Border::Closed
            };
            let mut field = Field::from_kinds(Grid::from_vec(rows, cols, cells).unwrap(), border);
            let board: Vec<usize> = (0..field.len()).filter(|&i| field.is_board(i)).collect();
            for round in 0..3 {
                if round > 0 {
                    for _ in 0..rng.range(1, 6) {
                        let i = board[rng.below(board.len())];
                        let kind = if field.is_empty(i) { 1 } else { 0 };
                        field.set(i, kind);
                    }
                }
                let turns = rng.range(0, 5);
                let mut fast = Vec::new();
                for &start in &board {
                    let (mut slow, mut passed) = (Vec::new(), vec![false; field.len()]);
                    field.reach(start, turns, |cell, is_tile| {
                        if is_tile {
                            slow.push(cell);
                        } else {
                            passed[cell] = true;
                        }
                    });
                    slow.sort_unstable();
                    passed[start] = field.is_empty(start);
                    fast.clear();
                    field.reach_tiles(start, turns, |cell| fast.push(cell));
                    fast.sort_unstable();
                    assert_eq!(fast, slow, "from {start}, {turns} turns, {border:?}");
                    for (i, &passed) in passed.iter().enumerate() {
                        assert_eq!(field.was_passed(i), passed && field.is_empty(i), "{i}");
                    }
                    compared += usize::from(!slow.is_empty());
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }
}
