//! Lower bounds on the number of moves between two configurations, so that
//! the search can answer far-apart cases without searching and leave out of
//! its balls every configuration that cannot lie on a short enough path.
//!
//! # The bound
//!
//! For a piece on square `p` and a square `q` that lie `dr` rows and `dc`
//! columns apart, let `c(p, q) = ⌈dr / 2⌉ + ⌈dc / 2⌉`: the fewest moves a
//! lone piece would need if it could jump wherever it likes. For
//! configurations `A` and `B` with as many pieces:
//!
//! - [`assignment`]: the least `Σ c(a, σ(a))` over the bijections `σ` from
//!   the squares of `A` onto those of `B`;
//! - [`Toward`]: `Σ min_{b ∈ B} c(a, b)` over the squares `a` of `A`, the
//!   same sum with each piece free to pick its nearest square of `B`.
//!
//! # Why neither exceeds the number of moves
//!
//! Take any sequence of `L` moves from `A` to `B`, and follow each piece
//! through it: every move moves exactly one piece, so the pieces keep their
//! identities, and at the end they stand on the squares of `B`, each on its
//! own square. That defines a bijection `σ` from `A` onto `B`. A move
//! changes one coordinate of its piece, the row or the column, by 1 (a
//! step) or 2 (a jump), and leaves the other alone. So a piece that goes
//! from `a` to `σ(a)`, `dr` rows and `dc` columns away, makes at least
//! `⌈dr / 2⌉` moves that change its row and `⌈dc / 2⌉` others that change
//! its column: at least `c(a, σ(a))` moves. Summing over the pieces,
//! `L >= Σ c(a, σ(a)) >=` [`assignment`]`(A, B)`, which is at least
//! [`Toward`]'s sum since each term `c(a, σ(a))` is at least
//! `min_b c(a, b)`.
//!
//! What the argument leaves out only makes moves scarcer: a jump needs a
//! piece to jump over and an empty landing square, and a step an empty
//! target. So the bounds hold whatever the pieces do to each other; they
//! are *admissible*. Both hold in both directions, as the search needs:
//! moves are reversible, so the distance from `B` back to `A` is the same.
//!
//! The tests check both against the true distances of the reference search
//! over whole balls of configurations.

use crate::board::{Bits, SIDE};

/// `c(p, q)`: the fewest moves of a lone piece from square `p` to square
/// `q` (bit indices) if it could jump anywhere: half the row distance,
/// rounded up, plus half the column distance, rounded up.
const fn half_distance(p: u8, q: u8) -> u8 {
    let (pr, pc) = (p / SIDE, p % SIDE);
    let (qr, qc) = (q / SIDE, q % SIDE);
    pr.abs_diff(qr).div_ceil(2) + pc.abs_diff(qc).div_ceil(2)
}

/// `COST[p][q]` = `c(p, q)` for every two squares (at most 8).
static COST: [[u8; 64]; 64] = costs();

const fn costs() -> [[u8; 64]; 64] {
    let mut table = [[0; 64]; 64];
    let mut p = 0;
    while p < 64 {
        let mut q = 0;
        while q < 64 {
            table[p][q] = half_distance(p as u8, q as u8);
            q += 1;
        }
        p += 1;
    }
    table
}

/// Most pieces for which [`assignment`] tries every bijection (by dynamic
/// programming over subsets, `pieces · 2^pieces` steps); beyond, it is
/// [`Toward`]'s sum, the larger of the two directions.
const ASSIGNMENT_PIECES: usize = 8;

/// The least `Σ c(a, σ(a))` over the bijections `σ` from the pieces of `a`
/// onto those of `b` (bitboards with as many pieces; see the
/// [module documentation](self)): a lower bound on the number of moves
/// between them. With more than eight pieces, the larger of the two
/// [`Toward`] sums, a weaker bound.
///
/// # Complexity
/// O(k · 2^k) for k <= 8 pieces, O(k²) beyond.
pub(crate) fn assignment(a: u64, b: u64) -> u32 {
    debug_assert_eq!(a.count_ones(), b.count_ones());
    let k = a.count_ones() as usize;
    if k > ASSIGNMENT_PIECES {
        return Toward::new(b).sum(a).max(Toward::new(a).sum(b));
    }
    let mut from = [0u8; ASSIGNMENT_PIECES];
    let mut to = [0u8; ASSIGNMENT_PIECES];
    for (slot, s) in from.iter_mut().zip(Bits(a)) {
        *slot = s;
    }
    for (slot, s) in to.iter_mut().zip(Bits(b)) {
        *slot = s;
    }
    let (from, to) = (&from[..k], &to[..k]);
    // best[used]: the least cost of sending the first `used.count_ones()`
    // pieces of `a` onto the squares of `b` in `used`.
    let mut best = [u32::MAX; 1 << ASSIGNMENT_PIECES];
    best[0] = 0;
    for used in 0..1usize << k {
        let cost = best[used];
        if cost == u32::MAX {
            continue;
        }
        let piece = from[used.count_ones() as usize..].first().copied();
        let Some(piece) = piece else { continue };
        for (j, &square) in to.iter().enumerate() {
            if used & 1 << j == 0 {
                let next = &mut best[used | 1 << j];
                let step = COST[usize::from(piece)][usize::from(square)];
                *next = (*next).min(cost + u32::from(step));
            }
        }
    }
    best[(1 << k) - 1]
}

/// The bound toward one configuration, per square: `Σ min_b c(a, b)` over
/// the pieces `a` of a configuration, in a few table lookups. The search
/// keeps one toward each end and updates a configuration's sum as a move
/// changes one square.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Toward {
    /// Per square: `min_b c(square, b)` (0 for every square when the
    /// target is empty).
    by_square: [u8; 64],
}

impl Default for Toward {
    fn default() -> Self {
        Toward { by_square: [0; 64] }
    }
}

impl Toward {
    /// The table toward `target`.
    ///
    /// # Complexity
    /// O(64 · pieces of `target`).
    pub(crate) fn new(target: u64) -> Toward {
        let mut by_square = [if target == 0 { 0 } else { u8::MAX }; 64];
        for t in Bits(target) {
            for (slot, cost) in by_square.iter_mut().zip(&COST[usize::from(t)]) {
                *slot = (*slot).min(*cost);
            }
        }
        Toward { by_square }
    }

    /// The bound's term for one square.
    #[inline]
    pub(crate) fn of(&self, square: u8) -> u32 {
        u32::from(self.by_square[usize::from(square & 63)])
    }

    /// `Σ min_b c(a, b)` over the pieces `a` of `board`.
    #[inline]
    pub(crate) fn sum(&self, board: u64) -> u32 {
        Bits(board).map(|s| self.of(s)).sum()
    }
}

#[cfg(test)]
mod tests {
    use grid_core::SplitMix64;

    use super::*;
    use crate::generate::{clustered_config, random_config};
    use crate::{Config, reference};

    #[test]
    fn half_distances() {
        assert_eq!(half_distance(0, 0), 0);
        assert_eq!(half_distance(0, 1), 1);
        assert_eq!(half_distance(0, 2), 1);
        assert_eq!(half_distance(0, 16), 1); // (2, 0): one jump
        assert_eq!(half_distance(0, 9), 2); // (1, 1): no jump goes there
        assert_eq!(half_distance(0, 63), 8); // (7, 7)
        assert_eq!(half_distance(63, 0), 8);
        for p in 0..64 {
            for q in 0..64 {
                assert_eq!(COST[usize::from(p)][usize::from(q)], half_distance(q, p));
            }
        }
    }

    #[test]
    fn assignment_picks_the_best_bijection() {
        let squares = |list: &[u8]| list.iter().fold(0u64, |b, &s| b | 1 << s);
        // Two pieces on (0,0) and (0,7) to (0,6) and (0,1): crossing over
        // would cost 3 + 3, each to its near square 1 + 1.
        assert_eq!(assignment(squares(&[0, 7]), squares(&[6, 1])), 2);
        assert_eq!(assignment(squares(&[]), squares(&[])), 0);
        // Both nearest to the same square: the bijection must send one
        // further, the table sum need not.
        let (a, b) = (squares(&[0, 1]), squares(&[2, 63]));
        assert_eq!(Toward::new(b).sum(a), 1 + 1);
        assert_eq!(assignment(a, b), 1 + 7);
    }

    /// Every configuration of the reference's ball around a start, with its
    /// true distance: neither bound exceeds it, and the table sum never
    /// exceeds the assignment.
    fn check_ball(start: Config, limit: u32) -> usize {
        let toward_start = Toward::new(start.bits());
        let ball = reference::distances(start, limit);
        for (&config, &d) in &ball {
            let b = config.bits();
            let best = assignment(start.bits(), b);
            assert!(
                best <= d,
                "assignment {best} > distance {d}: {start} -> {config}"
            );
            let table = Toward::new(b).sum(start.bits());
            assert!(table <= best, "table {table} > assignment {best}");
            assert!(toward_start.sum(b) <= best, "{config} -> {start}");
        }
        ball.len()
    }

    #[test]
    fn bounds_never_exceed_the_true_distance() {
        let mut rng = SplitMix64::new(17);
        let mut checked = 0;
        for pieces in [4, 4, 4, 1, 2, 3, 5] {
            for clustered in [false, true] {
                let start = if clustered {
                    clustered_config(&mut rng, pieces)
                } else {
                    random_config(&mut rng, pieces)
                };
                let limit = if pieces <= 4 { 6 } else { 4 };
                checked += check_ball(start, limit);
            }
        }
        assert!(checked > 100_000, "only {checked} pairs");
    }

    #[test]
    fn many_pieces_use_the_table_sums() {
        let mut rng = SplitMix64::new(18);
        for pieces in [9, 12, 20] {
            let (a, b) = (
                random_config(&mut rng, pieces),
                random_config(&mut rng, pieces),
            );
            let (a, b) = (a.bits(), b.bits());
            assert_eq!(
                assignment(a, b),
                Toward::new(b).sum(a).max(Toward::new(a).sum(b))
            );
        }
    }
}
