//! How a picked pair can be removed: [`ways_to_remove`], for a front end
//! that lets the player pick two tiles and shows the plain path or the
//! slides that take them.

use grid_core::{Path, Pos};

use super::game::{RemoveError, check};
use super::moves::{Move, Route};
use super::settle::Slide;
use crate::query::{Board, Connector};
use crate::rules::Rules;

/// Every way the tiles picked at `first` and then `second` can be removed
/// now under `rules`: the plain pair if a path joins them, then under
/// [`Rules::slide`] the slides of `first` toward `second` that can be made
/// (route row, then column). Each with the path a front end draws (for a
/// slide: from `first` along its route to the corner, then to `second`)
/// and the tiles the slide pushes, `first` first (each with its cells
/// before and after the push; none for a plain pair). An empty list: the
/// two match but cannot go.
///
/// ```
/// use lianliankan::{Board, Move, Pos, Route, Rules, ways_to_remove};
/// // docs/rules.md's slide example: A = 1 at (1, 0) with its partner at (3, 3).
/// let board = Board::from_rows(&[
///     [0, 0, 0, 0, 0, 0],
///     [1, 2, 3, 0, 0, 0],
///     [4, 0, 0, 0, 0, 0],
///     [0, 0, 0, 1, 0, 0],
/// ]).unwrap();
/// let rules = Rules::judge().with_slide(true).unwrap();
/// let ways = ways_to_remove(&board, Pos::new(1, 0), Pos::new(3, 3), &rules).unwrap();
/// assert_eq!(ways.len(), 1); // no plain path of one turn; `column` is blocked by the 4
/// assert_eq!(ways[0].pair, Move::slide(Pos::new(1, 0), Pos::new(3, 3), Route::Row));
/// assert_eq!(ways[0].pushed.len(), 3); // 1, 2 and 3 move three cells right
/// assert_eq!(ways[0].path.turns(), 1);
/// ```
///
/// # Errors
/// [`RemoveError`] when the two cannot be a pair at all: off the board,
/// the same cell, an empty cell, kinds that do not match.
///
/// # Complexity
/// As [`crate::connect`], plus O(rows + cols) per route.
pub fn ways_to_remove(
    board: &Board,
    first: Pos,
    second: Pos,
    rules: &Rules,
) -> Result<Vec<Way>, RemoveError> {
    let mut connector = Connector::new();
    let mut ways = Vec::new();
    let candidates = std::iter::once(Move::new(first, second)).chain(
        Route::ALL
            .into_iter()
            .filter(|_| rules.slide())
            .map(|route| Move::slide(first, second, route)),
    );
    for pair in candidates {
        let cells = match pair.route() {
            None => (first, second, None),
            route => (pair.a(), pair.b(), route),
        };
        match check(board, cells, rules, &mut connector) {
            Ok((path, pushed)) => ways.push(Way { pair, path, pushed }),
            Err(RemoveError::NoPath | RemoveError::NoSlide { .. }) => {}
            Err(other) => return Err(other),
        }
    }
    Ok(ways)
}

/// One way to remove a picked pair ([`ways_to_remove`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Way {
    /// The move: a plain pair, or a slide of the first tile picked.
    pub pair: Move,
    /// The path drawn: a plain pair's path, or for a slide the first
    /// tile's route to the corner and then the straight segment to its
    /// partner.
    pub path: Path,
    /// The tiles the slide pushes, the first tile picked first (each from
    /// its cell to its cell after the push); empty for a plain pair.
    pub pushed: Vec<Slide>,
}
