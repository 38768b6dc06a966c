//! The skeleton of the three searches over whole boards (`gravity_search`,
//! `slide_search`, `plain_search`). Where tiles move, or where the connection rule
//! gives no geometry to lean on, a position is the whole board, and the
//! three search it alike:
//!
//! - **The memo key** ([`BoardKeys`]): a failed position is remembered by
//!   the class of matching tiles on every cell, the deal's classes
//!   numbered densely from 1 (0: empty), one byte a cell (four when there
//!   are more than 255 classes), never a hash alone. Two boards with the
//!   same classes on the same cells are the same position: which moves
//!   exist and what they and gravity do depend on nothing else.
//! - **Restarts** ([`restarting_round`]): runs from the root of
//!   [`RUN_UNIT`] states times the terms of Luby's sequence (1 1 2 1 1 2 4
//!   ...), each with its own tie-breaking ([`Seeds`]), the memo kept from
//!   run to run. Only positions searched to the end are remembered, so a
//!   run that ends within its limit gives the answer, and `Unsolvable` is
//!   still a full search. The times to clear a clearable deal are
//!   heavy-tailed: one long run spends its states under an early wrong
//!   removal, many short ones do not.
//!
//! What stays with each search: its moves and their order, its proofs,
//! and how its rounds grow (`plain`: one round without end; `slides`: a
//! first run in a fixed order, then rounds of twice the states; `gravity`:
//! those rounds, alternating with rounds of its dead-position test).

use grid_core::Grid;

use super::budget::{Budget, Stop};
use super::static_position::classes;
use super::tiles::Kind;
use crate::query::Board;
use crate::rules::{Class, Rules};

/// Runs are this many states times the terms of Luby's sequence.
/// (Measured for the search under gravity, 200 deals a cell at 10 s under
/// `down`: KShisen's closed 30×16 20 → 12 undecided, 26×14 10 → 9,
/// four-of-each closed 18×8 1 → 0, the other cells the same.)
pub(super) const RUN_UNIT: u64 = 1000;

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
            *kind = self.kind(rules.groups.class(*kind)).on_field();
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

/// How the runs of a round break ties: each search keeps the seeds it
/// was measured with, so that its answers (and orders) do not depend on
/// which of them the skeleton serves.
#[derive(Clone, Copy, Debug)]
pub(super) enum Seeds {
    /// Run k is seeded with k, the first run keeping the search's order
    /// (`plain`, whose one round starts at the deal).
    RunNumber,
    /// Run k is seeded with the states counted when it starts, mixed with
    /// k (`slides`).
    States,
    /// As [`Seeds::States`] with k − 1 from the second run on; the first
    /// keeps the tie-breaking the round before left (`gravity`).
    StatesAfterFirst,
}

impl Seeds {
    /// The seed of run `k` (from 1) of a round, which starts at `states`
    /// states; `None`: the search keeps its tie-breaking.
    fn seed(self, k: u64, states: u64) -> Option<u64> {
        match self {
            Seeds::RunNumber => (k > 1).then_some(k),
            Seeds::States => Some(states ^ (k << 40)),
            Seeds::StatesAfterFirst => (k > 1).then(|| states ^ ((k - 1) << 40)),
        }
    }
}

/// A search that [`restarting_round`] runs from its root.
pub(super) trait Restart<'p> {
    /// Its states, run limit and memory.
    fn budget(&mut self) -> &mut Budget<'p>;

    /// Gets ready for a run from the root: the removals of the run before
    /// forgotten, ties broken from `seed` (`None`: as they are).
    fn restart(&mut self, seed: Option<u64>);
}

/// A round of runs of `search` from its root (each made by `run`, which
/// answers whether the root clears), of `unit` times Luby's sequence in
/// states and seeded by `seeds`, until one ends within its limit or the
/// round's states reach `end`; the last run's answer.
///
/// # Complexity
/// At most `end` minus the states counted at the start, plus `run`'s cost
/// for each run.
pub(super) fn restarting_round<'p, S: Restart<'p>>(
    search: &mut S,
    unit: u64,
    end: u64,
    seeds: Seeds,
    mut run: impl FnMut(&mut S) -> Result<bool, Stop>,
) -> Result<bool, Stop> {
    let mut k = 1;
    loop {
        let states = search.budget().states;
        search.restart(seeds.seed(k, states));
        search.budget().limit = states.saturating_add(unit.saturating_mul(luby(k))).min(end);
        match run(search) {
            Err(Stop::Restart) if search.budget().states < end => k += 1,
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
