//! `solitaire stress`: what HDU 1401 brings to `grid_cli::stress` — the
//! generator, the shrinking steps and the explanation of an answer.
//!
//! The generator is weighted toward the traps of this problem: goals
//! exactly 8 and 9 moves away (a search with a wrong depth limit fails
//! there), starts crowded into a 3×3 block (jumps everywhere), start =
//! goal (0 moves is `YES`), the pieces listed in any order (configurations
//! are sets), and numbers laid out in other ways than one configuration per
//! line. Every input is within the judge's promises: four pieces on
//! different squares of rows and columns 1 to 8 in each configuration.

use std::cell::RefCell;
use std::fmt::Write as _;

use grid_cli::stress::{MAX_SIZE, Puzzle, fewer};
use grid_core::SplitMix64;
use solitaire::format::JUDGE_PIECES;
use solitaire::judge::{self, Options};
use solitaire::{Config, JudgeError, SIDE, Solver, Square, draw, generate};

/// The judge's move limit.
const LIMIT: u32 = 8;

/// The HDU 1401 side of `solitaire stress`.
#[derive(Debug)]
pub struct Solitaire;

/// One input: test cases, and how their numbers are laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    cases: Vec<Test>,
    layout: Layout,
}

/// One test case: the four pieces of the start and of the goal, in the
/// order the input lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Test {
    start: [Square; JUDGE_PIECES],
    goal: [Square; JUDGE_PIECES],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// Each configuration on its own line.
    Lines,
    /// A whole test case on one line.
    CaseLines,
    /// Random white space between numbers, from this seed.
    Scattered(u64),
}

thread_local! {
    /// One solver per thread: its tables are reused from case to case.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

impl Puzzle for Solitaire {
    type Case = Case;

    fn generate(&self, seed: u64, size: u32) -> Case {
        let mut rng = SplitMix64::new(seed);
        // Mostly one to three test cases (a trap needs one; a case costs up
        // to a millisecond to generate and as much to answer), sometimes
        // many (state left over from a previous case shows only then).
        let most = 1 + (size as usize * 15) / MAX_SIZE as usize;
        let count = match rng.below(20) {
            0..=13 => rng.range(1, 3),
            14..=18 => rng.range(1, most),
            _ => rng.range(1, most * 4),
        };
        let cases = SOLVER.with_borrow_mut(|solver| {
            (0..count)
                .map(|_| generate_test(&mut rng, solver))
                .collect()
        });
        let layout = match rng.below(20) {
            0 => Layout::Scattered(rng.next_u64()),
            1 | 2 => Layout::CaseLines,
            _ => Layout::Lines,
        };
        Case { cases, layout }
    }

    fn input(&self, case: &Case) -> Vec<u8> {
        let mut text = String::new();
        for test in &case.cases {
            for (i, config) in [test.start, test.goal].iter().enumerate() {
                for (j, square) in config.iter().enumerate() {
                    let sep = if j == 0 { "" } else { " " };
                    let _ = write!(text, "{sep}{} {}", square.row() + 1, square.col() + 1);
                }
                text.push(if i == 0 && case.layout == Layout::CaseLines {
                    ' '
                } else {
                    '\n'
                });
            }
        }
        match case.layout {
            Layout::Scattered(seed) => scatter(&text, seed).into_bytes(),
            Layout::Lines | Layout::CaseLines => text.into_bytes(),
        }
    }

    fn expected(&self, input: &[u8]) -> Result<Vec<u8>, JudgeError> {
        let mut out = Vec::new();
        judge::run(input, &Options::default(), &mut out)?;
        Ok(out)
    }

    fn shrink<'a>(&'a self, case: &'a Case) -> Box<dyn Iterator<Item = Case> + 'a> {
        let fewer_cases = fewer(&case.cases).map(move |cases| Case {
            cases,
            ..case.clone()
        });
        let lines = (case.layout != Layout::Lines).then(|| Case {
            layout: Layout::Lines,
            ..case.clone()
        });
        // Per test case: the pieces in square order; the whole case moved
        // up or left by one (its moves move with it, unless an edge is in
        // the way); a piece that stays put moved up or left in both
        // configurations; one piece moved up or left; the goal made the
        // start.
        let simpler = (0..case.cases.len()).flat_map(move |i| {
            let test = case.cases[i];
            let mut candidates = Vec::new();
            let sorted = Test {
                start: sorted(test.start),
                goal: sorted(test.goal),
            };
            candidates.push(sorted);
            for (dr, dc) in [(1, 0), (0, 1)] {
                if let (Some(start), Some(goal)) =
                    (shifted(test.start, dr, dc), shifted(test.goal, dr, dc))
                {
                    candidates.push(Test { start, goal });
                }
            }
            // A piece that stays put (on the same square in the start and
            // the goal) moved in both.
            for (i, square) in test.start.iter().enumerate() {
                let Some(j) = test.goal.iter().position(|g| g == square) else {
                    continue;
                };
                for (dr, dc) in [(1, 0), (0, 1)] {
                    let to = square
                        .row()
                        .checked_sub(dr)
                        .zip(square.col().checked_sub(dc))
                        .and_then(|(r, c)| Square::new(r, c));
                    if let Some(to) =
                        to.filter(|to| !test.start.contains(to) && !test.goal.contains(to))
                    {
                        let mut moved = test;
                        moved.start[i] = to;
                        moved.goal[j] = to;
                        candidates.push(moved);
                    }
                }
            }
            for which in 0..2 {
                for piece in 0..JUDGE_PIECES {
                    for (dr, dc) in [(1, 0), (0, 1)] {
                        let mut moved = test;
                        let config = if which == 0 {
                            &mut moved.start
                        } else {
                            &mut moved.goal
                        };
                        let Some(to) = config[piece]
                            .row()
                            .checked_sub(dr)
                            .zip(config[piece].col().checked_sub(dc))
                        else {
                            continue;
                        };
                        let Some(to) = Square::new(to.0, to.1) else {
                            continue;
                        };
                        if config.contains(&to) {
                            continue;
                        }
                        config[piece] = to;
                        candidates.push(moved);
                    }
                }
            }
            candidates.push(Test {
                start: test.start,
                goal: test.start,
            });
            candidates
                .into_iter()
                .filter(move |&t| t != test)
                .map(move |t| {
                    let mut smaller = case.clone();
                    smaller.cases[i] = t;
                    smaller
                })
        });
        Box::new(fewer_cases.chain(lines).chain(simpler))
    }

    fn explain(&self, case: &Case, line: usize) -> String {
        let Some(test) = case.cases.get(line) else {
            return format!(
                "The input has {} test case(s), and the answer is one line per case, `YES` or `NO`.\n",
                case.cases.len()
            );
        };
        explain_test(test, line)
    }
}

/// One test case, weighted toward the traps.
fn generate_test(rng: &mut SplitMix64, solver: &mut Solver) -> Test {
    let start = if rng.percent(30) {
        generate::clustered_config(rng, JUDGE_PIECES)
    } else {
        generate::random_config(rng, JUDGE_PIECES)
    };
    let goal = match rng.below(100) {
        0..=7 => Some(start),
        8..=37 => generate::at_distance(rng, solver, start, LIMIT, 10),
        38..=59 => generate::at_distance(rng, solver, start, LIMIT + 1, 10),
        60..=79 => {
            let moves = rng.range(1, 12);
            Some(generate::random_walk(rng, start, moves))
        }
        _ => Some(generate::random_config(rng, JUDGE_PIECES)),
    }
    .unwrap_or_else(|| generate::random_walk(rng, start, 8));
    Test {
        start: shuffled(rng, start),
        goal: shuffled(rng, goal),
    }
}

/// The pieces of `config` in a random order (half the time in square
/// order, as most inputs have them).
fn shuffled(rng: &mut SplitMix64, config: Config) -> [Square; JUDGE_PIECES] {
    let mut squares = squares(config);
    if rng.percent(50) {
        rng.shuffle(&mut squares);
    }
    squares
}

fn squares(config: Config) -> [Square; JUDGE_PIECES] {
    let mut out = [Square::new(0, 0).expect("a square"); JUDGE_PIECES];
    for (slot, square) in out.iter_mut().zip(config.squares()) {
        *slot = square;
    }
    out
}

fn sorted(mut squares: [Square; JUDGE_PIECES]) -> [Square; JUDGE_PIECES] {
    squares.sort_by_key(|s| s.index());
    squares
}

/// Every piece `dr` rows up and `dc` columns left, if all stay on the board.
fn shifted(squares: [Square; JUDGE_PIECES], dr: u8, dc: u8) -> Option<[Square; JUDGE_PIECES]> {
    let mut out = squares;
    for slot in &mut out {
        *slot = Square::new(slot.row().checked_sub(dr)?, slot.col().checked_sub(dc)?)?;
    }
    Some(out)
}

fn config(squares: &[Square; JUDGE_PIECES]) -> Config {
    Config::from_squares(squares).expect("four different squares")
}

/// The same numbers as `text`, separated by random white space from `seed`.
fn scatter(text: &str, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut out = String::with_capacity(text.len() * 2);
    for (i, number) in text.split_ascii_whitespace().enumerate() {
        if i > 0 {
            out.push_str([" ", "  ", "\t", "\n", " \r\n"][rng.below(5)]);
        }
        out.push_str(number);
    }
    out.push('\n');
    out
}

/// Why our answer to test case `i` is right.
fn explain_test(test: &Test, i: usize) -> String {
    let (start, goal) = (config(&test.start), config(&test.goal));
    let mut text = format!("Case {}: start {start}, goal {goal}: ", i + 1);
    // The fewest moves, whatever the limit: the search is exhaustive
    // (C(64, 4) configurations at most).
    let moves = SOLVER.with_borrow_mut(|solver| solver.shortest_moves(start, goal, 64));
    match moves {
        Some(moves) if moves.is_empty() => {
            text.push_str("YES: the goal is the start, 0 moves (pieces are identical; a configuration is the set of their squares).\n");
        }
        Some(moves) if moves.len() as u32 <= LIMIT => {
            let _ = writeln!(
                text,
                "YES: {} moves reach the goal (at most {LIMIT} are allowed; `j` marks a jump):",
                moves.len()
            );
            let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
            let _ = writeln!(text, "  {}", list.join(" "));
        }
        Some(moves) => {
            let _ = writeln!(
                text,
                "NO: the fewest moves from the start to the goal is {} (a search from both ends over every configuration), more than {LIMIT}; one shortest sequence:",
                moves.len()
            );
            let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
            let _ = writeln!(text, "  {}", list.join(" "));
        }
        None => {
            text.push_str("NO: the goal cannot be reached from the start at all.\n");
        }
    }
    text.push_str(&side_by_side(
        &draw::draw(start, None),
        &draw::draw(goal, None),
    ));
    text
}

/// Two board pictures next to each other, titled.
fn side_by_side(left: &str, right: &str) -> String {
    let mut text = format!("  {:<width$}  goal\n", "start", width = usize::from(SIDE));
    for (l, r) in left.lines().zip(right.lines()) {
        let _ = writeln!(text, "  {l}  {r}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire::Reader;
    use solitaire::format::read_case;

    #[test]
    fn generated_cases_and_their_shrinks_keep_the_promises() {
        let puzzle = Solitaire;
        for seed in 0..100u64 {
            let size = (seed % u64::from(MAX_SIZE + 1)) as u32;
            let case = puzzle.generate(seed, size);
            assert_eq!(case, puzzle.generate(seed, size));
            // The reader refuses squares outside 1..8 and two pieces on one.
            for candidate in std::iter::once(case.clone()).chain(puzzle.shrink(&case).take(50)) {
                let input = puzzle.input(&candidate);
                let mut reader = Reader::new(&input);
                let mut count = 0;
                while read_case(&mut reader, JUDGE_PIECES).unwrap().is_some() {
                    count += 1;
                }
                assert_eq!(count, candidate.cases.len());
                assert!(count >= 1);
            }
        }
    }

    #[test]
    fn the_traps_are_generated() {
        let puzzle = Solitaire;
        let mut solver = Solver::new();
        let mut distances = [0usize; 11];
        let (mut unsorted, mut other_layout) = (0, 0);
        for seed in 0..100u64 {
            let case = puzzle.generate(seed, 50);
            other_layout += usize::from(case.layout != Layout::Lines);
            for test in &case.cases {
                unsorted += usize::from(test.start != sorted(test.start));
                let d = solver
                    .distance(config(&test.start), config(&test.goal), 9)
                    .unwrap_or(10);
                distances[d as usize] += 1;
            }
        }
        for (what, count) in [
            ("start = goal", distances[0]),
            ("8 moves", distances[8]),
            ("9 moves", distances[9]),
            ("more than 9", distances[10]),
            ("unsorted pieces", unsorted),
            ("another layout", other_layout),
        ] {
            assert!(count >= 5, "{what}: {count} ({distances:?})");
        }
    }

    #[test]
    fn explanations() {
        let sq = |r, c| Square::new(r, c).unwrap();
        let test = Test {
            start: [sq(0, 0), sq(0, 1), sq(7, 7), sq(7, 6)],
            goal: [sq(0, 2), sq(1, 1), sq(7, 7), sq(7, 6)],
        };
        let yes = explain_test(&test, 0);
        assert!(
            yes.starts_with("Case 1: start (1,1) (1,2) (8,7) (8,8), goal"),
            "{yes}"
        );
        assert!(yes.contains("YES: 2 moves reach the goal"), "{yes}");
        assert!(yes.contains("(1,1)->(1,3)j"), "{yes}");
        assert!(
            yes.contains("  start     goal\n  oo......  ..o.....\n"),
            "{yes}"
        );
        let far = Test {
            start: [sq(0, 0), sq(0, 1), sq(1, 0), sq(1, 1)],
            goal: [sq(7, 7), sq(7, 6), sq(6, 7), sq(6, 6)],
        };
        let no = explain_test(&far, 1);
        assert!(
            no.contains("NO: the fewest moves from the start to the goal is "),
            "{no}"
        );
        let same = Test {
            start: far.start,
            goal: far.start,
        };
        assert!(explain_test(&same, 0).contains("YES: the goal is the start, 0 moves"));
    }
}
