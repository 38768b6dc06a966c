//! The rules' named settings as C enums — `LlkBorder`, `LlkGravity`,
//! `LlkConnect`, each in the library's order (`Border::ALL`, ...) — with
//! their names (`llk_gravity_name`) and the name parser
//! (`llk_gravity_parse`) for programs that read them from text.
//!
//! A C enum parameter may hold any `int` (a cast, a value read from a
//! file): receiving it as a Rust enum would be undefined behaviour for a
//! value that is no variant. So the entry points take a `#[repr(transparent)]`
//! `c_int` (`BorderArg`, ...), which cbindgen.toml renames to the enum's
//! name in the header, and check it here; the enums themselves only cross
//! from the library to C (return values, out-parameters), where every
//! value is a variant.

use std::ffi::{c_char, c_int};

use lianliankan::{Border, Connect, Gravity};

use crate::ptr;
use crate::status::{Error, LlkStatus, guard};

/// Whether a path may leave the board (`lianliankan::Border`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlkBorder {
    /// The path stays on the board (the judge's rule); named `"closed"`.
    Closed,
    /// The path may also run through a one-cell ring around the board, as
    /// Shisen-Sho and Onet do; named `"open"`.
    Open,
}

/// How the tiles slide after every removal (`lianliankan::Gravity`; the
/// names are the command line's `--gravity`). docs/rules.md draws every
/// mode.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlkGravity {
    /// Nothing moves (the judge's rule); `"none"`.
    None,
    /// Every column compacted toward the bottom (KShisen's); `"down"`.
    Down,
    /// Every column compacted toward the top; `"up"`.
    Up,
    /// Every row compacted toward the left; `"left"`.
    Left,
    /// Every row compacted toward the right; `"right"`.
    Right,
    /// In every column, the top half up and the bottom half down;
    /// `"apart-vertical"`.
    ApartVertical,
    /// In every column, the top half down and the bottom half up;
    /// `"together-vertical"`.
    TogetherVertical,
    /// In every row, the left half left and the right half right;
    /// `"apart-horizontal"`.
    ApartHorizontal,
    /// In every row, the left half right and the right half left;
    /// `"together-horizontal"`.
    TogetherHorizontal,
    /// Rows in the top half compacted left, rows in the bottom half right;
    /// `"top-left-bottom-right"`.
    TopLeftBottomRight,
    /// Columns in the left half compacted down, columns in the right half
    /// up; `"left-down-right-up"`.
    LeftDownRightUp,
    /// Apart-vertical on the whole board, then apart-horizontal;
    /// `"outward"`.
    Outward,
    /// Together-vertical on the whole board, then together-horizontal;
    /// `"inward"`.
    Inward,
}

/// Which pairs a path may join (`lianliankan::Connect`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlkConnect {
    /// Paths of at most the turn limit (the judge's rule); `"standard"`.
    Standard,
    /// PySolFC's "Four Rivers": as standard, but two tiles side by side do
    /// not connect through their shared edge; `"four-rivers"`.
    FourRivers,
    /// PySolFC's "Not Shisen-Sho": matching tiles in one row or column
    /// connect, whatever lies between; the turn limit and border do
    /// nothing; `"line"`.
    Line,
}

/// Pairs each C enum with the library's: `ALL` in the library's order, the
/// conversions both ways, and the checked argument type.
macro_rules! c_enum {
    ($c:ident, $lib:ident, $arg:ident, $what:literal, [$($variant:ident),+ $(,)?]) => {
        impl $c {
            /// Every value, in the library's order (`ALL`).
            pub const ALL: [$c; [$($c::$variant),+].len()] = [$($c::$variant),+];

            /// The library's value.
            pub fn library(self) -> $lib {
                match self {
                    $($c::$variant => $lib::$variant,)+
                }
            }

            /// The C value of the library's `value`; `None` for a value the
            /// library added and this crate does not know yet (a test checks
            /// there is none).
            pub fn of(value: $lib) -> Option<$c> {
                $c::ALL.into_iter().find(|c| c.library() == value)
            }
        }

        #[doc = concat!("A `", stringify!($c), "` as C passes it: any `int`, checked by")]
        #[doc = "`value` (the header names the enum's type; see this module's"]
        #[doc = "documentation)."]
        #[repr(transparent)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $arg(pub c_int);

        impl From<$c> for $arg {
            fn from(value: $c) -> $arg {
                $arg(value as c_int)
            }
        }

        impl $arg {
            /// The library's value this argument names, or an
            /// invalid-argument error for an `int` that is no variant.
            pub(crate) fn value(self) -> Result<$lib, Error> {
                usize::try_from(self.0)
                    .ok()
                    .and_then(|i| $c::ALL.get(i))
                    .map(|c| c.library())
                    .ok_or_else(|| {
                        Error::invalid(format!(
                            concat!("unknown ", $what, " {} (0 to {}, the values of ", stringify!($c), ")"),
                            self.0,
                            $c::ALL.len() - 1
                        ))
                    })
            }
        }
    };
}

c_enum!(LlkBorder, Border, BorderArg, "border rule", [Closed, Open]);
c_enum!(
    LlkGravity,
    Gravity,
    GravityArg,
    "gravity mode",
    [
        None,
        Down,
        Up,
        Left,
        Right,
        ApartVertical,
        TogetherVertical,
        ApartHorizontal,
        TogetherHorizontal,
        TopLeftBottomRight,
        LeftDownRightUp,
        Outward,
        Inward,
    ]
);
c_enum!(
    LlkConnect,
    Connect,
    ConnectArg,
    "connection rule",
    [Standard, FourRivers, Line]
);

/// `name` (a static NUL-terminated string) as a C pointer.
fn static_text(name: &'static str) -> *const c_char {
    // The names are the library's `&'static str`s, without a NUL; these
    // tables add one. A name the table lacks cannot happen (a test checks
    // every value), and would read as "unknown".
    const NAMES: [&std::ffi::CStr; 18] = [
        c"closed",
        c"open",
        c"none",
        c"down",
        c"up",
        c"left",
        c"right",
        c"apart-vertical",
        c"together-vertical",
        c"apart-horizontal",
        c"together-horizontal",
        c"top-left-bottom-right",
        c"left-down-right-up",
        c"outward",
        c"inward",
        c"standard",
        c"four-rivers",
        c"line",
    ];
    NAMES
        .iter()
        .find(|n| n.to_bytes() == name.as_bytes())
        .unwrap_or(&c"unknown")
        .as_ptr()
}

/// Parses the text at `name` with the library's `FromStr`.
///
/// # Safety
/// `name` is NULL or a NUL-terminated string.
unsafe fn parse<T: std::str::FromStr>(name: *const c_char) -> Result<T, Error>
where
    T::Err: std::fmt::Display,
{
    // SAFETY: the caller's promise above.
    let text = unsafe { ptr::text(name, "name")? }.ok_or_else(|| Error::invalid("name is NULL"))?;
    text.parse()
        .map_err(|e: T::Err| Error::invalid(e.to_string()))
}

/// The name of `border` as the command line spells it (`"closed"`,
/// `"open"`), or `"unknown"` for a value that is none. Static text (never
/// freed, never NULL).
#[unsafe(no_mangle)]
pub extern "C" fn llk_border_name(border: BorderArg) -> *const c_char {
    static_text(border.value().map_or("unknown", |b| b.name()))
}

/// The name of `gravity` as the command line spells it (`"none"`,
/// `"down"`, ..., `"inward"`), or `"unknown"` for a value that is none.
/// Static text (never freed, never NULL).
#[unsafe(no_mangle)]
pub extern "C" fn llk_gravity_name(gravity: GravityArg) -> *const c_char {
    static_text(gravity.value().map_or("unknown", |g| g.name()))
}

/// The name of `connect` as the command line spells it (`"standard"`,
/// `"four-rivers"`, `"line"`), or `"unknown"` for a value that is none.
/// Static text (never freed, never NULL).
#[unsafe(no_mangle)]
pub extern "C" fn llk_connect_name(connect: ConnectArg) -> *const c_char {
    static_text(connect.value().map_or("unknown", |c| c.name()))
}

/// Stores in `*out` the border named `name` (`"closed"` or `"open"`).
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for another name (the library's
/// message lists the names), text that is not UTF-8, or a NULL pointer.
///
/// # Safety
/// `name` is NULL or a NUL-terminated string; `out` is NULL or valid for
/// writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_border_parse(name: *const c_char, out: *mut LlkBorder) -> LlkStatus {
    guard(|| {
        ptr::check_out(out, "out")?;
        // SAFETY: the caller's promise above.
        let value = unsafe { parse::<Border>(name)? };
        let value = LlkBorder::of(value).ok_or_else(|| unknown_to_c(value.name()))?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, value, "out") }
    })
}

/// Stores in `*out` the gravity mode named `name` (`"none"`, `"down"`,
/// ..., as `llk_gravity_name` writes them).
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for another name (the library's
/// message lists the names), text that is not UTF-8, or a NULL pointer.
///
/// # Safety
/// `name` is NULL or a NUL-terminated string; `out` is NULL or valid for
/// writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_gravity_parse(name: *const c_char, out: *mut LlkGravity) -> LlkStatus {
    guard(|| {
        ptr::check_out(out, "out")?;
        // SAFETY: the caller's promise above.
        let value = unsafe { parse::<Gravity>(name)? };
        let value = LlkGravity::of(value).ok_or_else(|| unknown_to_c(value.name()))?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, value, "out") }
    })
}

/// Stores in `*out` the connection rule named `name` (`"standard"`,
/// `"four-rivers"` or `"line"`).
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for another name (the library's
/// message lists the names), text that is not UTF-8, or a NULL pointer.
///
/// # Safety
/// `name` is NULL or a NUL-terminated string; `out` is NULL or valid for
/// writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_connect_parse(name: *const c_char, out: *mut LlkConnect) -> LlkStatus {
    guard(|| {
        ptr::check_out(out, "out")?;
        // SAFETY: the caller's promise above.
        let value = unsafe { parse::<Connect>(name)? };
        let value = LlkConnect::of(value).ok_or_else(|| unknown_to_c(value.name()))?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, value, "out") }
    })
}

/// A value the library knows and this crate does not (a test keeps the
/// tables complete, so this is a bug).
fn unknown_to_c(name: &str) -> Error {
    Error::new(
        LlkStatus::Internal,
        format!("`{name}` has no C value yet (a bug in lianliankan-c, please report it)"),
    )
}

#[cfg(test)]
mod tests {
    use std::ffi::CStr;

    use super::*;

    #[test]
    fn every_library_value_has_a_c_value_in_the_same_place() {
        assert_eq!(LlkBorder::ALL.len(), Border::ALL.len());
        assert_eq!(LlkGravity::ALL.len(), Gravity::ALL.len());
        assert_eq!(LlkConnect::ALL.len(), Connect::ALL.len());
        for (i, b) in Border::ALL.into_iter().enumerate() {
            assert_eq!(LlkBorder::of(b).map(|c| c as usize), Some(i));
        }
        for (i, g) in Gravity::ALL.into_iter().enumerate() {
            assert_eq!(LlkGravity::of(g).map(|c| c as usize), Some(i));
        }
        for (i, c) in Connect::ALL.into_iter().enumerate() {
            assert_eq!(LlkConnect::of(c).map(|c| c as usize), Some(i));
        }
    }

    #[test]
    fn every_name_has_its_static_text() {
        let names = Border::ALL
            .iter()
            .map(|b| b.name())
            .chain(Gravity::ALL.iter().map(|g| g.name()))
            .chain(Connect::ALL.iter().map(|c| c.name()));
        for name in names {
            // SAFETY: static NUL-terminated text.
            let text = unsafe { CStr::from_ptr(static_text(name)) };
            assert_eq!(text.to_str(), Ok(name));
        }
    }

    #[test]
    fn out_of_range_arguments_are_refused() {
        for raw in [-1, 2, c_int::MAX, c_int::MIN] {
            assert!(BorderArg(raw).value().is_err());
        }
        assert!(GravityArg(13).value().is_err());
        assert!(ConnectArg(3).value().is_err());
        let e = GravityArg(42).value().unwrap_err();
        assert_eq!(
            e.message,
            "unknown gravity mode 42 (0 to 12, the values of LlkGravity)"
        );
    }
}
