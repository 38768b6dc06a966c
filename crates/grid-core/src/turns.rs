//! The shared minimum-turn path search.
//!
//! A path runs from cell to cell in straight segments and may change heading
//! at any cell (a *turn*, one quarter; reversing is never useful). The search
//! is a breadth-first search over states (cell, heading) in layers by turns
//! used; inside a layer it visits states in order of steps taken, by merging
//! two queues that are each already sorted (the layer's seeds, which arrive
//! sorted from the previous layer, and the straight continuations). So the
//! first arrival at the target is the lexicographic minimum of
//! (turns, length): fewest turns, and among those the shortest path.
//!
//! Buffers are kept between searches and invalidated with a generation
//! stamp, so a query costs the states it touches, not the grid size.

use crate::{Grid, Pos};

/// A path found by [`TurnSearch::find`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnPath {
    /// Number of turns (the number of segments minus one).
    pub turns: usize,
    /// Number of unit steps.
    pub length: usize,
    /// Corner points in order: the start, every cell where the path turns,
    /// and the target. Consecutive corners share a row or a column.
    pub corners: Vec<Pos>,
}

/// A state: cell index * 4 + heading index.
type State = u32;
const NO_STATE: State = State::MAX;

/// A queued arrival: the state, the steps taken to reach it, and the state
/// it came from.
#[derive(Clone, Copy, Debug)]
struct Arrival {
    state: State,
    steps: u32,
    from: State,
}

/// Reusable minimum-turn search over any [`Grid`].
///
/// ```
/// use grid_core::{Grid, Pos, TurnSearch};
/// // 0 = free, 1 = wall; the ends may be walls (tiles) themselves.
/// let grid = Grid::from_vec(3, 3, vec![
///     1, 0, 0,
///     1, 1, 0,
///     0, 0, 1,
/// ]).unwrap();
/// let mut search = TurnSearch::new();
/// let path = search.find(&grid, |&c| c == 0, Pos::new(0, 0), Pos::new(2, 2), None).unwrap();
/// assert_eq!(path.turns, 1);
/// assert_eq!(path.corners, vec![Pos::new(0, 0), Pos::new(0, 2), Pos::new(2, 2)]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct TurnSearch {
    generation: u32,
    /// Per state: the generation in which it was settled.
    settled: Vec<u32>,
    /// Per state: the state it was reached from (valid when settled).
    came_from: Vec<State>,
    seeds: Vec<Arrival>,
    next_seeds: Vec<Arrival>,
    straight: Vec<Arrival>,
}

impl TurnSearch {
    /// An empty search; buffers grow to the largest grid searched.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The path from `from` to `to` with the fewest turns, and among those
    /// the fewest steps; `None` if there is none within `max_turns` (no limit
    /// when `None`), or if `from == to`.
    ///
    /// The path passes only through cells for which `is_free` holds, except
    /// its two ends, which may hold anything. It never leaves the grid: to
    /// let it run around a board, search it inside a ring ([`crate::Padded`]).
    ///
    /// # Panics
    /// If `from` or `to` is off the grid, or the grid has 2^30 cells or more.
    ///
    /// # Complexity
    /// O(s) time for the s states (cell, heading) reached with fewer turns
    /// than the answer — at most 4·rows·cols — and O(rows·cols) memory kept
    /// between calls. No per-call allocation once the buffers have grown.
    pub fn find<T>(
        &mut self,
        grid: &Grid<T>,
        is_free: impl Fn(&T) -> bool,
        from: Pos,
        to: Pos,
        max_turns: Option<usize>,
    ) -> Option<TurnPath> {
        assert!(
            grid.contains(from) && grid.contains(to),
            "search ends off the grid"
        );
        let cells = grid.cells();
        assert!(cells.len() < 1 << 30, "grid too large for the turn search");
        if from == to {
            return None;
        }
        self.start_generation(cells.len() * 4);
        let cols = grid.cols();
        let target = grid.index_of(to);
        let enterable = |i: usize| i == target || is_free(&cells[i]);

        self.seeds.clear();
        let start = grid.index_of(from);
        for dir in 0..4 {
            if let Some(next) = neighbour(start, dir, cols, cells.len()).filter(|&n| enterable(n)) {
                self.seeds.push(Arrival {
                    state: (next * 4 + dir) as State,
                    steps: 1,
                    from: NO_STATE,
                });
            }
        }

        let mut turns = 0;
        while !self.seeds.is_empty() {
            if max_turns.is_some_and(|max| turns > max) {
                return None;
            }
            self.straight.clear();
            self.next_seeds.clear();
            let (mut s, mut q) = (0, 0);
            loop {
                // Merge the two sorted queues, seeds first on ties.
                let arrival = match (self.seeds.get(s), self.straight.get(q)) {
                    (Some(a), Some(b)) if a.steps <= b.steps => {
                        s += 1;
                        *a
                    }
                    (_, Some(b)) => {
                        q += 1;
                        *b
                    }
                    (Some(a), None) => {
                        s += 1;
                        *a
                    }
                    (None, None) => break,
                };
                let state = arrival.state as usize;
                if self.settled[state] == self.generation {
                    continue;
                }
                self.settled[state] = self.generation;
                self.came_from[state] = arrival.from;
                let (cell, dir) = (state / 4, state % 4);
                if cell == target {
                    return Some(self.path(grid, from, arrival.state, turns, arrival.steps));
                }
                for new_dir in [dir, (dir + 1) % 4, (dir + 3) % 4] {
                    if let Some(next) = neighbour(cell, new_dir, cols, cells.len()) {
                        let next_state = next * 4 + new_dir;
                        if enterable(next) && self.settled[next_state] != self.generation {
                            let queue = if new_dir == dir {
                                &mut self.straight
                            } else {
                                &mut self.next_seeds
                            };
                            queue.push(Arrival {
                                state: next_state as State,
                                steps: arrival.steps + 1,
                                from: arrival.state,
                            });
                        }
                    }
                }
            }
            std::mem::swap(&mut self.seeds, &mut self.next_seeds);
            turns += 1;
        }
        None
    }

    fn start_generation(&mut self, states: usize) {
        if self.settled.len() < states {
            self.settled.resize(states, 0);
            self.came_from.resize(states, NO_STATE);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.settled.fill(0);
            self.generation = 1;
        }
    }

    /// Walks `came_from` back from `last` and keeps the corners.
    fn path<T>(
        &self,
        grid: &Grid<T>,
        from: Pos,
        last: State,
        turns: usize,
        steps: u32,
    ) -> TurnPath {
        let mut corners = vec![grid.pos_of(last as usize / 4)];
        let mut state = last;
        loop {
            let prev = self.came_from[state as usize];
            if prev == NO_STATE {
                break;
            }
            if prev % 4 != state % 4 {
                corners.push(grid.pos_of(prev as usize / 4));
            }
            state = prev;
        }
        corners.push(from);
        corners.reverse();
        debug_assert_eq!(corners.len(), turns + 2);
        TurnPath {
            turns,
            length: steps as usize,
            corners,
        }
    }
}

/// The cell one step from flat index `cell` in heading `dir` (the
/// [`crate::Dir::index`] order: up, right, down, left), if on the grid.
#[inline]
fn neighbour(cell: usize, dir: usize, cols: usize, len: usize) -> Option<usize> {
    match dir {
        0 => cell.checked_sub(cols),
        1 => (cell % cols + 1 < cols).then_some(cell + 1),
        2 => Some(cell + cols).filter(|&n| n < len),
        _ => (cell % cols != 0).then(|| cell - 1),
    }
}
