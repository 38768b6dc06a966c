//! A clearing order for a position one move away from a position whose
//! clearing order is known, found by replaying that order, without a
//! search: what lets [`rate`](super::rate) decide most of the pairs on
//! offer at a winnable position without a solve each.
//!
//! The known order is followed *tile by tile* (each tile keeps an id as
//! gravity moves it): the pair just made is dropped from it if the order
//! removes those two tiles together; if the order pairs them with two
//! other tiles, those two are paired with each other instead, at the later
//! of the two steps. Every step of the result is checked by [`Game::play`]
//! as it is made, so an order returned clears the position (it is a
//! certificate, as a solve's); when a step is illegal nothing is claimed
//! and the caller solves.

use grid_core::Pos;

use super::game::{Game, Step};
use super::moves::Move;
use crate::query::Board;
use crate::rules::Rules;

/// No tile in the cell.
const EMPTY: u32 = u32::MAX;

/// The tiles of a board by id, moved along with the tiles.
struct Ids {
    cols: usize,
    /// The id of the tile in each cell (row-major), or [`EMPTY`].
    at: Vec<u32>,
    /// The cell of each id, while it is on the board.
    cell: Vec<usize>,
}

impl Ids {
    fn of(board: &Board) -> Ids {
        let cols = board.cols();
        let mut at = vec![EMPTY; board.rows() * cols];
        let mut cell = Vec::new();
        for (pos, _) in board.tiles() {
            let index = pos.row * cols + pos.col;
            at[index] = cell.len() as u32;
            cell.push(index);
        }
        Ids { cols, at, cell }
    }

    fn id(&self, pos: Pos) -> u32 {
        self.at[pos.row * self.cols + pos.col]
    }

    fn pos(&self, id: u32) -> Pos {
        let index = self.cell[id as usize];
        Pos::new(index / self.cols, index % self.cols)
    }

    /// Follows the last step of `game` (a plain pair removed, then
    /// gravity).
    fn follow(&mut self, game: &Game) {
        let Some(Step::Removed { pair, moved, .. }) = game.history().last() else {
            unreachable!("a removal was just made");
        };
        for pos in [pair.a(), pair.b()] {
            self.at[pos.row * self.cols + pos.col] = EMPTY;
        }
        let ids: Vec<u32> = moved.iter().map(|s| self.id(s.from)).collect();
        for slide in moved {
            self.at[slide.from.row * self.cols + slide.from.col] = EMPTY;
        }
        for (slide, id) in moved.iter().zip(ids) {
            let index = slide.to.row * self.cols + slide.to.col;
            self.at[index] = id;
            self.cell[id as usize] = index;
        }
    }
}

/// A known clearing order of a position, as pairs of tile ids, ready to be
/// adapted to each position one move away.
pub(crate) struct Plan {
    board: Board,
    /// The order's pairs of tile ids ([`Ids::of`] the position).
    pairs: Vec<(u32, u32)>,
}

impl Plan {
    /// The plan of `order`, which clears `board` under `rules` (plain pairs
    /// only: `None` under [`Rules::slide`] or if a step fails).
    pub(crate) fn new(board: &Board, order: &[Move], rules: &Rules) -> Option<Plan> {
        if rules.slide() {
            return None;
        }
        let mut ids = Ids::of(board);
        let mut game = Game::new(board.clone(), rules.clone());
        let mut pairs = Vec::with_capacity(order.len());
        for &pair in order {
            pairs.push((ids.id(pair.a()), ids.id(pair.b())));
            game.play(pair).ok()?;
            ids.follow(&game);
        }
        Some(Plan {
            board: board.clone(),
            pairs,
        })
    }

    /// A clearing order of the position after `made` (a legal plain pair
    /// of the plan's position), adapted from the plan, or `None` when the
    /// adapted order has an illegal step.
    ///
    /// # Complexity
    /// One [`Game::play`] a pair of the order.
    pub(crate) fn after(&self, made: Move, rules: &Rules) -> Option<Vec<Move>> {
        let mut ids = Ids::of(&self.board);
        let (x, y) = (ids.id(made.a()), ids.id(made.b()));
        let mut pairs = self.pairs.clone();
        let holds = |pair: &(u32, u32), id: u32| pair.0 == id || pair.1 == id;
        let with_x = pairs.iter().position(|p| holds(p, x))?;
        let with_y = pairs.iter().position(|p| holds(p, y))?;
        if with_x == with_y {
            pairs.remove(with_x);
        } else {
            let partner = |pair: (u32, u32), id: u32| if pair.0 == id { pair.1 } else { pair.0 };
            let joined = (partner(pairs[with_x], x), partner(pairs[with_y], y));
            let (first, last) = (with_x.min(with_y), with_x.max(with_y));
            pairs[last] = joined;
            pairs.remove(first);
        }
        let mut game = Game::new(self.board.clone(), rules.clone());
        game.play(made).ok()?;
        ids.follow(&game);
        let mut order = Vec::with_capacity(pairs.len());
        for (p, q) in pairs {
            let pair = Move::new(ids.pos(p), ids.pos(q));
            game.play(pair).ok()?;
            ids.follow(&game);
            order.push(pair);
        }
        game.is_cleared().then_some(order)
    }
}
