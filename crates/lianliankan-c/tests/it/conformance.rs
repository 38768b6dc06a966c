//! The rules through the C API, case by case from
//! `fixtures/conformance/rules.tsv` (the library's, the command line's,
//! HTTP's and Python's test suites run the same file through their
//! faces): the judge's preset, slides first, then one setter a setting
//! (names through the `llk_*_parse` helpers); the rules made, or the
//! first refusal's `llk_last_error()`.

#[path = "../../../lianliankan/tests/it/conformance/cases.rs"]
mod cases;

use std::ffi::CString;

use lianliankan::Rules;
use lianliankan_c::*;

use crate::common::last_error;
use crate::rules::{preset, read};

/// A status as the case's verdict: `Ok` or the last error's text.
fn checked(status: LlkStatus) -> Result<(), String> {
    if status == LlkStatus::Ok {
        Ok(())
    } else {
        Err(last_error())
    }
}

/// The rules the case's settings make through the C API.
fn through_c(case: &cases::Case) -> Result<Rules, String> {
    let make = match case.preset.as_deref() {
        Some("kshisen") => llk_rules_kshisen,
        _ => llk_rules_judge,
    };
    let rules = preset(make);
    let result = (|| {
        // SAFETY: live rules, NUL-terminated texts, writable out-parameters.
        unsafe {
            if case.flags.iter().any(|(flag, _)| flag == "--slide") {
                checked(llk_rules_set_slide(rules, true))?;
            }
            for (flag, value) in &case.flags {
                let text = CString::new(value.clone().unwrap_or_default()).unwrap();
                match flag.as_str() {
                    "--slide" => {}
                    "--turns" => checked(llk_rules_set_turns(
                        rules,
                        text.to_str().unwrap().parse().unwrap(),
                    ))?,
                    "--border" => {
                        let mut border = LlkBorder::Closed;
                        checked(llk_border_parse(text.as_ptr(), &mut border))?;
                        checked(llk_rules_set_border(rules, border.into()))?;
                    }
                    "--gravity" => {
                        let mut gravity = LlkGravity::None;
                        checked(llk_gravity_parse(text.as_ptr(), &mut gravity))?;
                        checked(llk_rules_set_gravity(rules, gravity.into()))?;
                    }
                    "--connect" => {
                        let mut connect = LlkConnect::Standard;
                        checked(llk_connect_parse(text.as_ptr(), &mut connect))?;
                        checked(llk_rules_set_connect(rules, connect.into()))?;
                    }
                    "--groups" => checked(llk_rules_set_groups(rules, text.as_ptr()))?,
                    other => panic!("line {}: unknown flag {other}", case.line),
                }
            }
        }
        Ok(read(rules))
    })();
    // SAFETY: rules made above, freed once.
    unsafe { llk_rules_free(rules) };
    result
}

#[test]
fn the_c_api_agrees_with_every_case() {
    for case in cases::cases() {
        match (through_c(&case), &case.verdict) {
            (Ok(got), Ok(expected)) => assert_eq!(&got, expected, "line {}", case.line),
            (Err(got), Err(expected)) => {
                assert!(
                    got.starts_with(expected.as_str()),
                    "line {}: `{got}`",
                    case.line
                );
            }
            (got, expected) => panic!("line {}: {got:?}, expected {expected:?}", case.line),
        }
    }
}
