//! The one size limit of the boards the engine makes, every kind dealt,
//! and a `generate` that a cancel token stops.

use std::time::Duration;

use lianliankan::{
    Cancel, DealSpec, GenerateError, GenerateSpec, MAX_CELLS, RateConfig, RatedError, Rules, deal,
    generate, generate_rated, generate_with,
};

#[test]
fn sizes_beyond_the_limit_are_refused_by_every_maker() {
    let too_large = |rows, cols| GenerateError::TooLarge { rows, cols };
    for (rows, cols) in [
        (1001, 1000),
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
        "a 2000 x 2000 board has more than 1000000 cells"
    );
    // At the limit a deal is made.
    assert_eq!(MAX_CELLS, 1_000_000);
    let board = deal(&DealSpec::new(1000, 1000, 1000).with_seed(3)).unwrap();
    assert_eq!(board.tile_count(), MAX_CELLS);
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
    // Minutes of work under every construction (backwards; forwards under
    // gravity; by moves under four-rivers), stopped from another thread.
    for rules in [
        Rules::judge(),
        Rules::kshisen(),
        Rules::judge()
            .with_connect(lianliankan::Connect::FourRivers)
            .with_border(lianliankan::Border::Open),
    ] {
        let cancel = Cancel::new();
        let stopper = {
            let cancel = cancel.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                cancel.cancel();
            })
        };
        let spec = GenerateSpec::new(300, 300, 40).with_rules(rules.clone());
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
