//! `segments stress`: what POJ 1101 brings to `grid_cli::stress` — the
//! generator, the shrinking steps and the explanation of an answer.
//!
//! The generator is weighted toward the traps of this problem: rows whose
//! trailing spaces are trimmed (even to an empty line) after longer rows,
//! rows that begin with spaces, `\r\n` line ends, several boards in one
//! input (state left over from a previous board shows only then), and pieces
//! on the edges that must be joined around the board. Every input is within
//! the judge's promises: sides 1 to 75, each pair two different pieces,
//! `0 0 0 0` after each board's pairs and `0 0` at the end.

use std::fmt::Write as _;

use grid_cli::stress::{MAX_SIZE, Puzzle, chunks, fewer};
use grid_core::SplitMix64;
use segments::format::Pair;
use segments::judge::{self, Options};
use segments::{Board, Grid, JudgeError, Pos, Solver, draw, generate};

/// The judge's largest side.
const MAX_SIDE: usize = 75;

/// The POJ 1101 side of `segments stress`.
#[derive(Debug)]
pub struct Segments;

/// One input: boards with their pairs, and its line ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    boards: Vec<BoardCase>,
    /// Lines end in `\r\n` instead of `\n`.
    crlf: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct BoardCase {
    /// `true` = a piece.
    pieces: Grid<bool>,
    /// At least one, each two different pieces.
    pairs: Vec<Pair>,
    /// Per row: written without its trailing spaces.
    trimmed: Vec<bool>,
}

impl Puzzle for Segments {
    type Case = Case;

    fn generate(&self, seed: u64, size: u32) -> Case {
        let mut rng = SplitMix64::new(seed);
        let count = if rng.percent(55) { 1 } else { rng.range(2, 4) };
        let mut boards: Vec<BoardCase> =
            (0..count).map(|_| generate_board(&mut rng, size)).collect();
        // Larger boards first now and then: what a previous board leaves
        // behind is then where the next one reads.
        if rng.percent(30) {
            boards.sort_by_key(|b| std::cmp::Reverse(b.pieces.rows() * b.pieces.cols()));
        }
        Case {
            boards,
            crlf: rng.percent(15),
        }
    }

    fn input(&self, case: &Case) -> Vec<u8> {
        let end = if case.crlf { "\r\n" } else { "\n" };
        let mut text = String::new();
        for board in &case.boards {
            let (rows, cols) = (board.pieces.rows(), board.pieces.cols());
            let _ = write!(text, "{cols} {rows}{end}");
            for (row, cells) in board.pieces.row_slices().enumerate() {
                let line: String = cells.iter().map(|&p| if p { 'X' } else { ' ' }).collect();
                let line = if board.trimmed[row] {
                    line.trim_end()
                } else {
                    &line
                };
                let _ = write!(text, "{line}{end}");
            }
            for Pair { a, b } in &board.pairs {
                let _ = write!(
                    text,
                    "{} {} {} {}{end}",
                    a.col + 1,
                    a.row + 1,
                    b.col + 1,
                    b.row + 1
                );
            }
            let _ = write!(text, "0 0 0 0{end}");
        }
        let _ = write!(text, "0 0{end}");
        text.into_bytes()
    }

    fn expected(&self, input: &[u8]) -> Result<Vec<u8>, JudgeError> {
        let mut out = Vec::new();
        judge::run(input, &Options::default(), &mut out)?;
        Ok(out)
    }

    fn shrink<'a>(&'a self, case: &'a Case) -> Box<dyn Iterator<Item = Case> + 'a> {
        let boards = case.boards.len();
        let fewer_boards = fewer(&case.boards).map(move |boards| Case {
            boards,
            ..case.clone()
        });
        let pairs = (0..boards).flat_map(move |b| {
            fewer(&case.boards[b].pairs).map(move |pairs| {
                let mut smaller = case.clone();
                smaller.boards[b].pairs = pairs;
                smaller
            })
        });
        let lf = case.crlf.then(|| Case {
            crlf: false,
            ..case.clone()
        });
        let cells = (0..boards).flat_map(move |b| {
            let board = &case.boards[b];
            let rows = chunks(board.pieces.rows()).filter_map(move |range| {
                with_board(case, b, |board| board.without_rows(range.clone()))
            });
            let cols = chunks(board.pieces.cols()).filter_map(move |range| {
                with_board(case, b, |board| board.without_cols(range.clone()))
            });
            let removable = board.removable();
            let pieces = chunks(removable.len()).filter_map(move |range| {
                let removed = removable[range].to_vec();
                with_board(case, b, move |board| {
                    let mut smaller = board.clone();
                    for &p in &removed {
                        smaller.pieces[p] = false;
                    }
                    Some(smaller)
                })
            });
            // Rows written in full rather than trimmed: all at once, then
            // one at a time (the trimmed rows left are those that matter).
            let trimmed: Vec<usize> = (0..board.trimmed.len())
                .filter(|&r| board.trimmed[r])
                .collect();
            let full = (!trimmed.is_empty())
                .then(|| {
                    with_board(case, b, |board| {
                        Some(BoardCase {
                            trimmed: vec![false; board.trimmed.len()],
                            ..board.clone()
                        })
                    })
                })
                .flatten();
            let one_full = trimmed.into_iter().filter_map(move |r| {
                with_board(case, b, move |board| {
                    let mut smaller = board.clone();
                    smaller.trimmed[r] = false;
                    Some(smaller)
                })
            });
            rows.chain(cols).chain(pieces).chain(full).chain(one_full)
        });
        Box::new(fewer_boards.chain(pairs).chain(lf).chain(cells))
    }

    fn explain(&self, case: &Case, line: usize) -> String {
        let mut at = line;
        for (n, board) in case.boards.iter().enumerate() {
            let name = format!("board {}", n + 1);
            if at == 0 {
                return format!(
                    "`Board #{}:` opens the answers of {name}; each board's answers end with an empty line (the last board's too).\n",
                    n + 1
                );
            }
            at -= 1;
            if at < board.pairs.len() {
                return explain_pair(case, board, at, &name);
            }
            at -= board.pairs.len();
            if at == 0 {
                return format!(
                    "An empty line follows the answers of every board, so one ends {name}'s answers before `Board #{}:`.\n",
                    n + 2
                );
            }
            at -= 1;
        }
        format!(
            "Our answer ends here: {} board(s), each `Board #n:`, one line per pair, and an empty line.\n",
            case.boards.len()
        )
    }
}

/// `case` with board `b` replaced by what `change` makes of it, if it makes
/// one.
fn with_board(
    case: &Case,
    b: usize,
    change: impl FnOnce(&BoardCase) -> Option<BoardCase>,
) -> Option<Case> {
    let board = change(&case.boards[b])?;
    let mut smaller = case.clone();
    smaller.boards[b] = board;
    Some(smaller)
}

impl BoardCase {
    /// Without the rows in `range`; the pairs on them dropped. `None` if no
    /// row or no pair would be left.
    fn without_rows(&self, range: std::ops::Range<usize>) -> Option<BoardCase> {
        let (rows, cols) = (self.pieces.rows(), self.pieces.cols());
        let kept: Vec<usize> = (0..rows).filter(|r| !range.contains(r)).collect();
        let mut pieces = Grid::new(kept.len(), cols, false);
        for (new, &old) in kept.iter().enumerate() {
            for col in 0..cols {
                pieces[Pos::new(new, col)] = self.pieces[Pos::new(old, col)];
            }
        }
        let trimmed = kept.iter().map(|&r| self.trimmed[r]).collect();
        let moved = |p: Pos| {
            kept.iter()
                .position(|&r| r == p.row)
                .map(|row| Pos::new(row, p.col))
        };
        self.rebuilt(pieces, trimmed, moved)
    }

    /// Without the columns in `range`, as [`BoardCase::without_rows`].
    fn without_cols(&self, range: std::ops::Range<usize>) -> Option<BoardCase> {
        let (rows, cols) = (self.pieces.rows(), self.pieces.cols());
        let kept: Vec<usize> = (0..cols).filter(|c| !range.contains(c)).collect();
        let mut pieces = Grid::new(rows, kept.len(), false);
        for row in 0..rows {
            for (new, &old) in kept.iter().enumerate() {
                pieces[Pos::new(row, new)] = self.pieces[Pos::new(row, old)];
            }
        }
        let moved = |p: Pos| {
            kept.iter()
                .position(|&c| c == p.col)
                .map(|col| Pos::new(p.row, col))
        };
        self.rebuilt(pieces, self.trimmed.clone(), moved)
    }

    fn rebuilt(
        &self,
        pieces: Grid<bool>,
        trimmed: Vec<bool>,
        moved: impl Fn(Pos) -> Option<Pos>,
    ) -> Option<BoardCase> {
        if pieces.rows() == 0 || pieces.cols() == 0 {
            return None;
        }
        let pairs: Vec<Pair> = self
            .pairs
            .iter()
            .filter_map(|p| {
                Some(Pair {
                    a: moved(p.a)?,
                    b: moved(p.b)?,
                })
            })
            .collect();
        (!pairs.is_empty()).then_some(BoardCase {
            pieces,
            pairs,
            trimmed,
        })
    }

    /// The pieces no pair names, in row-major order.
    fn removable(&self) -> Vec<Pos> {
        self.pieces
            .positions()
            .filter(|&p| self.pieces[p])
            .filter(|&p| !self.pairs.iter().any(|q| q.a == p || q.b == p))
            .collect()
    }

    fn board(&self) -> Board {
        let mut board = Board::new(self.pieces.rows(), self.pieces.cols())
            .expect("sides are checked when made");
        for p in self.pieces.positions() {
            board.set_piece(p, self.pieces[p]);
        }
        board
    }
}

/// One board and its pairs, of about `size`.
fn generate_board(rng: &mut SplitMix64, size: u32) -> BoardCase {
    let side = 2 + (size as usize * (MAX_SIDE - 2)) / MAX_SIZE as usize;
    let (mut rows, mut cols) = match rng.below(10) {
        0 => (1, rng.range(2, side.max(2))),
        1 => (rng.range(2, side.max(2)), 1),
        _ => (rng.range(1, side), rng.range(1, side)),
    };
    if rows * cols < 2 {
        (rows, cols) = (1, 2);
    }
    let mode = rng.below(100);
    let board = match mode {
        // Random pieces.
        0..=39 => {
            let density = rng.range(15, 75) as u32;
            generate::board(rng, rows, cols, density)
        }
        // Each row its own density, from empty to full: long rows next to
        // short ones once trimmed, and rows that begin with spaces.
        40..=69 => {
            let mut board = Board::new(rows, cols);
            if let Some(board) = &mut board {
                for row in 0..rows {
                    let density = [0, 100, 20, 50, 85][rng.below(5)];
                    for col in 0..cols {
                        board.set_piece(Pos::new(row, col), rng.percent(density));
                    }
                }
            }
            board
        }
        // Pieces crowd the edges, a few inside: paths around the board.
        _ => {
            let mut board = Board::new(rows, cols);
            if let Some(board) = &mut board {
                for p in all(rows, cols) {
                    let edge = p.row == 0 || p.col == 0 || p.row + 1 == rows || p.col + 1 == cols;
                    board.set_piece(p, rng.percent(if edge { 80 } else { 25 }));
                }
            }
            board
        }
    };
    let mut pieces = Grid::new(rows, cols, false);
    if let Some(board) = &board {
        for p in all(rows, cols) {
            pieces[p] = board.is_piece(p);
        }
    }
    // Two pieces at least, for a pair.
    let mut count = pieces.cells().iter().filter(|&&p| p).count();
    while count < 2 {
        let p = Pos::new(rng.below(rows), rng.below(cols));
        if !pieces[p] {
            pieces[p] = true;
            count += 1;
        }
    }
    let all_pieces: Vec<Pos> = pieces.positions().filter(|&p| pieces[p]).collect();
    let on_edge: Vec<Pos> = all_pieces
        .iter()
        .copied()
        .filter(|p| p.row == 0 || p.col == 0 || p.row + 1 == rows || p.col + 1 == cols)
        .collect();
    let wanted = match rng.below(10) {
        0..=5 => rng.range(1, 4),
        6..=8 => rng.range(5, 15),
        _ => rng.range(16, 60),
    };
    let pairs = (0..wanted)
        .map(|_| {
            let from = if mode >= 70 && on_edge.len() >= 2 && rng.percent(70) {
                &on_edge
            } else {
                &all_pieces
            };
            let i = rng.below(from.len());
            let j = (i + 1 + rng.below(from.len() - 1)) % from.len();
            Pair {
                a: from[i],
                b: from[j],
            }
        })
        .collect();
    let trimmed = match rng.below(10) {
        0..=3 => vec![true; rows],
        4..=6 => vec![false; rows],
        _ => (0..rows).map(|_| rng.percent(50)).collect(),
    };
    BoardCase {
        pieces,
        pairs,
        trimmed,
    }
}

fn all(rows: usize, cols: usize) -> impl Iterator<Item = Pos> {
    (0..rows).flat_map(move |r| (0..cols).map(move |c| Pos::new(r, c)))
}

/// Why our answer to pair `i` of `board` is right.
fn explain_pair(case: &Case, board: &BoardCase, i: usize, name: &str) -> String {
    let Pair { a, b } = board.pairs[i];
    let pieces = board.board();
    let path = Solver::new(&pieces).min_segments(a, b);
    let mut text = format!(
        "Pair {} of {name}, `{} {} {} {}`: ",
        i + 1,
        a.col + 1,
        a.row + 1,
        b.col + 1,
        b.row + 1
    );
    match &path {
        Some(path) => {
            let _ = writeln!(
                text,
                "{} segments. No path through empty squares (the ring around the board included) has fewer; one with {} (A and B the pair, `+` its corners):",
                path.segments(),
                path.segments()
            );
        }
        None => {
            let _ = writeln!(
                text,
                "impossible: no path through empty squares and the ring around the board joins A and B:"
            );
        }
    }
    text.push_str(&draw::draw(&pieces, a, b, path.as_ref()));
    // What the input's text does that a reader may get wrong.
    let (rows, cols) = (board.pieces.rows(), board.pieces.cols());
    let short: Vec<String> = (0..rows)
        .filter(|&r| board.trimmed[r] && !board.pieces[Pos::new(r, cols - 1)])
        .map(|r| (r + 1).to_string())
        .collect();
    if !short.is_empty() {
        let _ = writeln!(
            text,
            "In the input, row{} {} of {name} {} shorter than its width {cols} (trailing spaces trimmed): the missing squares are empty.",
            if short.len() == 1 { "" } else { "s" },
            short.join(", "),
            if short.len() == 1 { "is" } else { "are" }
        );
    }
    if case.crlf {
        text.push_str("Every line of the input ends in \\r\\n.\n");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use segments::Reader;
    use segments::format::{read_board, read_pair};

    /// Every promise of the judge, checked on the input text itself.
    fn within_promises(input: &[u8]) -> Result<(), String> {
        let mut reader = Reader::new(input);
        let mut boards = 0;
        while let Some(board) = read_board(&mut reader).map_err(|e| e.to_string())? {
            boards += 1;
            if board.rows() > MAX_SIDE || board.cols() > MAX_SIDE {
                return Err(format!("{} x {} board", board.cols(), board.rows()));
            }
            let mut pairs = 0;
            // read_pair refuses a square without a piece and the same
            // square twice.
            while read_pair(&mut reader, &board)
                .map_err(|e| e.to_string())?
                .is_some()
            {
                pairs += 1;
            }
            if pairs == 0 {
                return Err("a board without pairs".into());
            }
        }
        let text = String::from_utf8_lossy(input);
        if boards == 0
            || !text.trim_end().ends_with("0 0 0 0\n0 0")
                && !text.trim_end().ends_with("0 0 0 0\r\n0 0")
        {
            return Err("no board, or no `0 0` at the end".into());
        }
        Ok(())
    }

    #[test]
    fn generated_cases_and_their_shrinks_keep_the_promises() {
        let puzzle = Segments;
        for seed in 0..120u64 {
            let size = (seed % u64::from(MAX_SIZE + 1)) as u32;
            let case = puzzle.generate(seed, size);
            assert_eq!(case, puzzle.generate(seed, size));
            let input = puzzle.input(&case);
            within_promises(&input).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            for smaller in puzzle.shrink(&case).take(60) {
                within_promises(&puzzle.input(&smaller))
                    .unwrap_or_else(|e| panic!("seed {seed}, shrunk: {e}"));
            }
        }
    }

    #[test]
    fn the_traps_are_generated() {
        let puzzle = Segments;
        let (mut short_after_long, mut empty_row, mut space_led, mut crlf, mut several, mut around) =
            (0, 0, 0, 0, 0, 0);
        for seed in 0..300u64 {
            let case = puzzle.generate(seed, 30);
            let input = String::from_utf8(puzzle.input(&case)).unwrap();
            crlf += usize::from(case.crlf);
            several += usize::from(case.boards.len() > 1);
            let lines: Vec<&str> = input.lines().collect();
            short_after_long += lines
                .windows(2)
                .filter(|w| w[1].contains('X') && w[0].len() > w[1].len() + 1)
                .count();
            empty_row += lines
                .iter()
                .filter(|l| l.trim_end_matches('\r').is_empty())
                .count();
            space_led += lines
                .iter()
                .filter(|l| l.starts_with(' ') && l.contains('X'))
                .count();
            let out = String::from_utf8(puzzle.expected(input.as_bytes()).unwrap()).unwrap();
            // A path around the board: its corners leave the board.
            for board in &case.boards {
                let pieces = board.board();
                let mut solver = Solver::new(&pieces);
                for pair in &board.pairs {
                    if let Some(path) = solver.min_segments(pair.a, pair.b) {
                        let (rows, cols) = (pieces.rows() as isize, pieces.cols() as isize);
                        around += usize::from(
                            path.corners()
                                .iter()
                                .any(|p| p.row < 0 || p.col < 0 || p.row >= rows || p.col >= cols),
                        );
                    }
                }
            }
            assert!(out.starts_with("Board #1:"));
        }
        for (what, count) in [
            ("a short row after a longer one", short_after_long),
            ("an empty row", empty_row),
            ("a row led by spaces", space_led),
            ("\\r\\n", crlf),
            ("several boards", several),
            ("a path around the board", around),
        ] {
            assert!(count >= 10, "{what}: {count}");
        }
    }

    #[test]
    fn explanations() {
        let mut pieces = Grid::new(2, 3, false);
        for p in [Pos::new(0, 0), Pos::new(0, 1), Pos::new(0, 2)] {
            pieces[p] = true;
        }
        let board = BoardCase {
            pieces,
            pairs: vec![Pair {
                a: Pos::new(0, 0),
                b: Pos::new(0, 2),
            }],
            trimmed: vec![false, true],
        };
        let case = Case {
            boards: vec![board.clone(), board],
            crlf: true,
        };
        let lines = ["Board #1:", "Pair 1: 3 segments.", "", "Board #2:"];
        assert_eq!(
            String::from_utf8(Segments.expected(&Segments.input(&case)).unwrap()).unwrap(),
            "Board #1:\nPair 1: 3 segments.\n\nBoard #2:\nPair 1: 3 segments.\n\n"
        );
        assert!(
            Segments.explain(&case, 0).starts_with("`Board #1:` opens"),
            "{lines:?}"
        );
        let pair = Segments.explain(&case, 1);
        assert!(
            pair.starts_with("Pair 1 of board 1, `1 1 3 1`: 3 segments."),
            "{pair}"
        );
        assert!(pair.contains("  .+-+.\n  .AXB.\n"), "{pair}");
        assert!(
            pair.contains("row 2 of board 1 is shorter than its width 3"),
            "{pair}"
        );
        assert!(pair.contains("\\r\\n"), "{pair}");
        assert!(
            Segments
                .explain(&case, 2)
                .starts_with("An empty line follows")
        );
        assert!(
            Segments
                .explain(&case, 9)
                .starts_with("Our answer ends here")
        );
    }
}
