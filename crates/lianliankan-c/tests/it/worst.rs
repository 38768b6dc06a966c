//! The worst arguments through the C API: NULL pointers refused with
//! `LLK_STATUS_INVALID_ARGUMENT`, frees that accept NULL, and no panic
//! escaping on zero or maximal sizes, indexes and degenerate boards.

use std::ffi::CStr;
use std::ptr::{null, null_mut};

use lianliankan::{Board, Rules};
use lianliankan_c::*;

use crate::common::{CBoard, CRules, last_error};

#[test]
fn null_pointers_are_errors_and_frees_accept_null() {
    let real = Board::from_rows(&[[1, 1]]).unwrap();
    let (board, rules) = (CBoard::of(&real), CRules::of(&Rules::default()));
    let origin = LlkPos { row: 0, col: 0 };
    let mut pair = LlkPair {
        a: origin,
        b: origin,
        route: 0,
    };
    let mut point = LlkPoint { row: 0, col: 0 };
    let (mut b, mut s, mut p) = (null_mut(), null_mut(), null_mut());
    let mut r: *mut LlkRules = null_mut();
    let mut kind = 0;
    let judge = (LlkBorder::Closed.into(), LlkGravity::None.into());
    // SAFETY: every pointer is NULL or live; NULL is what is tested.
    unsafe {
        let statuses = [
            llk_rules_new(2, judge.0, judge.1, null(), null_mut()),
            llk_rules_judge(null_mut()),
            llk_rules_kshisen(null_mut()),
            llk_board_new(1, 2, null(), &mut b),
            llk_board_new(1, 2, [1, 1].as_ptr(), null_mut()),
            llk_board_parse(null(), 3, &mut b),
            llk_board_parse(c"1 1 1".as_ptr(), 5, null_mut()),
            llk_board_get(null(), origin, &mut kind),
            llk_board_get(board.0, origin, null_mut()),
            llk_solve(null(), rules.0, 10, std::ptr::null(), &mut s),
            llk_solve(board.0, null(), 10, std::ptr::null(), &mut s),
            llk_solve(board.0, rules.0, 10, std::ptr::null(), null_mut()),
            llk_solution_step(null(), 0, &mut pair),
            llk_connect(null(), rules.0, origin, origin, &mut p),
            llk_connect(board.0, null(), origin, origin, &mut p),
            llk_connect(board.0, rules.0, origin, origin, null_mut()),
            llk_path_corner(null(), 0, &mut point),
            llk_replay(null(), rules.0, null(), 0, null_mut(), null_mut()),
            llk_replay(board.0, null(), null(), 0, null_mut(), null_mut()),
            llk_replay(board.0, rules.0, null(), 2, null_mut(), null_mut()),
            llk_generate(2, 2, 1, 0, null(), std::ptr::null(), &mut b, &mut s),
            llk_generate(2, 2, 1, 0, rules.0, std::ptr::null(), null_mut(), &mut s),
        ];
        for (i, status) in statuses.into_iter().enumerate() {
            assert_eq!(status, LlkStatus::InvalidArgument, "call {i}");
        }
        assert!(last_error().contains("NULL"), "{}", last_error());
        assert!(b.is_null() && s.is_null() && p.is_null() && r.is_null());
        assert_eq!(llk_board_rows(null()), 0);
        assert_eq!(llk_board_cols(null()), 0);
        assert_eq!(llk_board_tiles(null()), 0);
        assert_eq!(llk_solution_outcome(null()), LlkOutcome::Unknown);
        assert_eq!(llk_solution_states(null()), 0);
        assert_eq!(llk_solution_len(null()), 0);
        assert!(llk_solution_text(null()).is_null());
        assert_eq!(llk_path_len(null()), 0);
        llk_rules_free(null_mut());
        llk_board_free(null_mut());
        llk_solution_free(null_mut());
        llk_path_free(null_mut());
        // An empty order needs no pointer.
        assert_eq!(
            llk_replay(board.0, rules.0, null(), 0, null_mut(), null_mut()),
            LlkStatus::Ok
        );
        // Out-parameters of success that were NULL stay unwritten.
        r = null_mut();
        assert_eq!(
            llk_rules_new(0, judge.0, judge.1, null(), &mut r),
            LlkStatus::Ok
        );
        llk_rules_free(r);
    }
}

/// The worst arguments each entry point can get short of a dangling
/// pointer: NULLs, zero and maximal sizes and indexes, empty and
/// degenerate boards. Nothing may panic: every status is one of the
/// documented, never `LLK_STATUS_INTERNAL` (the guard's answer to a panic).
#[test]
fn no_panic_escapes_on_the_worst_arguments() {
    let sizes = [0, 1, 2, 3, usize::MAX / 2, usize::MAX];
    let mut boards = vec![null_mut()];
    for text in [
        &b"1 1\n0\n"[..],
        b"1 2\n5 5\n",
        b"2 1\n4294967294\n4294967294\n",
        b"3 3\n1 0 1\n0 0 0\n1 0 1\n",
    ] {
        let mut b = null_mut();
        // SAFETY: `text.len()` bytes, writable out.
        let status = unsafe { llk_board_parse(text.as_ptr().cast(), text.len(), &mut b) };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        boards.push(b);
    }
    let mut rules = vec![null_mut()];
    for turns in [0, 2, usize::MAX] {
        for gravity in [LlkGravity::None, LlkGravity::Down, LlkGravity::Inward] {
            let mut r = null_mut();
            // SAFETY: a NUL-terminated text, writable out.
            let status = unsafe {
                llk_rules_new(
                    turns,
                    LlkBorder::Open.into(),
                    gravity.into(),
                    c"1-9".as_ptr(),
                    &mut r,
                )
            };
            assert_eq!(status, LlkStatus::Ok, "{}", last_error());
            rules.push(r);
        }
    }
    let check = |status: LlkStatus, what: &str| {
        assert_ne!(status, LlkStatus::Internal, "{what}: {}", last_error());
    };
    for &board in &boards {
        for &rule in &rules {
            for &i in &sizes {
                for &j in &sizes {
                    let (a, b) = (LlkPos { row: i, col: j }, LlkPos { row: j, col: i });
                    let mut kind = 0;
                    let mut path = null_mut();
                    // SAFETY: NULL or live handles, writable outs.
                    unsafe {
                        check(llk_board_get(board, a, &mut kind), "get");
                        check(llk_connect(board, rule, a, b, &mut path), "connect");
                        check(
                            llk_path_corner(path, i, &mut LlkPoint { row: 0, col: 0 }),
                            "corner",
                        );
                        llk_path_free(path);
                        let steps = [
                            LlkPair { a, b, route: 0 },
                            LlkPair {
                                a: b,
                                b: a,
                                route: 0,
                            },
                        ];
                        check(
                            llk_replay(board, rule, steps.as_ptr(), 2, null_mut(), null_mut()),
                            "replay",
                        );
                        check(llk_board_new(i, j, null(), &mut null_mut()), "new");
                    }
                }
            }
            let mut solution = null_mut();
            // SAFETY: as above; a small budget keeps it quick.
            unsafe {
                check(
                    llk_solve(board, rule, 1000, std::ptr::null(), &mut solution),
                    "solve",
                );
                for &i in &sizes {
                    check(
                        llk_solution_step(
                            solution,
                            i,
                            &mut LlkPair {
                                a: LlkPos { row: 0, col: 0 },
                                b: LlkPos { row: 0, col: 0 },
                                route: 0,
                            },
                        ),
                        "step",
                    );
                }
                llk_solution_free(solution);
            }
        }
    }
    for &rule in &rules {
        for (rows, cols, kinds) in [
            (0, 0, 0),
            (2, 1, 1),
            (1, 3, 1),
            (3, 3, 4),
            (1000, 1000, 0),
            (7, 7, u32::MAX),
        ] {
            let (mut b, mut s) = (null_mut(), null_mut());
            // SAFETY: NULL or live rules, writable outs.
            unsafe {
                check(
                    llk_generate(
                        rows,
                        cols,
                        kinds,
                        u64::MAX,
                        rule,
                        std::ptr::null(),
                        &mut b,
                        &mut s,
                    ),
                    "generate",
                );
                llk_board_free(b);
                llk_solution_free(s);
            }
        }
    }
    for status in [-1, 0, 5, 99, i32::MAX, i32::MIN] {
        // SAFETY: static text.
        let name = unsafe { CStr::from_ptr(llk_status_name(status)) };
        assert!(!name.to_bytes().is_empty());
    }
    // SAFETY: made above, each freed once.
    unsafe {
        boards.into_iter().for_each(|b| llk_board_free(b));
        rules.into_iter().for_each(|r| llk_rules_free(r));
    }
}
