//! Dead positions under a one-pass gravity: tiles that no play can ever
//! remove.
//!
//! Under a gravity mode with one pass (`down`, `up`, `left`, `right`, the
//! split modes, `top-left-bottom-right`, `left-down-right-up`) the board
//! falls apart into *lines*, each compacted toward one end after every
//! removal, and a tile never leaves its line nor passes another tile of it.
//! On a compacted board a tile's cell is therefore fixed by how many tiles
//! of its line remain before it (nearer the end they slide to); the cells of
//! a line from its count of tiles on are empty.
//!
//! # The closure
//! The test grows a set R of tiles that *might* be removed some day, as the
//! search without gravity does; what changes is where tiles can be when
//! they are removed. Write nr(L) for the number of tiles of line L outside
//! R. At any later moment every tile outside R is still there, so:
//! - line L holds at least nr(L) tiles, and its cells from index nr(L) on
//!   are the only ones that can be empty;
//! - a tile t has between lo(t) (the tiles outside R before it) and its
//!   present count of tiles before it, so it is on one of those cells of
//!   its line;
//! - the tile right after t is there unless every tile after t is in R,
//!   and the tile right before t is there unless t is first in its line.
//!
//! A tile t joins R when a path of at most K turns can lead from one of
//! t's possible cells to one of a partner's possible cells through cells
//! that can be empty: a search from all of t's cells at once, which leaves
//! t along its line only where the line can be open there (nothing after t
//! outside R, or t first in its line), ends on a partner's cell along the
//! partner's line only under the same conditions, and in which the cells
//! that can be empty are the "relaxed" board. A partner in t's own line,
//! with only tiles of R between them, can become t's neighbour: t joins
//! too. (These side conditions matter: without them the test finds far
//! fewer dead positions.)
//!
//! A failed search is not repeated until something it depends on changes:
//! a cell it ran into opens, or the possible cells of t or of a partner
//! grow or open along the line. R is the least set closed under these
//! joins, whatever the order tiles are tried in; the order only decides
//! how many searches fail first. The tiles are tried in the order the tiles
//! on their cells joined R in the last test that found none dead: the
//! search tests one position after another, each a removal away from one
//! tested before, and their tiles join in much the same order.
//!
//! *Why a tile left outside R is never removed.* Take any play, and its
//! first removal of a tile outside R, say t with partner u. Every tile
//! removed before is in R, so every tile outside R is still on the board,
//! t and u are on cells in their ranges, and the path between them runs
//! through empty cells, which the relaxed board has empty too; a path that
//! leaves t along its line either goes straight to u (then t and u were
//! neighbours in the line with everything between them removed: all in R)
//! or finds the line open there, and likewise where it reaches u. So the
//! search from t finds u's cell and t would have joined R. Hence a position
//! with a tile outside R is lost.

use grid_core::{Dir, Grid, Pos};

use super::budget::Effort;
use super::tiles::{Cell, Kind};
use crate::engine::bit_rows::dir_bit;
use crate::engine::reach::{DIRS, Field};
use crate::rules::Border;

/// The test, with its buffers, for one board size, gravity and rules.
pub(crate) struct StuckTest {
    /// The lines, each the row-major board indices of its cells from the
    /// end its tiles slide toward.
    lines: Vec<Vec<usize>>,
    /// Per line: the direction from its first cell to its second (as
    /// [`Field::step`]); `None` for a line of one
    /// cell, whose tile may leave and be reached on every side.
    forward: Vec<Option<Dir>>,
    /// Per board cell (row-major): its field index.
    field_index: Vec<Cell>,
    /// The relaxed board: 0 where a cell can be empty, 1 where it cannot.
    field: Field,
    max_turns: usize,
    /// The possible cells of the partners in the current search, each with
    /// the directions of arrival a path may end there with (a bit per
    /// direction).
    targets: Vec<(Cell, u8)>,
    /// Per field cell: the version of R at which it opened (0 = not yet).
    opened_at: Vec<u32>,
    /// The occupied cells failed searches ran into (ranges by tile).
    hit_log: Vec<Cell>,
    /// The starts of the current search.
    sources: Vec<(Cell, Dir)>,
    /// The position under test (buffers kept from test to test).
    position: Position,
    /// Per board cell: when the tile there joined R in the last test that
    /// found no dead tile (`u32::MAX`: never), the order in which the next
    /// test tries the tiles.
    join_rank: Vec<u32>,
    /// The board cells of the tiles that joined R in this test, in order.
    joined: Vec<usize>,
    /// The searches made, over all tests (a measure of the work).
    searches: u64,
}

/// One tile of the position.
#[derive(Clone)]
struct Tile {
    /// Its line.
    line: usize,
    /// Its index in its line: how many tiles are before it.
    index: usize,
    /// How many tiles outside R are before it and after it on its line
    /// (kept up to date as tiles join R).
    before: u32,
    after: u32,
    class: Kind,
    /// When its last search failed (a version of R; 0 = never searched),
    /// and the occupied cells that search ran into (a range of `hit_log`):
    /// it can only succeed again once one of them opens, or its possible
    /// cells or a partner's change.
    tested_at: u32,
    /// The version of R at which its possible cells last changed: more of
    /// them (a tile before it joined R), or its line now open after it.
    moved_at: u32,
    /// See `tested_at`.
    hits: std::ops::Range<usize>,
}

impl StuckTest {
    /// The test for `rows × cols` boards under gravity with these `lines`
    /// (from [`Passes::lines`](crate::engine::settle::Passes::lines)).
    ///
    /// # Complexity
    /// O(rows·cols).
    pub(crate) fn new(
        rows: usize,
        cols: usize,
        lines: &[Vec<usize>],
        border: Border,
        max_turns: usize,
    ) -> StuckTest {
        let field = Field::from_kinds(Grid::new(rows, cols, 0), border);
        let field_index: Vec<Cell> = (0..rows * cols)
            .map(|i| field.index(Pos::new(i / cols, i % cols)))
            .collect();
        let forward = lines
            .iter()
            .map(|line| match line.as_slice() {
                [a, b, ..] => {
                    let (a, b) = (field_index[*a], field_index[*b]);
                    DIRS.into_iter().find(|&dir| field.step(a, dir) == b)
                }
                _ => None,
            })
            .collect();
        let opened_at = vec![0; field.len()];
        StuckTest {
            lines: lines.to_vec(),
            forward,
            field_index,
            field,
            max_turns,
            targets: Vec::new(),
            opened_at,
            hit_log: Vec::new(),
            sources: Vec::new(),
            position: Position::default(),
            join_rank: vec![u32::MAX; rows * cols],
            joined: Vec::new(),
            searches: 0,
        }
    }

    /// Whether every line of `board` (0 = empty) has its tiles on its
    /// first cells, as after any removal.
    ///
    /// # Complexity
    /// O(rows·cols).
    pub(crate) fn is_compacted(&self, board: &Grid<u32>) -> bool {
        let cells = board.cells();
        self.lines.iter().all(|line| {
            let tiles = line.iter().take_while(|&&cell| cells[cell] != 0).count();
            line[tiles..].iter().all(|&cell| cells[cell] == 0)
        })
    }

    /// Whether some tile of `board` (classes, 0 = empty) can never be
    /// removed, whatever is played. `false` when the board is not compacted
    /// (a board as given, before its first removal): the argument needs
    /// every line's tiles on its first cells.
    ///
    /// # Complexity
    /// O(p·t·rows·cols) for t tiles and p passes over them (at most t, a
    /// few in practice): one multi-source search per tile and pass.
    pub(crate) fn is_dead(&mut self, board: &Grid<u32>, effort: &mut Effort) -> bool {
        self.is_dead_where(board, &|_, _| true, effort)
    }

    /// As [`StuckTest::is_dead`], for plays that remove two tiles together
    /// only when `may_pair` allows their cells (board indices, row-major):
    /// dead then means no such play clears the board.
    ///
    /// Between two of its searches it looks at `effort` (the search's
    /// cancel token and its share of work, see
    /// `budget::TEST_STEPS_PER_STATE`), and its searches spend it: once
    /// the token is cancelled or the work spent, it stops and answers
    /// `false` (R unfinished proves nothing): that state is left
    /// undecided by the test, never wrongly proved lost.
    pub(crate) fn is_dead_where(
        &mut self,
        board: &Grid<u32>,
        may_pair: &dyn Fn(usize, usize) -> bool,
        effort: &mut Effort,
    ) -> bool {
        if !self.is_compacted(board) {
            return false;
        }
        // The buffers of the last test, refilled.
        let mut position = std::mem::take(&mut self.position);
        position.load(board, &self.lines, &self.join_rank);
        // The relaxed board starts as the board: nothing is in R yet.
        for (l, line) in self.lines.iter().enumerate() {
            for (index, &cell) in line.iter().enumerate() {
                let kind = u32::from(index < position.of_line[l].len());
                self.field.set(self.field_index[cell], kind);
            }
        }
        self.opened_at.fill(0);
        self.hit_log.clear();
        self.joined.clear();
        let order = std::mem::take(&mut position.order);
        let mut grew = true;
        let mut stopped = false;
        while grew && !stopped {
            grew = false;
            for &t in &order {
                if position.in_r[t] {
                    continue;
                }
                if effort.may_go_on().is_err() {
                    stopped = true;
                    break;
                }
                // The look at its class and at its last search's hits.
                let tile = &position.tiles[t];
                effort.spend(1 + position.of_class[tile.class.index()].len() + tile.hits.len());
                if !self.may_have_changed(&position, t) {
                    continue;
                }
                if !self.meets_partner(&mut position, t, may_pair, effort) {
                    continue;
                }
                grew = true;
                position.join(t);
                let tile = &position.tiles[t];
                let line = &self.lines[tile.line];
                self.joined.push(line[tile.index]);
                // The line's tiles outside R are the ones before and after
                // t: the cell at that count can now be empty.
                let outside = (tile.before + tile.after) as usize;
                let opened = self.field_index[line[outside]];
                self.field.set(opened, 0);
                self.opened_at[opened] = position.version;
            }
        }
        let dead = !stopped && position.in_r.contains(&false);
        if !dead && !stopped {
            self.join_rank.fill(u32::MAX);
            for (rank, &cell) in self.joined.iter().enumerate() {
                self.join_rank[cell] = rank as u32;
            }
        }
        position.order = order;
        self.position = position;
        dead
    }

    /// The board cells (row-major) of the tiles the last test left outside
    /// R: after a test that found the position dead, tiles no play removes.
    pub(crate) fn stuck_cells(&self) -> impl Iterator<Item = usize> + '_ {
        let p = &self.position;
        p.tiles
            .iter()
            .zip(&p.in_r)
            .filter(|(_, in_r)| !**in_r)
            .map(|(tile, _)| self.lines[tile.line][tile.index])
    }

    /// Whether tile `t` may meet a partner now when its last search failed:
    /// never searched, or since then its line or a partner's changed, or a
    /// cell that search ran into opened.
    fn may_have_changed(&self, position: &Position, t: usize) -> bool {
        let tile = &position.tiles[t];
        let since = tile.tested_at;
        since == 0
            || position.of_class[tile.class.index()]
                .iter()
                .any(|&u| position.tiles[u].moved_at > since)
            || self.hit_log[tile.hits.clone()]
                .iter()
                .any(|&cell| self.opened_at[cell] > since)
    }

    /// Whether tile `t` (outside R) can meet a partner: in its line with
    /// only R between them, or by the search from its possible cells. A
    /// failed search is recorded in the tile.
    fn meets_partner(
        &mut self,
        position: &mut Position,
        t: usize,
        may_pair: &dyn Fn(usize, usize) -> bool,
        effort: &mut Effort,
    ) -> bool {
        let Position {
            tiles,
            of_class,
            in_r,
            version,
            ..
        } = position;
        let lines = &self.lines;
        let cell_of = |id: usize| lines[tiles[id].line][tiles[id].index];
        let may_pair = |u: usize| u != t && may_pair(cell_of(t), cell_of(u));
        let tile = tiles[t].clone();
        let outside_before = tile.before as usize;
        let open_after = tile.after == 0;
        let partners = &of_class[tile.class.index()];
        // The partners are looked at (in the line, then as targets).
        effort.spend(partners.len());
        // A partner in the line with only R between: a neighbour some day.
        for &u in partners {
            if tiles[u].line == tile.line && may_pair(u) {
                let (a, b) = if tile.index < tiles[u].index {
                    (t, u)
                } else {
                    (u, t)
                };
                // The tiles outside R strictly between them.
                let between = tiles[b].before - tiles[a].before - u32::from(!in_r[a]);
                if between == 0 {
                    return true;
                }
            }
        }
        self.targets.clear();
        for &u in partners {
            if !may_pair(u) {
                continue;
            }
            let other = &tiles[u];
            let low = other.before as usize;
            let open_after = other.after == 0;
            let forward = self.forward[other.line];
            for (index, &cell) in self.lines[other.line]
                .iter()
                .enumerate()
                .take(other.index + 1)
                .skip(low)
            {
                // Arriving along the line: from after the partner (moving
                // backward) only when its line can be open after it; from
                // before it only when it is first in its line.
                let mut arrivals = 0b1111u8;
                if let Some(forward) = forward {
                    if !open_after {
                        arrivals &= !dir_bit(forward.opposite());
                    }
                    if index != 0 {
                        arrivals &= !dir_bit(forward);
                    }
                }
                self.targets.push((self.field_index[cell], arrivals));
            }
        }
        self.sources.clear();
        let forward = self.forward[tile.line];
        for (index, &cell) in self.lines[tile.line]
            .iter()
            .enumerate()
            .take(tile.index + 1)
            .skip(outside_before)
        {
            let i = self.field_index[cell];
            for dir in DIRS {
                let leaves = match forward {
                    Some(f) if dir == f => open_after,
                    Some(f) if dir == f.opposite() => index == 0,
                    _ => true,
                };
                if leaves {
                    self.sources.push((i, dir));
                }
            }
        }
        self.searches += 1;
        let hit_log = &mut self.hit_log;
        let first_hit = hit_log.len();
        let (met, steps) =
            self.field
                .meets_directed(&self.sources, &mut self.targets, self.max_turns, |cell| {
                    hit_log.push(cell)
                });
        effort.spend(steps);
        if met {
            hit_log.truncate(first_hit);
        } else {
            let tile = &mut tiles[t];
            tile.tested_at = *version;
            tile.hits = first_hit..hit_log.len();
        }
        met
    }
}

/// The position under test and the growth of R on it.
#[derive(Default)]
struct Position {
    tiles: Vec<Tile>,
    /// Per line: its tiles' ids, in order.
    of_line: Vec<Vec<usize>>,
    /// Per class (by [`Kind::index`]): its tiles' ids.
    of_class: Vec<Vec<usize>>,
    in_r: Vec<bool>,
    /// The tiles in the order they are tried: in the order the tiles on
    /// their cells joined R in the last test that found no dead tile (the
    /// position before, most often: its tiles join again in much the same
    /// order, and few searches fail), then far from the end they slide to
    /// first (they tend to be free, and their joining opens the way for the
    /// others).
    order: Vec<usize>,
    /// Counts the tiles that joined R, from 1.
    version: u32,
    /// Buffers of `load`: the tiles with a join rank, and the others by
    /// their index on their line.
    ranked: Vec<(u32, usize)>,
    by_index: Vec<Vec<usize>>,
}

impl Position {
    /// Reads the compacted `board` (classes, 0 = empty) along `lines`,
    /// nothing in R yet, reusing the buffers; `join_rank` (per board cell)
    /// orders the tiles.
    fn load(&mut self, board: &Grid<u32>, lines: &[Vec<usize>], join_rank: &[u32]) {
        let cells = board.cells();
        self.tiles.clear();
        self.of_line.resize_with(lines.len(), Vec::new);
        for (l, line) in lines.iter().enumerate() {
            let ids = &mut self.of_line[l];
            ids.clear();
            let count = line.iter().take_while(|&&cell| cells[cell] != 0).count();
            for (index, &cell) in line[..count].iter().enumerate() {
                ids.push(self.tiles.len());
                self.tiles.push(Tile {
                    line: l,
                    index,
                    before: index as u32,
                    after: (count - index - 1) as u32,
                    class: Kind::from_field(cells[cell]),
                    tested_at: 0,
                    moved_at: 0,
                    hits: 0..0,
                });
            }
        }
        for ids in &mut self.of_class {
            ids.clear();
        }
        for (id, tile) in self.tiles.iter().enumerate() {
            let class = tile.class.index();
            if self.of_class.len() <= class {
                self.of_class.resize_with(class + 1, Vec::new);
            }
            self.of_class[class].push(id);
        }
        self.in_r.clear();
        self.in_r.resize(self.tiles.len(), false);
        // By (join rank, farther from the end first, id): the ranks of the
        // last test are distinct, the rest goes by index in buckets.
        self.order.clear();
        let ranked = &mut self.ranked;
        ranked.clear();
        let by_index = &mut self.by_index;
        for ids in by_index.iter_mut() {
            ids.clear();
        }
        for (t, tile) in self.tiles.iter().enumerate() {
            match join_rank[lines[tile.line][tile.index]] {
                u32::MAX => {
                    if by_index.len() <= tile.index {
                        by_index.resize_with(tile.index + 1, Vec::new);
                    }
                    by_index[tile.index].push(t);
                }
                rank => ranked.push((rank, t)),
            }
        }
        ranked.sort_unstable();
        self.order.extend(ranked.iter().map(|&(_, t)| t));
        self.order.extend(by_index.iter().rev().flatten());
        self.version = 1;
    }

    /// Puts tile `t` in R, and marks the tiles of its line whose possible
    /// cells that changes: those after it, which can now be one cell nearer
    /// the end; those before it, if nothing outside R is left after them.
    fn join(&mut self, t: usize) {
        self.in_r[t] = true;
        self.version += 1;
        let Tile { line, index, .. } = self.tiles[t];
        let ids = &self.of_line[line];
        for &after in &ids[index + 1..] {
            self.tiles[after].moved_at = self.version;
            self.tiles[after].before -= 1;
        }
        for &before in &ids[..index] {
            self.tiles[before].after -= 1;
        }
        if self.tiles[t].after == 0 {
            for &before in ids[..index].iter().rev() {
                self.tiles[before].moved_at = self.version;
                if !self.in_r[before] {
                    break;
                }
            }
        }
    }
}

/// A random position for the tests: `tiles` tiles, their kinds given out
/// `group` at a time from 1..=`kinds` in turn, on random cells of a `rows ×
/// cols` board, compacted under random rules with a one-pass gravity,
/// either border and 0 to `max_turns` turns.
#[cfg(test)]
pub(crate) fn random_position(
    rng: &mut grid_core::SplitMix64,
    rows: usize,
    cols: usize,
    tiles: usize,
    group: usize,
    kinds: usize,
    max_turns: usize,
) -> (Grid<u32>, crate::rules::Rules) {
    use crate::engine::settle::Passes;
    use crate::rules::{Gravity, Rules};
    let one_pass: Vec<Gravity> = Gravity::ALL
        .into_iter()
        .filter(|&g| Passes::new(2, 2, g).lines().is_some())
        .collect();
    assert_eq!(one_pass.len(), 10);
    let mut cells = vec![0u32; rows * cols];
    for (i, cell) in cells.iter_mut().take(tiles).enumerate() {
        *cell = (i / group % kinds) as u32 + 1;
    }
    rng.shuffle(&mut cells);
    let turns = rng.range(0, max_turns);
    let border = if rng.percent(50) {
        Border::Open
    } else {
        Border::Closed
    };
    let rules = Rules::default()
        .with_turns(turns)
        .and_then(|r| r.with_border(border))
        .expect("the judge's rules have no slides")
        .with_gravity(one_pass[rng.below(one_pass.len())]);
    let mut grid = Grid::from_vec(rows, cols, cells).expect("rows × cols cells");
    Passes::new(rows, cols, rules.gravity()).settle(&mut grid);
    (grid, rules)
}

#[cfg(test)]
mod tests {
    use grid_core::SplitMix64;

    use super::*;
    use crate::engine::settle::Passes;
    use crate::engine::solve::budget::Cancel;
    use crate::query::Board;
    use crate::reference;
    use crate::rules::Gravity;

    /// The test is sound: a position it calls dead is one the exhaustive
    /// search cannot clear, on random compacted boards under every gravity
    /// with one pass, both borders and 0 to 3 turns. And it is not idle:
    /// it finds a good share of the lost positions.
    #[test]
    fn dead_positions_are_never_clearable() {
        let mut rng = SplitMix64::new(0x7374_7563);
        let (mut dead, mut lost, mut cases) = (0, 0, 0);
        while cases < 10000 {
            let (rows, cols) = (rng.range(2, 6), rng.range(2, 6));
            let pairs = rng.range(2, (rows * cols / 2).min(9));
            let kinds = rng.range(1, 4);
            let (grid, rules) = random_position(&mut rng, rows, cols, 2 * pairs, 2, kinds, 3);
            let passes = Passes::new(rows, cols, rules.gravity());
            let board = Board::new(&grid).unwrap();
            let lines = passes.lines().unwrap();
            let mut test = StuckTest::new(rows, cols, lines, rules.border(), rules.max_turns());
            let clearable = reference::clearable(&board, &rules);
            if test.is_dead(&grid, &mut Effort::default()) {
                assert!(!clearable, "called dead: {rules:?} {board:?}");
                dead += 1;
            }
            lost += usize::from(!clearable);
            cases += 1;
        }
        assert!(
            dead * 2 > lost && lost > 500,
            "{dead} found dead of {lost} lost"
        );
    }

    /// Trying the tiles in the order in which they joined R in the last
    /// test changes the work, never the verdict: one test reused along
    /// random plays (two tiles of a class taken off at a time, the board
    /// settled) answers as a new test does at every step, with fewer
    /// searches.
    #[test]
    fn the_last_join_order_keeps_the_verdicts() {
        let mut rng = SplitMix64::new(0x6a6f_696e);
        let (mut steps, mut dead) = (0, 0);
        let (mut reused_searches, mut new_searches) = (0, 0);
        for _ in 0..200 {
            let (rows, cols) = (rng.range(4, 10), rng.range(4, 10));
            let tiles = 2 * rng.range(4, rows * cols / 2);
            let kinds = rng.range(2, 8);
            let (mut grid, rules) = random_position(&mut rng, rows, cols, tiles, 2, kinds, 2);
            let passes = Passes::new(rows, cols, rules.gravity());
            let lines = passes.lines().unwrap();
            let test = || StuckTest::new(rows, cols, lines, rules.border(), rules.max_turns());
            let mut reused = test();
            loop {
                let mut new = test();
                let verdict = new.is_dead(&grid, &mut Effort::default());
                assert_eq!(
                    reused.is_dead(&grid, &mut Effort::default()),
                    verdict,
                    "{rules:?} {grid:?}"
                );
                new_searches += new.searches;
                steps += 1;
                dead += usize::from(verdict);
                let cells = grid.cells();
                let occupied: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] != 0).collect();
                if occupied.is_empty() {
                    break;
                }
                let a = occupied[rng.below(occupied.len())];
                let mates: Vec<usize> = occupied
                    .iter()
                    .copied()
                    .filter(|&b| b != a && cells[b] == cells[a])
                    .collect();
                let b = mates[rng.below(mates.len())];
                grid.cells_mut()[a] = 0;
                grid.cells_mut()[b] = 0;
                passes.settle(&mut grid);
            }
            reused_searches += reused.searches;
        }
        assert!(steps > 2000 && dead > 300, "{steps} steps, {dead} dead");
        // Measured: 36,712 against 41,294 here (small boards, where few
        // searches fail); 330 against 850 a test on four-of-each open 24×12
        // positions.
        assert!(
            reused_searches * 20 < new_searches * 19,
            "{reused_searches} searches reused against {new_searches} new"
        );
    }

    /// What the solver's memory of dead positions stands on: when a test
    /// finds a position dead, leaving the tiles X outside R, every position
    /// holding X and a subset of the other tiles (taken off, the board
    /// settled) is dead too, with X outside R again, on random boards under
    /// every gravity with one pass, both borders and 0 to 2 turns.
    #[test]
    fn stuck_tiles_stay_stuck_with_fewer_tiles() {
        let mut rng = SplitMix64::new(0x7375_6273);
        let (mut positions, mut subsets) = (0, 0);
        while subsets < 3000 {
            let (rows, cols) = (rng.range(3, 9), rng.range(3, 9));
            let tiles = 2 * rng.range(3, rows * cols / 2);
            let kinds = rng.range(2, 9);
            let (grid, rules) = random_position(&mut rng, rows, cols, tiles, 2, kinds, 2);
            let passes = Passes::new(rows, cols, rules.gravity());
            let lines = passes.lines().unwrap();
            let mut test = StuckTest::new(rows, cols, lines, rules.border(), rules.max_turns());
            if !test.is_dead(&grid, &mut Effort::default()) {
                continue;
            }
            positions += 1;
            // Tile ids, which settle as the tiles do, and their classes.
            let mut ids = grid.clone();
            let mut class_of = vec![0];
            for cell in ids.cells_mut().iter_mut().filter(|c| **c != 0) {
                class_of.push(*cell);
                *cell = class_of.len() as u32 - 1;
            }
            let stuck: Vec<u32> = test.stuck_cells().map(|c| ids.cells()[c]).collect();
            for _ in 0..5 {
                let mut fewer = ids.clone();
                for id in fewer.cells_mut().iter_mut() {
                    if *id != 0 && !stuck.contains(id) && rng.percent(50) {
                        *id = 0;
                    }
                }
                passes.settle(&mut fewer);
                let mut classes = fewer.clone();
                for cell in classes.cells_mut() {
                    *cell = class_of[*cell as usize];
                }
                let mut test = StuckTest::new(rows, cols, lines, rules.border(), rules.max_turns());
                assert!(
                    test.is_dead(&classes, &mut Effort::default()),
                    "{rules:?} {grid:?} {fewer:?}"
                );
                let still: Vec<u32> = test.stuck_cells().map(|c| fewer.cells()[c]).collect();
                assert!(
                    stuck.iter().all(|id| still.contains(id)),
                    "{rules:?} {grid:?} {fewer:?}"
                );
                subsets += 1;
            }
        }
        assert!(positions >= 600, "{positions} dead positions");
    }

    /// A board as given, not yet compacted, is never called dead.
    #[test]
    fn a_board_not_compacted_is_not_judged() {
        // Down: column 0 has a gap under its tile.
        let grid = Grid::from_vec(2, 2, vec![1, 2, 0, 1]).unwrap();
        let passes = Passes::new(2, 2, Gravity::Down);
        let mut test = StuckTest::new(2, 2, passes.lines().unwrap(), Border::Closed, 0);
        assert!(!test.is_dead(&grid, &mut Effort::default()));
    }

    /// A test its search's token stopped finds nothing dead (R unfinished
    /// proves nothing); one without the token, on the same board, does.
    #[test]
    fn a_cancelled_test_finds_nothing_dead() {
        // Down, no turn, closed: the crossed pairs never meet.
        let grid = Grid::from_vec(2, 2, vec![1, 2, 2, 1]).unwrap();
        let passes = Passes::new(2, 2, Gravity::Down);
        let lines = passes.lines().unwrap();
        let token = Cancel::new();
        token.cancel();
        let mut test = StuckTest::new(2, 2, lines, Border::Closed, 0);
        assert!(!test.is_dead(&grid, &mut Effort::new(Some(token), u64::MAX)));
        assert!(test.is_dead(&grid, &mut Effort::new(Some(Cancel::new()), u64::MAX)));
    }

    /// A test whose work allowance runs out finds nothing dead, and the
    /// allowance is spent by its searches: with room for all of them the
    /// same board is found dead.
    #[test]
    fn a_test_out_of_work_finds_nothing_dead() {
        let grid = Grid::from_vec(2, 2, vec![1, 2, 2, 1]).unwrap();
        let passes = Passes::new(2, 2, Gravity::Down);
        let lines = passes.lines().unwrap();
        let mut test = StuckTest::new(2, 2, lines, Border::Closed, 0);
        assert!(!test.is_dead(&grid, &mut Effort::new(None, 0)));
        let mut effort = Effort::new(None, 1_000);
        assert!(test.is_dead(&grid, &mut effort));
        assert!(effort.left() < 1_000, "its searches spent steps");
    }
}
