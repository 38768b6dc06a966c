//! Segments (POJ 1101) workloads: full-size boards, many pairs.

use grid_core::{Pos, Reader, SplitMix64};
use segments::format::{Pair, read_board, read_pair, write_board, write_pairs};
use segments::reference::Dijkstra;
use segments::{Board, Solver, generate};

use super::workload::{Answers, Goal, Pass, Scale, Workload, pass};

/// Segments' workload at `scale`.
pub fn workloads(scale: Scale) -> Vec<Workload> {
    let full = scale == Scale::Full;
    let shape = Shape {
        boards: if full { 20 } else { 2 },
        side: 75,
        piece_percent: 45,
        pairs: if full { 500 } else { 50 },
    };
    vec![Workload {
        name: "segments",
        binary: "segments",
        description: shape.describe(),
        seed: 1101,
        input: Box::new(move |seed| judge_input(&shape, seed)),
        parse,
        solver,
        baseline,
        goals: vec![Goal {
            issue: 4,
            min_baseline_over_solver: Some(30.0),
            ..Goal::default()
        }],
    }]
}

/// The shape of a generated input.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub boards: usize,
    /// Width and height.
    pub side: usize,
    /// Chance of a piece on each square, in percent.
    pub piece_percent: u32,
    pub pairs: usize,
}

impl Shape {
    pub fn describe(&self) -> String {
        format!(
            "{} boards {}×{}, {}% pieces, {} pairs each",
            self.boards, self.side, self.side, self.piece_percent, self.pairs
        )
    }
}

/// A judge input of `shape` from `seed`: every row written at full width,
/// each pair two different pieces chosen uniformly.
///
/// # Panics
/// If a board gets fewer than two pieces (not with the shapes used here).
pub fn judge_input(shape: &Shape, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..shape.boards {
        let board = generate::board(&mut rng, shape.side, shape.side, shape.piece_percent)
            .expect("a side of 1 to 126");
        assert!(
            board.count_pieces() >= 2,
            "a board with fewer than two pieces"
        );
        let pairs = generate::pairs(&mut rng, &board, shape.pairs);
        write_board(&mut out, &board).expect("writing to memory");
        write_pairs(&mut out, &pairs).expect("writing to memory");
    }
    out.extend_from_slice(b"0 0\n");
    String::from_utf8(out).expect("the judge format is ASCII")
}

/// Reads and parses the whole input with the project's reader, exactly as
/// the binary reads it, answering nothing; returns a checksum of what was
/// read.
pub fn parse(input: &[u8]) -> Result<u64, String> {
    let mut reader = Reader::new(input);
    let mut sum = 0u64;
    while let Some(board) = read_board(&mut reader).map_err(|e| e.to_string())? {
        sum += board.rows() as u64;
        while let Some(Pair { a, b }) = read_pair(&mut reader, &board).map_err(|e| e.to_string())? {
            sum += (a.row + a.col + b.row + b.col) as u64;
        }
    }
    Ok(sum)
}

/// Every board with its pairs.
type Parsed = Vec<(Board, Vec<Pair>)>;

fn parse_all(input: &[u8]) -> Result<Parsed, String> {
    let mut reader = Reader::new(input);
    let mut boards = Vec::new();
    while let Some(board) = read_board(&mut reader).map_err(|e| e.to_string())? {
        let mut pairs = Vec::new();
        while let Some(pair) = read_pair(&mut reader, &board).map_err(|e| e.to_string())? {
            pairs.push(pair);
        }
        boards.push((board, pairs));
    }
    Ok(boards)
}

/// The judge output, written here from the POJ 1101 statement (not by the
/// solver crate's renderer): `prepare` runs once a board, `count` once a
/// pair.
fn answer<S>(
    boards: &Parsed,
    mut prepare: impl FnMut(&Board) -> S,
    mut count: impl FnMut(&mut S, Pos, Pos) -> Option<usize>,
) -> Answers {
    let mut answers = Answers::default();
    for (n, (board, pairs)) in boards.iter().enumerate() {
        answers.line(&format!("Board #{}:", n + 1));
        let mut search = prepare(board);
        for (m, pair) in pairs.iter().enumerate() {
            match count(&mut search, pair.a, pair.b) {
                Some(k) => answers.push(&format!("Pair {}: {k} segments.", m + 1), true),
                None => answers.push(&format!("Pair {}: impossible.", m + 1), false),
            }
        }
        answers.line("");
    }
    answers
}

/// The library's level sweep ([`Solver::count`]), as the binary calls it.
pub fn solver(input: &[u8]) -> Result<Pass, String> {
    pass(input, parse_all, |boards| {
        answer(boards, Solver::new, |solver, a, b| solver.count(a, b))
    })
}

/// The textbook search: Dijkstra with a binary heap over (square, heading)
/// per pair ([`segments::reference::Dijkstra`]).
pub fn baseline(input: &[u8]) -> Result<Pass, String> {
    pass(input, parse_all, |boards| {
        answer(boards, Dijkstra::new, |search, a, b| search.count(a, b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: Shape = Shape {
        boards: 2,
        side: 12,
        piece_percent: 45,
        pairs: 30,
    };

    #[test]
    fn reproducible_and_in_judge_format() {
        let input = judge_input(&SMALL, 5);
        assert_eq!(input, judge_input(&SMALL, 5));
        assert_ne!(input, judge_input(&SMALL, 6));
        let mut reader = Reader::new(input.as_bytes());
        for _ in 0..SMALL.boards {
            let board = read_board(&mut reader).unwrap().unwrap();
            assert_eq!((board.rows(), board.cols()), (12, 12));
            let share = board.count_pieces() * 100 / 144;
            assert!((30..=60).contains(&share), "{share}% pieces");
            let mut pairs = 0;
            // The reader itself rejects squares without a piece and a square
            // named twice.
            while read_pair(&mut reader, &board).unwrap().is_some() {
                pairs += 1;
            }
            assert_eq!(pairs, 30);
        }
        assert!(read_board(&mut reader).unwrap().is_none());
    }

    #[test]
    fn parse_and_baseline() {
        let input = judge_input(&SMALL, 3);
        assert!(parse(input.as_bytes()).unwrap() > 0);
        let answers = baseline(input.as_bytes()).unwrap().answers;
        assert_eq!(answers.count, 60);
        assert!(answers.positive > 0 && answers.positive < 60);
        assert_eq!(solver(input.as_bytes()).unwrap().answers, answers);
        let sample = b"5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n1 3 4 4\n2 3 3 4\n0 0 0 0\n0 0\n";
        assert_eq!(
            baseline(sample).unwrap().answers.text,
            "Board #1:\nPair 1: 4 segments.\nPair 2: 3 segments.\nPair 3: impossible.\n\n"
        );
    }
}
