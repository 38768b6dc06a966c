//! The fast `connect` against the brute-force search over (cell, heading,
//! turns used), on seeded random boards and queries.

use grid_core::reference::{check_path, min_length_with_turns};
use grid_core::{Grid, Pos, SplitMix64};
use lianliankan::{Board, Border, Connector, Rules, reference};

fn random_board(rng: &mut SplitMix64) -> Board {
    let rows = rng.range(1, 15);
    let cols = rng.range(1, 15);
    let density = rng.range(10, 90) as u32;
    let kinds = rng.range(1, 5) as u32;
    let cells = (0..rows * cols)
        .map(|_| {
            if rng.percent(density) {
                1 + rng.below(kinds as usize) as u32
            } else {
                0
            }
        })
        .collect();
    Board::new(&Grid::from_vec(rows, cols, cells).unwrap()).unwrap()
}

/// Mostly pairs of tiles of one kind (the interesting queries), some of
/// anything at all.
fn random_query(rng: &mut SplitMix64, board: &Board) -> (Pos, Pos) {
    let any = |rng: &mut SplitMix64| Pos::new(rng.below(board.rows()), rng.below(board.cols()));
    let a = any(rng);
    if rng.percent(20) {
        return (a, any(rng));
    }
    let kind = board.kind(a).unwrap();
    let twins: Vec<Pos> = board
        .tiles()
        .filter(|&(_, k)| k == kind)
        .map(|(p, _)| p)
        .collect();
    if kind == 0 || twins.is_empty() {
        return (a, any(rng));
    }
    (a, twins[rng.below(twins.len())])
}

#[test]
fn matches_brute_force() {
    let mut rng = SplitMix64::new(0x1175);
    let mut connector = Connector::new();
    let (mut yes, mut no, mut queries) = (0, 0, 0);
    let mut by_turns = [0usize; 5];
    while queries < 60_000 {
        let board = random_board(&mut rng);
        let border = if rng.percent(50) {
            Border::Open
        } else {
            Border::Closed
        };
        let (grid, shift) = reference::search_grid(&board, border);
        for _ in 0..8 {
            let rules = Rules {
                max_turns: rng.below(5),
                border,
            };
            let (a, b) = random_query(&mut rng, &board);
            queries += 1;
            let expected = reference::min_turns(&board, a, b, &rules);
            let got = connector.connect(&board, a, b, &rules).unwrap();
            let context = || format!("{a} -> {b}, {rules:?}, board {:?}", board.to_grid());
            assert_eq!(got.as_ref().map(|p| p.turns()), expected, "{}", context());
            let Some(path) = got else {
                no += 1;
                continue;
            };
            yes += 1;
            by_turns[path.turns()] += 1;
            // Replay the path on the reference's grid.
            let corners: Vec<Pos> = path
                .corners()
                .iter()
                .map(|p| {
                    let row = usize::try_from(p.row + shift as isize).expect("ring only when open");
                    let col = usize::try_from(p.col + shift as isize).expect("ring only when open");
                    Pos::new(row, col)
                })
                .collect();
            let moved = |p: Pos| Pos::new(p.row + shift, p.col + shift);
            let free = |&k: &u32| k == 0;
            let length = check_path(&grid, free, moved(a), moved(b), &corners, path.turns())
                .unwrap_or_else(|e| panic!("illegal path {e}: {}", context()));
            assert_eq!(length, path.length());
            assert_eq!(
                Some(length),
                min_length_with_turns(&grid, free, moved(a), moved(b), path.turns()),
                "not the shortest fewest-turn path: {}",
                context()
            );
        }
    }
    assert!(yes > 6_000 && no > 6_000, "yes {yes}, no {no}");
    assert!(
        by_turns[..3].iter().all(|&n| n > 500) && by_turns[3] > 100,
        "{by_turns:?}"
    );
}

#[test]
fn spec_trap_boards() {
    #[rustfmt::skip]
    let first = Board::from_rows(&[
        [1, 1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 2, 0, 0],
        [0, 0, 0, 1, 0, 0, 0],
        [0, 0, 0, 1, 0, 0, 0],
        [0, 0, 0, 0, 0, 1, 0],
        [0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 1, 0, 0],
        [0, 0, 0, 0, 2, 0, 0],
        [0, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 0],
    ]).unwrap();
    let judge = Rules::default();
    let path = lianliankan::connect(&first, Pos::new(1, 4), Pos::new(7, 4), &judge)
        .unwrap()
        .unwrap();
    assert_eq!(path.turns(), 2);
    #[rustfmt::skip]
    let second = Board::from_rows(&[
        [0, 2, 2, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 2, 0, 0],
        [0, 0, 0, 0, 0, 2, 0, 2, 0],
        [0, 1, 0, 1, 0, 0, 0, 0, 0],
    ]).unwrap();
    assert!(
        lianliankan::connect(&second, Pos::new(1, 6), Pos::new(0, 1), &judge)
            .unwrap()
            .is_none()
    );
}
