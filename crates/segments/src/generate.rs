//! Seeded random boards and pairs, for the differential tests, the speed
//! example and `cargo xtask bench`. Reproducible: the same generator state
//! gives the same board and pairs on every platform.

use grid_core::{Pos, SplitMix64};

use crate::board::Board;
use crate::format::Pair;

/// A `rows × cols` board on which each square holds a piece with a chance of
/// `piece_percent` in 100, decided square by square in row-major order; `None`
/// when [`Board::new`] refuses the size (a side of 0, or more than
/// [`Board::MAX_SQUARES`] with the ring; then nothing is drawn from `rng`).
///
/// ```
/// use segments::{SplitMix64, generate};
/// let mut rng = SplitMix64::new(1101);
/// let board = generate::board(&mut rng, 20, 30, 45).unwrap();
/// assert_eq!((board.rows(), board.cols()), (20, 30));
/// let pairs = generate::pairs(&mut rng, &board, 100);
/// assert!(pairs.iter().all(|p| p.a != p.b && board.is_piece(p.a) && board.is_piece(p.b)));
/// ```
///
/// # Complexity
/// O(rows · cols).
#[must_use]
pub fn board(rng: &mut SplitMix64, rows: usize, cols: usize, piece_percent: u32) -> Option<Board> {
    let mut board = Board::new(rows, cols)?;
    for row in 0..rows {
        for col in 0..cols {
            board.set_piece(Pos::new(row, col), rng.percent(piece_percent));
        }
    }
    Some(board)
}

/// `count` pairs of two different pieces of `board`, each pair chosen
/// uniformly among the ordered pairs of different pieces; empty when the
/// board has fewer than two pieces. Pairs may repeat.
///
/// # Complexity
/// O(rows · cols + count).
#[must_use]
pub fn pairs(rng: &mut SplitMix64, board: &Board, count: usize) -> Vec<Pair> {
    let pieces: Vec<Pos> = (0..board.rows())
        .flat_map(|row| (0..board.cols()).map(move |col| Pos::new(row, col)))
        .filter(|&pos| board.is_piece(pos))
        .collect();
    if pieces.len() < 2 {
        return Vec::new();
    }
    (0..count)
        .map(|_| {
            let i = rng.below(pieces.len());
            let j = (i + 1 + rng.below(pieces.len() - 1)) % pieces.len();
            Pair {
                a: pieces[i],
                b: pieces[j],
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_and_valid() {
        let make = |seed| {
            let mut rng = SplitMix64::new(seed);
            let board = board(&mut rng, 12, 12, 45).unwrap();
            let pairs = pairs(&mut rng, &board, 30);
            (board, pairs)
        };
        let (board, pairs) = make(5);
        assert_eq!((board.clone(), pairs.clone()), make(5));
        assert_ne!(board, make(6).0);
        let share = board.count_pieces() * 100 / 144;
        assert!((30..=60).contains(&share), "{share}% pieces");
        assert_eq!(pairs.len(), 30);
        for p in &pairs {
            assert!(p.a != p.b && board.is_piece(p.a) && board.is_piece(p.b));
        }
    }

    #[test]
    fn edge_cases() {
        let mut rng = SplitMix64::new(1);
        assert!(board(&mut rng, 0, 5, 50).is_none());
        assert!(board(&mut rng, 0, 0, 50).is_none());
        let wide = board(&mut rng, 2, 300, 50).unwrap();
        assert_eq!((wide.rows(), wide.cols()), (2, 300));
        let empty = board(&mut rng, 3, 3, 0).unwrap();
        assert_eq!(empty.count_pieces(), 0);
        assert!(pairs(&mut rng, &empty, 10).is_empty());
        let full = board(&mut rng, 1, 2, 100).unwrap();
        let both = pairs(&mut rng, &full, 10);
        assert_eq!(both.len(), 10);
        assert!(both.iter().all(|p| p.a != p.b));
    }
}
