//! `lianliankan stress` end to end, against programs with known bugs that
//! this test binary itself becomes (`STRESS_TEST_PROGRAM=<name>`): each must
//! be found and shrunk to a small input on which it still fails; our own
//! binary must never be reported.

use std::io::{Read, Write};
use std::path::Path;

use grid_core::Reader;
use lianliankan::format::{read_board, read_query, read_query_count};
use test_support::stress::{current_exe, normalised, run_buggy, stress};

const BIN: &str = env!("CARGO_BIN_EXE_lianliankan");
const SCRATCH: &str = env!("CARGO_TARGET_TMPDIR");

fn main() {
    test_support::stress::main(
        buggy,
        &[
            (
                "visited_per_cell_is_found_and_shrunk",
                visited_per_cell_is_found_and_shrunk,
            ),
            ("our_binary_is_never_reported", our_binary_is_never_reported),
            ("a_program_that_cannot_start", a_program_that_cannot_start),
        ],
    );
}

/// The buggy programs, reading stdin and writing stdout.
fn buggy(name: &str) {
    let mut input = String::new();
    let _ = std::io::stdin().read_to_string(&mut input);
    let output = match name {
        "visited-bfs" => visited_bfs(&input),
        _ => panic!("no buggy program {name}"),
    };
    let _ = std::io::stdout().write_all(output.as_bytes());
}

/// The solution that circulates for HDU 1175: a breadth-first search over
/// (cell, heading, turns) that marks a *cell* visited when it is first
/// pushed, so a later arrival with fewer turns is thrown away.
fn visited_bfs(input: &str) -> String {
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap_or(0));
    let mut next = move || numbers.next();
    let mut out = String::new();
    while let (Some(n), Some(m)) = (next(), next()) {
        if n == 0 && m == 0 {
            break;
        }
        let (n, m) = (n as usize, m as usize);
        let grid: Vec<i64> = (0..n * m).map(|_| next().unwrap_or(0)).collect();
        let q = next().unwrap_or(0);
        for _ in 0..q {
            let mut coordinate = || next().unwrap_or(1) as usize - 1;
            let (r1, c1, r2, c2) = (coordinate(), coordinate(), coordinate(), coordinate());
            let (a, b) = (r1 * m + c1, r2 * m + c2);
            let yes = a != b && grid[a] != 0 && grid[a] == grid[b] && {
                let mut visited = vec![false; n * m];
                visited[a] = true;
                // (row, col, heading 0..4 or 4 at the start, turns)
                let mut queue = std::collections::VecDeque::from([(r1, c1, 4usize, 0usize)]);
                let mut found = false;
                'search: while let Some((r, c, heading, turns)) = queue.pop_front() {
                    for (d, (dr, dc)) in [(-1isize, 0isize), (0, 1), (1, 0), (0, -1)]
                        .into_iter()
                        .enumerate()
                    {
                        let turns = turns + usize::from(heading != 4 && heading != d);
                        let (nr, nc) = (r as isize + dr, c as isize + dc);
                        if turns > 2 || nr < 0 || nc < 0 || nr >= n as isize || nc >= m as isize {
                            continue;
                        }
                        let (nr, nc) = (nr as usize, nc as usize);
                        let cell = nr * m + nc;
                        if cell == b {
                            found = true;
                            break 'search;
                        }
                        if grid[cell] != 0 || visited[cell] {
                            continue;
                        }
                        visited[cell] = true;
                        queue.push_back((nr, nc, d, turns));
                    }
                }
                found
            };
            out.push_str(if yes { "YES\n" } else { "NO\n" });
        }
    }
    out
}

/// The boards of a judge input: (cells, queries) each.
fn shape(input: &[u8]) -> Vec<(usize, usize)> {
    let mut reader = Reader::new(input);
    let mut boards = Vec::new();
    while let Some(board) = read_board(&mut reader).unwrap() {
        let q = read_query_count(&mut reader).unwrap() as usize;
        for _ in 0..q {
            read_query(&mut reader, (board.rows(), board.cols())).unwrap();
        }
        boards.push((board.rows() * board.cols(), q));
    }
    boards
}

fn visited_per_cell_is_found_and_shrunk() {
    let run = stress(
        BIN,
        &["--cases", "2000"],
        &[&current_exe()],
        "visited-bfs",
        Path::new(SCRATCH),
    );
    assert_eq!(run.status, Some(1), "{run:?}");
    assert!(run.stderr.is_empty(), "{run:?}");
    let report = &run.stdout;
    assert!(
        report.starts_with("lianliankan stress: wrong answer on case "),
        "{report}"
    );
    assert!(report.contains("as far as it goes"), "{report}");
    assert!(report.contains("--- why ours is right\n"), "{report}");
    let (input, answer) = run.saved.expect("fail.in and fail.ans");
    let boards = shape(&input);
    // One board, one query, and a handful of cells.
    assert_eq!(boards.len(), 1, "{report}");
    let (cells, queries) = boards[0];
    assert_eq!(queries, 1, "{report}");
    assert!(cells <= 20, "{cells} cells:\n{report}");
    // Ours answers YES (the bug loses a path), and the bug still fails.
    assert_eq!(normalised(&answer), ["YES"], "{report}");
    assert!(report.contains(": YES. Both cells hold kind"), "{report}");
    assert_ne!(
        normalised(&run_buggy("visited-bfs", &input)),
        normalised(&answer)
    );
    let ours = test_support::run_with_stdin(BIN, &[], &input);
    assert_eq!(ours.stdout, answer);
    println!("{report}");
}

fn our_binary_is_never_reported() {
    let run = stress(
        BIN,
        &["--cases", "1500", "--seed", "3"],
        &[Path::new(BIN)],
        "none",
        Path::new(SCRATCH),
    );
    assert_eq!(run.status, Some(0), "{run:?}");
    assert!(
        run.stdout
            .starts_with("lianliankan stress: all 1500 cases agreed with ours (seed 3; "),
        "{run:?}"
    );
    assert!(run.saved.is_none());
}

fn a_program_that_cannot_start() {
    let missing = Path::new(SCRATCH).join("no-such-program");
    let run = stress(
        BIN,
        &["--cases", "3"],
        &[&missing],
        "none",
        Path::new(SCRATCH),
    );
    assert_eq!(run.status, Some(2), "{run:?}");
    assert!(run.stdout.is_empty(), "{run:?}");
    assert!(run.stderr.starts_with("error: cannot start `"), "{run:?}");
}
