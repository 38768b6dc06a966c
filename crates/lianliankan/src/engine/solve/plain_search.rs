//! The exact search under the connection rules whose search is the plain
//! one (four-rivers, line: their `connection/` module says so), with any
//! gravity, border and groups.
//!
//! Every shortcut of the other searches rests on the standard path's
//! geometry (which pairs a removal can open or close, what a region of
//! empty cells lets through, which tiles can never meet), so none of them
//! runs here. What is left is a depth-first search over whole boards
//! (under gravity tiles move, so a position is the board, not the set of
//! tiles left), each position's pairs from [`moves`](crate::moves) (which honours the
//! rule), with three things that need no geometry:
//!
//! - **Odd classes.** Every removal takes two tiles of one class, so a
//!   class with an odd number of tiles can never be cleared: the board is
//!   unsolvable at once.
//! - **The memo.** A position whose every move fails is remembered by its
//!   exact cells (a class a cell, `board_search`'s key: tiles of one class
//!   are interchangeable; never a hash alone) and is not searched again;
//!   past the memory cap nothing more is remembered and the search stays
//!   exact. Only positions searched to the end are remembered, so the memo
//!   holds across runs.
//! - **Runs.** `board_search`'s rounds: a first run in the order of the
//!   moves, then rounds of runs of Luby's sequence, each run after the
//!   first breaking ties at random (its own seed), the memo kept; a run
//!   that ends without reaching its limit gives the answer, so
//!   `Unsolvable` is still a full search.
//! - **The last two of a class, without gravity.** Without gravity the
//!   three rules are *monotone*: emptying a cell never breaks a pair that
//!   was joined (a standard or four-rivers path runs through empty cells,
//!   which stay empty, and a detour stays a detour; a line pair needs
//!   nothing of the cells between). Say the only two tiles of a class left
//!   are joined now. Any clearing order removes them together at some step
//!   (nothing else can be their partner); moving that step to the front
//!   leaves every later step a legal move (each of its boards has the
//!   same tiles as before or fewer, so its pair stays joined), and the
//!   moved step is legal now. So if the position clears, it clears after
//!   that pair first: the search takes it alone, without branching.
//!   Under gravity a removal moves other tiles, so this is not used.
//!
//! - **Line without gravity, class by class.** There (under any rule
//!   whose pairs depend on their two cells alone) a pair's connection
//!   depends on its two cells alone and nothing moves, so the board clears
//!   exactly when every class's tiles split into pairs sharing a row or a
//!   column, in any order: each class is searched on its own
//!   (`cell_matchings`), instead of all classes interleaved.
//!
//! Each level of a run keeps its board (the one before it, with the pair
//! removed and gravity done), so its memory is the memo and O(rows·cols)
//! a level for the board and the moves.

use grid_core::{Grid, Pos, SplitMix64};

use super::board_search::{BoardKeys, BoardSearch, RUNS, Shared, solve_in_rounds};
use super::budget::{Budget, Stop};
use super::memo::Memo;
use super::solution::Solution;
use super::static_position::has_odd_class;
use crate::connection::{ConnectionRule, Join, Rule};
use crate::engine::moves::Move;
use crate::engine::settle::settle;
use crate::query::Board;
use crate::rules::{Class, Gravity, Rules};

/// Whether `board` clears under `rules`, whose connection rule is `rule`
/// (`by_cells`: a pair's join depends on its two cells alone), within
/// `budget`: see the module doc.
pub(super) fn solve_plain(
    board: &Board,
    rules: &Rules,
    rule: Rule,
    by_cells: bool,
    mut budget: Budget,
) -> Solution {
    if board.tile_count() == 0 {
        return Solution::Solved(Vec::new());
    }
    if has_odd_class(board, rules) {
        return Solution::Unsolvable;
    }
    if by_cells && rules.gravity() == Gravity::None {
        if let Some(answer) = cell_matchings(board, rules, rule, &mut budget) {
            return answer;
        }
    }
    let mut search = Search {
        rules,
        rule,
        keys: BoardKeys::new(board, rules),
        shared: Shared::new(budget),
        order: Vec::new(),
    };
    solve_in_rounds(&mut search, board, board.tile_count(), RUNS)
}

/// The most tiles of one class [`cell_matchings`] takes (a bit each in a
/// word); past that, the general search runs.
const MATCHING_TILES: usize = 64;

/// A rule whose pairs depend on their two cells alone (line), without
/// gravity, class by class: whether each class's tiles split into pairs
/// that `rule` joins (under line: that share a row or a column). There
/// nothing moves and no removal changes a pair, so the board clears
/// exactly when every class splits so, and any order of those pairs clears
/// it. Each class is searched on its own (the first tile left tries each
/// partner it joins), failed sets of tiles remembered; `None` when a class
/// has more than [`MATCHING_TILES`] tiles.
fn cell_matchings(
    board: &Board,
    rules: &Rules,
    rule: Rule,
    budget: &mut Budget,
) -> Option<Solution> {
    let mut classes = std::collections::BTreeMap::<Class, Vec<Pos>>::new();
    for (p, k) in board.tiles() {
        classes.entry(rules.groups().class(k)).or_default().push(p);
    }
    if classes.values().any(|tiles| tiles.len() > MATCHING_TILES) {
        return None;
    }
    let mut order = Vec::new();
    let mut memo = Memo::<u64>::default();
    for tiles in classes.values() {
        let all = if tiles.len() == 64 {
            u64::MAX
        } else {
            (1u64 << tiles.len()) - 1
        };
        match pair_up(rule, tiles, all, &mut memo, budget, &mut order) {
            Ok(true) => {}
            Ok(false) => return Some(Solution::Unsolvable),
            Err(stop) => return Some(Solution::stopped(&stop, budget.states)),
        }
    }
    Some(Solution::Solved(order))
}

/// Whether the tiles of `left` (bits into `tiles`, one class) split into
/// pairs `rule` joins; the pairs are pushed onto `order`.
fn pair_up(
    rule: Rule,
    tiles: &[Pos],
    left: u64,
    memo: &mut Memo<u64>,
    budget: &mut Budget,
    order: &mut Vec<Move>,
) -> Result<bool, Stop> {
    if left == 0 {
        return Ok(true);
    }
    // Keys of different classes may coincide: the class's first cell
    // makes them apart.
    let key = [left, (tiles[0].row as u64) << 32 | tiles[0].col as u64];
    if memo.contains(&key) {
        return Ok(false);
    }
    budget.count_within(u64::MAX)?;
    let first = left.trailing_zeros() as usize;
    let mut rest = left & !(1 << first);
    while rest != 0 {
        let j = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (a, b) = (tiles[first], tiles[j]);
        if rule.join(a, b) == Join::Segment {
            order.push(Move::new(a, b));
            if pair_up(
                rule,
                tiles,
                left & !(1 << first) & !(1 << j),
                memo,
                budget,
                order,
            )? {
                return Ok(true);
            }
            order.pop();
        }
    }
    memo.remember(key.into(), &mut budget.room);
    Ok(false)
}

/// The search: what is known to fail, and the way to the position
/// searched.
struct Search<'r, 'p> {
    rules: &'r Rules,
    rule: Rule,
    keys: BoardKeys,
    /// The budget, the boards (encoded) known not to clear, the
    /// tie-breaking within a class size.
    shared: Shared<'p>,
    /// The moves on the way to the position searched.
    order: Vec<Move>,
}

impl<'p> BoardSearch<'p> for Search<'_, 'p> {
    /// The board itself.
    type Position = Board;

    fn shared(&mut self) -> &mut Shared<'p> {
        &mut self.shared
    }

    fn start_run(&mut self) {
        self.order.clear();
    }

    fn key(&mut self, board: &Board) -> Box<[u8]> {
        let classes = self.keys.classes_of(board, self.rules);
        self.keys.key(classes.cells())
    }

    fn moves(&mut self, board: &Board) -> Result<Vec<Move>, Stop> {
        Ok(ordered_moves(
            board,
            self.rules,
            self.rule,
            self.shared.ties.as_mut(),
        ))
    }

    fn play(&mut self, board: &Board, pair: Move) -> Board {
        let mut next = board.clone();
        take(&mut next, pair, self.rules.gravity());
        self.order.push(pair);
        next
    }

    fn take_back(&mut self) {
        self.order.pop();
    }

    fn take_order(&mut self) -> Vec<Move> {
        std::mem::take(&mut self.order)
    }
}

/// The moves of `board` in the order the search tries them: without
/// gravity, a pair that is the last two of its class alone (the module
/// doc's reduction); otherwise every move, those of the classes with the
/// fewest tiles left first (they have the fewest ways to go wrong), in
/// the rule's [`moves`](crate::moves) order within a class size, or with `shuffle` in a random
/// order within a class size.
fn ordered_moves(
    board: &Board,
    rules: &Rules,
    rule: Rule,
    shuffle: Option<&mut SplitMix64>,
) -> Vec<Move> {
    let mut found = rule.moves(board, rules);
    if let Some(rng) = shuffle {
        rng.shuffle(&mut found);
    }
    let mut left: Vec<Class> = board
        .tiles()
        .map(|(_, k)| rules.groups().class(k))
        .collect();
    left.sort_unstable();
    let count = |class: Class| {
        let lo = left.partition_point(|&c| c < class);
        let hi = left.partition_point(|&c| c <= class);
        hi - lo
    };
    let class_of = |m: &Move| rules.groups().class(board.kind(m.a()).unwrap_or(0));
    if rules.gravity() == Gravity::None {
        if let Some(&last) = found.iter().find(|m| count(class_of(m)) == 2) {
            return vec![last];
        }
    }
    found.sort_by_key(|m| count(class_of(m)));
    found
}

/// Removes `pair` (a legal move) and lets `gravity` act.
fn take(board: &mut Board, pair: Move, gravity: Gravity) {
    board.set(pair.a(), 0);
    board.set(pair.b(), 0);
    if gravity != Gravity::None {
        let mut grid: Grid<u32> = board.to_grid();
        if !settle(&mut grid, gravity).is_empty() {
            *board = Board::new(&grid).expect("the board's own kinds");
        }
    }
}
