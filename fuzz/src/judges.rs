//! The three binaries' judge paths, exactly as the binaries run them
//! (`<crate>::judge::run` over the input bytes), with the option flags taken
//! from the first byte so that every output mode is fuzzed.
//!
//! Checked on every input, besides "does not panic":
//! - a run over bytes into a `Vec` fails only with [`JudgeError::Input`], and
//!   its location is a real place in the input (a line that exists, a column
//!   at most one past that line's end);
//! - the output is UTF-8;
//! - with `--explain` or `--draw`, the answers are the same as in the plain
//!   judge mode, and the run stops at the same error;
//! - lianliankan's answers (found by `Batch`, a board's queries together)
//!   are, path for path, those of `Connector`, one query at a time.

use grid_core::{InputError, JudgeError, Location};

/// The first byte (the option flags) and the rest (the input).
fn split_flags(data: &[u8]) -> (u8, &[u8]) {
    match data.split_first() {
        Some((&flags, input)) => (flags, input),
        None => (0, &[]),
    }
}

/// Runs one judge into a fresh buffer and checks what every run must
/// satisfy; returns the output and the input error, if any.
fn run_judge(
    input: &[u8],
    run: impl FnOnce(&mut Vec<u8>) -> Result<(), JudgeError>,
) -> (String, Option<InputError>) {
    let mut out = Vec::new();
    let error = match run(&mut out) {
        Ok(()) => None,
        Err(JudgeError::Input(e)) => {
            check_location(input, e.location, &e);
            Some(e)
        }
        Err(other) => panic!("a run over bytes into a Vec failed with: {other}"),
    };
    let out = String::from_utf8(out).expect("the output is UTF-8");
    (out, error)
}

/// Panics unless `at` names a line of `input` and a column at most one past
/// that line's last byte.
fn check_location(input: &[u8], at: Location, error: &InputError) {
    let line = input
        .split(|&b| b == b'\n')
        .nth(at.line.wrapping_sub(1))
        .unwrap_or_else(|| panic!("{error}: the input has no line {}", at.line));
    assert!(
        (1..=line.len() + 1).contains(&at.column),
        "{error}: line {} has {} bytes",
        at.line,
        line.len()
    );
}

/// The answer lines of a decorated output (`keep` picks them, `word` cuts
/// each to what the plain mode prints), to compare with the plain output.
fn answers(out: &str, keep: impl Fn(&str) -> bool, word: fn(&str) -> &str) -> String {
    out.lines()
        .filter(|l| keep(l))
        .map(|l| format!("{}\n", word(l)))
        .collect()
}

/// The whole line.
fn whole(line: &str) -> &str {
    line
}

/// The first word of a line.
fn first_word(line: &str) -> &str {
    line.split(' ').next().unwrap_or(line)
}

/// `segments [--explain] [--draw]`: flag bit 0 is `--explain`, bit 1
/// `--draw`; the rest of the bytes are the input.
pub fn segments_judge(data: &[u8]) {
    use segments::judge::{Options, run};
    let (flags, input) = split_flags(data);
    let options = Options {
        explain: flags & 1 != 0,
        draw: flags & 2 != 0,
    };
    let (out, error) = run_judge(input, |out| run(input, &options, out));
    if options != Options::default() {
        let (plain, plain_error) = run_judge(input, |out| run(input, &Options::default(), out));
        assert_eq!(error, plain_error);
        // Corners and drawings are indented; board, pair and empty lines not.
        assert_eq!(answers(&out, |l| !l.starts_with("  "), whole), plain);
    }
}

/// `lianliankan [--turns K] [--border open] [--explain] [--draw [--ascii]]
/// [--groups 1-2,3+5]`: flag bits 0–3 the rules ([`crate::rules`]), bit 4
/// `--explain`, bit 5 `--draw`, bit 6 `--ascii`, bit 7 the groups.
pub fn lianliankan_judge(data: &[u8]) {
    use lianliankan::draw::Style;
    use lianliankan::judge::{Options, run};
    let (flags, input) = split_flags(data);
    let mut rules = crate::rules(flags);
    if flags & 128 != 0 {
        rules = rules.with_groups("1-2,3+5".parse().expect("groups"));
    }
    let style = if flags & 64 != 0 {
        Style::Ascii
    } else {
        Style::Unicode
    };
    let options = Options {
        rules: rules.clone(),
        explain: flags & 16 != 0,
        draw: (flags & 32 != 0).then_some(style),
    };
    let (out, error) = run_judge(input, |out| run(input, &options, out));
    if options.explain && options.draw.is_none() {
        assert_eq!(out, one_query_at_a_time(input, &rules));
    }
    if options.explain || options.draw.is_some() {
        let plain_options = Options {
            rules,
            ..Options::default()
        };
        let (plain, plain_error) = run_judge(input, |out| run(input, &plain_options, out));
        assert_eq!(error, plain_error);
        // Answer lines are `NO` or start with `YES`; no drawing line does.
        let is_answer = |l: &str| l == "NO" || l.starts_with("YES");
        assert_eq!(answers(&out, is_answer, first_word), plain);
    }
}

/// The `--explain` output of the lianliankan judge as [`Connector`] gives
/// it, one query at a time on a [`Board`], up to the first input error.
///
/// [`Connector`]: lianliankan::Connector
/// [`Board`]: lianliankan::Board
fn one_query_at_a_time(input: &[u8], rules: &lianliankan::Rules) -> String {
    use lianliankan::format::{read_board, read_query, read_query_count};
    let mut reader = grid_core::Reader::new(input);
    let mut connector = lianliankan::Connector::new();
    let mut out = String::new();
    let _stopped_at_the_error = (|| -> Result<(), InputError> {
        while let Some(board) = read_board(&mut reader)? {
            for _ in 0..read_query_count(&mut reader)? {
                let (a, b) = read_query(&mut reader, (board.rows(), board.cols()))?;
                match connector
                    .connect(&board, a, b, rules)
                    .expect("on the board")
                {
                    None => out.push_str("NO\n"),
                    Some(path) => {
                        out.push_str("YES");
                        for p in path.corners() {
                            out.push_str(&format!(" {},{}", p.row + 1, p.col + 1));
                        }
                        out.push('\n');
                    }
                }
            }
        }
        Ok(())
    })();
    out
}

/// The `--max-moves` values of [`solitaire_judge`], by flag bits 2–4.
const MAX_MOVES: [u32; 8] = [8, 0, 1, 2, 3, 4, 8, 10];

/// `solitaire [--explain] [--draw] [--max-moves N] [--pieces K]`: flag bit
/// 0 `--explain`, bit 1 `--draw`, bits 2–4 pick N from [`MAX_MOVES`], bits
/// 5–7 pick K from 1 to 8 (as the binary accepts; 0 is the judge's 4, so
/// flags 0 is the plain judge). With more than
/// four pieces N is capped at 4, so one run stays short (a search over
/// C(64, K) configurations with a deep limit takes seconds, by design).
pub fn solitaire_judge(data: &[u8]) {
    use solitaire::judge::{Options, run};
    let (flags, input) = split_flags(data);
    let pieces = 1 + ((flags >> 5) + 3) % 8;
    let mut max_moves = MAX_MOVES[usize::from((flags >> 2) & 7)];
    if pieces > 4 {
        max_moves = max_moves.min(4);
    }
    let options = Options {
        max_moves,
        explain: flags & 1 != 0,
        draw: flags & 2 != 0,
        pieces,
    };
    let (out, error) = run_judge(input, |out| run(input, &options, out));
    if options.explain || options.draw {
        let plain_options = Options {
            explain: false,
            draw: false,
            ..options
        };
        let (plain, plain_error) = run_judge(input, |out| run(input, &plain_options, out));
        assert_eq!(error, plain_error);
        // Drawings are indented and end with an empty line.
        let is_answer = |l: &str| !l.is_empty() && !l.starts_with(' ');
        assert_eq!(answers(&out, is_answer, first_word), plain);
    }
}
