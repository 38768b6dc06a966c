//! `LlkGame` and `llk_moves` against the library's `Game` and the
//! reference's every-move search.

use std::ptr::{null, null_mut};

use grid_core::SplitMix64;
use lianliankan::{Board, Pos, Rules, reference};
use lianliankan_c::*;

use crate::common::{CBoard, CRules, every_rule, last_error};

/// The game's board now, cell by cell through the C API.
fn kinds(game: *const LlkGame, rows: usize, cols: usize) -> Vec<u32> {
    let mut all = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            let mut kind = u32::MAX;
            // SAFETY: a live game and a writable kind.
            let status = unsafe { llk_game_get(game, LlkPos { row, col }, &mut kind) };
            assert_eq!(status, LlkStatus::Ok, "{}", last_error());
            all.push(kind);
        }
    }
    all
}

/// Every move, through `llk_moves` (count first, then the pairs).
fn moves_of(board: *const LlkBoard, rules: *const LlkRules) -> Vec<(Pos, Pos)> {
    let mut count = usize::MAX;
    // SAFETY: live handles, no buffer with cap 0, a writable count.
    let status = unsafe { llk_moves(board, rules, null_mut(), 0, &mut count) };
    assert_eq!(status, LlkStatus::Ok, "{}", last_error());
    let origin = LlkPos { row: 0, col: 0 };
    let mut buf = vec![
        LlkPair {
            a: origin,
            b: origin,
            route: 0,
        };
        count
    ];
    let mut again = 0;
    // SAFETY: `count` writable pairs.
    let status = unsafe { llk_moves(board, rules, buf.as_mut_ptr(), count, &mut again) };
    assert_eq!(status, LlkStatus::Ok);
    assert_eq!(again, count);
    buf.iter()
        .map(|p| (Pos::new(p.a.row, p.a.col), Pos::new(p.b.row, p.b.col)))
        .collect()
}

#[test]
fn moves_agree_with_the_reference() {
    let mut rng = SplitMix64::new(4);
    for case in 0..500 {
        let rules = &every_rule()[rng.below(26)];
        let (rows, cols) = (rng.range(1, 6), rng.range(1, 6));
        let board = reference::random_board(&mut rng, rows, cols, 70, 4);
        let (c_board, c_rules) = (CBoard::of(&board), CRules::of(rules));
        let want: Vec<(Pos, Pos)> = reference::moves(&board, rules)
            .into_iter()
            .map(|m| (m.a(), m.b()))
            .collect();
        assert_eq!(moves_of(c_board.0, c_rules.0), want, "case {case}");
    }
}

#[test]
fn a_short_buffer_gets_the_first_moves_and_the_whole_count() {
    let board = Board::from_rows(&[[1, 1, 2, 2], [3, 3, 0, 0]]).unwrap();
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&Rules::default()));
    let origin = LlkPos { row: 9, col: 9 };
    let mut buf = [LlkPair {
        a: origin,
        b: origin,
        route: 0,
    }; 3];
    let mut count = 0;
    // SAFETY: three writable pairs, of which two are offered.
    let status = unsafe { llk_moves(c_board.0, c_rules.0, buf.as_mut_ptr(), 2, &mut count) };
    assert_eq!(status, LlkStatus::Ok);
    assert_eq!(count, 3);
    assert_eq!(
        (buf[0].a, buf[0].b),
        (LlkPos { row: 0, col: 0 }, LlkPos { row: 0, col: 1 })
    );
    assert_eq!(buf[2].a, origin, "nothing written past the cap");
}

#[test]
fn a_game_clears_by_its_certificate_with_undo_and_redo_under_every_rule() {
    for (i, rules) in every_rule().iter().enumerate() {
        let spec = lianliankan::GenerateSpec::new(4, 5, 4)
            .with_seed(i as u64)
            .with_rules(rules.clone());
        let made = lianliankan::generate(&spec).unwrap();
        let (c_board, c_rules) = (CBoard::of(&made.board), CRules::of(rules));
        let mut game = null_mut();
        // SAFETY: live handles and a writable out-parameter.
        let status = unsafe { llk_game_new(c_board.0, c_rules.0, &mut game) };
        assert_eq!(status, LlkStatus::Ok);
        let mut library = lianliankan::Game::new(made.board.clone(), rules.clone());
        for m in &made.certificate {
            let before = kinds(game, 4, 5);
            let (a, b) = (LlkPos::from(m.a()), LlkPos::from(m.b()));
            // SAFETY: a live game used by this thread only.
            unsafe {
                assert_eq!(
                    llk_game_remove(game, a, b, std::ptr::null_mut()),
                    LlkStatus::Ok,
                    "{}",
                    last_error()
                );
                let after = kinds(game, 4, 5);
                assert!(llk_game_undo(game));
                assert_eq!(kinds(game, 4, 5), before, "undo restores the board");
                assert!(llk_game_redo(game));
                assert_eq!(kinds(game, 4, 5), after);
                assert!(!llk_game_redo(game));
            }
            library.remove(m.a(), m.b()).unwrap();
            let want: Vec<u32> = library.board().to_grid().cells().to_vec();
            assert_eq!(
                kinds(game, 4, 5),
                want,
                "{rules:?}: gravity as the library's"
            );
        }
        // SAFETY: a live game.
        unsafe {
            assert!(llk_game_is_cleared(game));
            assert!(!llk_game_is_dead(game));
            let mut pair = LlkPair {
                a: LlkPos { row: 7, col: 7 },
                b: LlkPos { row: 7, col: 7 },
                route: 0,
            };
            assert!(!llk_game_hint(game, &mut pair, null_mut()));
            assert_eq!(pair.a.row, 7, "nothing stored without a hint");
            let mut now = null_mut();
            assert_eq!(llk_game_board(game, &mut now), LlkStatus::Ok);
            assert_eq!(llk_board_tiles(now), 0);
            llk_board_free(now);
            llk_game_free(game);
        }
    }
}

#[test]
fn refused_removals_change_nothing_and_say_why() {
    let board = Board::from_rows(&[[1, 2, 1], [2, 0, 3]]).unwrap();
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&Rules::default()));
    let mut game = null_mut();
    // SAFETY: live handles, a writable out; then a live game.
    unsafe {
        assert_eq!(llk_game_new(c_board.0, c_rules.0, &mut game), LlkStatus::Ok);
        let before = kinds(game, 2, 3);
        let cell = |row, col| LlkPos { row, col };
        for (a, b, said) in [
            (cell(0, 0), cell(0, 2), "no path"),
            (cell(0, 0), cell(0, 1), "kind"),
            (cell(1, 1), cell(0, 1), "empty"),
            (cell(0, 0), cell(0, 0), "both"),
            (cell(5, 0), cell(0, 0), "off the board"),
        ] {
            assert_eq!(
                llk_game_remove(game, a, b, std::ptr::null_mut()),
                LlkStatus::IllegalStep
            );
            assert!(last_error().contains(said), "{said}: {}", last_error());
            assert_eq!(kinds(game, 2, 3), before);
        }
        assert!(!llk_game_undo(game), "nothing to undo");
        // The hint is the library's.
        let mut pair = LlkPair {
            a: cell(9, 9),
            b: cell(9, 9),
            route: 0,
        };
        let has = llk_game_hint(game, &mut pair, null_mut());
        let want = lianliankan::Game::new(board.clone(), Rules::default()).hint();
        assert_eq!(has, want.is_some());
        if let Some(m) = want {
            assert_eq!((pair.a, pair.b), (LlkPos::from(m.a()), LlkPos::from(m.b())));
        }
        // With its path: the library's hint path, corner by corner.
        let mut path = null_mut();
        assert_eq!(llk_game_hint(game, &mut pair, &mut path), has);
        match lianliankan::Game::new(board.clone(), Rules::default()).hint_path() {
            Some((_, want)) => {
                assert!(!path.is_null());
                assert_eq!(llk_path_len(path), want.corners().len());
                for (i, p) in want.corners().iter().enumerate() {
                    let mut corner = LlkPoint { row: 9, col: 9 };
                    assert_eq!(llk_path_corner(path, i, &mut corner), LlkStatus::Ok);
                    assert_eq!((corner.row, corner.col), (p.row, p.col));
                }
                llk_path_free(path);
            }
            None => assert!(path.is_null()),
        }
        let mut off = 0;
        assert_eq!(
            llk_game_get(game, cell(2, 0), &mut off),
            LlkStatus::InvalidArgument
        );
        llk_game_free(game);
    }
}

#[test]
fn a_dead_board_is_dead_and_a_shuffle_revives_it_or_says_why() {
    // Closed border, two crossed pairs: no move.
    let board = Board::from_rows(&[[1, 2], [2, 1]]).unwrap();
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&Rules::default()));
    let mut game = null_mut();
    // SAFETY: live handles, then a live game.
    unsafe {
        assert_eq!(llk_game_new(c_board.0, c_rules.0, &mut game), LlkStatus::Ok);
        assert!(llk_game_is_dead(game));
        let mut count = 9;
        assert_eq!(
            llk_game_moves(game, null_mut(), 0, &mut count),
            LlkStatus::Ok
        );
        assert_eq!(count, 0);
        assert_eq!(llk_game_shuffle(game, 3), LlkStatus::Ok, "{}", last_error());
        assert!(!llk_game_is_dead(game));
        assert!(llk_game_undo(game), "a shuffle is a step");
        assert!(llk_game_is_dead(game));
        llk_game_free(game);
    }
    // One kind per tile: no arrangement has a move.
    let board = Board::from_rows(&[[1, 2], [3, 4]]).unwrap();
    let c_board = CBoard::of(&board);
    // SAFETY: as above.
    unsafe {
        assert_eq!(llk_game_new(c_board.0, c_rules.0, &mut game), LlkStatus::Ok);
        assert_eq!(llk_game_shuffle(game, 3), LlkStatus::IllegalStep);
        assert!(!last_error().is_empty());
        llk_game_free(game);
    }
}

#[test]
fn game_functions_refuse_null() {
    let board = Board::from_rows(&[[1, 1]]).unwrap();
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&Rules::default()));
    let origin = LlkPos { row: 0, col: 0 };
    let mut pair = LlkPair {
        a: origin,
        b: origin,
        route: 0,
    };
    let (mut count, mut kind) = (0, 0);
    let mut game = null_mut();
    // SAFETY: NULL or live pointers; NULL is what is tested.
    unsafe {
        for status in [
            llk_game_new(null(), c_rules.0, &mut game),
            llk_game_new(c_board.0, null(), &mut game),
            llk_game_new(c_board.0, c_rules.0, null_mut()),
            llk_game_board(null(), &mut null_mut()),
            llk_game_get(null(), origin, &mut kind),
            llk_game_remove(null_mut(), origin, origin, std::ptr::null_mut()),
            llk_game_moves(null(), null_mut(), 0, &mut count),
            llk_moves(null(), c_rules.0, null_mut(), 0, &mut count),
            llk_moves(c_board.0, null(), null_mut(), 0, &mut count),
            llk_moves(c_board.0, c_rules.0, null_mut(), 0, null_mut()),
            llk_moves(c_board.0, c_rules.0, null_mut(), 4, &mut count),
            llk_game_shuffle(null_mut(), 0),
        ] {
            assert_eq!(status, LlkStatus::InvalidArgument, "{}", last_error());
        }
        assert!(game.is_null());
        assert!(!llk_game_undo(null_mut()));
        assert!(!llk_game_redo(null_mut()));
        assert!(!llk_game_hint(null(), &mut pair, null_mut()));
        assert!(!llk_game_is_cleared(null()));
        assert!(!llk_game_is_dead(null()));
        llk_game_free(null_mut());
        assert_eq!(llk_game_new(c_board.0, c_rules.0, &mut game), LlkStatus::Ok);
        assert!(
            !llk_game_hint(game, null_mut(), null_mut()),
            "a hint with nowhere to go"
        );
        assert_eq!(llk_game_board(game, null_mut()), LlkStatus::InvalidArgument);
        assert_eq!(
            llk_game_get(game, origin, null_mut()),
            LlkStatus::InvalidArgument
        );
        llk_game_free(game);
    }
}
