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
//!   same sum with each piece free to pick its nearest square of `B`;
//! - [`Matching`]: [`assignment`] again, for at most four pieces, laid
//!   out so that the search gets it for every move of a configuration in a
//!   few operations (exact, not an approximation: see [`Matching`]).
//!
//! The search prunes move by move through [`MoveBound`], which both
//! [`Toward`] and [`Matching`] implement.
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
//! The tests check them against the true distances of the reference search
//! over whole balls of configurations, and [`Matching`] against
//! [`assignment`] after every move of many configurations.

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

/// A lower bound on the moves from a configuration to a fixed target,
/// evaluated move by move: what the search prunes by.
pub(crate) trait MoveBound {
    /// What the bound keeps of the configuration being expanded.
    type Parent;

    /// Prepares the moves of `board`.
    fn parent(&self, board: u64) -> Self::Parent;

    /// The bound of the parent after its piece on `from`, the `piece`-th
    /// of its pieces from the lowest square (0 first), moves to `to`.
    fn child(&self, parent: &Self::Parent, piece: usize, from: u8, to: u8) -> u32;

    /// Whether that bound exceeds `budget`.
    fn exceeds(&self, parent: &Self::Parent, piece: usize, from: u8, to: u8, budget: u32) -> bool {
        self.child(parent, piece, from, to) > budget
    }
}

impl MoveBound for Toward {
    /// The sum over the parent's pieces.
    type Parent = u32;

    #[inline]
    fn parent(&self, board: u64) -> u32 {
        self.sum(board)
    }

    /// One square's term changes.
    #[inline]
    fn child(&self, sum: &u32, _: usize, from: u8, to: u8) -> u32 {
        sum - self.of(from) + self.of(to)
    }
}

impl MoveBound for Matching {
    type Parent = Minors;

    #[inline]
    fn parent(&self, board: u64) -> Minors {
        Matching::parent(self, board)
    }

    #[inline]
    fn child(&self, minors: &Minors, piece: usize, _: u8, to: u8) -> u32 {
        Matching::child(self, minors, piece, to)
    }

    #[inline]
    fn exceeds(&self, minors: &Minors, piece: usize, _: u8, to: u8, budget: u32) -> bool {
        // Sums of at most 31 + 3 · 31 = 124 per byte: no carries. Some
        // byte is at most `budget` iff some byte is below `budget + 1`.
        budget < 127 && !has_byte_below(self.sums(minors, piece, to), budget + 1)
    }
}

/// Most pieces for which the search prunes by [`Matching`] (the exact
/// [`assignment`] bound, move by move); beyond, by [`Toward`].
pub(crate) const MATCHING_PIECES: u32 = 4;

/// The cost of pairing a real piece with a padding target, or a padding
/// piece with a real target (see [`Matching`]): more than half of the
/// largest real assignment (4 · 8 = 32), so that an optimal matching never
/// pairs real with padding, and small enough that four of them stay below
/// 128 (the byte lanes of [`minors`] and [`Matching::child`]).
const PAD: u8 = 31;

/// [`assignment`] toward one configuration of at most four pieces,
/// evaluated for every move of a configuration in a few operations.
///
/// Both configurations are padded to four pieces: a padding piece costs
/// [`PAD`] to a real target and 0 to a padding target, a real piece
/// [`PAD`] to a padding target. An optimal matching of the padded problem
/// pairs real with real (any mixed pairing costs at least `2 · PAD = 62`,
/// more than any all-real one, at most 32), so its cost is exactly the
/// [`assignment`] bound.
///
/// For a configuration `P` (a parent), [`Matching::parent`] computes, for
/// each piece `i` of `P` and each target `j`, the cheapest matching of the
/// other three pieces onto the other three targets (`rest[i][j]`). A move
/// takes piece `i` to square `s`; the child's assignment is then
/// `min_j (c(s, t_j) + rest[i][j])`: every bijection of the child sends
/// `s` to some `t_j` and the rest onto the others. The four sums are byte
/// lanes of one `u32`, and so are the minors, all computed at once by
/// byte-lane arithmetic (see [`minors`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Matching {
    /// Per square, byte `j` is its cost to target `j`.
    rows: [u32; 64],
    /// The row of a padding piece.
    pad_row: u32,
}

/// The costs of one piece (a square, or padding) to the four targets, as
/// byte lanes of a `u32` in four layouts: `[plain, a, b, c]`, where lane
/// `j` of `plain` is the cost to target `j`, and lane `j` of `a`, `b`, `c`
/// the cost to the first, second and third target other than `j`
/// (`OTHERS[j]`, the indices `0..4` other than `j` in
/// increasing order).
type Row = [u32; 4];

/// The four layouts of a row of costs `plain` (see [`Row`]).
#[inline]
fn row(plain: u32) -> Row {
    let byte = |k: u32| (plain >> (8 * k)) & 0xff;
    // OTHERS[j][0] for j = 0..4 is 1, 0, 0, 0; [1] is 2, 2, 1, 1; [2] is 3, 3, 3, 2.
    let a = byte(1) | (byte(0) * 0x0101_0100);
    let b = (byte(2) * 0x0101) | (byte(1) * 0x0101_0000);
    let c = (byte(3) * 0x01_0101) | (byte(2) << 24);
    [plain, a, b, c]
}

/// What [`Matching`] needs of a parent configuration: per piece, by its
/// order among the parent's pieces, the packed `rest[i][j]` (byte `j`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Minors([u32; 4]);

impl Matching {
    /// The bound toward `target`; `None` beyond [`MATCHING_PIECES`]
    /// pieces.
    ///
    /// # Complexity
    /// O(64 · 4).
    pub(crate) fn new(target: u64) -> Option<Matching> {
        if target.count_ones() > MATCHING_PIECES {
            return None;
        }
        let mut targets = [None; 4];
        for (slot, t) in targets.iter_mut().zip(Bits(target)) {
            *slot = Some(usize::from(t));
        }
        let rows = std::array::from_fn(|square| {
            u32::from_le_bytes(targets.map(|t| t.map_or(PAD, |t| COST[square][t])))
        });
        let pad_row = u32::from_le_bytes(targets.map(|t| if t.is_some() { PAD } else { 0 }));
        Some(Matching { rows, pad_row })
    }

    /// The minors of `board` (at most four pieces): for each piece `i` and
    /// target `j`, the cheapest matching of the other pieces onto the
    /// other targets.
    ///
    /// # Complexity
    /// O(1): a few dozen operations on 64-bit words.
    #[inline]
    pub(crate) fn parent(&self, board: u64) -> Minors {
        let mut m = [self.pad_row; 4];
        for (row, s) in m.iter_mut().zip(Bits(board)) {
            *row = self.rows[usize::from(s)];
        }
        Minors(minors(&m.map(row)))
    }

    /// The [`assignment`] to the target of a configuration after its
    /// `piece`-th piece (lowest square first) moves to `to`; `minors` are
    /// the configuration's.
    #[inline]
    pub(crate) fn child(&self, minors: &Minors, piece: usize, to: u8) -> u32 {
        let [a, b, c, d] = self.sums(minors, piece, to).to_le_bytes();
        u32::from(a.min(b).min(c.min(d)))
    }

    /// Byte `j`: the cheapest bijection of the configuration after its
    /// `piece`-th piece moves to `to` that sends `to` onto target `j`.
    #[inline]
    fn sums(&self, minors: &Minors, piece: usize, to: u8) -> u32 {
        // Bytes of at most 31 + 3 · 31 = 124: no carries.
        self.rows[usize::from(to & 63)] + minors.0[piece & 3]
    }
}

/// Whether some byte of `x` is below `n` (every byte of `x` below 128,
/// `n <= 128`): the classic test of "Bit Twiddling Hacks".
#[inline]
const fn has_byte_below(x: u32, n: u32) -> bool {
    x.wrapping_sub(0x0101_0101 * n) & !x & 0x8080_8080 != 0
}

/// The bytes of the low and high halves of a `u64` as lanes: `low` in
/// bits 0..32, `high` in 32..64.
#[inline]
const fn halves(low: u32, high: u32) -> u64 {
    low as u64 | (high as u64) << 32
}

/// The smaller of `x` and `y`, byte by byte (every byte below 128).
///
/// Per byte, `(x | 128) - y` is `128 + x - y`, at least 1 (no borrow
/// from the next byte), with its top bit set iff `x >= y`.
#[inline]
const fn min_bytes(x: u64, y: u64) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let x_not_less = (((x | HIGH) - y) & HIGH) >> 7;
    let take_y = x_not_less * 0xff;
    (y & take_y) | (x & !take_y)
}

/// `minors[i]`, byte `j`: the cheapest matching of the rows of `m` other
/// than `i` onto the columns other than `j` (all bytes below 128, as
/// [`PAD`] keeps them).
///
/// Three rows `x, y, z` onto three columns `u, v, w`: `z` takes one of
/// them and `x, y` the other two, the cheaper way round. With lane `j`
/// of the layouts `a, b, c` of a row the costs to `OTHERS[j]` (see
/// [`Row`]), lane `j` of `min(x.b + y.c, x.c + y.b)` is the pair `x, y`
/// onto the columns other than `j` and `OTHERS[j][0]`, and so on; then
/// `min(z.a + pair_bc, z.b + pair_ac, z.c + pair_ab)` is the minor
/// without column `j`. The pairs of rows 0, 1 and of rows 2, 3 are
/// computed side by side in the halves of `u64` words, and so are two
/// minors at a time.
#[inline]
fn minors(m: &[Row; 4]) -> [u32; 4] {
    let layout = |lo: usize, hi: usize, k: usize| halves(m[lo][k], m[hi][k]);
    // Rows 0, 1 in the low half, rows 2, 3 in the high half.
    let [xa, xb, xc] = [1, 2, 3].map(|k| layout(0, 2, k));
    let [ya, yb, yc] = [1, 2, 3].map(|k| layout(1, 3, k));
    let pair_bc = min_bytes(xb + yc, xc + yb);
    let pair_ac = min_bytes(xa + yc, xc + ya);
    let pair_ab = min_bytes(xa + yb, xb + ya);
    // The pairs of rows 2, 3 in the low half, of rows 0, 1 in the high.
    let [pair_bc, pair_ac, pair_ab] = [pair_bc, pair_ac, pair_ab].map(|p| p.rotate_left(32));
    let triples = |lo: usize, hi: usize| {
        let [za, zb, zc] = [1, 2, 3].map(|k| layout(lo, hi, k));
        min_bytes(min_bytes(za + pair_bc, zb + pair_ac), zc + pair_ab)
    };
    // Row 1 with rows 2, 3 leaves out row 0; row 2 with rows 0, 1 row 3.
    let without_0_3 = triples(1, 2);
    // Row 0 with rows 2, 3 leaves out row 1; row 3 with rows 0, 1 row 2.
    let without_1_2 = triples(0, 3);
    [
        without_0_3 as u32,
        without_1_2 as u32,
        (without_1_2 >> 32) as u32,
        (without_0_3 >> 32) as u32,
    ]
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
            if let Some(matching) = Matching::new(start.bits()) {
                assert_eq!(matching_value(&matching, b), best, "{config} -> {start}");
            }
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

    /// The assignment of `board` by [`Matching`]: its own piece "moving"
    /// onto its square.
    fn matching_value(matching: &Matching, board: u64) -> u32 {
        let minors = matching.parent(board);
        Bits(board)
            .next()
            .map_or(0, |s| matching.child(&minors, 0, s))
    }

    /// The index triples of `0..4` without one index: `OTHERS[i]` =
    /// `0..4` minus `i`.
    const OTHERS: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];

    #[test]
    fn row_layouts_and_byte_minima() {
        let mut rng = SplitMix64::new(20);
        for _ in 0..1000 {
            let plain = (rng.next_u64() & 0x7f7f_7f7f) as u32;
            let layouts = row(plain);
            let bytes = plain.to_le_bytes();
            assert_eq!(layouts[0], plain);
            for k in 0..3 {
                let expected = OTHERS.map(|others| bytes[others[k]]);
                assert_eq!(layouts[k + 1].to_le_bytes(), expected, "{plain:x}");
            }
            let (x, y) = (
                rng.next_u64() & 0x7f7f_7f7f_7f7f_7f7f,
                rng.next_u64() & 0x7f7f_7f7f_7f7f_7f7f,
            );
            let expected: Vec<u8> = x
                .to_le_bytes()
                .iter()
                .zip(y.to_le_bytes())
                .map(|(&a, b)| a.min(b))
                .collect();
            assert_eq!(
                min_bytes(x, y).to_le_bytes().to_vec(),
                expected,
                "{x:x} {y:x}"
            );
            assert_eq!(min_bytes(x, x), x);
        }
    }

    #[test]
    fn matching_is_the_assignment_after_every_move() {
        let mut rng = SplitMix64::new(19);
        let mut moves = 0;
        for round in 0..1000 {
            let pieces = round % 5;
            let (board, target) = if round % 3 == 0 {
                (
                    clustered_config(&mut rng, pieces).bits(),
                    random_config(&mut rng, pieces).bits(),
                )
            } else {
                (
                    random_config(&mut rng, pieces).bits(),
                    clustered_config(&mut rng, pieces).bits(),
                )
            };
            let matching = Matching::new(target).unwrap();
            assert_eq!(matching_value(&matching, board), assignment(board, target));
            let minors = matching.parent(board);
            crate::moves::for_each_move(board, |from, to, _| {
                let child = board ^ (1u64 << from) ^ (1u64 << to);
                let expected = assignment(child, target);
                let piece = (board & ((1u64 << from) - 1)).count_ones() as usize;
                let got = matching.child(&minors, piece, to);
                assert_eq!(got, expected, "{board:x} {from}->{to} toward {target:x}");
                for budget in (0..=40).chain([126, 127, 128, u32::MAX]) {
                    let exceeds = MoveBound::exceeds(&matching, &minors, piece, from, to, budget);
                    assert_eq!(exceeds, expected > budget, "budget {budget}");
                }
                moves += 1;
            });
        }
        assert!(moves > 5_000, "only {moves} moves");
        let squares = (0..5).fold(0u64, |b, s| b | 1 << s);
        assert!(Matching::new(squares).is_none());
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
