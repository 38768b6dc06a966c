//! The second search without gravity: over the choice of partners.
//!
//! What makes the game hard is only whom each tile is removed with: once
//! every tile's partner is fixed, removing fixed pairs as soon as they
//! connect clears the board if anything does. [`PartnerSearch::prove`]
//! searches over these choices, with R (see `closure`) restricted to the
//! chosen partners as its test: a stuck tile refutes every completion of
//! the choices made. At each of its nodes it first *narrows*: every pair
//! of free tiles of a kind (of up to 12 free tiles) is tried as partners,
//! and a pair whose choice leaves a tile stuck is ruled out below the
//! node, which makes R smaller (a tile may not join through a ruled-out
//! partner) and binds a tile with one partner left. It proves most deals
//! that the search over positions cannot finish unsolvable, and finds
//! clearing orders as well; the two searches run in turn with growing
//! limits, and whichever answers first answers.

use super::budget::{Budget, Stop};
use super::closure::DeadTest;
use super::pairings::{Mates, pairings};
use super::static_position::Position;
use super::tiles::Tile;

/// The most free tiles a kind may have for [`PartnerSearch::narrow`] to
/// try its pairs (one dead-position test each, 66 for 12 tiles).
const NARROW_MAX: usize = 12;

/// The search over partner choices, on the parts of the search it shares
/// with the search over positions.
pub(super) struct PartnerSearch<'s, 'p> {
    /// The position (on success, the clearing removals are made on it).
    pub(super) position: &'s mut Position,
    /// The choices made.
    pub(super) mates: &'s mut Mates,
    /// The dead-position test's buffers.
    pub(super) dead: &'s mut DeadTest,
    /// The states and their limits.
    pub(super) budget: &'s mut Budget<'p>,
}

impl PartnerSearch<'_, '_> {
    /// Decides the position by choosing partners. With every tile's
    /// partner fixed, a board is cleared by removing fixed pairs as soon as
    /// they connect (removals only empty cells, so no such removal ever
    /// hurts): it is solvable exactly when the dead-position test, bound to
    /// those partners, leaves nothing stuck, and the pairs it put in R, in
    /// order, clear it. With some partners still free, a stuck tile proves
    /// that no choice of them works. So: take the first pair R took that
    /// has a free tile, and try each free partner for that tile, the one R
    /// took first; two free tiles left of a kind must pair. Before that,
    /// [`PartnerSearch::narrow`] fixes the kinds that have a single way
    /// left.
    ///
    /// `parent` is the parent's R, in order; when every step of it is still
    /// allowed with the new partners, it is this position's R too (fewer
    /// choices never make R larger) and is not computed again. On success
    /// the removals are in `position.removed`.
    pub(super) fn prove(&mut self, parent: Option<&[(Tile, Tile)]>) -> Result<bool, Stop> {
        self.budget.count()?;
        // Partners fixed by `narrow` hold below this node only.
        let before = (self.mates.mate.clone(), self.mates.forbid.clone());
        let found = match self.narrow() {
            Ok(true) => self.branch(parent),
            other => other,
        };
        if !matches!(found, Ok(true)) {
            (self.mates.mate, self.mates.forbid) = before;
        }
        found
    }

    /// The rest of [`PartnerSearch::prove`] after narrowing: R, then the
    /// branches.
    fn branch(&mut self, parent: Option<&[(Tile, Tile)]>) -> Result<bool, Stop> {
        let joins = match parent {
            Some(joins) if joins.iter().all(|&(z, w)| self.mates.may_pair(z, w)) => joins.to_vec(),
            _ => {
                if self
                    .dead
                    .removable(self.position, self.mates, None)?
                    .is_none()
                {
                    return Ok(false);
                }
                std::mem::take(&mut self.dead.joins)
            }
        };
        let mates = &*self.mates;
        let Some(&(z, w)) = joins
            .iter()
            .find(|&&(z, w)| mates.is_free(z) || mates.is_free(w))
        else {
            // Every partner is fixed and R holds every tile.
            for &(x, y) in &joins {
                self.position.remove(x, y);
            }
            return Ok(true);
        };
        let (t, first) = if mates.is_free(z) { (z, w) } else { (w, z) };
        let k = self.position.kind[t.index()];
        let mut options: Vec<Tile> = self.position.alive_of(k);
        options.retain(|&u| u != t && self.mates.may_pair(t, u));
        if let Some(i) = options.iter().position(|&u| u == first) {
            options[..=i].rotate_right(1);
        }
        for u in options {
            let mut bound = vec![t, u];
            let mut rest = self.position.alive_of(k);
            rest.retain(|&v| v != t && v != u && self.mates.is_free(v));
            if let &[v, w] = &rest[..] {
                if !self.mates.may_pair(v, w) {
                    continue;
                }
                bound.extend_from_slice(&rest);
            }
            for pair in bound.chunks(2) {
                self.mates.bind(pair[0], pair[1]);
            }
            let found = self.prove(Some(&joins));
            if !matches!(found, Ok(false)) {
                return found;
            }
            for v in bound {
                self.mates.mate[v.index()] = Tile::NONE;
            }
        }
        Ok(false)
    }

    /// Fixes partners that are forced: for each kind with 4 to
    /// [`NARROW_MAX`] free tiles, [`PartnerSearch::probe_pairs`] rules out
    /// the pairs that leave a tile stuck; a tile with one partner left is
    /// bound to it, and this repeats until nothing more can be fixed;
    /// `false` when some tile has no partner left (the position is lost).
    fn narrow(&mut self) -> Result<bool, Stop> {
        loop {
            let mut changed = false;
            for k in self.position.kinds() {
                let mut tiles = self.position.alive_of(k);
                tiles.retain(|&t| self.mates.is_free(t));
                if !(4..=NARROW_MAX).contains(&tiles.len()) {
                    continue;
                }
                self.probe_pairs(&tiles)?;
                for &x in &tiles {
                    if !self.mates.is_free(x) {
                        continue;
                    }
                    let mut left = tiles
                        .iter()
                        .copied()
                        .filter(|&y| y != x && self.mates.may_pair(x, y));
                    match (left.next(), left.next()) {
                        (None, _) => return Ok(false),
                        (Some(y), None) => {
                            self.mates.bind(x, y);
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
    /// [`DeadTest::removable`] with it fixed: no completion of it clears
    /// the board). With four tiles, the first is tried with each other one
    /// and the remaining two pair as well (a pairing ruled out rules out
    /// both its pairs); with more, every pair not ruled out yet is tried
    /// alone. Each pair tried counts as a state.
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
    pub(super) fn probe_pairs(&mut self, tiles: &[Tile]) -> Result<(), Stop> {
        let pairings = self.pairings_to_try(tiles);
        let position = &mut *self.position;
        let dead = &mut *self.dead;
        let (w, held) = (&mut dead.work, &mut dead.held_back);
        w.start(position.tiles(), position.field.len());
        dead.joins.clear();
        let k = position.kind[tiles[0].index()];
        for t in Tile::all(position.tiles()) {
            let free_of_kind = position.kind[t.index()] == k && self.mates.is_free(t);
            if position.is_alive(t) && !free_of_kind {
                w.push(t);
            }
        }
        let effort = &mut dead.effort;
        let mut counted = w.close(position, self.mates, &mut dead.joins, effort);
        held.copy_from(w);
        for pairs in pairings {
            counted = counted.and_then(|()| self.budget.count());
            if counted.is_err() {
                break;
            }
            for &(x, y) in &pairs {
                self.mates.bind(x, y);
            }
            for &t in tiles {
                w.push(t);
            }
            // Stopped by the token, R proves nothing: no pair is ruled out.
            counted = w.close(position, self.mates, &mut dead.joins, effort);
            // Every tile R holds remains, each once.
            let stuck = counted.is_ok() && w.joined.len() < position.left;
            position.refill(&w.joined[held.joined.len()..]);
            w.copy_from(held);
            for &t in tiles {
                self.mates.mate[t.index()] = Tile::NONE;
            }
            if stuck {
                for (x, y) in pairs {
                    self.mates.rule_out(x, y);
                }
            }
        }
        position.refill(&w.joined);
        dead.joins.clear();
        counted
    }

    /// The pairings [`PartnerSearch::probe_pairs`] tries for `tiles`, in
    /// order (see [`pairings`]), none that holds a pair ruled out.
    pub(super) fn pairings_to_try(&self, tiles: &[Tile]) -> Vec<Vec<(Tile, Tile)>> {
        let mut pairings = pairings(tiles);
        pairings.retain(|pairs| pairs.iter().all(|&(x, y)| !self.mates.is_ruled_out(x, y)));
        pairings
    }
}
