//! Text pictures of a configuration, for the `--draw` flag and for anyone
//! who wants to see a sequence of moves.

use crate::board::{Config, SIDE, Square};

/// The board as 8 lines of 8 characters, each ending with `\n`: `o` for a
/// piece, `.` for an empty square, and `*` instead of `o` on `marked` (for
/// instance the square a piece just moved to).
///
/// ```
/// use solitaire::{Config, Square, draw::draw};
/// let sq = |r, c| Square::new(r, c).unwrap();
/// let config = Config::from_squares(&[sq(0, 1), sq(7, 7)]).unwrap();
/// let picture = draw(config, Some(sq(7, 7)));
/// assert!(picture.starts_with(".o......\n........\n"));
/// assert!(picture.ends_with("........\n.......*\n"));
/// ```
///
/// # Complexity
/// O(64).
#[must_use]
pub fn draw(config: Config, marked: Option<Square>) -> String {
    let mut out = String::with_capacity(72);
    for row in 0..SIDE {
        for col in 0..SIDE {
            let square = Square::new(row, col);
            out.push(
                match (square.is_some_and(|s| config.contains(s)), square == marked) {
                    (true, true) => '*',
                    (true, false) => 'o',
                    (false, _) => '.',
                },
            );
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing() {
        let c = Config::from_squares(&[Square::new(0, 1).unwrap(), Square::new(7, 7).unwrap()])
            .unwrap();
        let picture = draw(c, Square::new(7, 7));
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[0], ".o......");
        assert_eq!(lines[7], ".......*");
        assert!(lines[1..7].iter().all(|l| *l == "........"));
        assert_eq!(draw(c, None).lines().nth(7), Some(".......o"));
    }
}
