//! The checks games make instead of solving, and random playouts, against
//! plain references: `kshisen_greedy` against its re-statement with explicit
//! loops (the same pairs in the same order, so the same verdict),
//! `has_move` against `reference::moves`, and each playout's first lost
//! step against `reference::clearable` at every step.

use crate::common::{paired_board, random_board};
use grid_core::{Grid, Pos, SplitMix64};
use lianliankan::{
    Board, Border, Connect, Game, Gravity, Groups, Rules, SolveConfig, has_move, kshisen_greedy,
    playout, reference,
};

fn random_rules(rng: &mut SplitMix64) -> Rules {
    Rules::judge()
        .with_slide(false)
        .unwrap()
        .with_turns(if rng.percent(70) { 2 } else { rng.range(0, 3) })
        .unwrap()
        .with_border(if rng.percent(50) {
            Border::Open
        } else {
            Border::Closed
        })
        .unwrap()
        .with_gravity(Gravity::ALL[rng.below(Gravity::ALL.len())])
        .with_groups(if rng.percent(25) {
            "1-2".parse().unwrap()
        } else {
            Groups::none()
        })
        .with_connect(Connect::ALL[rng.below(Connect::ALL.len())])
        .unwrap()
}

#[test]
fn greedy_matches_its_restatement() {
    let mut rng = SplitMix64::new(0x4b53_6869);
    let (mut accepted, mut rejected, mut crowded) = (0, 0, 0);
    for case in 0..3000 {
        let rows = rng.range(1, 6);
        let cols = rng.range(1, 6);
        // Few kinds on a full board: a kind often has more than four tiles,
        // where KShisen's scan skips some first tiles.
        let kinds = rng.range(1, 5);
        let board = if rng.percent(50) {
            paired_board(&mut rng, rows, cols, rows * cols / 2, kinds)
        } else {
            let fill = rng.range(40, 100) as u32;
            random_board(&mut rng, rows, cols, fill, kinds)
        };
        let rules = random_rules(&mut rng);
        let expected = reference::kshisen_greedy(&board, &rules);
        let got = kshisen_greedy(&board, &rules);
        let context = || format!("case {case}: {rules:?} on {:?}", board.to_grid());
        assert_eq!(got.order, expected, "{}", context());
        // Each pair was a move when it was taken (no gravity: tiles stay),
        // under the standard connection, KShisen's whatever the rules say.
        let standard = rules.clone().with_connect(Connect::Standard).unwrap();
        let mut now = board.clone();
        for pair in &got.order {
            assert!(
                reference::moves(&now, &standard).contains(pair),
                "{pair} illegal: {}",
                context()
            );
            now.set(pair.a(), 0);
            now.set(pair.b(), 0);
        }
        assert_eq!(got.tiles_left, now.tile_count(), "{}", context());
        assert_eq!(got.accepts(), now.tile_count() == 0, "{}", context());
        if board.tile_count() > 0 {
            if got.accepts() {
                accepted += 1;
            } else {
                rejected += 1;
            }
        }
        if (1..=kinds as u32).any(|k| board.tiles().filter(|&(_, t)| t == k).count() > 4) {
            crowded += 1;
        }
        assert_eq!(
            has_move(&board, &rules),
            !reference::moves(&board, &rules).is_empty(),
            "{}",
            context()
        );
    }
    assert!(accepted > 300 && rejected > 300, "{accepted} {rejected}");
    assert!(crowded > 300, "{crowded}");
}

/// KShisen's `done` counter: once four tiles of a kind have been tried as
/// the first of a pair and failed, later tiles of that kind are not tried
/// in that scan, so a pair of two late tiles is missed.
#[test]
fn greedy_skips_a_kind_after_four_failures() {
    // One row, closed border: only the two 1s at the end can go.
    let board = Board::from_rows(&[[1, 2, 1, 2, 1, 2, 1, 2, 1, 1]]).unwrap();
    let rules = Rules::default();
    assert!(has_move(&board, &rules));
    let run = kshisen_greedy(&board, &rules);
    assert!(run.order.is_empty() && run.tiles_left == 10, "{run:?}");
    assert_eq!(reference::kshisen_greedy(&board, &rules), run.order);
    // With only four 1s before them, the last pair is found.
    let board = Board::from_rows(&[[1, 2, 1, 2, 1, 2, 1, 1]]).unwrap();
    let run = kshisen_greedy(&board, &rules);
    assert_eq!(run.order.len(), 1, "{run:?}");
}

/// Column by column, not row by row: the first pair is the one whose first
/// tile comes first in column order.
/// Kinds are any number up to the largest the board takes (the check's
/// per-kind counts are kept for the kinds on the board only).
#[test]
fn greedy_takes_the_largest_kinds() {
    let big = u32::MAX - 1;
    let board = Board::from_rows(&[[big, 1, 1, big]]).unwrap();
    let rules = Rules::judge().with_border(Border::Open).unwrap();
    let run = kshisen_greedy(&board, &rules);
    assert!(run.accepts());
    assert_eq!(run.order.len(), 2);
}

#[test]
fn greedy_scans_columns_first() {
    // Row order would take the 2s of row 0 first; column order meets the
    // 1 at (1, 0) before the 2 at (0, 1).
    let board = Board::from_rows(&[[0, 2, 2], [1, 1, 0]]).unwrap();
    let run = kshisen_greedy(&board, &Rules::default());
    assert_eq!(run.order[0].a(), Pos::new(1, 0), "{run:?}");
    assert!(run.accepts());
}

/// The positions of a game, step by step, replayed with the references:
/// each pair a reference move, gravity by `reference::settle`.
fn positions(board: &Board, rules: &Rules, order: &[lianliankan::Move]) -> Vec<Grid<u32>> {
    let mut grid = board.to_grid();
    let mut all = vec![grid.clone()];
    for pair in order {
        let now = Board::new(&grid).unwrap();
        assert!(
            reference::moves(&now, rules).contains(pair),
            "{pair} illegal on {grid:?}"
        );
        grid[pair.a()] = 0;
        grid[pair.b()] = 0;
        grid = reference::settle(&grid, rules.gravity());
        all.push(grid.clone());
    }
    all
}

#[test]
fn playout_finds_the_first_lost_step() {
    let mut rng = SplitMix64::new(0x4c6f_7374);
    let (mut lost_early, mut lost, mut cleared) = (0, 0, 0);
    let mut cases = 0;
    while cases < 1000 {
        let rows = rng.range(3, 4);
        let cols = rng.range(3, 4);
        let pairs = rng.range(rows * cols / 2 - 1, rows * cols / 2);
        let kinds = rng.range(2, 4);
        let board = paired_board(&mut rng, rows, cols, pairs, kinds);
        // Mostly the closed border, where random play loses more often.
        let mut rules = random_rules(&mut rng);
        if rng.percent(70) {
            rules = rules.with_border(Border::Closed).unwrap();
            rules = rules.with_turns(rng.range(1, 2)).unwrap();
        }
        if !reference::clearable(&board, &rules) {
            continue;
        }
        cases += 1;
        let seed = rng.next_u64();
        let game = playout(&board, &rules, seed, &SolveConfig::new());
        let context = || format!("seed {seed}, {rules:?} on {:?}: {game:?}", board.to_grid());
        assert_eq!(game, playout(&board, &rules, seed, &SolveConfig::new()));
        let steps = positions(&board, &rules, &game.order);
        let last = Board::new(steps.last().unwrap()).unwrap();
        assert!(reference::moves(&last, &rules).is_empty(), "{}", context());
        assert_eq!(game.cleared, last.tile_count() == 0, "{}", context());
        assert!(game.is_decided(), "{}", context());
        let truth = steps
            .iter()
            .position(|g| !reference::clearable(&Board::new(g).unwrap(), &rules));
        if game.cleared {
            cleared += 1;
            assert_eq!(truth, None, "{}", context());
            assert_eq!(
                (game.lost_at(), game.stuck()),
                (None, None),
                "{}",
                context()
            );
        } else {
            lost += 1;
            assert_eq!(game.lost_at(), truth, "{}", context());
            assert_eq!(game.stuck(), Some(game.order.len()), "{}", context());
            if truth < game.stuck() {
                lost_early += 1;
            }
        }
    }
    assert!(
        cleared > 500 && lost > 60 && lost_early > 20,
        "{cleared} {lost} {lost_early}"
    );
}

/// Starved of budget, a playout proves what it says and guesses nothing.
#[test]
fn playout_without_budget_reports_bounds() {
    let mut rng = SplitMix64::new(0x5374_6172);
    let mut open = 0;
    for _ in 0..300 {
        let board = paired_board(&mut rng, 3, 4, 6, 2);
        let rules = random_rules(&mut rng);
        let game = playout(
            &board,
            &rules,
            rng.next_u64(),
            &SolveConfig::new().budget(1),
        );
        let steps = positions(&board, &rules, &game.order);
        let clearable = |s: usize| reference::clearable(&Board::new(&steps[s]).unwrap(), &rules);
        if let Some(w) = game.winnable_through {
            assert!(clearable(w), "{game:?}");
        }
        if let Some(l) = game.lost_from {
            assert!(!clearable(l), "{game:?}");
        }
        if game.lost_at().is_none() && !game.cleared {
            open += 1;
            assert!(!game.is_decided());
        }
    }
    // The budget of one state leaves some undecided: the bounds were used.
    assert!(open > 0);
}

#[test]
fn playout_plays_legal_random_pairs() {
    // The same seed, the same game; another seed, usually another.
    let board = lianliankan::deal(&lianliankan::DealSpec::new(4, 6, 6).with_seed(3)).unwrap();
    let rules = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let config = SolveConfig::new().budget(100_000);
    let games: Vec<_> = (0..8)
        .map(|s| playout(&board, &rules, s, &config))
        .collect();
    assert!(games.windows(2).any(|w| w[0].order != w[1].order));
    for game in &games {
        let mut replay = Game::new(board.clone(), rules.clone());
        for pair in &game.order {
            replay.remove(pair.a(), pair.b()).unwrap();
        }
        assert!(replay.moves().is_empty());
    }
}
