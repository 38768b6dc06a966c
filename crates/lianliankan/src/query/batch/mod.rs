//! Many queries on one fixed board, answered together: the judge's way.
//!
//! [`Connector`] answers one query in O(rows + cols) on a board that may
//! change between queries. A judge's board does not change while its queries
//! are answered, and nothing bounds how many queries follow it; answered one
//! by one, a million queries on a 1000 × 1000 board cost 2·10⁹ steps. Here a
//! board's queries are answered together in a few sweeps, so that a board and
//! its q queries cost O(rows·cols + q·log(rows·cols)) in all. The answers
//! are exactly [`Connector`]'s: the same paths, corner for corner.
//!
//! A path with at most two turns is a straight line, an L, or a Z/U/C whose
//! middle segment lies on a column (or a row) that both ends' free runs
//! reach. Everything is worked out on the *field*: the board, inside an
//! empty ring for [`Border::Open`], kept as the set of its tiles' row-major
//! indices in a [`Nearest`], and the same for the field transposed, so that
//! every step written for rows serves columns too.
//!
//! 1. Free runs. The empty stretch around each end of a query along its row
//!    runs between the nearest tiles before and after it, which [`Nearest`]
//!    finds in O(log₆₄ cells); the transposed field gives the runs along
//!    columns. Straight lines and Ls follow from the runs in O(1).
//! 2. Middle columns, for the queries left. A column `c` can carry the
//!    middle segment between rows `top < bottom` when it has no tile in rows
//!    `top..=bottom`, that is when its last tile at or above `bottom` lies
//!    above `top`. A sweep down the rows keeps every column's last tile so
//!    far in a min-tree; at row `bottom` the queries whose lower end is there
//!    ask the tree for the usable column nearest their ends (the first
//!    between the ends, else the nearest on either side) in O(log cols).
//!    The transposed field gives the middle rows.
//!
//! Which pairs join, and how, is the connection rule's (`connection/`):
//! a pair it joins by the standard path is answered as above; by the
//! straight segment (line), at once; by its own path (four-rivers'
//! neighbours), by [`Connector`] on a board built once per board (the
//! first batch that needs it).
//!
//! The judge hands over a board's queries in chunks sized by the board
//! (`chunk_for`), so that memory follows the board and one chunk, while
//! the sweeps, one pair per chunk, cost a few steps per query.

use grid_core::{Frame, Grid, Nearest, Path, Pos};

mod middle;

use middle::{MiddleTask, Run, Sweep};

use super::board::{Board, BoardError, MAX_KIND, check_kinds};
use super::connect::{Connector, OffBoard};
use crate::connection::{ConnectionRule, Join, Rule};
use crate::rules::{Border, Rules};

/// Answers many connection queries on one fixed board at once, keeping its
/// buffers from one board to the next.
///
/// ```
/// use lianliankan::{Batch, Grid, Pos, Rules};
///
/// let kinds = Grid::from_vec(3, 4, vec![1, 2, 3, 4, 0, 0, 0, 0, 4, 3, 2, 1]).unwrap();
/// let mut batch = Batch::new();
/// batch.set_board(&kinds, Rules::default()).unwrap();
/// batch.answer(&[(Pos::new(0, 0), Pos::new(2, 3)), (Pos::new(0, 0), Pos::new(0, 1))]).unwrap();
/// assert_eq!(batch.path(0).unwrap().turns(), 2);
/// assert!(!batch.is_match(1));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Batch {
    /// The board's rows and columns.
    size: (usize, usize),
    /// The kinds of its tiles, in row-major order; and for each word of
    /// `field`'s members, how many tiles the words before it hold, so that
    /// a cell's kind is found by counting the tiles before it (no grid of
    /// every cell: the judge reads a board a row at a time and keeps only
    /// its tiles).
    tile_kinds: Vec<u32>,
    tiles_before: Vec<usize>,
    rules: Rules,
    /// Where paths run: the board's tiles, inside an empty ring for the open
    /// border (`frame` converts board cells to field cells), as
    /// the set of row-major indices of its tiles.
    field: Nearest,
    /// The same for the field transposed: its rows are the field's columns.
    across: Nearest,
    /// The field's rows and columns.
    rows: usize,
    cols: usize,
    /// The board inside the field: pad 1 for the open border, 0 otherwise.
    frame: Frame,
    /// The last batch's queries (board coordinates) and answers.
    queries: Vec<(Pos, Pos)>,
    found: Vec<Found>,
    /// The queries of two tiles of one kind.
    matchable: Vec<usize>,
    /// Paths with more than two turns, indexed by [`Found::Long`].
    long: Vec<Path>,
    /// Two-turn searches waiting for the sweeps: the query, its task with
    /// the middle on a column, and its task with the middle on a row (on the
    /// transposed field), at the same index.
    pending: Vec<usize>,
    by_column: Vec<MiddleTask>,
    by_row: Vec<MiddleTask>,
    sweep: Sweep,
    /// With `max_turns > 2`: the board for the minimum-turn search, made
    /// when a batch first needs it.
    searched: Option<(Board, Connector)>,
}

/// Cells looked at together when finding the tiles of a board: an empty
/// block is skipped after one OR of its cells; in the others, one bit a
/// cell, made in a few vector instructions, then only the tiles are
/// visited (a block's bits fill one `u32`).
const TILE_BLOCK: usize = 32;

/// Calls `found(c)` for the column `c` of each tile (nonzero cell) of
/// `row`, in order; returns whether a kind is above [`MAX_KIND`] (only
/// `u32::MAX` is). Most blocks of a sparse row are empty: one OR of the
/// block tells.
#[inline]
fn for_each_tile(row: &[u32], mut found: impl FnMut(usize)) -> bool {
    let mut bad = false;
    for (b, block) in row.chunks(TILE_BLOCK).enumerate() {
        if block.iter().fold(0, |any, &k| any | k) == 0 {
            continue;
        }
        // Folds that run on vectors: one bit a tile, and the check.
        let mut tiles =
            (block.iter().enumerate()).fold(0u32, |bits, (j, &k)| bits | u32::from(k != 0) << j);
        bad |= block.iter().fold(false, |bad, &k| bad | (k == u32::MAX));
        while tiles != 0 {
            found(b * TILE_BLOCK + tiles.trailing_zeros() as usize);
            tiles &= tiles - 1;
        }
    }
    bad
}

/// The answer to one query; the shapes are in field coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    No,
    Straight,
    /// One turn, at (a.row, b.col).
    CornerOnRowOfA,
    /// One turn, at (b.row, a.col).
    CornerOnRowOfB,
    /// Two turns, the middle segment on this field column.
    MiddleColumn(usize),
    /// Two turns, the middle segment on this field row.
    MiddleRow(usize),
    /// More than two turns: this path of `Batch::long`.
    Long(usize),
}

/// How many queries the judge takes at a time on a board of `cells`
/// cells: at least 4096, and enough that the sweeps over the board (one
/// per chunk) cost at most a few steps per query.
pub(crate) fn chunk_for(cells: usize) -> usize {
    4096.max(cells / 16)
}

impl Batch {
    /// A batch with no board and empty buffers.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes `kinds` (0 = empty) the board that [`Batch::answer`] answers
    /// on, under `rules`. The batch keeps the tiles, not the grid.
    ///
    /// # Errors
    /// [`BoardError::KindTooLarge`] for a kind above [`crate::MAX_KIND`]; the
    /// batch then holds an empty board.
    ///
    /// # Complexity
    /// O(rows·cols).
    pub fn set_board(&mut self, kinds: &Grid<u32>, rules: Rules) -> Result<(), BoardError> {
        const _: () = assert!(MAX_KIND == u32::MAX - 1);
        self.begin_board(kinds.rows(), kinds.cols(), rules);
        // One pass over the cells finds the tiles and checks the kinds.
        let mut bad = false;
        for (r, row) in kinds.row_slices().enumerate() {
            bad |= for_each_tile(row, |c| {
                if row[c] <= MAX_KIND {
                    self.push_tile(Pos::new(r, c), row[c]);
                }
            });
        }
        if bad {
            let rules = std::mem::take(&mut self.rules);
            self.begin_board(0, 0, rules);
            self.end_board();
            return check_kinds(kinds);
        }
        self.end_board();
        Ok(())
    }

    /// Starts a board of `rows` × `cols` cells under `rules`, with no
    /// tiles yet: [`Batch::push_tile`] adds them, [`Batch::end_board`]
    /// makes it ready to answer. This is how the judge hands over a board
    /// as it reads it, a row at a time.
    pub(crate) fn begin_board(&mut self, rows: usize, cols: usize, rules: Rules) {
        let pad = usize::from(rules.border() == Border::Open);
        self.rules = rules;
        self.searched = None;
        self.size = (rows, cols);
        self.frame = Frame::new(rows, cols, pad);
        (self.rows, self.cols) = (self.frame.outer_rows(), self.frame.outer_cols());
        self.field.reset(self.rows * self.cols);
        self.across.reset(self.rows * self.cols);
        self.tile_kinds.clear();
    }

    /// Adds a tile of `kind` (1 to [`MAX_KIND`]) at board cell `p`, which
    /// must come after every tile added before it in row-major order.
    #[inline]
    pub(crate) fn push_tile(&mut self, p: Pos, kind: u32) {
        debug_assert!((1..=MAX_KIND).contains(&kind), "kind {kind} at {p:?}");
        let q = self.frame.to_outer(p);
        self.field.insert(q.row * self.cols + q.col);
        self.across.insert(q.col * self.rows + q.row);
        self.tile_kinds.push(kind);
    }

    /// Ends the board begun by [`Batch::begin_board`]: counts the tiles
    /// before each word of members.
    ///
    /// # Complexity
    /// O(rows·cols / 64).
    pub(crate) fn end_board(&mut self) {
        let mut count = 0;
        self.tiles_before.clear();
        self.tiles_before
            .extend(self.field.words().iter().map(|&word| {
                let before = count;
                count += word.count_ones() as usize;
                before
            }));
        debug_assert_eq!(count, self.tile_kinds.len(), "a tile added twice");
    }

    /// The board's rows and columns.
    #[must_use]
    pub fn size(&self) -> (usize, usize) {
        self.size
    }

    /// The kind at `pos` (0 for an empty cell), `None` off the board.
    ///
    /// # Complexity
    /// O(1).
    #[must_use]
    pub fn kind(&self, pos: Pos) -> Option<u32> {
        let (rows, cols) = self.size;
        (pos.row < rows && pos.col < cols).then(|| {
            let q = self.frame.to_outer(pos);
            let i = q.row * self.cols + q.col;
            let word = self.field.words()[i / 64];
            if word >> (i % 64) & 1 == 0 {
                return 0;
            }
            let below = (word & ((1 << (i % 64)) - 1)).count_ones() as usize;
            self.tile_kinds[self.tiles_before[i / 64] + below]
        })
    }

    /// The board's kinds as a grid (0 = empty), as given to
    /// [`Batch::set_board`].
    ///
    /// # Complexity
    /// O(rows·cols).
    #[must_use]
    pub fn to_grid(&self) -> Grid<u32> {
        let (rows, cols) = self.size;
        let mut grid = Grid::new(rows, cols, 0);
        let members = self.field.members_in(0, self.field.len());
        for (i, &kind) in members.zip(&self.tile_kinds) {
            let p = (self.frame)
                .board_pos(Pos::new(i / self.cols, i % self.cols))
                .expect("tiles lie on the board");
            grid[p] = kind;
        }
        grid
    }

    /// Answers `queries` on the board; [`Batch::is_match`] and
    /// [`Batch::path`] then tell each answer, in the order of `queries`.
    /// The paths are the ones [`Connector::connect`] returns.
    ///
    /// # Errors
    /// [`OffBoard`] for the first query naming a cell off the board; nothing
    /// is answered then.
    ///
    /// # Complexity
    /// For `max_turns <= 2`: O(q) for the runs and the paths with at most
    /// one turn, then, for the queries left, two sweeps down the field
    /// (rows, then columns) in O(rows·cols / 64 + tiles + rows + cols) plus
    /// O(log q + log(rows + cols)) per query (a sort by row, then the tree).
    /// With `max_turns > 2`, O(rows·cols) more per query that needs more
    /// than two turns. Memory: O(q) besides the board's.
    pub fn answer(&mut self, queries: &[(Pos, Pos)]) -> Result<(), OffBoard> {
        let size = self.size;
        if let Some(&pos) = queries
            .iter()
            .flat_map(|(a, b)| [a, b])
            .find(|p| p.row >= size.0 || p.col >= size.1)
        {
            return Err(OffBoard { pos, size });
        }
        self.queries.clear();
        self.queries.extend_from_slice(queries);
        self.found.clear();
        self.long.clear();
        self.pending.clear();
        self.by_column.clear();
        self.by_row.clear();
        let max_turns = self.rules.max_turns();
        // The kinds first, in a loop of independent loads: on a big board
        // they miss the cache, and this way the misses overlap.
        let mut matchable = std::mem::take(&mut self.matchable);
        matchable.clear();
        let kind = |p| self.kind(p).expect("queries were checked");
        let groups = &self.rules.groups();
        matchable.extend(queries.iter().enumerate().filter_map(|(i, &(a, b))| {
            let (kind, other) = (kind(a), kind(b));
            let matching = kind == other || (other != 0 && groups.matches(kind, other));
            (a != b && kind != 0 && matching).then_some(i)
        }));
        self.found.resize(queries.len(), Found::No);
        let rule = Rule::of(&self.rules);
        let (mut standard_paths, mut own_paths) = (false, false);
        for &i in &matchable {
            let (a, b) = queries[i];
            self.found[i] = match rule.join(a, b) {
                Join::Segment => Found::Straight,
                Join::Never => Found::No,
                // The rule's own paths: `Connector`'s, below.
                Join::OwnPath => {
                    own_paths = true;
                    Found::No
                }
                Join::StandardPath => {
                    standard_paths = true;
                    self.short_path(i, a, b, max_turns)
                }
            };
        }
        self.matchable = matchable;
        if !self.pending.is_empty() {
            self.find_middles();
        }
        if (max_turns > 2 && standard_paths) || own_paths {
            self.find_long_paths(rule);
        }
        Ok(())
    }

    /// Number of queries answered by the last [`Batch::answer`].
    #[must_use]
    pub fn len(&self) -> usize {
        self.found.len()
    }

    /// Whether the last [`Batch::answer`] had no queries.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// Whether query `i` of the last batch can be matched.
    ///
    /// # Panics
    /// If `i >= self.len()`.
    #[must_use]
    pub fn is_match(&self, i: usize) -> bool {
        self.found[i] != Found::No
    }

    /// The path of query `i` of the last batch, as [`Connector::connect`]
    /// gives it: fewest turns, then fewest steps.
    ///
    /// # Panics
    /// If `i >= self.len()`.
    #[must_use]
    pub fn path(&self, i: usize) -> Option<Path> {
        let frame = self.frame;
        let (a, b) = self.queries[i];
        let (a, b) = (frame.to_outer(a), frame.to_outer(b));
        let corners: &[Pos] = match self.found[i] {
            Found::No => return None,
            Found::Long(k) => return Some(self.long[k].clone()),
            Found::Straight => &[a, b],
            Found::CornerOnRowOfA => &[a, Pos::new(a.row, b.col), b],
            Found::CornerOnRowOfB => &[a, Pos::new(b.row, a.col), b],
            Found::MiddleColumn(c) => &[a, Pos::new(a.row, c), Pos::new(b.row, c), b],
            Found::MiddleRow(r) => &[a, Pos::new(r, a.col), Pos::new(r, b.col), b],
        };
        Some(Path::new(
            corners.iter().map(|&p| frame.to_point(p)).collect(),
        ))
    }

    /// The free run of field cell `p` along its row (`across`: along its
    /// column).
    fn run(&self, p: Pos, across: bool) -> Run {
        let (set, line, at, width) = if across {
            (&self.across, p.col, p.row, self.rows)
        } else {
            (&self.field, p.row, p.col, self.cols)
        };
        let start = line * width;
        let i = start + at;
        Run {
            lo: set
                .before(i)
                .filter(|&t| t >= start)
                .map_or(0, |t| t - start + 1),
            hi: set
                .after(i)
                .filter(|&t| t < start + width)
                .map_or(width - 1, |t| t - start - 1),
        }
    }

    /// The path of query `i` (board cells `a` and `b`, two tiles of one
    /// kind) if it has at most one turn; otherwise, with `max_turns >= 2`,
    /// queues its two-turn searches and answers `No` for now.
    fn short_path(&mut self, i: usize, a: Pos, b: Pos, max_turns: usize) -> Found {
        let (a, b) = (self.frame.to_outer(a), self.frame.to_outer(b));
        let (row_a, row_b) = (self.run(a, false), self.run(b, false));
        let (col_a, col_b) = (self.run(a, true), self.run(b, true));
        if a.row == b.row {
            if row_a.hi + 1 == b.col || b.col + 1 == row_a.lo {
                return Found::Straight;
            }
        } else if a.col == b.col {
            if col_a.hi + 1 == b.row || b.row + 1 == col_a.lo {
                return Found::Straight;
            }
        } else if max_turns >= 1 {
            if row_a.reaches(b.col) && col_b.reaches(a.row) {
                return Found::CornerOnRowOfA;
            }
            if row_b.reaches(a.col) && col_a.reaches(b.row) {
                return Found::CornerOnRowOfB;
            }
        }
        if max_turns >= 2 {
            let transpose = |p: Pos| Pos::new(p.col, p.row);
            let by_column = MiddleTask::new(a, b, row_a, row_b);
            let by_row = MiddleTask::new(transpose(a), transpose(b), col_a, col_b);
            if by_column.is_possible() || by_row.is_possible() {
                self.pending.push(i);
                self.by_column.push(by_column);
                self.by_row.push(by_row);
            }
        }
        Found::No
    }

    /// Answers the pending two-turn searches: a sweep down the field's rows
    /// for middle columns, one down its columns for middle rows, and the
    /// shorter path of the two (the middle column on a tie).
    fn find_middles(&mut self) {
        let by_column = self
            .sweep
            .best_middles(&self.field, self.cols, &self.by_column);
        let by_row = self
            .sweep
            .best_middles(&self.across, self.rows, &self.by_row);
        for ((&i, column), row) in self.pending.iter().zip(by_column).zip(by_row) {
            self.found[i] = match (column, row) {
                (Some((len_c, c)), Some((len_r, _))) if len_c <= len_r => Found::MiddleColumn(c),
                (_, Some((_, r))) => Found::MiddleRow(r),
                (Some((_, c)), None) => Found::MiddleColumn(c),
                (None, None) => Found::No,
            };
        }
    }

    /// With `max_turns > 2`: the matchable pairs `rule` joins by the
    /// standard path and that have no short path get the minimum-turn
    /// search; the pairs it joins by its own path (four-rivers'
    /// neighbours) get [`Connector`]'s (whatever the turn limit).
    fn find_long_paths(&mut self, rule: Rule) {
        for &i in &self.matchable {
            if self.found[i] != Found::No {
                continue;
            }
            let (a, b) = self.queries[i];
            let searched = match rule.join(a, b) {
                Join::StandardPath => self.rules.max_turns() > 2,
                Join::OwnPath => true,
                Join::Segment | Join::Never => false,
            };
            if !searched {
                continue;
            }
            if self.searched.is_none() {
                let board =
                    Board::of_any_size(&self.to_grid()).expect("kinds no larger than MAX_KIND");
                self.searched = Some((board, Connector::new()));
            }
            let (board, connector) = self.searched.as_mut().expect("made above");
            if let Some(path) = connector
                .connect(board, a, b, &self.rules)
                .expect("queries were checked")
            {
                self.found[i] = Found::Long(self.long.len());
                self.long.push(path);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_runs_stop_at_tiles_and_the_field_edge() {
        let kinds =
            Grid::from_vec(2, 8, vec![0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        let mut batch = Batch::new();
        batch.set_board(&kinds, Rules::default()).unwrap();
        let run = |lo, hi| Run { lo, hi };
        assert_eq!(batch.run(Pos::new(0, 4), false), run(2, 6));
        assert_eq!(batch.run(Pos::new(0, 1), false), run(0, 3));
        assert_eq!(batch.run(Pos::new(1, 0), false), run(0, 7));
        assert_eq!(batch.run(Pos::new(0, 7), false), run(5, 7));
        assert_eq!(batch.run(Pos::new(0, 1), true), run(0, 1));
        assert_eq!(batch.run(Pos::new(1, 0), true), run(0, 1));
        // With the ring, the field is 4 x 10 and runs may enter it.
        let open = Rules::default().with_border(Border::Open).unwrap();
        batch.set_board(&kinds, open).unwrap();
        assert_eq!(batch.run(Pos::new(1, 2), false), run(0, 4));
        assert_eq!(batch.run(Pos::new(1, 2), true), run(0, 3));
    }
}
