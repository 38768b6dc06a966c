//! Seeded random boards and a replay check shared by the engine tests.

use lianliankan::{Board, Game, Move, Rules, Solution, reference, solve};

/// A board with `fill` percent tiles of kinds 1..=kinds.
pub use lianliankan::reference::random_board;

/// A board of `pairs` pairs of kinds 1..=kinds on random cells.
pub use lianliankan::reference::paired_board;

/// Replays `order` through `Game::remove` (each pair on the board as it is
/// then) and checks that it clears `board`.
pub fn assert_clears(board: &Board, rules: &Rules, order: &[Move]) {
    let mut game = Game::new(board.clone(), rules.clone());
    for (k, pair) in order.iter().enumerate() {
        if let Err(e) = game.play(*pair) {
            panic!("step {k} {pair}: {e} ({rules:?} on {board:?})");
        }
    }
    assert!(game.is_cleared(), "{rules:?} on {board:?}");
}

/// Whether `board` can be cleared under `rules`, as `solve` says without a
/// budget, checked against the exhaustive search: the same verdict, and a
/// found order replayed.
pub fn solve_checked(board: &Board, rules: &Rules) -> bool {
    let truth = reference::clearable(board, rules);
    match solve(board, rules, u64::MAX) {
        Solution::Solved(order) => {
            assert!(
                truth,
                "solved, but the reference says no: {rules:?} {board:?}"
            );
            assert_clears(board, rules, &order);
            true
        }
        Solution::Unsolvable => {
            assert!(!truth, "{rules:?} {board:?} is clearable");
            false
        }
        other => panic!("no budget limit was set, nothing cancels: {other:?}"),
    }
}
