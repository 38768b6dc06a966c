//! The solitaire view: each case read once, answered as the judge answers
//! (`YES` or `NO`: within the most moves), the first cases with one
//! shortest move sequence to draw.

use grid_core::Reader;
use solitaire::format::{JUDGE_PIECES, read_case};

use super::answer::{CaseAnswer, JudgeResponse, MoveJson, SquareJson, response};
use crate::limits::Limits;
use crate::problem::Problem;

/// The view of `input` with at most `max_moves` moves.
pub(super) fn view(input: &str, max_moves: u32, limits: &Limits) -> JudgeResponse {
    let mut reader = Reader::new(input.as_bytes());
    let mut output = String::new();
    let mut solver = solitaire::Solver::new();
    let mut cases = Vec::new();
    let mut truncated = false;
    let fault = loop {
        if cases.len() == limits.judge_answers && !truncated {
            truncated = !reader.is_at_end();
        }
        let case = match read_case(&mut reader, JUDGE_PIECES) {
            Ok(Some(case)) => case,
            Ok(None) => break None,
            Err(e) => break Some(e),
        };
        let reachable = if cases.len() < limits.judge_answers {
            let moves = solver.shortest_moves(case.start, case.goal, max_moves);
            let reachable = moves.is_some();
            cases.push(drawn_case(case, moves));
            reachable
        } else {
            solver.distance(case.start, case.goal, max_moves).is_some()
        };
        output.push_str(if reachable { "YES\n" } else { "NO\n" });
    };
    response(
        Problem::Solitaire.name(),
        output,
        fault,
        None,
        truncated,
        None,
        Some(cases),
    )
}

/// A configuration's squares, `[row, col]`.
fn squares(config: solitaire::Config) -> Vec<SquareJson> {
    config
        .squares()
        .map(|s| [usize::from(s.row()), usize::from(s.col())])
        .collect()
}

/// A case drawn: its configurations and one shortest move sequence.
fn drawn_case(case: solitaire::format::Case, moves: Option<Vec<solitaire::Move>>) -> CaseAnswer {
    CaseAnswer {
        start: squares(case.start),
        goal: squares(case.goal),
        answer: if moves.is_some() { "YES" } else { "NO" },
        distance: moves.as_ref().map(|m| m.len() as u32),
        moves: moves.map(|moves| {
            moves
                .into_iter()
                .map(|m| MoveJson {
                    from: [usize::from(m.from.row()), usize::from(m.from.col())],
                    to: [usize::from(m.to.row()), usize::from(m.to.col())],
                    jump: m.kind == solitaire::MoveKind::Jump,
                })
                .collect()
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::SplitMix64;

    /// A random judge input: cases of four pieces each for the start and
    /// the goal (`row col` pairs, 1-based), now and then a fault.
    fn random_input(rng: &mut SplitMix64) -> String {
        let mut input = String::new();
        for _ in 0..rng.below(5) {
            let line = |rng: &mut SplitMix64| {
                let mut squares = Vec::new();
                while squares.len() < 4 {
                    let square = (1 + rng.below(8), 1 + rng.below(8));
                    if !squares.contains(&square) {
                        squares.push(square);
                    }
                }
                let words: Vec<String> = squares.iter().map(|(r, c)| format!("{r} {c}")).collect();
                words.join(" ")
            };
            let start = line(rng);
            let goal = match rng.below(25) {
                0 => "1 1 1 1 9 9 2 2".to_owned(),
                1 => "1 x".to_owned(),
                2 => start.clone(),
                _ => line(rng),
            };
            input.push_str(&format!("{start}\n{goal}\n"));
        }
        input
    }

    #[test]
    fn the_view_writes_what_the_judge_writes() {
        let mut rng = SplitMix64::new(58);
        let limits = Limits {
            judge_answers: 3,
            ..Limits::default()
        };
        let (mut faults, mut truncated) = (0, 0);
        for case in 0..300 {
            let input = random_input(&mut rng);
            let max_moves = rng.below(5) as u32;
            let options = solitaire::judge::Options {
                max_moves,
                ..Default::default()
            };
            let mut out = Vec::new();
            let judged = solitaire::judge::run(input.as_bytes(), &options, &mut out);
            let seen = view(&input, max_moves, &limits);
            assert_eq!(
                seen.output,
                String::from_utf8(out).unwrap(),
                "case {case}:\n{input}"
            );
            truncated += usize::from(seen.truncated);
            match judged {
                Err(grid_core::JudgeError::Input(e)) => {
                    faults += 1;
                    assert_eq!(seen.error, Some((&e).into()), "case {case}:\n{input}");
                }
                Err(other) => panic!("{other}"),
                Ok(()) => assert_eq!(seen.error, None, "case {case}:\n{input}"),
            }
        }
        assert!(
            faults > 20 && truncated > 20,
            "{faults} faults, {truncated} truncated"
        );
    }
}
