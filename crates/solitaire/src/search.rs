//! The fast search: breadth-first from both ends at once, meeting in the
//! middle.
//!
//! Each side keeps the configurations it has reached with their distance
//! from its own end, and its current frontier (all configurations at its
//! current radius). One round expands, by one whole layer, the side whose
//! frontier is smaller. Moves are reversible, so the backward side uses the
//! same move generator as the forward one.
//!
//! Why the first meeting is a shortest path, at odd and even distances
//! alike: let the radii be `rf` and `rb`. Invariant: no path of length at
//! most `rf + rb` exists (else its configuration at distance `min(rf, len)`
//! from the start would be known to both sides, and was caught when the
//! second side reached it). When a layer of, say, the forward side reaches a
//! configuration already known to the backward side, at backward distance
//! `db <= rb`, the path found has length `rf + 1 + db`; by the invariant that
//! is more than `rf + rb`, so `db = rb` and the length is exactly
//! `rf + rb + 1`, the least possible. Hence one check per newly reached
//! configuration, and the search stops at the first hit.
//!
//! # Pruning by a lower bound
//!
//! Each side also knows an admissible lower bound `h` on the number of
//! moves from a configuration to the *other* end (proved in
//! [`crate::bound`]): the exact [`assignment`] bound ([`Matching`]) when
//! the ends are within [`MATCHING_SLACK`] of the limit, where it leaves
//! out the most; otherwise the cheaper, weaker per-square sum
//! ([`Toward`]). The argument below holds for any admissible `h`.
//!
//! A configuration `n` that this side reaches at distance `d` with
//! `d + h(n) > limit` is neither stored nor looked up: no path of at most
//! `limit` moves goes through `n` at that distance. And a case whose
//! ends are further apart than `limit` by the stronger [`assignment`] bound
//! is answered without any search. The search stays exact:
//! - every configuration on a shortest path of length `L <= limit` is kept,
//!   at its true distance: at `i` moves from the start it has `L - i` left
//!   to the goal, so `i + h <= i + (L - i) = L <= limit`, and its
//!   predecessor on the path is kept too, so the pruned search reaches it at
//!   `i`. The invariant above therefore holds for every path within the
//!   limit, and the meeting argument is unchanged: the search only expands
//!   while `rf + rb < limit`.
//! - a configuration left out cannot be the meeting point either: if the
//!   other side knew `n` at distance `db`, then `h(n) <= db` (the bound is
//!   admissible and `db` is the length of a real path), so
//!   `d + h(n) <= d + db <= rf + 1 + rb <= limit`.
//! - a configuration may be reached later than its true distance when all
//!   its shortest routes were pruned, but then no path within the limit
//!   goes through it; a meeting still closes a real path of length
//!   `rf + 1 + rb`, the least possible.
//! - when a frontier runs empty, every path within the limit would have had
//!   a configuration on it: so there is none.
//!
//! Each side's distances live in a [`Distances`]: a direct table over
//! ranked configurations for up to four pieces (measured 2.5 times faster
//! than an `FxHashMap` on the judge's cases), a hash map for more.
//!
//! The layer that would end the budget (`rf + rb + 1 == limit`) only looks
//! its configurations up on the other side and stores none: it is the
//! largest layer, and nothing would ever read it.

use crate::board::{Config, Square};
use crate::bound::{Matching, MoveBound, Toward, assignment};
use crate::moves::{Move, MoveKind, for_each_candidate, for_each_successor};
use crate::visited::{Distances, rank};

/// The search prunes by [`Matching`] when the ends' [`assignment`] bound
/// is within this many moves of the limit, by [`Toward`] otherwise. Both
/// are exact; the choice is one of speed only. [`Matching`] leaves out
/// more configurations (2.6 times fewer expanded on the bench's far-apart
/// ends) but costs more per configuration; with more slack it leaves out
/// few more than [`Toward`]. Measured on the three bench workloads, µs a
/// case (far, random walks, clustered): slack 1: 6.4, 7.3, 5.7; slack 2:
/// 5.8, 7.2, 5.5; slack 3: 5.7, 7.3, 5.8; always: 5.7, 7.6, 6.0.
const MATCHING_SLACK: u32 = 2;

/// The bound one side prunes by.
#[derive(Clone, Copy, Debug)]
enum Bound {
    Toward(Toward),
    Matching(Matching),
}

impl Default for Bound {
    fn default() -> Self {
        Bound::Toward(Toward::default())
    }
}

impl Bound {
    /// The bound toward `target`: [`Matching`] when `strong` and it applies
    /// (at most four pieces), else [`Toward`].
    fn new(target: u64, strong: bool) -> Bound {
        match Matching::new(target) {
            Some(matching) if strong => Bound::Matching(matching),
            _ => Bound::Toward(Toward::new(target)),
        }
    }
}

/// One end of the bidirectional search.
#[derive(Debug, Default)]
struct Side {
    /// Every configuration reached, with its distance from this side's end.
    distance: Distances,
    /// The configurations at distance `radius`.
    frontier: Vec<u64>,
    /// Buffer for the next layer (kept to reuse its allocation).
    next: Vec<u64>,
    /// The distance of the frontier.
    radius: u32,
    /// A lower bound on the moves from a configuration to the other end.
    bound: Bound,
}

impl Side {
    fn reset(&mut self, root: u64, other_end: u64, strong: bool) {
        self.bound = Bound::new(other_end, strong);
        self.distance.reset(root.count_ones());
        self.distance.insert_new(root, 0);
        self.frontier.clear();
        self.frontier.push(root);
        self.next.clear();
        self.radius = 0;
    }

    /// A configuration one move closer to this side's end than `board`,
    /// which this side reached at distance `d >= 1`.
    fn predecessor(&self, board: u64, d: u32) -> Option<u64> {
        let mut found = None;
        for_each_successor(board, |n| {
            if found.is_none() && self.distance.get(n) == Some(d - 1) {
                found = Some(n);
            }
        });
        found
    }

    /// The configurations from `board` (reached at distance `d`) back to
    /// this side's end, `board` first. (Always `Some`: every configuration
    /// at distance `k` was reached from a stored one at distance `k - 1`.)
    fn chain_to_root(&self, board: u64, d: u32) -> Option<Vec<u64>> {
        let mut chain = vec![board];
        let mut at = board;
        for k in (1..=d).rev() {
            at = self.predecessor(at, k)?;
            chain.push(at);
        }
        Some(chain)
    }
}

/// Where the two searches met: `from` (on the side that made the last
/// layer) moved to `to`, which the other side knew.
#[derive(Clone, Copy, Debug)]
struct Meeting {
    length: u32,
    forward_made_it: bool,
    from: u64,
    to: u64,
}

/// The bidirectional search with its buffers, reused from one case to the
/// next so that solving many cases allocates only while the buffers grow.
///
/// ```
/// use solitaire::{Config, Solver, Square};
/// let sq = |r, c| Square::new(r, c).unwrap();
/// // The judge's sample, in 0-based coordinates.
/// let start = Config::from_squares(&[sq(3, 3), sq(3, 4), sq(4, 3), sq(5, 4)]).unwrap();
/// let goal = Config::from_squares(&[sq(1, 3), sq(2, 2), sq(2, 5), sq(3, 5)]).unwrap();
/// let mut solver = Solver::new();
/// let d = solver.distance(start, goal, 8).unwrap();
/// let moves = solver.shortest_moves(start, goal, 8).unwrap();
/// assert_eq!(moves.len() as u32, d);
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    forward: Side,
    backward: Side,
}

impl Solver {
    /// A solver with empty buffers.
    #[must_use]
    pub fn new() -> Self {
        Solver::default()
    }

    /// The minimum number of moves from `start` to `goal` if it is at most
    /// `limit`, else `None`. Configurations with different numbers of pieces
    /// never reach each other; `start == goal` is `Some(0)`.
    ///
    /// # Complexity
    /// O(k · 2^k) for the lower bound of k <= 8 pieces (O(k²) beyond),
    /// which answers at once when the ends are further apart than `limit`;
    /// otherwise a bidirectional breadth-first search: O(b^(limit/2))
    /// configurations stored and O(b^(limit/2 + 1)) looked up, where
    /// `b <= 4·pieces` is the number of moves of a configuration, and never
    /// more than the C(64, pieces) configurations there are (the bound
    /// leaves out most of them when the ends are nearly `limit` apart).
    /// Each expanded configuration costs O(pieces) bit operations (under
    /// the matching bound, also 16 three-piece matchings, O(1)) and, per
    /// successor within the bound, one lookup (a table indexed by rank for
    /// up to four pieces, a hash map beyond); no allocation beyond the
    /// growth of the reused buffers.
    pub fn distance(&mut self, start: Config, goal: Config, limit: u32) -> Option<u32> {
        self.search(start, goal, limit).map(|m| m.length)
    }

    /// One shortest sequence of moves from `start` to `goal` if its length
    /// is at most `limit`, else `None` (empty for `start == goal`).
    /// Which of several shortest sequences is returned is fixed by the move
    /// order, the same on every run.
    ///
    /// # Complexity
    /// As [`Solver::distance`], plus O(length · b) lookups to rebuild the
    /// sequence.
    pub fn shortest_moves(&mut self, start: Config, goal: Config, limit: u32) -> Option<Vec<Move>> {
        let meeting = self.search(start, goal, limit)?;
        if meeting.length == 0 {
            return Some(Vec::new());
        }
        let (near, far) = if meeting.forward_made_it {
            (&self.forward, &self.backward)
        } else {
            (&self.backward, &self.forward)
        };
        // `from` is on the frontier of `near`, `to` at `far`'s radius.
        let mut path = near.chain_to_root(meeting.from, near.radius)?;
        path.reverse();
        path.extend(far.chain_to_root(meeting.to, far.radius)?);
        if !meeting.forward_made_it {
            path.reverse();
        }
        path.windows(2)
            .map(|pair| move_between(pair[0], pair[1]))
            .collect()
    }

    fn search(&mut self, start: Config, goal: Config, limit: u32) -> Option<Meeting> {
        let (start, goal) = (start.bits(), goal.bits());
        if start.count_ones() != goal.count_ones() {
            return None;
        }
        if start == goal {
            return Some(Meeting {
                length: 0,
                forward_made_it: true,
                from: start,
                to: goal,
            });
        }
        let lower = assignment(start, goal);
        if lower > limit {
            return None;
        }
        let strong = limit - lower <= MATCHING_SLACK;
        self.forward.reset(start, goal, strong);
        self.backward.reset(goal, start, strong);
        loop {
            let known = self.forward.radius + self.backward.radius;
            if known >= limit {
                return None;
            }
            let forward = self.forward.frontier.len() <= self.backward.frontier.len();
            let (this, other) = if forward {
                (&mut self.forward, &self.backward)
            } else {
                (&mut self.backward, &self.forward)
            };
            if this.frontier.is_empty() {
                // Everything reachable from this end is known: no path.
                return None;
            }
            let store = known + 1 < limit;
            let met = match this.bound {
                Bound::Matching(matching) => expand(this, other, store, limit, &matching),
                Bound::Toward(toward) => expand(this, other, store, limit, &toward),
            };
            if let Some((from, to)) = met {
                return Some(Meeting {
                    length: known + 1,
                    forward_made_it: forward,
                    from,
                    to,
                });
            }
        }
    }
}

/// Expands `this` by one layer, leaving out the configurations that no
/// path of at most `limit` moves goes through (see the module doc). Returns
/// the first move from `this`'s frontier onto a configuration `other`
/// knows; otherwise, when `store`, records the new layer as `this`'s
/// frontier (when not, the search ends anyway).
fn expand<B: MoveBound>(
    this: &mut Side,
    other: &Side,
    store: bool,
    limit: u32,
    bound: &B,
) -> Option<(u64, u64)> {
    let d = this.radius + 1;
    // `d <= limit`: the search expands only while `rf + rb < limit`.
    let budget = limit - d;
    let ranked = this.distance.ranked();
    debug_assert_eq!(ranked, other.distance.ranked());
    this.next.clear();
    // The successors of one configuration within the bound: at most four
    // moves a piece (one per direction), and at most 64 pieces.
    let mut children = [0u64; 4 * 64];
    let mut ranks = [0usize; 4 * 64];
    for &board in &this.frontier {
        // First the successors within the bound: each candidate move is
        // written, and kept by advancing the count, without a branch
        // (whether a move is legal and within the bound is unpredictable:
        // a branch on it is mispredicted about half the time). Then the
        // lookups, then the new ones are stored together.
        let parent = bound.parent(board);
        let mut kept = 0;
        for_each_candidate(board, |piece, from, to, legal| {
            if let Some(slot) = children.get_mut(kept) {
                *slot = board ^ (1u64 << from) ^ (1u64 << to);
            }
            kept += usize::from(legal & !bound.exceeds(&parent, piece, from, to, budget));
        });
        let children = &children[..kept.min(children.len())];
        let ranks = &mut ranks[..children.len()];
        for (&n, r) in children.iter().zip(ranks.iter_mut()) {
            // Both sides' tables are ranked alike (same number of pieces):
            // one rank serves both.
            *r = if ranked { rank(n) } else { 0 };
            // A configuration both sides knew would be a path no longer than
            // the two radii: ruled out, so `n` cannot be known to `this` here.
            if other.distance.get_at(n, *r).is_some() {
                return Some((board, n));
            }
        }
        if store {
            this.distance.insert_all(children, ranks, d, &mut this.next);
        }
    }
    std::mem::swap(&mut this.frontier, &mut this.next);
    this.radius = d;
    None
}

/// The move that turns `before` into `after`, which differ in where one
/// piece stands.
fn move_between(before: u64, after: u64) -> Option<Move> {
    // `trailing_zeros` of an empty board is 64: no square.
    let from = Square::from_index((before & !after).trailing_zeros() as u8)?;
    let to = Square::from_index((after & !before).trailing_zeros() as u8)?;
    let apart = from.row().abs_diff(to.row()) + from.col().abs_diff(to.col());
    let kind = if apart == 1 {
        MoveKind::Step
    } else {
        MoveKind::Jump
    };
    Some(Move { from, to, kind })
}

/// [`Solver::distance`] with a fresh solver: the minimum number of moves
/// from `start` to `goal` if at most `limit`. Reuse a [`Solver`] to solve
/// many cases.
///
/// # Complexity
/// As [`Solver::distance`], plus allocating the buffers.
#[must_use]
pub fn distance(start: Config, goal: Config, limit: u32) -> Option<u32> {
    Solver::new().distance(start, goal, limit)
}

/// [`Solver::shortest_moves`] with a fresh solver: one shortest move
/// sequence from `start` to `goal` if no longer than `limit`.
///
/// # Complexity
/// As [`Solver::shortest_moves`], plus allocating the buffers.
#[must_use]
pub fn shortest_moves(start: Config, goal: Config, limit: u32) -> Option<Vec<Move>> {
    Solver::new().shortest_moves(start, goal, limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(squares: &[(u8, u8)]) -> Config {
        let squares: Vec<Square> = squares
            .iter()
            .map(|&(r, c)| Square::new(r, c).unwrap())
            .collect();
        Config::from_squares(&squares).unwrap()
    }

    #[test]
    fn one_piece_distances_are_manhattan_at_every_parity() {
        let mut solver = Solver::new();
        let start = config(&[(0, 0)]);
        for row in 0..8 {
            for col in 0..8 {
                let goal = config(&[(row, col)]);
                let d = u32::from(row + col);
                assert_eq!(solver.distance(start, goal, 14), Some(d));
                assert_eq!(solver.distance(start, goal, d), Some(d));
                if d > 0 {
                    assert_eq!(solver.distance(start, goal, d - 1), None);
                }
                let moves = solver.shortest_moves(start, goal, d).unwrap();
                assert_eq!(moves.len() as u32, d);
                let end = moves
                    .iter()
                    .try_fold(start, |at, &mv| at.apply(mv))
                    .unwrap();
                assert_eq!(end, goal);
            }
        }
    }

    #[test]
    fn sample_needs_seven_moves() {
        let start = config(&[(3, 3), (3, 4), (4, 3), (5, 4)]);
        let goal = config(&[(1, 3), (2, 2), (2, 5), (3, 5)]);
        assert_eq!(distance(start, goal, 8), Some(7));
        assert_eq!(distance(goal, start, 8), Some(7));
        assert_eq!(distance(start, goal, 6), None);
        assert_eq!(shortest_moves(start, goal, 8).map(|m| m.len()), Some(7));
    }

    #[test]
    fn trivial_and_impossible() {
        let a = config(&[(0, 0), (0, 1), (5, 5), (7, 7)]);
        assert_eq!(distance(a, a, 0), Some(0));
        assert_eq!(shortest_moves(a, a, 0), Some(vec![]));
        let b = config(&[(0, 0), (0, 1), (5, 5)]);
        assert_eq!(distance(a, b, 20), None);
        assert_eq!(shortest_moves(a, b, 20), None);
        // Nothing can move on a full board: only itself is reachable.
        let full = Config::from_bits(u64::MAX);
        let almost = Config::from_bits(u64::MAX ^ 1 ^ 2);
        assert_eq!(distance(full, full, 3), Some(0));
        assert_eq!(distance(full, Config::from_bits(u64::MAX - 1), 100), None);
        assert_eq!(distance(almost, almost, 1), Some(0));
        assert_eq!(distance(Config::default(), Config::default(), 5), Some(0));
    }

    #[test]
    fn no_limit_at_all() {
        // `u32::MAX` as the limit: the search still ends, at the meeting.
        let a = config(&[(0, 0)]);
        assert_eq!(distance(a, config(&[(7, 7)]), u32::MAX), Some(14));
        let two = config(&[(0, 0), (0, 1)]);
        let far = config(&[(7, 6), (7, 7)]);
        let d = distance(two, far, u32::MAX).unwrap();
        assert_eq!(shortest_moves(two, far, u32::MAX).unwrap().len() as u32, d);
        assert_eq!(distance(two, far, d - 1), None);
    }
}
