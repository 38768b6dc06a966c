//! The textbook search, the slow and obviously correct reference: the tests
//! check the fast [`Solver`](crate::Solver) against it, and
//! `cargo xtask bench` times it as the baseline.
//!
//! [`Dijkstra`] is Dijkstra's algorithm with a binary heap over states
//! (square, heading) of the board inside its ring, where going straight
//! costs nothing and turning costs one segment. Each pair gets a fresh
//! distance table, as textbook solutions do. Nothing here is tuned.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use grid_core::{Dir, Padded, Pos};

use crate::board::Board;

/// A board inside its ring, ready for [`Dijkstra::count`].
///
/// ```
/// use segments::{Board, Pos, Solver, reference::Dijkstra};
/// let mut board = Board::new(1, 3).unwrap();
/// for c in 0..3 {
///     board.set_piece(Pos::new(0, c), true);
/// }
/// let (a, b) = (Pos::new(0, 0), Pos::new(0, 2));
/// assert_eq!(Dijkstra::new(&board).count(a, b), Some(3)); // around the middle piece
/// assert_eq!(Dijkstra::new(&board).count(a, b), Solver::new(&board).count(a, b));
/// ```
#[derive(Clone, Debug)]
pub struct Dijkstra {
    /// `true` = a piece; the ring is empty.
    padded: Padded<bool>,
}

impl Dijkstra {
    /// Prepares `board` (builds the ring once).
    ///
    /// # Complexity
    /// O(rows · cols).
    #[must_use]
    pub fn new(board: &Board) -> Dijkstra {
        Dijkstra {
            padded: board.padded(),
        }
    }

    /// The minimum number of segments from `a` to `b` (board frame), or
    /// `None` when there is no path or `a == b`: the same contract as
    /// [`Solver::count`](crate::Solver::count).
    ///
    /// # Panics
    /// If `a` or `b` is off the board.
    ///
    /// # Complexity
    /// O(s log s) for the s = 4·(rows + 2)·(cols + 2) states, plus O(s) to
    /// allocate and clear the distance table on every call.
    #[must_use]
    pub fn count(&self, a: Pos, b: Pos) -> Option<usize> {
        let frame = self.padded.frame();
        let grid = self.padded.grid();
        let on_board = |p: Pos| p.row < frame.rows() && p.col < frame.cols();
        assert!(on_board(a) && on_board(b), "pair off the board");
        let (from, to) = (frame.to_outer(a), frame.to_outer(b));
        if from == to {
            return None;
        }
        let state = |p: Pos, d: Dir| grid.index_of(p) * 4 + d.index();
        let mut dist = vec![usize::MAX; grid.rows() * grid.cols() * 4];
        let mut heap = BinaryHeap::new();
        for d in Dir::ALL {
            if let Some(next) = grid.step(from, d) {
                if next == to || !grid[next] {
                    dist[state(next, d)] = 1;
                    heap.push(Reverse((1, next, d)));
                }
            }
        }
        while let Some(Reverse((cost, cell, heading))) = heap.pop() {
            if cost > dist[state(cell, heading)] {
                continue;
            }
            if cell == to {
                return Some(cost);
            }
            for d in Dir::ALL {
                if d == heading.opposite() {
                    continue;
                }
                let Some(next) = grid.step(cell, d) else {
                    continue;
                };
                if next != to && grid[next] {
                    continue;
                }
                let new_cost = cost + usize::from(d != heading);
                let slot = &mut dist[state(next, d)];
                if new_cost < *slot {
                    *slot = new_cost;
                    heap.push(Reverse((new_cost, next, d)));
                }
            }
        }
        None
    }
}
