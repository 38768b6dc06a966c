//! The entry points called as C calls them: answers checked against the
//! library and its brute-force reference on seeded boards, and every
//! entry point given NULL, values out of range and broken text, which
//! must be errors with a message, never a crash or a panic.

use std::ffi::{CStr, c_char, c_int};
use std::ptr::{null, null_mut};

use grid_core::SplitMix64;
use lianliankan::{Board, Border, Gravity, Order, Pos, Removal, Rules, reference};
use lianliankan_c::*;

use crate::common::{CBoard, CRules, every_rule, last_error};

/// The solution's order, read back through the C API.
fn steps_of(solution: *const LlkSolution) -> Vec<LlkPair> {
    // SAFETY: a live solution and a writable pair.
    let len = unsafe { llk_solution_len(solution) };
    (0..len)
        .map(|i| {
            let mut pair = LlkPair {
                a: LlkPos { row: 0, col: 0 },
                b: LlkPos { row: 0, col: 0 },
                route: 0,
            };
            // SAFETY: as above.
            let status = unsafe { llk_solution_step(solution, i, &mut pair) };
            assert_eq!(status, LlkStatus::Ok, "{}", last_error());
            pair
        })
        .collect()
}

/// The steps as the library's order.
fn order_of(steps: &[LlkPair]) -> Order {
    Order::new(
        steps
            .iter()
            .map(|s| Removal::pair(Pos::new(s.a.row, s.a.col), Pos::new(s.b.row, s.b.col)))
            .collect(),
    )
}

/// The solution's text.
fn text_of(solution: *const LlkSolution) -> String {
    // SAFETY: a live solution; its text lives as long as it.
    let text = unsafe { llk_solution_text(solution) };
    assert!(!text.is_null());
    // SAFETY: NUL-terminated text owned by the solution.
    unsafe { CStr::from_ptr(text) }.to_str().unwrap().to_owned()
}

/// What `lianliankan solve` prints for `board` under `rules` and `budget`,
/// as the binary writes it from the library's answer.
fn binary_output(board: &Board, rules: &Rules, budget: u64) -> String {
    match lianliankan::solve(board, rules, budget) {
        lianliankan::Solution::Solved(order) => order.iter().map(|m| format!("{m}\n")).collect(),
        lianliankan::Solution::Unsolvable => "UNSOLVABLE\n".to_owned(),
        lianliankan::Solution::OutOfBudget { states } => {
            format!("UNKNOWN (budget exhausted after {states} states)\n")
        }
        other => panic!("the solver stopped: {other:?}"),
    }
}

#[test]
fn connect_agrees_with_the_reference_search() {
    let mut rng = SplitMix64::new(0xC0FFEE);
    let mut found = 0;
    for case in 0..3000 {
        let (rows, cols) = (rng.range(1, 6), rng.range(1, 7));
        let board = reference::random_board(&mut rng, rows, cols, 60, 3);
        let rules = Rules::judge()
            .with_turns(rng.range(0, 4))
            .unwrap()
            .with_border(if rng.percent(50) {
                Border::Open
            } else {
                Border::Closed
            })
            .unwrap()
            .with_groups(if rng.percent(20) {
                "1-2".parse().unwrap()
            } else {
                Default::default()
            });
        let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&rules));
        let a = Pos::new(rng.below(rows), rng.below(cols));
        let b = Pos::new(rng.below(rows), rng.below(cols));
        let mut path = null_mut();
        // SAFETY: live handles and a writable out-parameter.
        let status = unsafe {
            llk_connect(
                c_board.0,
                c_rules.0,
                LlkPos {
                    row: a.row,
                    col: a.col,
                },
                LlkPos {
                    row: b.row,
                    col: b.col,
                },
                &mut path,
            )
        };
        assert_eq!(status, LlkStatus::Ok, "case {case}: {}", last_error());
        let expected = reference::min_turns(&board, a, b, &rules);
        // SAFETY: NULL or a live path.
        let len = unsafe { llk_path_len(path) };
        match expected {
            None => assert!(
                path.is_null(),
                "case {case}: a path where the reference has none"
            ),
            Some(turns) => {
                found += 1;
                assert_eq!(len, turns + 2, "case {case}: not the fewest turns");
                let library = lianliankan::connect(&board, a, b, &rules).unwrap().unwrap();
                reference::check_path(&board, a, b, &library, &rules).unwrap();
                let corners: Vec<(isize, isize)> = (0..len)
                    .map(|i| {
                        let mut p = LlkPoint { row: 0, col: 0 };
                        // SAFETY: a live path and a writable point.
                        let status = unsafe { llk_path_corner(path, i, &mut p) };
                        assert_eq!(status, LlkStatus::Ok);
                        (p.row, p.col)
                    })
                    .collect();
                let want: Vec<(isize, isize)> =
                    library.corners().iter().map(|p| (p.row, p.col)).collect();
                assert_eq!(corners, want, "case {case}");
            }
        }
        // SAFETY: NULL or a live path, freed once.
        unsafe { llk_path_free(path) };
    }
    assert!(found > 150, "too few joinable pairs to test: {found}");
}

#[test]
fn generated_boards_are_solved_and_replayed_under_every_rule() {
    for (i, rules) in every_rule().iter().enumerate() {
        let c_rules = CRules::of(rules);
        let (mut board, mut certificate) = (null_mut(), null_mut());
        // SAFETY: live rules and writable out-parameters.
        let status = unsafe {
            llk_generate(
                5,
                6,
                6,
                i as u64,
                c_rules.0,
                std::ptr::null(),
                &mut board,
                &mut certificate,
            )
        };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        let board = CBoard(board);
        // SAFETY: a live board.
        let (rows, cols) = unsafe { (llk_board_rows(board.0), llk_board_cols(board.0)) };
        assert_eq!((rows, cols), (5, 6));
        // The library's own generate gives the same board.
        let spec = lianliankan::GenerateSpec::new(5, 6, 6)
            .with_seed(i as u64)
            .with_rules(rules.clone());
        let made = lianliankan::generate(&spec).unwrap();
        for r in 0..rows {
            for c in 0..cols {
                let mut kind = u32::MAX;
                // SAFETY: a live board and a writable kind.
                let status =
                    unsafe { llk_board_get(board.0, LlkPos { row: r, col: c }, &mut kind) };
                assert_eq!(status, LlkStatus::Ok);
                assert_eq!(Some(kind), made.board.kind(Pos::new(r, c)));
            }
        }

        // The certificate replays, through the C API and the library.
        let steps = steps_of(certificate);
        assert_eq!(steps.len(), 15);
        let (mut played, mut left) = (usize::MAX, usize::MAX);
        // SAFETY: live handles, `steps.len()` pairs, writable outs.
        let status = unsafe {
            llk_replay(
                board.0,
                c_rules.0,
                steps.as_ptr(),
                steps.len(),
                &mut played,
                &mut left,
            )
        };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        assert_eq!((played, left), (15, 0));
        assert_eq!(
            order_of(&steps)
                .replay(&made.board, rules)
                .unwrap()
                .tiles_left,
            0
        );
        // SAFETY: made by llk_generate, freed once.
        unsafe { llk_solution_free(certificate) };

        // The solver's order clears it too, and its text is the binary's.
        let mut solution = null_mut();
        // SAFETY: live handles and a writable out-parameter.
        let status = unsafe {
            llk_solve(
                board.0,
                c_rules.0,
                LLK_DEFAULT_BUDGET,
                std::ptr::null(),
                &mut solution,
            )
        };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        // SAFETY: a live solution.
        let outcome = unsafe { llk_solution_outcome(solution) };
        assert_eq!(outcome, LlkOutcome::Solved);
        let steps = steps_of(solution);
        let replayed = order_of(&steps).replay(&made.board, rules).unwrap();
        assert_eq!(replayed.tiles_left, 0, "under {rules:?}");
        assert_eq!(
            text_of(solution),
            binary_output(&made.board, rules, LLK_DEFAULT_BUDGET)
        );
        // SAFETY: made by llk_solve, freed once.
        unsafe { llk_solution_free(solution) };
    }
}

#[test]
fn solve_agrees_with_the_reference_on_small_deals() {
    let mut rng = SplitMix64::new(39);
    let (mut solved, mut unsolvable) = (0, 0);
    for case in 0..300 {
        let rules = &every_rule()[rng.below(26)]
            .clone()
            .with_turns(rng.range(0, 2))
            .unwrap();
        let (rows, cols) = (rng.range(2, 3), rng.range(2, 4));
        let most = rows * cols / 2;
        let pairs = rng.range(most.saturating_sub(1).max(1), most);
        let board = reference::paired_board(&mut rng, rows, cols, pairs, 3);
        let (c_board, c_rules) = (CBoard::of(&board), CRules::of(rules));
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
        assert_eq!(status, LlkStatus::Ok);
        // SAFETY: a live solution.
        let outcome = unsafe { llk_solution_outcome(solution) };
        let clearable = reference::clearable(&board, rules);
        assert_eq!(
            outcome == LlkOutcome::Solved,
            clearable,
            "case {case}: {board:?} {rules:?}"
        );
        if clearable {
            solved += 1;
            let steps = steps_of(solution);
            assert_eq!(
                order_of(&steps).replay(&board, rules).unwrap().tiles_left,
                0
            );
        } else {
            unsolvable += 1;
            assert_eq!(outcome, LlkOutcome::Unsolvable);
            assert_eq!(text_of(solution), "UNSOLVABLE\n");
            // SAFETY: a live solution.
            assert_eq!(unsafe { llk_solution_len(solution) }, 0);
        }
        // SAFETY: freed once.
        unsafe { llk_solution_free(solution) };
    }
    assert!(
        solved > 30 && unsolvable > 30,
        "{solved} solved, {unsolvable} unsolvable"
    );
}

#[test]
fn an_exhausted_budget_is_unknown_with_its_states() {
    let board = Board::from_rows(&[[1, 2, 1, 2], [2, 1, 2, 1]]).unwrap();
    let rules = Rules::default();
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&rules));
    let mut solution = null_mut();
    // SAFETY: live handles and a writable out-parameter.
    let status = unsafe { llk_solve(c_board.0, c_rules.0, 0, std::ptr::null(), &mut solution) };
    assert_eq!(status, LlkStatus::Ok);
    // SAFETY: a live solution.
    unsafe {
        assert_eq!(llk_solution_outcome(solution), LlkOutcome::Unknown);
        assert_eq!(llk_solution_len(solution), 0);
    }
    assert_eq!(text_of(solution), binary_output(&board, &rules, 0));
    assert!(text_of(solution).starts_with("UNKNOWN (budget exhausted after "));
    // SAFETY: freed once.
    unsafe { llk_solution_free(solution) };
}

#[test]
fn replay_names_the_first_illegal_step() {
    let board = Board::from_rows(&[[1, 1, 2], [0, 0, 2]]).unwrap();
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&Rules::default()));
    let pair = |a: (usize, usize), b: (usize, usize)| LlkPair {
        a: LlkPos { row: a.0, col: a.1 },
        b: LlkPos { row: b.0, col: b.1 },
        route: 0,
    };
    let steps = [
        pair((0, 0), (0, 1)),
        pair((0, 0), (0, 2)),
        pair((0, 2), (1, 2)),
    ];
    let (mut played, mut left) = (usize::MAX, usize::MAX);
    // SAFETY: live handles, three pairs, writable outs.
    let status = unsafe {
        llk_replay(
            c_board.0,
            c_rules.0,
            steps.as_ptr(),
            3,
            &mut played,
            &mut left,
        )
    };
    assert_eq!(status, LlkStatus::IllegalStep);
    assert_eq!(played, 1);
    assert_eq!(left, usize::MAX, "left alone on failure");
    assert_eq!(
        last_error(),
        "illegal step 1: (0, 0) (0, 2): the cell at (0, 0) is empty"
    );
    // Off the board: 0-based, as the pair gave it.
    let off = [pair((5, 0), (0, 0))];
    // SAFETY: as above.
    let status = unsafe {
        llk_replay(
            c_board.0,
            c_rules.0,
            off.as_ptr(),
            1,
            null_mut(),
            null_mut(),
        )
    };
    assert_eq!(status, LlkStatus::IllegalStep);
    assert_eq!(
        last_error(),
        "illegal step 0: (5, 0) (0, 0): (5, 0) is off the board"
    );
    // A partial order is legal, with the tiles it leaves.
    // SAFETY: as above.
    let status = unsafe {
        llk_replay(
            c_board.0,
            c_rules.0,
            steps.as_ptr(),
            1,
            &mut played,
            &mut left,
        )
    };
    assert_eq!(status, LlkStatus::Ok);
    assert_eq!((played, left), (1, 2));
}

#[test]
fn parse_errors_name_line_and_column() {
    let mut board = null_mut();
    let text = b"2 3\n1 2 1\n2 x 2\n";
    // SAFETY: `text.len()` bytes and a writable out-parameter.
    let status = unsafe { llk_board_parse(text.as_ptr().cast(), text.len(), &mut board) };
    assert_eq!(status, LlkStatus::ParseError);
    assert!(board.is_null(), "left alone on failure");
    assert!(
        last_error().starts_with("line 3, column 3: "),
        "{}",
        last_error()
    );
    let text = b"2 3\n1 2 1\n2 1 2\n1\n1 1 1 3\n0 0\n";
    // SAFETY: as above.
    let status = unsafe { llk_board_parse(text.as_ptr().cast(), text.len(), &mut board) };
    assert_eq!(status, LlkStatus::Ok);
    let board = CBoard(board);
    // SAFETY: a live board.
    assert_eq!(unsafe { llk_board_tiles(board.0) }, 6);
    // Not UTF-8 is just bad text here: the reader sees bytes.
    let mut other = null_mut();
    let bad = [b'2', b' ', 0xFF];
    // SAFETY: as above.
    let status = unsafe { llk_board_parse(bad.as_ptr().cast(), bad.len(), &mut other) };
    assert_eq!(status, LlkStatus::ParseError);
    // SAFETY: nothing for NULL.
    let status = unsafe { llk_board_parse(null(), 0, &mut other) };
    assert_eq!(status, LlkStatus::ParseError);
}

#[test]
fn bad_names_and_values_are_invalid_arguments_with_messages() {
    let mut rules = null_mut();
    let cases: [(c_int, c_int, &CStr, &str); 5] = [
        (2, 0, c"", "unknown border rule 2"),
        (0, -1, c"", "unknown gravity mode -1"),
        (1, 1, c"3-1", "3-1"),
        (1, 1, c"0-4", "0"),
        (1, 1, c"1-4,2+5", "2"),
    ];
    for (border, gravity, groups, said) in cases {
        // SAFETY: a NUL-terminated text, a writable out-parameter.
        let status = unsafe {
            llk_rules_new(
                2,
                BorderArg(border),
                GravityArg(gravity),
                groups.as_ptr(),
                &mut rules,
            )
        };
        assert_eq!(
            status,
            LlkStatus::InvalidArgument,
            "{border:?} {gravity:?} {groups:?}"
        );
        assert!(rules.is_null());
        assert!(last_error().contains(said), "{}", last_error());
    }
    let not_utf8 = [0xC3u8, 0x28, 0];
    // SAFETY: NUL-terminated bytes.
    let status = unsafe {
        llk_rules_new(
            2,
            LlkBorder::Closed.into(),
            LlkGravity::None.into(),
            not_utf8.as_ptr().cast(),
            &mut rules,
        )
    };
    assert_eq!(status, LlkStatus::InvalidArgument);
    assert!(last_error().contains("not UTF-8"), "{}", last_error());
    // NULL and "" are no groups.
    for groups in [null(), c"".as_ptr()] {
        // SAFETY: NULL or a NUL-terminated text.
        let status = unsafe {
            llk_rules_new(
                2,
                LlkBorder::Closed.into(),
                LlkGravity::None.into(),
                groups,
                &mut rules,
            )
        };
        assert_eq!(status, LlkStatus::Ok);
        // SAFETY: live rules, freed once.
        unsafe {
            assert_eq!(CStr::from_ptr(llk_rules_groups(rules)), c"");
            llk_rules_free(rules);
        }
    }

    let mut board = null_mut();
    let kinds = [1, LLK_MAX_KIND + 1, 0, 1];
    // SAFETY: four kinds.
    let status = unsafe { llk_board_new(2, 2, kinds.as_ptr(), &mut board) };
    assert_eq!(status, LlkStatus::InvalidArgument);
    assert!(
        last_error().starts_with("the kind at (0, 1) is 4294967295"),
        "{}",
        last_error()
    );
    // SAFETY: the size is refused before the pointer is read.
    let status = unsafe { llk_board_new(usize::MAX, 2, kinds.as_ptr(), &mut board) };
    assert_eq!(status, LlkStatus::InvalidArgument);
    assert!(
        last_error().ends_with("is larger than the largest board, 1000 x 1000"),
        "{}",
        last_error()
    );
    // SAFETY: the length is refused before the pointer is read.
    let status = unsafe { llk_board_new(usize::MAX / 4 + 1, 1, kinds.as_ptr(), &mut board) };
    assert_eq!(
        status,
        LlkStatus::InvalidArgument,
        "a length past isize::MAX bytes"
    );
    assert!(board.is_null());

    let real = Board::from_rows(&[[1, 0, 1]]).unwrap();
    let (c_board, c_rules) = (CBoard::of(&real), CRules::of(&Rules::default()));
    let mut kind = 7;
    for cell in [
        LlkPos { row: 1, col: 0 },
        LlkPos {
            row: 0,
            col: usize::MAX,
        },
    ] {
        // SAFETY: live board, writable kind.
        let status = unsafe { llk_board_get(c_board.0, cell, &mut kind) };
        assert_eq!(status, LlkStatus::InvalidArgument);
        assert!(
            last_error().contains("is off the 1x3 board"),
            "{}",
            last_error()
        );
        let mut path = null_mut();
        // SAFETY: live handles, writable path.
        let status = unsafe { llk_connect(c_board.0, c_rules.0, cell, cell, &mut path) };
        assert_eq!(status, LlkStatus::InvalidArgument);
    }
    assert_eq!(kind, 7, "left alone on failure");

    let (mut out, mut cert) = (null_mut(), null_mut());
    for (rows, cols, kinds, status) in [
        (1, 1, 1, LlkStatus::GenerateFailed),
        (4, 4, 0, LlkStatus::GenerateFailed),
        (4, 4, 9, LlkStatus::GenerateFailed),
        (1001, 1000, 1, LlkStatus::InvalidArgument),
        (usize::MAX, 3, 1, LlkStatus::InvalidArgument),
    ] {
        // SAFETY: live rules and writable outs.
        let got = unsafe {
            llk_generate(
                rows,
                cols,
                kinds,
                0,
                c_rules.0,
                std::ptr::null(),
                &mut out,
                &mut cert,
            )
        };
        assert_eq!(
            got,
            status,
            "{rows} x {cols}, {kinds} kinds: {}",
            last_error()
        );
        assert!(out.is_null() && cert.is_null());
        assert!(!last_error().is_empty());
    }
}

#[test]
fn the_last_error_belongs_to_its_thread() {
    let mut out = null_mut();
    // SAFETY: a NULL board with a length is refused before it is read.
    let status = unsafe { llk_board_parse(null(), 1, &mut out) };
    assert_eq!(status, LlkStatus::InvalidArgument);
    let mine = last_error();
    std::thread::spawn(|| {
        assert_eq!(last_error(), "");
        let mut rules = null_mut();
        // SAFETY: a writable out.
        let status =
            unsafe { llk_rules_new(2, BorderArg(7), LlkGravity::None.into(), null(), &mut rules) };
        assert_eq!(status, LlkStatus::InvalidArgument);
        assert!(last_error().contains("unknown border rule 7"));
    })
    .join()
    .unwrap();
    assert_eq!(last_error(), mine);
    // The pointer stays valid across successful calls.
    let before: *const c_char = llk_last_error();
    let _ = CRules::of(&Rules::default());
    assert_eq!(llk_last_error(), before);
}

#[test]
fn one_board_and_rules_serve_many_threads() {
    let rules = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let made = lianliankan::generate(
        &lianliankan::GenerateSpec::new(6, 6, 6)
            .with_seed(5)
            .with_rules(rules.clone()),
    )
    .unwrap();
    let (board, c_rules) = (CBoard::of(&made.board), CRules::of(&rules));
    let expected = binary_output(&made.board, &rules, LLK_DEFAULT_BUDGET);
    // Raw pointers are not Send: pass the addresses.
    let (b, r) = (board.0 as usize, c_rules.0 as usize);
    let texts: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(move || {
                    let mut solution = null_mut();
                    // SAFETY: live handles, only read, for the scope.
                    let status = unsafe {
                        llk_solve(
                            b as *const LlkBoard,
                            r as *const LlkRules,
                            LLK_DEFAULT_BUDGET,
                            std::ptr::null(),
                            &mut solution,
                        )
                    };
                    assert_eq!(status, LlkStatus::Ok);
                    let text = text_of(solution);
                    // SAFETY: freed once.
                    unsafe { llk_solution_free(solution) };
                    text
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(texts.iter().all(|t| *t == expected));
}
