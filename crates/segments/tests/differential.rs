//! The solver against brute force on seeded random boards, through the judge
//! text: each board is rendered as judge input (rows trimmed, empty, or
//! padded with white space, `\n` or `\r\n`), parsed back, and every pair is
//! answered by the level sweep, checked against grid-core's breadth-first
//! reference over (cell, heading, turns) on the board inside its ring and
//! against the textbook Dijkstra (`segments::reference`), and its path
//! checked legal.

use grid_core::Dir;
use grid_core::reference::{check_path, min_turns};
use segments::format::{Pair, read_board, read_pair};
use segments::reference::Dijkstra;
use segments::{Board, Grid, Padded, Pos, Reader, Solver, SplitMix64, generate};

/// A random board: 1..=20 squares a side, 20–80% pieces.
fn random_board(rng: &mut SplitMix64) -> Board {
    let (rows, cols) = (rng.range(1, 20), rng.range(1, 20));
    let percent = rng.range(20, 80) as u32;
    generate::board(rng, rows, cols, percent).expect("small board")
}

/// `board` and `pairs` as judge text, with the liberties real inputs take.
fn render(board: &Board, pairs: &[Pair], rng: &mut SplitMix64) -> String {
    let eol = if rng.percent(30) { "\r\n" } else { "\n" };
    let mut text = format!("{} {}{eol}", board.cols(), board.rows());
    for r in 0..board.rows() {
        let mut row: String = (0..board.cols())
            .map(|c| {
                if board.is_piece(Pos::new(r, c)) {
                    'X'
                } else {
                    ' '
                }
            })
            .collect();
        match rng.below(4) {
            0 | 1 => row.truncate(row.trim_end().len()),
            2 => row.push_str(if rng.percent(50) { "  " } else { " \t" }),
            _ => {}
        }
        text.push_str(&row);
        text.push_str(eol);
    }
    for &Pair { a, b } in pairs {
        let sep = if rng.percent(20) { "  " } else { " " };
        text.push_str(&format!(
            "{}{sep}{} {} {}{eol}",
            a.col + 1,
            a.row + 1,
            b.col + 1,
            b.row + 1
        ));
    }
    text.push_str("0 0 0 0");
    text.push_str(eol);
    if rng.percent(50) {
        text.push_str("0 0");
        text.push_str(eol);
    }
    text
}

/// Checks one pair against the references; returns the answer.
fn check_pair(
    solver: &mut Solver,
    dijkstra: &Dijkstra,
    padded: &Padded<bool>,
    a: Pos,
    b: Pos,
    context: &str,
) -> Option<usize> {
    let free = |&piece: &bool| !piece;
    let (frame, ring) = (padded.frame(), padded.grid());
    let (ra, rb) = (frame.to_outer(a), frame.to_outer(b));
    let path = solver.min_segments(a, b);
    let count = path.as_ref().map(|p| p.segments());
    assert_eq!(
        solver.count(a, b),
        count,
        "count vs path, {a} {b}\n{context}"
    );
    assert_eq!(dijkstra.count(a, b), count, "Dijkstra, {a} {b}\n{context}");
    match &path {
        Some(p) => {
            let turns = p.turns();
            // Nothing with fewer turns, and something with exactly as many.
            assert_eq!(
                min_turns(ring, free, ra, rb, Some(turns)),
                Some(turns),
                "reference, {a} {b}\n{context}"
            );
            // The corners, from the board frame to the padded grid's.
            let corners: Vec<Pos> = (p.corners().iter())
                .map(|&corner| frame.outer_of(corner).expect("a corner beyond the ring"))
                .collect();
            if let Err(fault) = check_path(ring, free, ra, rb, &corners, turns) {
                panic!("illegal path {:?}: {fault}\n{context}", p.corners());
            }
        }
        None => {
            // A path needs no more turns than it has inside squares, and
            // with no square twice those are empty squares reachable from
            // `a`: so this limit loses no path, and keeps the reference's
            // layers few when `a` is walled in. (Beyond a few hundred, its
            // layers cost too much; Dijkstra has said `None` already.)
            let cap = reachable_empty(ring, ra);
            if cap <= 300 {
                assert_eq!(
                    min_turns(ring, free, ra, rb, Some(cap)),
                    None,
                    "reference finds a path, {a} {b}\n{context}"
                );
            }
        }
    }
    count
}

/// The number of empty squares reachable from `from` through empty squares.
fn reachable_empty(ring: &Grid<bool>, from: Pos) -> usize {
    let mut seen = vec![false; ring.rows() * ring.cols()];
    let mut stack = vec![from];
    let mut count = 0;
    while let Some(p) = stack.pop() {
        for d in Dir::ALL {
            if let Some(q) = ring.step(p, d) {
                if !ring[q] && !seen[ring.index_of(q)] {
                    seen[ring.index_of(q)] = true;
                    count += 1;
                    stack.push(q);
                }
            }
        }
    }
    count
}

#[test]
fn level_sweep_matches_brute_force_through_judge_text() {
    let mut rng = SplitMix64::new(0x1101);
    let (mut checked, mut connected, mut boards) = (0, 0, 0);
    while checked < 20_000 {
        let board = random_board(&mut rng);
        let pairs = generate::pairs(&mut rng, &board, 20);
        let text = render(&board, &pairs, &mut rng);
        let mut reader = Reader::new(text.as_bytes());
        let parsed = read_board(&mut reader)
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
            .expect("a board");
        assert_eq!(parsed, board, "parsed back wrongly:\n{text}");
        let mut solver = Solver::new(&parsed);
        let dijkstra = Dijkstra::new(&parsed);
        let padded = parsed.padded();
        for &Pair { a, b } in &pairs {
            let pair = read_pair(&mut reader, &parsed)
                .unwrap_or_else(|e| panic!("{e}\n{text}"))
                .expect("a pair");
            assert_eq!((pair.a, pair.b), (a, b));
            let answer = check_pair(&mut solver, &dijkstra, &padded, a, b, &text);
            connected += usize::from(answer.is_some());
            checked += 1;
        }
        assert_eq!(read_pair(&mut reader, &parsed).unwrap(), None);
        assert_eq!(read_board(&mut reader).unwrap(), None);
        boards += 1;
    }
    // The boards are varied enough that both answers occur often.
    assert!(
        connected > checked / 5 && connected < checked * 4 / 5,
        "{connected} of {checked} connected on {boards} boards"
    );
}

#[test]
fn any_two_squares_match_brute_force() {
    // The library also answers for empty squares as ends.
    let mut rng = SplitMix64::new(7);
    for _ in 0..300 {
        let board = random_board(&mut rng);
        let mut solver = Solver::new(&board);
        let dijkstra = Dijkstra::new(&board);
        let padded = board.padded();
        for _ in 0..10 {
            let a = Pos::new(rng.below(board.rows()), rng.below(board.cols()));
            let b = Pos::new(rng.below(board.rows()), rng.below(board.cols()));
            if a == b {
                assert_eq!(solver.min_segments(a, b), None);
                assert_eq!(dijkstra.count(a, b), None);
            } else {
                check_pair(&mut solver, &dijkstra, &padded, a, b, &format!("{board:?}"));
            }
        }
    }
}

#[test]
fn nested_walls_need_many_segments() {
    // Concentric square walls of pieces, each with one gap, the gaps
    // alternating between the top and the bottom middle: from the outer
    // corner to the centre the path winds through every corridor, so the
    // answer is large and the sweep must keep many levels to recover it.
    let n = 21;
    let mut board = Board::new(n, n).unwrap();
    for r in 0..n {
        for c in 0..n {
            let depth = r.min(c).min(n - 1 - r).min(n - 1 - c);
            let gap = (depth % 4 == 0 && r == depth || depth % 4 == 2 && r == n - 1 - depth)
                && c == n / 2
                && depth < n / 2;
            board.set_piece(Pos::new(r, c), depth % 2 == 0 && !gap);
        }
    }
    let mut solver = Solver::new(&board);
    let dijkstra = Dijkstra::new(&board);
    let padded = board.padded();
    let (corner, centre) = (Pos::new(0, 0), Pos::new(n / 2, n / 2));
    let answer = check_pair(
        &mut solver,
        &dijkstra,
        &padded,
        corner,
        centre,
        "nested walls",
    );
    assert!(answer.is_some_and(|k| k >= 12), "{answer:?}");
}

/// A board of `rows × cols` with 20–80% pieces.
fn sized_board(rng: &mut SplitMix64, rows: usize, cols: usize) -> Board {
    let percent = rng.range(20, 80) as u32;
    generate::board(rng, rows, cols, percent).expect("a board that fits")
}

#[test]
fn wide_and_tall_boards_match_brute_force_through_judge_text() {
    // Widths around the word boundaries of the search: the one-word rows
    // end at 126 columns (128 with the ring); wider rows take 64-bit words
    // (boundaries at 62, 126, 190, ... columns); and tall boards.
    let mut rng = SplitMix64::new(0x1117);
    let (mut checked, mut connected, mut wide) = (0, 0, 0);
    while checked < 2000 {
        let (rows, cols) = match rng.below(5) {
            0 => (rng.range(1, 12), rng.range(120, 134)),
            1 => (rng.range(1, 10), rng.range(186, 196)),
            2 => (rng.range(1, 6), rng.range(1, 700)),
            3 => (rng.range(120, 300), rng.range(1, 8)),
            _ => (rng.range(20, 40), rng.range(20, 200)),
        };
        let board = sized_board(&mut rng, rows, cols);
        let pairs = generate::pairs(&mut rng, &board, 10);
        let text = render(&board, &pairs, &mut rng);
        let mut reader = Reader::new(text.as_bytes());
        let parsed = read_board(&mut reader)
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
            .expect("a board");
        assert_eq!(parsed, board, "parsed back wrongly:\n{text}");
        let mut solver = Solver::new(&parsed);
        let dijkstra = Dijkstra::new(&parsed);
        let padded = parsed.padded();
        for &Pair { a, b } in &pairs {
            let pair = read_pair(&mut reader, &parsed).unwrap().expect("a pair");
            assert_eq!((pair.a, pair.b), (a, b));
            let answer = check_pair(&mut solver, &dijkstra, &padded, a, b, &text);
            connected += usize::from(answer.is_some());
            checked += 1;
            wide += usize::from(cols > 126);
        }
    }
    assert!(
        connected > checked / 5 && connected < checked * 4 / 5,
        "{connected} of {checked} connected"
    );
    assert!(wide > checked / 4, "only {wide} pairs on wide boards");
}

#[test]
fn a_thousand_squares_a_side() {
    // 1000 × 1000 with 100 pairs, through the judge's text: every path is
    // legal and as long as its count says; one pair in 25 is also
    // checked against the textbook Dijkstra (4 million states each). Few
    // pieces: long straight runs, as on the boards people draw.
    let mut rng = SplitMix64::new(1000);
    for percent in [3, 12] {
        let board = generate::board(&mut rng, 1000, 1000, percent).unwrap();
        let pairs = generate::pairs(&mut rng, &board, 100);
        let mut text = Vec::new();
        segments::format::write_board(&mut text, &board).unwrap();
        segments::format::write_pairs(&mut text, &pairs).unwrap();
        let mut reader = Reader::new(&text);
        let parsed = read_board(&mut reader).unwrap().unwrap();
        assert_eq!(parsed, board);
        let mut solver = Solver::new(&parsed);
        let dijkstra = Dijkstra::new(&parsed);
        let padded = parsed.padded();
        let (frame, ring) = (padded.frame(), padded.grid());
        let mut connected = 0;
        for (i, &Pair { a, b }) in pairs.iter().enumerate() {
            assert_eq!(
                read_pair(&mut reader, &parsed).unwrap(),
                Some(Pair { a, b })
            );
            let path = solver.min_segments(a, b);
            let count = solver.count(a, b);
            assert_eq!(path.as_ref().map(|p| p.segments()), count, "{a} {b}");
            if let Some(p) = &path {
                let corners: Vec<Pos> = (p.corners().iter())
                    .map(|&c| frame.outer_of(c).expect("a corner beyond the ring"))
                    .collect();
                let (ra, rb) = (frame.to_outer(a), frame.to_outer(b));
                if let Err(fault) = check_path(ring, |&x| !x, ra, rb, &corners, p.turns()) {
                    panic!("illegal path {:?}: {fault}", p.corners());
                }
                connected += 1;
            }
            if i % 25 == 0 {
                assert_eq!(dijkstra.count(a, b), count, "Dijkstra, {a} {b}");
            }
        }
        assert_eq!(read_pair(&mut reader, &parsed).unwrap(), None);
        assert!(connected > 0, "no pair connected at {percent}%");
    }
}
