//! The cases of `fixtures/conformance/rules.tsv`, read for every face's
//! test suite: this crate's (the library and the command line), play's
//! (HTTP) and lianliankan-c's (C) include this file with `#[path]`;
//! Python's reads the fixture itself.

use std::path::Path;

use lianliankan::{Rules, RulesForm};

/// One line of the fixture.
#[derive(Clone, Debug)]
pub struct Case {
    /// The line's number in the file, for messages.
    pub line: usize,
    /// `Some("judge")` or `Some("kshisen")` for a preset line.
    pub preset: Option<String>,
    /// The settings as command-line flags, each with its value (`--slide`
    /// has none), in the order written.
    pub flags: Vec<(String, Option<String>)>,
    /// The rules made, or the message of the refusal.
    pub verdict: Result<Rules, String>,
}

impl Case {
    /// The flags as command-line arguments.
    #[allow(dead_code)]
    pub fn args(&self) -> Vec<String> {
        self.flags
            .iter()
            .flat_map(|(flag, value)| std::iter::once(flag.clone()).chain(value.clone()))
            .collect()
    }
}

/// Every case of the fixture (at least twenty: a test that reads fewer has
/// lost its file).
pub fn cases() -> Vec<Case> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/conformance/rules.tsv");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (settings, verdict) = line.split_once('\t').expect("settings, a tab, the verdict");
        let (preset, flags) = match settings.strip_prefix("preset ") {
            Some(name) => (Some(name.to_owned()), Vec::new()),
            None => (None, flags_of(settings)),
        };
        let verdict = match verdict.split_once(' ') {
            Some(("ok", json)) => Ok(rules_of_json(json)),
            Some(("error", message)) => Err(message.to_owned()),
            _ => panic!(
                "line {}: a verdict is `ok {{...}}` or `error message`",
                i + 1
            ),
        };
        cases.push(Case {
            line: i + 1,
            preset,
            flags,
            verdict,
        });
    }
    assert!(
        cases.len() >= 20,
        "{}: {} cases",
        file.display(),
        cases.len()
    );
    cases
}

/// `--turns 3 --slide` as flags with their values.
fn flags_of(settings: &str) -> Vec<(String, Option<String>)> {
    let mut words = settings.split_whitespace().peekable();
    let mut flags = Vec::new();
    while let Some(flag) = words.next() {
        let value = match flag {
            "--slide" => None,
            _ => Some(words.next().expect("a value after the flag").to_owned()),
        };
        flags.push((flag.to_owned(), value));
    }
    flags
}

/// The rules of a flat JSON object of the library's form (`"turns": 2`,
/// names as strings, `"slide": true` when set), read without serde (as a
/// `RulesForm`) so that every test suite can include this file.
fn rules_of_json(json: &str) -> Rules {
    let inner = json.trim().trim_start_matches('{').trim_end_matches('}');
    let mut form = RulesForm::default();
    // Fields end at a comma before a quote (groups hold commas).
    for field in inner.split(",\"") {
        let (key, value) = field.split_once(':').expect("\"key\":value");
        let key = key.trim().trim_matches('"');
        let text = value.trim().trim_matches('"').to_owned();
        match key {
            "turns" => form.turns = Some(text.parse().unwrap()),
            "border" => form.border = Some(text),
            "gravity" => form.gravity = Some(text),
            "groups" => form.groups = Some(text),
            "connect" => form.connect = Some(text),
            "slide" => form.slide = Some(text == "true"),
            other => panic!("unknown field {other}"),
        }
    }
    Rules::try_from(form).unwrap()
}
