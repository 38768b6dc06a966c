//! The named arguments that are not boards, cells or unsigned numbers, read
//! by hand (`from_py_with`) so that a value of the wrong type is refused in
//! one shape, naming the argument and the type wanted (`border: expected
//! str, got int`), and so that a bool is refused where a number is meant
//! (`Rules(turns=True)`), which PyO3's own extraction accepts.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::convert::{bool_arg, int_arg, str_arg, type_error};

/// Functions reading the argument of their own name as an `i64`.
macro_rules! ints {
    ($($name:ident),* $(,)?) => {$(
        #[doc = concat!("`", stringify!($name), "`: an int, not a bool (`from_py_with`).")]
        pub fn $name(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
            int_arg(obj, &stringify!($name))
        }
    )*};
}

/// Functions reading the argument of their own name as text.
macro_rules! texts {
    ($($name:ident),* $(,)?) => {$(
        #[doc = concat!("`", stringify!($name), "`: a str (`from_py_with`).")]
        pub fn $name(obj: &Bound<'_, PyAny>) -> PyResult<String> {
            str_arg(obj, stringify!($name))
        }
    )*};
}

ints!(rows, cols, kinds, copies, plays, probes, candidates);
texts!(border, gravity, groups, connect);

/// `turns`: None or an int, not a bool (`from_py_with`).
pub fn turns(obj: &Bound<'_, PyAny>) -> PyResult<Option<i64>> {
    if obj.is_none() {
        return Ok(None);
    }
    int_arg(obj, &"turns").map(Some)
}

/// `slide`: True or False (`from_py_with`).
pub fn slide(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    bool_arg(obj, "slide")
}

/// `route`: None, or a route's name (`from_py_with`).
pub fn route(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if obj.is_none() {
        return Ok(None);
    }
    str_arg(obj, "route").map(Some)
}

/// `difficulty`: None, or a difficulty's name (`from_py_with`).
pub fn difficulty(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if obj.is_none() {
        return Ok(None);
    }
    str_arg(obj, "difficulty").map(Some)
}

/// `score`: None, or a band `(low, high)` of two ints (`from_py_with`).
pub fn score(obj: &Bound<'_, PyAny>) -> PyResult<Option<(i64, i64)>> {
    if obj.is_none() {
        return Ok(None);
    }
    const WANTED: &str = "None or a band (low, high) of two ints";
    let pair = obj
        .cast::<PyTuple>()
        .map_err(|_| type_error(&"score", WANTED, obj))?;
    if pair.len() != 2 {
        return Err(type_error(&"score", WANTED, obj));
    }
    let low = int_arg(&pair.get_item(0)?, &"score[0]")?;
    let high = int_arg(&pair.get_item(1)?, &"score[1]")?;
    Ok(Some((low, high)))
}
