//! The slow, obviously correct search that the fast one is tested against,
//! and the baseline of `cargo xtask bench`.
//!
//! A configuration is an explicit list of piece positions (0-based
//! [`Pos`]), kept sorted so that equal sets compare equal. Moves are found
//! by looking at each piece and each direction in turn, as the rules are
//! written; the search is a plain breadth-first search from the start only,
//! layer by layer, with a set of every configuration seen. Nothing here is
//! tuned and nothing uses bitboards: [`Config`] is only converted to and
//! from at the edge.

use grid_core::{Dir, Pos};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::board::{Config, SIDE};

/// A configuration as the sorted positions of its pieces.
type Pieces = Vec<Pos>;

/// The minimum number of moves from `start` to `goal` if it is at most
/// `limit`, else `None`. The same contract as [`crate::distance`].
///
/// # Complexity
/// O(N · pieces²) time and O(N · pieces) memory, where N is the number of
/// configurations within `limit` moves of `start` (up to a few hundred
/// thousand for four pieces and `limit = 8`); allocates per configuration.
/// Only for tests and baselines.
#[must_use]
pub fn distance(start: Config, goal: Config, limit: u32) -> Option<u32> {
    let goal = pieces_of(goal);
    let mut answer = None;
    breadth_first(pieces_of(start), limit, |pieces, depth| {
        if *pieces == goal {
            answer = Some(depth);
        }
        answer.is_some()
    });
    answer
}

/// Every configuration within `limit` moves of `start`, with its minimum
/// number of moves: one search answers [`distance`] for many goals.
///
/// # Complexity
/// As [`distance`] when the goal is not found.
#[must_use]
pub fn distances(start: Config, limit: u32) -> FxHashMap<Config, u32> {
    let mut found = FxHashMap::default();
    breadth_first(pieces_of(start), limit, |pieces, depth| {
        found.insert(config_of(pieces), depth);
        false
    });
    found
}

/// The configurations one move away from `pieces`, each sorted.
#[must_use]
pub fn neighbours(pieces: &[Pos]) -> Vec<Pieces> {
    let mut result = Vec::new();
    for (i, &piece) in pieces.iter().enumerate() {
        for dir in Dir::ALL {
            let Some(next) = on_board(piece.step(dir)) else {
                continue;
            };
            let landing = if pieces.contains(&next) {
                // A jump: over the neighbour onto the empty square beyond.
                match on_board(next.step(dir)) {
                    Some(beyond) if !pieces.contains(&beyond) => beyond,
                    _ => continue,
                }
            } else {
                next
            };
            let mut moved = pieces.to_vec();
            moved[i] = landing;
            moved.sort();
            result.push(moved);
        }
    }
    result
}

/// Breadth-first search from `start`, calling `visit(configuration, depth)`
/// for each configuration within `limit` moves, in order of depth, until
/// `visit` returns `true`.
fn breadth_first(start: Pieces, limit: u32, mut visit: impl FnMut(&Pieces, u32) -> bool) {
    if visit(&start, 0) {
        return;
    }
    let mut seen: FxHashSet<Pieces> = FxHashSet::default();
    seen.insert(start.clone());
    let mut layer = vec![start];
    for depth in 1..=limit {
        let mut next_layer = Vec::new();
        for pieces in &layer {
            for next in neighbours(pieces) {
                if seen.insert(next.clone()) {
                    if visit(&next, depth) {
                        return;
                    }
                    next_layer.push(next);
                }
            }
        }
        layer = next_layer;
    }
}

fn on_board(pos: Option<Pos>) -> Option<Pos> {
    pos.filter(|p| p.row < usize::from(SIDE) && p.col < usize::from(SIDE))
}

fn pieces_of(config: Config) -> Pieces {
    let mut pieces: Pieces = config
        .squares()
        .map(|s| Pos::new(usize::from(s.row()), usize::from(s.col())))
        .collect();
    pieces.sort();
    pieces
}

fn config_of(pieces: &[Pos]) -> Config {
    let index = |p: &Pos| p.row * usize::from(SIDE) + p.col;
    // Positions come from `on_board`, so every index is below 64.
    let bits = pieces.iter().fold(0u64, |bits, p| {
        bits | u32::try_from(index(p))
            .ok()
            .and_then(|i| 1u64.checked_shl(i))
            .unwrap_or(0)
    });
    Config::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    fn pos(r: usize, c: usize) -> Pos {
        Pos::new(r, c)
    }

    #[test]
    fn neighbours_follow_the_rules() {
        // (0,0) (0,1): the corner piece can step down or jump right; the
        // other steps down, right, or jumps left off the board (no).
        let mut got = neighbours(&[pos(0, 0), pos(0, 1)]);
        got.sort();
        let mut expected = vec![
            vec![pos(0, 1), pos(1, 0)],
            vec![pos(0, 1), pos(0, 2)],
            vec![pos(0, 0), pos(1, 1)],
            vec![pos(0, 0), pos(0, 2)],
        ];
        expected.sort();
        assert_eq!(got, expected);
    }

    #[test]
    fn small_distances() {
        let c = |squares: &[(u8, u8)]| {
            let squares: Vec<Square> = squares
                .iter()
                .map(|&(r, c)| Square::new(r, c).unwrap())
                .collect();
            Config::from_squares(&squares).unwrap()
        };
        let a = c(&[(0, 0), (0, 1)]);
        assert_eq!(distance(a, a, 0), Some(0));
        assert_eq!(distance(a, c(&[(0, 1), (0, 2)]), 8), Some(1));
        assert_eq!(distance(a, c(&[(0, 2), (0, 3)]), 8), Some(2));
        assert_eq!(distance(a, c(&[(0, 2), (0, 3)]), 1), None);
        // One piece: Manhattan distance (no jumps possible).
        assert_eq!(distance(c(&[(0, 0)]), c(&[(7, 7)]), 14), Some(14));
        assert_eq!(distance(c(&[(0, 0)]), c(&[(7, 7)]), 13), None);
        let ball = distances(c(&[(0, 0)]), 2);
        assert_eq!(ball.len(), 6);
        assert_eq!(ball[&c(&[(1, 1)])], 2);
    }
}
