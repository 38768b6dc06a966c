//! The lianliankan view: each board and query read once, answered as the
//! judge answers (`YES` or `NO`, by the engine's `Batch`, a chunk of
//! queries at a time), and the first answers drawn with the path
//! `Connector` finds.

use grid_core::{Pos, Reader};
use lianliankan::format::{read_board, read_query, read_query_count};
use lianliankan::{Batch, Board, Connector, Rules};

use super::answer::{BoardAnswers, Drawn, JudgeResponse, QueryAnswer, response, too_large};
use crate::limits::Limits;
use crate::problem::Problem;

/// How many queries are answered together (the judge's batches; the
/// answers do not depend on it).
const CHUNK: usize = 4096;

/// The view of `input` under `rules`.
pub(super) fn view(input: &str, rules: Rules, limits: &Limits) -> JudgeResponse {
    let mut reader = Reader::new(input.as_bytes());
    let mut output = String::new();
    let mut boards = Vec::new();
    let mut drawn = Drawn::new(limits);
    let mut drawing = true;
    let mut stopped = None;
    let mut batch = Batch::new();
    let mut connector = Connector::new();
    let fault = loop {
        let at = reader.location();
        let board = match read_board(&mut reader) {
            Ok(Some(board)) => board,
            Ok(None) => break None,
            Err(e) => break Some(e),
        };
        let (rows, cols) = (board.rows(), board.cols());
        if drawing && rows * cols > limits.judge_board_cells {
            stopped = Some(too_large(at, rows, cols, limits));
            drawing = false;
        }
        let count = match read_query_count(&mut reader) {
            Ok(count) => count,
            Err(e) => break Some(e),
        };
        let batched = batch.set_board(&board.to_grid(), rules.clone()).is_ok();
        let mut queries = drawing.then(Vec::new);
        let mut chunk = Vec::new();
        let mut fault = None;
        for _ in 0..count {
            if queries.is_some() && drawn.full() {
                drawn.truncated = true;
                if let Some(queries) = queries.take() {
                    let kinds = board.clone();
                    boards.push(BoardAnswers::Tiles { kinds, queries });
                }
                drawing = false;
            }
            match read_query(&mut reader, (rows, cols)) {
                Ok((a, b)) => {
                    chunk.push((a, b));
                    if let Some(queries) = &mut queries {
                        queries.push(drawn_answer(&mut connector, &board, a, b, &rules));
                        drawn.count();
                    }
                }
                Err(e) => {
                    fault = Some(e);
                    break;
                }
            }
            if chunk.len() == CHUNK {
                answer(
                    &mut output,
                    &mut batch,
                    batched,
                    &mut connector,
                    &board,
                    &chunk,
                    &rules,
                );
                chunk.clear();
            }
        }
        answer(
            &mut output,
            &mut batch,
            batched,
            &mut connector,
            &board,
            &chunk,
            &rules,
        );
        if let Some(queries) = queries {
            let kinds = board;
            boards.push(BoardAnswers::Tiles { kinds, queries });
        }
        if fault.is_some() {
            break fault;
        }
    };
    response(
        Problem::Lianliankan.name(),
        output,
        fault,
        stopped,
        drawn.truncated,
        Some(boards),
        None,
    )
}

/// The judge's lines for `queries` on `board`: `YES` for a pair that
/// connects, `NO` for one that does not, by the engine's batch (or, for a
/// board it does not take, which the reader never gives, its connector).
fn answer(
    output: &mut String,
    batch: &mut Batch,
    batched: bool,
    connector: &mut Connector,
    board: &Board,
    queries: &[(Pos, Pos)],
    rules: &Rules,
) {
    if queries.is_empty() {
        return;
    }
    if batched && batch.answer(queries).is_ok() {
        for i in 0..queries.len() {
            output.push_str(if batch.is_match(i) { "YES\n" } else { "NO\n" });
        }
    } else {
        for &(a, b) in queries {
            let joined = connector
                .connect(board, a, b, rules)
                .ok()
                .flatten()
                .is_some();
            output.push_str(if joined { "YES\n" } else { "NO\n" });
        }
    }
}

/// A query drawn: its path, or why there is none.
fn drawn_answer(
    connector: &mut Connector,
    board: &Board,
    a: Pos,
    b: Pos,
    rules: &Rules,
) -> QueryAnswer {
    let path = connector.connect(board, a, b, rules).ok().flatten();
    let why = path.is_none().then(|| why_not(board, a, b, rules));
    QueryAnswer {
        a,
        b,
        answer: if path.is_some() { "YES" } else { "NO" }.to_owned(),
        path,
        why,
    }
}

/// Why two cells of a lianliankan board do not connect under `rules`
/// (given that they do not).
fn why_not(board: &Board, a: Pos, b: Pos, rules: &Rules) -> String {
    let cell = |p: Pos| format!("({},{})", p.row + 1, p.col + 1);
    let (ka, kb) = (board.kind(a).unwrap_or(0), board.kind(b).unwrap_or(0));
    if a == b {
        format!("{} is the same cell twice", cell(a))
    } else if ka == 0 || kb == 0 {
        format!("{} is empty", cell(if ka == 0 { a } else { b }))
    } else if !rules.matches(ka, kb) {
        format!("the tiles are of different kinds ({ka} and {kb})")
    } else {
        let turns = rules.max_turns();
        format!(
            "no path of empty cells with at most {turns} turn{} joins them{}",
            if turns == 1 { "" } else { "s" },
            if rules.border() == lianliankan::Border::Open {
                ", even around the board"
            } else {
                " on the board"
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::SplitMix64;
    use lianliankan::{Border, Groups};

    /// A random judge input: a few boards, their queries, and now and then
    /// a fault (a cell off the board, a word) or a `0 0` terminator.
    fn random_input(rng: &mut SplitMix64) -> String {
        let mut input = String::new();
        for _ in 0..1 + rng.below(3) {
            let (rows, cols) = (1 + rng.below(5), 1 + rng.below(6));
            input.push_str(&format!("{rows} {cols}\n"));
            for _ in 0..rows {
                let row: Vec<String> = (0..cols).map(|_| rng.below(4).to_string()).collect();
                input.push_str(&(row.join(" ") + "\n"));
            }
            let count = rng.below(12);
            input.push_str(&format!("{count}\n"));
            for _ in 0..count {
                let mut cell = || (1 + rng.below(rows), 1 + rng.below(cols));
                let ((r1, c1), (r2, c2)) = (cell(), cell());
                match rng.below(40) {
                    0 => input.push_str(&format!("{r1} {c1} {r2} {}\n", cols + 1)),
                    1 => input.push_str("1 x 1 1\n"),
                    _ => input.push_str(&format!("{r1} {c1} {r2} {c2}\n")),
                }
            }
        }
        if rng.below(4) == 0 {
            input.push_str("0 0\n");
        }
        input
    }

    #[test]
    fn the_view_writes_what_the_judge_writes() {
        let mut rng = SplitMix64::new(58);
        // Some inputs go past the answers drawn, some boards are too large to draw.
        let limits = Limits {
            judge_answers: 7,
            judge_board_cells: 20,
            ..Limits::default()
        };
        let mut faults = 0;
        for case in 0..600 {
            let input = random_input(&mut rng);
            let rules = Rules::judge()
                .with_turns(rng.below(4))
                .unwrap()
                .with_border(if rng.below(2) == 0 {
                    Border::Closed
                } else {
                    Border::Open
                })
                .unwrap()
                .with_groups(if rng.below(3) == 0 {
                    "1+2".parse::<Groups>().unwrap()
                } else {
                    Groups::default()
                });
            let options = lianliankan::judge::Options {
                rules: rules.clone(),
                ..Default::default()
            };
            let mut out = Vec::new();
            let judged = lianliankan::judge::run(input.as_bytes(), &options, &mut out);
            let seen = view(&input, rules, &limits);
            assert_eq!(
                seen.output,
                String::from_utf8(out).unwrap(),
                "case {case}:\n{input}"
            );
            match judged {
                Err(lianliankan::JudgeError::Input(e)) => {
                    faults += 1;
                    assert_eq!(seen.error, Some((&e).into()), "case {case}:\n{input}");
                }
                Err(other) => panic!("{other}"),
                Ok(()) => {
                    let too_large = seen
                        .error
                        .as_ref()
                        .is_none_or(|e| e.message.contains("draws boards"));
                    assert!(too_large, "case {case}: {:?}\n{input}", seen.error);
                }
            }
        }
        assert!(faults > 20, "{faults} inputs with a fault");
    }
}
