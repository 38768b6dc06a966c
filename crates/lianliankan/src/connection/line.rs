//! PySolFC's "Not Shisen-Sho", [`Connect::Line`](crate::Connect::Line):
//! two matching tiles join when they share a row or a column, whatever
//! lies between; the path is the straight segment, and the turn limit and
//! the border have no effect.

use grid_core::{Path, Point, Pos};

use super::rule::{ConnectionRule, Construction, Join, SearchKind};
use crate::engine::Move;
use crate::query::Board;
use crate::rules::{Class, Rules};

/// [`Connect::Line`](crate::Connect::Line).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line;

impl ConnectionRule for Line {
    fn join(&self, a: Pos, b: Pos) -> Join {
        if a.row == b.row || a.col == b.col {
            Join::Segment
        } else {
            Join::Never
        }
    }

    fn own_corners(&self, _: &Board, _: Pos, _: Pos, _: &Rules) -> Option<Vec<Pos>> {
        None
    }

    /// The pairs of matching tiles in one row or column.
    ///
    /// # Complexity
    /// O(rows·cols + P log P) for the P pairs found.
    fn moves(&self, board: &Board, rules: &Rules) -> Vec<Move> {
        let groups = &rules.groups();
        let mut found = Vec::new();
        let mut line: Vec<(Pos, Class)> = Vec::new();
        // The matching pairs among the tiles of one row or column.
        let mut pair_up = |cells: &mut dyn Iterator<Item = Pos>| {
            line.clear();
            line.extend(cells.filter_map(|p| {
                board
                    .kind(p)
                    .filter(|&k| k != 0)
                    .map(|k| (p, groups.class(k)))
            }));
            for (i, &(p, class)) in line.iter().enumerate() {
                for &(q, other) in &line[i + 1..] {
                    if class == other {
                        found.push(Move::new(p, q));
                    }
                }
            }
        };
        for row in 0..board.rows() {
            pair_up(&mut (0..board.cols()).map(|col| Pos::new(row, col)));
        }
        for col in 0..board.cols() {
            pair_up(&mut (0..board.rows()).map(|row| Pos::new(row, col)));
        }
        found.sort_unstable();
        found
    }

    fn search(&self) -> SearchKind {
        SearchKind::Plain { by_cells: true }
    }

    fn construction(&self) -> Construction {
        Construction::ByMoves
    }

    /// One row or column: no turn; nothing is searched.
    fn reference_min_turns(&self, _: &Board, a: Pos, b: Pos, _: &Rules) -> Option<usize> {
        (a.row == b.row || a.col == b.col).then_some(0)
    }

    /// The straight segment between two cells of one row or column.
    fn reference_check_path(
        &self,
        _: &Board,
        a: Pos,
        b: Pos,
        path: &Path,
        _: &Rules,
    ) -> Result<(), String> {
        let point = |p: Pos| Point::new(p.row as isize, p.col as isize);
        let aligned = a != b && (a.row == b.row || a.col == b.col);
        if aligned && path.corners() == [point(a), point(b)] {
            Ok(())
        } else {
            Err(format!(
                "{path:?} is not the straight segment from {a} to {b} along a line"
            ))
        }
    }
}
