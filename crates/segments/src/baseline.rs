//! The textbook search, kept as a baseline for `cargo xtask bench` and as a
//! second reference in the tests: Dijkstra's algorithm with a binary heap
//! over states (square, heading) of the board inside its ring, where going
//! straight costs nothing and turning costs one segment. Each pair gets a
//! fresh distance table, as textbook solutions do.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use grid_core::{Dir, Grid, Pos};

use crate::board::{Board, to_ring};

/// A board inside its ring, ready for [`Baseline::min_segments`].
#[derive(Clone, Debug)]
pub struct Baseline {
    /// `true` = a piece; the ring is empty.
    ring: Grid<bool>,
}

impl Baseline {
    /// Prepares `board` (builds the ring once).
    ///
    /// # Complexity
    /// O(rows · cols).
    #[must_use]
    pub fn new(board: &Board) -> Baseline {
        Baseline {
            ring: board.with_ring().to_grid(),
        }
    }

    /// The minimum number of segments from `a` to `b` (board frame), or
    /// `None` when there is no path or `a == b`: the same contract as
    /// [`crate::Solver::count`].
    ///
    /// # Panics
    /// If `a` or `b` is off the board.
    ///
    /// # Complexity
    /// O(s log s) for the s = 4·(rows + 2)·(cols + 2) states, plus O(s) to
    /// allocate and clear the distance table on every call.
    #[must_use]
    pub fn min_segments(&self, a: Pos, b: Pos) -> Option<usize> {
        let grid = &self.ring;
        let (from, to) = (to_ring(a), to_ring(b));
        assert!(
            grid.contains(from) && grid.contains(to),
            "pair off the board"
        );
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
