//! `solitaire stress` end to end, against a program with a known bug that
//! this test binary itself becomes (`STRESS_TEST_PROGRAM=<name>`): it must be
//! found and shrunk to one small case on which it still fails; our own
//! binary must never be reported.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::Path;

use solitaire::format::{JUDGE_PIECES, read_case};
use solitaire::judge::{self, Options};
use solitaire::{Config, Reader, Square};
use test_support::stress::{current_exe, normalised, run_buggy, stress};

const BIN: &str = env!("CARGO_BIN_EXE_solitaire");
const SCRATCH: &str = env!("CARGO_TARGET_TMPDIR");

fn main() {
    test_support::stress::main(
        buggy,
        &[
            (
                "a_wrong_depth_limit_is_found_and_shrunk",
                a_wrong_depth_limit_is_found_and_shrunk,
            ),
            ("our_binary_is_never_reported", our_binary_is_never_reported),
        ],
    );
}

/// The buggy programs, reading stdin and writing stdout.
fn buggy(name: &str) {
    let mut input = String::new();
    let _ = std::io::stdin().read_to_string(&mut input);
    let output = match name {
        "depth-4-3" => meet_in_the_middle_4_3(&input),
        _ => panic!("no buggy program {name}"),
    };
    let _ = std::io::stdout().write_all(output.as_bytes());
}

/// Meet in the middle with a wrong depth limit: 4 moves from the start but
/// only 3 from the goal, so goals exactly 8 moves away are missed.
fn meet_in_the_middle_4_3(input: &str) -> String {
    let numbers: Vec<u8> = input
        .split_ascii_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    let config = |chunk: &[u8]| {
        let squares: Vec<Square> = chunk
            .chunks(2)
            .map(|rc| Square::new(rc[0] - 1, rc[1] - 1).unwrap())
            .collect();
        Config::from_squares(&squares).unwrap()
    };
    let ball = |from: Config, depth: usize| {
        let mut seen = BTreeSet::from([from.bits()]);
        let mut frontier = vec![from];
        for _ in 0..depth {
            let mut next = Vec::new();
            for c in frontier {
                for to in c.moves().into_iter().filter_map(|mv| c.apply(mv)) {
                    if seen.insert(to.bits()) {
                        next.push(to);
                    }
                }
            }
            frontier = next;
        }
        seen
    };
    let mut out = String::new();
    for case in numbers.chunks_exact(4 * JUDGE_PIECES) {
        let (start, goal) = (config(&case[..8]), config(&case[8..]));
        let near_goal = ball(goal, 3);
        let yes = ball(start, 4).iter().any(|c| near_goal.contains(c));
        out.push_str(if yes { "YES\n" } else { "NO\n" });
    }
    out
}

fn a_wrong_depth_limit_is_found_and_shrunk() {
    let buggy = "depth-4-3";
    let run = stress(
        BIN,
        &["--cases", "300"],
        &[&current_exe()],
        buggy,
        Path::new(SCRATCH),
    );
    assert_eq!(run.status, Some(1), "{run:?}");
    assert!(run.stderr.is_empty(), "{run:?}");
    let report = run.stdout;
    assert!(
        report.starts_with("solitaire stress: wrong answer on case "),
        "{report}"
    );
    let (input, answer) = run.saved.expect("fail.in and fail.ans");
    // One test case, exactly 8 moves away: YES, which the bug misses.
    let mut reader = Reader::new(&input);
    let case = read_case(&mut reader, JUDGE_PIECES).unwrap().unwrap();
    assert_eq!(
        read_case(&mut reader, JUDGE_PIECES).unwrap(),
        None,
        "{report}"
    );
    assert_eq!(
        solitaire::distance(case.start, case.goal, 8),
        Some(8),
        "{report}"
    );
    assert_eq!(normalised(&answer), ["YES"], "{report}");
    assert!(report.contains("YES: 8 moves reach the goal"), "{report}");
    assert_ne!(normalised(&run_buggy(buggy, &input)), normalised(&answer));
    let mut ours = Vec::new();
    judge::run(&input, &Options::default(), &mut ours).unwrap();
    assert_eq!(ours, answer);
    println!("{report}");
}

fn our_binary_is_never_reported() {
    let run = stress(
        BIN,
        &["--cases", "600", "--seed", "4"],
        &[Path::new(BIN)],
        "none",
        Path::new(SCRATCH),
    );
    assert_eq!(run.status, Some(0), "{run:?}");
    assert!(
        run.stdout
            .starts_with("solitaire stress: all 600 cases agreed with ours (seed 4; "),
        "{run:?}"
    );
    assert!(run.saved.is_none());
}
