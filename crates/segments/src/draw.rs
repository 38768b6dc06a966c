//! Text pictures of a board with a path, for the `--draw` flag and for
//! anyone who wants to see what a pair's path does.

use grid_core::{Frame, Path, Point, Pos};

use crate::board::Board;

/// The `--draw` picture: the board inside its ring, one text line per row,
/// each indented by two spaces and ending with `\n`. `X` is a piece, `.` an
/// empty square (the outermost lines and columns are the ring), `A` and `B`
/// the two ends, `-` and `|` the path's straight parts, `+` its corners (and
/// crossings). `a`, `b` and the path's corners are in the board frame;
/// `path` may be `None` (no path: the ends alone are marked).
///
/// ```
/// use segments::{Board, Pos, Solver, draw::draw};
/// let mut board = Board::new(1, 3).unwrap();
/// for c in 0..3 {
///     board.set_piece(Pos::new(0, c), true);
/// }
/// let (a, b) = (Pos::new(0, 0), Pos::new(0, 2));
/// let path = Solver::new(&board).min_segments(a, b);
/// assert_eq!(draw(&board, a, b, path.as_ref()), "  .+-+.\n  .AXB.\n  .....\n");
/// assert_eq!(draw(&board, a, b, None), "  .....\n  .AXB.\n  .....\n");
/// ```
///
/// # Complexity
/// O((rows + 2) · (cols + 2) + the path's length).
#[must_use]
pub fn draw(board: &Board, a: Pos, b: Pos, path: Option<&Path>) -> String {
    let padded = board.padded();
    let frame = padded.frame();
    let mut picture: Vec<Vec<u8>> = padded
        .grid()
        .row_slices()
        .map(|row| {
            row.iter()
                .map(|&piece| if piece { b'X' } else { b'.' })
                .collect()
        })
        .collect();
    // The picture's character at board-frame point `p`, if it is drawn.
    fn slot(picture: &mut [Vec<u8>], frame: Frame, p: Point) -> Option<&mut u8> {
        let outer = frame.outer_of(p)?;
        picture.get_mut(outer.row)?.get_mut(outer.col)
    }
    if let Some(path) = path {
        for pair in path.corners().windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let (dr, dc) = ((to.row - from.row).signum(), (to.col - from.col).signum());
            let mark = if dr == 0 { b'-' } else { b'|' };
            let mut cell = from;
            while cell != to {
                cell = Point::new(cell.row + dr, cell.col + dc);
                if let Some(square) = slot(&mut picture, frame, cell) {
                    *square = match *square {
                        b'.' => mark,
                        _ => b'+',
                    };
                }
            }
        }
        for &p in path.corners().iter().skip(1) {
            if let Some(square) = slot(&mut picture, frame, p) {
                *square = b'+';
            }
        }
    }
    for (p, mark) in [(a, b'A'), (b, b'B')] {
        if let Some(square) = slot(&mut picture, frame, frame.to_point(frame.to_outer(p))) {
            *square = mark;
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
    fn paths_cross_and_turn() {
        // X.X
        // ...
        // X.X
        let mut board = Board::new(3, 3).unwrap();
        for (r, c) in [(0, 0), (0, 2), (2, 0), (2, 2)] {
            board.set_piece(Pos::new(r, c), true);
        }
        // A made-up path that crosses itself in the middle and runs over a
        // piece (drawn `+`) and through the ring.
        let path = Path::new(
            [(0, 0), (0, 1), (2, 1), (2, 3), (1, 3), (1, -1), (2, -1)]
                .map(|(r, c)| Point::new(r, c))
                .to_vec(),
        );
        assert_eq!(
            draw(&board, Pos::new(0, 0), Pos::new(2, 0), Some(&path)),
            "  .....\n  .A+X.\n  +-+-+\n  +B+++\n  .....\n"
        );
    }
}
