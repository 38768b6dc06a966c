//! The connection rules and KShisen's slides through the C API: rules set
//! with `llk_rules_set_connect` and `llk_rules_set_slide` solve as the
//! library does, slide orders replay under the brute-force reference, a
//! game plays slides, and bad values are refused with their status.

use std::ptr::null_mut;

use grid_core::SplitMix64;
use lianliankan::{
    Board, Border, Connect, Gravity, Move, Pos, Route, Rules, RulesError, reference,
};
use lianliankan_c::*;

use crate::common::{CBoard, CRules, last_error};

/// The C value of a connection rule.
fn c_connect(connect: Connect) -> LlkConnect {
    LlkConnect::of(connect).expect("every connection rule has a C value")
}

/// `rules` made through the C API, connection rule and slides included.
fn c_rules(rules: &Rules) -> CRules {
    let c = CRules::of(rules);
    // SAFETY: live rules, used by this thread only.
    unsafe {
        assert_eq!(
            llk_rules_set_connect(c.0, c_connect(rules.connect()).into()),
            LlkStatus::Ok,
            "{}",
            last_error()
        );
        assert_eq!(
            llk_rules_set_slide(c.0, rules.slide()),
            LlkStatus::Ok,
            "{}",
            last_error()
        );
        assert_eq!(llk_rules_connect(c.0), c_connect(rules.connect()));
        assert_eq!(llk_rules_slide(c.0), rules.slide());
    }
    c
}

/// The library's move of a C pair.
fn move_of(pair: LlkPair) -> Move {
    let (a, b) = (
        Pos::new(pair.a.row, pair.a.col),
        Pos::new(pair.b.row, pair.b.col),
    );
    match pair.route {
        LLK_ROUTE_NONE => Move::new(a, b),
        LLK_ROUTE_ROW => Move::slide(a, b, Route::Row),
        LLK_ROUTE_COLUMN => Move::slide(a, b, Route::Column),
        other => panic!("route {other}"),
    }
}

/// Every variant: the three connection rules (two turns, both borders)
/// and slides (one turn, closed), with gravity `gravity`.
fn variants(gravity: Gravity) -> Vec<Rules> {
    let mut all = Vec::new();
    for connect in Connect::ALL {
        for border in Border::ALL {
            all.push(
                Rules::judge()
                    .with_border(border)
                    .unwrap()
                    .with_gravity(gravity)
                    .with_connect(connect)
                    .unwrap(),
            );
        }
    }
    all.push(
        Rules::judge()
            .with_slide(true)
            .unwrap()
            .with_turns(1)
            .unwrap()
            .with_gravity(gravity),
    );
    all
}

/// The solution's steps read back through the C API (the route is
/// `LlkPair::route`, the one place it is given).
fn steps_of(solution: *const LlkSolution) -> Vec<LlkPair> {
    // SAFETY: a live solution and a writable pair.
    let len = unsafe { llk_solution_len(solution) };
    (0..len)
        .map(|i| {
            let mut pair = LlkPair {
                a: LlkPos { row: 0, col: 0 },
                b: LlkPos { row: 0, col: 0 },
                route: -7,
            };
            // SAFETY: as above.
            let status = unsafe { llk_solution_step(solution, i, &mut pair) };
            assert_eq!(status, LlkStatus::Ok, "{}", last_error());
            assert_ne!(pair.route, -7, "the route is written");
            pair
        })
        .collect()
}

#[test]
fn every_variant_solves_as_the_library_does_and_replays_under_the_reference() {
    let mut rng = SplitMix64::new(0x5_11DE);
    let (mut solved, mut slides) = (0, 0);
    for case in 0..400 {
        let gravity = Gravity::ALL[rng.below(Gravity::ALL.len())];
        let all = variants(gravity);
        // Half the cases slide (the last variant), the others cycle through
        // the connection rules.
        let rules = if case % 2 == 0 {
            &all[all.len() - 1]
        } else {
            &all[case / 2 % (all.len() - 1)]
        };
        let (rows, cols) = (rng.range(1, 4), rng.range(2, 5));
        let pairs = rng.range(1, rows * cols / 2);
        let kinds = rng.range(1, 3);
        let board = reference::paired_board(&mut rng, rows, cols, pairs, kinds);
        let (c_board, c_rules) = (CBoard::of(&board), c_rules(rules));
        let mut solution = null_mut();
        // SAFETY: live handles and a writable out-parameter.
        let status = unsafe {
            llk_solve(
                c_board.0,
                c_rules.0,
                u64::MAX,
                std::ptr::null(),
                &mut solution,
            )
        };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        // SAFETY: a live solution.
        let outcome = unsafe { llk_solution_outcome(solution) };
        let steps: Vec<Move> = steps_of(solution).into_iter().map(move_of).collect();
        // SAFETY: a live solution; its text lives as long as it.
        let text = unsafe { std::ffi::CStr::from_ptr(llk_solution_text(solution)) }
            .to_str()
            .unwrap()
            .to_owned();
        // SAFETY: made by llk_solve, freed once.
        unsafe { llk_solution_free(solution) };
        let expected = lianliankan::solve(&board, rules, u64::MAX);
        let clearable = reference::clearable(&board, rules);
        let context = format!("case {case}: {rules:?}\n{board}");
        match expected {
            lianliankan::Solution::Solved(order) => {
                assert_eq!(outcome, LlkOutcome::Solved, "{context}");
                assert!(clearable, "{context}");
                assert_eq!(steps, order.to_vec(), "{context}");
                // The binary's lines: `r1 c1 r2 c2`, and a slide's route.
                let lines: String = order.iter().map(|m| format!("{m}\n")).collect();
                assert_eq!(text, lines, "{context}");
                reference::replay_clears(&board, rules, &steps)
                    .unwrap_or_else(|e| panic!("{context}: {e}"));
                // The C library's own replay of its steps clears the board.
                let pairs: Vec<LlkPair> = steps.iter().map(|&m| pair_of(m)).collect();
                let mut left = usize::MAX;
                // SAFETY: live handles, the pairs, a writable out.
                let status = unsafe {
                    llk_replay(
                        c_board.0,
                        c_rules.0,
                        pairs.as_ptr(),
                        pairs.len(),
                        null_mut(),
                        &mut left,
                    )
                };
                assert_eq!((status, left), (LlkStatus::Ok, 0), "{context}");
                solved += 1;
                slides += steps.iter().filter(|m| m.route().is_some()).count();
            }
            lianliankan::Solution::Unsolvable => {
                assert_eq!(outcome, LlkOutcome::Unsolvable, "{context}");
                assert!(!clearable, "{context}");
            }
            other => panic!("{context}: {other:?}"),
        }
    }
    assert!(solved > 100 && solved < 400, "{solved} solved");
    assert!(slides > 10, "only {slides} slides in the orders");
}

/// A move as a C pair.
fn pair_of(m: Move) -> LlkPair {
    LlkPair {
        a: LlkPos {
            row: m.a().row,
            col: m.a().col,
        },
        b: LlkPos {
            row: m.b().row,
            col: m.b().col,
        },
        route: match m.route() {
            None => LLK_ROUTE_NONE,
            Some(Route::Row) => LLK_ROUTE_ROW,
            Some(Route::Column) => LLK_ROUTE_COLUMN,
        },
    }
}

#[test]
fn a_game_plays_slides_as_the_reference_does() {
    let mut rng = SplitMix64::new(0x6A3E);
    let mut played = 0;
    for case in 0..300 {
        let rules = Rules::judge()
            .with_slide(true)
            .unwrap()
            .with_turns(1)
            .unwrap()
            .with_gravity(Gravity::ALL[rng.below(Gravity::ALL.len())]);
        let (rows, cols) = (rng.range(1, 5), rng.range(1, 5));
        let board = reference::random_board(&mut rng, rows, cols, 60, 3);
        let (c_board, c_rules) = (CBoard::of(&board), c_rules(&rules));
        let mut expected = reference::moves(&board, &rules);
        expected.sort();
        let mut game = null_mut();
        // SAFETY: live handles and a writable out-parameter.
        let status = unsafe { llk_game_new(c_board.0, c_rules.0, &mut game) };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        let mut count = 0;
        // SAFETY: a live game; a NULL buffer of no room asks for the count.
        let status = unsafe { llk_game_moves(game, null_mut(), 0, &mut count) };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        let blank = LlkPair {
            a: LlkPos { row: 0, col: 0 },
            b: LlkPos { row: 0, col: 0 },
            route: 0,
        };
        let mut buf = vec![blank; count];
        // SAFETY: a live game and room for `count` pairs.
        let status = unsafe { llk_game_moves(game, buf.as_mut_ptr(), count, &mut count) };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        let mut got: Vec<Move> = buf.iter().map(|&p| move_of(p)).collect();
        got.sort();
        assert_eq!(got, expected, "case {case}\n{board}");
        let mut hint = blank;
        // SAFETY: a live game and a writable pair.
        let hinted = unsafe { llk_game_hint(game, &mut hint, null_mut()) };
        assert_eq!(hinted, !got.is_empty(), "case {case}");
        assert!(
            !hinted || got.contains(&move_of(hint)),
            "case {case}: {hint:?}"
        );
        if let Some(&pick) = got.iter().find(|m| m.route().is_some()) {
            // SAFETY: a live game, used by this thread only.
            let status = unsafe { llk_game_play(game, pair_of(pick), std::ptr::null_mut()) };
            assert_eq!(status, LlkStatus::Ok, "{}", last_error());
            let after = reference::play(&board, pick, &rules).expect("a legal move");
            for row in 0..board.rows() {
                for col in 0..board.cols() {
                    let mut kind = u32::MAX;
                    // SAFETY: a live game and a writable kind.
                    let status = unsafe { llk_game_get(game, LlkPos { row, col }, &mut kind) };
                    assert_eq!(status, LlkStatus::Ok);
                    assert_eq!(
                        kind,
                        after[Pos::new(row, col)],
                        "case {case} {pick}\n{board}"
                    );
                }
            }
            played += 1;
        }
        // SAFETY: made by llk_game_new, freed once.
        unsafe { llk_game_free(game) };
    }
    assert!(played > 20, "only {played} slides played");
}

#[test]
fn bad_values_and_slides_off_their_rule_are_refused() {
    let standard = CRules::new(2, "closed", "none", "");
    // SAFETY: live rules of this thread, or NULL.
    unsafe {
        for bad in [3, -1, i32::MAX] {
            assert_eq!(
                llk_rules_set_connect(standard.0, ConnectArg(bad)),
                LlkStatus::InvalidArgument
            );
            assert!(
                last_error().contains("unknown connection rule"),
                "{}",
                last_error()
            );
        }
        assert_eq!(
            llk_rules_set_connect(null_mut(), LlkConnect::Standard.into()),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            llk_rules_set_slide(null_mut(), true),
            LlkStatus::InvalidArgument
        );
        // Slides on, as the library's `with_slide`: one turn, closed.
        let open = CRules::new(2, "open", "down", "");
        assert_eq!(llk_rules_set_slide(open.0, true), LlkStatus::Ok);
        assert_eq!(llk_rules_turns(open.0), 1);
        assert_eq!(llk_rules_border(open.0), LlkBorder::Closed);
        assert_eq!(llk_rules_gravity(open.0), LlkGravity::Down);
        // Then each setting slides fix is refused with the library's words
        // (`RulesError`), as every face shows them, and left alone.
        assert_eq!(llk_rules_set_turns(open.0, 2), LlkStatus::InvalidArgument);
        assert_eq!(last_error(), RulesError::SlideTurns(2).to_string());
        assert_eq!(
            llk_rules_set_border(open.0, LlkBorder::Open.into()),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            last_error(),
            RulesError::SlideBorder(Border::Open).to_string()
        );
        assert_eq!(
            (llk_rules_turns(open.0), llk_rules_border(open.0)),
            (1, LlkBorder::Closed)
        );
        // A connection rule other than the standard one, then slides.
        let one = CRules::new(1, "closed", "down", "");
        assert_eq!(
            llk_rules_set_connect(one.0, LlkConnect::Line.into()),
            LlkStatus::Ok
        );
        assert_eq!(llk_rules_set_slide(one.0, true), LlkStatus::InvalidArgument);
        assert_eq!(
            last_error(),
            RulesError::SlideConnect(Connect::Line).to_string()
        );
        assert!(!llk_rules_slide(one.0));
        assert_eq!(
            llk_rules_set_connect(one.0, LlkConnect::Standard.into()),
            LlkStatus::Ok
        );
        assert_eq!(llk_rules_set_slide(one.0, true), LlkStatus::Ok);
        assert_eq!(
            llk_rules_set_connect(one.0, LlkConnect::FourRivers.into()),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            last_error(),
            RulesError::SlideConnect(Connect::FourRivers).to_string()
        );
        assert_eq!(llk_rules_connect(one.0), LlkConnect::Standard, "left alone");
        assert!(llk_rules_slide(one.0));
        assert_eq!(llk_rules_connect(null_mut()), LlkConnect::Standard);
        assert!(!llk_rules_slide(null_mut()));

        // A slide in a game: refused without slides, an unknown route refused.
        let board = Board::from_rows(&[[1, 0, 0], [0, 0, 1]]).unwrap();
        let c_board = CBoard::of(&board);
        let slide = LlkPair {
            a: LlkPos { row: 0, col: 0 },
            b: LlkPos { row: 1, col: 2 },
            route: LLK_ROUTE_COLUMN,
        };
        let mut game = null_mut();
        assert_eq!(
            llk_game_new(c_board.0, standard.0, &mut game),
            LlkStatus::Ok
        );
        assert_eq!(
            llk_game_play(game, slide, std::ptr::null_mut()),
            LlkStatus::IllegalStep
        );
        assert_eq!(
            llk_game_play(game, LlkPair { route: 3, ..slide }, std::ptr::null_mut()),
            LlkStatus::InvalidArgument
        );
        assert!(last_error().contains("unknown route 3"), "{}", last_error());
        assert_eq!(
            llk_game_play(null_mut(), slide, std::ptr::null_mut()),
            LlkStatus::InvalidArgument
        );
        llk_game_free(game);
        // An unknown route in a replay, and the route of no step.
        assert_eq!(
            llk_replay(
                c_board.0,
                one.0,
                &LlkPair { route: -2, ..slide },
                1,
                null_mut(),
                null_mut()
            ),
            LlkStatus::InvalidArgument
        );
        let mut solution = null_mut();
        assert_eq!(
            llk_solve(c_board.0, one.0, 100, std::ptr::null(), &mut solution),
            LlkStatus::Ok
        );
        assert_eq!(llk_solution_len(solution), 1);
        let mut pair = slide;
        assert_eq!(
            llk_solution_step(solution, 1, &mut pair),
            LlkStatus::InvalidArgument
        );
        assert_eq!(pair, slide, "left alone");
        llk_solution_free(solution);
    }
}
