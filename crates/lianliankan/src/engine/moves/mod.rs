//! Every pair of tiles that can be removed now: the connection rule's
//! moves (`connection/`), over the listings of `two_turns` (the free
//! lines, two turns) and `reaches` (a reach a tile, any turns).

mod pair;
mod reaches;
#[cfg(test)]
mod tests;
mod two_turns;

pub use super::sliding_tiles::Route;
pub use pair::Move;
pub(crate) use reaches::reach_moves;
pub(crate) use two_turns::two_turn_moves;

use crate::connection::{ConnectionRule, Rule};
use crate::query::Board;
use crate::rules::Rules;

/// Every pair of tiles that [`connect`](crate::connect) joins on `board`
/// under `rules` (matching kinds, a path within the turn limit), sorted (by the first tile row by row, then the second).
///
/// Each tile's reach (the cells a path of at most `rules.max_turns()` turns
/// can get to from it) is computed once, and its twins among the tiles it
/// reaches are its partners; nothing is missed when a kind has many tiles.
///
/// ```
/// use lianliankan::{Board, Move, Pos, Rules, moves};
/// let board = Board::from_rows(&[[1, 2, 1], [2, 0, 2]]).unwrap();
/// // The 2s below pair up through the empty middle; the 1s are blocked.
/// assert_eq!(
///     moves(&board, &Rules::default()),
///     vec![
///         Move::new(Pos::new(0, 1), Pos::new(1, 0)),
///         Move::new(Pos::new(0, 1), Pos::new(1, 2)),
///         Move::new(Pos::new(1, 0), Pos::new(1, 2)),
///     ]
/// );
/// ```
///
/// With the usual two turns, the pairs are found from the free *lines*
/// instead (see the module source, `two_turn_moves`): the time follows the pairs found, not
/// the board's area times its tiles.
///
/// # Complexity
/// Two turns: O(rows·cols + t log t + E) for t tiles, where E counts each
/// pair once per stretch of consecutive free lines its paths can use for
/// their middle segment (a few times the pairs on random boards; at worst
/// rows + cols times), when a bit per pair of tiles of one class fits in a
/// word per cell; else O(rows·cols + E log E). Otherwise
/// O(t·rows·cols) for t tiles (one reach per tile whose kind has a twin),
/// whatever the turn limit; plus sorting the answer.
///
/// Under [`Connect::FourRivers`](crate::Connect::FourRivers) the standard pairs are found so, and a
/// pair of neighbours among them is kept only when a detour joins it
/// (O(rows + cols) each with two turns). Under [`Connect::Line`](crate::Connect::Line) the pairs
/// are those of matching tiles in one row or column: O(rows·cols + P log P)
/// for the P pairs found.
///
/// Under [`Rules::slide`] the plain pairs are those joined with at most one
/// turn on the board (the standard connection), and every slide is listed
/// besides (both pick orders, both routes; see [`Move::slide`]), all sorted
/// together; the slides add O(t·(rows + cols)²) at worst.
#[must_use]
pub fn moves(board: &Board, rules: &Rules) -> Vec<Move> {
    Rule::of(rules).moves(board, rules)
}
