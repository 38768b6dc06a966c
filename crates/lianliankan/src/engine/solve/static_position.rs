//! A position of the search without gravity: the tiles of the deal,
//! numbered, and which of them remain.

use super::tiles::{Cell, Kind, Tile};
use crate::engine::reach::Field;
use crate::query::Board;
use crate::rules::{Border, Class, Rules};

/// The classes of matching tiles on `board` under `rules` (equal kinds, or
/// kinds of one group), ascending, each once.
pub(super) fn classes(board: &Board, rules: &Rules) -> Vec<Class> {
    let mut classes: Vec<Class> = board
        .tiles()
        .map(|(_, k)| rules.groups().class(k))
        .collect();
    classes.sort_unstable();
    classes.dedup();
    classes
}

/// Whether some class of matching tiles on `board` has an odd number of
/// tiles: then nothing clears, under any gravity, since every removal
/// takes two tiles of one class.
pub(super) fn has_odd_class(board: &Board, rules: &Rules) -> bool {
    let mut classes: Vec<Class> = board
        .tiles()
        .map(|(_, k)| rules.groups().class(k))
        .collect();
    classes.sort_unstable();
    classes
        .chunk_by(|a, b| a == b)
        .any(|run| run.len() % 2 == 1)
}

/// Where a tile's last reach is kept, and the position it ran on (see
/// [`Position::partners`]): its hits are `len` words of
/// [`Reaches::hits`] from `start` (the first is their count).
#[derive(Clone, Copy, Debug)]
struct Reach {
    stamp: u64,
    depth: u32,
    /// [`Reach::NONE`]: no reach kept.
    start: u32,
}

impl Reach {
    const NONE: u32 = u32::MAX;
}

/// The tiles each tile's last reach hit, for [`Position::partners`]: per
/// tile where its hits are, and one buffer holding them all (its count,
/// then its tiles' numbers), 16 bytes a tile and a word a hit, where a
/// vector a tile took 40 and a heap block each. A reach run again is
/// written in place when it fits, else at the end; the buffer is compacted
/// once more than half of it is dead.
#[derive(Debug, Default)]
struct Reaches {
    of_tile: Vec<Reach>,
    hits: Vec<u32>,
    /// Words of `hits` no tile points to any more.
    dead: usize,
}

impl Reaches {
    /// No reach kept for any of `tiles` tiles.
    fn new(tiles: usize) -> Reaches {
        let none = Reach {
            stamp: 0,
            depth: 0,
            start: Reach::NONE,
        };
        Reaches {
            of_tile: vec![none; tiles],
            hits: Vec::new(),
            dead: 0,
        }
    }

    /// The hits kept of tile `t`'s last reach, with its depth and stamp.
    fn get(&self, t: Tile) -> Option<(u32, u64, &[u32])> {
        let reach = self.of_tile[t.index()];
        if reach.start == Reach::NONE {
            return None;
        }
        let start = reach.start as usize;
        let len = self.hits[start] as usize;
        Some((
            reach.depth,
            reach.stamp,
            &self.hits[start + 1..=start + len],
        ))
    }

    /// Keeps `hits` as tile `t`'s reach, made at `depth` with `stamp`.
    fn put(&mut self, t: Tile, depth: usize, stamp: u64, hits: &[u32]) {
        let old = self.of_tile[t.index()];
        let old_len = if old.start == Reach::NONE {
            None
        } else {
            Some(self.hits[old.start as usize] as usize)
        };
        let start = match old_len {
            Some(len) if hits.len() <= len => {
                self.dead += len - hits.len();
                old.start as usize
            }
            _ => {
                self.dead += old_len.map_or(0, |len| len + 1);
                if self.dead > self.hits.len() / 2 && self.dead > 1 << 10 {
                    self.of_tile[t.index()].start = Reach::NONE;
                    self.compact();
                }
                let start = self.hits.len();
                self.hits.resize(start + 1 + hits.len(), 0);
                start
            }
        };
        // (A depth is at most half the tiles.) Past 2^32 words of hits
        // (never on a board the faces accept) a reach is not kept: it is
        // searched again next time.
        let depth = depth as u32;
        match u32::try_from(start) {
            Ok(at) if at != Reach::NONE => {
                self.hits[start] = hits.len() as u32;
                self.hits[start + 1..=start + hits.len()].copy_from_slice(hits);
                self.of_tile[t.index()] = Reach {
                    stamp,
                    depth,
                    start: at,
                };
            }
            _ => self.of_tile[t.index()].start = Reach::NONE,
        }
    }

    /// Moves every kept reach to the front of the buffer, in tile order,
    /// dropping the dead words.
    fn compact(&mut self) {
        let mut hits = Vec::with_capacity(self.hits.len() - self.dead);
        for reach in &mut self.of_tile {
            if reach.start == Reach::NONE {
                continue;
            }
            let start = reach.start as usize;
            let len = self.hits[start] as usize;
            reach.start = hits.len() as u32;
            hits.extend_from_slice(&self.hits[start..=start + len]);
        }
        self.hits = hits;
        self.dead = 0;
    }
}

/// The deal's tiles, the ones that remain, and the removals that led here.
pub(super) struct Position {
    /// The board with tile kinds renumbered 1..=kinds, and its rows and
    /// columns.
    pub(super) field: Field,
    pub(super) size: (usize, usize),
    pub(super) max_turns: usize,
    pub(super) border: Border,
    /// Per tile: its field cell and its kind (0-based).
    pub(super) cell: Vec<Cell>,
    pub(super) kind: Vec<Kind>,
    /// Per kind: its tiles, ascending.
    pub(super) of_kind: Vec<Vec<Tile>>,
    /// Per field cell: the tile there at the start.
    tile_at: Vec<Tile>,
    /// Remaining tiles, as a bitset, and per kind how many.
    pub(super) alive: Vec<u64>,
    pub(super) alive_in_kind: Vec<usize>,
    pub(super) left: usize,
    /// The removals made so far, in order.
    pub(super) removed: Vec<(Tile, Tile)>,
    /// Per tile: the tiles its last reach hit, on the position of
    /// `depth` removals whose removals then were stamped `stamp` (see
    /// [`Position::partners`]).
    reaches: Reaches,
    /// The hits of the reach being made (reused).
    scratch: Vec<u32>,
    /// Per number of removals L: the stamp given to the L-th removal when it
    /// was made (0 for none), so that a position is known to be a descendant
    /// of an earlier one of L removals while `stamps[L]` is unchanged.
    stamps: Vec<u64>,
    next_stamp: u64,
}

impl Position {
    /// The deal `board` under `rules` (kinds are its classes of matching
    /// tiles, numbered densely), every tile remaining.
    pub(super) fn new(board: &Board, rules: &Rules) -> Position {
        let mut field = Field::new(board, rules.border());
        let class = |k: u32| rules.groups().class(k);
        let kinds = classes(board, rules);
        let mut cell = Vec::new();
        let mut kind = Vec::new();
        let mut of_kind = vec![Vec::new(); kinds.len()];
        let mut tile_at = vec![Tile::NONE; field.len()];
        for (t, (pos, k)) in board.tiles().enumerate() {
            let dense = kinds.binary_search(&class(k)).expect("a listed class");
            let kind_here = Kind::new(dense);
            let i = field.index(pos);
            field.set(i, kind_here.on_field());
            cell.push(i);
            kind.push(kind_here);
            of_kind[dense].push(Tile::new(t));
            tile_at[i] = Tile::new(t);
        }
        let n = cell.len();
        let mut alive = vec![0u64; n.div_ceil(64)];
        for t in 0..n {
            alive[t / 64] |= 1 << (t % 64);
        }
        let alive_in_kind = of_kind.iter().map(Vec::len).collect();
        Position {
            field,
            size: (board.rows(), board.cols()),
            max_turns: rules.max_turns(),
            border: rules.border(),
            cell,
            kind,
            of_kind,
            tile_at,
            alive,
            alive_in_kind,
            left: n,
            removed: Vec::new(),
            reaches: Reaches::new(n),
            scratch: Vec::new(),
            stamps: vec![0],
            next_stamp: 0,
        }
    }

    /// The kinds of the deal, in order.
    pub(super) fn kinds(&self) -> impl Iterator<Item = Kind> + use<> {
        Kind::all(self.of_kind.len())
    }

    /// The tile on `cell` at the start ([`Tile::NONE`] for none).
    pub(super) fn tile_at(&self, cell: Cell) -> Tile {
        self.tile_at[cell]
    }

    /// The board position of tile `t`.
    pub(super) fn pos(&self, t: Tile) -> grid_core::Pos {
        self.field.pos(self.cell[t.index()])
    }

    /// The number of tiles of the deal.
    pub(super) fn tiles(&self) -> usize {
        self.kind.len()
    }

    /// Whether tile `t` remains.
    pub(super) fn is_alive(&self, t: Tile) -> bool {
        self.alive[t.index() / 64] >> (t.index() % 64) & 1 == 1
    }

    /// Removes the pair `x`, `y` (which must connect).
    pub(super) fn remove(&mut self, x: Tile, y: Tile) {
        for t in [x, y] {
            self.field.set(self.cell[t.index()], 0);
            self.alive[t.index() / 64] &= !(1 << (t.index() % 64));
        }
        self.alive_in_kind[self.kind[x.index()].index()] -= 2;
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
    pub(super) fn restore(&mut self) {
        let Some((x, y)) = self.removed.pop() else {
            return;
        };
        let k = self.kind[x.index()];
        for t in [x, y] {
            self.field.set(self.cell[t.index()], k.on_field());
            self.alive[t.index() / 64] |= 1 << (t.index() % 64);
        }
        self.alive_in_kind[k.index()] += 2;
        self.left += 2;
    }

    /// Puts back removals until `mark` remain.
    pub(super) fn restore_to(&mut self, mark: usize) {
        while self.removed.len() > mark {
            self.restore();
        }
    }

    /// Puts `tiles` (remaining tiles whose cells a closure emptied) back on
    /// the field.
    pub(super) fn refill(&mut self, tiles: &[Tile]) {
        for &t in tiles {
            self.field
                .set(self.cell[t.index()], self.kind[t.index()].on_field());
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
    ///
    /// Answers the work done, in steps (a remembered hit looked at, or a
    /// cell the reach entered).
    pub(super) fn partners(&mut self, t: Tile, out: &mut Vec<Tile>) -> usize {
        out.clear();
        let depth = self.removed.len();
        let kind = &self.kind;
        let same = |h: &u32| kind[*h as usize] == kind[t.index()];
        if let Some((at, stamp, hits)) = self.reaches.get(t)
            && at as usize <= depth
            && self.stamps[at as usize] == stamp
            && hits.iter().all(|&h| self.is_alive(Tile::new(h as usize)))
        {
            out.extend(
                hits.iter()
                    .filter(|h| same(h))
                    .map(|&h| Tile::new(h as usize)),
            );
            return 1 + hits.len();
        }
        let mut hits = std::mem::take(&mut self.scratch);
        hits.clear();
        let (field, tile_at) = (&mut self.field, &self.tile_at);
        let mut steps = 1;
        field.reach(self.cell[t.index()], self.max_turns, |cell, is_tile| {
            steps += 1;
            if is_tile {
                hits.push(tile_at[cell].index() as u32);
            }
        });
        out.extend(
            hits.iter()
                .filter(|h| same(h))
                .map(|&h| Tile::new(h as usize)),
        );
        self.reaches.put(t, depth, self.stamps[depth], &hits);
        self.scratch = hits;
        steps
    }

    /// The remaining tiles of kind `k`, ascending.
    pub(super) fn alive_of(&self, k: Kind) -> Vec<Tile> {
        self.of_kind[k.index()]
            .iter()
            .copied()
            .filter(|&t| self.is_alive(t))
            .collect()
    }
}
