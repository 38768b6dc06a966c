//! The rules through the HTTP API, case by case from
//! `fixtures/conformance/rules.tsv` (the library's, the command line's,
//! C's and Python's test suites run the same file through their faces): a
//! deal under the settings echoes the rules made, or is refused with a 400
//! and the library's words.

#[path = "../../../lianliankan/tests/it/conformance/cases.rs"]
mod cases;

use axum::http::StatusCode;
use lianliankan::Rules;
use play::{Limits, app};
use serde_json::{Map, Value, json};

use crate::variants::post;

#[tokio::test]
async fn the_api_agrees_with_every_case() {
    let app = app(Limits::default(), None);
    for case in cases::cases() {
        // HTTP has no named presets: the judge's is the rules left out,
        // KShisen's its two settings.
        let rules = match case.preset.as_deref() {
            Some("judge") => json!({}),
            Some("kshisen") => json!({"border": "open", "gravity": "down"}),
            _ => {
                let mut object = Map::new();
                for (flag, value) in &case.flags {
                    let key = flag.trim_start_matches("--");
                    let value = match (key, value) {
                        ("slide", _) => Value::Bool(true),
                        ("turns", Some(v)) => Value::from(v.parse::<u64>().unwrap()),
                        (_, Some(v)) => Value::from(v.clone()),
                        (_, None) => unreachable!(),
                    };
                    object.insert(key.to_owned(), value);
                }
                Value::Object(object)
            }
        };
        let (status, answer) = post(
            &app,
            "deal",
            &json!({"rows": 2, "cols": 4, "kinds": 2, "seed": 1, "rules": rules}),
        )
        .await;
        match &case.verdict {
            Ok(expected) => {
                assert_eq!(status, StatusCode::OK, "line {}: {answer}", case.line);
                let echoed: Rules = serde_json::from_value(answer["rules"].clone()).unwrap();
                assert_eq!(&echoed, expected, "line {}", case.line);
            }
            Err(message) => {
                assert_eq!(
                    status,
                    StatusCode::BAD_REQUEST,
                    "line {}: {answer}",
                    case.line
                );
                let error = answer["error"].as_str().unwrap();
                assert!(
                    error.starts_with(message.as_str()),
                    "line {}: `{error}`",
                    case.line
                );
            }
        }
    }
}
