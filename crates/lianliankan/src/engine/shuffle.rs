//! Rearranging the remaining tiles when the player is stuck.

use std::fmt;

use grid_core::{Pos, SplitMix64};

use super::moves::moves;
use crate::query::Board;
use crate::rules::{Class, Rules};

/// No arrangement of the remaining tiles on their cells has a move: every
/// kind has a single tile, or no two occupied cells can be joined by a path
/// whatever tiles they hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct NoMovePossible;

impl fmt::Display for NoMovePossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no arrangement of the remaining tiles has a move")
    }
}

impl std::error::Error for NoMovePossible {}

/// Random arrangements tried before one is repaired into having a move.
const ATTEMPTS: usize = 8;

/// The remaining tiles of `board` permuted over their cells at random
/// (from `seed`) so that at least one pair can be removed, as a list of
/// (cell, kind) row by row.
///
/// Whether two occupied cells can be joined depends only on which cells are
/// occupied, not on the kinds, and a shuffle keeps the occupied cells. So a
/// move can exist exactly when some kind has two tiles and some two occupied
/// cells are joinable; then a few uniform permutations are tried, and if none
/// has a move the last one is repaired by swapping two tiles of one kind
/// onto a joinable pair of cells. The answer is deterministic per seed.
///
/// # Errors
/// [`NoMovePossible`] when no arrangement has a move.
///
/// # Complexity
/// O(t·rows·cols) for t tiles.
pub(crate) fn shuffle_kinds(
    board: &Board,
    rules: &Rules,
    seed: u64,
) -> Result<Vec<(Pos, u32)>, NoMovePossible> {
    let cells: Vec<Pos> = board.tiles().map(|(p, _)| p).collect();
    let mut kinds: Vec<u32> = board.tiles().map(|(_, k)| k).collect();
    let mut classes: Vec<Class> = kinds.iter().map(|&k| rules.groups().class(k)).collect();
    classes.sort_unstable();
    if !classes.windows(2).any(|w| w[0] == w[1]) {
        return Err(NoMovePossible);
    }
    let mut same = board.clone();
    for &p in &cells {
        same.set(p, 1);
    }
    let joinable = moves(&same, rules);
    if joinable.is_empty() {
        return Err(NoMovePossible);
    }
    let mut rng = SplitMix64::new(seed);
    let arrange = |kinds: &[u32]| -> Board {
        let mut b = board.clone();
        for (&p, &k) in cells.iter().zip(kinds) {
            b.set(p, k);
        }
        b
    };
    for _ in 0..ATTEMPTS {
        rng.shuffle(&mut kinds);
        if !moves(&arrange(&kinds), rules).is_empty() {
            return Ok(cells.into_iter().zip(kinds).collect());
        }
    }
    // Repair: put two matching tiles on a joinable pair of cells.
    let pair = joinable[rng.below(joinable.len())];
    let slot = |p: Pos| cells.binary_search(&p).expect("an occupied cell");
    let (i, j) = (slot(pair.a()), slot(pair.b()));
    let twin_classes: Vec<Class> = classes
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0])
        .collect();
    let class = twin_classes[rng.below(twin_classes.len())];
    let holders: Vec<usize> = (0..kinds.len())
        .filter(|&t| rules.groups().class(kinds[t]) == class)
        .collect();
    if let &[x, y, ..] = holders.as_slice() {
        kinds.swap(i, x);
        // The swap moved the tile at `y` to `x` if `y` was `i`.
        let y = if y == i { x } else { y };
        kinds.swap(j, y);
    }
    debug_assert!(rules.matches(kinds[i], kinds[j]));
    Ok(cells.into_iter().zip(kinds).collect())
}
