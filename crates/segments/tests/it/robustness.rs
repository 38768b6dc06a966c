//! Mangled judge inputs: reading and solving never panic, and every error
//! points inside the input.

use grid_core::reference::min_turns;
use segments::format::{read_board, read_pair};
use segments::{Point, Pos, Reader, Solver, SplitMix64};

const SAMPLE: &[u8] = b"5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n1 3 4 4\n2 3 3 4\n0 0 0 0\n\
3 4\nXXX\nX X\r\n\nXX\n1 1 3 1\n3 1 2 4\n0 0 0 0\n0 0\n";

/// Reads and solves everything in `input`: the number of answers, or the
/// error's line.
fn run(input: &[u8]) -> Result<usize, usize> {
    let mut reader = Reader::new(input);
    let mut answers = 0;
    loop {
        let board = match read_board(&mut reader) {
            Ok(Some(board)) => board,
            Ok(None) => return Ok(answers),
            Err(e) => return Err(e.location.line),
        };
        let mut solver = Solver::new(&board);
        loop {
            match read_pair(&mut reader, &board) {
                Ok(Some(pair)) => {
                    let path = solver.min_segments(pair.a, pair.b);
                    assert_eq!(
                        path.as_ref().map(|p| p.segments()),
                        solver.count(pair.a, pair.b)
                    );
                    answers += 1;
                }
                Ok(None) => break,
                Err(e) => return Err(e.location.line),
            }
        }
    }
}

#[test]
fn the_sample_runs() {
    assert_eq!(run(SAMPLE), Ok(5));
}

#[test]
fn mangled_inputs_never_panic() {
    let alphabet = b"X 0123456789\n\r\tx-\xff";
    let lines = SAMPLE.iter().filter(|&&b| b == b'\n').count() + 2;
    let mut rng = SplitMix64::new(4);
    let (mut ok, mut errors) = (0, 0);
    for _ in 0..3000 {
        let mut input = SAMPLE.to_vec();
        for _ in 0..rng.range(1, 4) {
            let at = rng.below(input.len());
            let byte = alphabet[rng.below(alphabet.len())];
            match rng.below(3) {
                0 => input[at] = byte,
                1 => input.insert(at, byte),
                _ => {
                    input.remove(at);
                }
            }
        }
        match run(&input) {
            Ok(_) => ok += 1,
            Err(line) => {
                assert!((1..=lines).contains(&line), "line {line}");
                errors += 1;
            }
        }
    }
    assert!(ok > 100 && errors > 100, "{ok} fine, {errors} errors");
}

#[test]
fn largest_board_uses_whole_words() {
    // A 126 × 126 board (the largest with one word a row), every other column full:
    // the sweep runs on full-width 128-bit rows.
    let side = 126;
    let mut text = format!("{side} {side}\n");
    for _ in 0..side {
        let row: String = (0..side)
            .map(|c| if c % 2 == 0 { 'X' } else { ' ' })
            .collect();
        text.push_str(&row);
        text.push('\n');
    }
    text.push_str("1 1 125 126\n1 64 3 1\n0 0 0 0\n");
    let mut reader = Reader::new(text.as_bytes());
    let board = read_board(&mut reader).unwrap().unwrap();
    let mut solver = Solver::new(&board);
    let first = read_pair(&mut reader, &board).unwrap().unwrap();
    // Into the gap beside column 1, down it to the ring, along the bottom
    // ring, up into the piece: every route turns three times.
    assert_eq!(first.b, Pos::new(125, 124));
    assert_eq!(solver.count(first.a, first.b), Some(4));
    // Right into the gap, up it to row 1, right into the piece.
    let second = read_pair(&mut reader, &board).unwrap().unwrap();
    let path = solver.min_segments(second.a, second.b).unwrap();
    let corners = [(63, 0), (63, 1), (0, 1), (0, 2)].map(|(r, c)| Point::new(r, c));
    assert_eq!(path.corners(), corners);
    // Both answers agree with the brute-force reference.
    let padded = board.padded();
    let frame = padded.frame();
    for (pair, turns) in [(first, 3), (second, 2)] {
        let (a, b) = (frame.to_outer(pair.a), frame.to_outer(pair.b));
        assert_eq!(
            min_turns(padded.grid(), |&p| !p, a, b, Some(turns)),
            Some(turns)
        );
    }
}
