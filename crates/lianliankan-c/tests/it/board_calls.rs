//! A board's questions without a game (`llk_board_can_remove`,
//! `llk_board_path`, `llk_board_hint`) answer what the library's `Board`
//! methods and a game answer, on seeded deals under every rule set.

use std::ptr::null_mut;

use grid_core::SplitMix64;
use lianliankan::{Board, DealSpec, Game, Move, Pos, Rules, deal};
use lianliankan_c::*;

use crate::common::{CBoard, CRules, every_rule, last_error};

fn pair(a: Pos, b: Pos) -> LlkPair {
    LlkPair {
        a: a.into(),
        b: b.into(),
        route: LLK_ROUTE_NONE,
    }
}

/// The path's corners, and frees it.
fn corners(path: *mut LlkPath) -> Vec<(isize, isize)> {
    // SAFETY: a live path from the library.
    let out = unsafe {
        (0..llk_path_len(path))
            .map(|i| {
                let mut corner = LlkPoint { row: 0, col: 0 };
                assert_eq!(llk_path_corner(path, i, &mut corner), LlkStatus::Ok);
                (corner.row, corner.col)
            })
            .collect()
    };
    // SAFETY: as above, freed once.
    unsafe { llk_path_free(path) };
    out
}

#[test]
fn the_board_calls_are_the_librarys() {
    let mut rng = SplitMix64::new(57);
    for (i, rules) in every_rule().into_iter().enumerate() {
        let board: Board = deal(&DealSpec::new(4, 6, 6).with_seed(i as u64)).unwrap();
        let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&rules));
        let game = Game::new(board.clone(), rules.clone());
        // The hint, with its path.
        let mut hint = pair(Pos::new(9, 9), Pos::new(9, 9));
        let mut path = null_mut();
        // SAFETY: live handles, valid out-parameters.
        let has = unsafe { llk_board_hint(c_board.0, c_rules.0, &mut hint, &mut path) };
        match game.hint_path() {
            Some((m, want)) => {
                assert!(has, "{rules:?}");
                assert_eq!((hint.a, hint.b), (LlkPos::from(m.a()), LlkPos::from(m.b())));
                let want: Vec<_> = want.corners().iter().map(|p| (p.row, p.col)).collect();
                assert_eq!(corners(path), want);
            }
            None => assert!(!has && path.is_null()),
        }
        // Random pairs of cells (one row and column past the board too):
        // removable exactly when the game plays them, with the path it
        // draws, or the game's reason.
        for _ in 0..200 {
            let cell = |rng: &mut SplitMix64| Pos::new(rng.range(0, 4), rng.range(0, 6));
            let (a, b) = (cell(&mut rng), cell(&mut rng));
            let played = game.clone().play(Move::new(a, b));
            // SAFETY: live handles.
            let can = unsafe { llk_board_can_remove(c_board.0, c_rules.0, pair(a, b)) };
            assert_eq!(can, played.is_ok(), "{a} {b} {rules:?}");
            let mut path = null_mut();
            // SAFETY: live handles, a valid out-parameter.
            let status = unsafe { llk_board_path(c_board.0, c_rules.0, pair(a, b), &mut path) };
            match played {
                Ok(want) => {
                    assert_eq!(status, LlkStatus::Ok);
                    let want: Vec<_> = want.corners().iter().map(|p| (p.row, p.col)).collect();
                    assert_eq!(corners(path), want);
                }
                Err(why) => {
                    assert_eq!(status, LlkStatus::IllegalStep);
                    assert_eq!(last_error(), why.to_string());
                    assert!(path.is_null());
                }
            }
        }
    }
}

#[test]
fn the_board_calls_refuse_what_is_not_there() {
    let board = Board::from_rows(&[[1, 1]]).unwrap();
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&Rules::default()));
    let ok = pair(Pos::new(0, 0), Pos::new(0, 1));
    let bad_route = LlkPair { route: 7, ..ok };
    // SAFETY: NULL handles and out-parameters are what is tested.
    unsafe {
        assert!(llk_board_can_remove(c_board.0, c_rules.0, ok));
        assert!(!llk_board_can_remove(std::ptr::null(), c_rules.0, ok));
        assert!(!llk_board_can_remove(c_board.0, std::ptr::null(), ok));
        assert!(!llk_board_can_remove(c_board.0, c_rules.0, bad_route));
        assert_eq!(
            llk_board_path(c_board.0, c_rules.0, ok, null_mut()),
            LlkStatus::InvalidArgument
        );
        let mut path = null_mut();
        assert_eq!(
            llk_board_path(c_board.0, c_rules.0, bad_route, &mut path),
            LlkStatus::InvalidArgument
        );
        assert!(path.is_null());
        let mut hint = ok;
        assert!(!llk_board_hint(
            c_board.0,
            c_rules.0,
            null_mut(),
            null_mut()
        ));
        assert!(llk_board_hint(c_board.0, c_rules.0, &mut hint, null_mut()));
        assert_eq!(hint, ok);
    }
}
