//! The text of the answers: the judge lines, and the `--explain` and
//! `--draw` extras. Pure functions returning strings; the binary prints them.

use std::fmt::Write as _;

use grid_core::Pos;

use crate::board::{Board, to_ring};
use crate::solver::Segments;

/// The judge's line for board number `n` (from 1): `Board #n:`.
#[must_use]
pub fn board_line(n: usize) -> String {
    format!("Board #{n}:")
}

/// The judge's line for pair number `m` (from 1 within its board):
/// `Pair m: k segments.` (also for k = 1) or `Pair m: impossible.`.
#[must_use]
pub fn pair_line(m: usize, segments: Option<usize>) -> String {
    match segments {
        Some(k) => format!("Pair {m}: {k} segments."),
        None => format!("Pair {m}: impossible."),
    }
}

/// The `--explain` line: the corners in judge coordinates `(column,row)`,
/// the ring being column 0 or `w + 1` and row 0 or `h + 1`, e.g.
/// `  corners: (2,3) (2,2) (4,2) (4,3) (5,3)`; `  corners: none` when there
/// is no path.
#[must_use]
pub fn corners_line(path: Option<&Segments>) -> String {
    let mut line = String::from("  corners:");
    match path {
        Some(path) => {
            for p in &path.corners {
                let _ = write!(line, " ({},{})", p.col, p.row);
            }
        }
        None => line.push_str(" none"),
    }
    line
}

/// The `--draw` picture: the board inside its ring, one text line per row,
/// each indented by two spaces. `X` is a piece, `.` an empty square (the
/// outermost lines and columns are the ring), `A` and `B` the two ends,
/// `-` and `|` the path's straight parts, `+` its corners (and crossings).
/// `a` and `b` are in the board frame; `path` (ring frame) may be `None`.
#[must_use]
pub fn draw(board: &Board, a: Pos, b: Pos, path: Option<&Segments>) -> String {
    let (rows, cols) = (board.rows() + 2, board.cols() + 2);
    let mut picture: Vec<Vec<u8>> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let on_board = (1..rows - 1).contains(&r) && (1..cols - 1).contains(&c);
                    if on_board && board.is_piece(Pos::new(r - 1, c - 1)) {
                        b'X'
                    } else {
                        b'.'
                    }
                })
                .collect()
        })
        .collect();
    if let Some(path) = path {
        for pair in path.corners.windows(2) {
            let Some(dir) = pair[0].direction_to(pair[1]) else {
                continue;
            };
            let mark = if dir.is_horizontal() { b'-' } else { b'|' };
            let mut cell = pair[0];
            while cell != pair[1] {
                let Some(next) = cell.step(dir) else { break };
                cell = next;
                if let Some(slot) = picture.get_mut(cell.row).and_then(|r| r.get_mut(cell.col)) {
                    *slot = match *slot {
                        b'.' => mark,
                        _ => b'+',
                    };
                }
            }
        }
        for p in path.corners.iter().skip(1) {
            if let Some(slot) = picture.get_mut(p.row).and_then(|r| r.get_mut(p.col)) {
                *slot = b'+';
            }
        }
    }
    for (p, mark) in [(to_ring(a), b'A'), (to_ring(b), b'B')] {
        if let Some(slot) = picture.get_mut(p.row).and_then(|r| r.get_mut(p.col)) {
            *slot = mark;
        }
    }
    let mut text = String::new();
    for row in picture {
        text.push_str("  ");
        text.extend(row.into_iter().map(char::from));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_lines() {
        assert_eq!(board_line(3), "Board #3:");
        assert_eq!(pair_line(1, Some(1)), "Pair 1: 1 segments.");
        assert_eq!(pair_line(12, Some(4)), "Pair 12: 4 segments.");
        assert_eq!(pair_line(2, None), "Pair 2: impossible.");
    }

    #[test]
    fn corners_and_drawing() {
        let mut board = Board::new(1, 3).unwrap();
        for c in 0..3 {
            board.set_piece(Pos::new(0, c), true);
        }
        let path = Segments {
            count: 3,
            corners: vec![
                Pos::new(1, 1),
                Pos::new(0, 1),
                Pos::new(0, 3),
                Pos::new(1, 3),
            ],
        };
        assert_eq!(
            corners_line(Some(&path)),
            "  corners: (1,1) (1,0) (3,0) (3,1)"
        );
        assert_eq!(corners_line(None), "  corners: none");
        let a = Pos::new(0, 0);
        let b = Pos::new(0, 2);
        assert_eq!(
            draw(&board, a, b, Some(&path)),
            "  .+-+.\n  .AXB.\n  .....\n"
        );
        assert_eq!(draw(&board, a, b, None), "  .....\n  .AXB.\n  .....\n");
    }
}
