//! The standard connection rule, the judge's: a path of at most
//! `max_turns` turns through empty cells (and the ring around the board
//! with the open border). The query core's shapes, sweeps and turn search
//! answer it, and every proof of the solver rests on its geometry.

use super::rule::{ConnectionRule, SearchKind};
use crate::engine::{Move, reach_moves, two_turn_moves};
use crate::query::Board;
use crate::rules::Rules;

/// [`Connect::Standard`](crate::Connect::Standard).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Standard;

impl ConnectionRule for Standard {
    // Every provided method is this rule's answer (the trait's defaults
    // are the standard path's); the moves and the search are its own.
    fn moves(&self, board: &Board, rules: &Rules) -> Vec<Move> {
        standard_moves(board, rules)
    }

    fn search(&self) -> SearchKind {
        SearchKind::Standard
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
