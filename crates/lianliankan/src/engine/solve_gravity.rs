//! The exact search under gravity.
//!
//! With gravity, tiles move after every removal, so a position is the
//! whole board, not the set of remaining tiles: two orders that remove the
//! same tiles can leave them in different places (`outward` and `inward`
//! move tiles across columns and then along them). The memo of failed
//! positions is therefore keyed by the exact board: the class of matching
//! tiles on every cell, one byte a cell (four when there are more than 255
//! classes). Two boards with the same classes on the same cells are the same
//! position, since matching and gravity depend on nothing else.
//!
//! The kind-clearing reduction of the static search is *not* used here. Its
//! proof rests on "removing tiles only empties cells, so a path stays a
//! path", and under gravity a removal also moves tiles, which can block a
//! path that existed before (a tile slides into it) as well as open one.
//! Every position's moves are searched, so `Unsolvable` is a proof; the
//! pruning is the memo of positions searched to the end, the odd-class test
//! at the root (it holds under any rule: every removal takes two tiles of
//! one class), and, under a gravity with one pass, the dead-position test
//! of `gravity_stuck` (tiles that no play can ever remove).
//!
//! Move ordering is the static search's: classes with fewer tiles left
//! first, then pairs whose tiles have fewer partners. The search runs in
//! rounds with growing state limits, keeping the memo, with random
//! tie-breaking after the first; every round is complete unless cut off by
//! its limit, so the last one decides. Under a one-pass gravity the rounds
//! alternate: one with the dead-position test at every state, which proves
//! positions lost long before they run out of moves (often the deal itself)
//! but costs about ten times as much a state, so it gets `1 / TESTING_SHARE`
//! of the states; then one without it, which looks for a solution among
//! many cheap states.
//! (At 2 s on 20 deals a cell, this mix decides as many deals as the
//! search without the test on every cell measured, and every deal of the
//! 30×16 four-of-each open cell, of which that search left 7 undecided.)

use std::ops::ControlFlow;

use grid_core::{Grid, Pos, SplitMix64};
use rustc_hash::FxHashSet;

use super::gravity::Passes;
use super::gravity_stuck::StuckTest;
use super::reach::Field;
use super::solve::{FIRST_RUN, MEMO_ENTRY_OVERHEAD, Solution, Stop, count_state};
use crate::{Board, Class, Move, Rules};

/// As [`super::solve_with_progress`] for `rules.gravity` other than `None`.
///
/// # Complexity
/// At most `budget` states, each O(t·rows·cols) for t tiles (a state of a
/// round with the dead-position test O(p·t·rows·cols), p passes of that
/// test); memory at most `memo_bytes` for the memo.
pub(super) fn solve(
    board: &Board,
    rules: &Rules,
    budget: u64,
    memo_bytes: usize,
    progress: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Solution {
    let mut classes: Vec<Class> = board.tiles().map(|(_, k)| rules.groups.class(k)).collect();
    classes.sort_unstable();
    let odd = classes
        .chunk_by(|a, b| a == b)
        .any(|run| run.len() % 2 == 1);
    if odd {
        return Solution::Unsolvable;
    }
    classes.dedup();
    let mut dense = board.to_grid();
    for kind in dense.cells_mut().iter_mut().filter(|k| **k != 0) {
        let class = rules.groups.class(*kind);
        *kind = classes.binary_search(&class).expect("a listed class") as u32 + 1;
    }
    let passes = Passes::new(board.rows(), board.cols(), rules.gravity);
    let stuck = passes.lines().map(|lines| {
        StuckTest::new(
            board.rows(),
            board.cols(),
            lines,
            rules.border,
            rules.max_turns,
        )
    });
    let mut search = Search {
        rules,
        passes,
        testing: stuck.is_some(),
        stuck,
        wide: classes.len() > usize::from(u8::MAX),
        classes: classes.len(),
        order: Vec::new(),
        failed: FxHashSet::default(),
        memo_room: memo_bytes,
        states: 0,
        budget,
        limit: u64::MAX,
        shuffle: None,
        progress,
    };
    let tiles = board.tile_count();
    let mut run_states = FIRST_RUN;
    loop {
        let states = if search.testing {
            run_states / TESTING_SHARE
        } else {
            run_states
        };
        search.limit = search.states.saturating_add(states);
        match search.run(&dense, tiles) {
            Ok(true) => return Solution::Solved(search.order),
            Ok(false) => return Solution::Unsolvable,
            Err(Stop::OutOfBudget) => {
                return Solution::OutOfBudget {
                    states: search.states,
                };
            }
            Err(Stop::Restart) => {
                search.order.clear();
                if !search.testing {
                    search.shuffle = Some(SplitMix64::new(search.states));
                    run_states = run_states.saturating_mul(2);
                }
                search.testing = !search.testing && search.stuck.is_some();
            }
        }
    }
}

/// A round with the dead-position test gets this fraction of the states of
/// the round without it that follows.
const TESTING_SHARE: u64 = 16;

/// The search state.
struct Search<'a, 'p> {
    rules: &'a Rules,
    /// The gravity on this board.
    passes: Passes,
    /// The dead-position test, for a gravity with one pass.
    stuck: Option<StuckTest>,
    /// Whether this run tests positions for dead ones.
    testing: bool,
    /// More than 255 classes: four bytes a cell in memo keys.
    wide: bool,
    classes: usize,
    /// The removals on the way to the current position, each on the board
    /// as it was then.
    order: Vec<Move>,
    /// Boards (encoded) known not to clear.
    failed: FxHashSet<Box<[u8]>>,
    memo_room: usize,
    states: u64,
    budget: u64,
    limit: u64,
    shuffle: Option<SplitMix64>,
    progress: &'p mut dyn FnMut(u64) -> ControlFlow<()>,
}

impl Search<'_, '_> {
    /// Whether `board` (dense classes, 0 = empty) with `tiles` tiles clears.
    fn run(&mut self, board: &Grid<u32>, tiles: usize) -> Result<bool, Stop> {
        if tiles == 0 {
            return Ok(true);
        }
        let key = self.key(board);
        if self.failed.contains(&key) {
            return Ok(false);
        }
        count_state(&mut self.states, self.budget, self.limit, self.progress)?;
        let dead = self.testing && self.stuck.as_mut().is_some_and(|test| test.is_dead(board));
        let moves = if dead {
            Vec::new()
        } else {
            self.ranked_moves(board)
        };
        for pair in moves {
            let mut next = board.clone();
            next[pair.a()] = 0;
            next[pair.b()] = 0;
            self.passes.settle(&mut next);
            self.order.push(pair);
            if self.run(&next, tiles - 2)? {
                return Ok(true);
            }
            self.order.pop();
        }
        let cost = key.len() + MEMO_ENTRY_OVERHEAD;
        if cost <= self.memo_room && self.failed.insert(key) {
            self.memo_room -= cost;
        }
        Ok(false)
    }

    /// The memo key of `board`: its classes, one byte a cell (four if
    /// wide).
    fn key(&self, board: &Grid<u32>) -> Box<[u8]> {
        if self.wide {
            board.cells().iter().flat_map(|c| c.to_le_bytes()).collect()
        } else {
            board.cells().iter().map(|&c| c as u8).collect()
        }
    }

    /// Every move on `board`, best first: classes with fewer tiles first,
    /// then pairs whose tiles have fewer partners, ties in a run's order.
    fn ranked_moves(&mut self, board: &Grid<u32>) -> Vec<Move> {
        let mut field = Field::from_kinds(board.clone(), self.rules.border);
        let mut of_class: Vec<Vec<Pos>> = vec![Vec::new(); self.classes + 1];
        for pos in board.positions() {
            let class = board[pos] as usize;
            if class != 0 {
                of_class[class].push(pos);
            }
        }
        // (tiles of the class, fewer partners, tie-break, pair)
        let mut ranked: Vec<(usize, usize, u64, Move)> = Vec::new();
        let mut degree: Vec<(Pos, usize)> = Vec::new();
        for (class, tiles) in of_class.iter().enumerate().skip(1) {
            let n = tiles.len();
            if n < 2 {
                continue;
            }
            let first = ranked.len();
            for &t in &tiles[..n - 1] {
                let start = field.index(t);
                let mut partners = Vec::new();
                field.reach(start, self.rules.max_turns, |cell, is_tile| {
                    if is_tile && cell > start {
                        partners.push(cell);
                    }
                });
                for cell in partners {
                    if field.kind(cell) as usize == class {
                        let tie = self.shuffle.as_mut().map_or(0, SplitMix64::next_u64);
                        ranked.push((n, 0, tie, Move::new(t, field.pos(cell))));
                    }
                }
            }
            degree.clear();
            for &(_, _, _, m) in &ranked[first..] {
                for v in [m.a(), m.b()] {
                    match degree.iter_mut().find(|(w, _)| *w == v) {
                        Some((_, d)) => *d += 1,
                        None => degree.push((v, 1)),
                    }
                }
            }
            for entry in &mut ranked[first..] {
                let d = |v: Pos| degree.iter().find(|(w, _)| *w == v).map_or(0, |e| e.1);
                entry.1 = d(entry.3.a()).min(d(entry.3.b()));
            }
        }
        ranked.sort_unstable();
        ranked.into_iter().map(|(_, _, _, m)| m).collect()
    }
}
