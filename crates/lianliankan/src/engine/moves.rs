//! Every pair of tiles that can be removed now.

use std::fmt;

use grid_core::Pos;

use super::reach::Field;
use grid_core::Frame;

use crate::{Board, Border, Class, Rules};

/// A pair of tiles, [`Move::a`] before [`Move::b`] in row-major order (so
/// the same pair is always the same `Move`, and lists of moves sort row by
/// row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    a: Pos,
    b: Pos,
}

impl Move {
    /// The pair `p`, `q` in either order, as a move (smaller position first).
    #[must_use]
    pub fn new(p: Pos, q: Pos) -> Move {
        Move {
            a: p.min(q),
            b: p.max(q),
        }
    }

    /// The first tile (the smaller position, row by row).
    #[must_use]
    pub fn a(self) -> Pos {
        self.a
    }

    /// The second tile.
    #[must_use]
    pub fn b(self) -> Pos {
        self.b
    }
}

impl fmt::Display for Move {
    /// Judge coordinates (1-based): `r1 c1 r2 c2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.a.row + 1,
            self.a.col + 1,
            self.b.row + 1,
            self.b.col + 1
        )
    }
}

/// Every pair of tiles that [`connect`](crate::connect) joins on `board`
/// under `rules` (matching kinds, a path within the turn limit), sorted (by the first tile row by row, then the second).
///
/// Each tile's reach (the cells a path of at most `rules.max_turns` turns
/// can get to from it) is computed once, and its twins among the tiles it
/// reaches are its partners; nothing is missed when a kind has many tiles.
///
/// ```
/// use lianliankan::{Board, Move, Pos, Rules, moves};
/// let board = Board::from_rows(&[[1, 2, 1], [2, 0, 2]]).unwrap();
/// // The 2s below pair up through the empty middle; the 1s are blocked.
/// assert_eq!(
///     moves(&board, &Rules::default()),
///     vec![
///         Move::new(Pos::new(0, 1), Pos::new(1, 0)),
///         Move::new(Pos::new(0, 1), Pos::new(1, 2)),
///         Move::new(Pos::new(1, 0), Pos::new(1, 2)),
///     ]
/// );
/// ```
///
/// With the usual two turns, the pairs are found from the free *lines*
/// instead (see the module source, `two_turn_moves`): the time follows the pairs found, not
/// the board's area times its tiles.
///
/// # Complexity
/// Two turns: O(rows·cols + E log E), where E counts each pair once per
/// free line its paths can use for their middle segment (a few times the
/// pairs on random boards; at worst rows + cols times). Otherwise
/// O(t·rows·cols) for t tiles (one reach per tile whose kind has a twin),
/// whatever the turn limit; plus sorting the answer.
#[must_use]
pub fn moves(board: &Board, rules: &Rules) -> Vec<Move> {
    if rules.max_turns == 2 {
        return two_turn_moves(board, rules);
    }
    reach_moves(board, rules)
}

/// Every removable pair by one reach search per tile: any turn limit.
fn reach_moves(board: &Board, rules: &Rules) -> Vec<Move> {
    let mut field = Field::new(board, rules.border);
    let groups = &rules.groups;
    let mut twins = std::collections::BTreeMap::<Class, usize>::new();
    for (_, kind) in board.tiles() {
        *twins.entry(groups.class(kind)).or_default() += 1;
    }
    let mut found = Vec::new();
    for (pos, kind) in board.tiles() {
        let class = groups.class(kind);
        if twins[&class] < 2 {
            continue;
        }
        let start = field.index(pos);
        let mut partners = Vec::new();
        field.reach(start, rules.max_turns, |cell, is_tile| {
            if is_tile && cell > start {
                partners.push(cell);
            }
        });
        for cell in partners {
            if groups.class(field.kind(cell)) == class {
                found.push(Move {
                    a: pos,
                    b: field.pos(cell),
                });
            }
        }
    }
    found.sort_unstable();
    found
}

/// No tile here.
const NONE: u32 = u32::MAX;

/// No run of the previous line: a touching pair must be emitted.
const NEW: u32 = u32::MAX;

/// Every removable pair under two turns, from the free lines.
///
/// A path with at most two turns has a *middle line*: a maximal run of free
/// cells along a column (or a row) that it runs in, entered from a tile's
/// free run along a row (or straight from a tile at the run's end). Say a
/// tile *touches* a vertical free run when the run holds a cell of the
/// tile's free row run (the tile is the nearest tile left or right of that
/// cell), or the tile closes the run at its top or bottom. Two tiles that
/// touch one run are joined through it with at most two turns (along a row
/// into the run, along the run, along a row out of it); conversely every
/// path of at most two turns between two tiles that are not neighbours runs
/// through a free run both touch — a vertical one when its middle segment
/// (or its only segment, or the leg that ends at a tile) is vertical, a
/// horizontal one otherwise. Neighbours are joined by a path of one step
/// with no free cell. So the pairs are: neighbours, and for every free run,
/// the matching pairs among the tiles touching it, found by sorting them by
/// class; a pair found through several runs is kept once.
fn two_turn_moves(board: &Board, rules: &Rules) -> Vec<Move> {
    let pad = usize::from(rules.border == Border::Open);
    let frame = Frame::new(board.rows(), board.cols(), pad);
    let (h, w) = (frame.outer_rows(), frame.outer_cols());
    // Per cell of the padded field: the tile's number, or NONE when free.
    let mut tile = vec![NONE; h * w];
    let mut at: Vec<Pos> = Vec::new();
    let mut class: Vec<Class> = Vec::new();
    for (pos, kind) in board.tiles() {
        tile[frame.outer_index(pos)] = at.len() as u32;
        at.push(pos);
        class.push(rules.groups.class(kind));
    }
    let mut found: Vec<u64> = Vec::new();
    let mut emit = |x: u32, y: u32| {
        let (x, y) = (x.min(y), x.max(y));
        found.push(u64::from(x) << 32 | u64::from(y));
    };
    // Neighbours.
    for i in 0..h * w {
        let t = tile[i];
        if t == NONE {
            continue;
        }
        let right = (i % w + 1 < w).then_some(i + 1);
        let down = (i + w < h * w).then_some(i + w);
        for j in [right, down].into_iter().flatten() {
            let u = tile[j];
            if u != NONE && class[t as usize] == class[u as usize] {
                emit(t, u);
            }
        }
    }
    // The free runs along columns (`vertical`) and along rows. A pair of
    // tiles that touch a run through cells whose neighbours on the previous
    // line lie in one run of that line was already found there (each
    // touches that run through those cells too): only the other pairs are
    // emitted, so a pair is found about once instead of once per line it
    // can run along.
    let mut touching: Vec<(u32, u32, u32)> = Vec::new();
    // Dense class numbers, for cheap sorting.
    let mut classes: Vec<Class> = class.clone();
    classes.sort_unstable();
    classes.dedup();
    let dense: Vec<u32> = class
        .iter()
        .map(|c| classes.binary_search(c).expect("a listed class") as u32)
        .collect();
    for vertical in [true, false] {
        // Lines and their cells: columns of `h` cells, or rows of `w`.
        let (lines, length) = if vertical { (w, h) } else { (h, w) };
        let cell = |line: usize, i: usize| if vertical { i * w + line } else { line * w + i };
        // Per cell, the nearest tile on either side across the lines.
        let (before, after) = nearest_across(&tile, h, w, vertical);
        // Per position along a line: the run holding it on the previous
        // line and on this one (NEW: none).
        let (mut previous_run, mut this_run) = (vec![NEW; length], vec![NEW; length]);
        let mut runs = 0u32;
        for line in 0..lines {
            this_run.fill(NEW);
            let mut i = 0;
            while i < length {
                if tile[cell(line, i)] != NONE {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < length && tile[cell(line, i)] == NONE {
                    this_run[i] = runs;
                    i += 1;
                }
                runs += 1;
                touching.clear();
                let mut add = |t: u32, part: u32| {
                    if t != NONE {
                        touching.push((dense[t as usize], part, t));
                    }
                };
                if start > 0 {
                    add(tile[cell(line, start - 1)], NEW);
                }
                if i < length {
                    add(tile[cell(line, i)], NEW);
                }
                for k in start..i {
                    add(before[cell(line, k)], previous_run[k]);
                    add(after[cell(line, k)], previous_run[k]);
                }
                touching.sort_unstable();
                for group in touching.chunk_by(|a, b| a.0 == b.0) {
                    for (k, &(_, part, t)) in group.iter().enumerate() {
                        // Members of one earlier run come together, NEW last.
                        let rest = &group[k + 1..];
                        let skip = if part == NEW {
                            0
                        } else {
                            rest.iter().take_while(|m| m.1 == part).count()
                        };
                        for &(_, _, u) in &rest[skip..] {
                            emit(t, u);
                        }
                    }
                }
            }
            std::mem::swap(&mut previous_run, &mut this_run);
        }
    }
    found.sort_unstable();
    found.dedup();
    found
        .into_iter()
        .map(|p| Move::new(at[(p >> 32) as usize], at[(p & 0xffff_ffff) as usize]))
        .collect()
}

/// For every cell of the `h × w` field of tile numbers: the nearest tile
/// before it and after it on its row (for vertical lines: the tiles a row
/// run from the cell reaches), or on its column (for horizontal lines).
fn nearest_across(tile: &[u32], h: usize, w: usize, vertical: bool) -> (Vec<u32>, Vec<u32>) {
    let (mut before, mut after) = (vec![NONE; h * w], vec![NONE; h * w]);
    let (lines, length) = if vertical { (h, w) } else { (w, h) };
    let cell = |line: usize, i: usize| if vertical { line * w + i } else { i * w + line };
    for line in 0..lines {
        let mut last = NONE;
        for i in 0..length {
            let c = cell(line, i);
            before[c] = last;
            if tile[c] != NONE {
                last = tile[c];
            }
        }
        last = NONE;
        for i in (0..length).rev() {
            let c = cell(line, i);
            after[c] = last;
            if tile[c] != NONE {
                last = tile[c];
            }
        }
    }
    (before, after)
}

#[cfg(test)]
mod tests {
    use grid_core::{Grid, SplitMix64};

    use super::*;
    use crate::Groups;

    /// The free-line enumeration against one reach per tile, on random
    /// boards from empty to full, both borders, with and without groups.
    #[test]
    fn free_lines_find_what_reaches_find() {
        let mut rng = SplitMix64::new(0x6c69_6e65);
        let mut pairs = 0;
        for _ in 0..3000 {
            let (rows, cols) = (rng.range(1, 16), rng.range(1, 16));
            let fill = rng.range(0, 100) as u32;
            let kinds = rng.range(1, 6);
            let cells = (0..rows * cols)
                .map(|_| {
                    if rng.percent(fill) {
                        rng.range(1, kinds) as u32
                    } else {
                        0
                    }
                })
                .collect();
            let board = Board::new(&Grid::from_vec(rows, cols, cells).unwrap()).unwrap();
            let rules = Rules {
                border: if rng.percent(50) {
                    Border::Open
                } else {
                    Border::Closed
                },
                groups: if rng.percent(30) {
                    "1-2,3+5".parse().unwrap()
                } else {
                    Groups::none()
                },
                ..Rules::default()
            };
            let expected = reach_moves(&board, &rules);
            assert_eq!(
                two_turn_moves(&board, &rules),
                expected,
                "{rules:?} {board:?}"
            );
            pairs += expected.len();
        }
        assert!(pairs > 50_000, "{pairs}");
    }
}
