//! Every pair of tiles that can be removed now.

use std::fmt;

use grid_core::Pos;

use super::reach::Field;
use crate::{Board, Class, Rules};

/// A pair of tiles, [`Move::a`] before [`Move::b`] in row-major order (so
/// the same pair is always the same `Move`, and lists of moves sort row by
/// row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    a: Pos,
    b: Pos,
}

impl Move {
    /// The pair `p`, `q` in either order, as a move (smaller position first).
    #[must_use]
    pub fn new(p: Pos, q: Pos) -> Move {
        Move {
            a: p.min(q),
            b: p.max(q),
        }
    }

    /// The first tile (the smaller position, row by row).
    #[must_use]
    pub fn a(self) -> Pos {
        self.a
    }

    /// The second tile.
    #[must_use]
    pub fn b(self) -> Pos {
        self.b
    }
}

impl fmt::Display for Move {
    /// Judge coordinates (1-based): `r1 c1 r2 c2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.a.row + 1,
            self.a.col + 1,
            self.b.row + 1,
            self.b.col + 1
        )
    }
}

/// Every pair of tiles that [`connect`](crate::connect) joins on `board`
/// under `rules` (matching kinds, a path within the turn limit), sorted (by the first tile row by row, then the second).
///
/// Each tile's reach (the cells a path of at most `rules.max_turns` turns
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
/// # Complexity
/// O(t·rows·cols) for t tiles (one reach per tile whose kind has a twin),
/// whatever the turn limit; plus sorting the answer.
#[must_use]
pub fn moves(board: &Board, rules: &Rules) -> Vec<Move> {
    let mut field = Field::new(board, rules.border);
    let groups = &rules.groups;
    let mut twins = std::collections::BTreeMap::<Class, usize>::new();
    for (_, kind) in board.tiles() {
        *twins.entry(groups.class(kind)).or_default() += 1;
    }
    let mut found = Vec::new();
    for (pos, kind) in board.tiles() {
        let class = groups.class(kind);
        if twins[&class] < 2 {
            continue;
        }
        let start = field.index(pos);
        let mut partners = Vec::new();
        field.reach(start, rules.max_turns, |cell, is_tile| {
            if is_tile && cell > start {
                partners.push(cell);
            }
        });
        for cell in partners {
            if groups.class(field.kind(cell)) == class {
                found.push(Move {
                    a: pos,
                    b: field.pos(cell),
                });
            }
        }
    }
    found.sort_unstable();
    found
}
