//! `stress`: run another program on seeded random judge inputs, compare its
//! output with ours, and shrink the first failure to a small input.
//!
//! This module is the machinery the three binaries share: the options
//! ([`StressArgs`], flattened into each binary's `stress` subcommand),
//! running the program (one process per input, the input on its stdin,
//! stdout and stderr captured, killed after `--timeout-ms`), comparing
//! (trailing white space at line ends and at the end ignored), shrinking,
//! the report, and the progress bar (on a terminal only). A puzzle brings
//! only what is its own, through [`Puzzle`]: a generator, serialising a case
//! to judge input, our answer (the library's `judge::run`), the shrinking
//! steps of a case, and an explanation of our answer.
//!
//! # How a run goes
//!
//! Case `i` (from 0) of a run of `n` is generated from a seed derived from
//! `--seed` and `i`, with a size that grows from 0 to [`MAX_SIZE`] over the
//! run, so the same seed and `--cases` give the same inputs. Cases run on
//! `--jobs` threads; the failure reported is the one with the smallest
//! number, as if the cases had run one after the other.
//!
//! A failure is a wrong answer (exit status 0 and a different output), a
//! crash (a non-zero exit status or a signal) or a time-out. The failing
//! case is then shrunk greedily, as proptest and `cargo fuzz tmin` do: the
//! puzzle's candidates are tried in order (a few at a time, on `--jobs`
//! threads; the first in order wins), and the first that still fails *the
//! same way* ([`FailureKind`] equal) replaces the case; this repeats until
//! no candidate fails or the budget (`--shrink-runs`, `--shrink-secs`) is
//! spent. Every candidate's input must be accepted by our own judge, and an
//! input already tried is not run again.
//!
//! Exit statuses: 0 when every case agreed, 1 after a failure (reported on
//! stdout; also when the report cannot be written or `--save` fails), 2
//! when the program cannot be started.

mod compare;
mod report;
mod runner;

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use grid_core::{JudgeError, SplitMix64};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub use compare::FailureKind;
use compare::{classify, first_difference};
use runner::{Run, Runner};

/// The largest size [`Puzzle::generate`] is asked for; sizes grow from 0
/// to this over a run.
pub const MAX_SIZE: u32 = 100;

/// Exit status when every case agreed.
pub const EXIT_AGREED: u8 = 0;
/// Exit status after a failure was found (and reported).
pub const EXIT_FOUND: u8 = 1;
/// Exit status when the program under test cannot be started.
pub const EXIT_NOT_STARTED: u8 = 2;

/// What a puzzle brings to the stress machinery.
///
/// Everything must be deterministic: the same seed and size give the same
/// case, and the same case the same candidates, so that a run can be
/// repeated.
pub trait Puzzle: Sync {
    /// One test input, in a form the puzzle can shrink (boards, queries,
    /// and how the text is laid out).
    type Case: Clone + Send + Sync;

    /// A random case from `seed`, of `size` in `0..=`[`MAX_SIZE`] (0 the
    /// tiniest; the puzzle decides what size means). It must be within
    /// every promise of the judge, so that a failure is the program's
    /// fault.
    fn generate(&self, seed: u64, size: u32) -> Self::Case;

    /// The judge input of `case`, byte for byte.
    fn input(&self, case: &Self::Case) -> Vec<u8>;

    /// Our answer to `input`: the library's `judge::run` in the judge's
    /// mode.
    ///
    /// # Errors
    /// When our judge rejects the input; a shrinking candidate that is
    /// rejected is skipped, a generated case that is rejected is a bug of
    /// the generator (reported, exit status 1).
    fn expected(&self, input: &[u8]) -> Result<Vec<u8>, JudgeError>;

    /// Smaller or simpler variants of `case`, the most promising first
    /// (whole boards or cases dropped before single cells). Each must
    /// again be within the judge's promises. The iterator is consumed
    /// lazily, so it may make many.
    fn shrink<'a>(&'a self, case: &'a Self::Case) -> Box<dyn Iterator<Item = Self::Case> + 'a>;

    /// Why our answer on output line `line` (0-based, in our output with
    /// trailing white space removed) is right: the path drawn, the move
    /// sequence, or the rule that applies. `case` is small by then.
    fn explain(&self, case: &Self::Case, line: usize) -> String;
}

/// The options of every binary's `stress` subcommand
/// (`<binary> stress [OPTIONS] -- PROGRAM [ARGS...]`).
#[derive(Clone, Debug, clap::Args)]
pub struct StressArgs {
    /// How many random inputs to try.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub cases: u64,
    /// Random seed: the same seed and --cases give the same inputs.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The time one run of PROGRAM may take, in milliseconds; it is killed
    /// after that (a time-out).
    #[arg(long, value_name = "T", default_value_t = 2000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout_ms: u64,
    /// Write the shrunk failing input to DIR/fail.in and our answer to
    /// DIR/fail.ans (DIR is created if need be).
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Runs of PROGRAM at a time [default: the number of CPUs].
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
    /// The most runs of PROGRAM spent shrinking a failure.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub shrink_runs: u64,
    /// The most seconds spent shrinking a failure.
    #[arg(long, value_name = "S", default_value_t = 60)]
    pub shrink_secs: u64,
    /// The program to test, and its arguments (after `--`). It reads a judge
    /// input on stdin and writes its answers to stdout.
    #[arg(last = true, required = true, value_name = "PROGRAM")]
    pub program: Vec<OsString>,
}

/// The `--help` text after the options of a `stress` subcommand, for
/// `binary`.
#[must_use]
pub fn after_help(binary: &str) -> String {
    format!(
        "\
Runs PROGRAM on seeded random judge inputs, from tiny to large, one process
per input (fed on stdin), and compares its stdout with our answers, trailing
white space ignored. A different answer, a crash (non-zero exit status or
signal) or a time-out is a failure: the input is then shrunk while PROGRAM
still fails the same way, and the report shows the shrunk input, our answer,
PROGRAM's, and why ours is right.

Progress is shown on a terminal; on a pipe nothing but the report is
printed (to stdout).

Exit status: 0 every case agreed, 1 a failure was found, 2 PROGRAM cannot be
started.

Examples:
  {binary} stress -- ./a.out
  {binary} stress --cases 10000 --seed 7 --save failed -- python3 sol.py
  {binary} stress --timeout-ms 500 -- java Main"
    )
}

/// Runs the `stress` subcommand for `puzzle` with `args`: the report (or
/// the summary) on stdout, progress on stderr when it is a terminal, and
/// the exit status as the [module documentation](self) says. `name` is the
/// binary's name, for messages.
#[must_use]
pub fn run<P: Puzzle>(name: &str, puzzle: &P, args: &StressArgs) -> ExitCode {
    let stdout = io::stdout();
    let result = stress(name, puzzle, args, &mut stdout.lock());
    let code = match result {
        Ok(false) => EXIT_AGREED,
        Ok(true) => EXIT_FOUND,
        Err(StressError::NotStarted(e)) => {
            eprintln!(
                "error: cannot start `{}`: {e}",
                args.program
                    .first()
                    .map(|p| p.to_string_lossy())
                    .unwrap_or_default()
            );
            EXIT_NOT_STARTED
        }
        Err(StressError::Internal(message)) => {
            eprintln!("error: {message}");
            EXIT_FOUND
        }
        Err(StressError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_FOUND,
        Err(StressError::Io(e)) => {
            eprintln!("error: {e}");
            EXIT_FOUND
        }
    };
    ExitCode::from(code)
}

/// Why a stress run stopped without a verdict.
#[derive(Debug)]
enum StressError {
    /// The program could not be started.
    NotStarted(io::Error),
    /// Our own generator made an input our judge rejects (a bug here).
    Internal(String),
    /// Writing the report or saving the files failed.
    Io(io::Error),
}

impl From<io::Error> for StressError {
    fn from(e: io::Error) -> Self {
        StressError::Io(e)
    }
}

/// A failing case and what the program did on it.
#[derive(Clone, Debug)]
struct Failed<C> {
    /// The generated case it comes from (0-based).
    index: u64,
    case: C,
    input: Vec<u8>,
    expected: Vec<u8>,
    run: Run,
    kind: FailureKind,
}

/// The whole run; `Ok(true)` when a failure was found and reported.
fn stress<P: Puzzle>(
    name: &str,
    puzzle: &P,
    args: &StressArgs,
    out: &mut dyn Write,
) -> Result<bool, StressError> {
    let Some((program, program_args)) = args.program.split_first() else {
        return Err(StressError::NotStarted(io::Error::new(
            io::ErrorKind::InvalidInput,
            "no program given",
        )));
    };
    let runner = Runner {
        program: program.clone(),
        args: program_args.to_vec(),
        timeout: Duration::from_millis(args.timeout_ms),
    };
    let jobs = args.jobs.map_or_else(
        || thread::available_parallelism().map_or(1, usize::from),
        |j| j as usize,
    );
    let bar = progress_bar(args.cases);
    let started = Instant::now();
    let found = search(puzzle, &runner, args, jobs, &bar);
    let Some(first) = found? else {
        bar.finish_and_clear();
        out.write_all(report::agreed(name, args.cases, args.seed, started.elapsed()).as_bytes())?;
        out.flush()?;
        return Ok(false);
    };
    bar.set_length(0);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let (index, original_bytes) = (first.index, first.input.len());
    let budget = Budget {
        runs: args.shrink_runs,
        time: Duration::from_secs(args.shrink_secs),
    };
    let shrunk = shrink(puzzle, &runner, first, budget, jobs, &bar)?;
    bar.finish_and_clear();

    let failed = &shrunk.failed;
    let difference = (failed.kind == FailureKind::WrongAnswer).then(|| {
        let line = first_difference(&failed.expected, &failed.run.stdout).unwrap_or(0);
        (line, puzzle.explain(&failed.case, line))
    });
    let saved = match &args.save {
        Some(dir) => {
            save(dir, &failed.input, &failed.expected)?;
            Some(dir.as_path())
        }
        None => None,
    };
    let program_text = args
        .program
        .iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    let text = report::failure(&report::Failure {
        name,
        program: &program_text,
        case: index + 1,
        cases: args.cases,
        seed: args.seed,
        kind: failed.kind,
        timeout: runner.timeout,
        original_bytes,
        shrink_runs: shrunk.runs,
        shrink_time: shrunk.elapsed,
        stopped_early: shrunk.stopped_early,
        input: &failed.input,
        expected: &failed.expected,
        run: &failed.run,
        difference,
        saved,
    });
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(true)
}

/// A progress bar on stderr when it is a terminal; hidden otherwise, so
/// that a pipe gets nothing but the report.
fn progress_bar(cases: u64) -> ProgressBar {
    let target = if io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(cases), target);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {pos}/{len} cases, {rate}, {elapsed} (eta {eta})")
    {
        bar.set_style(style.with_key(
            "rate",
            |state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write| {
                let _ = write!(out, "{:.0} cases/s", state.per_sec());
            },
        ));
    }
    bar
}

/// The seed of case `index` of a run seeded with `seed`: both mixed, so
/// that neighbouring seeds and cases give unrelated inputs.
fn case_seed(seed: u64, index: u64) -> u64 {
    let base = SplitMix64::new(seed).next_u64();
    SplitMix64::new(base ^ index).next_u64()
}

/// The size of case `index` of `cases`: from 0 up to [`MAX_SIZE`] evenly
/// over the run.
fn case_size(index: u64, cases: u64) -> u32 {
    let size = u128::from(index) * u128::from(MAX_SIZE + 1) / u128::from(cases.max(1));
    size.min(u128::from(MAX_SIZE)) as u32
}

/// How much of the program's output is kept: anything much longer than our
/// answer is wrong anyway.
fn output_keep(expected: &[u8]) -> usize {
    expected.len().saturating_mul(2).saturating_add(64 * 1024)
}

/// Runs the cases on `jobs` threads until the first failure; returns the
/// failing case with the smallest number, or `None` when all agreed.
fn search<P: Puzzle>(
    puzzle: &P,
    runner: &Runner,
    args: &StressArgs,
    jobs: usize,
    bar: &ProgressBar,
) -> Result<Option<Failed<P::Case>>, StressError> {
    let next = AtomicU64::new(0);
    // No case at or past `limit` is started: the number of cases, then the
    // smallest failing case found so far.
    let limit = AtomicU64::new(args.cases);
    let found: Mutex<Option<Failed<P::Case>>> = Mutex::new(None);
    let error: Mutex<Option<StressError>> = Mutex::new(None);
    thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= limit.load(Ordering::Relaxed) {
                        break;
                    }
                    match check(puzzle, runner, args, index) {
                        Ok(None) => bar.inc(1),
                        Ok(Some(failed)) => {
                            limit.fetch_min(index, Ordering::Relaxed);
                            let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
                            if found.as_ref().is_none_or(|f| index < f.index) {
                                *found = Some(failed);
                            }
                            break;
                        }
                        Err(e) => {
                            limit.store(0, Ordering::Relaxed);
                            *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    Ok(found.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// Generates case `index`, runs the program on it, and compares.
fn check<P: Puzzle>(
    puzzle: &P,
    runner: &Runner,
    args: &StressArgs,
    index: u64,
) -> Result<Option<Failed<P::Case>>, StressError> {
    let case = puzzle.generate(case_seed(args.seed, index), case_size(index, args.cases));
    let input = puzzle.input(&case);
    let expected = puzzle.expected(&input).map_err(|e| {
        StressError::Internal(format!(
            "our judge rejects generated case {} of seed {} (a bug in the generator): {e}",
            index + 1,
            args.seed
        ))
    })?;
    let run = runner
        .run(&input, output_keep(&expected))
        .map_err(StressError::NotStarted)?;
    Ok(classify(&run, &expected).map(|kind| Failed {
        index,
        case,
        input,
        expected,
        run,
        kind,
    }))
}

/// The most shrinking may spend.
#[derive(Clone, Copy, Debug)]
struct Budget {
    runs: u64,
    time: Duration,
}

/// The result of shrinking.
#[derive(Debug)]
struct Shrunk<C> {
    failed: Failed<C>,
    runs: u64,
    elapsed: Duration,
    /// Which bound stopped shrinking before it ran out of candidates.
    stopped_early: Option<String>,
}

/// A candidate ready to run.
struct Candidate<C> {
    case: C,
    input: Vec<u8>,
    expected: Vec<u8>,
}

/// Shrinks `failed` greedily (see the [module documentation](self)).
fn shrink<P: Puzzle>(
    puzzle: &P,
    runner: &Runner,
    failed: Failed<P::Case>,
    budget: Budget,
    jobs: usize,
    bar: &ProgressBar,
) -> Result<Shrunk<P::Case>, StressError> {
    let started = Instant::now();
    let mut current = failed;
    let mut tried = BTreeSet::from([digest(&current.input)]);
    let mut runs = 0u64;
    let mut stopped_early = None;
    let show = |runs: u64, bytes: usize| {
        bar.set_message(format!("shrinking: {runs} runs, input {bytes} bytes"));
        bar.tick();
    };
    show(0, current.input.len());
    loop {
        let mut smaller = None;
        let mut candidates = puzzle.shrink(&current.case);
        loop {
            if runs >= budget.runs {
                stopped_early = Some(format!("limit of {} runs (--shrink-runs)", budget.runs));
                break;
            }
            if started.elapsed() >= budget.time {
                stopped_early = Some(format!(
                    "limit of {} s (--shrink-secs)",
                    budget.time.as_secs()
                ));
                break;
            }
            let room = usize::try_from(budget.runs - runs).unwrap_or(usize::MAX);
            let batch = next_batch(puzzle, &mut *candidates, &mut tried, jobs.min(room));
            if batch.is_empty() {
                break;
            }
            let results = run_batch(runner, &batch);
            runs += batch.len() as u64;
            show(runs, current.input.len());
            for (candidate, result) in batch.into_iter().zip(results) {
                let run = result.map_err(StressError::NotStarted)?;
                if classify(&run, &candidate.expected) == Some(current.kind) {
                    smaller = Some(Failed {
                        index: current.index,
                        case: candidate.case,
                        input: candidate.input,
                        expected: candidate.expected,
                        run,
                        kind: current.kind,
                    });
                    break;
                }
            }
            if smaller.is_some() {
                break;
            }
        }
        drop(candidates);
        match smaller {
            Some(next) => {
                current = next;
                show(runs, current.input.len());
            }
            None => break,
        }
        if stopped_early.is_some() {
            break;
        }
    }
    Ok(Shrunk {
        failed: current,
        runs,
        elapsed: started.elapsed(),
        stopped_early,
    })
}

/// Up to `size` candidates not tried before whose input our judge accepts.
fn next_batch<P: Puzzle>(
    puzzle: &P,
    candidates: &mut dyn Iterator<Item = P::Case>,
    tried: &mut BTreeSet<u64>,
    size: usize,
) -> Vec<Candidate<P::Case>> {
    let mut batch = Vec::with_capacity(size);
    while batch.len() < size {
        let Some(case) = candidates.next() else {
            break;
        };
        let input = puzzle.input(&case);
        if !tried.insert(digest(&input)) {
            continue;
        }
        // A candidate our judge rejects is outside the judge's promises:
        // never offered as a counterexample.
        let Ok(expected) = puzzle.expected(&input) else {
            continue;
        };
        batch.push(Candidate {
            case,
            input,
            expected,
        });
    }
    batch
}

/// Runs every candidate of `batch` at once, one thread each; the results in
/// the batch's order.
fn run_batch<C: Sync>(runner: &Runner, batch: &[Candidate<C>]) -> Vec<io::Result<Run>> {
    if let [only] = batch {
        return vec![runner.run(&only.input, output_keep(&only.expected))];
    }
    thread::scope(|scope| {
        let handles: Vec<_> = batch
            .iter()
            .map(|c| scope.spawn(|| runner.run(&c.input, output_keep(&c.expected))))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(io::Error::other("the runner thread panicked")))
            })
            .collect()
    })
}

/// The ranges of `0..len` a shrinker tries to remove, largest first, as
/// delta debugging does: halves, then quarters, and so on down to single
/// items (`0..len` itself only when `len` is 1). Removing big chunks first
/// makes shrinking a large input cost O(log len) runs per step when most of
/// it does not matter.
///
/// ```
/// let chunks: Vec<_> = grid_cli::stress::chunks(5).collect();
/// assert_eq!(chunks, [0..2, 2..4, 4..5, 0..1, 1..2, 2..3, 3..4, 4..5]);
/// ```
pub fn chunks(len: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    std::iter::successors(Some((len / 2).max(1)), |&size| {
        (size > 1).then_some(size / 2)
    })
    .filter(move |_| len > 0)
    .flat_map(move |size| {
        (0..len)
            .step_by(size)
            .map(move |start| start..(start + size).min(len))
    })
}

/// Shrinking steps for a list of parts (boards, queries, cases): each part
/// alone (when there are two or more), then the list with one part removed
/// (when there are three or more: with two, "alone" already removed one).
///
/// ```
/// let steps: Vec<_> = grid_cli::stress::fewer(&['a', 'b', 'c']).collect();
/// assert_eq!(steps, [vec!['a'], vec!['b'], vec!['c'], vec!['b', 'c'], vec!['a', 'c'], vec!['a', 'b']]);
/// ```
pub fn fewer<T: Clone>(parts: &[T]) -> impl Iterator<Item = Vec<T>> + '_ {
    let n = parts.len();
    let alone = (0..n)
        .filter(move |_| n > 1)
        .map(move |i| vec![parts[i].clone()]);
    let removed = (0..n).filter(move |_| n > 2).map(move |i| {
        let mut smaller = parts.to_vec();
        smaller.remove(i);
        smaller
    });
    alone.chain(removed)
}

/// A 64-bit digest of an input, to remember which were tried without
/// keeping them.
fn digest(input: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    input.hash(&mut hasher);
    hasher.finish()
}

/// Writes `DIR/fail.in` and `DIR/fail.ans`, creating `DIR` if need be.
fn save(dir: &Path, input: &[u8], expected: &[u8]) -> io::Result<()> {
    let named = |e: io::Error, path: &Path| {
        io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| named(e, dir))?;
    for (file, bytes) in [("fail.in", input), ("fail.ans", expected)] {
        let path = dir.join(file);
        std::fs::write(&path, bytes).map_err(|e| named(e, &path))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
