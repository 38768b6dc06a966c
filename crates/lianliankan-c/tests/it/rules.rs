//! The rules through the C API: every value of the three enums crosses
//! both ways and is the library's, by name and by place; the presets are
//! the library's presets; each setter is the library's, refused with its
//! message; every setting of the samples in `fixtures/rules/samples.json`
//! has its setter and getter; NULLs are refused.

use std::ffi::{CStr, CString};
use std::ptr::{null, null_mut};

use lianliankan::{Border, Connect, Gravity, Groups, Rules, RulesError, RulesForm};
use lianliankan_c::*;

use crate::common::last_error;

/// Text from the library, borrowed.
fn text(ptr: *const std::ffi::c_char) -> String {
    assert!(!ptr.is_null());
    // SAFETY: the library's NUL-terminated text, read at once.
    unsafe { CStr::from_ptr(ptr) }.to_str().unwrap().to_owned()
}

/// Every setting of C rules, in the library's terms: read by the
/// library's form, as every face's settings.
pub(crate) fn read(rules: *const LlkRules) -> Rules {
    // SAFETY: live rules (or NULL, the judge's).
    let form = unsafe {
        RulesForm {
            turns: Some(llk_rules_turns(rules) as u64),
            border: Some(llk_rules_border(rules).library().to_string()),
            gravity: Some(llk_rules_gravity(rules).library().to_string()),
            groups: Some(text(llk_rules_groups(rules))),
            connect: Some(llk_rules_connect(rules).library().to_string()),
            slide: Some(llk_rules_slide(rules)),
        }
    };
    Rules::try_from(form).unwrap()
}

/// Rules made by the preset `make`.
pub(crate) fn preset(make: unsafe extern "C" fn(*mut *mut LlkRules) -> LlkStatus) -> *mut LlkRules {
    let mut out = null_mut();
    // SAFETY: a writable out-parameter.
    assert_eq!(unsafe { make(&mut out) }, LlkStatus::Ok);
    assert!(!out.is_null());
    out
}

#[test]
fn every_enum_value_crosses_both_ways_with_the_librarys_name() {
    assert_eq!(LlkBorder::ALL.len(), Border::ALL.len());
    assert_eq!(LlkGravity::ALL.len(), Gravity::ALL.len());
    assert_eq!(LlkConnect::ALL.len(), Connect::ALL.len());
    let rules = preset(llk_rules_judge);
    // SAFETY: live rules of this thread; NUL-terminated names; writable outs.
    unsafe {
        for (i, border) in Border::ALL.into_iter().enumerate() {
            let c = LlkBorder::ALL[i];
            assert_eq!(c as usize, i, "the library's order");
            assert_eq!(c.library(), border);
            assert_eq!(text(llk_border_name(c.into())), border.name());
            let name = CString::new(border.name()).unwrap();
            let mut parsed = LlkBorder::ALL[(i + 1) % LlkBorder::ALL.len()];
            assert_eq!(llk_border_parse(name.as_ptr(), &mut parsed), LlkStatus::Ok);
            assert_eq!(parsed, c);
            assert_eq!(llk_rules_set_border(rules, c.into()), LlkStatus::Ok);
            assert_eq!(llk_rules_border(rules), c);
        }
        for (i, gravity) in Gravity::ALL.into_iter().enumerate() {
            let c = LlkGravity::ALL[i];
            assert_eq!(c as usize, i, "the library's order");
            assert_eq!(c.library(), gravity);
            assert_eq!(text(llk_gravity_name(c.into())), gravity.name());
            let name = CString::new(gravity.name()).unwrap();
            let mut parsed = LlkGravity::ALL[(i + 1) % LlkGravity::ALL.len()];
            assert_eq!(llk_gravity_parse(name.as_ptr(), &mut parsed), LlkStatus::Ok);
            assert_eq!(parsed, c);
            assert_eq!(llk_rules_set_gravity(rules, c.into()), LlkStatus::Ok);
            assert_eq!(llk_rules_gravity(rules), c);
        }
        for (i, connect) in Connect::ALL.into_iter().enumerate() {
            let c = LlkConnect::ALL[i];
            assert_eq!(c as usize, i, "the library's order");
            assert_eq!(c.library(), connect);
            assert_eq!(text(llk_connect_name(c.into())), connect.name());
            let name = CString::new(connect.name()).unwrap();
            let mut parsed = LlkConnect::ALL[(i + 1) % LlkConnect::ALL.len()];
            assert_eq!(llk_connect_parse(name.as_ptr(), &mut parsed), LlkStatus::Ok);
            assert_eq!(parsed, c);
            assert_eq!(llk_rules_set_connect(rules, c.into()), LlkStatus::Ok);
            assert_eq!(llk_rules_connect(rules), c);
        }
        llk_rules_free(rules);
    }
}

#[test]
fn unknown_names_and_values_are_refused_with_the_librarys_message() {
    // SAFETY: NUL-terminated names, writable outs, NULL where tested.
    unsafe {
        let mut border = LlkBorder::Open;
        assert_eq!(
            llk_border_parse(c"ajar".as_ptr(), &mut border),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            last_error(),
            "ajar".parse::<Border>().unwrap_err().to_string()
        );
        assert_eq!(border, LlkBorder::Open, "left alone");
        let mut gravity = LlkGravity::Up;
        assert_eq!(
            llk_gravity_parse(c"sideways".as_ptr(), &mut gravity),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            last_error(),
            "sideways".parse::<Gravity>().unwrap_err().to_string()
        );
        let mut connect = LlkConnect::Line;
        assert_eq!(
            llk_connect_parse(c"Line".as_ptr(), &mut connect),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            last_error(),
            "Line".parse::<Connect>().unwrap_err().to_string()
        );
        assert_eq!((gravity, connect), (LlkGravity::Up, LlkConnect::Line));
        // NULLs.
        assert_eq!(
            llk_border_parse(null(), &mut border),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            llk_gravity_parse(c"down".as_ptr(), null_mut()),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            llk_connect_parse(null(), null_mut()),
            LlkStatus::InvalidArgument
        );
        // Values no enumerator has: names are "unknown", setters refuse.
        assert_eq!(text(llk_border_name(BorderArg(2))), "unknown");
        assert_eq!(text(llk_gravity_name(GravityArg(-1))), "unknown");
        assert_eq!(text(llk_connect_name(ConnectArg(3))), "unknown");
        let rules = preset(llk_rules_kshisen);
        for (i, said) in [
            "unknown border rule 2",
            "unknown gravity mode 13",
            "unknown connection rule -5",
        ]
        .into_iter()
        .enumerate()
        {
            // One call at a time: each message is read before the next.
            let status = match i {
                0 => llk_rules_set_border(rules, BorderArg(2)),
                1 => llk_rules_set_gravity(rules, GravityArg(13)),
                _ => llk_rules_set_connect(rules, ConnectArg(-5)),
            };
            assert_eq!(status, LlkStatus::InvalidArgument);
            assert!(last_error().starts_with(said), "{}", last_error());
        }
        assert_eq!(read(rules), Rules::kshisen(), "left alone");
        llk_rules_free(rules);
    }
}

#[test]
fn the_presets_are_the_librarys() {
    let judge = preset(llk_rules_judge);
    let kshisen = preset(llk_rules_kshisen);
    assert_eq!(read(judge), Rules::judge());
    assert_eq!(read(kshisen), Rules::kshisen());
    assert_ne!(read(judge), read(kshisen));
    // NULL reads as the judge's rules.
    assert_eq!(read(null()), Rules::judge());
    // SAFETY: made above, freed once.
    unsafe {
        llk_rules_free(judge);
        llk_rules_free(kshisen);
    }
}

#[test]
fn every_setter_is_the_librarys_setter() {
    let rules = preset(llk_rules_kshisen);
    let mut expected = Rules::kshisen();
    // SAFETY: live rules of this thread; NUL-terminated groups.
    unsafe {
        assert_eq!(llk_rules_set_turns(rules, 3), LlkStatus::Ok);
        expected = expected.with_turns(3).unwrap();
        assert_eq!(
            llk_rules_set_groups(rules, c"28-31,39-42".as_ptr()),
            LlkStatus::Ok
        );
        expected = expected.with_groups("28-31,39-42".parse().unwrap());
        assert_eq!(text(llk_rules_groups(rules)), expected.groups().to_string());
        assert_eq!(
            llk_rules_set_groups(rules, c"3-1".as_ptr()),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            last_error(),
            "3-1".parse::<Groups>().unwrap_err().to_string()
        );
        assert_eq!(read(rules), expected, "a refused setter changes nothing");
        // Slides as `with_slide`: one turn, closed; then each conflict.
        assert_eq!(llk_rules_set_slide(rules, true), LlkStatus::Ok);
        expected = expected.with_slide(true).unwrap();
        assert_eq!(read(rules), expected);
        for (i, error) in [
            RulesError::SlideTurns(2),
            RulesError::SlideBorder(Border::Open),
            RulesError::SlideConnect(Connect::Line),
        ]
        .into_iter()
        .enumerate()
        {
            let status = match i {
                0 => llk_rules_set_turns(rules, 2),
                1 => llk_rules_set_border(rules, LlkBorder::Open.into()),
                _ => llk_rules_set_connect(rules, LlkConnect::Line.into()),
            };
            assert_eq!(status, LlkStatus::InvalidArgument);
            // The library's message, word for word.
            assert_eq!(last_error(), error.to_string());
        }
        assert_eq!(read(rules), expected, "refused setters change nothing");
        // Gravity and groups do not conflict with slides.
        assert_eq!(
            llk_rules_set_gravity(rules, LlkGravity::Inward.into()),
            LlkStatus::Ok
        );
        assert_eq!(llk_rules_set_groups(rules, null()), LlkStatus::Ok);
        expected = expected
            .with_gravity(Gravity::Inward)
            .with_groups(Groups::none());
        assert_eq!(read(rules), expected);
        // Slides off keep the turns and border.
        assert_eq!(llk_rules_set_slide(rules, false), LlkStatus::Ok);
        expected = expected.with_slide(false).unwrap();
        assert_eq!(read(rules), expected);
        assert_eq!(llk_rules_set_turns(rules, 2), LlkStatus::Ok);
        llk_rules_free(rules);
    }
}

#[test]
fn setters_and_getters_refuse_or_survive_null() {
    // SAFETY: NULL is what is tested.
    unsafe {
        for status in [
            llk_rules_set_turns(null_mut(), 1),
            llk_rules_set_border(null_mut(), LlkBorder::Open.into()),
            llk_rules_set_gravity(null_mut(), LlkGravity::Down.into()),
            llk_rules_set_groups(null_mut(), null()),
            llk_rules_set_connect(null_mut(), LlkConnect::Line.into()),
            llk_rules_set_slide(null_mut(), false),
        ] {
            assert_eq!(status, LlkStatus::InvalidArgument);
            assert_eq!(last_error(), "rules is NULL");
        }
        assert_eq!(llk_rules_turns(null()), 2);
        assert_eq!(llk_rules_border(null()), LlkBorder::Closed);
        assert_eq!(llk_rules_gravity(null()), LlkGravity::None);
        assert_eq!(llk_rules_connect(null()), LlkConnect::Standard);
        assert!(!llk_rules_slide(null()));
        assert_eq!(text(llk_rules_groups(null())), "");
    }
}

/// Every sample of `fixtures/rules/samples.json` (which, between them,
/// set every setting of the rules) made by the setters, one a setting,
/// and read back by the getters: a setting without its setter or getter
/// fails here.
#[test]
fn every_setting_of_the_samples_has_its_setter_and_getter() {
    use serde_json::{Value, json};
    let fixture = include_str!("../../../../fixtures/rules/samples.json");
    let samples: Vec<serde_json::Map<String, Value>> = serde_json::from_str(fixture).unwrap();
    for sample in samples {
        let rules = preset(llk_rules_judge);
        // Slides first: they write the turns and border, as the library's
        // form reads them.
        let mut settings: Vec<(&String, &Value)> = sample.iter().collect();
        settings.sort_by_key(|(name, _)| name.as_str() != "slide");
        for (name, value) in settings {
            let text = value.as_str().unwrap_or_default();
            let groups = CString::new(text).unwrap();
            // SAFETY: live rules of this thread; NUL-terminated groups.
            let (status, read) = unsafe {
                let status = match name.as_str() {
                    "turns" => llk_rules_set_turns(rules, value.as_u64().unwrap() as usize),
                    "border" => llk_rules_set_border(
                        rules,
                        LlkBorder::of(text.parse().unwrap()).unwrap().into(),
                    ),
                    "gravity" => llk_rules_set_gravity(
                        rules,
                        LlkGravity::of(text.parse().unwrap()).unwrap().into(),
                    ),
                    "groups" => llk_rules_set_groups(rules, groups.as_ptr()),
                    "connect" => llk_rules_set_connect(
                        rules,
                        LlkConnect::of(text.parse().unwrap()).unwrap().into(),
                    ),
                    "slide" => llk_rules_set_slide(rules, value.as_bool().unwrap()),
                    other => panic!("C has no setter of the setting `{other}`"),
                };
                let read = match name.as_str() {
                    "turns" => json!(llk_rules_turns(rules)),
                    "border" => json!(llk_rules_border(rules).library().name()),
                    "gravity" => json!(llk_rules_gravity(rules).library().name()),
                    "groups" => json!(self::text(llk_rules_groups(rules))),
                    "connect" => json!(llk_rules_connect(rules).library().name()),
                    "slide" => json!(llk_rules_slide(rules)),
                    other => panic!("C has no getter of the setting `{other}`"),
                };
                (status, read)
            };
            assert_eq!(status, LlkStatus::Ok, "{name} {value}: {}", last_error());
            assert_eq!(read, *value, "{name}");
        }
        // SAFETY: made above, freed once.
        unsafe { llk_rules_free(rules) };
    }
}
