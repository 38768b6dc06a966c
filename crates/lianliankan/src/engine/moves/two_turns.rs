//! The pairs of the standard path rule under two turns, found from the
//! free lines (one sweep along the columns, one along the rows, word
//! parallel), without a search per tile.

use grid_core::Pos;
use rustc_hash::FxHashMap;

use super::pair::Move;
use crate::query::Board;
use crate::rules::{Border, Class, Rules};

/// No run of the previous line: a touching pair must be kept.
const NEW: u32 = u32::MAX;

/// The most words of 64 bits that the table of pairs seen may take, per
/// cell of the field (past that the pairs found are sorted instead): so
/// the table costs no more than the sweeps over the cells.
const TABLE_WORDS_PER_CELL: usize = 1;

/// Every removable pair under two turns, from the free lines.
///
/// A path with at most two turns has a *middle line*: a maximal run of free
/// cells along a column (or a row) that it runs in, entered from a tile's
/// free run along a row (or straight from a tile at the run's end). Say a
/// tile *touches* a vertical free run when the run holds a cell of the
/// tile's free row run (the tile is the nearest tile left or right of that
/// cell), or the tile closes the run at its top or bottom. Two tiles that
/// touch one run are joined through it with at most two turns (along a row
/// into the run, along the run, along a row out of it); conversely every
/// path of at most two turns between two tiles that are not neighbours runs
/// through a free run both touch — a vertical one when its middle segment
/// (or its only segment, or the leg that ends at a tile) is vertical, a
/// horizontal one otherwise. Neighbours are joined by a path of one step
/// with no free cell. So the pairs are: neighbours, and for every free run,
/// the matching pairs among the tiles touching it (see [`Sweep`]); a pair
/// found through several runs is kept once (see [`Keep`]).
pub(crate) fn two_turn_moves(board: &Board, rules: &Rules) -> Vec<Move> {
    let pad = usize::from(rules.border() == Border::Open);
    let cells = (board.rows() + 2 * pad) * (board.cols() + 2 * pad);
    two_turn_moves_within(board, rules, cells * TABLE_WORDS_PER_CELL + 4096)
}

/// [`two_turn_moves`], keeping the pairs in a [`Table`] when it takes at
/// most `table_words` words, else in a [`List`] (tests force either).
pub(super) fn two_turn_moves_within(board: &Board, rules: &Rules, table_words: usize) -> Vec<Move> {
    // Tiles are numbered row by row, so numbers order pairs as moves do;
    // classes are numbered densely, as they come.
    let mut at: Vec<Pos> = Vec::new();
    let mut dense: Vec<u32> = Vec::new();
    let mut classes = FxHashMap::<Class, u32>::default();
    for (pos, kind) in board.tiles() {
        at.push(pos);
        let next = classes.len() as u32;
        dense.push(*classes.entry(rules.groups().class(kind)).or_insert(next));
    }
    // Each class's tiles, in order: `members[first[k]..first[k + 1]]`.
    let mut first = vec![0usize; classes.len() + 1];
    for &k in &dense {
        first[k as usize + 1] += 1;
    }
    for k in 0..classes.len() {
        first[k + 1] += first[k];
    }
    let size = |k: usize| first[k + 1] - first[k];
    let words: usize = (0..classes.len())
        .map(|k| size(k) * size(k).div_ceil(64))
        .sum();
    if words > table_words.min(u32::MAX as usize) {
        let tiles: Vec<Tile> = dense
            .iter()
            .enumerate()
            .map(|(t, &class)| Tile {
                class,
                index: t as u32,
                base: 0,
            })
            .collect();
        let mut list = List(Vec::new());
        sweep_both(board, rules, &tiles, &at, classes.len(), &mut list);
        let mut found = list.0;
        found.sort_unstable();
        found.dedup();
        return found
            .into_iter()
            .map(|p| Move::new(at[(p >> 32) as usize], at[(p & 0xffff_ffff) as usize]))
            .collect();
    }
    // A block of rows per class, a row per tile.
    let mut base = vec![0usize; classes.len()];
    for k in 1..classes.len() {
        base[k] = base[k - 1] + size(k - 1) * size(k - 1).div_ceil(64);
    }
    let mut filled = first.clone();
    let mut members = vec![0u32; dense.len()];
    let tiles: Vec<Tile> = dense
        .iter()
        .enumerate()
        .map(|(t, &class)| {
            let k = class as usize;
            let index = filled[k] - first[k];
            members[filled[k]] = t as u32;
            filled[k] += 1;
            Tile {
                class,
                index: index as u32,
                base: (base[k] + index * size(k).div_ceil(64)) as u32,
            }
        })
        .collect();
    let mut table = Table(vec![0; words]);
    sweep_both(board, rules, &tiles, &at, classes.len(), &mut table);
    for (k, &base) in base.iter().enumerate() {
        table.symmetric(base, size(k));
    }
    let mut found = Vec::new();
    for (x, tile) in tiles.iter().enumerate() {
        let k = tile.class as usize;
        let row = tile.base as usize;
        let later = tile.index as usize + 1;
        for (i, &word) in table.0[row..row + size(k).div_ceil(64)]
            .iter()
            .enumerate()
            .skip(later / 64)
        {
            // The pairs with later tiles of the class.
            let mut word = if i == later / 64 {
                word & (u64::MAX << (later % 64))
            } else {
                word
            };
            while word != 0 {
                let j = i * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                found.push(Move::new(at[x], at[members[first[k] + j] as usize]));
            }
        }
    }
    found
}

/// Sweeps the free runs along the columns, then along the rows, of
/// `board`'s field, keeping the pairs of `tiles` (at `at`) in `keep`.
fn sweep_both(
    board: &Board,
    rules: &Rules,
    tiles: &[Tile],
    at: &[Pos],
    classes: usize,
    keep: &mut impl Keep,
) {
    let pad = usize::from(rules.border() == Border::Open);
    let (h, w) = (board.rows() + 2 * pad, board.cols() + 2 * pad);
    let mut sweep = Sweep::new(classes);
    // Runs along columns: across them lie the rows, with their tiles in
    // the tiles' (row-major) order.
    let rows = Across::new(
        h,
        at.iter()
            .zip(tiles)
            .map(|(p, &tile)| (p.row + pad, p.col + pad, tile)),
    );
    sweep.run(&rows, w, keep);
    // Runs along rows: across them lie the columns.
    let columns = Across::new(
        w,
        at.iter()
            .zip(tiles)
            .map(|(p, &tile)| (p.col + pad, p.row + pad, tile)),
    );
    sweep.run(&columns, h, keep);
}

/// A tile as the sweeps see it.
#[derive(Clone, Copy, Debug, Default)]
struct Tile {
    /// Its dense class number.
    class: u32,
    /// For a [`Table`], its place among the tiles of its class (they come
    /// in order); for a [`List`], its number.
    index: u32,
    /// For a [`Table`], where its row starts.
    base: u32,
}

/// Where pairs found are kept: a pair can be found many times.
trait Keep {
    /// Keeps the pair of `tile` and `other`, of one class, in either order.
    fn keep(&mut self, tile: Tile, other: Tile);
}

/// A bit per pair of tiles of one class: a row of bits per tile, its bit
/// `j` for the class's `j`-th tile. A pair found is set in the row of the
/// tile that found it (so the bits that one tile sets lie together); read
/// with [`Table::symmetric`].
struct Table(Vec<u64>);

impl Keep for Table {
    fn keep(&mut self, tile: Tile, other: Tile) {
        let j = other.index as usize;
        self.0[tile.base as usize + j / 64] |= 1 << (j % 64);
    }
}

impl Table {
    /// Makes the `n × n` square of bits from word `base` on (rows of
    /// `n.div_ceil(64)` words) symmetric: a bit set in row `i`, column `j`
    /// is then set in row `j`, column `i` too.
    fn symmetric(&mut self, base: usize, n: usize) {
        if n <= SMALL_CLASS {
            // A row of one word each: mirror each set bit on its own, at
            // most n² steps, far fewer than two 64 × 64 transposes (most
            // classes have four tiles).
            let rows = &mut self.0[base..base + n];
            for i in 0..n {
                let mut word = rows[i];
                while word != 0 {
                    let j = word.trailing_zeros() as usize;
                    word &= word - 1;
                    rows[j] |= 1 << i;
                }
            }
            return;
        }
        let words = n.div_ceil(64);
        // The 64 × 64 block of rows `64 bi..` and word `bj`, rows past `n`
        // as zeros.
        let block = |bits: &[u64], bi: usize, bj: usize| {
            let mut b = [0u64; 64];
            for (r, row) in (bi * 64..n.min(bi * 64 + 64)).enumerate() {
                b[r] = bits[base + row * words + bj];
            }
            b
        };
        for bi in 0..words {
            for bj in bi..words {
                let (mut a, mut b) = (block(&self.0, bi, bj), block(&self.0, bj, bi));
                let (a0, b0) = (a, b);
                transpose(&mut a);
                transpose(&mut b);
                for (r, row) in (bi * 64..n.min(bi * 64 + 64)).enumerate() {
                    self.0[base + row * words + bj] = a0[r] | b[r];
                }
                for (r, row) in (bj * 64..n.min(bj * 64 + 64)).enumerate() {
                    self.0[base + row * words + bi] = b0[r] | a[r];
                }
            }
        }
    }
}

/// The most tiles of a class whose pairs [`Table::symmetric`] mirrors bit
/// by bit rather than by transposing 64 × 64 blocks.
const SMALL_CLASS: usize = 32;

/// Transposes a 64 × 64 matrix of bits: row `r` is word `r`, column `c`
/// its bit `c`.
fn transpose(m: &mut [u64; 64]) {
    let mut width = 32;
    let mut mask: u64 = 0x0000_0000_ffff_ffff;
    while width != 0 {
        let mut k = 0;
        while k < 64 {
            // Swap the upper-right and lower-left quarters of each block.
            let t = ((m[k] >> width) ^ m[k + width]) & mask;
            m[k] ^= t << width;
            m[k + width] ^= t;
            k = (k + width + 1) & !width;
        }
        width >>= 1;
        mask ^= mask << width;
    }
}

/// Every pair as found, tile numbers (the `index`es) packed in a word, to
/// sort and deduplicate.
struct List(Vec<u64>);

impl Keep for List {
    fn keep(&mut self, tile: Tile, other: Tile) {
        let (x, y) = (tile.index.min(other.index), tile.index.max(other.index));
        self.0.push(u64::from(x) << 32 | u64::from(y));
    }
}

/// The tiles on each of the lines across a sweep's lines (the rows when the
/// sweep's lines are columns), in order along it (tiles come row by row,
/// so a column's come in order too).
struct Across {
    /// Per line, where its tiles start in `place` and `tile` (and one past
    /// the last line).
    start: Vec<u32>,
    /// Each tile's place along its line (its column on a row).
    place: Vec<u32>,
    tile: Vec<Tile>,
}

impl Across {
    /// From `(line, place along it, tile)` on `lines` lines, each line's
    /// tiles in order along it.
    fn new(lines: usize, tiles: impl Iterator<Item = (usize, usize, Tile)> + Clone) -> Across {
        let mut start = vec![0u32; lines + 1];
        for (line, _, _) in tiles.clone() {
            start[line + 1] += 1;
        }
        for line in 0..lines {
            start[line + 1] += start[line];
        }
        let count = start[lines] as usize;
        let (mut place, mut tile) = (vec![0u32; count], vec![Tile::default(); count]);
        let mut cursor = start.clone();
        for (line, at, t) in tiles {
            let i = cursor[line] as usize;
            cursor[line] += 1;
            place[i] = at as u32;
            tile[i] = t;
        }
        Across { start, place, tile }
    }
}

/// Sweeps over the free runs, one line after the other, each line from
/// its start: the tiles touching the open run, listed by class.
///
/// The touchers of a run are the tiles closing it and, for each of its
/// cells, the nearest tiles before and after it on the line across, read
/// from [`Across`] by keeping, per line across, its first tile not yet
/// passed ([`Line`]). A new toucher is paired with the run's earlier
/// touchers of its class, but for those that touch the run through cells
/// whose neighbours on the previous line lie in the same run of that line
/// as the new toucher's: such a pair was already found there (each
/// touches that run through those cells too). As the runs of the previous
/// line come one after the other along the run, those touchers are the
/// class's last ones listed, so they are skipped at no cost. The pairs
/// found through a run are then those of tiles that touch it from
/// different runs of the previous line, or close it: a pair is found about
/// once per stretch of lines along which its middle segment is free.
struct Sweep {
    /// Per class, its touchers of the open run.
    lists: Vec<ClassList>,
    /// The open run's number (runs are numbered from 1 across both
    /// sweeps).
    run: u32,
}

/// One class's touchers of one run.
struct ClassList {
    /// The run they touch: the list is stale when it is not the open run.
    run: u32,
    /// In the order they came.
    tiles: Vec<Tile>,
    /// Where the last ones, that touch the run through one run `part` of the
    /// previous line, start in `tiles`.
    from: usize,
    part: u32,
}

/// A line across the swept lines, during a sweep.
struct Line {
    /// Its tiles in [`Across`]: `first..end`.
    first: u32,
    end: u32,
    /// Its first tile not yet passed, and that tile's place (`u32::MAX`
    /// when none is left).
    next: u32,
    place: u32,
    /// The run holding its cell on the previous swept line (NEW when that
    /// cell is a tile, or on the first line).
    run: u32,
}

impl Sweep {
    fn new(classes: usize) -> Sweep {
        Sweep {
            lists: (0..classes)
                .map(|_| ClassList {
                    run: NEW,
                    tiles: Vec::new(),
                    from: 0,
                    part: NEW,
                })
                .collect(),
            run: 0,
        }
    }

    /// Keeps the pairs through the free runs along `lines` lines, each
    /// crossing every line of `across` at the place of its own number, and
    /// the neighbours along them.
    fn run(&mut self, across: &Across, lines: usize, keep: &mut impl Keep) {
        let crossing = across.start.len() - 1;
        let place_of = |e: u32, end: u32| {
            if e < end {
                across.place[e as usize]
            } else {
                u32::MAX
            }
        };
        let mut state: Vec<Line> = (0..crossing)
            .map(|a| {
                let (first, end) = (across.start[a], across.start[a + 1]);
                Line {
                    first,
                    end,
                    next: first,
                    place: place_of(first, end),
                    run: NEW,
                }
            })
            .collect();
        for line in 0..lines as u32 {
            let mut open = false;
            // The tile at the previous cell of this line, if any.
            let mut last: Option<Tile> = None;
            for st in &mut state {
                if st.place == line {
                    let t = across.tile[st.next as usize];
                    st.next += 1;
                    st.place = place_of(st.next, st.end);
                    st.run = NEW;
                    if open {
                        self.touch(t, NEW, keep);
                        open = false;
                    } else if let Some(n) = last.filter(|n| n.class == t.class) {
                        keep.keep(t, n);
                    }
                    last = Some(t);
                    continue;
                }
                if !open {
                    open = true;
                    self.run += 1;
                    if let Some(n) = last {
                        self.touch(n, NEW, keep);
                    }
                }
                last = None;
                let part = std::mem::replace(&mut st.run, self.run);
                if st.next > st.first {
                    self.touch(across.tile[st.next as usize - 1], part, keep);
                }
                if st.next < st.end {
                    self.touch(across.tile[st.next as usize], part, keep);
                }
            }
        }
    }

    /// Tile `t` touches the open run, through a cell that lies in run
    /// `part` on the previous line (NEW when none, or when `t` closes the
    /// run): pairs it with the run's earlier touchers of its class but for
    /// those of the same part.
    fn touch(&mut self, t: Tile, part: u32, keep: &mut impl Keep) {
        let list = &mut self.lists[t.class as usize];
        if list.run != self.run {
            list.run = self.run;
            list.tiles.clear();
            list.part = NEW;
        }
        if part == NEW || part != list.part {
            list.part = part;
            list.from = list.tiles.len();
        }
        for &other in &list.tiles[..list.from] {
            keep.keep(t, other);
        }
        list.tiles.push(t);
    }
}

#[cfg(test)]
mod tests {
    use grid_core::SplitMix64;

    use super::*;

    /// `transpose` and `Table::symmetric` against bit by bit.
    #[test]
    fn transposed_and_symmetric_bits() {
        let mut rng = SplitMix64::new(0x7472_616e);
        let mut m = [0u64; 64];
        for word in &mut m {
            *word = rng.next_u64();
        }
        let mut t = m;
        transpose(&mut t);
        for (r, c) in (0..64).flat_map(|r| (0..64).map(move |c| (r, c))) {
            assert_eq!(t[c] >> r & 1, m[r] >> c & 1, "{r} {c}");
        }
        for n in [1usize, 2, 4, 31, 32, 33, 63, 64, 65, 130, 200] {
            let words = n.div_ceil(64);
            // A square after three words of something else.
            let mut bits: Vec<u64> = (0..3 + n * words).map(|_| rng.next_u64()).collect();
            for row in 0..n {
                // Columns past `n` stay clear.
                if n % 64 != 0 {
                    bits[3 + row * words + words - 1] &= (1 << (n % 64)) - 1;
                }
            }
            let bit =
                |bits: &[u64], i: usize, j: usize| bits[3 + i * words + j / 64] >> (j % 64) & 1;
            let mut table = Table(bits.clone());
            table.symmetric(3, n);
            assert_eq!(table.0[..3], bits[..3]);
            for (i, j) in (0..n).flat_map(|i| (0..n).map(move |j| (i, j))) {
                assert_eq!(
                    bit(&table.0, i, j),
                    bit(&bits, i, j) | bit(&bits, j, i),
                    "{n}: {i} {j}"
                );
            }
        }
    }
}
