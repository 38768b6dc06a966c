//! `lianliankan.Rules`: the library's [`Rules`] as a frozen Python value.

use lianliankan::{Rules, RulesForm};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
use serde_json::Value;

use crate::args;
use crate::errors::{Kind, error};

/// The rules of a game: how many turns a path may make (`turns`), whether
/// it may run around the board (`border`: "closed" or "open"), how the
/// tiles slide after a removal (`gravity`: one of `GRAVITY_MODES`), which
/// kinds match besides equal ones (`groups`, e.g. "28-31,39+41"), which
/// pairs connect (`connect`: "standard", "four-rivers" or "line"), and
/// whether tiles slide (`slide`: KShisen's sliding tiles, paths of one
/// turn on the board, a move may first push its first tile along its row
/// or column; `turns` then defaults to 1).
///
/// `Rules()` is the judge's rules (HDU 1175), as the library's
/// `Rules::default()`: two turns, closed border, no gravity, no groups.
/// `Rules.judge()` names them; `Rules.kshisen()` is KShisen's game (two
/// turns, open border, gravity down), the library's `Rules::kshisen()`.
///
/// Raises RulesError (a ValueError) for a negative turn limit, an unknown
/// border, gravity or connection name, or a bad groups text, with the
/// library's message; and, with the library's `RulesError` message, for
/// `slide` with turns other than 1, the open border or a connection rule
/// other than "standard".
#[pyclass(frozen, eq, hash, module = "lianliankan", name = "Rules")]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub inner: Rules,
}

/// A `RulesError` carrying `message`.
fn rules_error(message: impl std::fmt::Display) -> PyErr {
    error(Kind::Rules, message)
}

#[pymethods]
impl PyRules {
    // The text signature says the defaults as Python writes them (PyO3
    // writes `...` for a default that is not a literal of the Rust type).
    #[new]
    #[pyo3(
        signature = (
            turns = None,
            border = String::from("closed"),
            gravity = String::from("none"),
            groups = String::new(),
            connect = String::from("standard"),
            slide = false,
        ),
        text_signature = "(turns=None, border='closed', gravity='none', groups='', connect='standard', slide=False)"
    )]
    fn new(
        #[pyo3(from_py_with = args::turns)] turns: Option<i64>,
        #[pyo3(from_py_with = args::border)] border: String,
        #[pyo3(from_py_with = args::gravity)] gravity: String,
        #[pyo3(from_py_with = args::groups)] groups: String,
        #[pyo3(from_py_with = args::connect)] connect: String,
        #[pyo3(from_py_with = args::slide)] slide: bool,
    ) -> PyResult<PyRules> {
        // The settings by name, read by the library in its one order: the
        // same refusals and messages as every face.
        let max_turns = turns
            .map(|turns| {
                u64::try_from(turns)
                    .map_err(|_| rules_error(format!("turns must be 0 or more, got {turns}")))
            })
            .transpose()?;
        let form = RulesForm {
            turns: max_turns,
            border: Some(border),
            gravity: Some(gravity),
            groups: Some(groups),
            connect: Some(connect),
            slide: Some(slide),
        };
        let inner = Rules::try_from(form).map_err(rules_error)?;
        Ok(PyRules { inner })
    }

    /// The judge's rules (HDU 1175), the same as `Rules()`: two turns,
    /// closed border, no gravity, no groups, the standard connection.
    #[classmethod]
    fn judge(_cls: &Bound<'_, PyType>) -> PyRules {
        PyRules {
            inner: Rules::judge(),
        }
    }

    /// KShisen's game (and the Onet games'): two turns, paths may run
    /// around the board, gravity down, no groups.
    #[classmethod]
    fn kshisen(_cls: &Bound<'_, PyType>) -> PyRules {
        PyRules {
            inner: Rules::kshisen(),
        }
    }

    /// The most turns a path may make.
    #[getter]
    fn turns(&self) -> usize {
        self.inner.max_turns()
    }

    /// "open" (paths may use the ring around the board) or "closed".
    #[getter]
    fn border(&self) -> &'static str {
        self.inner.border().name()
    }

    /// The gravity mode, one of `GRAVITY_MODES`.
    #[getter]
    fn gravity(&self) -> &'static str {
        self.inner.gravity().name()
    }

    /// The matching groups as text ("" for none).
    #[getter]
    fn groups(&self) -> String {
        self.inner.groups().to_string()
    }

    /// Which pairs connect: "standard", "four-rivers" or "line".
    #[getter]
    fn connect(&self) -> &'static str {
        self.inner.connect().name()
    }

    /// Whether tiles slide (KShisen's rule).
    #[getter]
    fn slide(&self) -> bool {
        self.inner.slide()
    }

    /// Pickles as `Rules(**fields)`, the fields of the rules' key (their
    /// serde form: the keywords of `Rules()`).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let py = slf.py();
        let kwargs = PyDict::new(py);
        for (name, value) in key_fields(&slf.get().inner) {
            match value {
                Value::Bool(flag) => kwargs.set_item(name, flag)?,
                Value::Number(n) => kwargs.set_item(name, n.as_u64())?,
                Value::String(text) => kwargs.set_item(name, text)?,
                other => kwargs.set_item(name, other.to_string())?,
            }
        }
        let new = py.import("copyreg")?.getattr("__newobj_ex__")?;
        let args = (py.get_type::<PyRules>(), PyTuple::empty(py), kwargs).into_pyobject(py)?;
        Ok((new, args.into_any().unbind()))
    }

    fn __repr__(&self) -> String {
        repr(&self.inner)
    }
}

/// The fields of the rules' key ([`Rules::key`]), in its order: the names
/// and values of `Rules()`'s keywords.
fn key_fields(rules: &Rules) -> Vec<(String, Value)> {
    serde_json::from_str::<KeyFields>(&rules.key()).map_or_else(|_| Vec::new(), |fields| fields.0)
}

/// A JSON object's fields in their order (serde_json's `Map` sorts them).
struct KeyFields(Vec<(String, Value)>);

impl<'de> serde::Deserialize<'de> for KeyFields {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<KeyFields, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = KeyFields;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<KeyFields, A::Error> {
                let mut fields = Vec::new();
                while let Some(field) = map.next_entry()? {
                    fields.push(field);
                }
                Ok(KeyFields(fields))
            }
        }
        deserializer.deserialize_map(Fields)
    }
}

/// The repr of `rules`, which `eval` reads back (with `Rules` in scope):
/// `Rules(turns=2, border="closed", ...)`, the fields of the rules' key.
pub fn repr(rules: &Rules) -> String {
    let fields: Vec<String> = key_fields(rules)
        .into_iter()
        .map(|(name, value)| match value {
            Value::Bool(true) => format!("{name}=True"),
            Value::Bool(false) => format!("{name}=False"),
            other => format!("{name}={other}"),
        })
        .collect();
    format!("Rules({})", fields.join(", "))
}

/// The rules a function was given, or `Rules()` (the judge's, as the
/// library's `Rules::default()`) when it was given none.
pub fn or_default(rules: Option<&PyRules>) -> Rules {
    rules.map_or_else(Rules::default, |r| r.inner.clone())
}

/// `rules`: None (the caller's default) or a Rules (`from_py_with`).
pub fn rules_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<PyRules>> {
    if obj.is_none() {
        return Ok(None);
    }
    required_rules_arg(obj).map(Some)
}

/// `rules` where it must be given: a Rules (`from_py_with`).
pub fn required_rules_arg(obj: &Bound<'_, PyAny>) -> PyResult<PyRules> {
    obj.cast::<PyRules>()
        .map(|r| r.get().clone())
        .map_err(|_| crate::convert::type_error(&"rules", "Rules", obj))
}
