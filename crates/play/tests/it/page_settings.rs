//! The page names the settings of `Rules` in one module, `form.js`: its
//! controls (`readForm`, `fillForm`), its links (`specFromUrl`) and
//! `rulesQuery`, which the score table's query and the same-deal check
//! use. A setting added to the rules (and so to
//! `fixtures/rules/samples.json`) that the page misses fails here.
//! (The level game's runs keep a part of the rules on purpose: turns,
//! border and groups, the level choosing gravity; `level.js` says so.)

use std::path::Path;

/// The settings of the rules: the keys of the sample rules.
fn settings() -> Vec<String> {
    let fixture = include_str!("../../../../fixtures/rules/samples.json");
    let samples: Vec<serde_json::Map<String, serde_json::Value>> =
        serde_json::from_str(fixture).expect("the samples are a JSON list of objects");
    let mut keys: Vec<String> = samples.iter().flat_map(|s| s.keys().cloned()).collect();
    keys.sort();
    keys.dedup();
    keys
}

fn asset(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/assets")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The body of the top-level function `name` of `source`: from its
/// `function name(` line to the first line that is only `}`.
fn body<'a>(source: &'a str, name: &str) -> &'a str {
    let start = source
        .find(&format!("function {name}("))
        .unwrap_or_else(|| panic!("no function {name}"));
    let end = source[start..]
        .find("\n}\n")
        .unwrap_or_else(|| panic!("function {name} has no end"));
    &source[start..start + end]
}

#[test]
fn the_page_names_every_setting_in_its_form_module() {
    let settings = settings();
    assert!(
        settings.len() >= 6,
        "the samples name the settings: {settings:?}"
    );
    let form = asset("form.js");
    for setting in &settings {
        let control = format!("$(\"{setting}\")");
        for function in ["readForm", "fillForm"] {
            assert!(
                body(&form, function).contains(&control),
                "form.js {function} does not use the control of `{setting}`"
            );
        }
        assert!(
            body(&form, "specFromUrl").contains(&format!("\"{setting}\"")),
            "form.js specFromUrl does not read `{setting}` from a link"
        );
        assert!(
            body(&form, "rulesQuery").contains(&format!("rules.{setting}")),
            "form.js rulesQuery does not name `{setting}`"
        );
    }
    // The other modules ask form.js rather than list the settings.
    for (file, function) in [("finish.js", "tableQuery"), ("play.js", "sameDeal")] {
        let source = asset(file);
        let body = body(&source, function);
        assert!(
            body.contains("rulesQuery("),
            "{file} {function} does not use rulesQuery"
        );
        for setting in &settings {
            assert!(
                !body.contains(&format!(".{setting}")),
                "{file} {function} names `{setting}` itself: use form.js rulesQuery"
            );
        }
    }
}
