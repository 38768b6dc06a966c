//! The fast `connect` against the brute-force search over (cell, heading,
//! turns used), on seeded random boards and queries.

use grid_core::{Grid, Pos, SplitMix64};
use lianliankan::{Batch, Board, BoardError, Border, Connector, Groups, Rules, reference};

fn random_board(rng: &mut SplitMix64) -> Board {
    let rows = rng.range(1, 15);
    let cols = rng.range(1, 15);
    let density = rng.range(10, 90) as u32;
    let kinds = rng.range(1, 5);
    reference::random_board(rng, rows, cols, density, kinds)
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

/// Matching groups a third of the time (kinds 1 and 2 match, and 3 and 5).
fn random_groups(rng: &mut SplitMix64) -> Groups {
    if rng.percent(33) {
        "1-2,3+5".parse().unwrap()
    } else {
        Groups::none()
    }
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
        for _ in 0..8 {
            let rules = Rules::judge()
                .with_turns(rng.below(5))
                .unwrap()
                .with_border(border)
                .unwrap()
                .with_groups(random_groups(&mut rng));
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
            if let Err(fault) = reference::check_path(&board, a, b, &path, &rules) {
                panic!("{fault}: {}", context());
            }
        }
    }
    assert!(yes > 6_000 && no > 6_000, "yes {yes}, no {no}");
    assert!(
        by_turns[..3].iter().all(|&n| n > 500) && by_turns[3] > 100,
        "{by_turns:?}"
    );
}

/// Two hand-made boards where a search that cuts corners errs: the 2s of
/// the first, a 1 between them in their column, join with two turns; the
/// two 2s asked of the second have no path of two turns.
#[test]
fn trap_boards() {
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

/// A board of 1..=`max_side` rows and columns (often one of them 1), with
/// anything from a few tiles to nearly full, of few kinds so that most
/// queries pair equal tiles.
fn random_batch_board(rng: &mut SplitMix64, max_side: usize) -> Board {
    let side = |rng: &mut SplitMix64| {
        if rng.percent(15) {
            1
        } else {
            rng.range(1, max_side)
        }
    };
    let (rows, cols) = (side(rng), side(rng));
    let density = if rng.percent(60) {
        rng.range(2, 45)
    } else {
        rng.range(45, 95)
    } as u32;
    let kinds = rng.range(1, 3);
    let cells = (0..rows * cols)
        .map(|_| {
            if rng.percent(density) {
                1 + rng.below(kinds) as u32
            } else {
                0
            }
        })
        .collect();
    Board::new(&Grid::from_vec(rows, cols, cells).unwrap()).unwrap()
}

/// `a` and, mostly, a tile of its kind (any tile otherwise).
fn twin_query(rng: &mut SplitMix64, tiles: &[(Pos, u32)], a: Pos) -> (Pos, Pos) {
    let kind = tiles.iter().find(|t| t.0 == a).map(|t| t.1);
    let twins: Vec<Pos> = tiles
        .iter()
        .filter(|t| Some(t.1) == kind || rng.percent(5))
        .map(|t| t.0)
        .collect();
    match twins.len() {
        0 => (a, a),
        n => (a, twins[rng.below(n)]),
    }
}

/// `Batch` answers a board's queries together by sweeps; every path must be
/// the one `Connector` gives (itself checked against brute force above),
/// corner for corner, for every rule, with repeated and shared ends.
#[test]
fn batch_gives_the_connectors_paths() {
    let mut rng = SplitMix64::new(0xBA7C);
    let mut connector = Connector::new();
    let mut batch = Batch::new();
    let (mut yes, mut queries) = (0, 0);
    let mut by_turns = [0usize; 5];
    for round in 0..2_500 {
        let max_side = match round % 50 {
            0 => 120,
            n if n % 10 == 0 => 40,
            _ => 12,
        };
        let board = random_batch_board(&mut rng, max_side);
        let rules = Rules::judge()
            .with_turns(rng.below(5))
            .unwrap()
            .with_border(if rng.percent(50) {
                Border::Open
            } else {
                Border::Closed
            })
            .unwrap()
            .with_groups(random_groups(&mut rng));
        let tiles: Vec<(Pos, u32)> = board.tiles().collect();
        let count = rng.range(0, 60);
        let mut asked: Vec<(Pos, Pos)> = Vec::new();
        for _ in 0..count {
            // Some queries repeat an earlier one or share an end with it.
            let query = match asked.last() {
                Some(&(a, b)) if rng.percent(10) => (a, b),
                Some(&(a, _)) if rng.percent(10) => (a, twin_query(&mut rng, &tiles, a).1),
                _ => {
                    let a = if tiles.is_empty() || rng.percent(10) {
                        Pos::new(rng.below(board.rows()), rng.below(board.cols()))
                    } else {
                        tiles[rng.below(tiles.len())].0
                    };
                    twin_query(&mut rng, &tiles, a)
                }
            };
            asked.push(query);
        }
        let grid = board.to_grid();
        batch.set_board(&grid, rules.clone()).unwrap();
        // The batch keeps the tiles, not the grid: every kind as given.
        assert_eq!(batch.to_grid(), grid);
        for _ in 0..20 {
            let p = Pos::new(rng.below(board.rows() + 1), rng.below(board.cols() + 1));
            assert_eq!(batch.kind(p), board.kind(p), "{p}");
        }
        batch.answer(&asked).unwrap();
        assert_eq!(batch.len(), asked.len());
        for (i, &(a, b)) in asked.iter().enumerate() {
            let expected = connector.connect(&board, a, b, &rules).unwrap();
            let got = batch.path(i);
            assert_eq!(batch.is_match(i), got.is_some());
            assert_eq!(
                got, expected,
                "query {i}: {a} -> {b}, {rules:?}, board {grid:?}"
            );
            if i % 8 == 0 {
                assert_eq!(
                    got.as_ref().map(|p| p.turns()),
                    reference::min_turns(&board, a, b, &rules)
                );
            }
            queries += 1;
            if let Some(path) = got {
                yes += 1;
                by_turns[path.turns()] += 1;
            }
        }
    }
    assert!(
        queries > 60_000 && yes > 15_000,
        "{queries} queries, {yes} yes"
    );
    assert!(
        by_turns[..3].iter().all(|&n| n > 3_000) && by_turns[3] > 500,
        "{by_turns:?}"
    );
}

#[test]
fn batch_rejects_a_query_off_the_board() {
    let grid = Grid::from_vec(1, 2, vec![1, 1]).unwrap();
    let mut batch = Batch::new();
    batch.set_board(&grid, Rules::default()).unwrap();
    let err = batch
        .answer(&[
            (Pos::new(0, 0), Pos::new(0, 1)),
            (Pos::new(0, 0), Pos::new(1, 0)),
        ])
        .unwrap_err();
    assert_eq!(err.pos, Pos::new(1, 0));
    batch.answer(&[(Pos::new(0, 0), Pos::new(0, 1))]).unwrap();
    assert_eq!(batch.path(0).unwrap().turns(), 0);
    assert_eq!(batch.to_grid().cells(), &[1, 1]);
    batch.answer(&[]).unwrap();
    assert!(batch.is_empty());
    // The largest u32 is not a kind (as for `Board`); the batch is left empty.
    let too_large = Grid::from_vec(1, 2, vec![1, u32::MAX]).unwrap();
    assert_eq!(
        batch.set_board(&too_large, Rules::default()),
        Err(BoardError::KindTooLarge {
            pos: Pos::new(0, 1)
        })
    );
    assert_eq!(batch.size(), (0, 0));
}
