//! Can the whole board be cleared? Two exact searches in turn: one over
//! positions, with a memo of failed positions, good move ordering, one safe
//! reduction and a test for dead positions; one over the choice of
//! partners.
//!
//! This module is the search without gravity, where tiles never move; with
//! gravity, [`solve`] hands over to `solve_gravity`, whose positions are
//! whole boards. Under groups, a "kind" below is a class of matching tiles
//! (equal kinds, or kinds of one group): every argument holds for classes,
//! since a removal takes two tiles of one class.
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
//! # Dead positions: tiles that can never be removed
//! At every position the search grows the set R of tiles that *might* be
//! removed some day: a tile joins R when a path reaches from it to a
//! remaining tile of its kind on the board without R's tiles. Every tile
//! any play removes ends up in R (removals only empty cells), so a tile
//! left outside is never removed and the position is lost. This catches
//! the usual end of a random deal on a big board at once: a few dozen
//! pairs come off, then nothing can, whichever were taken. The stuck tiles
//! yield a *lock*, a small set of tiles that keep each other from every
//! partner, remembered as a pattern that refutes every later position
//! holding it, however it was reached.
//!
//! # The second search: choosing partners
//! What makes the game hard is only whom each tile is removed with: once
//! every tile's partner is fixed, removing fixed pairs as soon as they
//! connect clears the board if anything does. [`Search::prove`] searches
//! over these choices, with R restricted to the chosen partners as its
//! test: a stuck tile refutes every completion of the choices made. At
//! each of its nodes it first *narrows*: every pair of free tiles of a
//! kind (of up to 12 free tiles) is tried as partners, and a pair whose
//! choice leaves a tile stuck is ruled out below the node, which makes R
//! smaller (a tile may not join through a ruled-out partner) and binds a
//! tile with one partner left. It proves most deals that the search over
//! positions cannot finish unsolvable, and finds clearing orders as well;
//! the two searches run in turn with growing limits, and whichever answers
//! first answers.
//!
//! # A third proof: the holes of a crowded board
//! On a closed border, once after the first run, `holes` searches the
//! game of each hole of the board alone (holes change each other only by
//! growing into touch): on KShisen's full closed deals the search over
//! positions meets the product of the holes' games and never ends, while
//! their sum is a few thousand states. A tile no hole's game removes is
//! never removed.

use std::ops::ControlFlow;

use grid_core::{Grid, SplitMix64};
use rustc_hash::FxHashSet;

use super::reach::Field;
use super::{holes, solve_gravity};
use crate::{Board, Border, Class, Gravity, Move, Rules};

/// The largest number of tiles of one kind the clearing reduction tries to
/// remove at once (its inner search has at most 2^CLEAR_CAP subsets).
const CLEAR_CAP: usize = 8;

/// The most memory, in bytes, that [`solve`]'s memo of failed positions
/// takes. Past it no more positions are remembered: the search stays exact,
/// it only may search some positions again (and the budget still bounds
/// the time), so memory stays bounded whatever the budget.
pub(super) const MEMO_BYTES: usize = 256 << 20;

/// Bytes a memo entry costs besides its bitset: the boxed slice's pointer
/// and length, the hash table's control byte and spare room, the
/// allocator's header.
pub(super) const MEMO_ENTRY_OVERHEAD: usize = 48;

/// The most states the games of the holes may take at the root
/// ([`Search::holes_prove_lost`]; KShisen's closed deals need a few
/// thousand). The proof runs on closed borders only: an open border's ring
/// is one hole that borders every edge tile, so its game is nearly the
/// whole game, and the proof spent its cap for nothing (0.2 s a deal on
/// 18×8).
const HOLE_STATES: u64 = 1 << 14;

/// The most locks [`solve`] keeps: every position is checked against each
/// (and they share the memo's room).
const MAX_LOCKS: usize = 1 << 12;

/// The search over positions runs the dead-position test at every this
/// many states (a position found dead refutes its whole subtree, so a
/// test skipped is only a test made a few states later; the test costs
/// about as much as eight positions).
const DEAD_TEST_EVERY: u64 = 8;

/// ... or, after tests that found nothing, less often: the gap doubles
/// after each such test up to this many states, and goes back to
/// [`DEAD_TEST_EVERY`] when a test finds a dead position.
const DEAD_TEST_MOST: u64 = 64;

/// The search over partners gets one state for every this many states of
/// each run of the search over positions. (Most of its states are
/// narrowing's probes, each growing a shared closure a little. Measured: a
/// half decides KShisen's closed deals in about half the time of an
/// eighth, and more of the four-of-each 24×12 deals, with no loss on 16×9
/// and 18×8.)
const PROVER_SHARE: u64 = 2;

/// The most free tiles a kind may have for [`Search::narrow`] to try its
/// pairs (one dead-position test each, 66 for 12 tiles).
const NARROW_MAX: usize = 12;

/// How often (in states) [`solve_with_progress`] reports progress (and
/// may be told to stop). A state of a big board can cost milliseconds (a
/// dead-position test, a narrowing's probes): every 1,024 states let a
/// study's 10-second limit run to 12.5 s; a report costs about one clock
/// read, nothing beside 64 states.
pub(super) const PROGRESS_EVERY: u64 = 1 << 6;

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The board can be cleared in this removal order.
    Solved(Vec<Move>),
    /// The board cannot be cleared (proved by exhausting the search).
    Unsolvable,
    /// The budget ran out, or the caller stopped the search
    /// ([`solve_with_progress`]), before an answer was found.
    OutOfBudget {
        /// The number of states searched.
        states: u64,
    },
}

/// Whether `board` can be cleared under `rules`: a removal order that clears
/// it, a proof that none exists, or [`Solution::OutOfBudget`] after `budget`
/// search states (positions expanded; a position found in the memo is not
/// counted). A board that is already empty is solved by the empty order.
///
/// ```
/// use lianliankan::{Board, Border, Move, Pos, Rules, Solution, solve};
/// let board = Board::from_rows(&[[1, 2, 2, 1]]).unwrap();
/// let order = vec![
///     Move::new(Pos::new(0, 1), Pos::new(0, 2)),
///     Move::new(Pos::new(0, 0), Pos::new(0, 3)),
/// ];
/// assert_eq!(solve(&board, &Rules::default(), 100), Solution::Solved(order));
/// let cross = Board::from_rows(&[[1, 2], [2, 1]]).unwrap();
/// assert_eq!(solve(&cross, &Rules::default(), 100), Solution::Unsolvable);
/// // Around the board with three turns, the crossed pairs come apart.
/// let loose = Rules { max_turns: 3, border: Border::Open, ..Rules::default() };
/// assert!(matches!(solve(&cross, &loose, 100), Solution::Solved(_)));
/// ```
///
/// # Complexity
/// Exponential in the worst case (the problem is NP-complete); at most
/// `budget` states (positions of the first search, partner choices of the
/// second), each costing O(t·rows·cols) for t tiles to list the moves, plus
/// the reduction's inner searches (bounded per kind by 2^8 subsets) and
/// the dead-position test (a search from a tile each time a cell bounding
/// its last one empties: O(t·rows·cols) in practice). Memory: one bitset of
/// t bits per failed state and two per lock (at most 4,096), at most
/// 256 MiB in all (past that, nothing more is remembered: time, never
/// exactness, is lost).
#[must_use]
pub fn solve(board: &Board, rules: &Rules, budget: u64) -> Solution {
    solve_with_progress(board, rules, budget, &mut |_| ControlFlow::Continue(()))
}

/// As [`solve`], calling `progress(states)` every 64 states; when it
/// returns [`ControlFlow::Break`] the search stops at once and answers
/// [`Solution::OutOfBudget`] (a time limit, a cancel button).
///
/// ```
/// use std::ops::ControlFlow;
/// use std::time::{Duration, Instant};
/// use lianliankan::{Board, Rules, Solution, solve_with_progress};
/// let board = Board::from_rows(&[[1, 2, 2, 1]]).unwrap();
/// let stop_at = Instant::now() + Duration::from_secs(1);
/// let answer = solve_with_progress(&board, &Rules::default(), u64::MAX, &mut |_states| {
///     if Instant::now() < stop_at { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
/// });
/// assert!(matches!(answer, Solution::Solved(_)));
/// ```
///
/// # Complexity
/// As [`solve`].
#[must_use]
pub fn solve_with_progress(
    board: &Board,
    rules: &Rules,
    budget: u64,
    progress: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Solution {
    dispatch(board, rules, budget, true, progress)
}

/// The solver as it was before the dead-position test and the search over
/// partners: the search over positions alone (memo, reduction, move
/// ordering, restarts). Kept as the bench's baseline for [`solve`]; not
/// part of the API.
///
/// # Complexity
/// As [`solve`].
#[doc(hidden)]
#[must_use]
pub fn solve_without_proofs(
    board: &Board,
    rules: &Rules,
    budget: u64,
    progress: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Solution {
    dispatch(board, rules, budget, false, progress)
}

/// The search under gravity, or the static one with or without `proofs`.
fn dispatch(
    board: &Board,
    rules: &Rules,
    budget: u64,
    proofs: bool,
    progress: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Solution {
    if rules.gravity != Gravity::None {
        return solve_gravity::solve(board, rules, budget, MEMO_BYTES, progress);
    }
    let mut search = Search::new(board, rules, budget, progress);
    search.proofs = proofs;
    search.answer(FIRST_RUN)
}

impl Search<'_> {
    /// Runs the searches with `first_run` states before the first restart,
    /// and says what they found.
    fn answer(mut self, first_run: u64) -> Solution {
        if self.has_odd_kind() {
            return Solution::Unsolvable;
        }
        match self.run_with_restarts(first_run) {
            Ok(true) => Solution::Solved(
                self.removed
                    .iter()
                    .map(|&(x, y)| {
                        Move::new(
                            self.field.pos(self.cell[x as usize]),
                            self.field.pos(self.cell[y as usize]),
                        )
                    })
                    .collect(),
            ),
            Ok(false) => Solution::Unsolvable,
            Err(_) => Solution::OutOfBudget {
                states: self.states,
            },
        }
    }
}

/// Why a search stopped early.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The budget ran out.
    OutOfBudget,
    /// The current run's limit ran out: start over with another order.
    Restart,
}

/// Counts a state against the budget and the run's limit, and reports
/// progress every [`PROGRESS_EVERY`] states (the caller may stop): the
/// bookkeeping of every search here and in `solve_gravity`.
pub(super) fn count_state(
    states: &mut u64,
    budget: u64,
    limit: u64,
    progress: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Result<(), Stop> {
    *states += 1;
    if *states > budget {
        *states = budget;
        return Err(Stop::OutOfBudget);
    }
    if *states > limit {
        return Err(Stop::Restart);
    }
    if *states % PROGRESS_EVERY == 0 && progress(*states).is_break() {
        return Err(Stop::OutOfBudget);
    }
    Ok(())
}

/// States of the first run; each restart doubles the limit.
pub(super) const FIRST_RUN: u64 = 2000;

/// A tile's number: tiles are numbered row by row from 0.
type Tile = u32;

/// The tiles one reach from a tile hit, and the position it ran on: see
/// [`Search::partners`].
#[derive(Clone, Debug, Default)]
struct Reach {
    depth: usize,
    stamp: u64,
    hits: Vec<Tile>,
}

/// A lock learnt by [`Search::learn_lock`], as two tile bitsets: the tiles
/// that must remain and the tiles that must be gone for a position to
/// hold it.
type Lock = (Box<[u64]>, Box<[u64]>);

/// The work list of [`Search::removable`]: which tiles wait for a search,
/// and which tiles' last searches were bounded by which cells, so that a
/// tile is searched again only when a cell that bounded its last search
/// empties (until then the search would find the same, nothing).
#[derive(Debug, Default)]
struct Closure {
    queue: std::collections::VecDeque<Tile>,
    queued: Vec<bool>,
    in_r: Vec<bool>,
    /// The tiles of R in the order they joined (their cells are emptied on
    /// the field while the closure runs).
    joined: Vec<Tile>,
    /// Per tile of R: the partner its entry reached (or that reached it).
    why: Vec<Tile>,
    /// Per tile: how many searches it has had in this closure.
    version: Vec<u32>,
    /// The bounding cells of all searches, and per tile its last span.
    bounds: Vec<usize>,
    span: Vec<(usize, usize)>,
    /// Per field cell: the first watcher (an index into `watchers`), valid
    /// when `head_stamp` is `stamp`.
    head: Vec<u32>,
    head_stamp: Vec<u32>,
    stamp: u32,
    /// (tile, its version when it watched, next watcher of the cell).
    watchers: Vec<(Tile, u32, u32)>,
}

impl Closure {
    /// Empties the buffers for `tiles` tiles on a field of `cells` cells.
    fn start(&mut self, tiles: usize, cells: usize) {
        self.queue.clear();
        self.queued.clear();
        self.queued.resize(tiles, false);
        self.in_r.clear();
        self.in_r.resize(tiles, false);
        self.joined.clear();
        self.why.clear();
        self.why.resize(tiles, Tile::MAX);
        self.version.clear();
        self.version.resize(tiles, 0);
        self.bounds.clear();
        self.span.clear();
        self.span.resize(tiles, (0, 0));
        self.watchers.clear();
        if self.head.len() != cells {
            self.head = vec![0; cells];
            self.head_stamp = vec![0; cells];
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.head_stamp.fill(0);
            self.stamp = 1;
        }
    }

    /// Queues tile `t` for a search unless it is queued or in R.
    fn push(&mut self, t: Tile) {
        let i = t as usize;
        if !self.queued[i] && !self.in_r[i] {
            self.queued[i] = true;
            self.queue.push_back(t);
        }
    }

    /// Makes this closure a copy of `other`, reusing its buffers.
    fn copy_from(&mut self, other: &Closure) {
        self.queue.clone_from(&other.queue);
        self.queued.clone_from(&other.queued);
        self.in_r.clone_from(&other.in_r);
        self.joined.clone_from(&other.joined);
        self.why.clone_from(&other.why);
        self.version.clone_from(&other.version);
        self.bounds.clone_from(&other.bounds);
        self.span.clone_from(&other.span);
        self.head.clone_from(&other.head);
        self.head_stamp.clone_from(&other.head_stamp);
        self.stamp = other.stamp;
        self.watchers.clone_from(&other.watchers);
    }

    /// Tile `t`'s current search is bounded by `cell`.
    fn watch(&mut self, cell: usize, t: Tile) {
        let next = if self.head_stamp[cell] == self.stamp {
            self.head[cell]
        } else {
            u32::MAX
        };
        self.head_stamp[cell] = self.stamp;
        self.head[cell] = self.watchers.len() as u32;
        self.watchers.push((t, self.version[t as usize], next));
    }

    /// `cell` has emptied: queue the tiles whose current search it bounds.
    fn wake(&mut self, cell: usize) {
        if self.head_stamp[cell] != self.stamp {
            return;
        }
        let mut i = self.head[cell];
        while i != u32::MAX {
            let (t, version, next) = self.watchers[i as usize];
            let t_us = t as usize;
            if version == self.version[t_us] {
                self.push(t);
            }
            i = next;
        }
        self.head_stamp[cell] = 0;
    }
}

/// Whether bit `i` of `mask` is set (none is past bit 63).
fn is_bit(mask: u64, i: u32) -> bool {
    mask.checked_shr(i).unwrap_or(0) & 1 == 1
}

/// The search state and its buffers.
struct Search<'p> {
    /// The board with tile kinds renumbered 1..=kinds, and its rows and
    /// columns.
    field: Field,
    size: (usize, usize),
    max_turns: usize,
    border: Border,
    /// Per tile: its field cell and its kind (0-based).
    cell: Vec<usize>,
    kind: Vec<usize>,
    /// Per kind: its tiles, ascending.
    of_kind: Vec<Vec<Tile>>,
    /// Per field cell: the tile there at the start.
    tile_at: Vec<Tile>,
    /// Remaining tiles, as a bitset, and per kind how many.
    alive: Vec<u64>,
    alive_in_kind: Vec<usize>,
    left: usize,
    /// The removals made so far, in order.
    removed: Vec<(Tile, Tile)>,
    /// Buffer of [`Search::learn_lock`].
    hits: Vec<usize>,
    /// Per tile: the tiles its last reach hit, on the position of
    /// `depth` removals whose removals then were stamped `stamp` (see
    /// [`Search::partners`]).
    reaches: Vec<Option<Reach>>,
    /// Per number of removals L: the stamp given to the L-th removal when it
    /// was made (0 for none), so that a position is known to be a descendant
    /// of an earlier one of L removals while `stamps[L]` is unchanged.
    stamps: Vec<u64>,
    next_stamp: u64,
    /// The reasons of [`Search::removable`] at ancestors of the position
    /// (the number of removals made when it ran, and the partner of each
    /// tile), innermost last.
    why: Vec<(usize, Vec<Tile>)>,
    /// Locks learnt (tiles that must remain, tiles that must be gone): a
    /// position that matches one is lost.
    locks: Vec<Lock>,
    /// Per tile: the partner it is bound to by [`Search::prove`]
    /// (`Tile::MAX`: free), and whether any is bound.
    mate: Vec<Tile>,
    mated: bool,
    /// Per tile: its index among the tiles of its kind, and which of them
    /// (bits by that index; kinds of up to 64 tiles) [`Search::narrow`]
    /// has ruled out as its partner below the partner search's node.
    rank: Vec<u32>,
    forbid: Vec<u64>,
    /// Whether the dead-position test and the search over partners are on
    /// (off only for [`solve_without_proofs`]).
    proofs: bool,
    /// The least and the most states between two dead-position tests
    /// ([`DEAD_TEST_EVERY`], [`DEAD_TEST_MOST`]; the tests try 1 as well),
    /// the gap now, and the state of the next test.
    dead_test_every: u64,
    dead_test_most: u64,
    dead_test_gap: u64,
    next_dead_test: u64,
    /// The entries into R of [`Search::removable`], in order: a tile and
    /// the partner it reached.
    joins: Vec<(Tile, Tile)>,
    /// Buffers of [`Search::removable`], and of [`Search::probe_pairs`]
    /// for the closure it starts every probe from.
    work: Closure,
    held_back: Closure,
    /// Remaining-tile sets known not to clear.
    failed: FxHashSet<Box<[u64]>>,
    /// Bytes the memo may still take.
    memo_room: usize,
    states: u64,
    budget: u64,
    /// The states at which the current run restarts.
    limit: u64,
    /// Tie-breaking among equally ranked moves: 0 in the first run, then
    /// random (seeded, so answers are reproducible).
    shuffle: Option<SplitMix64>,
    progress: &'p mut dyn FnMut(u64) -> ControlFlow<()>,
}

impl<'p> Search<'p> {
    fn new(
        board: &Board,
        rules: &Rules,
        budget: u64,
        progress: &'p mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> Self {
        let mut field = Field::new(board, rules.border);
        // "Kinds" here are classes of matching tiles (equal kinds, or kinds
        // of one group), numbered densely.
        let class = |k: u32| rules.groups.class(k);
        let mut kinds: Vec<Class> = board.tiles().map(|(_, k)| class(k)).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let mut cell = Vec::new();
        let mut kind = Vec::new();
        let mut of_kind = vec![Vec::new(); kinds.len()];
        let mut tile_at = vec![Tile::MAX; field.len()];
        for (t, (pos, k)) in board.tiles().enumerate() {
            let dense = kinds.binary_search(&class(k)).expect("a listed class");
            let i = field.index(pos);
            field.set(i, dense as u32 + 1);
            cell.push(i);
            kind.push(dense);
            of_kind[dense].push(t as Tile);
            tile_at[i] = t as Tile;
        }
        let n = cell.len();
        let mut alive = vec![0u64; n.div_ceil(64)];
        for t in 0..n {
            alive[t / 64] |= 1 << (t % 64);
        }
        let alive_in_kind = of_kind.iter().map(Vec::len).collect();
        let mut rank = vec![0; n];
        for tiles in &of_kind {
            for (i, &t) in tiles.iter().enumerate() {
                rank[t as usize] = i as u32;
            }
        }
        Search {
            field,
            size: (board.rows(), board.cols()),
            max_turns: rules.max_turns,
            border: rules.border,
            cell,
            kind,
            of_kind,
            tile_at,
            alive,
            alive_in_kind,
            left: n,
            removed: Vec::new(),
            hits: Vec::new(),
            reaches: vec![None; n],
            stamps: vec![0],
            next_stamp: 0,
            why: Vec::new(),
            locks: Vec::new(),
            mate: vec![Tile::MAX; n],
            mated: false,
            rank,
            forbid: vec![0; n],
            proofs: true,
            dead_test_every: DEAD_TEST_EVERY,
            dead_test_most: DEAD_TEST_MOST,
            dead_test_gap: DEAD_TEST_EVERY,
            next_dead_test: 1,
            joins: Vec::new(),
            work: Closure::default(),
            held_back: Closure::default(),
            failed: FxHashSet::default(),
            memo_room: MEMO_BYTES,
            states: 0,
            budget,
            limit: u64::MAX,
            shuffle: None,
            progress,
        }
    }

    /// Whether some kind has an odd number of tiles (then nothing clears:
    /// every removal takes two tiles of one kind).
    fn has_odd_kind(&self) -> bool {
        self.alive_in_kind.iter().any(|&n| n % 2 == 1)
    }

    /// Whether the position's holes grow apart and leave a tile that no
    /// play removes (see `holes`); the states their games take count
    /// against the budget.
    fn holes_prove_lost(&mut self) -> bool {
        // The position as `holes` takes it: tile t has id t + 1.
        let mut ids = Grid::new(self.size.0, self.size.1, 0);
        for t in (0..self.cell.len() as Tile).filter(|&t| self.is_alive(t)) {
            ids[self.field.pos(self.cell[t as usize])] = t + 1;
        }
        let class_of: Vec<u32> = std::iter::once(0)
            .chain(self.kind.iter().map(|&k| k as u32 + 1))
            .collect();
        let position = holes::Position {
            ids: &ids,
            class_of: &class_of,
            slides: None,
        };
        let mut states = 0;
        let cap = HOLE_STATES.min(self.budget);
        let lost = holes::is_lost(
            &position,
            &mut self.field,
            self.border,
            self.max_turns,
            cap,
            &mut states,
        );
        self.states += states.min(cap);
        lost
    }

    fn is_alive(&self, t: Tile) -> bool {
        self.alive[t as usize / 64] >> (t % 64) & 1 == 1
    }

    /// Whether [`Search::narrow`] has ruled out `x` and `y` as partners.
    fn is_ruled_out(&self, x: Tile, y: Tile) -> bool {
        is_bit(self.forbid[x as usize], self.rank[y as usize])
    }

    /// Whether the partner search lets `z` be removed with `t` (of its
    /// kind): `z` is bound to `t`, or both are free and the pair is not
    /// ruled out.
    fn may_pair(&self, z: Tile, t: Tile) -> bool {
        let (mz, mt) = (self.mate[z as usize], self.mate[t as usize]);
        mz == t || mz == Tile::MAX && mt == Tile::MAX && !self.is_ruled_out(z, t)
    }

    /// Rules out `x` and `y` as partners (kept only in kinds of up to 64
    /// tiles: ruling out is a pruning, never needed for exactness).
    fn rule_out(&mut self, x: Tile, y: Tile) {
        for (a, b) in [(x, y), (y, x)] {
            if let Some(bit) = 1u64.checked_shl(self.rank[b as usize]) {
                self.forbid[a as usize] |= bit;
            }
        }
    }

    /// Removes the pair `x`, `y` (which must connect).
    fn remove(&mut self, x: Tile, y: Tile) {
        for t in [x, y] {
            self.field.set(self.cell[t as usize], 0);
            self.alive[t as usize / 64] &= !(1 << (t % 64));
        }
        self.alive_in_kind[self.kind[x as usize]] -= 2;
        self.left -= 2;
        self.removed.push((x, y));
        let depth = self.removed.len();
        if self.stamps.len() <= depth {
            self.stamps.resize(depth + 1, 0);
        }
        self.next_stamp += 1;
        self.stamps[depth] = self.next_stamp;
    }

    /// Puts back the last removed pair.
    fn restore(&mut self) {
        let Some((x, y)) = self.removed.pop() else {
            return;
        };
        let k = self.kind[x as usize];
        for t in [x, y] {
            self.field.set(self.cell[t as usize], k as u32 + 1);
            self.alive[t as usize / 64] |= 1 << (t % 64);
        }
        self.alive_in_kind[k] += 2;
        self.left += 2;
    }

    /// Puts back removals until `mark` remain.
    fn restore_to(&mut self, mark: usize) {
        while self.removed.len() > mark {
            self.restore();
        }
    }

    /// The remaining tiles of `t`'s kind that a path from `t` reaches.
    ///
    /// The tiles a reach hits are kept, with the position it ran on, and
    /// serve again while the search is on a descendant of that position
    /// (its removals unchanged, by the stamps) from which no hit tile has
    /// been removed: removing a tile the reach did not hit changes nothing
    /// it found, since every run stopped at a hit tile or a wall before
    /// that tile's cell, and still does.
    fn partners(&mut self, t: Tile, out: &mut Vec<Tile>) {
        out.clear();
        let depth = self.removed.len();
        let kind = &self.kind;
        let same = |&&h: &&Tile| kind[h as usize] == kind[t as usize];
        if let Some(reach) = &self.reaches[t as usize]
            && reach.depth <= depth
            && self.stamps[reach.depth] == reach.stamp
            && reach.hits.iter().all(|&h| self.is_alive(h))
        {
            out.extend(reach.hits.iter().filter(same));
            return;
        }
        let mut reach = self.reaches[t as usize].take().unwrap_or_default();
        reach.depth = depth;
        reach.stamp = self.stamps[depth];
        reach.hits.clear();
        let (field, tile_at) = (&mut self.field, &self.tile_at);
        field.reach(self.cell[t as usize], self.max_turns, |cell, is_tile| {
            if is_tile {
                reach.hits.push(tile_at[cell]);
            }
        });
        out.extend(reach.hits.iter().filter(same));
        self.reaches[t as usize] = Some(reach);
    }

    /// The remaining tiles of kind `k`, ascending.
    fn alive_of(&self, k: usize) -> Vec<Tile> {
        self.of_kind[k]
            .iter()
            .copied()
            .filter(|&t| self.is_alive(t))
            .collect()
    }

    /// Alternates the two exact searches with growing state limits, each
    /// run twice as long as the one before: a depth-first run over
    /// positions ([`Search::run`]), then a run over partner choices
    /// ([`Search::prove`]). The first search finds clearing orders fast
    /// and keeps what it learns across runs (failed positions, locks); after
    /// its first run it breaks ties in the move order at random. The second
    /// proves many boards unsolvable that the first would take ages over.
    /// A run stopped by its limit records nothing for the positions it had
    /// not finished, so every answer is exact.
    fn run_with_restarts(&mut self, first_run: u64) -> Result<bool, Stop> {
        let mut run_states = first_run.max(1);
        let mut holes_untried = self.proofs;
        loop {
            self.limit = self.states.saturating_add(run_states);
            match self.run() {
                Err(Stop::Restart) => {
                    self.restore_to(0);
                    self.why.clear();
                    let seed = self.states;
                    self.shuffle = Some(SplitMix64::new(seed));
                }
                other => return other,
            }
            // Once, after the first run (which decides most deals at
            // once): the holes' games.
            if std::mem::take(&mut holes_untried) && self.holes_prove_lost() {
                return Ok(false);
            }
            if !self.proofs {
                run_states = run_states.saturating_mul(2);
                continue;
            }
            self.limit = self
                .states
                .saturating_add((run_states / PROVER_SHARE).max(1));
            self.mated = true;
            let proved = self.prove(None);
            self.mated = false;
            match proved {
                Err(Stop::Restart) => {
                    self.restore_to(0);
                    self.mate.fill(Tile::MAX);
                }
                other => return other,
            }
            run_states = run_states.saturating_mul(2);
        }
    }

    /// Counts a state (see [`count_state`]).
    fn count_state(&mut self) -> Result<(), Stop> {
        count_state(&mut self.states, self.budget, self.limit, self.progress)
    }

    fn run(&mut self) -> Result<bool, Stop> {
        if self.left == 0 {
            return Ok(true);
        }
        if self.failed.contains(&self.alive[..]) || self.holds_lock() {
            return Ok(false);
        }
        self.count_state()?;
        let mark = self.removed.len();
        let moves = self.reduce_and_list();
        if self.left == 0 {
            return Ok(true);
        }
        let key: Box<[u64]> = self.alive.clone().into_boxed_slice();
        if mark != self.removed.len() && self.failed.contains(&key) {
            self.restore_to(mark);
            self.remember_failed(self.alive.clone().into_boxed_slice());
            return Ok(false);
        }
        // The root (state 1) is always tested.
        let tested = if self.proofs && self.states >= self.next_dead_test {
            let tested = self.all_removable();
            self.dead_test_gap = match tested {
                None => self.dead_test_every,
                Some(true) => (self.dead_test_gap * 2).min(self.dead_test_most),
                Some(false) => self.dead_test_gap,
            };
            self.next_dead_test = self.states + self.dead_test_gap;
            tested
        } else {
            Some(false)
        };
        let Some(pushed) = tested else {
            self.remember_failed(key);
            self.restore_to(mark);
            if mark != self.removed.len() {
                self.remember_failed(self.alive.clone().into_boxed_slice());
            }
            return Ok(false);
        };
        for (x, y) in moves {
            self.remove(x, y);
            if self.run()? {
                return Ok(true);
            }
            self.restore();
        }
        if pushed {
            self.why.pop();
        }
        let reduced = mark != self.removed.len();
        self.remember_failed(key);
        self.restore_to(mark);
        if reduced {
            self.remember_failed(self.alive.clone().into_boxed_slice());
        }
        Ok(false)
    }

    /// Adds a remaining-tile set that does not clear to the memo, while the
    /// memo has room for it.
    fn remember_failed(&mut self, set: Box<[u64]>) {
        let cost = set.len() * 8 + MEMO_ENTRY_OVERHEAD;
        if cost <= self.memo_room && self.failed.insert(set) {
            self.memo_room -= cost;
        }
    }

    /// Applies the clearing reduction until it no longer applies, then lists
    /// the moves left, best first.
    fn reduce_and_list(&mut self) -> Vec<(Tile, Tile)> {
        let mut partners = Vec::new();
        'again: loop {
            // (fewer tiles of the kind, fewer partners, tie-break, pair)
            let mut ranked: Vec<(usize, usize, u64, Tile, Tile)> = Vec::new();
            let mut degree: Vec<(Tile, usize)> = Vec::new();
            for k in 0..self.of_kind.len() {
                let n = self.alive_in_kind[k];
                if n < 2 {
                    continue;
                }
                let tiles = self.alive_of(k);
                let first = ranked.len();
                degree.clear();
                for (i, &t) in tiles.iter().enumerate() {
                    if i + 1 == tiles.len() {
                        break; // its pairs were found from the others
                    }
                    self.partners(t, &mut partners);
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
            return ranked.into_iter().map(|(_, _, _, t, u)| (t, u)).collect();
        }
    }

    /// Whether every remaining tile might still be removed: `Some(true)` if
    /// [`Search::removable`] had to run (and its reason was pushed on
    /// [`Search::why`]), `Some(false)` if an ancestor's reason still holds,
    /// `None` if some tile can never be removed (the position is lost).
    ///
    /// An ancestor's reason still holds here when no remaining tile's
    /// partner in it has been removed since: each tile's entry into R
    /// then has the same partner and a board with more cells empty.
    fn all_removable(&mut self) -> Option<bool> {
        if let Some((depth, why)) = self.why.last() {
            let gone = &self.removed[*depth..];
            let broken = (0..self.kind.len() as Tile).any(|t| {
                let w = why[t as usize];
                self.is_alive(t) && gone.iter().any(|&(x, y)| w == x || w == y)
            });
            if !broken {
                return Some(false);
            }
        }
        let why = self.removable()?;
        self.why.push((self.removed.len(), why));
        Some(true)
    }

    /// Every remaining tile's partner in a proof that it might be removed
    /// some day, or `None` when some tile can never be removed, whatever is
    /// played: then the position cannot be cleared.
    ///
    /// The test grows the set R of tiles that *might* be removed some day:
    /// a tile joins R when a path reaches from it to a remaining tile of its
    /// kind (in R or not) on the board from which every tile of R is gone.
    /// Every tile that any sequence of removals from this position removes
    /// ends up in R: by induction on the sequence, when a pair is removed,
    /// every tile removed before it is in R, so the board then holds every
    /// tile outside R, and a path on it is a path on the emptier board of
    /// the test (fewer tiles block less), which puts the pair in R. So a
    /// tile left outside R is never removed.
    ///
    /// It is a relaxation (R pretends every tile it holds is gone at once,
    /// and lets a tile pair with a partner that another tile took), so it
    /// proves some dead positions, not all; it catches the common end of a
    /// random deal on a big board: a few dozen pairs come off and then
    /// nothing can, whichever were taken.
    fn removable(&mut self) -> Option<Vec<Tile>> {
        let mut w = std::mem::take(&mut self.work);
        w.start(self.kind.len(), self.field.len());
        self.joins.clear();
        for t in 0..self.kind.len() as Tile {
            if self.is_alive(t) {
                w.push(t);
            }
        }
        self.close(&mut w);
        let stuck: Vec<Tile> = (0..self.kind.len() as Tile)
            .filter(|&t| self.is_alive(t) && !w.in_r[t as usize])
            .collect();
        if !stuck.is_empty() && !self.mated {
            self.learn_lock(&stuck, &w);
        }
        self.refill(&w.joined);
        let why = stuck.is_empty().then(|| w.why.clone());
        self.work = w;
        why
    }

    /// Grows R (see [`Search::removable`]) until no queued tile joins it:
    /// each queued tile searches for a partner on the field with R's cells
    /// empty; one that finds none watches the tile cells that bounded its
    /// search and is queued again when one of them joins R. (The searches
    /// are [`Field::reach_tiles`], word-parallel on boards of up to 60
    /// columns: on a board R has emptied they cross most of it.)
    fn close(&mut self, w: &mut Closure) {
        while let Some(z) = w.queue.pop_front() {
            w.queued[z as usize] = false;
            if w.in_r[z as usize] {
                continue;
            }
            w.version[z as usize] += 1;
            let want = self.kind[z as usize];
            let start = w.bounds.len();
            let bounds = &mut w.bounds;
            self.field
                .reach_tiles(self.cell[z as usize], self.max_turns, |cell| {
                    bounds.push(cell)
                });
            // A partner: a tile of its kind the search ends on, or one of
            // R (its cell emptied) that it passes.
            let on_hit = w.bounds[start..].iter().map(|&cell| self.tile_at[cell]);
            let in_r = self.of_kind[want]
                .iter()
                .copied()
                .filter(|&t| w.in_r[t as usize] && self.field.was_passed(self.cell[t as usize]));
            let partner = on_hit.chain(in_r).find(|&t| {
                t != Tile::MAX
                    && self.kind[t as usize] == want
                    && self.is_alive(t)
                    && self.may_pair(z, t)
            });
            if let Some(p) = partner {
                w.bounds.truncate(start);
                w.why[z as usize] = p;
                if !w.in_r[p as usize] {
                    w.why[p as usize] = z;
                }
                self.joins.push((z, p));
                for t in [z, p] {
                    if !w.in_r[t as usize] {
                        w.in_r[t as usize] = true;
                        let cell = self.cell[t as usize];
                        self.field.set(cell, 0);
                        w.joined.push(t);
                        w.wake(cell);
                    }
                }
            } else {
                w.span[z as usize] = (start, w.bounds.len());
                for i in start..w.bounds.len() {
                    let cell = w.bounds[i];
                    w.watch(cell, z);
                }
            }
        }
    }

    /// Puts `tiles` (tiles of R, whose cells [`Search::close`] emptied)
    /// back on the field.
    fn refill(&mut self, tiles: &[Tile]) {
        for &t in tiles {
            self.field
                .set(self.cell[t as usize], self.kind[t as usize] as u32 + 1);
        }
    }

    /// Decides the position by choosing partners. With every tile's
    /// partner fixed, a board is cleared by removing fixed pairs as soon as
    /// they connect (removals only empty cells, so no such removal ever
    /// hurts): it is solvable exactly when [`Search::removable`], bound to
    /// those partners, leaves nothing stuck, and the pairs it put in R, in
    /// order, clear it. With some partners still free, a stuck tile proves
    /// that no choice of them works. So: take the first pair R took that
    /// has a free tile, and try each free partner for that tile, the one R
    /// took first; two free tiles left of a kind must pair. Before that,
    /// [`Search::narrow`] fixes the kinds that have a single way left.
    ///
    /// `parent` is the parent's R, in order; when every step of it is still
    /// allowed with the new partners, it is this position's R too (fewer
    /// choices never make R larger) and is not computed again. On success
    /// the removals are in `self.removed`.
    fn prove(&mut self, parent: Option<&[(Tile, Tile)]>) -> Result<bool, Stop> {
        self.count_state()?;
        // Partners fixed by `narrow` hold below this node only.
        let before = (self.mate.clone(), self.forbid.clone());
        let found = match self.narrow() {
            Ok(true) => self.branch(parent),
            other => other,
        };
        if !matches!(found, Ok(true)) {
            (self.mate, self.forbid) = before;
        }
        found
    }

    /// The rest of [`Search::prove`] after narrowing: R, then the branches.
    fn branch(&mut self, parent: Option<&[(Tile, Tile)]>) -> Result<bool, Stop> {
        let joins = match parent {
            Some(joins) if joins.iter().all(|&(z, w)| self.may_pair(z, w)) => joins.to_vec(),
            _ => {
                if self.removable().is_none() {
                    return Ok(false);
                }
                std::mem::take(&mut self.joins)
            }
        };
        let free = |s: &Self, t: Tile| s.mate[t as usize] == Tile::MAX;
        let Some(&(z, w)) = joins.iter().find(|&&(z, w)| free(self, z) || free(self, w)) else {
            // Every partner is fixed and R holds every tile.
            for &(x, y) in &joins {
                self.remove(x, y);
            }
            return Ok(true);
        };
        let (t, first) = if free(self, z) { (z, w) } else { (w, z) };
        let k = self.kind[t as usize];
        let mut options: Vec<Tile> = self.alive_of(k);
        options.retain(|&u| u != t && self.may_pair(t, u));
        if let Some(i) = options.iter().position(|&u| u == first) {
            options[..=i].rotate_right(1);
        }
        for u in options {
            let mut bound = vec![t, u];
            let mut rest = self.alive_of(k);
            rest.retain(|&v| v != t && v != u && free(self, v));
            if let &[v, w] = &rest[..] {
                if !self.may_pair(v, w) {
                    continue;
                }
                bound.extend_from_slice(&rest);
            }
            for pair in bound.chunks(2) {
                self.mate[pair[0] as usize] = pair[1];
                self.mate[pair[1] as usize] = pair[0];
            }
            let found = self.prove(Some(&joins));
            if !matches!(found, Ok(false)) {
                return found;
            }
            for v in bound {
                self.mate[v as usize] = Tile::MAX;
            }
        }
        Ok(false)
    }

    /// Fixes partners that are forced: for each kind with 4 to
    /// [`NARROW_MAX`] free tiles, [`Search::probe_pairs`] rules out the
    /// pairs that leave a tile stuck; a tile with one partner left is bound
    /// to it, and this repeats until nothing more can be fixed; `false`
    /// when some tile has no partner left (the position is lost).
    fn narrow(&mut self) -> Result<bool, Stop> {
        loop {
            let mut changed = false;
            for k in 0..self.of_kind.len() {
                let mut tiles = self.alive_of(k);
                tiles.retain(|&t| self.mate[t as usize] == Tile::MAX);
                if !(4..=NARROW_MAX).contains(&tiles.len()) {
                    continue;
                }
                self.probe_pairs(&tiles)?;
                for &x in &tiles {
                    if self.mate[x as usize] != Tile::MAX {
                        continue;
                    }
                    let mut left = tiles
                        .iter()
                        .copied()
                        .filter(|&y| y != x && self.may_pair(x, y));
                    match (left.next(), left.next()) {
                        (None, _) => return Ok(false),
                        (Some(y), None) => {
                            self.mate[x as usize] = y;
                            self.mate[y as usize] = x;
                            changed = true;
                        }
                        _ => {}
                    }
                }
            }
            if !changed {
                return Ok(true);
            }
        }
    }

    /// For `tiles`, the free tiles (four or more) of one kind: rules out
    /// every pair of them whose choice leaves a tile stuck (by
    /// [`Search::removable`] with it fixed: no completion of it clears the
    /// board). With four tiles, the first is tried with each other one and
    /// the remaining two pair as well (a pairing ruled out rules out both
    /// its pairs); with more, every pair not ruled out yet is tried alone.
    /// Each pair tried counts as a state.
    ///
    /// The probes share their start: R grown with `tiles` held back (they
    /// never join it, and no other tile can take one of them as partner,
    /// since only a free tile of their kind may). That R is part of every
    /// probe's R: whom `tiles` pair with changes no other tile's allowed
    /// partners, and R is the least set closed under joining, whatever the
    /// order tiles join in. So each probe starts from it, queues `tiles`
    /// and grows on: the tiles outside R already watch the cells that bound
    /// their searches, which stay right with the probe's partners.
    ///
    /// # Complexity
    /// One closure of the whole board, then per probe the searches of
    /// `tiles` and of the tiles their joining wakes, plus a copy of the
    /// closure's buffers (O(tiles + field cells + watches)).
    fn probe_pairs(&mut self, tiles: &[Tile]) -> Result<(), Stop> {
        let pairings = self.pairings_to_try(tiles);
        let mut w = std::mem::take(&mut self.work);
        let mut held = std::mem::take(&mut self.held_back);
        w.start(self.kind.len(), self.field.len());
        self.joins.clear();
        let k = self.kind[tiles[0] as usize];
        for t in 0..self.kind.len() as Tile {
            let free_of_kind = self.kind[t as usize] == k && self.mate[t as usize] == Tile::MAX;
            if self.is_alive(t) && !free_of_kind {
                w.push(t);
            }
        }
        self.close(&mut w);
        held.copy_from(&w);
        let mut counted = Ok(());
        for pairs in pairings {
            counted = self.count_state();
            if counted.is_err() {
                break;
            }
            for &(x, y) in &pairs {
                self.mate[x as usize] = y;
                self.mate[y as usize] = x;
            }
            for &t in tiles {
                w.push(t);
            }
            self.close(&mut w);
            // Every tile R holds remains, each once.
            let stuck = w.joined.len() < self.left;
            self.refill(&w.joined[held.joined.len()..]);
            w.copy_from(&held);
            for &t in tiles {
                self.mate[t as usize] = Tile::MAX;
            }
            if stuck {
                for (x, y) in pairs {
                    self.rule_out(x, y);
                }
            }
        }
        self.refill(&w.joined);
        self.joins.clear();
        self.work = w;
        self.held_back = held;
        counted
    }

    /// The pairings [`Search::probe_pairs`] tries for `tiles`, in order:
    /// with four tiles, the first with each other one and the remaining
    /// two together; with more, every pair alone; none that holds a pair
    /// ruled out.
    fn pairings_to_try(&self, tiles: &[Tile]) -> Vec<Vec<(Tile, Tile)>> {
        let mut pairings: Vec<Vec<(Tile, Tile)>> = Vec::new();
        if let &[first, a, b, c] = tiles {
            pairings = vec![
                vec![(first, a), (b, c)],
                vec![(first, b), (a, c)],
                vec![(first, c), (a, b)],
            ];
        } else {
            for (i, &x) in tiles.iter().enumerate() {
                for &y in &tiles[i + 1..] {
                    pairings.push(vec![(x, y)]);
                }
            }
        }
        pairings.retain(|pairs| pairs.iter().all(|&(x, y)| !self.is_ruled_out(x, y)));
        pairings
    }

    /// Records a lock found by [`Search::removable`]: `stuck` are the tiles
    /// left outside R, each with the tile cells that bound its reach on the
    /// field as the test left it (every tile of R gone).
    ///
    /// A set L of them that contains the bounding tiles of each of its
    /// members is a lock by itself: on a board holding only L, each tile of
    /// L reaches the same cells, and none of them holds a remaining tile of
    /// its kind. Any position in which L's tiles all remain, and no tile of
    /// their kinds that lies in those cells (all removed here) remains, is
    /// lost: the first removal of a tile of L would need a path on a board
    /// that holds L, hence on L alone. The smallest such L found from one
    /// tile is kept, as a pattern checked before every later position.
    fn learn_lock(&mut self, stuck: &[Tile], work: &Closure) {
        let mut best: Option<Vec<Tile>> = None;
        // Which tiles the lock being grown holds (a scan of it for each
        // bounding tile made big dead positions quadratic).
        let mut in_lock = vec![false; self.kind.len()];
        // The seeds grown before. The lock grown from a seed holds the
        // whole lock of every tile it takes in, so once it takes in an
        // earlier seed, whose lock was no smaller than the best, it cannot
        // be smaller either: it is given up (without this, a dead position
        // with hundreds of stuck tiles grew hundreds of big locks, a fifth
        // of the time on KShisen's closed 30×16 deals).
        let mut tried = vec![false; self.kind.len()];
        for &seed in stuck {
            let mut lock = vec![seed];
            in_lock[seed as usize] = true;
            let mut beaten = false;
            let mut i = 0;
            'grow: while i < lock.len() {
                let (from, to) = work.span[lock[i] as usize];
                for &c in &work.bounds[from..to] {
                    let t = self.tile_at[c];
                    if !in_lock[t as usize] {
                        if tried[t as usize] {
                            beaten = true;
                            break 'grow;
                        }
                        in_lock[t as usize] = true;
                        lock.push(t);
                    }
                }
                i += 1;
                if best.as_ref().is_some_and(|b| lock.len() >= b.len()) {
                    beaten = true;
                    break;
                }
            }
            for &t in &lock {
                in_lock[t as usize] = false;
            }
            tried[seed as usize] = true;
            if !beaten {
                best = Some(lock);
            }
        }
        let lock = best.expect("at least one stuck tile");
        let words = self.alive.len();
        let mut alive = vec![0u64; words];
        let mut dead = vec![0u64; words];
        let mut hits = std::mem::take(&mut self.hits);
        for &t in &lock {
            alive[t as usize / 64] |= 1 << (t % 64);
            hits.clear();
            self.field
                .reach(self.cell[t as usize], self.max_turns, |cell, _| {
                    hits.push(cell)
                });
            for &c in &hits {
                let w = self.tile_at[c];
                if w != Tile::MAX && self.kind[w as usize] == self.kind[t as usize] {
                    debug_assert!(!self.is_alive(w));
                    dead[w as usize / 64] |= 1 << (w % 64);
                }
            }
        }
        self.hits = hits;
        let cost = 2 * words * 8 + MEMO_ENTRY_OVERHEAD;
        if self.locks.len() < MAX_LOCKS && cost <= self.memo_room {
            self.memo_room -= cost;
            self.locks
                .push((alive.into_boxed_slice(), dead.into_boxed_slice()));
        }
    }

    /// Whether the position holds a lock learnt before (see
    /// [`Search::learn_lock`]).
    fn holds_lock(&self) -> bool {
        self.locks.iter().any(|(alive, dead)| {
            self.alive
                .iter()
                .zip(alive.iter().zip(dead.iter()))
                .all(|(&a, (&l, &d))| a & l == l && a & d == 0)
        })
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
            self.partners(tiles[i], &mut partners);
            for j in i + 1..tiles.len() {
                if mask >> j & 1 == 1 && partners.contains(&tiles[j]) {
                    self.remove(tiles[i], tiles[j]);
                    if self.clear_rest(tiles, mask & !(1 << i) & !(1 << j), failed) {
                        return true;
                    }
                    self.restore();
                }
            }
        }
        failed.insert(mask);
        false
    }
}

#[cfg(test)]
mod tests {
    use grid_core::{Grid, SplitMix64};

    use super::*;
    use crate::{Border, Game, Groups};

    /// Either border, at even odds.
    fn either_border(rng: &mut SplitMix64) -> Border {
        if rng.percent(50) {
            Border::Open
        } else {
            Border::Closed
        }
    }

    /// As [`solve_with_progress`], with `first_run` states before the first
    /// restart and a memo of at most `memo_bytes`.
    fn solve_from(
        board: &Board,
        rules: &Rules,
        budget: u64,
        first_run: u64,
        memo_bytes: usize,
        progress: &mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> Solution {
        let mut search = Search::new(board, rules, budget, progress);
        search.memo_room = memo_bytes;
        search.answer(first_run)
    }

    /// Restarting after every state or two must not change any verdict:
    /// the memo shared by the runs holds only fully searched positions. Nor
    /// must a memo that runs out of room.
    #[test]
    fn restarts_keep_answers_exact() {
        let mut rng = SplitMix64::new(0x7265_7374);
        let mut restarted = 0;
        for _ in 0..400 {
            let (rows, cols) = (rng.range(2, 5), rng.range(2, 5));
            let mut cells = vec![0u32; rows * cols];
            let kinds = rng.range(1, 4);
            for (i, c) in cells.iter_mut().enumerate() {
                if rng.percent(85) {
                    *c = (i / 2 % kinds) as u32 + 1;
                }
            }
            // Even counts per kind: drop the last tile of an odd kind.
            for k in 1..=kinds as u32 {
                if cells.iter().filter(|&&c| c == k).count() % 2 == 1 {
                    let last = cells.iter().rposition(|&c| c == k).unwrap();
                    cells[last] = 0;
                }
            }
            rng.shuffle(&mut cells);
            let board = Board::new(&Grid::from_vec(rows, cols, cells).unwrap()).unwrap();
            let rules = Rules {
                max_turns: rng.range(0, 2),
                border: either_border(&mut rng),
                ..Rules::default()
            };
            let plain = solve_from(&board, &rules, u64::MAX, u64::MAX, MEMO_BYTES, &mut |_| {
                ControlFlow::Continue(())
            });
            let mut states = 0;
            let hasty = solve_from(&board, &rules, u64::MAX, 1, MEMO_BYTES, &mut |_| {
                ControlFlow::Continue(())
            });
            let counted = solve_from(&board, &rules, u64::MAX, 1, MEMO_BYTES, &mut |s| {
                states = s;
                ControlFlow::Continue(())
            });
            assert_eq!(hasty, counted);
            // Without room for a memo (or for a few entries), the answer
            // stays the same; only the search is longer.
            for room in [0, 3 * (8 + MEMO_ENTRY_OVERHEAD)] {
                let forgetful = solve_from(&board, &rules, u64::MAX, u64::MAX, room, &mut |_| {
                    ControlFlow::Continue(())
                });
                assert_eq!(
                    std::mem::discriminant(&forgetful),
                    std::mem::discriminant(&plain),
                    "{board:?} under {rules:?} with a memo of {room} bytes"
                );
            }
            match (&plain, &hasty) {
                (Solution::Unsolvable, Solution::Unsolvable) => {}
                (Solution::Solved(_), Solution::Solved(order)) => {
                    let mut game = Game::new(board.clone(), rules.clone());
                    for pair in order {
                        game.remove(pair.a(), pair.b()).unwrap();
                    }
                    assert!(game.is_cleared());
                }
                other => panic!("{other:?} on {board:?} under {rules:?}"),
            }
            if let Solution::OutOfBudget { .. } = solve(&board, &rules, 1) {
                restarted += 1;
            }
        }
        assert!(
            restarted > 20,
            "too few boards needed a search: {restarted}"
        );
    }

    /// Each of the two searches, run alone to the end, is exact: checked
    /// against the exhaustive reference on small boards whose kinds have
    /// four or six tiles (so partners are a real choice), under every turn
    /// limit, both borders and groups. Solved orders are replayed.
    #[test]
    fn each_search_alone_is_exact() {
        let mut rng = SplitMix64::new(0x7061_6972);
        let mut seen = [[0usize; 2]; 2];
        for case in 0..1500 {
            let (rows, cols) = (rng.range(2, 4), rng.range(3, 5));
            let copies = if case % 3 == 0 { 6 } else { 4 };
            let groups = (rows * cols / copies).clamp(1, 3);
            let mut cells = vec![0u32; rows * cols];
            for (i, c) in cells.iter_mut().take(groups * copies).enumerate() {
                *c = (i / copies) as u32 + 1;
            }
            rng.shuffle(&mut cells);
            let board = Board::new(&Grid::from_vec(rows, cols, cells).unwrap()).unwrap();
            let mut rules = Rules {
                max_turns: rng.range(0, 3),
                border: either_border(&mut rng),
                ..Rules::default()
            };
            if case % 5 == 0 {
                rules.groups = "1-2".parse().unwrap();
            }
            let truth = crate::reference::clearable(&board, &rules);
            for (prover, every) in [(false, 1), (false, DEAD_TEST_EVERY), (true, 1)] {
                let mut progress = |_| ControlFlow::Continue(());
                let mut search = Search::new(&board, &rules, u64::MAX, &mut progress);
                search.mated = prover;
                (search.dead_test_every, search.dead_test_most) = (every, every);
                search.dead_test_gap = every;
                let verdict = if prover {
                    search.prove(None)
                } else {
                    search.run()
                };
                let verdict = verdict.expect("no limit was set");
                assert_eq!(verdict, truth, "prover {prover}, {rules:?} on {board:?}");
                seen[usize::from(prover)][usize::from(verdict)] += 1;
                if verdict {
                    let mut game = Game::new(board.clone(), rules.clone());
                    for &(x, y) in &search.removed {
                        let (a, b) = (search.cell[x as usize], search.cell[y as usize]);
                        game.remove(search.field.pos(a), search.field.pos(b))
                            .unwrap_or_else(|e| panic!("prover {prover}: {e} on {board:?}"));
                    }
                    assert!(game.is_cleared());
                }
            }
        }
        assert!(
            seen.iter().flatten().all(|&n| n > 100),
            "too few of each verdict: {seen:?}"
        );
    }

    /// [`Search::probe_pairs`], written plainly: each pairing tested by a
    /// whole [`Search::removable`], in the same order.
    fn probe_pairs_whole(search: &mut Search, tiles: &[Tile]) {
        for pairs in search.pairings_to_try(tiles) {
            for &(x, y) in &pairs {
                search.mate[x as usize] = y;
                search.mate[y as usize] = x;
            }
            let stuck = search.removable().is_none();
            for &t in tiles {
                search.mate[t as usize] = Tile::MAX;
            }
            if stuck {
                for (x, y) in pairs {
                    search.rule_out(x, y);
                }
            }
        }
    }

    /// The probes of [`Search::probe_pairs`], which all grow on from one
    /// closure with the kind held back, rule out what whole
    /// [`Search::removable`] tests with each pairing fixed rule out: on
    /// random deals with kinds of 4, 8 or 12 tiles, after random removals,
    /// with random partners already bound and pairs already ruled out.
    #[test]
    fn shared_probes_agree_with_whole_tests() {
        let mut rng = SplitMix64::new(0x7072_6f62);
        let mut outcomes = [0usize; 2];
        for case in 0..300 {
            let copies = [4, 8, 12][case % 3];
            let (rows, cols) = (rng.range(3, 7), 2 * rng.range(2, 5));
            let tiles = rows * cols;
            let kinds = (tiles / copies).max(1) as u32;
            let Ok(board) = crate::deal(
                &crate::DealSpec::new(rows, cols, kinds)
                    .with_copies(if tiles % copies == 0 { copies } else { 2 })
                    .with_seed(rng.next_u64()),
            ) else {
                continue;
            };
            let rules = Rules {
                max_turns: rng.range(1, 3),
                border: either_border(&mut rng),
                ..Rules::default()
            };
            let mut progress = |_| ControlFlow::Continue(());
            let mut search = Search::new(&board, &rules, u64::MAX, &mut progress);
            // Random removals while there are any.
            let mut partners = Vec::new();
            for _ in 0..rng.range(0, tiles / 2) {
                let alive: Vec<Tile> = (0..search.kind.len() as Tile)
                    .filter(|&t| search.is_alive(t))
                    .collect();
                let moves: Vec<(Tile, Tile)> = alive
                    .iter()
                    .flat_map(|&t| {
                        search.partners(t, &mut partners);
                        partners.iter().map(move |&u| (t, u)).collect::<Vec<_>>()
                    })
                    .collect();
                if moves.is_empty() {
                    break;
                }
                let (x, y) = moves[rng.below(moves.len())];
                search.remove(x, y);
            }
            // Random partners bound and pairs ruled out, as the partner
            // search leaves them.
            search.mated = true;
            for k in 0..search.of_kind.len() {
                let mut free = search.alive_of(k);
                rng.shuffle(&mut free);
                while free.len() >= 6 && rng.percent(40) {
                    let (x, y) = (free.pop().unwrap(), free.pop().unwrap());
                    search.mate[x as usize] = y;
                    search.mate[y as usize] = x;
                }
                if free.len() > 4 && rng.percent(30) {
                    search.rule_out(free[0], free[1]);
                }
            }
            for k in 0..search.of_kind.len() {
                let mut tiles = search.alive_of(k);
                tiles.retain(|&t| search.mate[t as usize] == Tile::MAX);
                if tiles.len() < 4 {
                    continue;
                }
                let before = search.forbid.clone();
                search.probe_pairs(&tiles).expect("no limit");
                let shared = std::mem::replace(&mut search.forbid, before);
                probe_pairs_whole(&mut search, &tiles);
                assert_eq!(shared, search.forbid, "{board:?} under {rules:?}");
                outcomes[usize::from(shared.iter().any(|&f| f != 0))] += 1;
                // The field is left as it was: every remaining tile in place.
                for t in 0..search.kind.len() as Tile {
                    let kind = search.field.kind(search.cell[t as usize]);
                    assert_eq!(kind != 0, search.is_alive(t));
                }
            }
        }
        assert!(
            outcomes.iter().all(|&n| n > 50),
            "too few probes ruled out or not: {outcomes:?}"
        );
    }

    /// The holes proof as the search asks it (tile numbers turned into
    /// ids, matching groups into classes): sound on random boards with
    /// the closed border, the only one it judges, and not idle.
    #[test]
    fn holes_prove_only_lost_positions() {
        let mut rng = SplitMix64::new(0x401e5);
        let (mut lost, mut proved) = (0, 0);
        for _ in 0..3000 {
            let (rows, cols) = (rng.range(1, 5), rng.range(2, 5));
            let pairs = rng.range(1, rows * cols / 2);
            let kinds = rng.range(1, 4);
            let board = crate::reference::paired_board(&mut rng, rows, cols, pairs, kinds);
            let rules = Rules {
                max_turns: rng.range(0, 3),
                border: Border::Closed,
                groups: if rng.percent(20) {
                    "1-2".parse().unwrap()
                } else {
                    Groups::none()
                },
                ..Rules::default()
            };
            let mut stop = |_| ControlFlow::Continue(());
            let mut search = Search::new(&board, &rules, u64::MAX, &mut stop);
            let says_lost = search.holes_prove_lost();
            let clearable = crate::reference::clearable(&board, &rules);
            assert!(
                !(says_lost && clearable),
                "called lost, but clears: {board:?} {rules:?}"
            );
            lost += usize::from(!clearable);
            proved += usize::from(says_lost);
        }
        // The proof is no pretence: it finds many of the lost boards.
        assert!(proved * 3 > lost, "{proved} of {lost} lost boards proved");
    }

    /// A progress callback that says stop ends the search at its first call,
    /// with or without gravity.
    #[test]
    fn progress_can_stop_the_search() {
        for gravity in [Gravity::None, Gravity::Down] {
            let rules = Rules {
                border: Border::Open,
                gravity,
                ..Rules::default()
            };
            // The first random 8 x 18 deal whose search reports progress.
            let board = (0..100)
                .map(|seed| crate::deal(&crate::DealSpec::new(8, 18, 36).with_seed(seed)).unwrap())
                .find(|board| {
                    let mut calls = 0;
                    let _ = solve_with_progress(board, &rules, 3 * PROGRESS_EVERY, &mut |_| {
                        calls += 1;
                        ControlFlow::Continue(())
                    });
                    calls > 0
                })
                .expect("a deal that takes a while");
            let mut calls = 0;
            let answer = solve_with_progress(&board, &rules, u64::MAX, &mut |_| {
                calls += 1;
                ControlFlow::Break(())
            });
            assert_eq!(calls, 1, "{gravity}");
            assert_eq!(
                answer,
                Solution::OutOfBudget {
                    states: PROGRESS_EVERY
                }
            );
        }
    }
}
