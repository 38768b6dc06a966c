//! The dead-position test of the search without gravity: the set R of
//! tiles that *might* be removed some day.
//!
//! At every position the search grows R: a tile joins R when a path
//! reaches from it to a remaining tile of its kind on the board without
//! R's tiles. Every tile any play removes ends up in R (removals only
//! empty cells), so a tile left outside is never removed and the position
//! is lost. This catches the usual end of a random deal on a big board at
//! once: a few dozen pairs come off, then nothing can, whichever were
//! taken. The stuck tiles yield a *lock* (see `locks`), a small set of
//! tiles that keep each other from every partner, remembered as a pattern
//! that refutes every later position holding it, however it was reached.

use std::collections::VecDeque;

use super::budget::{Effort, Stop};
use super::locks::Locks;
use super::memo::Room;
use super::pairings::Mates;
use super::static_position::Position;
use super::tiles::{Cell, Tile};

/// The search over positions runs the dead-position test at every this
/// many states (a position found dead refutes its whole subtree, so a
/// test skipped is only a test made a few states later; the test costs
/// about as much as eight positions).
pub(super) const DEAD_TEST_EVERY: u64 = 8;

/// ... or, after tests that found nothing, less often: the gap doubles
/// after each such test up to this many states, and goes back to
/// [`DEAD_TEST_EVERY`] when a test finds a dead position.
const DEAD_TEST_MOST: u64 = 64;

/// The work list of [`DeadTest::removable`]: which tiles wait for a search,
/// and which tiles' last searches were bounded by which cells, so that a
/// tile is searched again only when a cell that bounded its last search
/// empties (until then the search would find the same, nothing).
#[derive(Debug, Default)]
pub(super) struct Closure {
    queue: VecDeque<Tile>,
    queued: Vec<bool>,
    in_r: Vec<bool>,
    /// The tiles of R in the order they joined (their cells are emptied on
    /// the field while the closure runs).
    pub(super) joined: Vec<Tile>,
    /// Per tile of R: the partner its entry reached (or that reached it).
    why: Vec<Tile>,
    /// Per tile: how many searches it has had in this closure.
    version: Vec<u32>,
    /// The bounding cells of all searches, and per tile its last span.
    bounds: Vec<Cell>,
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
    pub(super) fn start(&mut self, tiles: usize, cells: usize) {
        self.queue.clear();
        self.queued.clear();
        self.queued.resize(tiles, false);
        self.in_r.clear();
        self.in_r.resize(tiles, false);
        self.joined.clear();
        self.why.clear();
        self.why.resize(tiles, Tile::NONE);
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
    pub(super) fn push(&mut self, t: Tile) {
        let i = t.index();
        if !self.queued[i] && !self.in_r[i] {
            self.queued[i] = true;
            self.queue.push_back(t);
        }
    }

    /// Makes this closure a copy of `other`, reusing its buffers.
    pub(super) fn copy_from(&mut self, other: &Closure) {
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
    fn watch(&mut self, cell: Cell, t: Tile) {
        let cell = cell.index();
        let next = if self.head_stamp[cell] == self.stamp {
            self.head[cell]
        } else {
            u32::MAX
        };
        self.head_stamp[cell] = self.stamp;
        self.head[cell] = self.watchers.len() as u32;
        self.watchers.push((t, self.version[t.index()], next));
    }

    /// `cell` has emptied: queue the tiles whose current search it bounds.
    fn wake(&mut self, cell: Cell) {
        let cell = cell.index();
        if self.head_stamp[cell] != self.stamp {
            return;
        }
        let mut i = self.head[cell];
        while i != u32::MAX {
            let (t, version, next) = self.watchers[i as usize];
            let t_us = t.index();
            if version == self.version[t_us] {
                self.push(t);
            }
            i = next;
        }
        self.head_stamp[cell] = 0;
    }

    /// Grows R (see [`DeadTest::removable`]) on `position` until no queued
    /// tile joins it, each tile joining only with a partner `mates`
    /// allows; every entry (a tile and the partner it reached) is pushed
    /// on `joins`. Each queued tile searches for a partner on the field
    /// with R's cells empty; one that finds none watches the tile cells
    /// that bounded its search and is queued again when one of them joins
    /// R. (The searches are `Field::reach_tiles`, word-parallel on boards
    /// of up to 60 columns: on a board R has emptied they cross most of
    /// it.) R's cells stay empty on the field until
    /// [`Position::refill`].
    ///
    /// Between two searches it looks at `effort`: once its token is
    /// cancelled or its work is spent, it stops and answers
    /// `Err(Stop::Cancelled)` or `Err(Stop::OutOfBudget)`, R left smaller
    /// than the closed set, which proves nothing (its tiles are still
    /// refilled by [`Position::refill`]). The records of its searches
    /// (bounding cells, watchers) grow by at most a few words a step, so
    /// the work allowed bounds their memory too.
    pub(super) fn close(
        &mut self,
        position: &mut Position,
        mates: &Mates,
        joins: &mut Vec<(Tile, Tile)>,
        effort: &mut Effort,
    ) -> Result<(), Stop> {
        let w = self;
        while let Some(z) = w.queue.pop_front() {
            if let Err(stop) = effort.may_go_on() {
                w.queue.push_front(z);
                return Err(stop);
            }
            w.queued[z.index()] = false;
            if w.in_r[z.index()] {
                continue;
            }
            w.version[z.index()] += 1;
            let want = position.kind[z.index()];
            let start = w.bounds.len();
            let bounds = &mut w.bounds;
            let steps =
                position
                    .field
                    .reach_tiles(position.cell[z.index()], position.max_turns, |cell| {
                        bounds.push(cell)
                    });
            effort.spend(steps);
            // A partner: a tile of its kind the search ends on, or one of
            // R (its cell emptied) that it passes.
            let fits = |t: Tile| {
                t != Tile::NONE
                    && position.kind[t.index()] == want
                    && position.is_alive(t)
                    && mates.may_pair(z, t)
            };
            let mut partner = w.bounds[start..]
                .iter()
                .map(|&cell| position.tile_at(cell))
                .find(|&t| fits(t));
            if partner.is_none() {
                // The kind's tiles are looked at one by one: work too.
                let of_kind = &position.of_kind[want.index()];
                effort.spend(of_kind.len());
                partner = of_kind.iter().copied().find(|&t| {
                    w.in_r[t.index()]
                        && position.field.was_passed(position.cell[t.index()])
                        && fits(t)
                });
            }
            if let Some(p) = partner {
                w.bounds.truncate(start);
                w.why[z.index()] = p;
                if !w.in_r[p.index()] {
                    w.why[p.index()] = z;
                }
                joins.push((z, p));
                for t in [z, p] {
                    if !w.in_r[t.index()] {
                        w.in_r[t.index()] = true;
                        let cell = position.cell[t.index()];
                        position.field.set(cell, 0);
                        w.joined.push(t);
                        w.wake(cell);
                    }
                }
            } else {
                w.span[z.index()] = (start, w.bounds.len());
                for i in start..w.bounds.len() {
                    let cell = w.bounds[i];
                    w.watch(cell, z);
                }
            }
        }
        Ok(())
    }
}

/// The dead-position test's part of a search: its buffers, the reasons it
/// found at the ancestors of the position, and how often it runs.
#[derive(Debug)]
pub(super) struct DeadTest {
    /// The reasons of [`DeadTest::removable`] at ancestors of the position
    /// (the number of removals made when it ran, and the partner of each
    /// tile), innermost last.
    why: Vec<(usize, Vec<Tile>)>,
    /// The least and the most states between two tests
    /// ([`DEAD_TEST_EVERY`], [`DEAD_TEST_MOST`]; the tests try 1 as well),
    /// the gap now, and the state of the next test.
    pub(super) every: u64,
    pub(super) most: u64,
    pub(super) gap: u64,
    next: u64,
    /// The entries into R of [`DeadTest::removable`], in order: a tile and
    /// the partner it reached.
    pub(super) joins: Vec<(Tile, Tile)>,
    /// Buffers of [`DeadTest::removable`], and of the partner search's
    /// probes for the closure it starts every probe from.
    pub(super) work: Closure,
    pub(super) held_back: Closure,
    /// The search's cancel token and work allowance, looked at between two
    /// searches of a closure.
    pub(super) effort: Effort,
}

impl Default for DeadTest {
    fn default() -> Self {
        DeadTest::stopped_by(Effort::default())
    }
}

impl DeadTest {
    /// The test of a search stopped by `effort`.
    pub(super) fn stopped_by(effort: Effort) -> DeadTest {
        DeadTest {
            why: Vec::new(),
            every: DEAD_TEST_EVERY,
            most: DEAD_TEST_MOST,
            gap: DEAD_TEST_EVERY,
            next: 1,
            joins: Vec::new(),
            work: Closure::default(),
            held_back: Closure::default(),
            effort,
        }
    }

    /// The test as the search over positions runs it at its `states`-th
    /// state: `Some(false)` when it is not due (or an ancestor's reason
    /// still holds), else as [`DeadTest::all_removable`]. The gap to the
    /// next test doubles after a test that found nothing, up to the most,
    /// and goes back to the least after one that found a dead position.
    /// (The root, state 1, is always tested.)
    pub(super) fn when_due(
        &mut self,
        states: u64,
        position: &mut Position,
        mates: &Mates,
        locks: &mut Locks,
        room: &mut Room,
    ) -> Result<Option<bool>, Stop> {
        if states < self.next {
            return Ok(Some(false));
        }
        let tested = self.all_removable(position, mates, locks, room)?;
        self.gap = match tested {
            None => self.every,
            Some(true) => (self.gap * 2).min(self.most),
            Some(false) => self.gap,
        };
        self.next = states + self.gap;
        Ok(tested)
    }

    /// Forgets the innermost reason (its position has been searched).
    pub(super) fn pop_reason(&mut self) {
        self.why.pop();
    }

    /// Forgets every reason (the search starts over from the root).
    pub(super) fn clear_reasons(&mut self) {
        self.why.clear();
    }

    /// Whether every remaining tile might still be removed: `Some(true)` if
    /// [`DeadTest::removable`] had to run (and its reason was pushed),
    /// `Some(false)` if an ancestor's reason still holds, `None` if some
    /// tile can never be removed (the position is lost; a lock is learnt).
    ///
    /// An ancestor's reason still holds here when no remaining tile's
    /// partner in it has been removed since: each tile's entry into R
    /// then has the same partner and a board with more cells empty.
    /// `Err(Stop::Cancelled)` when the search's token stopped the test.
    pub(super) fn all_removable(
        &mut self,
        position: &mut Position,
        mates: &Mates,
        locks: &mut Locks,
        room: &mut Room,
    ) -> Result<Option<bool>, Stop> {
        if let Some((depth, why)) = self.why.last() {
            let gone = &position.removed[*depth..];
            let broken = Tile::all(position.tiles()).any(|t| {
                let w = why[t.index()];
                position.is_alive(t) && gone.iter().any(|&(x, y)| w == x || w == y)
            });
            if !broken {
                return Ok(Some(false));
            }
        }
        let Some(why) = self.removable(position, mates, Some((locks, room)))? else {
            return Ok(None);
        };
        self.why.push((position.removed.len(), why));
        Ok(Some(true))
    }

    /// Every remaining tile's partner in a proof that it might be removed
    /// some day, or `None` when some tile can never be removed, whatever is
    /// played: then the position cannot be cleared, and a lock is learnt
    /// into `learn` (when given). The entries into R are left in
    /// [`DeadTest::joins`].
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
    /// nothing can, whichever were taken. `Err(Stop::Cancelled)` when the
    /// search's token stopped it (R unfinished proves nothing).
    pub(super) fn removable(
        &mut self,
        position: &mut Position,
        mates: &Mates,
        learn: Option<(&mut Locks, &mut Room)>,
    ) -> Result<Option<Vec<Tile>>, Stop> {
        let w = &mut self.work;
        w.start(position.tiles(), position.field.len());
        self.joins.clear();
        for t in Tile::all(position.tiles()) {
            if position.is_alive(t) {
                w.push(t);
            }
        }
        if let Err(stop) = w.close(position, mates, &mut self.joins, &mut self.effort) {
            position.refill(&w.joined);
            return Err(stop);
        }
        let stuck: Vec<Tile> = Tile::all(position.tiles())
            .filter(|&t| position.is_alive(t) && !w.in_r[t.index()])
            .collect();
        if let Some((locks, room)) = learn.filter(|_| !stuck.is_empty()) {
            locks.learn(&stuck, &w.span, &w.bounds, position, room);
        }
        position.refill(&w.joined);
        Ok(stuck.is_empty().then(|| w.why.clone()))
    }
}
