//! The skeleton of the three searches over whole boards (`gravity_search`,
//! `slide_search`, `plain_search`). Where tiles move, or where the
//! connection rule gives no geometry to lean on, a position is the whole
//! board, and the three search it alike; each supplies only what differs
//! ([`BoardSearch`]: its positions, their key, its moves with its pruning,
//! and its proofs between rounds):
//!
//! - **The memo key** ([`BoardKeys`]): a failed position is remembered by
//!   the class of matching tiles on every cell, the deal's classes
//!   numbered densely from 1 (0: empty), one byte a cell (four when there
//!   are more than 255 classes), never a hash alone. Two boards with the
//!   same classes on the same cells are the same position: which moves
//!   exist and what they and gravity do depend on nothing else.
//! - **A position searched** ([`clears`]): the memo asked, a state
//!   counted, each move played and the position after it searched, the
//!   position remembered when every move fails. Only positions searched
//!   to the end are remembered, so the memo holds from run to run.
//! - **Rounds and restarts** ([`solve_in_rounds`]): a first run from the
//!   root in the search's own order, within [`FIRST_RUN`] states; then
//!   rounds of twice the states of the one before, each cut into runs of
//!   [`RUN_UNIT`] states times the terms of Luby's sequence (1 1 2 1 1 2 4
//!   ...), the memo kept. A run that ends within its limit gives the
//!   answer, and `Unsolvable` is still a full search. The times to clear
//!   a clearable deal are heavy-tailed: one long run spends its states
//!   under an early wrong removal, many short ones do not. Between rounds
//!   a search may run its own proofs (the search under gravity: its
//!   rounds with the dead-position test, the holes, narrowing).
//! - **Ties** (one scheme for all three): none in the first run; after
//!   each round the ties are drawn from a generator seeded with the states
//!   counted so far, which a round's first run (and the search's proofs
//!   between rounds) go on drawing from; run k > 1 of a round draws from
//!   one seeded with the states at its start and k − 1.

use std::ops::ControlFlow;

use grid_core::{Grid, SplitMix64};

use super::budget::{Budget, FIRST_RUN, Stop};
use super::memo::Memo;
use super::solution::Solution;
use super::static_position::classes;
use super::tiles::Kind;
use crate::engine::moves::Move;
use crate::query::Board;
use crate::rules::{Class, Rules};

/// Runs are this many states times the terms of Luby's sequence.
/// (Measured for the search under gravity, 200 deals a cell at 10 s under
/// `down`: KShisen's closed 30×16 20 → 12 undecided, 26×14 10 → 9,
/// four-of-each closed 18×8 1 → 0, the other cells the same.)
pub(super) const RUN_UNIT: u64 = 1000;

/// The sizes of the runs, in states.
#[derive(Clone, Copy, Debug)]
pub(super) struct Runs {
    /// The first run's, from the root in the search's own order.
    pub(super) first: u64,
    /// The unit of the runs of a round: this times Luby's sequence.
    pub(super) unit: u64,
}

/// The runs of every search: [`FIRST_RUN`], then units of [`RUN_UNIT`].
pub(super) const RUNS: Runs = Runs {
    first: FIRST_RUN,
    unit: RUN_UNIT,
};

/// The classes of matching tiles of a deal, numbered densely from 1 in
/// the order of [`classes`] (a class's [`Kind::on_field`]), and the memo
/// keys of boards of those numbers.
pub(super) struct BoardKeys {
    /// The deal's classes, ascending.
    classes: Vec<Class>,
    /// More than 255 classes: four bytes a cell.
    wide: bool,
}

impl BoardKeys {
    /// The classes of `board` under `rules`.
    pub(super) fn new(board: &Board, rules: &Rules) -> BoardKeys {
        let classes = classes(board, rules);
        let wide = classes.len() > usize::from(u8::MAX);
        BoardKeys { classes, wide }
    }

    /// The number of classes.
    pub(super) fn len(&self) -> usize {
        self.classes.len()
    }

    /// The kind (dense number) of `class`, one of the deal's.
    pub(super) fn kind(&self, class: Class) -> Kind {
        Kind::new(
            self.classes
                .binary_search(&class)
                .expect("a class of the deal"),
        )
    }

    /// `board` (whose kinds are the deal's) as a board of classes: each
    /// tile's [`Kind::on_field`], 0 for an empty cell.
    pub(super) fn classes_of(&self, board: &Board, rules: &Rules) -> Grid<u32> {
        let mut grid = board.to_grid();
        for kind in grid.cells_mut().iter_mut().filter(|k| **k != 0) {
            *kind = self.kind(rules.groups().class(*kind)).on_field();
        }
        grid
    }

    /// The memo key of a board of classes (`cells`, row by row): one byte
    /// a cell, four if there are more than 255 classes.
    ///
    /// # Complexity
    /// O(rows·cols).
    pub(super) fn key(&self, cells: &[u32]) -> Box<[u8]> {
        if self.wide {
            cells.iter().flat_map(|c| c.to_le_bytes()).collect()
        } else {
            cells.iter().map(|&c| c as u8).collect()
        }
    }
}

/// What every search keeps alike: its budget (states, run limits,
/// memory), the positions known not to clear (whose room the budget
/// counts), and how ties among equally ranked moves are broken (`None`, the
/// search's own order, in the first run; then draws from this generator,
/// seeded, so answers are reproducible).
pub(super) struct Shared<'p> {
    pub(super) budget: Budget<'p>,
    pub(super) memo: Memo<u8>,
    pub(super) ties: Option<SplitMix64>,
}

impl<'p> Shared<'p> {
    /// A search's start: `budget`, nothing known, its own order.
    pub(super) fn new(budget: Budget<'p>) -> Shared<'p> {
        Shared {
            budget,
            memo: Memo::default(),
            ties: None,
        }
    }
}

/// A search over whole boards, as the skeleton runs it: what differs
/// from one search to another.
pub(super) trait BoardSearch<'p> {
    /// A position as the search keeps it (a board of classes; of tile ids
    /// under gravity).
    type Position;

    /// Its budget, the positions known not to clear and how ties are
    /// broken: the part every search keeps alike.
    fn shared(&mut self) -> &mut Shared<'p>;

    /// Gets ready for a run from the root: the moves of the run before
    /// forgotten.
    fn start_run(&mut self);

    /// The memo key of `position`; asked first of every position.
    fn key(&mut self, position: &Self::Position) -> Box<[u8]>;

    /// The moves to try at `position` (whose key was just asked), best
    /// first, after the search's pruning (none at a dead position); a
    /// search whose work inside a state is bounded stops with
    /// `Err(Stop::OutOfBudget)` when that work runs out.
    fn moves(&mut self, position: &Self::Position) -> Result<Vec<Move>, Stop>;

    /// The position after `pair` at `position` (and gravity); the move is
    /// then on the way to it.
    fn play(&mut self, position: &Self::Position, pair: Move) -> Self::Position;

    /// Takes the last move played off the way.
    fn take_back(&mut self);

    /// The moves on the way to the position reached: the clearing order
    /// once a run has cleared the board.
    fn take_order(&mut self) -> Vec<Move>;

    /// After a round that its limit cut off, before the next (of
    /// `allowance` states): the search's own proofs and rounds from `root`
    /// (with `tiles` tiles). `Break`: the answer.
    fn between_rounds(
        &mut self,
        root: &Self::Position,
        tiles: usize,
        allowance: u64,
    ) -> ControlFlow<Solution> {
        let _ = (root, tiles, allowance);
        ControlFlow::Continue(())
    }
}

/// Whether `position` with `tiles` tiles clears: the memo asked, a state
/// counted, every move tried in the search's order (the moves that clear
/// it are then the search's order), the position remembered when none
/// clears.
///
/// # Complexity
/// At most the run's states, each costing the search's `moves` and
/// `play`.
pub(super) fn clears<'p, S: BoardSearch<'p>>(
    search: &mut S,
    position: &S::Position,
    tiles: usize,
) -> Result<bool, Stop> {
    if tiles == 0 {
        return Ok(true);
    }
    let key = search.key(position);
    if search.shared().memo.contains(&key) {
        return Ok(false);
    }
    search.shared().budget.count()?;
    for pair in search.moves(position)? {
        let next = search.play(position, pair);
        if clears(search, &next, tiles - 2)? {
            return Ok(true);
        }
        search.take_back();
    }
    let Shared { memo, budget, .. } = search.shared();
    memo.remember(key, &mut budget.room);
    Ok(false)
}

/// Whether the board `root` with `tiles` tiles clears: the first run, then
/// the rounds that restart, with the search's proofs between them (see
/// the module doc), until one answers or the budget stops it.
///
/// # Complexity
/// At most the budget's states, each as [`clears`] says, plus the
/// search's work between rounds.
pub(super) fn solve_in_rounds<'p, S: BoardSearch<'p>>(
    search: &mut S,
    root: &S::Position,
    tiles: usize,
    runs: Runs,
) -> Solution {
    let mut allowance = runs.first;
    let mut first = true;
    loop {
        let end = search.shared().budget.states.saturating_add(allowance);
        search.shared().budget.limit = end;
        let answer = if first {
            search.start_run();
            clears(search, root, tiles)
        } else {
            restarting_round(search, runs.unit, end, |search| clears(search, root, tiles))
        };
        match answer {
            Ok(true) => return Solution::Solved(search.take_order()),
            Ok(false) => return Solution::Unsolvable,
            Err(Stop::Restart) => {
                first = false;
                let states = search.shared().budget.states;
                search.shared().ties = Some(SplitMix64::new(states));
                allowance = allowance.saturating_mul(2);
                if let ControlFlow::Break(answer) = search.between_rounds(root, tiles, allowance) {
                    return answer;
                }
            }
            Err(stop) => return Solution::stopped(&stop, search.shared().budget.states),
        }
    }
}

/// A round of runs of `search` from its root (each made by `run`, which
/// answers whether the root clears), of `unit` times Luby's sequence in
/// states, until one ends within its limit or the round's states reach
/// `end`; the last run's answer. The first run keeps the ties as they
/// are; run k > 1 draws them from the states at its start and k − 1.
///
/// # Complexity
/// At most `end` minus the states counted at the start, plus `run`'s cost
/// for each run.
pub(super) fn restarting_round<'p, S: BoardSearch<'p>>(
    search: &mut S,
    unit: u64,
    end: u64,
    mut run: impl FnMut(&mut S) -> Result<bool, Stop>,
) -> Result<bool, Stop> {
    let mut k = 1;
    loop {
        let states = search.shared().budget.states;
        search.start_run();
        if k > 1 {
            search.shared().ties = Some(SplitMix64::new(states ^ ((k - 1) << 40)));
        }
        search.shared().budget.limit = states.saturating_add(unit.saturating_mul(luby(k))).min(end);
        match run(search) {
            Err(Stop::Restart) if search.shared().budget.states < end => k += 1,
            answer => return answer,
        }
    }
}

/// The `k`-th term (from 1) of Luby's sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2
/// 4 8 ..., where each block of 2^n − 1 terms is the block before it twice,
/// then 2^(n−1).
pub(super) fn luby(mut k: u64) -> u64 {
    loop {
        // The block that ends at or after k: 2^n − 1 terms.
        let n = u64::BITS - k.leading_zeros();
        if k == (1 << n) - 1 {
            return 1 << (n - 1);
        }
        k -= (1 << (n - 1)) - 1;
    }
}

#[cfg(test)]
mod tests;
