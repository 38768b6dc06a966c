//! Seeded random configurations, for the differential tests, the speed
//! example and `cargo xtask bench`: random starts, starts clustered in a
//! 3×3 block, and goals a random walk away. Reproducible: the same
//! generator state gives the same configurations on every platform.

use grid_core::SplitMix64;

use crate::board::{Config, SIDE, Square};
use crate::search::Solver;

/// `pieces` distinct squares chosen uniformly (at most 64).
///
/// ```
/// use solitaire::{SplitMix64, generate};
/// let mut rng = SplitMix64::new(1401);
/// let start = generate::random_config(&mut rng, 4);
/// let goal = generate::random_walk(&mut rng, start, 6);
/// assert_eq!((start.pieces(), goal.pieces()), (4, 4));
/// assert!(solitaire::distance(start, goal, 6).is_some());
/// ```
///
/// # Complexity
/// O(64).
#[must_use]
pub fn random_config(rng: &mut SplitMix64, pieces: usize) -> Config {
    let mut squares: Vec<u8> = (0..SIDE * SIDE).collect();
    rng.shuffle(&mut squares);
    from_indices(&squares[..pieces.min(squares.len())])
}

/// `pieces` distinct squares (at most 9) chosen uniformly within one 3×3
/// block, itself placed uniformly on the board: starts where jumps abound.
///
/// # Complexity
/// O(1).
#[must_use]
pub fn clustered_config(rng: &mut SplitMix64, pieces: usize) -> Config {
    let top = rng.below(usize::from(SIDE) - 2) as u8;
    let left = rng.below(usize::from(SIDE) - 2) as u8;
    let mut squares: Vec<u8> = (0..3)
        .flat_map(|r| (0..3).map(move |c| (top + r) * SIDE + left + c))
        .collect();
    rng.shuffle(&mut squares);
    from_indices(&squares[..pieces.min(squares.len())])
}

/// The configuration after `moves` uniformly chosen legal moves from
/// `start` (fewer if a configuration without moves is reached). Its
/// distance from `start` is at most `moves`.
///
/// # Complexity
/// O(moves · pieces).
#[must_use]
pub fn random_walk(rng: &mut SplitMix64, start: Config, moves: usize) -> Config {
    let mut at = start;
    for _ in 0..moves {
        let options = at.moves();
        if options.is_empty() {
            break;
        }
        let chosen = options[rng.below(options.len())];
        at = at.apply(chosen).unwrap_or(at);
    }
    at
}

/// A configuration exactly `moves` moves from `start` (its distance, not
/// only a walk's length), or `None` if none was found in `tries` walks.
///
/// Each try is a random walk of `moves` to `moves + 2` moves that never
/// undoes its previous move, kept when `solver` finds its end exactly
/// `moves` away: the goals that a search with a wrong depth limit (7 for 8,
/// or 4 + 3 from both ends) gets wrong.
///
/// ```
/// use solitaire::{Solver, SplitMix64, generate};
/// let mut rng = SplitMix64::new(8);
/// let mut solver = Solver::new();
/// let start = generate::random_config(&mut rng, 4);
/// let goal = generate::at_distance(&mut rng, &mut solver, start, 8, 50).unwrap();
/// assert_eq!(solver.distance(start, goal, 9), Some(8));
/// ```
///
/// # Complexity
/// At most `tries` walks and searches of depth `moves`
/// ([`Solver::distance`]).
#[must_use]
pub fn at_distance(
    rng: &mut SplitMix64,
    solver: &mut Solver,
    start: Config,
    moves: u32,
    tries: usize,
) -> Option<Config> {
    for _ in 0..tries {
        let steps = moves as usize + rng.below(3);
        let mut at = start;
        let mut previous = start;
        for _ in 0..steps {
            let options: Vec<Config> = at
                .moves()
                .into_iter()
                .filter_map(|mv| at.apply(mv))
                .filter(|&next| next != previous)
                .collect();
            if options.is_empty() {
                break;
            }
            previous = at;
            at = options[rng.below(options.len())];
        }
        if solver.distance(start, at, moves) == Some(moves) {
            return Some(at);
        }
    }
    None
}

fn from_indices(indices: &[u8]) -> Config {
    let bits = indices
        .iter()
        .filter_map(|&i| Square::from_index(i))
        .fold(0, |bits, s| bits | s.bit());
    Config::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let mut rng = SplitMix64::new(1);
        for pieces in 1..=8 {
            let c = random_config(&mut rng, pieces);
            assert_eq!(c.pieces() as usize, pieces);
            let k = clustered_config(&mut rng, pieces);
            assert_eq!(k.pieces() as usize, pieces);
            let rows: Vec<u8> = k.squares().map(Square::row).collect();
            let cols: Vec<u8> = k.squares().map(Square::col).collect();
            assert!(rows.iter().max().unwrap() - rows.iter().min().unwrap() <= 2);
            assert!(cols.iter().max().unwrap() - cols.iter().min().unwrap() <= 2);
            assert_eq!(random_walk(&mut rng, c, 5).pieces() as usize, pieces);
        }
        assert_eq!(random_config(&mut rng, 70).pieces(), 64);
    }

    #[test]
    fn exact_distances() {
        let mut rng = SplitMix64::new(2);
        let mut solver = Solver::new();
        let mut found = 0;
        for moves in [0, 1, 8, 9] {
            for _ in 0..10 {
                let start = random_config(&mut rng, 4);
                if let Some(goal) = at_distance(&mut rng, &mut solver, start, moves, 30) {
                    assert_eq!(solver.distance(start, goal, moves + 1), Some(moves));
                    found += 1;
                }
            }
        }
        assert!(found >= 36, "{found} of 40");
        assert_eq!(clustered_config(&mut rng, 12).pieces(), 9);
    }
}
