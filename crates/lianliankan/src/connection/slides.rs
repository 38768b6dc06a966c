//! KShisen's sliding tiles, [`Rules::slide`]: the standard connection with
//! at most one turn on the board for a plain pair, and besides, a move may
//! first push its first tile, with the run of tiles in front of it, along
//! its row or column to the corner from which a straight empty segment
//! reaches its partner (`engine/sliding_tiles.rs` checks and makes a
//! slide). Rules with slides always carry that path rule (one turn, the
//! closed border: [`Rules::with_slide`] writes it).

use super::rule::{ConnectionRule, SearchKind};
use super::standard::standard_moves;
use crate::engine::{Move, slide_moves};
use crate::query::Board;
use crate::rules::Rules;

/// [`Rules::slide`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slides;

impl ConnectionRule for Slides {
    // A plain pair joins by the standard path (the provided methods: its
    // join, its brute force, and the construction — a pair joined with at
    // most one turn on the board is a legal move under slides, so a board
    // built under those plain rules clears under slides by its
    // certificate); the moves add the slides, and the search is its own.

    /// The plain pairs and every slide (both pick orders, both routes; see
    /// [`Move::slide`]), all sorted together; the slides add
    /// O(t·(rows + cols)²) at worst for t tiles.
    fn moves(&self, board: &Board, rules: &Rules) -> Vec<Move> {
        let mut found = standard_moves(board, rules);
        let kinds = board.to_grid();
        slide_moves(
            &kinds,
            |x, y| rules.matches(x, y),
            |a, b, route| {
                found.push(Move::slide(a, b, route));
            },
        );
        found.sort_unstable();
        found
    }

    fn search(&self) -> SearchKind {
        SearchKind::Sliding
    }
}
