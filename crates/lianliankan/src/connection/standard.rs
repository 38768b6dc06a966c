//! The standard connection rule, the judge's: a path of at most
//! `max_turns` turns through empty cells (and the ring around the board
//! with the open border). The query core's shapes, sweeps and turn search
//! answer it, and every proof of the solver rests on its geometry.

use grid_core::{Path, Pos};

use super::rule::{ConnectionRule, Construction, Join, SearchKind};
use crate::engine::{Move, reach_moves, two_turn_moves};
use crate::query::Board;
use crate::reference::paths::{checked_length, is_shortest, standard_min_turns, standard_shortest};
use crate::rules::Rules;

/// [`Connect::Standard`](crate::Connect::Standard).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Standard;

impl ConnectionRule for Standard {
    fn join(&self, _: Pos, _: Pos) -> Join {
        Join::StandardPath
    }

    fn own_corners(&self, _: &Board, _: Pos, _: Pos, _: &Rules) -> Option<Vec<Pos>> {
        None
    }

    fn moves(&self, board: &Board, rules: &Rules) -> Vec<Move> {
        standard_moves(board, rules)
    }

    fn search(&self) -> SearchKind {
        SearchKind::Standard
    }

    fn construction(&self) -> Construction {
        Construction::StandardPaths
    }

    fn reference_min_turns(&self, board: &Board, a: Pos, b: Pos, rules: &Rules) -> Option<usize> {
        standard_min_turns(board, a, b, rules)
    }

    fn reference_check_path(
        &self,
        board: &Board,
        a: Pos,
        b: Pos,
        path: &Path,
        rules: &Rules,
    ) -> Result<(), String> {
        let length = checked_length(board, a, b, path, rules)?;
        let shortest = standard_shortest(board, a, b, path.turns(), rules.border());
        is_shortest(length, shortest, path.turns())
    }
}

/// Every pair the standard path rule joins, sorted: with two turns from
/// the free lines (`two_turn_moves`), otherwise one reach a tile
/// (`reach_moves`).
///
/// # Complexity
/// As [`crate::moves`] says for the standard rule.
pub(crate) fn standard_moves(board: &Board, rules: &Rules) -> Vec<Move> {
    if rules.max_turns() == 2 {
        return two_turn_moves(board, rules);
    }
    reach_moves(board, rules)
}
