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
//! Only a narrow case survives under a one-pass gravity: the last two
//! tiles of a class, each last on its line, move nothing now or later
//! ([`Search::safe_move`]). Otherwise every position's moves are searched,
//! so `Unsolvable` is a proof; the pruning is the memo of positions
//! searched to the end, the odd-class test at the root (it holds under any
//! rule: every removal takes two tiles of one class), and, under a gravity
//! with one pass, the dead-position test of `stuck` (tiles that no
//! play can ever remove) and the pairs narrowing rules out.
//!
//! Move ordering is the static search's: classes with fewer tiles left
//! first, then pairs whose tiles have fewer partners. The search runs in
//! rounds with growing state limits, keeping the memo, with random
//! tie-breaking after the first; every round is complete unless cut off by
//! its limit, so the last one decides. A round without the dead-position
//! test, after the first, is itself cut into short runs of Luby's
//! sequence (1 1 2 1 1 2 4 ... times [`RUN_UNIT`] states), each with new
//! tie-breaking: the time to clear a clearable deal is heavy-tailed, and
//! many short runs find KShisen's clearable deals sooner than one long one
//! stuck under an early wrong removal. Under a one-pass gravity the deal is
//! tested for a dead position first (most lost deals on big boards are),
//! and then the rounds alternate: one without the test, which looks for a
//! solution among many cheap states, then one with it at every state,
//! which proves positions lost long before they run out of moves but costs
//! about ten times as much a state, so it gets `1 / TESTING_SHARE` of the
//! states of the round before. After the first round, the root is *narrowed*
//! once (classes of four tiles: each pairing that leaves the position dead
//! when its pairs must go together is ruled out; see [`Search::narrow`]):
//! the ruled-out pairs are never removed and are kept apart in every later
//! dead-position test. Dead positions are remembered with the tiles their
//! test left outside R ([`DeadSets`]), and a position that is a dead one
//! with more of R removed (met in another order) is pruned without a test,
//! in every round. Tiles carry ids for that: a position is a board of
//! tile ids, which gravity moves with the tiles. On a closed border the
//! holes proof (`holes`) is tried before each of the first two
//! rounds with the test (a small cap, then a larger one): on a crowded
//! board the holes play independent games, which the search over
//! positions meets as their product.
//! (At 2 s on 20 deals a cell, this mix decides as many deals as the
//! search without the test on every cell measured, and every deal of the
//! 30×16 four-of-each open cell, of which that search left 7 undecided.)

use std::ops::ControlFlow;

use grid_core::{Grid, Pos, SplitMix64};
use rustc_hash::FxHashSet;

use super::board_search::{BoardKeys, BoardSearch, RUNS, Runs, Shared, clears, solve_in_rounds};
use super::budget::{Budget, Effort, Stop};
use super::dead_sets::DeadSets;
use super::holes;
use super::memo::Room;
use super::pairings::pairings;
use super::solution::Solution;
use super::static_position::has_odd_class;
use super::stuck::StuckTest;
use super::tiles::{Cell, Kind, TileId};
use crate::engine::moves::Move;
use crate::engine::reach::Field;
use crate::engine::settle::Passes;
use crate::query::{Board, joins};
use crate::rules::Rules;

#[cfg(test)]
mod tests;

/// As [`solve_with`](crate::solve_with) for `rules.gravity()` other than
/// `None`.
///
/// # Complexity
/// At most the budget's states, each O(t·rows·cols) for t tiles (a state
/// of a round with the dead-position test O(p·t·rows·cols), p passes of
/// that test); memory at most the budget's room for the memo and the dead
/// sets.
pub(super) fn solve_under_gravity(board: &Board, rules: &Rules, budget: Budget) -> Solution {
    solve_with_runs(board, rules, budget, RUNS).0
}

/// As [`solve_under_gravity`] with these run sizes; also the number of runs made.
fn solve_with_runs(board: &Board, rules: &Rules, budget: Budget, runs: Runs) -> (Solution, u64) {
    if has_odd_class(board, rules) {
        return (Solution::Unsolvable, 0);
    }
    let (mut search, ids) = Search::new(board, rules, budget);
    // The deal itself first: most lost deals on big boards are dead at once.
    if search.proofs.is_dead(&search.deal.classes_of(&ids), &ids) {
        return (Solution::Unsolvable, 0);
    }
    let answer = solve_in_rounds(&mut search, &ids, board.tile_count(), runs);
    (answer, search.runs)
}

/// A round with the dead-position test gets this fraction of the states of
/// the round without it before it.
const TESTING_SHARE: u64 = 16;

/// The holes proof (`holes`) is tried before each of the first
/// rounds with the dead-position test, with at most this many states each
/// time. (Measured on KShisen's closed deals under gravity `down`: proofs
/// take 60-10,000 states, a failed one at 2^14 about 0.8 s. Against one
/// try at 2^14, 40 deals at 3 s: 26×14 4 -> 3 undecided, 30×16 4 either
/// way; against one at 2^12, 26×14 7 -> 3.)
const HOLE_STATES: [u64; 2] = [1 << 12, 1 << 14];

/// The deal as the search sees it: the rules, the gravity, and the class
/// of every tile id.
struct Deal<'a> {
    rules: &'a Rules,
    /// The gravity on this board.
    passes: Passes,
    /// Per tile id (by [`TileId::index`]): its class's value on a board of
    /// classes ([`Kind::on_field`]; id 0, an empty cell: 0).
    class_of: Vec<u32>,
    /// The classes' numbers and the memo keys.
    keys: BoardKeys,
}

impl Deal<'_> {
    /// The board of classes of the board of tile ids `ids`.
    fn classes_of(&self, ids: &Grid<u32>) -> Grid<u32> {
        let mut board = ids.clone();
        for cell in board.cells_mut() {
            *cell = self.class_of[*cell as usize];
        }
        board
    }
}

/// The removals on the way to the current position.
#[derive(Default)]
struct Removals {
    /// Each on the board as it was then.
    order: Vec<Move>,
    /// The same removals as pairs of tile ids.
    removed: Vec<[TileId; 2]>,
}

impl Removals {
    /// Adds the removal of `pair` from the board of tile ids `ids`.
    fn push(&mut self, pair: Move, ids: &Grid<u32>) {
        self.order.push(pair);
        self.removed
            .push([pair.a(), pair.b()].map(|p| TileId::new(ids[p])));
    }

    /// Takes the last removal back.
    fn pop(&mut self) {
        self.order.pop();
        self.removed.pop();
    }

    /// Back at the root.
    fn clear(&mut self) {
        self.order.clear();
        self.removed.clear();
    }
}

/// The proofs of dead positions under a one-pass gravity: the test, the
/// pairs narrowing ruled out, and the dead positions remembered.
struct Proofs {
    /// The dead-position test, for a gravity with one pass.
    stuck: Option<StuckTest>,
    /// Whether this run tests positions for dead ones.
    testing: bool,
    /// Pairs of tile ids (smaller first) that no play clearing the board
    /// removes together, found by narrowing at the root.
    ruled_out: FxHashSet<(TileId, TileId)>,
    /// Dead positions and the tiles that stay in them.
    dead_sets: DeadSets,
    /// What stops the work inside states (the tests, the listing of
    /// moves): the search's cancel token and its share of work (see
    /// `budget::TEST_STEPS_PER_STATE`).
    effort: Effort,
}

impl Proofs {
    /// The dead-position test on `board` (classes) with tile ids `ids`,
    /// pairs ruled out never removed together.
    fn is_dead(&mut self, board: &Grid<u32>, ids: &Grid<u32>) -> bool {
        let Some(test) = self.stuck.as_mut() else {
            return false;
        };
        if self.ruled_out.is_empty() {
            return test.is_dead(board, &mut self.effort);
        }
        let (ids, ruled_out) = (ids.cells(), &self.ruled_out);
        test.is_dead_where(
            board,
            &|x, y| !ruled_out.contains(&id_pair(ids, x, y)),
            &mut self.effort,
        )
    }

    /// Whether the position `board` (classes) with tile ids `ids`, reached
    /// by the removals `removed`, is dead: known so from a dead
    /// position with one more pair on it ([`DeadSets`]; in every round), or
    /// found so by the test (in a round with the test). Either way it is
    /// remembered with the tiles that stay (its bytes taken from `room`).
    fn is_dead_here(
        &mut self,
        board: &Grid<u32>,
        ids: &Grid<u32>,
        removed: &[[TileId; 2]],
        room: &mut Room,
    ) -> bool {
        if self.stuck.is_none() {
            return false;
        }
        if removed.is_empty() || !self.testing && self.dead_sets.is_empty() {
            // The board as given need not be compacted; with nothing known
            // and no test, there is nothing to look up or remember.
            return self.testing && self.is_dead(board, ids);
        }
        let mut here = std::mem::take(&mut self.dead_sets.here);
        DeadSets::fill(
            &mut here,
            ids,
            ids.cells().iter().map(|&id| TileId::new(id)),
        );
        let found = self.dead_sets.known_dead(&mut here, removed);
        self.dead_sets.here = here;
        let stuck = if let Some(stuck) = found {
            stuck
        } else if self.testing && self.is_dead(board, ids) {
            let test = self.stuck.as_ref().expect("tested");
            DeadSets::tiles_of(
                ids,
                test.stuck_cells()
                    .map(|cell| TileId::new(ids.cells()[cell])),
            )
        } else {
            return false;
        };
        self.dead_sets.remember(stuck, room);
        true
    }
}

/// The buffers of listing moves, reused from state to state.
struct MoveLists {
    /// The board searched for moves.
    field: Field,
    /// Per class (by [`Kind::index`]): its tiles (a buffer of
    /// `ranked_moves`).
    of_class: Vec<Vec<Pos>>,
    /// The tiles one reach hits (a buffer of `ranked_moves`).
    partners: Vec<Cell>,
    /// Per class (by [`Kind::index`]): its tiles on the board (a buffer
    /// of `safe_move`).
    class_count: Vec<usize>,
}

/// The search: its parts.
struct Search<'a, 'p> {
    /// The deal.
    deal: Deal<'a>,
    /// The dead-position proofs.
    proofs: Proofs,
    /// Buffers of the move lists.
    lists: MoveLists,
    /// The removals on the way to the current position.
    removals: Removals,
    /// The budget, the boards (encoded) known not to clear, the
    /// tie-breaking.
    shared: Shared<'p>,
    /// The runs made from the root so far.
    runs: u64,
    /// The board of classes of the position whose key was asked last
    /// (for its moves).
    here: Grid<u32>,
    /// Rounds of the holes proof tried, and whether the root was
    /// narrowed.
    holes_tried: usize,
    narrowed: bool,
}

impl<'p> BoardSearch<'p> for Search<'_, 'p> {
    /// A board of tile ids (0 = empty), which gravity moves with the
    /// tiles.
    type Position = Grid<u32>;

    fn shared(&mut self) -> &mut Shared<'p> {
        &mut self.shared
    }

    fn start_run(&mut self) {
        self.removals.clear();
        self.runs += 1;
    }

    fn key(&mut self, ids: &Grid<u32>) -> Box<[u8]> {
        self.here = self.deal.classes_of(ids);
        self.deal.keys.key(self.here.cells())
    }

    /// The moves of the position: none if it is dead, the pairs ruled
    /// out left out, the safe move alone if there is one.
    fn moves(&mut self, ids: &Grid<u32>) -> Result<Vec<Move>, Stop> {
        let board = std::mem::take(&mut self.here);
        let dead = self.proofs.is_dead_here(
            &board,
            ids,
            &self.removals.removed,
            &mut self.shared.budget.room,
        );
        let mut moves = if dead {
            Vec::new()
        } else {
            self.ranked_moves(&board)?
        };
        if !self.proofs.ruled_out.is_empty() {
            moves.retain(|m| {
                !self.proofs.ruled_out.contains(&id_pair(
                    ids.cells(),
                    ids.index_of(m.a()),
                    ids.index_of(m.b()),
                ))
            });
        }
        if let Some(safe) = self.safe_move(&board, &moves) {
            moves = vec![safe];
        }
        Ok(moves)
    }

    fn play(&mut self, ids: &Grid<u32>, pair: Move) -> Grid<u32> {
        let mut next = ids.clone();
        next[pair.a()] = 0;
        next[pair.b()] = 0;
        if self.removals.order.is_empty() {
            // The board as given need not be compacted yet.
            self.deal.passes.settle(&mut next);
        } else {
            let emptied = [pair.a(), pair.b()].map(|p| next.index_of(p));
            self.deal.passes.settle_after(&mut next, &emptied);
        }
        self.removals.push(pair, ids);
        next
    }

    fn take_back(&mut self) {
        self.removals.pop();
    }

    fn take_order(&mut self) -> Vec<Move> {
        std::mem::take(&mut self.removals.order)
    }

    /// Under a one-pass gravity: the holes proof (before each of the
    /// first rounds with the test), narrowing (once), then a round with
    /// the dead-position test at every state, of one run of
    /// `1 / TESTING_SHARE` of `allowance`.
    fn between_rounds(
        &mut self,
        ids: &Grid<u32>,
        tiles: usize,
        allowance: u64,
    ) -> ControlFlow<Solution> {
        if self.proofs.stuck.is_none() {
            return ControlFlow::Continue(());
        }
        if let Some(&cap) = HOLE_STATES.get(self.holes_tried) {
            self.holes_tried += 1;
            if self.holes_prove_lost(ids, cap) {
                return ControlFlow::Break(Solution::Unsolvable);
            }
        }
        if !self.narrowed {
            self.narrowed = true;
            match self.narrow(ids) {
                Ok(false) => {}
                Ok(true) => return ControlFlow::Break(Solution::Unsolvable),
                Err(stop) => {
                    return ControlFlow::Break(Solution::stopped(&stop, self.shared.budget.states));
                }
            }
        }
        self.proofs.testing = true;
        self.shared.budget.limit = self
            .shared
            .budget
            .states
            .saturating_add(allowance / TESTING_SHARE);
        self.start_run();
        let answer = clears(self, ids, tiles);
        self.proofs.testing = false;
        match answer {
            Ok(true) => ControlFlow::Break(Solution::Solved(self.take_order())),
            Ok(false) => ControlFlow::Break(Solution::Unsolvable),
            Err(Stop::Restart) => ControlFlow::Continue(()),
            Err(stop) => ControlFlow::Break(Solution::stopped(&stop, self.shared.budget.states)),
        }
    }
}

impl<'a, 'p> Search<'a, 'p> {
    /// The search of `board` (whose classes all have an even count), and
    /// its board of tile ids: 1..=t in row-major order, which tiles keep as
    /// they slide.
    fn new(board: &Board, rules: &'a Rules, budget: Budget<'p>) -> (Search<'a, 'p>, Grid<u32>) {
        let keys = BoardKeys::new(board, rules);
        let mut ids = board.to_grid();
        let mut class_of = vec![0];
        for kind in ids.cells_mut().iter_mut().filter(|k| **k != 0) {
            class_of.push(keys.kind(rules.groups().class(*kind)).on_field());
            *kind = class_of.len() as u32 - 1;
        }
        let classes = keys.len();
        let passes = Passes::new(board.rows(), board.cols(), rules.gravity());
        let stuck = passes.lines().map(|lines| {
            StuckTest::new(
                board.rows(),
                board.cols(),
                lines,
                rules.border(),
                rules.max_turns(),
            )
        });
        let search = Search {
            deal: Deal {
                rules,
                passes,
                class_of,
                keys,
            },
            proofs: Proofs {
                stuck,
                testing: false,
                ruled_out: FxHashSet::default(),
                dead_sets: DeadSets::default(),
                effort: budget.effort(),
            },
            lists: MoveLists {
                field: Field::from_kinds(Grid::new(board.rows(), board.cols(), 0), rules.border()),
                of_class: vec![Vec::new(); classes],
                partners: Vec::new(),
                class_count: vec![0; classes],
            },
            removals: Removals::default(),
            shared: Shared::new(budget),
            runs: 0,
            here: Grid::new(0, 0, 0),
            holes_tried: 0,
            narrowed: false,
        };
        (search, ids)
    }

    /// A move that can be made at once, without trying the others: the
    /// last two tiles of a class, each with no tile after it on its line
    /// (under a one-pass gravity, on a compacted board).
    ///
    /// *Why this is safe.* Such a tile stays last on its line for good (no
    /// tile is ever added), so no tile's cell ever depends on whether it is
    /// there: a tile's cell is fixed by the tiles before it on its line.
    /// Take any play S that clears the board; the same play with this pair
    /// removed first (and not again later) meets at every step the board of
    /// S minus these two tiles, every other tile on the same cell, so every
    /// path of S runs through cells that are still empty, and it clears the
    /// board too.
    fn safe_move(&mut self, board: &Grid<u32>, moves: &[Move]) -> Option<Move> {
        let test = self.proofs.stuck.as_ref()?;
        if self.removals.order.is_empty() && !test.is_compacted(board) {
            // The board as given: its first removal compacts every line.
            return None;
        }
        let count = &mut self.lists.class_count;
        count.fill(0);
        for &class in board.cells().iter().filter(|&&class| class != 0) {
            count[Kind::from_field(class).index()] += 1;
        }
        moves.iter().copied().find(|m| {
            count[Kind::from_field(board[m.a()]).index()] == 2
                && [m.a(), m.b()]
                    .iter()
                    .all(|&p| self.deal.passes.is_last_on_line(board, board.index_of(p)))
        })
    }

    /// Whether the holes of the board of tile ids `ids` prove it lost
    /// within `cap` states (`holes`; closed border, one-pass
    /// gravity, compacted board). Its games' states count against the
    /// budget.
    fn holes_prove_lost(&mut self, ids: &Grid<u32>, cap: u64) -> bool {
        let board = self.deal.classes_of(ids);
        if !self
            .proofs
            .stuck
            .as_ref()
            .is_some_and(|test| test.is_compacted(&board))
        {
            return false;
        }
        let position = holes::Position {
            ids,
            class_of: &self.deal.class_of,
            slides: Some(&self.deal.passes),
        };
        holes::prove_lost(
            &position,
            &mut self.lists.field,
            self.deal.rules.border(),
            self.deal.rules.max_turns(),
            cap,
            &mut self.shared.budget,
        )
    }

    /// Narrowing at the root (the board of tile ids `ids`, compacted): for
    /// every class of 4 to `NARROW_CAP` tiles, every way to pair two of its
    /// tiles (with four, the three pairings) is tried: if the position is
    /// dead when they must be removed together (each tile joins R only
    /// with its mate), no clearing play removes them together, and they are
    /// ruled out for the whole search. Rounds repeat while something is
    /// ruled out. Whether the root is dead (a tile left without a partner,
    /// or dead with every pair ruled out kept apart). Each probe counts as
    /// a state.
    ///
    /// Ruling pairs out keeps the search exact: a clearing play from any
    /// position reached from the root extends a clearing play from the
    /// root, which removes no ruled-out pair; so skipping those moves, and
    /// keeping such tiles apart in the dead-position test, loses no
    /// clearing play, and a position the search gives up is truly lost
    /// (the memo stays keyed by classes).
    fn narrow(&mut self, ids: &Grid<u32>) -> Result<bool, Stop> {
        let board = self.deal.classes_of(ids);
        let Some(test) = self
            .proofs
            .stuck
            .as_mut()
            .filter(|test| test.is_compacted(&board))
        else {
            return Ok(false);
        };
        let limit = u64::MAX;
        let cells = ids.cells();
        let mut of_class: Vec<Vec<usize>> = vec![Vec::new(); self.deal.keys.len()];
        for (cell, &class) in board.cells().iter().enumerate() {
            if class != 0 {
                of_class[Kind::from_field(class).index()].push(cell);
            }
        }
        let mut grew = true;
        while grew {
            grew = false;
            for tiles in &of_class {
                if !(4..=NARROW_CAP).contains(&tiles.len()) {
                    continue;
                }
                for bound in pairings(tiles) {
                    let bound: Vec<(TileId, TileId)> = bound
                        .into_iter()
                        .map(|(a, b)| id_pair(cells, a, b))
                        .collect();
                    if bound
                        .iter()
                        .any(|pair| self.proofs.ruled_out.contains(pair))
                    {
                        continue;
                    }
                    self.shared.budget.count_within(limit)?;
                    let ruled_out = &self.proofs.ruled_out;
                    let mate = |x: TileId| {
                        bound.iter().find_map(|&(a, b)| {
                            (x == a).then_some(b).or_else(|| (x == b).then_some(a))
                        })
                    };
                    let may_pair = |x, y| {
                        let pair = id_pair(cells, x, y);
                        let (x, y) = (TileId::new(cells[x]), TileId::new(cells[y]));
                        !ruled_out.contains(&pair)
                            && mate(x).is_none_or(|m| m == y)
                            && mate(y).is_none_or(|m| m == x)
                    };
                    let dead = test.is_dead_where(&board, &may_pair, &mut self.proofs.effort);
                    if dead {
                        self.proofs.ruled_out.extend(bound);
                        grew = true;
                    }
                }
                let stranded = tiles.iter().any(|&x| {
                    tiles
                        .iter()
                        .all(|&y| y == x || self.proofs.ruled_out.contains(&id_pair(cells, x, y)))
                });
                if stranded {
                    return Ok(true);
                }
            }
        }
        self.shared.budget.count_within(limit)?;
        Ok(self.proofs.is_dead(&board, ids))
    }

    /// Every move on `board`, best first: classes with fewer tiles first,
    /// then pairs whose tiles have fewer partners, ties in a run's order.
    /// With at most two turns every pair of a class of at most
    /// `SHAPES_CAP` tiles is tested by its path shapes (O(rows + cols) a
    /// pair, on a board with prefix counts); otherwise one reach per tile
    /// finds its partners.
    ///
    /// Its path searches spend the search's work allowance (see
    /// `budget::TEST_STEPS_PER_STATE`: a pair tested by its shapes costs
    /// rows + cols + 1 steps, a reach a step a cell): once spent it stops
    /// with `Err(Stop::OutOfBudget)`, so a small budget bounds a state's
    /// work on a big board too.
    fn ranked_moves(&mut self, board: &Grid<u32>) -> Result<Vec<Move>, Stop> {
        let of_class = &mut self.lists.of_class;
        for tiles in of_class.iter_mut() {
            tiles.clear();
        }
        for (pos, &class) in board.positions().zip(board.cells()) {
            if class != 0 {
                of_class[Kind::from_field(class).index()].push(pos);
            }
        }
        let (border, max_turns) = (self.deal.rules.border(), self.deal.rules.max_turns());
        let mut pairs: Vec<Move> = Vec::new();
        let by_shapes = |n: usize| max_turns <= 2 && n <= SHAPES_CAP;
        let uses = |shapes: bool| {
            of_class
                .iter()
                .any(|tiles| tiles.len() >= 2 && by_shapes(tiles.len()) == shapes)
        };
        let shapes = uses(true).then(|| Board::new(board).expect("classes are small"));
        if uses(false) {
            self.lists.field.load(board);
        }
        let partners = &mut self.lists.partners;
        let effort = &mut self.proofs.effort;
        let shape_steps = board.rows() + board.cols() + 1;
        // (tiles of the class, fewer partners, tie-break, pair)
        let mut ranked: Vec<(usize, usize, u64, Move)> = Vec::new();
        let mut degree: Vec<(Pos, usize)> = Vec::new();
        for (kind, tiles) in Kind::all(of_class.len()).zip(of_class.iter()) {
            let n = tiles.len();
            if n < 2 {
                continue;
            }
            pairs.clear();
            for (i, &t) in tiles[..n - 1].iter().enumerate() {
                effort.may_go_on()?;
                if let Some(shapes) = shapes.as_ref().filter(|_| by_shapes(n)) {
                    effort.spend(shape_steps * (n - 1 - i));
                    let later = tiles[i + 1..].iter();
                    pairs.extend(
                        later
                            .filter(|&&u| joins(shapes, t, u, border, max_turns))
                            .map(|&u| Move::new(t, u)),
                    );
                    continue;
                }
                let field = &mut self.lists.field;
                let start = field.index(t);
                partners.clear();
                let mut steps = 1;
                field.reach(start, max_turns, |cell, is_tile| {
                    steps += 1;
                    if is_tile && cell > start {
                        partners.push(cell);
                    }
                });
                effort.spend(steps);
                pairs.extend(
                    partners
                        .iter()
                        .filter(|&&cell| field.kind(cell) == kind.on_field())
                        .map(|&cell| Move::new(t, field.pos(cell))),
                );
            }
            degree.clear();
            for m in &pairs {
                for v in [m.a(), m.b()] {
                    match degree.iter_mut().find(|(w, _)| *w == v) {
                        Some((_, d)) => *d += 1,
                        None => degree.push((v, 1)),
                    }
                }
            }
            let d = |v: Pos| degree.iter().find(|(w, _)| *w == v).map_or(0, |e| e.1);
            for &m in &pairs {
                let tie = self.shared.ties.as_mut().map_or(0, SplitMix64::next_u64);
                ranked.push((n, d(m.a()).min(d(m.b())), tie, m));
            }
        }
        ranked.sort_unstable();
        Ok(ranked.into_iter().map(|(_, _, _, m)| m).collect())
    }
}

/// Classes with at most this many tiles have their moves found pair by
/// pair from the path shapes; bigger ones by a reach per tile, which finds
/// all of a tile's partners at once. (Callgrind, fixed state budgets:
/// four-of-each open 16×9 under `down` 15.9 → 10.0 G instructions with
/// shapes; KShisen's closed 30×16, classes of 8 and 12, 1.05 → 1.31 G
/// with shapes for every class, so those keep the reaches.)
const SHAPES_CAP: usize = 4;

/// Classes with at most this many tiles are narrowed at the root.
const NARROW_CAP: usize = 4;

/// The tiles on cells `a` and `b` of the board of tile ids `ids` (cells
/// by row-major index) as a key of `ruled_out`: the smaller id first.
fn id_pair(ids: &[u32], a: usize, b: usize) -> (TileId, TileId) {
    let (a, b) = (TileId::new(ids[a]), TileId::new(ids[b]));
    (a.min(b), a.max(b))
}
