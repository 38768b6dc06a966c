//! A deal's rating against its re-statement with the references
//! (`reference::rate`: the same random games, every position decided by
//! exhaustive search), the forgiveness interval against the exact chance
//! that a random game clears (`reference::clear_chance`), and deals
//! generated within a band.

use crate::common::{assert_clears, paired_board};
use grid_core::SplitMix64;
use lianliankan::{
    Board, Border, Cancel, Cancelled, Connect, Difficulty, GenerateSpec, Gravity, Groups,
    RateConfig, RatedError, Rules, generate_rated, rate, reference,
};

fn random_rules(rng: &mut SplitMix64) -> Rules {
    let slide = rng.percent(15);
    Rules::judge()
        .with_slide(slide)
        .unwrap()
        .with_turns(if slide {
            1
        } else if rng.percent(70) {
            2
        } else {
            rng.range(0, 3)
        })
        .unwrap()
        .with_border(if !slide && rng.percent(50) {
            Border::Open
        } else {
            Border::Closed
        })
        .unwrap()
        .with_gravity(Gravity::ALL[rng.below(Gravity::ALL.len())])
        .with_groups(if rng.percent(20) {
            "1-2".parse().unwrap()
        } else {
            Groups::none()
        })
        .with_connect(if slide {
            Connect::Standard
        } else {
            Connect::ALL[rng.below(Connect::ALL.len())]
        })
        .unwrap()
}

fn board(rows: &[&[u32]]) -> Board {
    Board::from_rows(rows).unwrap()
}

#[test]
fn rating_matches_its_restatement() {
    let mut rng = SplitMix64::new(0x7261_7465);
    let (mut trapped, mut forced, mut lost, mut cleared_some) = (0, 0, 0, 0);
    for case in 0..1500 {
        let rows = rng.range(1, 4);
        let cols = rng.range(2, 5);
        let pairs = rng.range(1, (rows * cols / 2).min(5));
        let kinds = rng.range(1, 3);
        let deal = paired_board(&mut rng, rows, cols, pairs, kinds);
        let rules = random_rules(&mut rng);
        let plays = rng.range(1, 12) as u32;
        let probes = rng.range(0, 14) as u32;
        let seed = rng.next_u64();
        let config = RateConfig::new()
            .plays(plays)
            .probes(probes)
            .seed(seed)
            .budget(u64::MAX);
        let got = rate(&deal, &rules, &config).unwrap();
        let mut expected = reference::rate(&deal, &rules, plays, probes, seed);
        expected.solves = got.solves;
        let context = || format!("case {case}: {rules:?} on {:?}, {config:?}", deal.to_grid());
        assert_eq!(got, expected, "{}", context());
        assert_eq!(got.undecided, 0, "{}", context());
        assert!(got.cleared <= got.plays && got.positions >= u64::from(got.trapped_games));
        trapped += u32::from(got.trap_positions > 0);
        forced += u32::from(got.forced_positions > 0);
        lost += u32::from(got.winnable == Some(false));
        cleared_some += u32::from(got.cleared > 0 && got.cleared < got.plays);
    }
    // The cases reach every branch: traps, forced positions, lost deals,
    // and deals that some games clear and others do not.
    assert!(
        trapped > 100 && forced > 20 && lost > 100 && cleared_some > 50,
        "{trapped} trapped, {forced} forced, {lost} lost, {cleared_some} mixed"
    );
}

#[test]
fn the_forgiveness_interval_holds_the_exact_chance() {
    let mut rng = SplitMix64::new(0x666f_7267);
    let (mut inside, mut deals, mut error) = (0, 0, 0.0);
    while deals < 300 {
        let (rows, cols) = [(2, 3), (2, 4), (3, 3), (1, 6)][rng.below(4)];
        let deal = paired_board(&mut rng, rows, cols, rows * cols / 2, 2);
        let rules = random_rules(&mut rng);
        let exact = reference::clear_chance(&deal, &rules);
        if exact == 0.0 || exact == 1.0 {
            continue;
        }
        deals += 1;
        let config = RateConfig::new().plays(80).probes(0).seed(rng.next_u64());
        let rating = rate(&deal, &rules, &config).unwrap();
        let (low, high) = rating.forgiveness_interval();
        inside += u32::from(low <= exact && exact <= high);
        error += rating.forgiveness() - exact;
    }
    // A 95% interval: about 285 of 300; far fewer means biased games.
    assert!(
        inside >= 270,
        "{inside} of {deals} intervals hold the exact chance"
    );
    // The estimates are unbiased: their mean error is near 0.
    assert!(
        (error / f64::from(deals)).abs() < 0.02,
        "mean error {}",
        error / f64::from(deals)
    );
}

#[test]
fn the_same_seed_gives_the_same_rating() {
    let deal = lianliankan::deal(&lianliankan::DealSpec::new(6, 8, 12).with_seed(3)).unwrap();
    let rules = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let config = RateConfig::new().plays(40).probes(2).seed(9);
    let first = rate(&deal, &rules, &config).unwrap();
    assert_eq!(first, rate(&deal, &rules, &config).unwrap());
    assert_eq!(
        first.to_string(),
        rate(&deal, &rules, &config).unwrap().to_string()
    );
    assert_eq!(first.plays, 40);
    assert!(first.width_positions >= 40 && first.solves > 0);
}

#[test]
fn a_forced_line_rates_harder_than_a_forgiving_deal() {
    let rules = Rules::default();
    // Every pair side by side: whatever is taken, the rest still clears.
    let forgiving = board(&[&[1, 1, 2, 2], &[3, 3, 4, 4], &[5, 5, 6, 6]]);
    // Found by search and checked by hand (closed border, two turns): at
    // 28 of the 31 probed positions one pair wins and every other loses.
    let forced = board(&[&[1, 2, 3, 1], &[2, 1, 2, 1], &[3, 3, 3, 2]]);
    let config = RateConfig::new().plays(200).probes(20).seed(1);
    let easy = rate(&forgiving, &rules, &config).unwrap();
    let hard = rate(&forced, &rules, &config).unwrap();
    assert_eq!(
        (easy.cleared, easy.trap_positions, easy.score()),
        (200, 0, 0)
    );
    assert_eq!(easy.difficulty(), Difficulty::Easy);
    assert!(
        hard.forgiveness() < 0.2 && hard.forced_rate() > 0.8 && hard.trap_rate() > 0.9,
        "{hard}"
    );
    assert_eq!(hard.earliest_trap, Some(0));
    assert!(
        hard.score() > 60 && hard.difficulty() == Difficulty::Hard,
        "{hard}"
    );
}

#[test]
fn a_lost_deal_scores_100_and_is_not_probed() {
    let rules = Rules::default();
    let crossed = board(&[&[1, 2], &[2, 1]]);
    let rating = rate(&crossed, &rules, &RateConfig::new()).unwrap();
    assert_eq!(rating.winnable, Some(false));
    assert_eq!(
        (rating.probes, rating.positions, rating.score()),
        (0, 0, 100)
    );
    assert!(rating.to_string().contains("cannot be cleared"));
}

#[test]
fn a_cancelled_rating_stops() {
    let cancel = Cancel::new();
    cancel.cancel();
    let deal = lianliankan::deal(&lianliankan::DealSpec::new(6, 8, 12).with_seed(1)).unwrap();
    let config = RateConfig::new().cancel(cancel);
    assert_eq!(rate(&deal, &Rules::default(), &config), Err(Cancelled));
}

#[test]
fn generated_deals_fall_in_their_band_and_their_certificates_replay() {
    let mut found = 0;
    for (rules, kinds) in [
        (Rules::default(), 12),
        (
            Rules::judge()
                .with_border(Border::Open)
                .unwrap()
                .with_gravity(Gravity::Down),
            12,
        ),
        (Rules::judge().with_gravity(Gravity::Left), 12),
        (Rules::judge().with_slide(true).unwrap(), 12),
    ] {
        let spec = GenerateSpec::new(6, 8, kinds)
            .with_seed(5)
            .with_rules(rules.clone());
        let config = RateConfig::new().plays(20).probes(1);
        for band in [0..=24, 25..=100] {
            match generate_rated(&spec, band.clone(), &config, 30) {
                Ok(made) => {
                    found += 1;
                    let score = made.rating.score();
                    assert!(
                        band.contains(&score),
                        "{score} outside {band:?} under {rules:?}"
                    );
                    assert!(made.candidates >= 1 && made.candidates <= 30);
                    assert_clears(&made.generated.board, &rules, &made.generated.certificate);
                    // The rating is the deal's, as `rate` gives it.
                    assert_eq!(
                        made.rating,
                        rate(&made.generated.board, &rules, &config).unwrap()
                    );
                    if found == 1 {
                        let again = generate_rated(&spec, band.clone(), &config, 30).unwrap();
                        assert_eq!(again, made);
                    }
                }
                Err(RatedError::OutOfBand {
                    candidates, scores, ..
                }) => {
                    assert_eq!(candidates, 30);
                    assert!(
                        scores.end() < band.start()
                            || scores.start() > band.end()
                            || scores.start() < band.start() && scores.end() > band.end(),
                        "{scores:?} vs {band:?}"
                    );
                }
                Err(e) => panic!("{e} under {rules:?}"),
            }
        }
    }
    assert!(found >= 6, "{found} of 8 bands found");
}

#[test]
fn an_unreachable_band_is_a_clear_error() {
    // Side by side on an open board: no deal of two kinds can be hard.
    let spec =
        GenerateSpec::new(2, 4, 2).with_rules(Rules::judge().with_border(Border::Open).unwrap());
    let err = generate_rated(&spec, 90..=100, &RateConfig::new().plays(20), 5).unwrap_err();
    assert!(
        matches!(err, RatedError::OutOfBand { candidates: 5, .. }),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(
        text.contains("no deal scored 90-100 in 5 candidates"),
        "{text}"
    );
}
