//! The checks real games make instead of an exact solve, and how long a
//! random game goes on after it can no longer be won.
//!
//! - [`kshisen_greedy`]: KShisen's `Board::isSolvable` (KDE/kshisen,
//!   `src/board.cpp`), which it runs on each new deal when "solvable
//!   games" is on: remove the first playable pair found, again and again,
//!   without gravity and without slides; the deal passes if the board
//!   empties. The order of the scan is KShisen's, transcribed from
//!   `Board::pathFoundBetweenMatchingTiles` (see the function's doc);
//! - [`has_move`]: the weakest check, a move exists at the start;
//! - [`playout`]: a seeded game of uniformly random legal pairs until no
//!   pair remains, with the first step from which the position cannot be
//!   cleared (decided by [`solve_with`]) and the step at which the game is
//!   stuck.
//!
//! None of KShisen's code is copied here: the loops below are written from
//! its description, for this crate's [`Board`] and [`Rules`].

use grid_core::{Pos, SplitMix64};

use super::game::Game;
use super::moves::{Move, moves};
use super::solve::{Solution, SolveConfig, solve_with};
use crate::query::{Board, Connector};
use crate::rules::{Class, Connect, Rules};

/// What [`kshisen_greedy`] did: the pairs it removed, in order, and the
/// tiles it left.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Greedy {
    /// The pairs removed, each named on the board as it was then (no
    /// gravity: tiles never move).
    pub order: Vec<Move>,
    /// The tiles left when no pair was found (0: the check accepts).
    pub tiles_left: usize,
}

impl Greedy {
    /// Whether the check accepts the board (it emptied it).
    #[must_use]
    pub fn accepts(&self) -> bool {
        self.tiles_left == 0
    }
}

/// KShisen's solvability check, `Board::isSolvable`: while some pair can
/// be removed, remove the *first* one found, with no gravity (whatever
/// `rules.gravity()` says: KShisen's check never applies it) and no slides;
/// the board passes if it empties.
///
/// The first pair is found as `Board::pathFoundBetweenMatchingTiles`
/// finds it. KShisen's `TilePos` is (x, y) = (column, row) and both loops
/// run x outside, y inside, so cells are scanned *column by column*, top
/// to bottom within a column:
///
/// 1. the first tile is each tile in that order, except that a tile is
///    skipped once four tiles of its kind (its number, not its matching
///    class) have been tried as first tile in this scan and found no
///    partner (the `done` array, `done.at(tile - 1) != 4`: it matters only
///    where a kind has more than four tiles, as on KShisen's three larger
///    boards);
/// 2. its partner is each other cell in the same column-by-column order
///    (cells before the first tile included) whose tile matches it
///    (`Board::tilesMatch`: equal kinds, or KShisen's seasons and flowers,
///    here `rules.groups()`) and is joined to it by a path (`Board::findPath`:
///    at most three segments through empty cells and the ring around the
///    board; here a path under `rules`' turn limit and border, which is
///    KShisen's rule for two turns and an open border);
/// 3. the first such pair is removed and the scan starts again from the
///    first cell, with `done` cleared.
///
/// A path's existence is all that decides a pair, so which path KShisen
/// would draw does not matter. The check is KShisen's, which knows only
/// the standard connection: `rules.connect()` is ignored (a pair is joined
/// as under [`Connect::Standard`](crate::Connect::Standard)).
///
/// ```
/// use lianliankan::{Board, Border, Rules, kshisen_greedy};
/// let rules = Rules::judge().with_border(Border::Open).unwrap();
/// let board = Board::from_rows(&[[1, 2, 2, 1]]).unwrap();
/// let run = kshisen_greedy(&board, &rules);
/// assert!(run.accepts());
/// // Column by column: the 1 in column 0 first, and its partner is
/// // reachable around the board.
/// assert_eq!(run.order[0].a().col, 0);
/// ```
///
/// # Complexity
/// Each scan tries each tile against the tiles of its class, in
/// O(t·m·(rows + cols)) for t tiles with at most m of a class (with two
/// turns; a larger turn limit costs as [`Connector::connect`]); a scan
/// per pair removed, so O(t²·m·(rows + cols)) at worst. Scans usually stop
/// at the first columns.
#[must_use]
pub fn kshisen_greedy(board: &Board, rules: &Rules) -> Greedy {
    let rules = &rules
        .clone()
        .with_connect(Connect::Standard)
        .expect("the standard connection goes with every other setting");
    let mut board = board.clone();
    // Every tile's cell, column by column, grouped by matching class.
    let column_major = |p: &Pos| (p.col, p.row);
    let mut tiles: Vec<(Pos, u32)> = board.tiles().collect();
    tiles.sort_by_key(|(p, _)| column_major(p));
    let mut classes: Vec<(Class, Vec<Pos>)> = Vec::new();
    for &(pos, kind) in &tiles {
        let class = rules.groups().class(kind);
        match classes.iter_mut().find(|(c, _)| *c == class) {
            Some((_, cells)) => cells.push(pos),
            None => classes.push((class, vec![pos])),
        }
    }
    let class_of = |kind: u32| {
        let class = rules.groups().class(kind);
        classes
            .iter()
            .position(|(c, _)| *c == class)
            .expect("every kind on the board has its class")
    };
    // KShisen's `done` counts, one per kind on the board (kinds may be any
    // number up to u32::MAX: the array follows the tiles, not the largest).
    let mut kinds: Vec<u32> = tiles.iter().map(|&(_, k)| k).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let slot = |kind: u32| kinds.binary_search(&kind).expect("a kind of the board");
    let mut done = vec![0u8; kinds.len()];
    let mut connector = Connector::new();
    let mut order = Vec::new();
    'scan: loop {
        done.fill(0);
        for &(first, _) in &tiles {
            let kind = board.kind(first).expect("on the board");
            if kind == 0 || done[slot(kind)] == 4 {
                continue;
            }
            for &partner in &classes[class_of(kind)].1 {
                if partner == first || board.kind(partner) == Some(0) {
                    continue;
                }
                let joined = connector
                    .connect(&board, first, partner, rules)
                    .expect("cells of the board");
                if joined.is_some() {
                    board.set(first, 0);
                    board.set(partner, 0);
                    order.push(Move::new(first, partner));
                    continue 'scan;
                }
            }
            done[slot(kind)] += 1;
        }
        break;
    }
    Greedy {
        order,
        tiles_left: board.tile_count(),
    }
}

/// Whether some pair can be removed from `board` under `rules`: the check
/// of a game that only makes sure the player can start.
///
/// # Complexity
/// As [`moves`].
#[must_use]
pub fn has_move(board: &Board, rules: &Rules) -> bool {
    !moves(board, rules).is_empty()
}

/// A random game ([`playout`]): the pairs it removed, the step at which it
/// was stuck, and what is known of the first step from which it could no
/// longer be won.
///
/// Step s is the position after s removals (step 0 is the deal). A lost
/// position stays lost (a position reached from it by a removal that could
/// be cleared would clear it too), so the winnable steps are a prefix
/// `0..=winnable_through` and the lost ones the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Playout {
    /// The pairs removed, in order, each named on the board as it was then
    /// (after the earlier removals and their gravity).
    pub order: Vec<Move>,
    /// Whether the game cleared the board.
    pub cleared: bool,
    /// The last step proved winnable (`None`: not even the deal).
    pub winnable_through: Option<usize>,
    /// The first step proved lost (`None` when the game was cleared, or
    /// when no position, not even the stuck one, was proved lost).
    pub lost_from: Option<usize>,
    /// How many positions were handed to the solver.
    pub solves: usize,
}

impl Playout {
    /// The step at which no pair remained with tiles on the board (the
    /// number of removals made), or `None` if the game cleared the board.
    #[must_use]
    pub fn stuck(&self) -> Option<usize> {
        (!self.cleared).then_some(self.order.len())
    }

    /// The first step from which the game could not be won, if known
    /// exactly: `Some` when a lost step follows a winnable one (or step 0
    /// is lost). `None` when the game was cleared or when a solve ran out
    /// of budget between the two (then [`Playout::winnable_through`] and
    /// [`Playout::lost_from`] bound it).
    #[must_use]
    pub fn lost_at(&self) -> Option<usize> {
        let lost = self.lost_from?;
        (self.winnable_through.map_or(0, |w| w + 1) == lost).then_some(lost)
    }

    /// Whether what the game shows is known exactly: cleared, or the first
    /// lost step found.
    #[must_use]
    pub fn is_decided(&self) -> bool {
        self.cleared || self.lost_at().is_some()
    }
}

/// Plays a random game on `board` under `rules`: at each step a pair drawn
/// uniformly from [`moves`] (by a generator seeded with `seed`) is removed (then
/// gravity), until the board is cleared or no pair remains; then finds the
/// first step from which the board could no longer be cleared, by
/// [`solve_with`] under `config` on the positions of the game.
///
/// Since lost positions are a suffix of the game (see [`Playout`]), the
/// first lost step is found by binary search between the last step known
/// winnable and the first known lost (the stuck position, lost since tiles
/// remain and no pair does): about log2(steps) solves. A solve that runs
/// out of budget decides nothing; the search then tries the other steps
/// of the interval in order, and the answer gives the bounds it proved
/// (never a guess). A deal that cannot be cleared gives `lost_from`
/// `Some(0)`.
///
/// # Complexity
/// O(s·(moves + gravity)) for s removals to play, plus at most
/// O(log s) solves when every solve decides (up to s when they do not),
/// each as [`solve_with`] under `config`.
#[must_use]
pub fn playout(board: &Board, rules: &Rules, seed: u64, config: &SolveConfig) -> Playout {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(board.clone(), rules.clone());
    let mut positions = vec![board.clone()];
    let mut order = Vec::new();
    loop {
        let now = game.moves();
        if now.is_empty() {
            break;
        }
        let pair = now[rng.below(now.len())];
        game.play(pair).expect("a pair from the game's own moves");
        order.push(pair);
        positions.push(game.board().clone());
    }
    let cleared = game.is_cleared();
    let steps = order.len();
    if cleared {
        return Playout {
            order,
            cleared,
            winnable_through: Some(steps),
            lost_from: None,
            solves: 0,
        };
    }
    let mut solves = 0;
    let mut decide = |step: usize| {
        solves += 1;
        match solve_with(&positions[step], rules, config) {
            Solution::Solved(_) => Some(true),
            Solution::Unsolvable => Some(false),
            _ => None,
        }
    };
    // Invariant: every step <= winnable_through is winnable, every step
    // >= lost_from is lost; the steps strictly between are unknown, and
    // `undecided` of them ran out of budget.
    let mut winnable_through: Option<usize> = None;
    let mut lost_from = steps;
    let mut undecided = Vec::new();
    loop {
        let lo = winnable_through.map_or(0, |w| w + 1);
        if lo >= lost_from {
            break;
        }
        // Bisect the unknown steps, leaving out those already undecided.
        let open: Vec<usize> = (lo..lost_from).filter(|s| !undecided.contains(s)).collect();
        if open.is_empty() {
            break;
        }
        let step = open[open.len() / 2];
        match decide(step) {
            Some(true) => winnable_through = Some(step),
            Some(false) => lost_from = step,
            None => undecided.push(step),
        }
    }
    Playout {
        order,
        cleared,
        winnable_through,
        lost_from: Some(lost_from),
        solves,
    }
}
