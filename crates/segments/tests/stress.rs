//! `segments stress` end to end, against programs with known bugs that this
//! test binary itself becomes (`STRESS_TEST_PROGRAM=<name>`): each must be
//! found and shrunk to a small input on which it still fails; our own binary
//! must never be reported.

use std::io::{Read, Write};
use std::path::Path;

use segments::format::{read_board, read_pair};
use segments::judge::{self, Options};
use segments::{Board, Pos, Reader, Solver};
use test_support::stress::{current_exe, normalised, run_buggy, stress};

const BIN: &str = env!("CARGO_BIN_EXE_segments");
const SCRATCH: &str = env!("CARGO_TARGET_TMPDIR");

fn main() {
    test_support::stress::main(
        buggy,
        &[
            (
                "stale_row_characters_are_found_and_shrunk",
                stale_row_characters_are_found_and_shrunk,
            ),
            (
                "a_missing_blank_line_is_found_and_shrunk",
                a_missing_blank_line_is_found_and_shrunk,
            ),
            ("our_binary_is_never_reported", our_binary_is_never_reported),
        ],
    );
}

/// The buggy programs, reading stdin and writing stdout.
fn buggy(name: &str) {
    let mut input = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut input);
    let output = match name {
        "stale-rows" => stale_rows(&input),
        "no-blank-line" => no_blank_line(&input),
        _ => panic!("no buggy program {name}"),
    };
    let _ = std::io::stdout().write_all(&output);
}

/// A reader that circulates for POJ 1101: each row line is read into one
/// buffer that is never cleared (`gets(buf)`), and the board takes the
/// buffer's first w characters, so a row shorter than w keeps characters of
/// a longer line read before it (past the string's end, where C's `gets`
/// put a `\0`). Everything else is right (the library's solver).
fn stale_rows(input: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(input);
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let mut buffer = [0u8; 128];
    let mut out = String::new();
    let mut number = 0;
    while let Some(header) = lines.next() {
        let sides: Vec<usize> = header
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        let [w, h] = sides[..] else { continue };
        if w == 0 && h == 0 {
            break;
        }
        let mut board = Board::new(h, w).unwrap();
        for row in 0..h {
            let line = lines.next().unwrap_or("").as_bytes();
            buffer[..line.len()].copy_from_slice(line);
            buffer[line.len()] = 0;
            for (col, &byte) in buffer[..w].iter().enumerate() {
                board.set_piece(Pos::new(row, col), byte == b'X');
            }
        }
        number += 1;
        out.push_str(&format!("Board #{number}:\n"));
        let mut solver = Solver::new(&board);
        let mut pair = 0;
        for line in lines.by_ref() {
            let v: Vec<usize> = line
                .split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect();
            if v.len() < 4 || v.iter().all(|&x| x == 0) {
                break;
            }
            pair += 1;
            let (a, b) = (Pos::new(v[1] - 1, v[0] - 1), Pos::new(v[3] - 1, v[2] - 1));
            // With stale pieces the pair's own squares still hold pieces.
            match solver.count(a, b) {
                Some(k) => out.push_str(&format!("Pair {pair}: {k} segments.\n")),
                None => out.push_str(&format!("Pair {pair}: impossible.\n")),
            }
        }
        out.push('\n');
    }
    out.into_bytes()
}

/// Right answers, but no empty line after a board.
fn no_blank_line(input: &[u8]) -> Vec<u8> {
    let mut reader = Reader::new(input);
    let mut out = String::new();
    let mut number = 0;
    while let Ok(Some(board)) = read_board(&mut reader) {
        number += 1;
        out.push_str(&format!("Board #{number}:\n"));
        let mut solver = Solver::new(&board);
        let mut pair = 0;
        while let Ok(Some(p)) = read_pair(&mut reader, &board) {
            pair += 1;
            match solver.count(p.a, p.b) {
                Some(k) => out.push_str(&format!("Pair {pair}: {k} segments.\n")),
                None => out.push_str(&format!("Pair {pair}: impossible.\n")),
            }
        }
    }
    out.into_bytes()
}

/// The boards of a judge input: (rows, columns, pairs) each.
fn shape(input: &[u8]) -> Vec<(usize, usize, usize)> {
    let mut reader = Reader::new(input);
    let mut boards = Vec::new();
    while let Some(board) = read_board(&mut reader).unwrap() {
        let mut pairs = 0;
        while read_pair(&mut reader, &board).unwrap().is_some() {
            pairs += 1;
        }
        boards.push((board.rows(), board.cols(), pairs));
    }
    boards
}

/// Checks what every shrunk failure must satisfy and returns the saved
/// input.
fn found_and_still_failing(buggy: &str, args: &[&str]) -> (Vec<u8>, String) {
    let run = stress(BIN, args, &[&current_exe()], buggy, Path::new(SCRATCH));
    assert_eq!(run.status, Some(1), "{run:?}");
    assert!(run.stderr.is_empty(), "{run:?}");
    let report = run.stdout;
    assert!(
        report.starts_with("segments stress: wrong answer on case "),
        "{report}"
    );
    assert!(report.contains("--- why ours is right\n"), "{report}");
    let (input, answer) = run.saved.expect("fail.in and fail.ans");
    assert_ne!(
        normalised(&run_buggy(buggy, &input)),
        normalised(&answer),
        "{report}"
    );
    let mut ours = Vec::new();
    judge::run(&input, &Options::default(), &mut ours).unwrap();
    assert_eq!(ours, answer);
    println!("{report}");
    (input, report)
}

fn stale_row_characters_are_found_and_shrunk() {
    let (input, report) = found_and_still_failing("stale-rows", &["--cases", "2000"]);
    let boards = shape(&input);
    assert_eq!(boards.len(), 1, "{report}");
    let (rows, cols, pairs) = boards[0];
    assert_eq!(pairs, 1, "{report}");
    assert!(rows * cols <= 8, "{rows} x {cols}:\n{report}");
    // The trap itself is left: a row shorter than the board's width.
    let text = String::from_utf8_lossy(&input);
    let widths: Vec<usize> = text
        .lines()
        .skip(1)
        .take(rows)
        .map(|l| l.trim_end_matches('\r').len())
        .collect();
    assert!(widths.iter().any(|&w| w < cols), "{widths:?}\n{report}");
    assert!(report.contains("shorter than its width"), "{report}");
}

fn a_missing_blank_line_is_found_and_shrunk() {
    let (input, report) = found_and_still_failing("no-blank-line", &["--cases", "500"]);
    // Two boards (the last blank line is trailing white space, which the
    // comparison ignores), each as small as a pair allows.
    let boards = shape(&input);
    assert_eq!(boards.len(), 2, "{report}");
    for (rows, cols, pairs) in boards {
        assert_eq!((rows * cols, pairs), (2, 1), "{report}");
    }
    assert!(
        report.contains("An empty line follows the answers of every board"),
        "{report}"
    );
}

fn our_binary_is_never_reported() {
    let run = stress(
        BIN,
        &["--cases", "1000", "--seed", "5"],
        &[Path::new(BIN)],
        "none",
        Path::new(SCRATCH),
    );
    assert_eq!(run.status, Some(0), "{run:?}");
    assert!(
        run.stdout
            .starts_with("segments stress: all 1000 cases agreed with ours (seed 5; "),
        "{run:?}"
    );
    assert!(run.saved.is_none());
}
