//! The rules through the library and the command line, case by case from
//! `fixtures/conformance/rules.tsv` (play's, C's and Python's test suites
//! run the same file through their faces).

pub mod cases;

use lianliankan::{Rules, RulesForm};

use cases::{Case, cases};

/// The library's face: a preset, or the settings given by name as a
/// `RulesForm`, read by the library in its one order.
fn library(case: &Case) -> Result<Rules, String> {
    match case.preset.as_deref() {
        Some("judge") => return Ok(Rules::judge()),
        Some("kshisen") => return Ok(Rules::kshisen()),
        Some(other) => panic!("unknown preset {other}"),
        None => {}
    }
    let mut form = RulesForm::default();
    for (flag, value) in &case.flags {
        let text = value.clone().unwrap_or_default();
        match flag.as_str() {
            "--slide" => form.slide = Some(true),
            "--turns" => form.turns = Some(text.parse().map_err(|e| format!("{e}"))?),
            "--border" => form.border = Some(text),
            "--gravity" => form.gravity = Some(text),
            "--groups" => form.groups = Some(text),
            "--connect" => form.connect = Some(text),
            other => panic!("line {}: unknown flag {other}", case.line),
        }
    }
    Rules::try_from(form).map_err(|e| e.to_string())
}

#[test]
fn the_library_agrees_with_every_case() {
    for case in cases() {
        assert_eq!(
            library(&case),
            case.verdict,
            "line {}: {:?}",
            case.line,
            case.flags
        );
    }
}

/// The serde form (what play and the saved games read) agrees too: the
/// settings as a JSON object read as `Rules`.
#[test]
fn the_serde_form_agrees_with_every_case() {
    for case in cases().into_iter().filter(|c| c.preset.is_none()) {
        let mut object = serde_json::Map::new();
        for (flag, value) in &case.flags {
            let key = flag.trim_start_matches("--");
            let value = match (key, value) {
                ("slide", _) => serde_json::Value::Bool(true),
                ("turns", Some(v)) => serde_json::Value::from(v.parse::<u64>().unwrap()),
                (_, Some(v)) => serde_json::Value::from(v.clone()),
                (_, None) => unreachable!(),
            };
            object.insert(key.to_owned(), value);
        }
        let read = serde_json::from_value::<Rules>(serde_json::Value::Object(object))
            .map_err(|e| e.to_string());
        match (&read, &case.verdict) {
            (Ok(got), Ok(expected)) => assert_eq!(got, expected, "line {}", case.line),
            (Err(got), Err(expected)) => {
                assert!(
                    got.starts_with(expected.as_str()),
                    "line {}: `{got}`",
                    case.line
                );
            }
            _ => panic!("line {}: {read:?}, expected {:?}", case.line, case.verdict),
        }
    }
}

/// The command line's face: `moves` on a small board with the flags; `ok`
/// is exit status 0, a refusal exit status 1 (usage) or 2 (clap's own
/// usage errors for an unknown name) with the message on stderr.
#[cfg(feature = "cli")]
#[test]
fn the_command_line_agrees_with_every_case() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    for case in cases().into_iter().filter(|c| c.preset.is_none()) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lianliankan"))
            .arg("moves")
            .args(case.args())
            .arg("-")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let written = child.stdin.take().unwrap().write_all(b"2 2\n1 1\n2 2\n");
        // A command that refuses its rules may exit before it reads its
        // input: the pipe is then closed, and nothing else may go wrong.
        if let Err(e) = written {
            assert_eq!(
                e.kind(),
                std::io::ErrorKind::BrokenPipe,
                "line {}",
                case.line
            );
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        match &case.verdict {
            Ok(_) => assert!(out.status.success(), "line {}: {stderr}", case.line),
            Err(message) if message.starts_with("sliding tiles") => {
                assert_eq!(out.status.code(), Some(1), "line {}: {stderr}", case.line);
                assert_eq!(stderr, format!("error: {message}\n"), "line {}", case.line);
            }
            Err(message) => {
                assert!(!out.status.success(), "line {}", case.line);
                assert!(
                    stderr.contains(message.as_str()),
                    "line {}: {stderr}",
                    case.line
                );
            }
        }
    }
}
