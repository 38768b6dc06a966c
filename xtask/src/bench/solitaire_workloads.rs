//! Solitaire (HDU 1401) workloads: many cases whose goals lie a random
//! walk away from their starts, so that both answers occur, and cases
//! whose starts and goals are drawn independently, mostly more than 8
//! moves apart: the worst case of a search that must exhaust both balls to
//! answer `NO`.

use std::time::Duration;

use grid_core::{Reader, SplitMix64};
use solitaire::format::{Case, JUDGE_PIECES, read_case, write_case};
use solitaire::generate::{clustered_config, random_config, random_walk};
use solitaire::{Solver, reference};

use super::workload::{Answers, Goal, Pass, Scale, Workload, pass};

/// Solitaire's workloads at `scale`, in the report's order.
pub fn workloads(scale: Scale) -> Vec<Workload> {
    let full = scale == Scale::Full;
    let cases = if full { 2000 } else { 20 };
    // The baseline exhausts the whole 8-move ball of a NO case, about 0.1 s
    // a case: fewer far cases keep the bench near its two minutes.
    let far_cases = if full { 100 } else { 10 };
    let workload = |name, cases, starts, goals: Goals, seed, goal| {
        let shape = Shape {
            cases,
            starts,
            goals,
        };
        Workload {
            name,
            binary: "solitaire",
            description: shape.describe(),
            seed,
            input: Box::new(move |seed| judge_input(&shape, seed)),
            parse,
            solver,
            baseline,
            goals: goal,
        }
    };
    let walks = Goals::Walk { max: 12 };
    vec![
        workload(
            "solitaire-random",
            cases,
            Starts::Random,
            walks,
            1401,
            vec![Goal {
                issue: 5,
                min_baseline_over_solver: Some(30.0),
                ..Goal::default()
            }],
        ),
        workload(
            "solitaire-clustered",
            cases,
            Starts::Clustered,
            walks,
            1402,
            Vec::new(),
        ),
        workload(
            "solitaire-far",
            far_cases,
            Starts::Random,
            Goals::Random,
            1403,
            vec![Goal {
                issue: 17,
                min_baseline_over_solver: Some(40.0),
                aim_answer_per_case: Some(Duration::from_micros(10)),
                ..Goal::default()
            }],
        ),
    ]
}

/// The judge's move limit.
const LIMIT: u32 = 8;

/// Where the starts come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starts {
    /// Four squares chosen uniformly on the board.
    Random,
    /// Four squares of one 3×3 block (jumps abound).
    Clustered,
}

/// Where the goals come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goals {
    /// A random walk of `0..=max` moves from the start.
    Walk { max: usize },
    /// Four squares chosen uniformly, independently of the start.
    Random,
}

/// The shape of a generated input.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub cases: usize,
    pub starts: Starts,
    pub goals: Goals,
}

impl Shape {
    pub fn describe(&self) -> String {
        let starts = match self.starts {
            Starts::Random => "random",
            Starts::Clustered => "clustered (3×3 block)",
        };
        match self.goals {
            Goals::Walk { max } => format!(
                "{} cases, {starts} starts, goals by random walks of 0..={max} moves",
                self.cases
            ),
            Goals::Random => format!(
                "{} cases, {starts} starts and goals drawn independently (mostly NO)",
                self.cases
            ),
        }
    }
}

/// A judge input of `shape` from `seed`, one configuration a line, with the
/// solitaire crate's seeded generators.
pub fn judge_input(shape: &Shape, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..shape.cases {
        let start = match shape.starts {
            Starts::Random => random_config(&mut rng, JUDGE_PIECES),
            Starts::Clustered => clustered_config(&mut rng, JUDGE_PIECES),
        };
        let goal = match shape.goals {
            Goals::Walk { max } => {
                let walk = rng.range(0, max);
                random_walk(&mut rng, start, walk)
            }
            Goals::Random => random_config(&mut rng, JUDGE_PIECES),
        };
        write_case(&mut out, &Case { start, goal }).expect("writing to memory");
    }
    String::from_utf8(out).expect("the judge format is ASCII")
}

/// Reads and parses the whole input with the project's reader, exactly as
/// the binary reads it, answering nothing; returns a checksum of what was
/// read.
pub fn parse(input: &[u8]) -> Result<u64, String> {
    let mut reader = Reader::new(input);
    let mut sum = 0u64;
    while let Some(case) = read_case(&mut reader, JUDGE_PIECES).map_err(|e| e.to_string())? {
        sum = sum.wrapping_add(case.start.bits() ^ case.goal.bits());
    }
    Ok(sum)
}

fn parse_all(input: &[u8]) -> Result<Vec<Case>, String> {
    let mut reader = Reader::new(input);
    let mut cases = Vec::new();
    while let Some(case) = read_case(&mut reader, JUDGE_PIECES).map_err(|e| e.to_string())? {
        cases.push(case);
    }
    Ok(cases)
}

fn answer(cases: &[Case], mut distance: impl FnMut(&Case) -> Option<u32>) -> Answers {
    let mut answers = Answers::default();
    for case in cases {
        let yes = distance(case).is_some();
        answers.push(if yes { "YES" } else { "NO" }, yes);
    }
    answers
}

/// The library's bidirectional search ([`Solver::distance`]), as the binary
/// calls it.
pub fn solver(input: &[u8]) -> Result<Pass, String> {
    pass(input, parse_all, |cases| {
        let mut solver = Solver::new();
        answer(cases, |case| solver.distance(case.start, case.goal, LIMIT))
    })
}

/// The plain one-directional breadth-first search over sets of squares of
/// the tests ([`solitaire::reference`]).
pub fn baseline(input: &[u8]) -> Result<Pass, String> {
    pass(input, parse_all, |cases| {
        answer(cases, |case| {
            reference::distance(case.start, case.goal, LIMIT)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_and_in_judge_format() {
        for starts in [Starts::Random, Starts::Clustered] {
            let shape = Shape {
                cases: 50,
                starts,
                goals: Goals::Walk { max: 12 },
            };
            let input = judge_input(&shape, 9);
            assert_eq!(input, judge_input(&shape, 9));
            assert_ne!(input, judge_input(&shape, 10));
            let mut reader = Reader::new(input.as_bytes());
            let mut cases = 0;
            while let Some(case) = read_case(&mut reader, JUDGE_PIECES).unwrap() {
                cases += 1;
                if starts == Starts::Clustered {
                    let rows: Vec<u8> = case.start.squares().map(|s| s.row()).collect();
                    assert!(rows.iter().max().unwrap() - rows.iter().min().unwrap() <= 2);
                }
            }
            assert_eq!(cases, 50);
        }
    }

    #[test]
    fn baseline_answers_the_sample_and_both_ways() {
        let sample = b"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n";
        assert_eq!(baseline(sample).unwrap().answers.text, "YES\n");
        assert_eq!(solver(sample).unwrap().answers.text, "YES\n");
        // A single 12-move walk from clustered starts; far goals must occur.
        let shape = Shape {
            cases: 6,
            starts: Starts::Clustered,
            goals: Goals::Walk { max: 12 },
        };
        let input = judge_input(&shape, 1);
        assert!(parse(input.as_bytes()).is_ok());
        let answers = baseline(input.as_bytes()).unwrap().answers;
        assert_eq!(answers.count, 6);
        assert_eq!(solver(input.as_bytes()).unwrap().answers, answers);
        assert!(baseline(b"1 1 1 2 1 3 1 4\n").is_err());
    }
}
