//! A proof that a position without gravity is lost: its holes grow apart.
//!
//! On a crowded board (KShisen's closed border, a full deal) the empty
//! cells form separate *holes*, and the first removals of a deal are
//! adjacent pairs, each opening a hole of its own. A path runs through
//! empty cells, so every removal happens inside one hole (or is an
//! adjacent pair), and holes change each other only by merging. While
//! they stay apart, the game is an interleaving of independent games, one
//! per hole — and a search over whole positions meets the product of their
//! states, which explodes long before it finishes. This module searches
//! each hole's game alone, which costs the sum.
//!
//! # The proof
//! Start with *seeds*: every component of empty cells (4-connected, the
//! open border's ring included), and every adjacent pair of matching tiles.
//! Seeds are put in *groups*, at first one each. A group's game is the
//! game played with its cells (its seeds' empty cells, and the cells of
//! the tiles it has removed) as the only empty cells: its moves are its
//! adjacent pairs and the pairs a path reaches through its cells. Its
//! *extent* is its seeds' cells together with the cells of every tile that
//! some play of its game removes, found by exhausting the game (a memo of
//! the remaining-tile sets seen). Two groups *touch* when a cell of one
//! extent equals or is 4-adjacent to a cell of the other; touching groups
//! are merged and searched again, until no two touch.
//!
//! Then every play of the real game removes only tiles of the extents. By
//! induction on the play: each group's removals so far are a play of its
//! own game, so the empty cells lie in the extents. A removal's path runs
//! through empty cells that form one 4-connected run, so (extents apart)
//! inside one group's cells, and its tiles border that run: the same path
//! exists in that group's game, whose other cells do not matter to it (any
//! tile another group removed lies in an extent that does not touch this
//! one). An adjacent pair is a seed of some group. So every removal is a
//! move of one group's game from its current state, and its tiles lie in
//! that group's extent. A remaining tile outside every extent therefore
//! stays for ever, and the position is lost.
//!
//! The closure test of `solve` cannot see this: it lets every tile it
//! might remove be gone at once, and partners be shared, so on a crowded
//! board one hole's tiles free the next hole's, and everything "might" be
//! removed. Here a group's game is exact; only the union over its plays
//! is an over-estimate.

use rustc_hash::FxHashSet;

use super::reach::Field;

/// A tile's number, as in `solve`.
type Tile = u32;

/// The position [`is_lost`] looks at: per tile its field cell and its
/// class, per field cell the tile there at the start (`Tile::MAX`: none),
/// and the remaining tiles as a bitset.
pub(super) struct Position<'a> {
    pub cell: &'a [usize],
    pub kind: &'a [usize],
    pub tile_at: &'a [Tile],
    pub alive: &'a [u64],
}

fn is_bit(bits: &[u64], t: usize) -> bool {
    bits[t / 64] >> (t % 64) & 1 == 1
}

/// Whether the holes of the position prove it lost (see the module doc).
/// `blocker` is a field value that is neither empty nor any tile's class
/// (it stands on the empty cells outside the group being searched); the
/// field is left as it was. The groups' games together may search at most
/// `cap` states (counted in `states`); past that, nothing is proved.
///
/// # Complexity
/// Per group searched, O(cells) to set up, then per state of its game one
/// reach per tile bordering its cells; each merge searches one group again.
pub(super) fn is_lost(
    field: &mut Field,
    max_turns: usize,
    position: &Position,
    blocker: u32,
    cap: u64,
    states: &mut u64,
) -> bool {
    let mut regions = Regions::new(field, position);
    if !regions.settle(field, max_turns, position, blocker, cap, states) {
        return false;
    }
    let mut removed = vec![false; position.cell.len()];
    for &t in regions.removes.iter().flatten().flatten() {
        removed[t as usize] = true;
    }
    (0..position.cell.len()).any(|t| is_bit(position.alive, t) && !removed[t])
}

/// A hole (its empty cells) or an adjacent pair of matching tiles.
#[derive(Clone, Debug)]
struct Seed {
    cells: Vec<usize>,
    pair: Option<(Tile, Tile)>,
}

/// The seeds, the groups (a union-find over seeds) and their extents.
struct Regions {
    seeds: Vec<Seed>,
    parent: Vec<usize>,
    /// Per seed that is a group's root: the tiles its game removes, once
    /// searched since the group last changed.
    removes: Vec<Option<Vec<Tile>>>,
}

impl Regions {
    fn new(field: &Field, p: &Position) -> Regions {
        let len = field.len();
        let mut seeds: Vec<Seed> = Vec::new();
        let mut seen = vec![false; len];
        for c in 0..len {
            if !field.is_empty(c) || seen[c] {
                continue;
            }
            seen[c] = true;
            let mut cells = vec![c];
            let mut i = 0;
            while i < cells.len() {
                for d in field.neighbours(cells[i]) {
                    if field.is_empty(d) && !seen[d] {
                        seen[d] = true;
                        cells.push(d);
                    }
                }
                i += 1;
            }
            seeds.push(Seed { cells, pair: None });
        }
        for t in 0..p.cell.len() {
            if !is_bit(p.alive, t) {
                continue;
            }
            let [_, right, _, below] = field.neighbours(p.cell[t]);
            for d in [right, below] {
                let u = p.tile_at[d];
                if u != Tile::MAX && is_bit(p.alive, u as usize) && p.kind[u as usize] == p.kind[t]
                {
                    seeds.push(Seed {
                        cells: Vec::new(),
                        pair: Some((t as Tile, u)),
                    });
                }
            }
        }
        let n = seeds.len();
        Regions {
            seeds,
            parent: (0..n).collect(),
            removes: vec![None; n],
        }
    }

    fn root(&mut self, mut s: usize) -> usize {
        while self.parent[s] != s {
            self.parent[s] = self.parent[self.parent[s]];
            s = self.parent[s];
        }
        s
    }

    /// Merges the groups of seeds `a` and `b` (each must be searched again).
    fn merge(&mut self, a: usize, b: usize) {
        let (a, b) = (self.root(a), self.root(b));
        if a != b {
            self.parent[a] = b;
            self.removes[a] = None;
            self.removes[b] = None;
        }
    }

    /// Searches and merges groups until no two touch; `false` if the
    /// state cap ran out first.
    fn settle(
        &mut self,
        field: &mut Field,
        max_turns: usize,
        p: &Position,
        blocker: u32,
        cap: u64,
        states: &mut u64,
    ) -> bool {
        let len = field.len();
        let n = self.seeds.len();
        'pass: loop {
            // Which group owns each cell of the extents known so far.
            let mut owner = vec![usize::MAX; len];
            let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
            for s in 0..n {
                let r = self.root(s);
                members[r].push(s);
            }
            let mut marks: Vec<(usize, usize)> = Vec::new();
            for (r, group) in members.iter().enumerate() {
                for &s in group {
                    marks.extend(self.seeds[s].cells.iter().map(|&c| (c, r)));
                    if let Some((x, y)) = self.seeds[s].pair {
                        marks.extend([(p.cell[x as usize], r), (p.cell[y as usize], r)]);
                    }
                }
                if let Some(tiles) = &self.removes[r] {
                    marks.extend(tiles.iter().map(|&t| (p.cell[t as usize], r)));
                }
            }
            for &(c, r) in &marks {
                if let Some(o) = touching(field, &owner, c, r) {
                    self.merge(o, r);
                    continue 'pass;
                }
                owner[c] = r;
            }
            for (r, group) in members.iter().enumerate() {
                if group.is_empty() || self.removes[r].is_some() {
                    continue;
                }
                let mut game = Game::new(field, p, &self.seeds, (r, group), max_turns, blocker);
                let found = game.search(field, p, &mut owner, cap, states);
                game.unblock(field);
                match found {
                    Ok(()) => self.removes[r] = Some(game.removes),
                    Err(Interrupted::Touches(o)) => {
                        self.merge(o, r);
                        continue 'pass;
                    }
                    Err(Interrupted::OverCap) => return false,
                }
            }
            return true;
        }
    }
}

/// The group, other than `r`, whose extent holds or borders cell `c`.
fn touching(field: &Field, owner: &[usize], c: usize, r: usize) -> Option<usize> {
    std::iter::once(c)
        .chain(field.neighbours(c))
        .map(|d| owner[d])
        .find(|&o| o != usize::MAX && o != r)
}

/// Why a group's game was not searched to the end.
enum Interrupted {
    /// A removal would touch this group.
    Touches(usize),
    /// The state cap ran out.
    OverCap,
}

/// One group's game: the group (its root seed), its cells, its adjacent
/// pairs, the cells it blocked, the search's state, and the tiles some
/// play removes.
struct Game {
    group: usize,
    max_turns: usize,
    cells: Vec<usize>,
    pairs: Vec<(Tile, Tile)>,
    blocked: Vec<usize>,
    alive: Vec<u64>,
    seen: FxHashSet<Vec<u64>>,
    removed: Vec<Tile>,
    removes: Vec<Tile>,
    gone: Vec<bool>,
}

impl Game {
    /// Sets the group's game up on the field: every empty cell outside
    /// its seeds holds `blocker` until [`Game::unblock`].
    fn new(
        field: &mut Field,
        p: &Position,
        seeds: &[Seed],
        (group, members): (usize, &[usize]),
        max_turns: usize,
        blocker: u32,
    ) -> Game {
        let mut cells = Vec::new();
        let mut pairs = Vec::new();
        for &s in members {
            cells.extend_from_slice(&seeds[s].cells);
            pairs.extend(seeds[s].pair);
        }
        let mut mine = vec![false; field.len()];
        for &c in &cells {
            mine[c] = true;
        }
        let blocked: Vec<usize> = (0..field.len())
            .filter(|&c| field.is_empty(c) && !mine[c])
            .collect();
        for &c in &blocked {
            field.set(c, blocker);
        }
        Game {
            group,
            max_turns,
            cells,
            pairs,
            blocked,
            alive: p.alive.to_vec(),
            seen: FxHashSet::default(),
            removed: Vec::new(),
            removes: Vec::new(),
            gone: vec![false; p.cell.len()],
        }
    }

    fn unblock(&self, field: &mut Field) {
        for &c in &self.blocked {
            field.set(c, 0);
        }
    }

    /// Searches every play of the game (depth first, each remaining-tile
    /// set once), marking the cells its removals empty as the group's in
    /// `owner` and keeping the tiles they remove in `removes`.
    fn search(
        &mut self,
        field: &mut Field,
        p: &Position,
        owner: &mut [usize],
        cap: u64,
        states: &mut u64,
    ) -> Result<(), Interrupted> {
        if !self.seen.insert(self.alive.clone()) {
            return Ok(());
        }
        *states += 1;
        if *states > cap {
            return Err(Interrupted::OverCap);
        }
        for (x, y) in self.moves(field, p) {
            for t in [x, y] {
                let c = p.cell[t as usize];
                if owner[c] != self.group {
                    if let Some(o) = touching(field, owner, c, self.group) {
                        return Err(Interrupted::Touches(o));
                    }
                    owner[c] = self.group;
                }
                if !std::mem::replace(&mut self.gone[t as usize], true) {
                    self.removes.push(t);
                }
            }
            for t in [x, y] {
                field.set(p.cell[t as usize], 0);
                self.alive[t as usize / 64] &= !(1 << (t % 64));
                self.removed.push(t);
            }
            let found = self.search(field, p, owner, cap, states);
            for t in [y, x] {
                field.set(p.cell[t as usize], p.kind[t as usize] as u32 + 1);
                self.alive[t as usize / 64] |= 1 << (t % 64);
                self.removed.pop();
            }
            found?;
        }
        Ok(())
    }

    /// The game's moves now: its adjacent pairs that remain, and the pairs
    /// a path reaches from a tile that borders its cells.
    fn moves(&self, field: &mut Field, p: &Position) -> Vec<(Tile, Tile)> {
        let alive = &self.alive;
        let mut moves: Vec<(Tile, Tile)> = self
            .pairs
            .iter()
            .copied()
            .filter(|&(x, y)| is_bit(alive, x as usize) && is_bit(alive, y as usize))
            .collect();
        let own = self
            .cells
            .iter()
            .copied()
            .chain(self.removed.iter().map(|&t| p.cell[t as usize]));
        let mut from: Vec<Tile> = own
            .flat_map(|c| field.neighbours(c))
            .map(|d| p.tile_at[d])
            .filter(|&t| t != Tile::MAX && is_bit(alive, t as usize))
            .collect();
        from.sort_unstable();
        from.dedup();
        for x in from {
            field.reach(p.cell[x as usize], self.max_turns, |c, is_tile| {
                let y = p.tile_at[c];
                if is_tile
                    && y != Tile::MAX
                    && p.kind[y as usize] == p.kind[x as usize]
                    && is_bit(alive, y as usize)
                {
                    moves.push((x.min(y), x.max(y)));
                }
            });
        }
        moves.sort_unstable();
        moves.dedup();
        moves
    }
}
