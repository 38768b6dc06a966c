//! The exact search under KShisen's sliding tiles ([`Rules::slide`]), with
//! any gravity (`none` included).
//!
//! A slide moves tiles, so a position is the whole board, as under
//! gravity: the memo of failed positions is keyed by the class of matching
//! tiles on every cell (`board_search`'s key). Two boards with the same classes on the same cells are the
//! same position: which moves exist (plain pairs of at most one turn on the
//! board, slides) and what they and gravity do depend on nothing else.
//!
//! None of the other searches' shortcuts is used. The static search's
//! proofs (the kind-clearing reduction, the dead-position test of
//! `closure`, `locks`, the partner search, `pairings`) and those under
//! gravity (`stuck`, `dead_sets`, narrowing, the safe move, `holes`) all
//! rest on "a tile never leaves its cell, or leaves it only along its
//! gravity line, and a move only takes tiles away"; a slide pushes a run of
//! tiles across lines and can fill cells that paths used. So every
//! position's moves are all searched, and `Unsolvable` is a proof. The one
//! test kept is the odd-class test at the root: every move removes two
//! tiles of one class, slide or not, and a slide changes no tile's class.
//!
//! The search runs as `board_search` runs every search over whole boards:
//! a first run in a fixed order, then rounds of short runs with their own
//! tie-breaking, keeping the memo. Moves are ranked: classes with fewer
//! tiles left first, plain pairs before slides, then pairs whose tiles
//! have fewer partners.

use grid_core::{Grid, Pos, SplitMix64};

use super::board_search::{BoardKeys, BoardSearch, RUNS, Shared, solve_in_rounds};
use super::budget::{Budget, Stop};
use super::solution::Solution;
use super::static_position::has_odd_class;
use crate::engine::moves::Move;
use crate::engine::settle::Passes;
use crate::engine::sliding_tiles::{apply, plan, slide_moves};
use crate::query::{Board, joins};
use crate::rules::{Border, Rules};

/// As [`solve_with`](crate::solve_with) under [`Rules::slide`].
///
/// # Complexity
/// At most the budget's states, each O(t²/k·(rows + cols)) for t tiles of
/// k classes to list the plain pairs, plus the slides (O(t) on a full
/// board, O(t·(rows + cols)²) at worst) and O(rows·cols) to copy and
/// settle a board and to count its tiles for the plain pairs; memory at
/// most the budget's room for the memo.
pub(super) fn solve_sliding(board: &Board, rules: &Rules, budget: Budget) -> Solution {
    if has_odd_class(board, rules) {
        return Solution::Unsolvable;
    }
    let keys = BoardKeys::new(board, rules);
    let grid = keys.classes_of(board, rules);
    let mut search = Search {
        passes: Passes::new(board.rows(), board.cols(), rules.gravity()),
        of_class: vec![Vec::new(); keys.len() + 1],
        keys,
        order: Vec::new(),
        shared: Shared::new(budget),
    };
    solve_in_rounds(&mut search, &grid, board.tile_count(), RUNS)
}

/// The search: its parts.
struct Search<'p> {
    /// The gravity on this board.
    passes: Passes,
    /// The classes' numbers and the memo keys.
    keys: BoardKeys,
    /// Per class (by its number on the board): its tiles (a buffer of
    /// [`Search::ranked_moves`]).
    of_class: Vec<Vec<Pos>>,
    /// The moves on the way to the current position, each on the board as
    /// it was then.
    order: Vec<Move>,
    /// The budget, the boards (encoded) known not to clear, the
    /// tie-breaking.
    shared: Shared<'p>,
}

impl<'p> BoardSearch<'p> for Search<'p> {
    /// A board of classes (numbered from 1, 0 = empty).
    type Position = Grid<u32>;

    fn shared(&mut self) -> &mut Shared<'p> {
        &mut self.shared
    }

    fn start_run(&mut self) {
        self.order.clear();
    }

    fn key(&mut self, board: &Grid<u32>) -> Box<[u8]> {
        self.keys.key(board.cells())
    }

    fn moves(&mut self, board: &Grid<u32>) -> Result<Vec<Move>, Stop> {
        Ok(self.ranked_moves(board))
    }

    fn play(&mut self, board: &Grid<u32>, pair: Move) -> Grid<u32> {
        let mut next = board.clone();
        make(&mut next, pair);
        self.passes.settle(&mut next);
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

impl Search<'_> {
    /// Every move on `board`, best first: classes with fewer tiles first,
    /// plain pairs before slides, then moves whose tiles have fewer
    /// partners, ties in the run's order.
    fn ranked_moves(&mut self, board: &Grid<u32>) -> Vec<Move> {
        for tiles in &mut self.of_class {
            tiles.clear();
        }
        for (pos, &class) in board.positions().zip(board.cells()) {
            if class != 0 {
                self.of_class[class as usize].push(pos);
            }
        }
        let mut all: Vec<Move> = Vec::new();
        let shapes = Board::new(board).expect("classes are small");
        for tiles in &self.of_class {
            for (i, &p) in tiles.iter().enumerate() {
                for &q in &tiles[i + 1..] {
                    // Plain pairs: one turn on the board.
                    if joins(&shapes, p, q, Border::Closed, 1) {
                        all.push(Move::new(p, q));
                    }
                }
            }
        }
        slide_moves(
            board,
            |x, y| x == y,
            |a, b, route| {
                all.push(Move::slide(a, b, route));
            },
        );
        // Partners of each cell, over all moves.
        let mut degree = Grid::new(board.rows(), board.cols(), 0u32);
        for m in &all {
            degree[m.a()] += 1;
            degree[m.b()] += 1;
        }
        let mut ranked: Vec<(usize, bool, u32, u64, Move)> = all
            .into_iter()
            .map(|m| {
                let size = self.of_class[board[m.a()] as usize].len();
                let tie = self.shared.ties.as_mut().map_or(0, SplitMix64::next_u64);
                (
                    size,
                    m.route().is_some(),
                    degree[m.a()].min(degree[m.b()]),
                    tie,
                    m,
                )
            })
            .collect();
        ranked.sort_unstable();
        ranked.into_iter().map(|(.., m)| m).collect()
    }
}

/// Makes the listed move `pair` on `board`: the slide, if it is one, then
/// the removal (no gravity).
fn make(board: &mut Grid<u32>, pair: Move) {
    let first = match pair.route() {
        None => pair.a(),
        Some(route) => {
            let size = (board.rows(), board.cols());
            let pushed =
                plan(|p| board[p], size, pair.a(), pair.b(), route).expect("a listed slide");
            apply(board, &pushed);
            pushed[0].to
        }
    };
    board[first] = 0;
    board[pair.b()] = 0;
}
