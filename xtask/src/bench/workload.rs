//! The workloads: what is generated, how it is parsed and answered in
//! process, and which solver binary answers it. Every generator is seeded,
//! so the same command measures the same inputs on every machine.

use std::time::{Duration, Instant};

use super::measure::Runs;
use super::{lianliankan_workloads, segments_workloads, solitaire_workloads};

/// Full size (the issue's workloads) or small, to check the bench itself.
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

/// The speed goal an issue states for a workload; `None` where it states
/// none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Goal {
    pub issue: Option<u32>,
    /// At most this many times the parse-only time.
    pub max_solver_over_parse: Option<f64>,
    /// The baseline at least this many times slower than the solver.
    pub min_baseline_over_solver: Option<f64>,
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
    pub goal: Goal,
}

/// Every workload at `scale`.
pub fn all(scale: Scale) -> Vec<Workload> {
    let full = scale == Scale::Full;
    let (rows, cols) = if full { (1000, 999) } else { (100, 99) };
    let segments_shape = segments_workloads::Shape {
        boards: if full { 20 } else { 2 },
        side: 75,
        piece_percent: 45,
        pairs: if full { 500 } else { 50 },
    };
    let lianliankan = |name, shape: lianliankan_workloads::Shape, seed, goal| Workload {
        name,
        binary: "lianliankan",
        description: shape.describe(),
        seed,
        input: Box::new(move |seed| lianliankan_workloads::judge_input(&shape, seed)),
        parse: lianliankan_workloads::parse,
        solver: lianliankan_workloads::solver,
        baseline: lianliankan_workloads::baseline,
        goal,
    };
    // Far beyond the judge's q < 50: one board and a million queries, where
    // answering one query at a time in O(n + m) is the baseline to beat.
    let walls_queries = if full { 200_000 } else { 2_000 };
    let many_queries = lianliankan_workloads::Shape {
        boards: 1,
        rows,
        cols,
        tile_percent: 2,
        kinds: 40,
        queries: if full { 1_000_000 } else { 10_000 },
    };
    let solitaire = |name, starts, seed, goal| {
        let shape = solitaire_workloads::Shape {
            cases: if full { 2000 } else { 20 },
            starts,
            max_walk: 12,
        };
        Workload {
            name,
            binary: "solitaire",
            description: shape.describe(),
            seed,
            input: Box::new(move |seed| solitaire_workloads::judge_input(&shape, seed)),
            parse: solitaire_workloads::parse,
            solver: solitaire_workloads::solver,
            baseline: solitaire_workloads::baseline,
            goal,
        }
    };
    vec![
        lianliankan(
            "lianliankan-sparse",
            lianliankan_workloads::Shape {
                boards: 3,
                rows,
                cols,
                tile_percent: 2,
                kinds: 40,
                queries: 49,
            },
            117_502,
            Goal {
                issue: Some(3),
                max_solver_over_parse: Some(2.0),
                min_baseline_over_solver: Some(50.0),
            },
        ),
        lianliankan(
            "lianliankan-dense",
            lianliankan_workloads::Shape {
                boards: 3,
                rows,
                cols,
                tile_percent: 50,
                kinds: 40,
                queries: 49,
            },
            117_550,
            Goal::default(),
        ),
        Workload {
            baseline: lianliankan_workloads::one_by_one,
            ..lianliankan(
                "lianliankan-many-queries",
                many_queries,
                117_508,
                Goal {
                    issue: Some(8),
                    max_solver_over_parse: None,
                    min_baseline_over_solver: Some(2.0),
                },
            )
        },
        Workload {
            name: "lianliankan-walls",
            binary: "lianliankan",
            description: format!(
                "1 board {rows}×{cols}: a few tiles on the top and bottom rows, one wall tile in every column; \
                 {walls_queries} queries, top tile to bottom tile of its kind"
            ),
            seed: 117_599,
            input: Box::new(move |seed| {
                lianliankan_workloads::walls_input(rows, cols, 8, walls_queries, seed)
            }),
            parse: lianliankan_workloads::parse,
            solver: lianliankan_workloads::solver,
            baseline: lianliankan_workloads::one_by_one,
            goal: Goal {
                issue: Some(8),
                max_solver_over_parse: None,
                min_baseline_over_solver: Some(5.0),
            },
        },
        Workload {
            name: "segments",
            binary: "segments",
            description: segments_shape.describe(),
            seed: 1101,
            input: Box::new(move |seed| segments_workloads::judge_input(&segments_shape, seed)),
            parse: segments_workloads::parse,
            solver: segments_workloads::solver,
            baseline: segments_workloads::baseline,
            goal: Goal {
                issue: Some(4),
                max_solver_over_parse: None,
                min_baseline_over_solver: Some(30.0),
            },
        },
        solitaire(
            "solitaire-random",
            solitaire_workloads::Starts::Random,
            1401,
            Goal {
                issue: Some(5),
                max_solver_over_parse: None,
                min_baseline_over_solver: Some(30.0),
            },
        ),
        solitaire(
            "solitaire-clustered",
            solitaire_workloads::Starts::Clustered,
            1402,
            Goal::default(),
        ),
    ]
}
