//! What a workload is: its seeded input, how it is parsed and answered in
//! process, which solver binary answers it, and the goal it is judged by;
//! the scale of a run and the answers of one pass. The bench's leaf module:
//! the puzzles' modules list their workloads in these types, and it names
//! none of them (only `measure`, itself a leaf). Every input generator is
//! seeded, so the same command measures the same inputs on every machine.

use std::time::{Duration, Instant};

use super::measure::Runs;

/// Full size (the sizes the goals are stated for) or small, to check the
/// bench itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    Full,
    Quick,
}

impl Scale {
    /// Repetitions of the solver binary and of the parse-only pass.
    pub fn fast_runs(self) -> Runs {
        match self {
            Scale::Full => Runs {
                min: 5,
                max: 11,
                budget: Duration::from_secs(10),
            },
            Scale::Quick => Runs {
                min: 3,
                max: 3,
                budget: Duration::ZERO,
            },
        }
    }

    /// Repetitions of the baseline, which takes seconds at full size.
    pub fn baseline_runs(self) -> Runs {
        match self {
            Scale::Full => Runs {
                min: 1,
                max: 3,
                budget: Duration::from_secs(30),
            },
            Scale::Quick => Runs {
                min: 1,
                max: 1,
                budget: Duration::ZERO,
            },
        }
    }
}

/// The judge output of a baseline: the text the solver binary must print,
/// and how many answers it holds and how many are positive (`YES`, or a
/// number of segments).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answers {
    pub text: String,
    pub count: usize,
    pub positive: usize,
}

impl Answers {
    /// Appends a line that is not an answer (a header, an empty line).
    pub fn line(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push('\n');
    }

    /// Appends one answer line.
    pub fn push(&mut self, line: &str, positive: bool) {
        self.text.push_str(line);
        self.text.push('\n');
        self.count += 1;
        self.positive += usize::from(positive);
    }
}

/// One in-process pass over an input already in memory: parse it whole,
/// then answer every query, timed apart.
#[derive(Debug)]
pub struct Pass {
    pub parse: Duration,
    pub answer: Duration,
    pub answers: Answers,
}

/// Times `parse` over `input` and then `answer` over what it parsed.
pub fn pass<T>(
    input: &[u8],
    parse: impl FnOnce(&[u8]) -> Result<T, String>,
    answer: impl FnOnce(&T) -> Answers,
) -> Result<Pass, String> {
    let started = Instant::now();
    let parsed = parse(input)?;
    let parsed_at = Instant::now();
    let answers = answer(&parsed);
    let answered_at = Instant::now();
    Ok(Pass {
        parse: parsed_at - started,
        answer: answered_at - parsed_at,
        answers,
    })
}

/// The speed goals an issue states for a workload; each criterion `None`
/// where it states none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Goal {
    pub issue: u32,
    /// At most this many times the parse-only time.
    pub max_solver_over_parse: Option<f64>,
    /// The baseline at least this many times slower than the solver.
    pub min_baseline_over_solver: Option<f64>,
    /// The parse-only process at most this many times the minimal
    /// scanner's.
    pub max_parse_over_scan: Option<f64>,
    /// The solver process at most this many times the minimal scanner's.
    pub max_solver_over_scan: Option<f64>,
    /// An aim rather than a goal: the solver library's answering time per
    /// answer.
    pub aim_answer_per_case: Option<Duration>,
}

/// One workload.
pub struct Workload {
    /// Short name, also the input's file name (`NAME.in`).
    pub name: &'static str,
    /// The solver binary (package and binary name).
    pub binary: &'static str,
    pub description: String,
    pub seed: u64,
    /// The judge input from a seed.
    pub input: Box<dyn Fn(u64) -> String>,
    /// Parses the input as the binary does, answering nothing; returns a
    /// checksum of what was read (the `bench-parse` program).
    pub parse: fn(&[u8]) -> Result<u64, String>,
    /// The solver library's answers, in process.
    pub solver: fn(&[u8]) -> Result<Pass, String>,
    /// The straightforward baseline algorithm's answers, in process.
    pub baseline: fn(&[u8]) -> Result<Pass, String>,
    /// The issues' goals (none for most workloads).
    pub goals: Vec<Goal>,
}
