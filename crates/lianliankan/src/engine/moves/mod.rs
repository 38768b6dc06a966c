//! Every pair of tiles that can be removed now.

use grid_core::Pos;

mod pair;
#[cfg(test)]
mod tests;
mod two_turns;

pub use super::sliding_tiles::Route;
pub use pair::Move;

use super::reach::Field;
use super::sliding_tiles::slide_moves;
use two_turns::two_turn_moves;

use crate::query::{Board, detour_joins};
use crate::rules::{Class, Connect, Rules};

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
/// Under [`Connect::FourRivers`] the standard pairs are found so, and a
/// pair of neighbours among them is kept only when a detour joins it
/// (O(rows + cols) each with two turns). Under [`Connect::Line`] the pairs
/// are those of matching tiles in one row or column: O(rows·cols + P log P)
/// for the P pairs found.
///
/// Under [`Rules::slide`] the plain pairs are those joined with at most one
/// turn on the board (the standard connection), and every slide is listed
/// besides (both pick orders, both routes; see [`Move::slide`]), all sorted
/// together; the slides add O(t·(rows + cols)²) at worst.
#[must_use]
pub fn moves(board: &Board, rules: &Rules) -> Vec<Move> {
    let rules = &*rules.effective();
    let mut found = match rules.connect {
        Connect::Standard => standard_moves(board, rules),
        Connect::FourRivers => {
            let mut found = standard_moves(board, rules);
            found.retain(|m| {
                let (a, b) = (m.a(), m.b());
                a.row.abs_diff(b.row) + a.col.abs_diff(b.col) != 1
                    || detour_joins(board, a, b, rules.border, rules.max_turns)
            });
            found
        }
        Connect::Line => line_moves(board, rules),
    };
    if rules.slide {
        let kinds = board.to_grid();
        slide_moves(
            &kinds,
            |x, y| rules.matches(x, y),
            |a, b, route| {
                found.push(Move::slide(a, b, route));
            },
        );
        found.sort_unstable();
    }
    found
}

/// Every pair the standard path rule joins.
fn standard_moves(board: &Board, rules: &Rules) -> Vec<Move> {
    if rules.max_turns == 2 {
        return two_turn_moves(board, rules);
    }
    reach_moves(board, rules)
}

/// Every pair of matching tiles that share a row or a column: the pairs of
/// [`Connect::Line`].
fn line_moves(board: &Board, rules: &Rules) -> Vec<Move> {
    let groups = &rules.groups;
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

/// Every removable pair by one reach search per tile: any turn limit.
fn reach_moves(board: &Board, rules: &Rules) -> Vec<Move> {
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
                found.push(Move::new(pos, field.pos(cell)));
            }
        }
    }
    found.sort_unstable();
    found
}
