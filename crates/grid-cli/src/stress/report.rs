//! The text of a stress run's result: the summary when every case agreed,
//! and the report of a failure.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use super::compare::{FailureKind, normalised_lines};
use super::runner::Run;

/// At most this many lines of an input or an output are shown; `--save`
/// keeps the whole input.
const SHOWN_LINES: usize = 60;
/// At most this many lines of the program's standard error are shown.
const SHOWN_STDERR_LINES: usize = 20;

/// Everything a failure report says.
#[derive(Debug)]
pub(crate) struct Failure<'a> {
    /// The binary's name (`lianliankan`).
    pub name: &'a str,
    /// The program under test with its arguments, as typed.
    pub program: &'a str,
    /// The failing case: its number (from 1) and the run's size and seed.
    pub case: u64,
    pub cases: u64,
    pub seed: u64,
    pub kind: FailureKind,
    pub timeout: Duration,
    /// The generated input's size before shrinking.
    pub original_bytes: usize,
    /// Shrinking: runs made, time taken, and why it stopped early (if it
    /// did).
    pub shrink_runs: u64,
    pub shrink_time: Duration,
    pub stopped_early: Option<String>,
    /// The shrunk input, our answer to it, and what the program did on it.
    pub input: &'a [u8],
    pub expected: &'a [u8],
    pub run: &'a Run,
    /// For a wrong answer: the first differing line (0-based, after
    /// normalising) and why our answer there is right.
    pub difference: Option<(usize, String)>,
    /// Where `fail.in` and `fail.ans` were written.
    pub saved: Option<&'a Path>,
}

/// The report of `failure`, ending with a newline.
pub(crate) fn failure(f: &Failure<'_>) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{} stress: {} on case {} of {} (seed {}): `{}`",
        f.name, f.kind, f.case, f.cases, f.seed, f.program
    );
    let _ = write!(
        text,
        "shrunk from {} to {} bytes in {} runs ({:.1} s)",
        f.original_bytes,
        f.input.len(),
        f.shrink_runs,
        f.shrink_time.as_secs_f64()
    );
    match &f.stopped_early {
        Some(why) => {
            let _ = writeln!(text, "; stopped at the {why}, so it may shrink further");
        }
        None => text.push_str(", as far as it goes\n"),
    }

    let (input, marked) = show_input(f.input);
    let mut legend = String::new();
    if marked {
        legend.push_str("; `$` marks each line's end");
        if f.input.contains(&b'\r') {
            legend.push_str(", `^M` a carriage return");
        }
        if f.input.contains(&b'\t') {
            legend.push_str(", `^I` a tab");
        }
    }
    let _ = writeln!(text, "\n--- input ({} bytes{legend})", f.input.len());
    text.push_str(&input);
    let _ = writeln!(text, "--- expected (ours)");
    text.push_str(&show_output(f.expected));
    let ended = match f.kind {
        FailureKind::TimeOut => format!(
            "killed after {} ms; its output until then",
            f.timeout.as_millis()
        ),
        FailureKind::Crash { .. } => {
            let status = f.kind.to_string();
            let status = status
                .strip_prefix("crash (")
                .and_then(|s| s.strip_suffix(')'))
                .unwrap_or(&status);
            format!("{status}, after {} ms", f.run.elapsed.as_millis())
        }
        FailureKind::WrongAnswer => format!("exit status 0, {} ms", f.run.elapsed.as_millis()),
    };
    let _ = writeln!(text, "--- actual ({ended})");
    text.push_str(&show_output(&f.run.stdout));
    if f.run.stdout_cut {
        text.push_str("(and more: the output went on far past the expected length)\n");
    }
    if !f.run.stderr.is_empty() {
        let _ = writeln!(text, "--- its standard error");
        text.push_str(&show_lines(&f.run.stderr, SHOWN_STDERR_LINES));
    }
    if let Some((line, why)) = &f.difference {
        let expected = normalised_lines(f.expected);
        let actual = normalised_lines(&f.run.stdout);
        let quote = |lines: &[&[u8]]| match lines.get(*line) {
            Some([]) => "an empty line".to_owned(),
            Some(l) => format!("`{}`", String::from_utf8_lossy(l)),
            None => "the end of the output".to_owned(),
        };
        let _ = writeln!(
            text,
            "--- first difference, line {}: expected {}, found {}",
            line + 1,
            quote(&expected),
            quote(&actual)
        );
        let _ = writeln!(text, "--- why ours is right");
        text.push_str(why);
        if !why.ends_with('\n') {
            text.push('\n');
        }
    }
    if let Some(dir) = f.saved {
        let _ = writeln!(
            text,
            "--- saved {} and {}",
            dir.join("fail.in").display(),
            dir.join("fail.ans").display()
        );
    }
    text
}

/// The summary of a run in which every case agreed.
pub(crate) fn agreed(name: &str, cases: u64, seed: u64, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        format!(", {:.0} cases/s", cases as f64 / seconds)
    } else {
        String::new()
    };
    format!(
        "{name} stress: all {cases} cases agreed with ours (seed {seed}; {seconds:.2} s{rate})\n"
    )
}

/// The input as text, and whether its line ends are marked: when white
/// space at a line's end or a `\r` carries meaning (or a tab is present),
/// every line ends in `$` and `\r`, tabs show as `^M`, `^I`, as `cat -A`
/// shows them; otherwise the input as it is.
fn show_input(input: &[u8]) -> (String, bool) {
    let text = String::from_utf8_lossy(input);
    let mark = text
        .split('\n')
        .any(|l| l.ends_with([' ', '\r']) || l.contains('\t'));
    if !mark {
        return (show_lines(input, SHOWN_LINES), false);
    }
    let mut lines: Vec<String> = text
        .split('\n')
        .map(|l| format!("{}$", l.replace('\r', "^M").replace('\t', "^I")))
        .collect();
    // The text after the last newline: nothing when the input ends in one.
    if lines.last().is_some_and(|l| l == "$") {
        lines.pop();
    }
    (cut(lines.iter().map(String::as_str), SHOWN_LINES), true)
}

fn show_output(output: &[u8]) -> String {
    if output.is_empty() {
        return "(nothing)\n".to_owned();
    }
    show_lines(output, SHOWN_LINES)
}

fn show_lines(bytes: &[u8], limit: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_suffix('\n').unwrap_or(&text);
    cut(text.split('\n'), limit)
}

/// The first `limit` of `lines`, each ending in a newline, and a line
/// saying how many were left out.
fn cut<'a>(lines: impl Iterator<Item = &'a str>, limit: usize) -> String {
    let mut text = String::new();
    let mut left_out = 0usize;
    for (i, line) in lines.enumerate() {
        if i < limit {
            text.push_str(line);
            text.push('\n');
        } else {
            left_out += 1;
        }
    }
    if left_out > 0 {
        let _ = writeln!(text, "... ({left_out} more lines)");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_input_is_shown_as_it_is() {
        assert_eq!(show_input(b"1 1\n2\n"), ("1 1\n2\n".to_owned(), false));
        assert_eq!(show_input(b"1 1\n2"), ("1 1\n2\n".to_owned(), false));
    }

    #[test]
    fn meaningful_white_space_is_marked() {
        let (text, marked) = show_input(b"3 2\r\nX X \r\n\r\n0 0\r\n");
        assert!(marked);
        assert_eq!(text, "3 2^M$\nX X ^M$\n^M$\n0 0^M$\n");
        let (text, _) = show_input(b"2 1\nX \n");
        assert_eq!(text, "2 1$\nX $\n");
    }

    #[test]
    fn long_texts_are_cut() {
        let many: String = (0..100).map(|i| format!("{i}\n")).collect();
        let shown = show_lines(many.as_bytes(), 3);
        assert_eq!(shown, "0\n1\n2\n... (97 more lines)\n");
        assert_eq!(show_output(b""), "(nothing)\n");
    }

    #[test]
    fn summary() {
        assert_eq!(
            agreed("segments", 1000, 7, Duration::from_millis(500)),
            "segments stress: all 1000 cases agreed with ours (seed 7; 0.50 s, 2000 cases/s)\n"
        );
    }
}
