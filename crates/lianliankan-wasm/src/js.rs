//! Values across the boundary: every argument read from JavaScript is
//! checked here (its type, its range) and refused with a thrown `Error`
//! naming it, never a panic (a panic in WebAssembly is a trap that kills
//! the module); and the values written back (cells, paths, moves) are
//! built here.

use js_sys::{Array, Function, Object, Reflect};
use lianliankan::{Board, MAX_KIND, Move, Path, Pos, Route};
use wasm_bindgen::{JsCast, JsValue};

/// The names of the errors thrown, as `error.name`: the Python face's
/// exception classes (JavaScript code tells them apart by name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Rules refused (an unknown name, bad groups, a bad turn limit, or
    /// settings that contradict each other).
    Rules,
    /// A board refused, or a cell that is not on it.
    Board,
    /// `generate` or `generateRated` refused the size or the kinds.
    Deal,
    /// A move that cannot be made now, or a malformed one.
    IllegalMove,
    /// A step of a removal order that cannot be played.
    IllegalStep,
    /// No arrangement of the tiles left has a move (`Game.shuffle`).
    NoMovePossible,
    /// No deal `generateRated` made scored within the band asked for.
    OutOfBand,
    /// Work stopped by its `Cancel` or its `timeoutMs`.
    Cancelled,
    /// A value of the wrong type or out of range (JavaScript's TypeError
    /// or RangeError carry no kind of the library's).
    Value,
}

impl Kind {
    /// The error's `name`.
    fn name(self) -> &'static str {
        match self {
            Kind::Rules => "RulesError",
            Kind::Board => "BoardError",
            Kind::Deal => "DealError",
            Kind::IllegalMove => "IllegalMove",
            Kind::IllegalStep => "IllegalStep",
            Kind::NoMovePossible => "NoMovePossible",
            Kind::OutOfBand => "OutOfBand",
            Kind::Cancelled => "Cancelled",
            Kind::Value => "ValueError",
        }
    }
}

/// An `Error` named after `kind` carrying `message`.
pub fn error(kind: Kind, message: impl std::fmt::Display) -> JsValue {
    let error = js_sys::Error::new(&message.to_string());
    error.set_name(kind.name());
    error.into()
}

/// A `TypeError`: `name` must be `wanted`.
pub fn type_error(name: &str, wanted: &str, got: &JsValue) -> JsValue {
    js_sys::TypeError::new(&format!("{name} must be {wanted}, got {}", describe(got))).into()
}

/// A short description of `value` for a message: its type, and the value
/// itself for a number, a boolean or a short string.
fn describe(value: &JsValue) -> String {
    if let Some(n) = value.as_f64() {
        return format!("the number {n}");
    }
    if let Some(b) = value.as_bool() {
        return format!("{b}");
    }
    if let Some(s) = value.as_string() {
        return if s.chars().count() <= 40 {
            format!("the string {s:?}")
        } else {
            "a string".to_owned()
        };
    }
    if value.is_null() {
        return "null".to_owned();
    }
    if value.is_undefined() {
        return "undefined".to_owned();
    }
    if Array::is_array(value) {
        return "an array".to_owned();
    }
    if value.is_bigint() {
        return "a bigint".to_owned();
    }
    if value.is_function() {
        return "a function".to_owned();
    }
    "an object".to_owned()
}

/// An optional argument's value: `undefined` when left out.
pub fn given(value: Option<JsValue>) -> JsValue {
    value.unwrap_or(JsValue::UNDEFINED)
}

/// Whether `value` stands for "not given": `undefined` or `null`.
pub fn absent(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

/// The field `name` of the options object `options` (undefined when
/// `options` itself is absent).
///
/// # Errors
/// A TypeError when `options` is given but is no object.
pub fn field(options: &JsValue, name: &str) -> Result<JsValue, JsValue> {
    if absent(options) {
        return Ok(JsValue::UNDEFINED);
    }
    if !options.is_object() || Array::is_array(options) {
        return Err(type_error("options", "an object", options));
    }
    Reflect::get(options, &JsValue::from_str(name))
}

/// Fails naming the first field of `options` not in `known` (a misspelt
/// option would otherwise be ignored silently).
///
/// # Errors
/// A TypeError naming the field and the known ones.
pub fn known_fields(options: &JsValue, what: &str, known: &[&str]) -> Result<(), JsValue> {
    if absent(options) || !options.is_object() || Array::is_array(options) {
        return Ok(());
    }
    let object: &Object = options.unchecked_ref();
    for key in Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        // wasm-bindgen's handle on the Rust value of a class instance.
        if key.starts_with("__wbg") {
            continue;
        }
        if !known.contains(&key.as_str()) {
            return Err(js_sys::TypeError::new(&format!(
                "{what} has no option {key:?}; its options are {}",
                known.join(", ")
            ))
            .into());
        }
    }
    Ok(())
}

/// `value`, the argument `name`, as a whole number from `low` to `high`.
///
/// # Errors
/// A TypeError for a value that is no number, a RangeError for a number
/// that is not whole or out of range.
pub fn whole(value: &JsValue, name: &str, low: f64, high: f64) -> Result<f64, JsValue> {
    let Some(n) = value.as_f64() else {
        return Err(type_error(name, "a number", value));
    };
    if n.fract() != 0.0 || !n.is_finite() || n < low || n > high {
        return Err(js_sys::RangeError::new(&format!(
            "{name} must be a whole number from {low} to {high}, got {n}"
        ))
        .into());
    }
    Ok(n)
}

/// The largest whole number a JavaScript number holds exactly.
pub const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// `value`, the argument `name`, as a count (0 or more, at most
/// `u32::MAX`).
///
/// # Errors
/// As [`whole`].
pub fn count(value: &JsValue, name: &str) -> Result<u32, JsValue> {
    whole(value, name, 0.0, f64::from(u32::MAX)).map(|n| n as u32)
}

/// `value`, the argument `name`, as a count of 0 or more up to
/// [`MAX_SAFE`] (budgets, bytes).
///
/// # Errors
/// As [`whole`].
pub fn big_count(value: &JsValue, name: &str) -> Result<u64, JsValue> {
    whole(value, name, 0.0, MAX_SAFE).map(|n| n as u64)
}

/// `value`, the argument `name`: a seed, a whole number from 0 to
/// [`MAX_SAFE`] or a `bigint` from 0 to 2^64 - 1; `undefined` is 0.
///
/// # Errors
/// A TypeError or RangeError naming the argument.
pub fn seed(value: &JsValue, name: &str) -> Result<u64, JsValue> {
    if absent(value) {
        return Ok(0);
    }
    if value.is_bigint() {
        return u64::try_from(value.clone()).map_err(|_| {
            js_sys::RangeError::new(&format!("{name} must be from 0 to 2^64 - 1")).into()
        });
    }
    big_count(value, name)
}

/// `value`, the argument `name`, as a string.
///
/// # Errors
/// A TypeError naming the argument.
pub fn string(value: &JsValue, name: &str) -> Result<String, JsValue> {
    value
        .as_string()
        .ok_or_else(|| type_error(name, "a string", value))
}

/// `value`, the argument `name`, as a boolean.
///
/// # Errors
/// A TypeError naming the argument.
pub fn boolean(value: &JsValue, name: &str) -> Result<bool, JsValue> {
    value
        .as_bool()
        .ok_or_else(|| type_error(name, "a boolean", value))
}

/// The cell `value`, the argument `name`: an array `[row, col]` of two
/// whole numbers, on `board` or not (the library judges a cell beyond
/// it), but not negative.
///
/// # Errors
/// A TypeError for anything but two numbers; a BoardError for a
/// negative or fractional row or column.
pub fn cell(value: &JsValue, name: &str, board: &Board) -> Result<Pos, JsValue> {
    let wanted = "a cell [row, col] of two whole numbers";
    if !Array::is_array(value) {
        return Err(type_error(name, wanted, value));
    }
    let array: &Array = value.unchecked_ref();
    if array.length() != 2 {
        return Err(type_error(name, wanted, value));
    }
    let (row, col) = (array.get(0), array.get(1));
    let (Some(r), Some(c)) = (row.as_f64(), col.as_f64()) else {
        return Err(type_error(name, wanted, value));
    };
    let fits = |n: f64| n.fract() == 0.0 && (0.0..=MAX_SAFE).contains(&n);
    if !fits(r) || !fits(c) {
        return Err(error(
            Kind::Board,
            format!(
                "{name} = [{r}, {c}] is off the {}x{} board",
                board.rows(),
                board.cols()
            ),
        ));
    }
    Ok(Pos::new(r as usize, c as usize))
}

/// The board of `value`, the argument `name`: an array of equally long
/// arrays of kinds (whole numbers from 0, empty, to the library's
/// `MAX_KIND`), at least one row and one column.
///
/// # Errors
/// A TypeError naming the argument (and the row, and cell) for a value
/// of the wrong type; a BoardError for a bad kind or shape.
pub fn board_rows(value: &JsValue, name: &str) -> Result<Board, JsValue> {
    if !Array::is_array(value) {
        return Err(type_error(name, "an array of rows of kinds", value));
    }
    let rows: &Array = value.unchecked_ref();
    let mut kinds: Vec<Vec<u32>> = Vec::with_capacity(rows.length() as usize);
    for (r, row) in rows.iter().enumerate() {
        if !Array::is_array(&row) {
            return Err(type_error(
                &format!("{name}[{r}]"),
                "an array of kinds",
                &row,
            ));
        }
        let row: &Array = row.unchecked_ref();
        let mut out = Vec::with_capacity(row.length() as usize);
        for (c, cell) in row.iter().enumerate() {
            let Some(kind) = cell.as_f64() else {
                return Err(type_error(&format!("{name}[{r}][{c}]"), "a number", &cell));
            };
            if kind.fract() != 0.0 || !(0.0..=f64::from(MAX_KIND)).contains(&kind) {
                return Err(error(
                    Kind::Board,
                    format!(
                        "the kind at ({r}, {c}) is {kind}: kinds run from 0 (empty) to {MAX_KIND}"
                    ),
                ));
            }
            out.push(kind as u32);
        }
        kinds.push(out);
    }
    let board = Board::from_rows(&kinds).map_err(|e| error(Kind::Board, e))?;
    if board.rows() == 0 || board.cols() == 0 {
        return Err(error(
            Kind::Board,
            format!(
                "a board needs at least one row and one column, found {} x {}",
                board.rows(),
                board.cols()
            ),
        ));
    }
    Ok(board)
}

/// The board as an array of rows of kinds.
pub fn rows_of(board: &Board) -> JsValue {
    let rows = Array::new();
    for row in Vec::<Vec<u32>>::from(board.clone()) {
        rows.push(&row.into_iter().map(JsValue::from).collect::<Array>());
    }
    rows.into()
}

/// `pos` as `[row, col]`.
pub fn cell_of(pos: Pos) -> JsValue {
    Array::of2(&JsValue::from(pos.row), &JsValue::from(pos.col)).into()
}

/// The corners of `path`, each `[row, col]` (-1, rows or cols on the ring
/// around the board).
pub fn corners(path: &Path) -> JsValue {
    path.corners()
        .iter()
        .map(|p| Array::of2(&JsValue::from(p.row), &JsValue::from(p.col)))
        .collect::<Array>()
        .into()
}

/// The corners of `path`, or null.
pub fn maybe_corners(path: Option<&Path>) -> JsValue {
    path.map_or(JsValue::NULL, corners)
}

/// An object of the fields `fields`.
pub fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let out = Object::new();
    for (name, value) in fields {
        // Setting a field of a fresh plain object cannot fail.
        let _ = Reflect::set(&out, &JsValue::from_str(name), value);
    }
    out.into()
}

/// The move `m` as `{a, b, route, path}`: cells `[row, col]`, route null
/// ("row" or "column" for a slide), path the corners or null when not
/// computed.
pub fn move_of(m: Move, path: Option<&Path>) -> JsValue {
    object(&[
        ("a", cell_of(m.a())),
        ("b", cell_of(m.b())),
        (
            "route",
            m.route()
                .map_or(JsValue::NULL, |r| JsValue::from_str(r.name())),
        ),
        ("path", maybe_corners(path)),
    ])
}

/// The moves of `order` as an array of moves without paths.
pub fn moves_of(order: &[Move]) -> JsValue {
    order
        .iter()
        .map(|&m| move_of(m, None))
        .collect::<Array>()
        .into()
}

/// The move `value`, the argument `name`: an object `{a, b, route?}`
/// (a move as this module returns it, its path ignored).
///
/// # Errors
/// A TypeError naming the argument or its field; an IllegalMove for an
/// unknown route; a BoardError for a negative cell.
pub fn move_arg(value: &JsValue, name: &str, board: &Board) -> Result<Move, JsValue> {
    if absent(value) || !value.is_object() || Array::is_array(value) {
        return Err(type_error(name, "a move {a, b, route?}", value));
    }
    let get = |field: &str| Reflect::get(value, &JsValue::from_str(field));
    let a = cell(&get("a")?, &format!("{name}.a"), board)?;
    let b = cell(&get("b")?, &format!("{name}.b"), board)?;
    let route = get("route")?;
    if absent(&route) {
        return Ok(Move::new(a, b));
    }
    let route = match route.as_string().as_deref() {
        Some("row") => Route::Row,
        Some("column") => Route::Column,
        _ => {
            return Err(error(
                Kind::IllegalMove,
                format!(
                    "{name}.route must be \"row\", \"column\" or null, got {}",
                    describe(&route)
                ),
            ));
        }
    };
    Ok(Move::slide(a, b, route))
}

/// The function `value`, the argument `name`, or None when absent.
///
/// # Errors
/// A TypeError naming the argument.
pub fn function(value: &JsValue, name: &str) -> Result<Option<Function>, JsValue> {
    if absent(value) {
        return Ok(None);
    }
    value
        .dyn_ref::<Function>()
        .cloned()
        .map(Some)
        .ok_or_else(|| type_error(name, "a function", value))
}

/// `n` as a number when it is exact as one, else as a bigint.
pub fn big_or_number(n: u64) -> JsValue {
    if n as f64 <= MAX_SAFE {
        JsValue::from(n as f64)
    } else {
        JsValue::from(n)
    }
}
