//! The one size limit of the boards the engine makes, every kind dealt,
//! and a `generate` that a cancel token stops.

use std::time::Duration;

use lianliankan::{
    Board, BoardError, Cancel, DealSpec, GenerateError, GenerateSpec, Grid, MAX_CELLS, MAX_COLS,
    MAX_GENERATE_CELLS, MAX_ROWS, RateConfig, RatedError, Rules, deal, generate, generate_rated,
    generate_with,
};

#[test]
fn sizes_beyond_the_limit_are_refused_by_every_maker() {
    let too_large = |rows, cols| GenerateError::TooLarge { rows, cols };
    for (rows, cols) in [
        (1001, 1000),
        (1001, 1),
        (1, 1001),
        (100_000, 100_000),
        (usize::MAX, 2),
        (2, usize::MAX),
    ] {
        assert_eq!(
            deal(&DealSpec::new(rows, cols, 4)),
            Err(too_large(rows, cols))
        );
        assert_eq!(
            generate(&GenerateSpec::new(rows, cols, 4)),
            Err(too_large(rows, cols))
        );
        match generate_rated(
            &GenerateSpec::new(rows, cols, 4),
            0..=100,
            &RateConfig::new(),
            1,
        ) {
            Err(RatedError::Generate(e)) => assert_eq!(e, too_large(rows, cols)),
            other => panic!("{rows} x {cols}: {other:?}"),
        }
    }
    assert_eq!(
        too_large(2000, 2000).to_string(),
        "a 2000 x 2000 board is larger than the largest board, 1000 x 1000"
    );
    // At the limit a deal is made.
    assert_eq!((MAX_ROWS, MAX_COLS, MAX_CELLS), (1000, 1000, 1_000_000));
    let board = deal(&DealSpec::new(1000, 1000, 1000).with_seed(3)).unwrap();
    assert_eq!(board.tile_count(), MAX_CELLS);
}

/// Every constructor of a board refuses one past the limit (one row or
/// column too many), before reading its kinds, and takes one at it.
#[test]
fn boards_beyond_the_limit_are_refused_by_every_constructor() {
    for (rows, cols) in [
        (MAX_ROWS + 1, 1),
        (1, MAX_COLS + 1),
        (MAX_ROWS + 1, MAX_COLS),
    ] {
        let refused = BoardError::TooLarge { rows, cols };
        let grid = Grid::new(rows, cols, 1u32);
        assert_eq!(Board::new(&grid), Err(refused.clone()));
        let row_list: Vec<Vec<u32>> = vec![vec![1; cols]; rows];
        assert_eq!(Board::from_rows(&row_list), Err(refused.clone()));
        let text = format!(
            "{rows} {cols}\n{}0\n",
            format!("{}\n", vec!["1"; cols].join(" ")).repeat(rows)
        );
        assert!(text.parse::<Board>().is_err(), "{rows} x {cols} parsed");
        assert_eq!(
            refused.to_string(),
            format!("a {rows} x {cols} board is larger than the largest board, 1000 x 1000")
        );
    }
    let widest = Board::from_rows(&[vec![1u32; MAX_COLS]]).unwrap();
    assert_eq!(widest.cols(), MAX_COLS);
    let tallest = Board::new(&Grid::new(MAX_ROWS, 1, 0)).unwrap();
    assert_eq!(tallest.rows(), MAX_ROWS);
}

/// `generate` refuses past its own limit, with its own message, and makes a
/// board at it.
#[test]
fn generate_refuses_past_its_own_limit() {
    assert_eq!(MAX_GENERATE_CELLS, 10_000);
    for (rows, cols) in [(101, 100), (100, 101), (1000, 11), (1, 1000)] {
        let within_boards = rows * cols <= MAX_CELLS;
        assert!(within_boards);
        let refused = generate(&GenerateSpec::new(rows, cols, 4));
        if rows * cols > MAX_GENERATE_CELLS {
            assert_eq!(refused, Err(GenerateError::GenerateTooLarge { rows, cols }));
        } else {
            assert!(refused.is_ok(), "{rows} x {cols}: {refused:?}");
        }
    }
    assert_eq!(
        GenerateError::GenerateTooLarge {
            rows: 101,
            cols: 100
        }
        .to_string(),
        "a 101 x 100 board has more than 10000 cells, the most a generated board may have"
    );
    // A deal, which costs O(rows·cols), goes up to the board limit.
    assert!(deal(&DealSpec::new(101, 100, 4).with_seed(1)).is_ok());
}

#[test]
fn a_deal_deals_every_kind_asked_for_or_refuses() {
    assert_eq!(
        deal(&DealSpec::new(6, 8, 100)),
        Err(GenerateError::DealKinds {
            kinds: 100,
            groups: 12,
            copies: 4
        })
    );
    assert_eq!(
        deal(&DealSpec::new(6, 8, 100)).unwrap_err().to_string(),
        "100 kinds cannot all be dealt in 12 groups of 4 tiles (1 to 12 allowed)"
    );
    assert!(deal(&DealSpec::new(6, 8, 0)).is_err());
    let board = deal(&DealSpec::new(6, 8, 12).with_seed(1)).unwrap();
    for kind in 1..=12 {
        assert_eq!(board.tiles().filter(|&(_, k)| k == kind).count(), 4);
    }
    assert!(deal(&DealSpec::new(6, 8, 24).with_copies(2)).is_ok());
    assert!(deal(&DealSpec::new(6, 8, 25).with_copies(2)).is_err());
}

#[test]
fn a_cancelled_generate_stops_with_cancelled() {
    // Seconds of work under every construction (backwards; forwards under
    // gravity; by moves under four-rivers) at the largest size generated,
    // stopped from another thread after 100 ms.
    for rules in [
        Rules::judge(),
        Rules::kshisen(),
        Rules::judge()
            .with_connect(lianliankan::Connect::FourRivers)
            .unwrap()
            .with_border(lianliankan::Border::Open)
            .unwrap(),
    ] {
        let cancel = Cancel::new();
        let stopper = {
            let cancel = cancel.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                cancel.cancel();
            })
        };
        let spec = GenerateSpec::new(100, 100, 40).with_rules(rules.clone());
        assert_eq!(
            generate_with(&spec, &cancel),
            Err(GenerateError::Cancelled),
            "{rules:?}"
        );
        stopper.join().unwrap();
    }
    // Not cancelled, the same spec as `generate`.
    let spec = GenerateSpec::new(6, 8, 6)
        .with_seed(5)
        .with_rules(Rules::kshisen());
    assert_eq!(generate_with(&spec, &Cancel::new()), generate(&spec));
}
