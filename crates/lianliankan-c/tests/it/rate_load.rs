//! The rating entry points under load: the worst arguments, and one
//! board rated by many threads at once (split from `rate`, whose helpers
//! it uses).

use lianliankan::{Board, DealSpec, Gravity, Rules};
use lianliankan_c::*;

use crate::common::{CBoard, CRules, last_error};
use crate::rate::{assert_same, c_generate_rated, c_rate, library_config, unwritten};

#[test]
fn no_panic_escapes_on_the_worst_rating_arguments() {
    let rules = CRules::of(&Rules::default());
    let tiny = LlkRateConfig {
        plays: 2,
        probes: u32::MAX,
        seed: u64::MAX,
        budget: 0,
        deal_budget: 0,
        ..llk_rate_config_default()
    };
    for (rows, cols, kinds) in [
        (0, 0, 0),
        (0, 6, 3),
        (4, 0, 3),
        (2, 2, 0),
        (2, 2, u32::MAX),
        (1, 3, 1),
        (2, 3, 1),
        (4, 6, 12),
    ] {
        for band in [(0, 100), (100, 100), (0, 0)] {
            let made = c_generate_rated((rows, cols, kinds, u64::MAX), &rules, band, 3, &tiny);
            if let Err(status) = made {
                assert_ne!(status, LlkStatus::Internal, "{}", last_error());
            }
        }
    }
    // Boards of one tile, one row, no pair: rated, with any settings.
    for board in [
        Board::from_rows(&[[1]]).unwrap(),
        Board::from_rows(&[[0, 0]]).unwrap(),
        Board::from_rows(&[[1, 2, 3]]).unwrap(),
    ] {
        let c = c_rate(&CBoard::of(&board), &rules, Some(&tiny));
        let rust = lianliankan::rate(&board, &Rules::default(), &library_config(&tiny)).unwrap();
        assert_same(&c, &rust, &board.to_string());
    }
}

#[test]
fn one_board_is_rated_on_many_threads_at_once() {
    let board = lianliankan::deal(&DealSpec::new(4, 6, 6).with_seed(9)).unwrap();
    let rules = Rules::judge().with_gravity(Gravity::Down);
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&rules));
    let config = LlkRateConfig {
        plays: 10,
        probes: 2,
        ..llk_rate_config_default()
    };
    let alone = c_rate(&c_board, &c_rules, Some(&config));
    // The handles are only read: shared as addresses.
    let (b, r) = (c_board.0 as usize, c_rules.0 as usize);
    let ratings: Vec<LlkRating> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(move || {
                    // (A config holds a pointer, `progress_user`: made on
                    // each thread.)
                    let config = LlkRateConfig {
                        plays: 10,
                        probes: 2,
                        ..llk_rate_config_default()
                    };
                    let mut out = unwritten();
                    // SAFETY: live handles for the scope, a writable rating.
                    let status = unsafe {
                        llk_rate(
                            b as *const LlkBoard,
                            r as *const LlkRules,
                            &config,
                            std::ptr::null(),
                            &mut out,
                        )
                    };
                    assert_eq!(status, LlkStatus::Ok);
                    out
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(ratings.iter().all(|r| *r == alone));
}
