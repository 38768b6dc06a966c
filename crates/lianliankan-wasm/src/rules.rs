//! `Rules`: the library's [`Rules`], made from an options object with the
//! names and values of Python's keywords, read through [`RulesForm`] (the
//! one way in for every face: the same refusals, the same messages).

use js_sys::Reflect;
use lianliankan::{Rules, RulesForm};
use wasm_bindgen::prelude::*;

use crate::js::{self, Kind, error};

/// The options of `new Rules(options)`, by name.
const OPTIONS: [&str; 6] = ["turns", "border", "gravity", "groups", "connect", "slide"];

/// The rules of a game: `new Rules({turns, border, gravity, groups,
/// connect, slide})`, each option optional (the judge's when left out):
/// `turns` the most turns a path may make (2; 1 with `slide`), `border`
/// "closed" or "open" (paths may run around the board), `gravity` one of
/// the gravity modes ("none", "down", ...), `groups` the kinds that match
/// besides equal ones ("28-31,39+41"), `connect` "standard", "four-rivers"
/// or "line", `slide` KShisen's sliding tiles. `Rules.judge()` and
/// `Rules.kshisen()` are the two presets. Throws a `RulesError` naming
/// the option for an unknown name, bad groups, or settings that
/// contradict each other; a `TypeError` for a value of the wrong type.
#[wasm_bindgen(js_name = Rules)]
#[derive(Clone, Debug)]
pub struct JsRules {
    inner: Rules,
}

impl JsRules {
    /// The library's rules.
    pub fn inner(&self) -> &Rules {
        &self.inner
    }

    /// A handle on `rules`.
    pub fn from_rules(rules: Rules) -> JsRules {
        JsRules { inner: rules }
    }
}

#[wasm_bindgen(js_class = Rules)]
impl JsRules {
    /// The rules of `options` (the judge's for an empty or absent one).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "RulesOptions | undefined")] options: Option<JsValue>,
    ) -> Result<JsRules, JsValue> {
        Ok(JsRules {
            inner: read(&js::given(options), "options")?,
        })
    }

    /// The judge's rules (HDU 1175), the same as `new Rules()`.
    pub fn judge() -> JsRules {
        JsRules {
            inner: Rules::judge(),
        }
    }

    /// KShisen's game: two turns, open border, gravity down.
    pub fn kshisen() -> JsRules {
        JsRules {
            inner: Rules::kshisen(),
        }
    }

    /// The most turns a path may make.
    #[wasm_bindgen(getter)]
    pub fn turns(&self) -> usize {
        self.inner.max_turns()
    }

    /// "closed" or "open".
    #[wasm_bindgen(getter, unchecked_return_type = "BorderName")]
    pub fn border(&self) -> String {
        self.inner.border().name().to_owned()
    }

    /// The gravity mode's name.
    #[wasm_bindgen(getter, unchecked_return_type = "GravityName")]
    pub fn gravity(&self) -> String {
        self.inner.gravity().name().to_owned()
    }

    /// The matching groups as text ("" for none).
    #[wasm_bindgen(getter)]
    pub fn groups(&self) -> String {
        self.inner.groups().to_string()
    }

    /// Which pairs connect: "standard", "four-rivers" or "line".
    #[wasm_bindgen(getter, unchecked_return_type = "ConnectName")]
    pub fn connect(&self) -> String {
        self.inner.connect().name().to_owned()
    }

    /// Whether tiles slide (KShisen's rule).
    #[wasm_bindgen(getter)]
    pub fn slide(&self) -> bool {
        self.inner.slide()
    }

    /// The options that make these rules again: `new Rules(r.toJSON())`
    /// equals `r` (and `JSON.stringify` writes them).
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "Required<RulesOptions>")]
    pub fn to_json(&self) -> JsValue {
        js::object(&[
            ("turns", JsValue::from(self.turns())),
            ("border", JsValue::from(self.border())),
            ("gravity", JsValue::from(self.gravity())),
            ("groups", JsValue::from(self.groups())),
            ("connect", JsValue::from(self.connect())),
            ("slide", JsValue::from(self.slide())),
        ])
    }

    /// Whether `other` (a Rules, or options) names the same rules.
    pub fn equals(
        &self,
        #[wasm_bindgen(unchecked_param_type = "RulesLike")] other: JsValue,
    ) -> Result<bool, JsValue> {
        Ok(read(&other, "other")? == self.inner)
    }
}

/// The rules of `value`, the argument `name`: absent for the judge's, a
/// `Rules` (read back through its getters, so that the JavaScript object
/// is not consumed) or an options object.
///
/// # Errors
/// A TypeError for a value that is no object or an unknown option; a
/// RulesError (the library's message) for settings it refuses.
pub fn read(value: &JsValue, name: &str) -> Result<Rules, JsValue> {
    if js::absent(value) {
        return Ok(Rules::judge());
    }
    if !value.is_object() || js_sys::Array::is_array(value) {
        return Err(js::type_error(name, "a Rules or an options object", value));
    }
    // A Rules instance's settings are getters on its prototype, not own
    // fields: only a plain object's own fields are checked by name.
    js::known_fields(value, name, &OPTIONS)?;
    let get = |option: &str| Reflect::get(value, &JsValue::from_str(option));
    let text = |option: &str| -> Result<Option<String>, JsValue> {
        let v = get(option)?;
        if js::absent(&v) {
            return Ok(None);
        }
        js::string(&v, &format!("{name}.{option}")).map(Some)
    };
    let turns = get("turns")?;
    let turns = if js::absent(&turns) {
        None
    } else {
        let Some(n) = turns.as_f64() else {
            return Err(js::type_error(&format!("{name}.turns"), "a number", &turns));
        };
        if n.fract() != 0.0 || n < 0.0 || !n.is_finite() {
            return Err(error(
                Kind::Rules,
                format!("turns must be a whole number, 0 or more, got {n}"),
            ));
        }
        // Beyond u64 a turn limit is unlimited anyway.
        Some(if n > js::MAX_SAFE { u64::MAX } else { n as u64 })
    };
    let slide = get("slide")?;
    let slide = if js::absent(&slide) {
        None
    } else {
        Some(js::boolean(&slide, &format!("{name}.slide"))?)
    };
    let form = RulesForm {
        turns,
        border: text("border")?,
        gravity: text("gravity")?,
        groups: text("groups")?,
        connect: text("connect")?,
        slide,
    };
    Rules::try_from(form).map_err(|e| error(Kind::Rules, e))
}
