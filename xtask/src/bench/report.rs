//! The report: the machine, then the ratios, then the times, as Markdown
//! tables ready for the README.

use std::fmt::Write;
use std::process::Command;
use std::time::Duration;

use super::measure::{Timing, ratio};
use super::workload::Goal;

/// What was measured for one workload.
#[derive(Debug)]
pub struct Outcome {
    pub name: &'static str,
    pub description: String,
    pub seed: u64,
    pub input_bytes: usize,
    pub answers: usize,
    pub positive: usize,
    /// The solver binary, whole process.
    pub solver: Timing,
    /// The parse-only program, whole process.
    pub parse: Timing,
    /// The minimal scanner (read, sum the numbers), whole process.
    pub scan: Timing,
    /// The baseline over the whole input (parse and answer), in process.
    pub baseline: Timing,
    /// The solver library answering the parsed input, in process.
    pub solver_answer: Timing,
    /// The baseline answering the parsed input, in process.
    pub baseline_answer: Timing,
    pub goals: Vec<Goal>,
}

impl Outcome {
    /// Whole solver process over in-process read and parse (minimums).
    fn solver_over_parse(&self) -> Option<f64> {
        ratio(self.solver.min(), self.parse.min())
    }

    /// Whole solver process over the minimal scanner's process (minimums).
    fn solver_over_scan(&self) -> Option<f64> {
        ratio(self.solver.min(), self.scan.min())
    }

    /// Parse-only process over the minimal scanner's process (minimums).
    fn parse_over_scan(&self) -> Option<f64> {
        ratio(self.parse.min(), self.scan.min())
    }

    /// The solver library's answering time per answer (minimum).
    fn answer_per_case(&self) -> Duration {
        self.solver_answer.min() / u32::try_from(self.answers.max(1)).unwrap_or(u32::MAX)
    }

    /// In-process baseline over whole solver process (minimums).
    fn baseline_over_solver(&self) -> Option<f64> {
        ratio(self.baseline.min(), self.solver.min())
    }

    /// Baseline over solver library, answering only (minimums).
    fn answering_ratio(&self) -> Option<f64> {
        ratio(self.baseline_answer.min(), self.solver_answer.min())
    }

    /// Every goal's verdicts, `—` when the workload has none.
    fn goals_status(&self, judged: bool) -> String {
        if self.goals.is_empty() {
            return "—".to_owned();
        }
        let parts: Vec<String> = (self.goals.iter())
            .map(|goal| self.goal_status(goal, judged))
            .collect();
        parts.join("; ")
    }

    fn goal_status(&self, goal: &Goal, judged: bool) -> String {
        let Goal {
            issue,
            max_solver_over_parse,
            min_baseline_over_solver,
            max_parse_over_scan,
            max_solver_over_scan,
            aim_answer_per_case,
        } = *goal;
        let verdict = |met: bool| match (judged, met) {
            (false, _) => "not judged",
            (true, true) => "met",
            (true, false) => "NOT met",
        };
        let mut parts = Vec::new();
        if let Some(max) = max_solver_over_parse {
            let met = self.solver_over_parse().is_some_and(|r| r <= max);
            parts.push(format!("solver/parse ≤ {max}: {}", verdict(met)));
        }
        if let Some(max) = max_parse_over_scan {
            let met = self.parse_over_scan().is_some_and(|r| r <= max);
            parts.push(format!("parse/scan ≤ {max}: {}", verdict(met)));
        }
        if let Some(max) = max_solver_over_scan {
            let met = self.solver_over_scan().is_some_and(|r| r <= max);
            parts.push(format!("solver/scan ≤ {max}: {}", verdict(met)));
        }
        if let Some(min) = min_baseline_over_solver {
            let whole = self.baseline_over_solver().is_some_and(|r| r >= min);
            let answering = self.answering_ratio().is_some_and(|r| r >= min);
            parts.push(format!(
                "baseline/solver ≥ {min}: whole input {}, answering {}",
                verdict(whole),
                verdict(answering)
            ));
        }
        if let Some(aim) = aim_answer_per_case {
            let per_case = self.answer_per_case();
            parts.push(format!(
                "aim ≤ {} a case answering: {} ({})",
                duration(aim),
                verdict(per_case <= aim),
                duration(per_case)
            ));
        }
        format!("issue {issue}: {}", parts.join("; "))
    }
}

/// How to read the tables.
const NOTES: &str = "\
Times are min / median (runs). Ratios compare minimums: other work on the machine only adds time.
- solver binary: the puzzle's binary run on the input file, whole process (start, read, parse, answer, print).
- parse only: `xtask bench-parse`, the same reading and parsing code as the binary with no answering, whole process, same profile.
- scan: `xtask bench-parse --scan`, the same process running a minimal byte scanner instead (read the file, sum every run of
  digits; no validation, no storage): the floor of reading the input.
- baseline, whole input: the brute-force reference of the tests parsing and answering the input in memory, in process
  (no process start-up: this favours the baseline). For lianliankan-many-queries and lianliankan-walls the baseline is
  instead the library's one-query-at-a-time `Connector`, O(n + m) a query (the brute force would take hours there).
- answering only: the solver library (as the binary calls it) and the baseline answering the already parsed input, in process.
- Every solver run's output, and the library's answers, are checked equal to the baseline's.
";

/// The whole report; goals are `judged` only on full-size release runs.
pub fn render(machine: &str, profile: &str, judged: bool, outcomes: &[Outcome]) -> String {
    let mut out = String::new();
    writeln!(out, "Machine: {machine}").unwrap();
    writeln!(out, "Build: {profile}").unwrap();
    out.push('\n');
    out.push_str(
        "| workload | solver / parse | solver / scan | parse / scan | baseline / solver, whole input | baseline / solver, answering only | goal | answers (all equal to the baseline's) |\n",
    );
    out.push_str("|---|---:|---:|---:|---:|---:|---|---|\n");
    for o in outcomes {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} ({} positive) |",
            o.name,
            times(o.solver_over_parse()),
            times(o.solver_over_scan()),
            times(o.parse_over_scan()),
            times(o.baseline_over_solver()),
            times(o.answering_ratio()),
            o.goals_status(judged),
            o.answers,
            o.positive
        )
        .unwrap();
    }
    out.push('\n');
    out.push_str(
        "| workload | input | solver binary (process) | parse only (process) | scan (process) | baseline, whole input | solver, answering only | baseline, answering only |\n",
    );
    out.push_str("|---|---|---:|---:|---:|---:|---:|---:|\n");
    for o in outcomes {
        writeln!(
            out,
            "| {} | {}; {}, seed {} | {} | {} | {} | {} | {} | {} |",
            o.name,
            o.description,
            bytes(o.input_bytes),
            o.seed,
            timing(&o.solver),
            timing(&o.parse),
            timing(&o.scan),
            timing(&o.baseline),
            timing(&o.solver_answer),
            timing(&o.baseline_answer)
        )
        .unwrap();
    }
    out.push('\n');
    out.push_str(NOTES);
    out
}

/// One line about the machine: CPU model, logical CPUs, kernel, compiler,
/// and the load when the bench started (other work on the machine slows
/// every measurement down).
pub fn machine() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| {
            l.strip_prefix("model name")
                .and_then(|rest| rest.split_once(':'))
        })
        .map_or("unknown CPU", |(_, name)| name.trim());
    let logical = cpuinfo
        .lines()
        .filter(|l| l.starts_with("processor"))
        .count();
    let available = std::thread::available_parallelism().map_or(0, usize::from);
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").map_or_else(
        |_| std::env::consts::OS.to_owned(),
        |r| format!("Linux {}", r.trim()),
    );
    let rustc = Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(
            || "rustc (version unknown)".to_owned(),
            |v| v.trim().to_owned(),
        );
    let load = std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_owned());
    format!(
        "{model}, {logical} logical CPUs ({available} available to the bench), {kernel}, {rustc}; \
         load average at start {load}"
    )
}

fn timing(t: &Timing) -> String {
    format!(
        "{} / {} ({})",
        duration(t.min()),
        duration(t.median()),
        t.runs()
    )
}

/// A duration with three significant digits.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    match s {
        s if s >= 10.0 => format!("{s:.1} s"),
        s if s >= 1.0 => format!("{s:.2} s"),
        s if s >= 0.1 => format!("{:.0} ms", s * 1e3),
        s if s >= 0.01 => format!("{:.1} ms", s * 1e3),
        s if s >= 0.001 => format!("{:.2} ms", s * 1e3),
        s => format!("{:.0} µs", s * 1e6),
    }
}

fn times(r: Option<f64>) -> String {
    match r {
        None => "—".to_owned(),
        Some(r) if r >= 100.0 => format!("{r:.0}×"),
        Some(r) if r >= 10.0 => format!("{r:.1}×"),
        Some(r) => format!("{r:.2}×"),
    }
}

fn bytes(n: usize) -> String {
    if n >= 1 << 20 {
        format!("{:.1} MiB", n as f64 / f64::from(1 << 20))
    } else {
        format!("{:.1} KiB", n as f64 / 1024.0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::measure::tests::ms;
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(duration(Duration::from_micros(850)), "850 µs");
        assert_eq!(duration(Duration::from_micros(12_345)), "12.3 ms");
        assert_eq!(duration(Duration::from_millis(1520)), "1.52 s");
        assert_eq!(times(Some(512.4)), "512×");
        assert_eq!(times(Some(1.234)), "1.23×");
        assert_eq!(bytes(6 << 20), "6.0 MiB");
    }

    #[test]
    fn table_has_ratios_and_goal_verdicts() {
        let outcome = Outcome {
            name: "demo",
            description: "2 boards".to_owned(),
            seed: 1,
            input_bytes: 2048,
            answers: 4,
            positive: 1,
            solver: ms(&[12, 10, 11]),
            parse: ms(&[8, 5, 6]),
            scan: ms(&[4, 4, 5]),
            baseline: ms(&[1000]),
            solver_answer: ms(&[2]),
            baseline_answer: ms(&[990]),
            goals: vec![Goal {
                issue: 9,
                max_solver_over_parse: Some(2.0),
                min_baseline_over_solver: Some(200.0),
                max_parse_over_scan: Some(1.0),
                max_solver_over_scan: Some(3.0),
                aim_answer_per_case: Some(Duration::from_micros(600)),
            }],
        };
        let outcomes = [outcome];
        let text = render("a machine", "release", true, &outcomes);
        assert!(text.contains("| demo | 2.00× | 2.50× | 1.25× | 100× | 495× | issue 9: solver/parse ≤ 2: met; parse/scan ≤ 1: NOT met; solver/scan ≤ 3: met; baseline/solver ≥ 200: whole input NOT met, answering met; aim ≤ 600 µs a case answering: met (500 µs) | 4 (1 positive) |"), "{text}");
        assert!(
            render("m", "dev", false, &outcomes)
                .contains("≥ 200: whole input not judged, answering not judged; aim ≤ 600 µs a case answering: not judged (500 µs) |")
        );
        assert!(text.contains("| demo | 2 boards; 2.0 KiB, seed 1 | 10.0 ms / 11.0 ms (3) | 5.00 ms / 6.00 ms (3) | 4.00 ms / 4.00 ms (3) | 1.00 s / 1.00 s (1) | 2.00 ms / 2.00 ms (1) | 990 ms / 990 ms (1) |"), "{text}");
    }
}
