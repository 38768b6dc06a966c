//! A game's paths and history through the C API against the library's
//! `Game`: the path `llk_game_remove` and `llk_game_play` return, each
//! step (`llk_game_step`), the tiles gravity moved and a slide pushed; and
//! `llk_deal` against `lianliankan::deal`. NULLs and bad indexes refused.

use std::ptr::{null, null_mut};

use lianliankan::{
    Board, DealSpec, Game, GenerateError, GenerateSpec, Move, Path, Rules, Slide, Solution, Step,
};
use lianliankan_c::*;

use crate::common::{CBoard, CRules, every_rule, last_error};

/// The corners of a C path (which this frees), as the library's points.
fn corners_of(path: *mut LlkPath) -> Vec<(isize, isize)> {
    assert!(!path.is_null());
    // SAFETY: a live path, freed once at the end.
    unsafe {
        let corners = (0..llk_path_len(path))
            .map(|i| {
                let mut point = LlkPoint { row: -9, col: -9 };
                assert_eq!(llk_path_corner(path, i, &mut point), LlkStatus::Ok);
                (point.row, point.col)
            })
            .collect();
        llk_path_free(path);
        corners
    }
}

/// The library's corners of `path`.
fn corners(path: &Path) -> Vec<(isize, isize)> {
    path.corners().iter().map(|p| (p.row, p.col)).collect()
}

/// The C slides of `slides`.
fn c_slides(slides: &[Slide]) -> Vec<LlkSlide> {
    slides.iter().map(LlkSlide::from).collect()
}

/// The list `read` writes (count first, then the tiles).
fn slides_read(
    read: unsafe extern "C" fn(
        *const LlkGame,
        usize,
        *mut LlkSlide,
        usize,
        *mut usize,
    ) -> LlkStatus,
    game: *const LlkGame,
    index: usize,
) -> Vec<LlkSlide> {
    let mut count = usize::MAX;
    let status = {
        // SAFETY: a live game; no buffer with cap 0; a writable count.
        unsafe { read(game, index, null_mut(), 0, &mut count) }
    };
    assert_eq!(status, LlkStatus::Ok, "{}", last_error());
    let origin = LlkPos { row: 0, col: 0 };
    let blank = LlkSlide {
        kind: 0,
        from: origin,
        to: origin,
    };
    let mut buf = vec![blank; count];
    let mut again = 0;
    let status = {
        // SAFETY: `count` writable slides.
        unsafe { read(game, index, buf.as_mut_ptr(), count, &mut again) }
    };
    assert_eq!(status, LlkStatus::Ok);
    assert_eq!(again, count);
    buf
}

/// Checks the C game's history against the library game's, step by step.
fn same_history(c: *const LlkGame, game: &Game) {
    let history = game.history();
    // SAFETY: a live game.
    assert_eq!(unsafe { llk_game_history_len(c) }, history.len());
    for (i, step) in history.iter().enumerate() {
        let origin = LlkPos { row: 9, col: 9 };
        let mut got = LlkStep {
            kind: LlkStepKind::Shuffled,
            pair: LlkPair {
                a: origin,
                b: origin,
                route: 9,
            },
            kinds: [9, 9],
            pushed: 9,
            moved: 9,
            tiles: 9,
        };
        // SAFETY: a live game and a writable step.
        assert_eq!(unsafe { llk_game_step(c, i, &mut got) }, LlkStatus::Ok);
        let moved = slides_read(llk_game_step_moved, c, i);
        let pushed = slides_read(llk_game_step_pushed, c, i);
        match step {
            Step::Removed {
                pair,
                kinds,
                pushed: pushed_lib,
                moved: moved_lib,
            } => {
                assert_eq!(got.kind, LlkStepKind::Removed);
                assert_eq!(got.pair, LlkPair::from(*pair));
                assert_eq!(got.kinds, *kinds);
                assert_eq!(
                    (got.pushed, got.moved, got.tiles),
                    (pushed_lib.len(), moved_lib.len(), 0)
                );
                assert_eq!(moved, c_slides(moved_lib), "step {i}");
                assert_eq!(pushed, c_slides(pushed_lib), "step {i}");
            }
            Step::Shuffled { after, .. } => {
                assert_eq!(got.kind, LlkStepKind::Shuffled);
                assert_eq!((got.pushed, got.moved, got.tiles), (0, 0, after.len()));
                assert!(moved.is_empty() && pushed.is_empty());
            }
        }
    }
}

/// Plays `order` on `board` under `rules` in a C game and a library game,
/// each move's path compared, then shuffles once, and checks the
/// histories; returns the tiles gravity moved and slides pushed, and
/// whether it shuffled.
fn play_both(
    board: &Board,
    rules: &Rules,
    c_rules: &CRules,
    order: &[Move],
) -> (usize, usize, bool) {
    let c_board = CBoard::of(board);
    let mut c = null_mut();
    let status = {
        // SAFETY: live handles, a writable out.
        unsafe { llk_game_new(c_board.0, c_rules.0, &mut c) }
    };
    assert_eq!(status, LlkStatus::Ok);
    let mut game = Game::new(board.clone(), rules.clone());
    let (mut moved, mut pushed) = (0, 0);
    for (i, &m) in order.iter().enumerate() {
        let before = game.board().clone();
        let want = game
            .play(m)
            .unwrap_or_else(|e| panic!("{rules:?} step {i}: {e}"));
        let mut path = null_mut();
        // SAFETY: a live game of this thread, a writable out.
        let status = unsafe {
            if m.route().is_none() {
                llk_game_remove(c, m.a().into(), m.b().into(), &mut path)
            } else {
                llk_game_play(c, LlkPair::from(m), &mut path)
            }
        };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        assert_eq!(corners_of(path), corners(&want), "{rules:?} step {i}");
        if m.route().is_none() {
            // The path of a plain pair is the one `connect` finds.
            let connected = lianliankan::connect(&before, m.a(), m.b(), rules).unwrap();
            assert_eq!(connected.map(|p| corners(&p)), Some(corners(&want)));
        }
        if let Some(Step::Removed {
            moved: mv,
            pushed: ps,
            ..
        }) = game.history().last()
        {
            moved += mv.len();
            pushed += ps.len();
        }
    }
    // A shuffle, when tiles are left, is a step too.
    let shuffled = game.board().tile_count() > 2 && game.shuffle(3).is_ok();
    if shuffled {
        let status = {
            // SAFETY: a live game of this thread.
            unsafe { llk_game_shuffle(c, 3) }
        };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
    }
    same_history(c, &game);
    // Undo shortens the history, as the library's.
    // SAFETY: a live game of this thread.
    if unsafe { llk_game_undo(c) } {
        game.undo();
        same_history(c, &game);
    }
    // SAFETY: made above, freed once.
    unsafe { llk_game_free(c) };
    (moved, pushed, shuffled)
}

#[test]
fn paths_and_histories_are_the_librarys_under_every_rule() {
    let (mut moved, mut shuffles) = (0, 0);
    for (i, rules) in every_rule().iter().enumerate() {
        let spec = GenerateSpec::new(5, 6, 6)
            .with_seed(70 + i as u64)
            .with_rules(rules.clone());
        let made = lianliankan::generate(&spec).unwrap();
        // Half of the order, so that tiles are left to shuffle.
        let half = &made.certificate[..made.certificate.len() / 2];
        let (m, _, shuffled) = play_both(&made.board, rules, &CRules::of(rules), half);
        moved += m;
        shuffles += usize::from(shuffled);
    }
    assert!(moved > 50, "gravity moved only {moved} tiles");
    assert!(shuffles > 10, "only {shuffles} shuffles");
}

#[test]
fn a_slides_push_is_the_librarys() {
    let rules = Rules::kshisen().with_slide(true).unwrap();
    let c_rules = CRules::of(&Rules::kshisen());
    let status = {
        // SAFETY: live rules of this thread.
        unsafe { llk_rules_set_slide(c_rules.0, true) }
    };
    assert_eq!(status, LlkStatus::Ok);
    let mut pushed = 0;
    for seed in 0..40 {
        let board = lianliankan::deal(&DealSpec::new(4, 6, 6).with_seed(seed)).unwrap();
        if let Solution::Solved(order) = lianliankan::solve(&board, &rules, 100_000) {
            pushed += play_both(&board, &rules, &c_rules, &order).1;
        }
    }
    assert!(pushed > 5, "only {pushed} tiles pushed");
}

#[test]
fn bad_history_indexes_and_nulls_are_refused() {
    let board = Board::from_rows(&[[1, 1, 0], [2, 0, 2]]).unwrap();
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&Rules::kshisen()));
    let mut game = null_mut();
    let mut step = std::mem::MaybeUninit::<LlkStep>::uninit();
    let mut count = 0;
    let origin = LlkPos { row: 0, col: 0 };
    // SAFETY: live handles of this thread; NULL where tested.
    unsafe {
        assert_eq!(llk_game_new(c_board.0, c_rules.0, &mut game), LlkStatus::Ok);
        assert_eq!(
            llk_game_step(game, 0, step.as_mut_ptr()),
            LlkStatus::InvalidArgument
        );
        assert_eq!(last_error(), "step 0 of a history of 0 steps");
        // A refused removal stores no path.
        let mut path = null_mut();
        assert_eq!(
            llk_game_remove(game, origin, LlkPos { row: 1, col: 0 }, &mut path),
            LlkStatus::IllegalStep
        );
        assert!(path.is_null());
        // NULL for the path is allowed.
        assert_eq!(
            llk_game_remove(game, origin, LlkPos { row: 0, col: 1 }, null_mut()),
            LlkStatus::Ok
        );
        assert_eq!(llk_game_history_len(game), 1);
        assert_eq!(
            llk_game_step(game, 1, step.as_mut_ptr()),
            LlkStatus::InvalidArgument
        );
        for status in [
            llk_game_step(null(), 0, step.as_mut_ptr()),
            llk_game_step(game, 0, null_mut()),
            llk_game_step_moved(null(), 0, null_mut(), 0, &mut count),
            llk_game_step_moved(game, 0, null_mut(), 0, null_mut()),
            llk_game_step_moved(game, 0, null_mut(), 1, &mut count),
            llk_game_step_pushed(null(), 0, null_mut(), 0, &mut count),
            llk_game_step_pushed(game, 0, null_mut(), 3, &mut count),
            llk_game_step_moved(game, 5, null_mut(), 0, &mut count),
        ] {
            assert_eq!(status, LlkStatus::InvalidArgument);
        }
        assert_eq!(llk_game_history_len(null()), 0);
        llk_game_free(game);
    }
}

#[test]
fn llk_deal_is_the_librarys_deal() {
    for (rows, cols, kinds, copies, seed) in [
        (8, 18, 36, 4, 1),
        (4, 6, 6, 4, 9),
        (4, 6, 3, 4, 9),
        (5, 5, 25, 1, 2),
        (6, 6, 9, 2, u64::MAX),
    ] {
        let spec = DealSpec::new(rows, cols, kinds)
            .with_copies(copies)
            .with_seed(seed);
        let want = lianliankan::deal(&spec).unwrap();
        let mut out = null_mut();
        // SAFETY: a writable out.
        let status = unsafe { llk_deal(rows, cols, kinds, copies, seed, &mut out) };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        let got = CBoard(out);
        for (i, kind) in want.to_grid().cells().iter().enumerate() {
            let cell = LlkPos {
                row: i / cols,
                col: i % cols,
            };
            let mut k = u32::MAX;
            // SAFETY: a live board, a writable kind.
            assert_eq!(unsafe { llk_board_get(got.0, cell, &mut k) }, LlkStatus::Ok);
            assert_eq!(k, *kind, "{spec:?} at {cell:?}");
        }
        // SAFETY: a live board.
        unsafe {
            assert_eq!((llk_board_rows(got.0), llk_board_cols(got.0)), (rows, cols));
        }
    }
    // The library's errors, with its words.
    for (rows, cols, kinds, copies, status, error) in [
        (
            100_000,
            100_000,
            12,
            4,
            LlkStatus::InvalidArgument,
            GenerateError::TooLarge {
                rows: 100_000,
                cols: 100_000,
            },
        ),
        (
            usize::MAX,
            2,
            1,
            4,
            LlkStatus::InvalidArgument,
            GenerateError::TooLarge {
                rows: usize::MAX,
                cols: 2,
            },
        ),
        (
            6,
            8,
            100,
            4,
            LlkStatus::GenerateFailed,
            GenerateError::DealKinds {
                kinds: 100,
                groups: 12,
                copies: 4,
            },
        ),
        (
            6,
            8,
            0,
            4,
            LlkStatus::GenerateFailed,
            GenerateError::DealKinds {
                kinds: 0,
                groups: 12,
                copies: 4,
            },
        ),
        (
            3,
            3,
            2,
            4,
            LlkStatus::GenerateFailed,
            GenerateError::Copies {
                cells: 9,
                copies: 4,
            },
        ),
        (
            3,
            4,
            2,
            0,
            LlkStatus::GenerateFailed,
            GenerateError::Copies {
                cells: 12,
                copies: 0,
            },
        ),
    ] {
        let mut out = null_mut();
        // SAFETY: a writable out.
        let got = unsafe { llk_deal(rows, cols, kinds, copies, 1, &mut out) };
        assert_eq!(got, status, "{error:?}");
        assert_eq!(last_error(), error.to_string());
        assert!(out.is_null());
    }
    let status = {
        // SAFETY: NULL is what is tested.
        unsafe { llk_deal(4, 4, 4, 4, 0, null_mut()) }
    };
    assert_eq!(status, LlkStatus::InvalidArgument);
}
