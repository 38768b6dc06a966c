//! The two-turn paths' middle segments, for many queries at once: a sweep
//! down the rows keeps every column's last tile so far in a min-tree
//! ([`MinTree`]), and the queries whose lower end is on the row ask it for
//! the usable column nearest their ends (step 2 of the parent module's
//! method).

use grid_core::{Nearest, Pos};

/// The free run through a tile along one line: the first and last index of
/// the empty cells reachable from it in a straight line, the tile included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Run {
    pub(super) lo: usize,
    pub(super) hi: usize,
}

impl Run {
    pub(super) fn reaches(self, i: usize) -> bool {
        self.lo <= i && i <= self.hi
    }
}

/// A two-turn search on a field (or its transpose): ends on rows
/// `top < bottom` at columns `a_col` and `b_col`, middle column within
/// `span` (where both ends' free runs along their rows reach). A task with
/// an empty span (or `top == bottom`) has no path.
#[derive(Clone, Copy, Debug)]
pub(super) struct MiddleTask {
    top: usize,
    bottom: usize,
    a_col: usize,
    b_col: usize,
    span: Run,
}

impl MiddleTask {
    /// The task of the ends `a` and `b` whose runs along their rows are
    /// `run_a` and `run_b`.
    pub(super) fn new(a: Pos, b: Pos, run_a: Run, run_b: Run) -> Self {
        MiddleTask {
            top: a.row.min(b.row),
            bottom: a.row.max(b.row),
            a_col: a.col,
            b_col: b.col,
            span: Run {
                lo: run_a.lo.max(run_b.lo),
                hi: run_a.hi.min(run_b.hi),
            },
        }
    }

    pub(super) fn is_possible(&self) -> bool {
        self.top < self.bottom && self.span.lo <= self.span.hi
    }
}

/// Scratch space of the sweeps, kept between batches.
#[derive(Clone, Debug, Default)]
pub(super) struct Sweep {
    /// (bottom row, task index), sorted.
    order: Vec<(usize, usize)>,
    /// Per column: 1 + the row of its last tile so far (0: none yet).
    last_tile: Vec<usize>,
    /// Columns whose last tile changed since the tree was last brought up
    /// to date.
    dirty: Vec<usize>,
    tree: MinTree,
}

impl Sweep {
    /// The shortest path of each task on a field `cols` wide
    /// whose tiles are `tiles` (row-major indices): its length and middle
    /// column, or `None`. Ties go to the smaller column.
    ///
    /// # Complexity
    /// One sweep down the rows to the lowest task: O(rows·cols / 64 +
    /// tiles + rows + cols), plus O(log t + log cols) per task for t tasks.
    /// Memory: O(t + cols).
    pub(super) fn best_middles(
        &mut self,
        tiles: &Nearest,
        cols: usize,
        tasks: &[MiddleTask],
    ) -> Vec<Option<(usize, usize)>> {
        let mut best = vec![None; tasks.len()];
        // Tasks by bottom row.
        self.order.clear();
        self.order.extend(
            tasks
                .iter()
                .enumerate()
                .filter(|(_, task)| task.is_possible())
                .map(|(t, task)| (task.bottom, t)),
        );
        self.order.sort_unstable();
        let Some(&(last_row, _)) = self.order.last() else {
            return best;
        };
        // Down the rows: every column's last tile so far, in the tree. The
        // tree is brought up to date only at the rows where tasks wait:
        // column by column when few columns changed since, else rebuilt
        // whole (cheaper than updating many columns one by one).
        self.last_tile.clear();
        self.last_tile.resize(cols, 0);
        self.tree.rebuild(&self.last_tile);
        let update_cost = (usize::BITS - cols.leading_zeros()) as usize;
        let mut stale = false;
        self.dirty.clear();
        let mut next = 0;
        for row in 0..=last_row {
            for i in tiles.members_in(row * cols, (row + 1) * cols) {
                let col = i - row * cols;
                self.last_tile[col] = row + 1;
                if !stale {
                    self.dirty.push(col);
                }
            }
            if !stale && self.dirty.len() * update_cost > cols {
                stale = true;
                self.dirty.clear();
            }
            let waiting = self.order[next..].partition_point(|&(bottom, _)| bottom == row);
            if waiting == 0 {
                continue;
            }
            if stale {
                self.tree.rebuild(&self.last_tile);
                stale = false;
            } else {
                for &col in &self.dirty {
                    self.tree.update(col, self.last_tile[col]);
                }
            }
            self.dirty.clear();
            for &(_, t) in &self.order[next..next + waiting] {
                best[t] = best_middle(&self.tree, &tasks[t]);
            }
            next += waiting;
        }
        best
    }
}

/// The best middle column of `task`, given the tree of every column's last
/// tile at or above `task.bottom` (1 + row, 0 for none): a column is usable
/// when that tile lies above `task.top`.
fn best_middle(tree: &MinTree, task: &MiddleTask) -> Option<(usize, usize)> {
    let MiddleTask {
        top,
        bottom,
        a_col,
        b_col,
        span,
    } = *task;
    let length = |c: usize| (a_col.abs_diff(c) + c.abs_diff(b_col) + bottom - top, c);
    let (near, far) = (a_col.min(b_col), a_col.max(b_col));
    // Between the ends every column gives the same length: take the first.
    let (lo, hi) = (span.lo.max(near), span.hi.min(far));
    if lo <= hi
        && let Some(c) = tree.first_at_most(lo, hi, top)
    {
        return Some(length(c));
    }
    let left = (span.lo < near)
        .then(|| tree.last_at_most(span.lo, span.hi.min(near - 1), top))
        .flatten();
    let right = (span.hi > far)
        .then(|| tree.first_at_most(span.lo.max(far + 1), span.hi, top))
        .flatten();
    match (left.map(length), right.map(length)) {
        (Some(l), Some(r)) => Some(if l.0 <= r.0 { l } else { r }),
        (l, r) => l.or(r),
    }
}

/// A tree of minima over an array, answering "the first (last) index in a
/// range whose value is at most t" in O(log n).
#[derive(Clone, Debug, Default)]
struct MinTree {
    /// Leaves from `leaves` on (padded with `usize::MAX`), node i the
    /// minimum of nodes 2i and 2i + 1.
    node: Vec<usize>,
    leaves: usize,
}

impl MinTree {
    /// Makes the tree hold `values`, in O(values.len()).
    fn rebuild(&mut self, values: &[usize]) {
        self.leaves = values.len().next_power_of_two();
        self.node.clear();
        self.node.resize(2 * self.leaves, usize::MAX);
        self.node[self.leaves..self.leaves + values.len()].copy_from_slice(values);
        for i in (1..self.leaves).rev() {
            self.node[i] = self.node[2 * i].min(self.node[2 * i + 1]);
        }
    }

    /// Sets value `i` to `value`, in O(log n).
    fn update(&mut self, i: usize, value: usize) {
        let mut node = self.leaves + i;
        self.node[node] = value;
        while node > 1 {
            node /= 2;
            self.node[node] = self.node[2 * node].min(self.node[2 * node + 1]);
        }
    }

    /// The first index in `lo..=hi` whose value is at most `t`.
    fn first_at_most(&self, lo: usize, hi: usize, t: usize) -> Option<usize> {
        self.find(1, 0, self.leaves - 1, lo, hi, t, false)
    }

    /// The last index in `lo..=hi` whose value is at most `t`.
    fn last_at_most(&self, lo: usize, hi: usize, t: usize) -> Option<usize> {
        self.find(1, 0, self.leaves - 1, lo, hi, t, true)
    }

    /// Searches node `node`, which covers `node_lo..=node_hi`, from the left
    /// (from the right when `from_right`). Visits O(log n) nodes: at most
    /// two partly covered nodes per level, and a covered node with a value
    /// at most `t` always holds an answer, found without backtracking.
    #[allow(clippy::too_many_arguments)]
    fn find(
        &self,
        node: usize,
        node_lo: usize,
        node_hi: usize,
        lo: usize,
        hi: usize,
        t: usize,
        from_right: bool,
    ) -> Option<usize> {
        if node_hi < lo || hi < node_lo || self.node[node] > t {
            return None;
        }
        if node_lo == node_hi {
            return Some(node_lo);
        }
        let mid = node_lo + (node_hi - node_lo) / 2;
        let left = |s: &Self| s.find(2 * node, node_lo, mid, lo, hi, t, from_right);
        let right = |s: &Self| s.find(2 * node + 1, mid + 1, node_hi, lo, hi, t, from_right);
        if from_right {
            right(self).or_else(|| left(self))
        } else {
            left(self).or_else(|| right(self))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn min_tree_finds_first_and_last_at_most() {
        let values = [5, 3, 9, 1, 7, 3];
        let mut tree = MinTree::default();
        tree.rebuild(&values);
        for lo in 0..values.len() {
            for hi in lo..values.len() {
                for t in 0..10 {
                    let ok = |&i: &usize| values[i] <= t;
                    assert_eq!(tree.first_at_most(lo, hi, t), (lo..=hi).find(ok));
                    assert_eq!(tree.last_at_most(lo, hi, t), (lo..=hi).rev().find(ok));
                }
            }
        }
        tree.rebuild(&[4]);
        assert_eq!(tree.first_at_most(0, 0, 4), Some(0));
        assert_eq!(tree.last_at_most(0, 0, 3), None);
    }

    #[test]
    fn min_tree_updates() {
        let mut values = vec![4, 4, 4, 4, 4];
        let mut tree = MinTree::default();
        tree.rebuild(&values);
        for (i, v) in [(2, 1), (4, 0), (2, 6), (0, 3)] {
            values[i] = v;
            tree.update(i, v);
            for t in 0..7 {
                assert_eq!(
                    tree.first_at_most(0, 4, t),
                    (0..5).find(|&i| values[i] <= t)
                );
                assert_eq!(
                    tree.last_at_most(0, 4, t),
                    (0..5).rev().find(|&i| values[i] <= t)
                );
            }
        }
    }
}
