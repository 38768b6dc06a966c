//! Slow, obviously correct answers: the brute force that the tests, the
//! fuzz targets and the bench compare every fast path against. Written for
//! clarity, not speed; do not use them in a game.
//!
//! - [`min_turns`]: one query by a breadth-first search over explicit states
//!   (cell, heading, turns used), via [`grid_core::reference::min_turns`]
//!   (four-rivers: [`four_rivers_lengths`], the same search that never
//!   steps between neighbours; line: one row or column, nothing searched);
//! - [`check_path`]: whether a path is legal and the shortest with its
//!   number of turns, via [`grid_core::reference::check_path`];
//! - [`moves`]: every pair of tiles of one kind, each tested with
//!   [`min_turns`];
//! - [`slid`]: the board after a slide of KShisen's rules ([`Rules::slide`]),
//!   built cell by cell from the rule's words, or `None` when the slide
//!   cannot be made; [`moves`] lists the slides besides the plain pairs;
//! - [`settle`]: gravity, one line at a time, as the rules describe it;
//! - [`replay_clears`]: whether a removal order clears a board, each step
//!   checked against [`moves`] (then [`settle`]);
//! - [`clearable`]: whether a board can be cleared, by trying every
//!   reference move in turn (then [`settle`]), with a memo of the boards
//!   that cannot;
//! - [`kshisen_greedy`]: KShisen's check re-stated with explicit loops
//!   over the cells and [`min_turns`] for each pair;
//! - [`rate`]: a deal's rating re-stated: the same random games, each
//!   position's pairs decided by [`clearable`] (exact, no budget), and
//!   [`clear_chance`], the exact chance that a random game clears a board,
//!   over every position it can reach;
//! - [`players`]: the skill curve, the first-hint player and the one-step
//!   lookahead of `rate_players` re-stated, every pair decided by
//!   [`clearable`];
//! - [`arrangement_has_move`]: whether some rearrangement of the tiles on
//!   their cells has a move, by trying every permutation of the kinds;
//! - `random_board` and `paired_board`: the seeded random boards the
//!   differential tests (unit and integration alike) run these against.
//!   They are test generators, not part of the library's API: compiled for
//!   the crate's own unit tests, and for others only with the non-default
//!   feature `test-generators` (which the crate's integration tests turn
//!   on through a dev-dependency on the crate itself).

use std::collections::BTreeSet;

use grid_core::{Grid, Path, Pos};

use crate::connection::{ConnectionRule, Rule};
use crate::engine::{Move, Route};
use crate::query::Board;
use crate::rules::{Connect, Gravity, Rules};

pub(crate) mod paths;
mod players;
mod rating;

pub use crate::connection::four_rivers_lengths;
pub use paths::search_grid;
pub use players::players;
pub use rating::{clear_chance, rate};

/// A `rows` × `cols` board whose cells each hold a tile with chance
/// `fill` percent, of a kind drawn uniformly from 1..=`kinds`: the seeded
/// boards of the differential tests.
#[cfg(any(test, feature = "test-generators"))]
#[must_use]
pub fn random_board(
    rng: &mut grid_core::SplitMix64,
    rows: usize,
    cols: usize,
    fill: u32,
    kinds: usize,
) -> Board {
    let cells = (0..rows * cols)
        .map(|_| {
            if rng.percent(fill) {
                rng.range(1, kinds) as u32
            } else {
                0
            }
        })
        .collect();
    Board::new(&Grid::from_vec(rows, cols, cells).expect("rows × cols cells"))
        .expect("kinds are small")
}

/// A `rows × cols` board of `pairs` pairs (kinds 1..=`kinds` in turn; as
/// many as fit) on random cells, the rest empty.
#[cfg(any(test, feature = "test-generators"))]
#[must_use]
pub fn paired_board(
    rng: &mut grid_core::SplitMix64,
    rows: usize,
    cols: usize,
    pairs: usize,
    kinds: usize,
) -> Board {
    let mut cells = vec![0u32; rows * cols];
    for (i, cell) in cells.iter_mut().take(2 * pairs).enumerate() {
        *cell = (i / 2 % kinds) as u32 + 1;
    }
    rng.shuffle(&mut cells);
    Board::new(&Grid::from_vec(rows, cols, cells).expect("rows × cols cells"))
        .expect("kinds are small")
}

/// The fewest turns of a path joining the tiles at `a` and `b` under
/// `rules`, or `None` when they do not match (same cell, empty, different
/// kinds, off the board, or no path within the limit).
///
/// The connection rule, written out (each rule's brute force is in its
/// module of `connection/`): [`Connect::Line`] joins tiles in one row or
/// column (0 turns, whatever lies between); [`Connect::FourRivers`] runs
/// [`four_rivers_lengths`], a search that never takes the step between
/// neighbours; [`Connect::Standard`] (and slides) runs grid-core's
/// reference search.
///
/// # Complexity
/// O(rows·cols·(max_turns + 1)) per call, and the grid is copied each time:
/// this is the per-query search the fast path is measured against.
#[must_use]
pub fn min_turns(board: &Board, a: Pos, b: Pos, rules: &Rules) -> Option<usize> {
    let rule = Rule::of(rules);
    let (kind_a, kind_b) = (board.kind(a)?, board.kind(b)?);
    // Matching, written out: equal kinds, or both kinds in one group.
    if a == b || !kinds_match(kind_a, kind_b, rules) {
        return None;
    }
    rule.reference_min_turns(board, a, b, rules)
}

/// Whether tiles of kinds `a` and `b` match, written out: both tiles,
/// equal kinds or both kinds in one group.
fn kinds_match(a: u32, b: u32, rules: &Rules) -> bool {
    let holds = |group: &[(u32, u32)], k: u32| group.iter().any(|&(lo, hi)| lo <= k && k <= hi);
    let in_one_group = rules
        .groups()
        .list()
        .any(|group| holds(group, a) && holds(group, b));
    a != 0 && b != 0 && (a == b || in_one_group)
}

/// The board after the tile at `a` slides along `route` toward its partner
/// at `b`, before the two are removed, under KShisen's rule (docs/rules.md), or
/// `None` when that slide cannot be made (also when the two do not match,
/// or `rules` has no slides). Built from the rule's words, cell by cell:
///
/// - `a` at (ra, ca) and `b` at (rb, cb) share neither a row nor a column;
///   route row pushes `a` toward the corner (ra, cb), route column toward
///   (rb, ca); d is the distance from `a` to the corner;
/// - the cell next to `a` toward the corner holds a tile; the run is that
///   tile and the tiles right after it, up to the first empty cell e (if
///   the run reaches the edge, no slide); counting the empty cells from e
///   up to the next tile or the edge, the slide is possible when d is at
///   most that count; `a` and its run then move d cells toward the corner;
/// - after the slide the corner and `b` are joined by a straight segment
///   of empty cells.
///
/// # Complexity
/// O(rows·cols): the board is copied.
#[must_use]
pub fn slid(board: &Board, a: Pos, b: Pos, route: Route, rules: &Rules) -> Option<Grid<u32>> {
    let (kind_a, kind_b) = (board.kind(a)?, board.kind(b)?);
    if !rules.slide() || !kinds_match(kind_a, kind_b, rules) || a.row == b.row || a.col == b.col {
        return None;
    }
    let mut grid = board.to_grid();
    // The cells of a's line from a toward the corner, up to the edge.
    let corner = match route {
        Route::Row => Pos::new(a.row, b.col),
        Route::Column => Pos::new(b.row, a.col),
    };
    let line: Vec<Pos> = match route {
        Route::Row if corner.col > a.col => {
            (a.col..board.cols()).map(|c| Pos::new(a.row, c)).collect()
        }
        Route::Row => (0..=a.col).rev().map(|c| Pos::new(a.row, c)).collect(),
        Route::Column if corner.row > a.row => {
            (a.row..board.rows()).map(|r| Pos::new(r, a.col)).collect()
        }
        Route::Column => (0..=a.row).rev().map(|r| Pos::new(r, a.col)).collect(),
    };
    let d = line.iter().position(|&p| p == corner)?;
    let old: Vec<u32> = line.iter().map(|&p| grid[p]).collect();
    if old[1] == 0 {
        return None;
    }
    let e = (1..old.len()).find(|&i| old[i] == 0)?;
    let mut empty_after = 0;
    while e + empty_after < old.len() && old[e + empty_after] == 0 {
        empty_after += 1;
    }
    if d > empty_after {
        return None;
    }
    // a (index 0) and the run (1..e) move d cells on; the d cells they
    // leave are empty.
    let mut new = old.clone();
    for cell in new.iter_mut().take(d) {
        *cell = 0;
    }
    for (i, &kind) in old.iter().enumerate().take(e) {
        new[i + d] = kind;
    }
    for (&p, &k) in line.iter().zip(&new) {
        grid[p] = k;
    }
    // The straight segment from the corner to b, both ends left out.
    let between: Vec<Pos> = if corner.row == b.row {
        (corner.col.min(b.col) + 1..corner.col.max(b.col))
            .map(|c| Pos::new(b.row, c))
            .collect()
    } else {
        (corner.row.min(b.row) + 1..corner.row.max(b.row))
            .map(|r| Pos::new(r, b.col))
            .collect()
    };
    if between.iter().any(|&p| grid[p] != 0) {
        return None;
    }
    Some(grid)
}

/// The board after the move `pair` and before gravity: a plain pair's two
/// cells emptied, or the slide made ([`slid`]) and then its two tiles (the
/// first on the corner) removed. `None` when the move is not legal
/// ([`moves`] does not list it).
fn after_move(board: &Board, pair: Move, rules: &Rules) -> Option<Grid<u32>> {
    let (a, b) = (pair.a(), pair.b());
    let mut grid = match pair.route() {
        None => {
            min_turns(board, a, b, rules)?;
            let mut grid = board.to_grid();
            grid[a] = 0;
            grid
        }
        Some(route) => {
            let mut grid = slid(board, a, b, route, rules)?;
            let corner = match route {
                Route::Row => Pos::new(a.row, b.col),
                Route::Column => Pos::new(b.row, a.col),
            };
            grid[corner] = 0;
            grid
        }
    };
    grid[b] = 0;
    Some(grid)
}

/// The board after the move `pair` and the gravity of `rules`, as the
/// rules state it ([`slid`] for a slide, then the removal, then
/// [`settle`]), or `None` when the move is not legal.
///
/// # Complexity
/// O(rows·cols·(max_turns + 1)).
#[must_use]
pub fn play(board: &Board, pair: Move, rules: &Rules) -> Option<Grid<u32>> {
    after_move(board, pair, rules).map(|grid| settle(&grid, rules.gravity()))
}

/// Checks that `path` joins the tiles at `a` and `b` on `board` under
/// `rules` (ends right, straight segments through empty cells, inside the
/// border, at most `rules.max_turns()` turns; under [`Connect::Line`] the
/// straight segment between two cells of one row or column; under
/// [`Connect::FourRivers`] never the step between neighbours) and that no
/// path with as few turns is shorter; the error says what is wrong.
///
/// # Errors
/// A description of the first fault found.
///
/// # Complexity
/// O(rows·cols·(turns + 1)).
pub fn check_path(board: &Board, a: Pos, b: Pos, path: &Path, rules: &Rules) -> Result<(), String> {
    let rule = Rule::of(rules);
    rule.reference_check_path(board, a, b, path, rules)
}

/// Every pair of tiles that [`min_turns`] joins and, under
/// [`Rules::slide`], every slide [`slid`] can make (each ordered pair of
/// tiles, each route), sorted (as [`crate::moves`] lists them).
///
/// # Complexity
/// O(t²·rows·cols·(max_turns + 1)) for t tiles.
#[must_use]
pub fn moves(board: &Board, rules: &Rules) -> Vec<Move> {
    let tiles: Vec<Pos> = board.tiles().map(|(p, _)| p).collect();
    let mut found = Vec::new();
    for (i, &p) in tiles.iter().enumerate() {
        for &q in &tiles[i + 1..] {
            if min_turns(board, p, q, rules).is_some() {
                found.push(Move::new(p, q));
            }
        }
        for &q in &tiles {
            for route in [Route::Row, Route::Column] {
                if slid(board, p, q, route, rules).is_some() {
                    found.push(Move::slide(p, q, route));
                }
            }
        }
    }
    found.sort_unstable();
    found
}

/// `kinds` (0 = empty) after gravity `mode` acted, compacted line by line
/// exactly as the rules say (see [`Gravity`]).
///
/// # Complexity
/// O(rows·cols) per pass.
#[must_use]
pub fn settle(kinds: &Grid<u32>, mode: Gravity) -> Grid<u32> {
    use Gravity as G;
    let (rows, cols) = (kinds.rows(), kinds.cols());
    let mut out = kinds.clone();
    // Compacts the cells `line` toward `line[0]`: its tiles, in order, onto
    // its first cells.
    let compact = |g: &mut Grid<u32>, line: Vec<Pos>| {
        let tiles: Vec<u32> = line.iter().map(|&p| g[p]).filter(|&k| k != 0).collect();
        for (i, &p) in line.iter().enumerate() {
            g[p] = tiles.get(i).copied().unwrap_or(0);
        }
    };
    let column = |c: usize, rs: &mut dyn Iterator<Item = usize>| -> Vec<Pos> {
        rs.map(|r| Pos::new(r, c)).collect()
    };
    let row = |r: usize, cs: &mut dyn Iterator<Item = usize>| -> Vec<Pos> {
        cs.map(|c| Pos::new(r, c)).collect()
    };
    let (top, left) = (rows.div_ceil(2), cols.div_ceil(2));
    let vertical = |g: &mut Grid<u32>, apart: bool| {
        for c in 0..cols {
            if apart {
                compact(g, column(c, &mut (0..top)));
                compact(g, column(c, &mut (top..rows).rev()));
            } else {
                compact(g, column(c, &mut (0..top).rev()));
                compact(g, column(c, &mut (top..rows)));
            }
        }
    };
    let horizontal = |g: &mut Grid<u32>, apart: bool| {
        for r in 0..rows {
            if apart {
                compact(g, row(r, &mut (0..left)));
                compact(g, row(r, &mut (left..cols).rev()));
            } else {
                compact(g, row(r, &mut (0..left).rev()));
                compact(g, row(r, &mut (left..cols)));
            }
        }
    };
    match mode {
        G::None => {}
        G::Down => (0..cols).for_each(|c| compact(&mut out, column(c, &mut (0..rows).rev()))),
        G::Up => (0..cols).for_each(|c| compact(&mut out, column(c, &mut (0..rows)))),
        G::Left => (0..rows).for_each(|r| compact(&mut out, row(r, &mut (0..cols)))),
        G::Right => (0..rows).for_each(|r| compact(&mut out, row(r, &mut (0..cols).rev()))),
        G::ApartVertical => vertical(&mut out, true),
        G::TogetherVertical => vertical(&mut out, false),
        G::ApartHorizontal => horizontal(&mut out, true),
        G::TogetherHorizontal => horizontal(&mut out, false),
        G::TopLeftBottomRight => {
            for r in 0..rows {
                if r < top {
                    compact(&mut out, row(r, &mut (0..cols)));
                } else {
                    compact(&mut out, row(r, &mut (0..cols).rev()));
                }
            }
        }
        G::LeftDownRightUp => {
            for c in 0..cols {
                if c < left {
                    compact(&mut out, column(c, &mut (0..rows).rev()));
                } else {
                    compact(&mut out, column(c, &mut (0..rows)));
                }
            }
        }
        G::Outward => {
            vertical(&mut out, true);
            horizontal(&mut out, true);
        }
        G::Inward => {
            vertical(&mut out, false);
            horizontal(&mut out, false);
        }
    }
    out
}

/// Whether `board` can be cleared under `rules`: every reference move is
/// tried in turn (each made by [`play`]: a slide, the removal, [`settle`]), and the boards that cannot
/// be cleared are remembered (by their exact cells).
///
/// # Complexity
/// Exponential: for boards of a dozen tiles or so.
#[must_use]
pub fn clearable(board: &Board, rules: &Rules) -> bool {
    clearable_from(&board.to_grid(), rules, &mut BTreeSet::new())
}

fn clearable_from(grid: &Grid<u32>, rules: &Rules, failed: &mut BTreeSet<Vec<u32>>) -> bool {
    if grid.cells().iter().all(|&k| k == 0) {
        return true;
    }
    if failed.contains(grid.cells()) {
        return false;
    }
    let board = Board::new(grid).expect("kinds from a board");
    for pair in moves(&board, rules) {
        let next = play(&board, pair, rules).expect("a listed move");
        if clearable_from(&next, rules, failed) {
            return true;
        }
    }
    failed.insert(grid.cells().to_vec());
    false
}

/// Whether some arrangement of `board`'s tiles on the cells they occupy
/// has a move: every distinct permutation of the kinds is tried.
///
/// # Complexity
/// O(t!·t²·rows·cols·(max_turns + 1)) for t tiles: for boards of at most
/// six or seven tiles.
#[must_use]
pub fn arrangement_has_move(board: &Board, rules: &Rules) -> bool {
    let cells: Vec<Pos> = board.tiles().map(|(p, _)| p).collect();
    let mut kinds: Vec<u32> = board.tiles().map(|(_, k)| k).collect();
    kinds.sort_unstable();
    let mut arranged = board.clone();
    permutation_has_move(&mut arranged, &cells, &mut kinds, 0, rules)
}

/// Whether an arrangement of `kinds[at..]` on `cells[at..]` (the first `at`
/// placed already) has a move.
fn permutation_has_move(
    arranged: &mut Board,
    cells: &[Pos],
    kinds: &mut Vec<u32>,
    at: usize,
    rules: &Rules,
) -> bool {
    if at == cells.len() {
        for (&c, &k) in cells.iter().zip(kinds.iter()) {
            arranged.set(c, k);
        }
        return !moves(arranged, rules).is_empty();
    }
    for i in at..kinds.len() {
        // Each distinct kind once at this place: equal kinds give the same
        // arrangements.
        if kinds[at..i].contains(&kinds[i]) {
            continue;
        }
        kinds.swap(at, i);
        let found = permutation_has_move(arranged, cells, kinds, at + 1, rules);
        kinds.swap(at, i);
        if found {
            return true;
        }
    }
    false
}

/// Replays `order` on `board` under `rules` with the reference searches:
/// each removal must be a move of the board as it is then (gravity
/// settling after it), and the board must end empty; otherwise the first
/// illegal removal or the board left, as text.
///
/// # Complexity
/// As [`moves`] on each board of the game, plus [`settle`].
pub fn replay_clears(board: &Board, rules: &Rules, order: &[Move]) -> Result<(), String> {
    let mut grid = board.to_grid();
    for (step, pair) in order.iter().enumerate() {
        let now = Board::new(&grid).map_err(|e| e.to_string())?;
        if !moves(&now, rules).contains(pair) {
            return Err(format!("removal {step}, {pair}, is illegal on {now:?}"));
        }
        grid = play(&now, *pair, rules).expect("a listed move");
    }
    if grid.cells().iter().all(|&k| k == 0) {
        Ok(())
    } else {
        Err(format!("the board is not cleared: {grid:?}"))
    }
}

/// KShisen's greedy check (`Board::isSolvable`,
/// `Board::pathFoundBetweenMatchingTiles`) written out: the pairs it
/// removes, in order. A scan goes over the columns left to right and each
/// column top to bottom; a tile is tried as the first of a pair unless
/// four tiles of its kind have already been tried and failed in this scan;
/// its partner is the first other cell, in the same order, holding a
/// matching tile that [`min_turns`] joins to it. The pair is emptied (no
/// gravity) and the scan starts again. The check accepts the board if it
/// ends empty.
///
/// # Complexity
/// O((rows·cols)²) queries of [`min_turns`] per scan, a scan per pair.
#[must_use]
pub fn kshisen_greedy(board: &Board, rules: &Rules) -> Vec<Move> {
    // KShisen's own check knows only the standard connection.
    let rules = &rules
        .clone()
        .with_connect(Connect::Standard)
        .expect("the standard connection goes with every other setting");
    let mut board = board.clone();
    let (rows, cols) = (board.rows(), board.cols());
    let kind = |board: &Board, row: usize, col: usize| board.kind(Pos::new(row, col)).unwrap_or(0);
    let mut order = Vec::new();
    loop {
        let mut failed_firsts = std::collections::BTreeMap::<u32, usize>::new();
        let mut found = None;
        'first: for x in 0..cols {
            for y in 0..rows {
                let tile = kind(&board, y, x);
                if tile == 0 || failed_firsts.get(&tile) == Some(&4) {
                    continue;
                }
                for xx in 0..cols {
                    for yy in 0..rows {
                        if (xx, yy) == (x, y) {
                            continue;
                        }
                        let other = kind(&board, yy, xx);
                        if other != 0
                            && rules.matches(other, tile)
                            && min_turns(&board, Pos::new(y, x), Pos::new(yy, xx), rules).is_some()
                        {
                            found = Some((Pos::new(y, x), Pos::new(yy, xx)));
                            break 'first;
                        }
                    }
                }
                *failed_firsts.entry(tile).or_insert(0) += 1;
            }
        }
        let Some((a, b)) = found else {
            return order;
        };
        board.set(a, 0);
        board.set(b, 0);
        order.push(Move::new(a, b));
    }
}
