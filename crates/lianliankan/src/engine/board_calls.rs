//! The queries a front end asks of a board, as methods of [`Board`]: built
//! once (from rows, a grid or the judge's text), then asked many times,
//! each call at the cost of the library's own algorithm (nothing here
//! searches: every method is a call of `connect`, `game::check`, `moves`).

use grid_core::{Path, Pos};

use super::game::{RemoveError, check};
use super::moves::{Move, moves};
use crate::query::{Board, Connector, OffBoard, connect};
use crate::rules::Rules;

impl Board {
    /// The path joining the tiles at `a` and `b` under `rules` (matching
    /// kinds, turns, border, connection rule), or `None`: the free
    /// function [`connect`](crate::connect) as a method.
    ///
    /// ```
    /// use lianliankan::{Board, Pos, Rules};
    /// let board: Board = "1 4\n1 2 2 1\n".parse().unwrap();
    /// let path = board.connect(Pos::new(0, 1), Pos::new(0, 2), &Rules::default());
    /// assert_eq!(path.unwrap().unwrap().corners().len(), 2);
    /// ```
    ///
    /// # Errors
    /// [`OffBoard`] for a cell off the board.
    ///
    /// # Complexity
    /// As [`connect`](crate::connect): O(rows + cols) for up to two turns.
    pub fn connect(&self, a: Pos, b: Pos, rules: &Rules) -> Result<Option<Path>, OffBoard> {
        connect(self, a, b, rules)
    }

    /// Whether the pair (a plain pair, or a slide under KShisen's rules)
    /// can be removed now, as [`Game::play`](crate::Game::play) would
    /// remove it: both cells on the board, distinct, tiles that match
    /// under the rules' groups, and a path (or a slide) joining them.
    ///
    /// ```
    /// use lianliankan::{Board, Move, Pos, Rules};
    /// let board: Board = "1 3\n1 2 1\n".parse().unwrap();
    /// let ends = Move::new(Pos::new(0, 0), Pos::new(0, 2));
    /// // The 2 is in the way on the board; around it, over the open border.
    /// assert!(!board.can_remove(ends, &Rules::default()));
    /// let open = Rules::default().with_border(lianliankan::Border::Open).unwrap();
    /// assert!(board.can_remove(ends, &open));
    /// ```
    ///
    /// # Complexity
    /// As [`Board::connect`], or O(rows + cols) for a slide.
    #[must_use]
    pub fn can_remove(&self, pair: Move, rules: &Rules) -> bool {
        self.path(pair, rules).is_ok()
    }

    /// The path [`Game::play`](crate::Game::play) would draw for `pair`
    /// (a slide's runs, then the path to the second tile), or why it cannot
    /// be removed now.
    ///
    /// # Errors
    /// [`RemoveError`], as [`Game::play`](crate::Game::play) refuses.
    ///
    /// # Complexity
    /// As [`Board::can_remove`].
    pub fn path(&self, pair: Move, rules: &Rules) -> Result<Path, RemoveError> {
        let cells = (pair.a(), pair.b(), pair.route());
        check(self, cells, rules, &mut Connector::new()).map(|(path, _)| path)
    }

    /// Every pair that can be removed now: the free function
    /// [`moves`](crate::moves) as a method.
    ///
    /// # Complexity
    /// As [`moves`](crate::moves).
    #[must_use]
    pub fn moves(&self, rules: &Rules) -> Vec<Move> {
        moves(self, rules)
    }

    /// One pair that can be removed now (the first of [`Board::moves`],
    /// the one [`Game::hint`](crate::Game::hint) gives), with the path that
    /// joins it, or `None` when there is none.
    ///
    /// # Complexity
    /// As [`Board::moves`], plus one [`Board::path`].
    #[must_use]
    pub fn hint(&self, rules: &Rules) -> Option<(Move, Path)> {
        self.moves(rules)
            .into_iter()
            .find_map(|pair| Some((pair, self.path(pair, rules).ok()?)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::{DealSpec, deal};
    use crate::{Border, Game, reference};

    /// The methods answer what the game and the brute-force reference do,
    /// on many seeded deals under two borders.
    #[test]
    fn the_methods_agree_with_the_game_and_the_reference() {
        for seed in 0..40 {
            let board = deal(&DealSpec::new(6, 8, 6).with_seed(seed)).unwrap();
            for rules in [
                Rules::default(),
                Rules::default().with_border(Border::Open).unwrap(),
            ] {
                let game = Game::new(board.clone(), rules.clone());
                assert_eq!(board.moves(&rules), game.moves());
                assert_eq!(board.hint(&rules), game.hint_path());
                for (a, _) in board.tiles() {
                    for (b, _) in board.tiles() {
                        let pair = Move::new(a, b);
                        let removable = board.can_remove(pair, &rules);
                        let mut played = game.clone();
                        assert_eq!(removable, played.play(pair).is_ok(), "{a} {b}");
                        let reached = reference::min_turns(&board, a, b, &rules).is_some();
                        assert_eq!(
                            board.connect(a, b, &rules).unwrap().is_some(),
                            reached,
                            "{a} {b}"
                        );
                    }
                }
            }
        }
    }
}
