//! The search without gravity, where tiles never move: a search over
//! positions (the sets of remaining tiles), with a memo of failed
//! positions, good move ordering, one safe reduction and a test for dead
//! positions, in turn with the search over partners (`partners`), and once
//! the holes proof (`holes`).
//!
//! Under groups, a "kind" below is a class of matching tiles (equal kinds,
//! or kinds of one group): every argument holds for classes, since a
//! removal takes two tiles of one class.
//!
//! # The search
//! A depth-first search over the sets of remaining tiles. A set that has
//! been searched without success is remembered (exactly: the key is the
//! bitset of remaining tiles, not a hash of it), so the many orders in which
//! independent pairs can be removed are searched once.
//!
//! # The reduction: clear a whole kind when it can be cleared now
//! At every position, for every kind with at most `CLEAR_CAP` (8) tiles left:
//! if its tiles can all be removed now, one pair after another, with every
//! other tile still in place, they are removed at once and no alternative
//! is searched. (The best known case: a kind with exactly two tiles left
//! that connect.)
//!
//! *Why this is safe.* Removing tiles only empties cells, and a path through
//! empty cells stays a path when more cells are empty; so a pair that can be
//! removed on some board can be removed on any board with a subset of its
//! tiles. Let S be any sequence that clears the board, and C the sequence
//! that clears kind k now. Play C first, then S without its k-removals.
//! C is legal by assumption. Each remaining step of S meets a board that
//! holds a subset of the tiles it met in S (the same tiles, minus the k
//! tiles that C removed early), so it is legal too, and the board ends
//! empty. Hence: if the position is solvable, it is still solvable after C.
//! The reduction never turns a solvable position into an unsolvable one,
//! and `Unsolvable` stays a proof.
//!
//! # Move ordering
//! After the reductions, every kind with a move has at least four tiles
//! left (two connecting tiles would have been cleared). Moves of kinds with
//! fewer tiles left come first, and within a kind, pairs whose tiles have
//! fewer partners come first (a tile with a single partner has no choice to
//! waste).
//!
//! # Dead positions and locks
//! Every few states the dead-position test (`closure`) runs; a position
//! it finds dead is given up, and the lock it yields (`locks`) refutes
//! every later position that holds it.
//!
//! # Runs
//! The search over positions and the search over partners run in turn
//! with growing limits, and whichever answers first answers; on a closed
//! border, once after the first run, the holes proof (`holes`) is tried:
//! on KShisen's full closed deals the search over positions meets the
//! product of the holes' games and never ends, while their sum is a few
//! thousand states. A tile no hole's game removes is never removed.

use grid_core::{Grid, SplitMix64};
use rustc_hash::FxHashSet;

use super::budget::{Budget, FIRST_RUN, Stop};
use super::closure::DeadTest;
use super::holes;
use super::locks::Locks;
use super::memo::Memo;
use super::pairings::Mates;
use super::partners::PartnerSearch;
use super::solution::Solution;
use super::static_position::{Position, has_odd_class};
use super::tiles::Tile;
use crate::engine::moves::Move;
use crate::query::Board;
use crate::rules::Rules;

#[cfg(test)]
mod tests;

/// The largest number of tiles of one kind the clearing reduction tries to
/// remove at once (its inner search has at most 2^CLEAR_CAP subsets).
const CLEAR_CAP: usize = 8;

/// The most states the games of the holes may take at the root
/// ([`Search::holes_prove_lost`]; KShisen's closed deals need a few
/// thousand). The proof runs on closed borders only: an open border's ring
/// is one hole that borders every edge tile, so its game is nearly the
/// whole game, and the proof spent its cap for nothing (0.2 s a deal on
/// 18×8).
const HOLE_STATES: u64 = 1 << 14;

/// The search over partners gets one state for every this many states of
/// each run of the search over positions. (Most of its states are
/// narrowing's probes, each growing a shared closure a little. Measured: a
/// half decides KShisen's closed deals in about half the time of an
/// eighth, and more of the four-of-each 24×12 deals, with no loss on 16×9
/// and 18×8.)
const PROVER_SHARE: u64 = 2;

/// Whether `board` clears under `rules` (no gravity), within `budget`.
pub(super) fn solve_static(board: &Board, rules: &Rules, budget: Budget) -> Solution {
    if has_odd_class(board, rules) {
        return Solution::Unsolvable;
    }
    Search::new(board, rules, budget).answer(FIRST_RUN)
}

/// The search: its parts.
struct Search<'p> {
    /// The tiles and which remain.
    position: Position,
    /// The partner search's choices (every tile free in the search over
    /// positions; sized when the partner search first runs).
    mates: Mates,
    /// The dead-position test.
    dead: DeadTest,
    /// Locks learnt.
    locks: Locks,
    /// Remaining-tile sets known not to clear.
    memo: Memo<u64>,
    /// States, run limits and memory.
    budget: Budget<'p>,
    /// Tie-breaking among equally ranked moves: 0 in the first run, then
    /// random (seeded, so answers are reproducible).
    shuffle: Option<SplitMix64>,
}

impl<'p> Search<'p> {
    fn new(board: &Board, rules: &Rules, budget: Budget<'p>) -> Self {
        let position = Position::new(board, rules);
        Search {
            mates: Mates::default(),
            position,
            dead: DeadTest::stopped_by(budget.effort()),
            locks: Locks::default(),
            memo: Memo::default(),
            budget,
            shuffle: None,
        }
    }

    /// Runs the searches with `first_run` states before the first restart,
    /// and says what they found.
    fn answer(mut self, first_run: u64) -> Solution {
        match self.run_with_restarts(first_run) {
            Ok(true) => {
                let p = &self.position;
                let pos = |t: Tile| p.pos(t);
                Solution::Solved(
                    p.removed
                        .iter()
                        .map(|&(x, y)| Move::new(pos(x), pos(y)))
                        .collect(),
                )
            }
            Ok(false) => Solution::Unsolvable,
            Err(stop) => Solution::stopped(&stop, self.budget.states),
        }
    }

    /// The search over partners on this search's parts (its choices sized
    /// on first use).
    fn partner_search(&mut self) -> PartnerSearch<'_, 'p> {
        self.mates.engage(&self.position);
        PartnerSearch {
            position: &mut self.position,
            mates: &mut self.mates,
            dead: &mut self.dead,
            budget: &mut self.budget,
        }
    }

    /// Whether the position's holes grow apart and leave a tile that no
    /// play removes (see `holes`); the states their games take count
    /// against the budget.
    fn holes_prove_lost(&mut self) -> bool {
        let p = &mut self.position;
        // The position as `holes` takes it: each tile by its id.
        let mut ids = Grid::new(p.size.0, p.size.1, 0);
        for t in Tile::all(p.tiles()).filter(|&t| p.is_alive(t)) {
            ids[p.pos(t)] = t.id();
        }
        let class_of: Vec<u32> = std::iter::once(0)
            .chain(p.kind.iter().map(|&k| k.on_field()))
            .collect();
        let position = holes::Position {
            ids: &ids,
            class_of: &class_of,
            slides: None,
        };
        let (border, max_turns) = (p.border, p.max_turns);
        holes::prove_lost(
            &position,
            &mut p.field,
            border,
            max_turns,
            HOLE_STATES,
            &mut self.budget,
        )
    }

    /// Alternates the two exact searches with growing state limits, each
    /// run twice as long as the one before: a depth-first run over
    /// positions ([`Search::run`]), then a run over partner choices
    /// ([`PartnerSearch::prove`]). The first search finds clearing orders
    /// fast and keeps what it learns across runs (failed positions,
    /// locks); after its first run it breaks ties in the move order at
    /// random. The second proves many boards unsolvable that the first
    /// would take ages over. A run stopped by its limit records nothing for
    /// the positions it had not finished, so every answer is exact.
    fn run_with_restarts(&mut self, first_run: u64) -> Result<bool, Stop> {
        let mut run_states = first_run.max(1);
        let mut holes_untried = true;
        loop {
            self.budget.limit = self.budget.states.saturating_add(run_states);
            match self.run() {
                Err(Stop::Restart) => {
                    self.position.restore_to(0);
                    self.dead.clear_reasons();
                    let seed = self.budget.states;
                    self.shuffle = Some(SplitMix64::new(seed));
                }
                other => return other,
            }
            // Once, after the first run (which decides most deals at
            // once): the holes' games.
            if std::mem::take(&mut holes_untried) && self.holes_prove_lost() {
                return Ok(false);
            }
            self.budget.limit = self
                .budget
                .states
                .saturating_add((run_states / PROVER_SHARE).max(1));
            match self.partner_search().prove(None) {
                Err(Stop::Restart) => {
                    self.position.restore_to(0);
                    self.mates.mate.fill(Tile::NONE);
                }
                other => return other,
            }
            run_states = run_states.saturating_mul(2);
        }
    }

    /// Remembers the remaining-tile set as failed.
    fn remember_failed(&mut self) {
        let key = self.position.alive.clone().into_boxed_slice();
        self.memo.remember(key, &mut self.budget.room);
    }

    /// A run of the search over positions from the current one.
    fn run(&mut self) -> Result<bool, Stop> {
        if self.position.left == 0 {
            return Ok(true);
        }
        if self.memo.contains(&self.position.alive) || self.locks.hold(&self.position.alive) {
            return Ok(false);
        }
        self.budget.count()?;
        let mark = self.position.removed.len();
        let moves = self.reduce_and_list()?;
        if self.position.left == 0 {
            return Ok(true);
        }
        let key: Box<[u64]> = self.position.alive.clone().into_boxed_slice();
        let reduced = mark != self.position.removed.len();
        if reduced && self.memo.contains(&key) {
            self.position.restore_to(mark);
            self.remember_failed();
            return Ok(false);
        }
        let tested = self.dead.when_due(
            self.budget.states,
            &mut self.position,
            &self.mates,
            &mut self.locks,
            &mut self.budget.room,
        )?;
        let Some(pushed) = tested else {
            // (The set before the reduction is not remembered here.)
            self.memo.remember(key, &mut self.budget.room);
            self.position.restore_to(mark);
            return Ok(false);
        };
        for (x, y) in moves {
            self.position.remove(x, y);
            if self.run()? {
                return Ok(true);
            }
            self.position.restore();
        }
        if pushed {
            self.dead.pop_reason();
        }
        self.memo.remember(key, &mut self.budget.room);
        self.position.restore_to(mark);
        if reduced {
            self.remember_failed();
        }
        Ok(false)
    }

    /// Applies the clearing reduction until it no longer applies, then lists
    /// the moves left, best first. Its path searches spend the search's
    /// work allowance (see `budget::TEST_STEPS_PER_STATE`): once spent, it
    /// stops with `Err(Stop::OutOfBudget)`, so a small budget bounds a
    /// state's work on a big board too.
    fn reduce_and_list(&mut self) -> Result<Vec<(Tile, Tile)>, Stop> {
        let mut partners = Vec::new();
        'again: loop {
            // (fewer tiles of the kind, fewer partners, tie-break, pair)
            let mut ranked: Vec<(usize, usize, u64, Tile, Tile)> = Vec::new();
            let mut degree: Vec<(Tile, usize)> = Vec::new();
            for k in self.position.kinds() {
                let n = self.position.alive_in_kind[k.index()];
                if n < 2 {
                    continue;
                }
                let tiles = self.position.alive_of(k);
                let first = ranked.len();
                degree.clear();
                for (i, &t) in tiles.iter().enumerate() {
                    if i + 1 == tiles.len() {
                        break; // its pairs were found from the others
                    }
                    self.dead.effort.may_go_on()?;
                    let steps = self.position.partners(t, &mut partners);
                    self.dead.effort.spend(steps);
                    for &u in &partners {
                        if u > t {
                            let tie = self.shuffle.as_mut().map_or(0, |r| r.next_u64());
                            ranked.push((n, 0, tie, t, u));
                        }
                    }
                }
                if ranked.len() == first {
                    continue;
                }
                if n <= CLEAR_CAP && self.clear_kind(&tiles) {
                    continue 'again;
                }
                for &(_, _, _, t, u) in &ranked[first..] {
                    for v in [t, u] {
                        match degree.iter_mut().find(|(w, _)| *w == v) {
                            Some((_, d)) => *d += 1,
                            None => degree.push((v, 1)),
                        }
                    }
                }
                for entry in &mut ranked[first..] {
                    let d = |v: Tile| degree.iter().find(|(w, _)| *w == v).map_or(0, |e| e.1);
                    entry.1 = d(entry.3).min(d(entry.4));
                }
            }
            ranked.sort_unstable();
            return Ok(ranked.into_iter().map(|(_, _, _, t, u)| (t, u)).collect());
        }
    }

    /// Removes all of `tiles` (the remaining tiles of one kind) if they can
    /// be removed one pair after another now; otherwise changes nothing.
    fn clear_kind(&mut self, tiles: &[Tile]) -> bool {
        let mut failed = FxHashSet::default();
        let full = (1u32 << tiles.len()) - 1;
        self.clear_rest(tiles, full, &mut failed)
    }

    /// The inner search of [`Search::clear_kind`] over the subset `mask` of
    /// `tiles` still to remove.
    fn clear_rest(&mut self, tiles: &[Tile], mask: u32, failed: &mut FxHashSet<u32>) -> bool {
        if mask == 0 {
            return true;
        }
        if failed.contains(&mask) {
            return false;
        }
        let mut partners = Vec::new();
        for i in 0..tiles.len() {
            if mask >> i & 1 == 0 {
                continue;
            }
            let steps = self.position.partners(tiles[i], &mut partners);
            self.dead.effort.spend(steps);
            for j in i + 1..tiles.len() {
                if mask >> j & 1 == 1 && partners.contains(&tiles[j]) {
                    self.position.remove(tiles[i], tiles[j]);
                    if self.clear_rest(tiles, mask & !(1 << i) & !(1 << j), failed) {
                        return true;
                    }
                    self.position.restore();
                }
            }
        }
        failed.insert(mask);
        false
    }
}
