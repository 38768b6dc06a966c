//! Can two tiles be joined, and by which path?
//!
//! For at most two turns the answer is found by enumerating path shapes, in
//! O(rows + cols) per query: a path with at most two turns is a straight
//! line, an L through one of two corner cells, or a Z/U/C shape whose middle
//! segment lies on a row or column that both tiles' free runs reach. The
//! board's prefix counts test a segment for tiles in O(1). For more turns the
//! shared minimum-turn search of grid-core runs on the ringed board.
//!
//! Everything works in ringed coordinates (board cell (r, c) is (r + 1,
//! c + 1)); the border rule only sets the bounds a path may use: the board
//! for [`Border::Closed`], the board and its ring for [`Border::Open`].
//!
//! Which pairs join, and how, is the connection rule's (`connection/`):
//! the standard path is found here, a rule's own path (four-rivers'
//! detours between neighbours) by the rule, and a line's segment needs
//! nothing found.

use std::fmt;

use grid_core::{Path, Pos, TurnSearch};

use super::board::Board;
use super::shapes::{Shapes, free_for};
use crate::connection::{ConnectionRule, Join, Rule};
use crate::rules::{Border, Rules};

/// A query naming a cell that is not on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OffBoard {
    /// The offending position.
    pub pos: Pos,
    /// The board's size, rows then columns.
    pub size: (usize, usize),
}

impl fmt::Display for OffBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is off the {}x{} board",
            self.pos, self.size.0, self.size.1
        )
    }
}

impl std::error::Error for OffBoard {}

/// Answers connection queries, keeping search buffers between them.
///
/// Use one `Connector` for many queries; [`connect`] is the one-off form.
#[derive(Clone, Debug, Default)]
pub struct Connector {
    search: TurnSearch,
}

impl Connector {
    /// A connector with empty buffers.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The path joining the tiles at `a` and `b` under `rules`, or `None`
    /// when they cannot be matched: the same cell, an empty cell, different
    /// kinds, or no path with at most `rules.max_turns()` turns through empty
    /// cells (and, with [`Border::Open`], the ring around the board). Rules
    /// with [`Rules::slide`] have one turn on the board; a slide itself is
    /// a [`Move`](crate::Move), found by
    /// [`ways_to_remove`](crate::ways_to_remove).
    ///
    /// The path returned has the fewest turns, and among those the fewest
    /// steps. Under [`Connect::FourRivers`](crate::Connect::FourRivers)
    /// neighbours are never joined by the step between them (a U, or under
    /// more turns a longer detour); under [`Connect::Line`](crate::Connect::Line)
    /// the path is the straight segment between two tiles of one row or
    /// column, whatever lies on it.
    ///
    /// # Errors
    /// [`OffBoard`] when `a` or `b` is not on the board.
    ///
    /// # Complexity
    /// O(rows + cols) when a path with at most two turns exists or
    /// `max_turns <= 2`; otherwise O(rows·cols), the states of grid-core's
    /// minimum-turn search (four-rivers' detours between neighbours:
    /// O(rows·cols·log(rows·cols))). No allocation beyond the path in the
    /// first case. Line: O(1).
    pub fn connect(
        &mut self,
        board: &Board,
        a: Pos,
        b: Pos,
        rules: &Rules,
    ) -> Result<Option<Path>, OffBoard> {
        // Under `slide` the rules say one turn on the board and the
        // standard connection; the slide itself is a move of the engine,
        // not a path.
        for pos in [a, b] {
            if !board.contains(pos) {
                return Err(OffBoard {
                    pos,
                    size: (board.rows(), board.cols()),
                });
            }
        }
        let (kind_a, kind_b) = (board.kind(a).unwrap_or(0), board.kind(b).unwrap_or(0));
        if a == b || kind_a == 0 || kind_b == 0 || !rules.matches(kind_a, kind_b) {
            return Ok(None);
        }
        let frame = board.frame();
        let (a, b) = (frame.to_outer(a), frame.to_outer(b));
        let rule = Rule::of(rules);
        let corners = match rule.join(a, b) {
            Join::Segment => Some(vec![a, b]),
            Join::Never => None,
            Join::StandardPath => {
                self.standard_corners(board, a, b, rules.border(), rules.max_turns())
            }
            Join::OwnPath => rule.own_corners(board, a, b, rules),
        };
        Ok(corners.map(|c| Path::new(c.into_iter().map(|p| frame.to_point(p)).collect())))
    }

    /// The corners (ringed coordinates) of the standard path joining the
    /// tiles at ringed cells `a` and `b`.
    fn standard_corners(
        &mut self,
        board: &Board,
        a: Pos,
        b: Pos,
        border: Border,
        max_turns: usize,
    ) -> Option<Vec<Pos>> {
        // A path with at most two turns, when there is one, has the fewest
        // turns under any limit, and the shapes return the shortest of them:
        // so the search runs only when no such path exists.
        let mut corners = Shapes::new(board, a, b, border).best(max_turns.min(2));
        if corners.is_none() && max_turns > 2 {
            corners = self
                .search
                .find(board.ringed(), free_for(border), a, b, Some(max_turns))
                .map(|p| p.corners);
        }
        corners
    }
}

/// The path joining the tiles at `a` and `b`, as [`Connector::connect`]
/// (which keeps its buffers between queries; prefer it for many queries).
///
/// ```
/// use lianliankan::{Board, Pos, Rules, connect};
///
/// let board = Board::from_rows(&[
///     [1, 2, 3, 4],
///     [0, 0, 0, 0],
///     [4, 3, 2, 1],
/// ]).unwrap();
/// // The two 1s: down, across the empty middle row, down (2 turns).
/// let path = connect(&board, Pos::new(0, 0), Pos::new(2, 3), &Rules::default()).unwrap().unwrap();
/// assert_eq!(path.turns(), 2);
/// // A 1 and a 2 never match.
/// assert!(connect(&board, Pos::new(0, 0), Pos::new(0, 1), &Rules::default()).unwrap().is_none());
/// ```
///
/// # Errors
/// [`OffBoard`] when `a` or `b` is not on the board.
///
/// # Complexity
/// As [`Connector::connect`], plus O(rows·cols) to allocate search buffers
/// when `max_turns > 2`.
pub fn connect(board: &Board, a: Pos, b: Pos, rules: &Rules) -> Result<Option<Path>, OffBoard> {
    Connector::new().connect(board, a, b, rules)
}
