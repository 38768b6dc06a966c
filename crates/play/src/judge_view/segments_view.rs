//! The segments view: each board and pair read once, answered as the
//! judge answers (`Pair n: k segments.`, by the library's solver), and the
//! first answers drawn with the fewest-segment path.

use grid_core::{Path, Pos, Reader};
use segments::format::{board_line, pair_line, read_board, read_pair};

use super::answer::{BoardAnswers, Drawn, JudgeResponse, QueryAnswer, response, too_large};
use crate::limits::Limits;
use crate::problem::Problem;

/// The view of `input`.
pub(super) fn view(input: &str, limits: &Limits) -> JudgeResponse {
    let mut reader = Reader::new(input.as_bytes());
    let mut output = String::new();
    let mut boards = Vec::new();
    let mut drawn = Drawn::new(limits);
    let mut drawing = true;
    let mut stopped = None;
    let mut number = 0;
    let fault = loop {
        let at = reader.location();
        let board = match read_board(&mut reader) {
            Ok(Some(board)) => board,
            Ok(None) => break None,
            Err(e) => break Some(e),
        };
        number += 1;
        output.push_str(&board_line(number));
        output.push('\n');
        let (rows, cols) = (board.rows(), board.cols());
        if drawing && rows * cols > limits.judge_board_cells {
            stopped = Some(too_large(at, rows, cols, limits));
            drawing = false;
        }
        let mut pairs = drawing.then(Vec::new);
        let mut solver = segments::Solver::new(&board);
        let mut number_in_board = 0;
        let mut fault = None;
        loop {
            if pairs.is_some() && drawn.full() {
                drawn.truncated = true;
                if let Some(pairs) = pairs.take() {
                    boards.push(BoardAnswers::Pieces {
                        pieces: pieces(&board),
                        pairs,
                    });
                }
                drawing = false;
            }
            match read_pair(&mut reader, &board) {
                Ok(Some(pair)) => {
                    number_in_board += 1;
                    let count = match &mut pairs {
                        Some(pairs) => {
                            let path = solver.min_segments(pair.a, pair.b);
                            let count = path.as_ref().map(Path::segments);
                            let line = pair_line(pairs.len() + 1, count);
                            pairs.push(drawn_answer(pair.a, pair.b, line, path));
                            drawn.count();
                            count
                        }
                        None => solver.count(pair.a, pair.b),
                    };
                    output.push_str(&pair_line(number_in_board, count));
                    output.push('\n');
                }
                Ok(None) => break,
                Err(e) => {
                    fault = Some(e);
                    break;
                }
            }
        }
        if let Some(pairs) = pairs {
            boards.push(BoardAnswers::Pieces {
                pieces: pieces(&board),
                pairs,
            });
        }
        if fault.is_some() {
            break fault;
        }
        output.push('\n');
    };
    response(
        Problem::Segments.name(),
        output,
        fault,
        stopped,
        drawn.truncated,
        Some(boards),
        None,
    )
}

/// The board's rows as the page draws them: `X` a piece, `.` empty.
fn pieces(board: &segments::Board) -> Vec<String> {
    (0..board.rows())
        .map(|r| {
            (0..board.cols())
                .map(|c| {
                    if board.is_piece(Pos::new(r, c)) {
                        'X'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

/// A pair drawn: the judge's line, its path, or why there is none.
fn drawn_answer(a: Pos, b: Pos, line: String, path: Option<Path>) -> QueryAnswer {
    let why = path.is_none().then(|| {
        "no path of straight segments through empty cells (and the margin around the board) \
         joins the two pieces"
            .to_owned()
    });
    QueryAnswer {
        a,
        b,
        answer: line,
        path,
        why,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::SplitMix64;

    /// A random judge input: boards of pieces and pairs (the format's
    /// `0 0 0 0` ends a board's pairs), now and then a fault.
    fn random_input(rng: &mut SplitMix64) -> String {
        let mut input = String::new();
        for _ in 0..1 + rng.below(3) {
            let (rows, cols) = (1 + rng.below(5), 1 + rng.below(6));
            // The format: `w h` (columns, rows), then rows of X and spaces.
            input.push_str(&format!("{cols} {rows}\n"));
            let mut pieces = Vec::new();
            for y in 1..=rows {
                let row: String = (1..=cols)
                    .map(|x| {
                        let piece = rng.below(2) == 0;
                        if piece {
                            pieces.push((x, y));
                        }
                        if piece { 'X' } else { ' ' }
                    })
                    .collect();
                input.push_str(&row);
                input.push('\n');
            }
            for _ in 0..rng.below(10) {
                if pieces.len() < 2 {
                    break;
                }
                let (x1, y1) = pieces[rng.below(pieces.len())];
                let (x2, y2) = pieces[rng.below(pieces.len())];
                match rng.below(30) {
                    0 => input.push_str(&format!("{x1} {y1} {} {y2}\n", cols + 5)),
                    1 => input.push_str("1 x 1 1\n"),
                    _ if (x1, y1) == (x2, y2) => {}
                    _ => input.push_str(&format!("{x1} {y1} {x2} {y2}\n")),
                }
            }
            input.push_str("0 0 0 0\n");
        }
        if rng.below(2) == 0 {
            input.push_str("0 0\n");
        }
        input
    }

    #[test]
    fn the_view_writes_what_the_judge_writes() {
        let mut rng = SplitMix64::new(58);
        // Some inputs go past the answers drawn, some boards are too large to draw.
        let limits = Limits {
            judge_answers: 6,
            judge_board_cells: 20,
            ..Limits::default()
        };
        let (mut faults, mut clean) = (0, 0);
        for case in 0..600 {
            let input = random_input(&mut rng);
            let mut out = Vec::new();
            let options = segments::judge::Options::default();
            let judged = segments::judge::run(input.as_bytes(), &options, &mut out);
            let seen = view(&input, &limits);
            assert_eq!(
                seen.output,
                String::from_utf8(out).unwrap(),
                "case {case}:\n{input}"
            );
            match judged {
                Err(grid_core::JudgeError::Input(e)) => {
                    faults += 1;
                    assert_eq!(seen.error, Some((&e).into()), "case {case}:\n{input}");
                }
                Err(other) => panic!("{other}"),
                Ok(()) => {
                    clean += 1;
                    let too_large = seen
                        .error
                        .as_ref()
                        .is_none_or(|e| e.message.contains("draws boards"));
                    assert!(too_large, "case {case}: {:?}\n{input}", seen.error);
                }
            }
        }
        assert!(
            faults > 20 && clean > 100,
            "{faults} inputs with a fault, {clean} without"
        );
    }
}
