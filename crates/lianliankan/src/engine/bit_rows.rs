//! `Field::reach`'s question — which tiles
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
//!
//! [`BitRows::meets`] answers the gravity closure's directed question the
//! same way, with the four directions of travel kept apart (a target cell
//! may accept arrivals from some sides only).

use grid_core::Dir;

use super::cell::Cell;

/// Direction `dir` as a bit of a set of directions (a `u8`, by
/// [`Dir::index`]), such as the arrivals allowed at a target of
/// `Field::meets_directed`.
pub(crate) const fn dir_bit(dir: Dir) -> u8 {
    1 << dir.index()
}

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
    /// The buffers of [`BitRows::meets`] (empty until its first search).
    directed: Directed,
}

/// The buffers of [`BitRows::meets`]: per direction of travel (by
/// [`Dir::index`]),
/// where this layer's runs start, the empty cells entered so far, and the
/// cells a path may end its search on; and the tiles the runs ran into.
#[derive(Clone, Debug, Default)]
struct Directed {
    seeds: [Vec<u64>; 4],
    seen: [Vec<u64>; 4],
    targets: [Vec<u64>; 4],
    hits: Vec<u64>,
    /// The rows the last search wrote in `seen`, `targets` and `hits`,
    /// first to last (the rest of them are zero).
    dirty: (usize, usize),
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
            directed: Directed::default(),
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

    /// Calls `hit(cell)` for each tile a path from field cell `start` with
    /// at most `max_turns` turns through empty cells can end on (`start`
    /// itself never): the tiles `Field::reach`
    /// reports.
    ///
    /// # Complexity
    /// O(rows) word operations per layer, at most min(`max_turns` + 1,
    /// rows · width) layers (it stops when a layer reaches nothing new).
    /// Answers the work done: the rows swept, once per layer, and one step
    /// per end.
    pub(crate) fn ends(&mut self, start: usize, max_turns: usize, hit: impl FnMut(usize)) -> usize {
        let (r0, bit0) = (start / self.width, 1u64 << (start % self.width));
        let mut layers = 0;
        for words in [&mut self.ends, &mut self.seen_h, &mut self.seen_v] {
            words.fill(0);
        }
        self.seeds_h[r0] = bit0;
        self.seeds_v[r0] = bit0;
        for turns in 0..=max_turns {
            layers += 1;
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
        let mut hits = 0;
        let mut hit = hit;
        each_bit(&self.ends, self.width, |i| {
            hits += 1;
            hit(i);
        });
        layers * self.empty.len() + hits
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

impl BitRows {
    /// Whether a path with at most `max_turns` turns that leaves one of
    /// `starts` (a field cell and the direction it leaves in) and runs
    /// through empty cells reaches one of `targets` (a field cell, empty or
    /// a tile, and the directions a path may arrive there in, a
    /// [`dir_bit`] each), as
    /// `Field::reach_directed_until`
    /// with a visitor that stops at a target would say. When it does not,
    /// calls `hit(cell)` for each tile the search ran into.
    ///
    /// The layers are those of [`BitRows::ends`] kept apart by direction:
    /// a run along a row to higher bits is [`fill_up`] from the cells
    /// next to its seeds, and so on; the empty cells a run enters for the
    /// first time in its direction seed the next layer's runs across it.
    ///
    /// # Complexity
    /// O(rows) word operations per layer, at most `max_turns` + 1 layers,
    /// plus O(starts + targets).
    // A row index walks a dozen parallel word vectors at once.
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn meets(
        &mut self,
        starts: &[(Cell, Dir)],
        targets: &[(Cell, u8)],
        max_turns: usize,
        hit: impl FnMut(usize),
    ) -> bool {
        let rows = self.empty.len();
        let d = &mut self.directed;
        if d.hits.len() != rows {
            for words in d.words() {
                *words = vec![0; rows];
            }
            d.dirty = (usize::MAX, 0);
        }
        let (first_dirty, last_dirty) = d.dirty;
        if first_dirty <= last_dirty {
            for words in d.words() {
                words[first_dirty..=last_dirty].fill(0);
            }
        }
        let mut dirty = (usize::MAX, 0);
        for &(Cell(cell), arrivals) in targets {
            let (r, bit) = (cell / self.width, 1u64 << (cell % self.width));
            widen(&mut dirty, r);
            for dir in Dir::ALL {
                if arrivals & dir_bit(dir) != 0 {
                    d.targets[dir.index()][r] |= bit;
                }
            }
        }
        // Per direction: the rows that hold seeds, first to last.
        let mut span = [(usize::MAX, 0); 4];
        for &(Cell(cell), dir) in starts {
            let r = cell / self.width;
            widen(&mut dirty, r);
            d.seeds[dir.index()][r] |= 1u64 << (cell % self.width);
            widen(&mut span[dir.index()], r);
        }
        // The empty cells first entered in this layer along a row, and
        // along a column: where the next layer's runs turn.
        let (turn_v, turn_h) = (&mut self.next_v, &mut self.next_h);
        let mut met = false;
        'layers: for turns in 0..=max_turns {
            // The rows where runs along the rows (the columns) entered cells.
            let (mut entered_h, mut entered_v) = ((usize::MAX, 0), (usize::MAX, 0));
            for dir in [Dir::Left, Dir::Right] {
                let (first_row, last_row) = span[dir.index()];
                for r in first_row..=last_row.min(rows - 1) {
                    let seeds = std::mem::take(&mut d.seeds[dir.index()][r]);
                    if seeds == 0 {
                        continue;
                    }
                    let (empty, tile) = (self.empty[r], self.tile[r]);
                    let (entered, hit) = if dir == Dir::Right {
                        let first = seeds << 1;
                        let entered = fill_up(first & empty, empty);
                        (entered, (entered << 1 | first) & tile)
                    } else {
                        let first = seeds >> 1;
                        let entered = fill_down(first & empty, empty);
                        (entered, (entered >> 1 | first) & tile)
                    };
                    let Some(fresh) = d.enter(dir, r, entered, hit) else {
                        met = true;
                        break 'layers;
                    };
                    widen(&mut dirty, r);
                    if fresh != 0 {
                        turn_v[r] |= fresh;
                        widen(&mut entered_h, r);
                    }
                }
            }
            for dir in [Dir::Up, Dir::Down] {
                let (first_row, last_row) = span[dir.index()];
                if first_row > last_row {
                    continue;
                }
                let mut flow = 0u64;
                let mut k = if dir == Dir::Down {
                    first_row
                } else {
                    rows - 1 - last_row
                };
                let last_seed = if dir == Dir::Down {
                    last_row
                } else {
                    rows - 1 - first_row
                };
                while k < rows && (flow != 0 || k <= last_seed) {
                    let r = if dir == Dir::Down { k } else { rows - 1 - k };
                    let (hit, entered) = (flow & self.tile[r], flow & self.empty[r]);
                    let Some(fresh) = d.enter(dir, r, entered, hit) else {
                        met = true;
                        break 'layers;
                    };
                    widen(&mut dirty, r);
                    if fresh != 0 {
                        turn_h[r] |= fresh;
                        widen(&mut entered_v, r);
                    }
                    flow = entered | std::mem::take(&mut d.seeds[dir.index()][r]);
                    k += 1;
                }
            }
            if turns == max_turns {
                break;
            }
            span = [(usize::MAX, 0); 4];
            for (dirs, (first_row, last_row), turn) in [
                ([Dir::Left, Dir::Right], entered_v, &mut *turn_h),
                ([Dir::Up, Dir::Down], entered_h, &mut *turn_v),
            ] {
                for r in first_row..=last_row.min(rows - 1) {
                    let from = std::mem::take(&mut turn[r]);
                    for dir in dirs {
                        let k = dir.index();
                        d.seeds[k][r] = from & !d.seen[k][r];
                        if d.seeds[k][r] != 0 {
                            widen(&mut span[k], r);
                        }
                    }
                }
            }
            if span
                .iter()
                .all(|&(first_row, last_row)| first_row > last_row)
            {
                break;
            }
        }
        d.dirty = dirty;
        turn_v.fill(0);
        turn_h.fill(0);
        if !met {
            each_bit(&d.hits, self.width, hit);
        }
        met
    }
}

/// Calls `f(cell)` for every set bit of the bit rows `words` of a field
/// `width` cells wide, in row-major order.
fn each_bit(words: &[u64], width: usize, mut f: impl FnMut(usize)) {
    for (r, &word) in words.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            f(r * width + word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

impl Directed {
    /// Every word buffer, for clearing.
    fn words(&mut self) -> impl Iterator<Item = &mut Vec<u64>> {
        self.seeds
            .iter_mut()
            .chain(&mut self.seen)
            .chain(&mut self.targets)
            .chain([&mut self.hits])
    }

    /// A run in direction `dir` entered the empty cells `entered` of row
    /// `r` and ran into the tiles `hit`: `None` when it met a target, else
    /// the cells it entered for the first time in that direction (where
    /// the next layer's runs turn), with the hits and the entered cells
    /// recorded.
    fn enter(&mut self, dir: Dir, r: usize, entered: u64, hit: u64) -> Option<u64> {
        let dir = dir.index();
        if (entered | hit) & self.targets[dir][r] != 0 {
            return None;
        }
        self.hits[r] |= hit;
        let fresh = entered & !self.seen[dir][r];
        self.seen[dir][r] |= fresh;
        Some(fresh)
    }
}

/// Widens the span of rows `(first, last)` (empty while first > last) to
/// take in row `r`.
fn widen(span: &mut (usize, usize), r: usize) {
    *span = (span.0.min(r), span.1.max(r));
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
