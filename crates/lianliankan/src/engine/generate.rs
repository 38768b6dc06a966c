//! Boards that can be cleared, by construction, with the removal order that
//! proves it.
//!
//! The board is built backwards from empty: pairs are placed one at a time
//! on two empty cells that a path (within the rules) joins *on the board as
//! it is at that moment*. Playing the placements in reverse clears the
//! board: when pair i is removed, the pairs placed after it are gone
//! already, so the board holds exactly the tiles that were there when pair
//! i was placed, plus pair i, and the path found then is still free.
//!
//! To avoid dead ends: a path never leaves the region of empty cells its
//! ends touch, so a partner is only chosen if afterwards every region of
//! empty cells holds an even number of board cells (one odd region is
//! allowed when the cell count is odd); and each pair starts at a most
//! constrained empty cell (fewest empty neighbours, ties broken at random).
//! If a placement still gets stuck (the turn limit can separate cells of
//! one region), the attempt starts over from the next random numbers. After
//! 16 stuck attempts (seen only under tight rules, such as
//! one turn), a last attempt keeps a domino tiling of the empty cells, which
//! cannot get stuck (see [`Tiling`]). The result is a function of the seed
//! alone.
//!
//! # Under gravity
//! Building backwards does not work when tiles slide: undoing a compaction
//! is ambiguous, and a board that held a path before a removal need not
//! after it. So under gravity the board is built *forwards* by playing a
//! game on a full board of anonymous tiles: whether two tiles can be joined,
//! and where gravity moves the others, depends only on which cells are
//! occupied, not on the kinds. Each step removes a pair of tiles that a path
//! joins (a most constrained tile of a few drawn at random — the one with
//! fewest partners — and a random partner), then compacts the board, every
//! tile keeping its identity. When the board is empty, the pairs get their
//! kinds (the same shuffled plan as above), and each tile's kind is written
//! on the cell it started on. Replaying the steps on that board is legal at
//! every step (same occupancy, same paths, equal kinds), so the steps are the
//! certificate, each pair named on the board as it is at that moment. If a
//! play gets stuck (no two remaining tiles can be joined), the next attempt
//! starts over, at most 64 in all.
//!
//! # Under KShisen's sliding tiles
//! A plain pair joined with at most one turn on the board is a legal move
//! under [`Rules::slide`](crate::Rules::slide), and a board holds such a
//! path or not whatever the rules allow besides. So the board is built as
//! above under those plain rules (one turn, closed border, the same
//! gravity and groups): its certificate of plain pairs clears it under
//! slide too, every step on the same board.
//!
//! # Under the other connection rules
//! Four-rivers and line boards are built forwards in the same way, with or
//! without gravity: the backward placement's region argument is the
//! standard path's. Each step lists the pairs of the board of anonymous
//! tiles with [`moves`], which honours the rule, so the certificate replays
//! under it. Under four-rivers with a closed border no two tiles of a full
//! board can be joined, and [`GenerateError::NoFirstMove`] says so.

use grid_core::{Grid, Pos, SplitMix64};

use super::generate_error::{GenerateError, cells_to_generate};
use super::moves::{Move, moves};
use super::reach::{Cell, Field};
use super::settle::settle;
use super::solve::Cancel;
use crate::connection::{ConnectionRule, Construction, Rule};
use crate::query::{Board, MAX_KIND};
use crate::rules::{Gravity, Groups, Rules};

/// A generated board and a removal order that clears it.
///
/// With the `serde` feature: `{"board": [[...], ...], "certificate": [{"a":
/// [0, 0], "b": [0, 1]}, ...]}` ([`Board`]'s and [`Move`]'s forms).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct Generated {
    /// The board.
    pub board: Board,
    /// A removal order that clears the board under the rules it was made for.
    pub certificate: Vec<Move>,
}

/// Free attempts before [`generate`] switches to the tiled construction.
const FREE_ATTEMPTS: usize = 16;

/// What [`generate`] is asked for: the board's size, how many kinds of
/// tile, the seed, and the rules the board must be clearable under.
///
/// Fields may be added as the engine learns new rules; build one with
/// [`GenerateSpec::new`] and the `with_` methods.
///
/// With the `serde` feature: `{"rows": 4, "cols": 6, "kinds": 5, "seed":
/// 7, "rules": {...}}` ([`Rules`]' form); `seed` (0) and `rules` (the
/// judge's) may be left out, as [`GenerateSpec::new`] leaves them, and an
/// unknown field is refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
#[non_exhaustive]
pub struct GenerateSpec {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Kinds of tile, 1 to `rows·cols / 2`; each is used in pairs.
    pub kinds: u32,
    /// The random seed: the same spec gives the same board.
    #[cfg_attr(feature = "serde", serde(default))]
    pub seed: u64,
    /// The rules the board must be clearable under.
    #[cfg_attr(feature = "serde", serde(default))]
    pub rules: Rules,
}

impl GenerateSpec {
    /// A `rows × cols` board of `kinds` kinds, seed 0, the judge's rules.
    #[must_use]
    pub fn new(rows: usize, cols: usize, kinds: u32) -> GenerateSpec {
        GenerateSpec {
            rows,
            cols,
            kinds,
            seed: 0,
            rules: Rules::default(),
        }
    }

    /// The same spec with `seed`.
    #[must_use]
    pub fn with_seed(self, seed: u64) -> GenerateSpec {
        GenerateSpec { seed, ..self }
    }

    /// The same spec under `rules`.
    #[must_use]
    pub fn with_rules(self, rules: Rules) -> GenerateSpec {
        GenerateSpec { rules, ..self }
    }
}

/// A board of `rows × cols` that can be cleared under `spec.rules`, with
/// `rows·cols / 2` pairs (every cell is a tile, but one when the cell count
/// is odd) of `kinds` kinds, each kind used for `pairs / kinds` or one more
/// pairs; and a removal order (`certificate`) that clears it. The same
/// spec gives the same board.
///
/// ```
/// use lianliankan::{Game, GenerateSpec, Rules, generate};
/// let made = generate(&GenerateSpec::new(4, 6, 5).with_seed(7)).unwrap();
/// assert_eq!(made.board.tile_count(), 24);
/// let mut game = Game::new(made.board, Rules::default());
/// for pair in &made.certificate {
///     game.remove(pair.a(), pair.b()).unwrap();
/// }
/// assert!(game.is_cleared());
/// ```
///
/// # Errors
/// [`GenerateError`] for fewer than two cells or a kind count that does not
/// fit.
///
/// # Complexity
/// O((rows·cols)²) per attempt (a reach search and a region check per pair,
/// more when a cell has no partner); at most 17 attempts.
pub fn generate(spec: &GenerateSpec) -> Result<Generated, GenerateError> {
    generate_with(spec, &Cancel::new())
}

/// [`generate`], stopped by `cancel`: once it is set, the construction
/// ends within one placement (a few reach searches) with
/// [`GenerateError::Cancelled`]. The front ends' Ctrl-C and the C API's
/// cancel handles go through it.
///
/// ```
/// use lianliankan::{Cancel, GenerateError, GenerateSpec, generate_with};
/// let cancel = Cancel::new();
/// cancel.cancel();
/// let spec = GenerateSpec::new(4, 6, 5);
/// assert_eq!(generate_with(&spec, &cancel), Err(GenerateError::Cancelled));
/// ```
///
/// # Errors
/// As [`generate`], and [`GenerateError::Cancelled`].
///
/// # Complexity
/// As [`generate`].
pub fn generate_with(spec: &GenerateSpec, cancel: &Cancel) -> Result<Generated, GenerateError> {
    let GenerateSpec {
        rows,
        cols,
        kinds,
        seed,
        ref rules,
    } = *spec;
    // Under slide, a plain pair joined with at most one turn on the board
    // is a legal move: a board built under those plain rules (the same
    // gravity and groups) is cleared under slide by its certificate, which
    // names plain pairs only.
    let plain = rules.without_slides();
    let rules = &plain;
    let cells = cells_to_generate(rows, cols)?;
    if cells < 2 {
        return Err(GenerateError::TooSmall);
    }
    let pairs = cells / 2;
    if kinds == 0 || kinds > MAX_KIND || kinds as usize > pairs {
        return Err(GenerateError::Kinds { kinds, pairs });
    }
    let empty = Board::new(&Grid::new(rows, cols, 0)).expect("kinds are 0");
    let mut rng = SplitMix64::new(seed);
    let mut plan: Vec<u32> = (0..pairs).map(|i| i as u32 % kinds + 1).collect();
    rng.shuffle(&mut plan);
    let construction = Rule::of(rules).construction();
    if rules.gravity() != Gravity::None || construction != Construction::StandardPaths {
        return play_forwards(rows, cols, &plan, rules, construction, &mut rng, cancel);
    }
    for attempt in 0..=FREE_ATTEMPTS {
        let tiled = attempt == FREE_ATTEMPTS;
        let mut field = Field::new(&empty, rules.border());
        let placed = place_all(&mut field, &empty, &plan, rules, &mut rng, tiled, cancel);
        if cancel.is_cancelled() {
            return Err(GenerateError::Cancelled);
        }
        if let Some(placed) = placed {
            let mut board = empty;
            let mut certificate = Vec::with_capacity(pairs);
            for (pair, kind) in placed.into_iter().rev() {
                board.set(pair.a(), kind);
                board.set(pair.b(), kind);
                certificate.push(pair);
            }
            return Ok(Generated { board, certificate });
        }
    }
    Err(GenerateError::Stuck {
        attempts: FREE_ATTEMPTS + 1,
    })
}

/// Attempts of [`play_forwards`] before it gives up.
const GRAVITY_ATTEMPTS: usize = 64;

/// Tiles drawn at random at each step of [`play_forwards`], of which the
/// most constrained is removed.
const DRAWN: usize = 6;

/// The board built forwards under gravity, or under a rule built by its
/// moves (see the module doc).
fn play_forwards(
    rows: usize,
    cols: usize,
    plan: &[u32],
    rules: &Rules,
    construction: Construction,
    rng: &mut SplitMix64,
    cancel: &Cancel,
) -> Result<Generated, GenerateError> {
    let cells = rows * cols;
    for _ in 0..GRAVITY_ATTEMPTS {
        // Tile ids 1..=2·pairs, on every cell but one random cell if odd.
        let hole = (cells % 2 == 1).then(|| rng.below(cells));
        let mut ids = Grid::new(rows, cols, 0u32);
        let mut origin = vec![Pos::new(0, 0)];
        let cell_pos = |i: usize| Pos::new(i / cols, i % cols);
        for (i, pos) in (0..cells)
            .filter(|&i| Some(i) != hole)
            .map(cell_pos)
            .enumerate()
        {
            ids[pos] = i as u32 + 1;
            origin.push(pos);
        }
        let steps = match construction {
            Construction::StandardPaths => play(&mut ids, plan.len(), rules, rng, cancel),
            Construction::ByMoves => {
                match play_by_moves(&mut ids, plan.len(), rules, rng, cancel) {
                    // With no hole, every attempt starts from the same
                    // full board: none can do better.
                    Played::Stuck { first: true } if cells % 2 == 0 => {
                        return Err(GenerateError::NoFirstMove);
                    }
                    Played::Stuck { .. } => None,
                    Played::Done(steps) => Some(steps),
                }
            }
        };
        if cancel.is_cancelled() {
            return Err(GenerateError::Cancelled);
        }
        if let Some(steps) = steps {
            let mut kinds = Grid::new(rows, cols, 0);
            let mut certificate = Vec::with_capacity(steps.len());
            for ((pair, tiles), &kind) in steps.into_iter().zip(plan) {
                for id in tiles {
                    kinds[origin[id as usize]] = kind;
                }
                certificate.push(pair);
            }
            let board = Board::new(&kinds).expect("kinds up to MAX_KIND");
            return Ok(Generated { board, certificate });
        }
    }
    Err(GenerateError::Stuck {
        attempts: GRAVITY_ATTEMPTS,
    })
}

/// Plays `pairs` removals on the board of tile ids `ids` (0 = empty),
/// compacting after each: the pairs by their cells at that moment, with the
/// ids they held; `None` when stuck.
fn play(
    ids: &mut Grid<u32>,
    pairs: usize,
    rules: &Rules,
    rng: &mut SplitMix64,
    cancel: &Cancel,
) -> Option<Vec<(Move, [u32; 2])>> {
    let mut steps = Vec::with_capacity(pairs);
    let mut tiles: Vec<Pos> = Vec::new();
    let mut partners = Vec::new();
    let mut best = Vec::new();
    for _ in 0..pairs {
        let mut field = Field::from_kinds(ids.clone(), rules.border());
        tiles.clear();
        tiles.extend(ids.positions().filter(|&p| ids[p] != 0));
        rng.shuffle(&mut tiles);
        // The drawn tile with the fewest partners; all tiles if none of the
        // drawn ones has a partner.
        let mut chosen: Option<(Pos, usize)> = None;
        best.clear();
        for (n, &t) in tiles.iter().enumerate() {
            if (n >= DRAWN && chosen.is_some()) || cancel.is_cancelled() {
                break;
            }
            partners.clear();
            let start = field.index(t);
            field.reach(start, rules.max_turns(), |cell, is_tile| {
                if is_tile {
                    partners.push(cell);
                }
            });
            let count = partners.len();
            if count > 0 && chosen.is_none_or(|(_, c)| count < c) {
                chosen = Some((t, count));
                best.clear();
                best.extend(partners.iter().map(|&cell| field.pos(cell)));
            }
        }
        let (a, _) = chosen.filter(|_| !cancel.is_cancelled())?;
        let b = best[rng.below(best.len())];
        steps.push((Move::new(a, b), [ids[a], ids[b]]));
        ids[a] = 0;
        ids[b] = 0;
        settle(ids, rules.gravity());
    }
    Some(steps)
}

/// How [`play_by_moves`] ended.
enum Played {
    /// Every pair removed: the steps, as [`play`] gives them.
    Done(Vec<(Move, [u32; 2])>),
    /// No two tiles could be joined, at the first step or later.
    Stuck { first: bool },
}

/// As [`play`], under any connection rule: each step lists the pairs of
/// the board of anonymous tiles with [`moves`] (every tile of one kind, so
/// that the pairs are those the occupancy allows), then removes the drawn
/// tile with the fewest partners and a random partner of it.
fn play_by_moves(
    ids: &mut Grid<u32>,
    pairs: usize,
    rules: &Rules,
    rng: &mut SplitMix64,
    cancel: &Cancel,
) -> Played {
    let anonymous = rules.clone().with_groups(Groups::none());
    let mut steps = Vec::with_capacity(pairs);
    let mut tiles: Vec<Pos> = Vec::new();
    let mut partners: Vec<Vec<Pos>> = Vec::new();
    for step in 0..pairs {
        if cancel.is_cancelled() {
            return Played::Stuck { first: false };
        }
        let occupied = Grid::from_vec(
            ids.rows(),
            ids.cols(),
            ids.cells().iter().map(|&id| u32::from(id != 0)).collect(),
        )
        .expect("the ids' own size");
        let board = Board::new(&occupied).expect("kinds 0 and 1");
        let slot = |p: Pos| p.row * ids.cols() + p.col;
        partners.iter_mut().for_each(Vec::clear);
        partners.resize(ids.rows() * ids.cols(), Vec::new());
        let joinable = moves(&board, &anonymous);
        if joinable.is_empty() {
            return Played::Stuck { first: step == 0 };
        }
        for m in joinable {
            partners[slot(m.a())].push(m.b());
            partners[slot(m.b())].push(m.a());
        }
        tiles.clear();
        tiles.extend(ids.positions().filter(|&p| !partners[slot(p)].is_empty()));
        rng.shuffle(&mut tiles);
        let a = *tiles[..tiles.len().min(DRAWN)]
            .iter()
            .min_by_key(|&&p| partners[slot(p)].len())
            .expect("a tile with a partner");
        let choices = &partners[slot(a)];
        let b = choices[rng.below(choices.len())];
        steps.push((Move::new(a, b), [ids[a], ids[b]]));
        ids[a] = 0;
        ids[b] = 0;
        settle(ids, rules.gravity());
    }
    Played::Done(steps)
}

/// Places the pairs of `plan` (one kind per pair, in placement order) on
/// the empty `field`, or `None` when stuck.
fn place_all(
    field: &mut Field,
    board: &Board,
    plan: &[u32],
    rules: &Rules,
    rng: &mut SplitMix64,
    tiled: bool,
    cancel: &Cancel,
) -> Option<Vec<(Move, u32)>> {
    let mut free: Vec<Cell> = (0..board.rows())
        .flat_map(|r| (0..board.cols()).map(move |c| grid_core::Pos::new(r, c)))
        .map(|p| field.index(p))
        .collect();
    let mut tiling = tiled.then(|| Tiling::new(field, board.rows(), board.cols()));
    if let Some(t) = &tiling {
        free.retain(|&c| c != t.reserved);
    }
    let mut placed = Vec::with_capacity(plan.len());
    let mut candidates = Vec::new();
    let mut regions = Regions::default();
    let odd_allowed = usize::from(free.len() % 2 == 1);
    for &kind in plan {
        // The empty board cells, most constrained first, ties at random.
        rng.shuffle(&mut free);
        free.sort_by_key(|&i| empty_neighbours(field, i));
        let mut done = false;
        for &p in &free {
            if cancel.is_cancelled() {
                return None;
            }
            field.set(p, kind);
            candidates.clear();
            field.reach(p, rules.max_turns(), |cell, is_tile| {
                if !is_tile {
                    candidates.push(cell);
                }
            });
            // Only board cells can hold tiles (not the open border's ring).
            candidates.retain(|&c| field.is_board(c));
            if candidates.is_empty() {
                field.set(p, 0);
                continue;
            }
            // A partner that leaves every region of empty cells with an
            // even number of board cells (a path never leaves its region).
            rng.shuffle(&mut candidates);
            if let Some(t) = &tiling {
                candidates.retain(|&c| c != t.reserved);
            }
            let Some(q) = candidates.iter().copied().find(|&q| {
                field.set(q, kind);
                let ok = match &mut tiling {
                    Some(t) => t.take(field, p, q),
                    None => regions.balanced(field, odd_allowed),
                };
                field.set(q, 0);
                ok
            }) else {
                field.set(p, 0);
                continue;
            };
            field.set(q, kind);
            placed.push((Move::new(field.pos(p), field.pos(q)), kind));
            free.retain(|&c| c != p && c != q);
            done = true;
            break;
        }
        if !done {
            return None;
        }
    }
    Some(placed)
}

/// The number of empty cells next to field cell `i`.
fn empty_neighbours(field: &Field, i: Cell) -> usize {
    field
        .neighbours(i)
        .into_iter()
        .filter(|&n| field.is_empty(n))
        .count()
}

/// A tiling of the empty board cells by dominoes (a perfect matching of
/// neighbours), kept through every placement. Two neighbouring cells always
/// connect (a path of one step), so while the empty cells have a tiling the
/// most constrained empty cell has a partner: its domino mate. The price:
/// every pair lies on two cells of opposite checkerboard colours.
#[derive(Debug)]
struct Tiling {
    /// Per field cell: its mate, or `NONE`.
    mate: Vec<Cell>,
    /// The cell left empty when the cell count is odd (else `NONE`).
    reserved: Cell,
    /// Breadth-first search buffers.
    from: Vec<Cell>,
    queue: Vec<Cell>,
}

const NONE: Cell = Cell::NONE;

impl Tiling {
    /// The tiling of the whole board: rows of horizontal dominoes when the
    /// column count is even, else columns of vertical ones; when both are
    /// odd, cell (0, 0) is reserved, the rest of row 0 is horizontal and
    /// the rows below vertical.
    fn new(field: &Field, rows: usize, cols: usize) -> Tiling {
        let mut mate = vec![NONE; field.len()];
        let mut join = |a: grid_core::Pos, b: grid_core::Pos| {
            let (i, j) = (field.index(a), field.index(b));
            mate[i] = j;
            mate[j] = i;
        };
        let p = grid_core::Pos::new;
        let mut reserved = NONE;
        if cols % 2 == 0 {
            for r in 0..rows {
                for c in (0..cols).step_by(2) {
                    join(p(r, c), p(r, c + 1));
                }
            }
        } else if rows % 2 == 0 {
            for c in 0..cols {
                for r in (0..rows).step_by(2) {
                    join(p(r, c), p(r + 1, c));
                }
            }
        } else {
            reserved = field.index(p(0, 0));
            for c in (1..cols).step_by(2) {
                join(p(0, c), p(0, c + 1));
            }
            for c in 0..cols {
                for r in (1..rows).step_by(2) {
                    join(p(r, c), p(r + 1, c));
                }
            }
        }
        Tiling {
            mate,
            reserved,
            from: vec![NONE; field.len()],
            queue: Vec::new(),
        }
    }

    /// With `p` and `q` filled in `field`: whether the other empty cells
    /// still have a tiling; if so it is adopted, else nothing changes.
    fn take(&mut self, field: &Field, p: Cell, q: Cell) -> bool {
        let (a, b) = (self.mate[p], self.mate[q]);
        if a == q {
            self.mate[p] = NONE;
            self.mate[q] = NONE;
            return true;
        }
        // a and b lost their mates: look for an alternating path from a to
        // b (a step to an empty neighbour, then on to that cell's mate).
        self.queue.clear();
        self.queue.push(a);
        self.from.fill(NONE);
        self.from[a] = a;
        let mut head = 0;
        let mut end = NONE;
        while head < self.queue.len() && end == NONE {
            let x = self.queue[head];
            head += 1;
            for y in field.neighbours(x) {
                if !field.is_board(y) || !field.is_empty(y) || y == self.reserved {
                    continue;
                }
                if y == b {
                    self.from[y] = x;
                    end = y;
                    break;
                }
                let z = self.mate[y];
                if z == NONE || self.from[y] != NONE || self.from[z] != NONE {
                    continue;
                }
                self.from[y] = x;
                self.from[z] = y;
                self.queue.push(z);
            }
        }
        if end == NONE {
            return false;
        }
        // Flip the path: b-x, then every (mate, previous) pair back to a.
        let mut y = end;
        loop {
            let x = self.from[y];
            let next = if x == a { NONE } else { self.from[x] };
            self.mate[x] = y;
            self.mate[y] = x;
            if next == NONE {
                break;
            }
            y = next;
        }
        self.mate[p] = NONE;
        self.mate[q] = NONE;
        true
    }
}

/// Flood fill over the empty cells, to count the board cells of each region.
#[derive(Debug, Default)]
struct Regions {
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<Cell>,
}

impl Regions {
    /// Whether at most `odd_allowed` regions of empty cells (board and ring
    /// cells joined by sides) hold an odd number of empty board cells.
    fn balanced(&mut self, field: &Field, odd_allowed: usize) -> bool {
        if self.seen.len() != field.len() {
            self.seen = vec![0; field.len()];
            self.stamp = 0;
        }
        self.stamp += 1;
        let mut odd = 0;
        for start in (0..field.len()).map(Cell::new) {
            if !field.is_board(start) || !field.is_empty(start) || self.seen[start] == self.stamp {
                continue;
            }
            self.seen[start] = self.stamp;
            self.stack.push(start);
            let mut count = 0;
            while let Some(i) = self.stack.pop() {
                count += usize::from(field.is_board(i));
                for n in field.neighbours(i) {
                    if field.is_empty(n) && self.seen[n] != self.stamp {
                        self.seen[n] = self.stamp;
                        self.stack.push(n);
                    }
                }
            }
            odd += count % 2;
            if odd > odd_allowed {
                return false;
            }
        }
        true
    }
}
