//! Unit tests of the move lists: the free-line sweeps against one reach
//! search per tile.

use grid_core::{Grid, SplitMix64};

use super::two_turns::{two_turn_moves, two_turn_moves_within};
use super::*;
use crate::reference::random_board;
use crate::rules::{Border, Groups};

/// The free-line enumeration against one reach per tile, on random
/// boards from empty to full, both borders, with and without groups.
#[test]
fn free_lines_find_what_reaches_find() {
    let mut rng = SplitMix64::new(0x6c69_6e65);
    let mut pairs = 0;
    for _ in 0..3000 {
        let (rows, cols) = (rng.range(1, 16), rng.range(1, 16));
        let fill = rng.range(0, 100) as u32;
        let kinds = rng.range(1, 6);
        let board = random_board(&mut rng, rows, cols, fill, kinds);
        let rules = Rules::default()
            .with_border(if rng.percent(50) {
                Border::Open
            } else {
                Border::Closed
            })
            .unwrap()
            .with_groups(if rng.percent(30) {
                "1-2,3+5".parse().unwrap()
            } else {
                Groups::none()
            });
        assert_both_ways_find(&board, &rules);
        pairs += reach_moves(&board, &rules).len();
    }
    assert!(pairs > 50_000, "{pairs}");
}

/// `two_turn_moves` with a table, and with a list (no table fits no
/// word), both against one reach per tile.
fn assert_both_ways_find(board: &Board, rules: &Rules) {
    let expected = reach_moves(board, rules);
    assert_eq!(
        two_turn_moves(board, rules),
        expected,
        "{rules:?} {board:?}"
    );
    assert_eq!(
        two_turn_moves_within(board, rules, 0),
        expected,
        "list: {rules:?} {board:?}"
    );
}

fn both_borders() -> [Rules; 2] {
    [Border::Closed, Border::Open].map(|border| Rules::default().with_border(border).unwrap())
}

/// Every board of up to six cells in a line, two by three or three by
/// two, of two kinds: single cells, lines (one free run or none across
/// them), empty and full boards.
#[test]
fn every_small_board() {
    for (rows, cols) in [(1, 1), (1, 2), (2, 1), (1, 6), (6, 1), (2, 3), (3, 2)] {
        for code in 0..3usize.pow((rows * cols) as u32) {
            let cells = (0..rows * cols)
                .map(|i| (code / 3usize.pow(i as u32) % 3) as u32)
                .collect();
            let board = Board::new(&Grid::from_vec(rows, cols, cells).unwrap()).unwrap();
            for rules in both_borders() {
                assert_both_ways_find(&board, &rules);
            }
        }
    }
}

/// Classes of more than 64 and 128 tiles (rows of the table of several
/// words, its blocks made symmetric across words), on larger boards.
#[test]
fn large_classes() {
    let mut rng = SplitMix64::new(0x6269_6773);
    let mut largest = 0;
    for _ in 0..12 {
        let (rows, cols) = (rng.range(12, 30), rng.range(12, 30));
        let fill = rng.range(20, 100) as u32;
        let kinds = rng.range(1, 3);
        let board = random_board(&mut rng, rows, cols, fill, kinds);
        for rules in both_borders() {
            assert_both_ways_find(&board, &rules);
        }
        for kind in 1..=kinds as u32 {
            largest = largest.max(board.tiles().filter(|&(_, k)| k == kind).count());
        }
    }
    assert!(largest > 200, "{largest}");
}
