//! Seeded random configurations, for the differential tests, the speed
//! example and `cargo xtask bench`: random starts, starts clustered in a
//! 3×3 block, and goals a random walk away. Reproducible: the same
//! generator state gives the same configurations on every platform.

use grid_core::SplitMix64;

use crate::board::{Config, SIDE, Square};

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
        assert_eq!(clustered_config(&mut rng, 12).pieces(), 9);
    }
}
