//! The C library of the `lianliankan` solver: `liblianliankan_c.a` and
//! `liblianliankan_c.so`, with the header `include/lianliankan.h`, which
//! cbindgen generates from this crate (`cargo xtask c-header`; a test of
//! the xtask package fails when the checked-in header is stale). The
//! walk-through, with the ownership and threading rules, is `docs/c.md`;
//! `examples/c/solve.c` is a C program that prints what
//! `lianliankan solve` prints.
//!
//! The key choices:
//! - every value C keeps is an opaque handle (`LlkRules`, `LlkBoard`,
//!   `LlkSolution`, `LlkPath`, `LlkGame`, `LlkCancel`) with a `_free`
//!   function that accepts NULL; the header states who frees every pointer;
//! - the rules' named settings are C enums (`LlkBorder`, `LlkGravity`,
//!   `LlkConnect`), taken as checked `int`s so that a bad value is an error,
//!   not undefined behaviour;
//!   plain values (`LlkPos`, `LlkPair`, `LlkPoint`, `LlkRateConfig`,
//!   `LlkRating`) cross by value or into the caller's memory;
//! - every fallible function returns an `LlkStatus`, leaves its
//!   out-parameters alone on failure, and stores a message that
//!   `llk_last_error()` returns (one per thread);
//! - nothing panics across the boundary: the release profile aborts on
//!   panic, so every pointer, length and value from C is checked before
//!   use, and `status::guard` turns a panic that a bug might still cause
//!   into `LLK_STATUS_INTERNAL` where the build unwinds (tests, debug); in
//!   a release build such a bug aborts the host, as the header says.
//!
//! Modules: `status` (status codes, last error, the guard), `ptr` (every
//! raw pointer from C goes through it), `text` (the judge board reader and
//! `solve`'s output, no unsafe code), and the entry points: `names` (the
//! enums and their names), `rules`, `board`, `solve`, `play` (connect,
//! replay, generate, deal), `game` (a game with undo and redo, hints,
//! moves, shuffles), `history` (its steps and moved tiles), `cancel`, `rate`
//! (a deal's difficulty rating, and a deal generated within a band of
//! scores).
#![deny(missing_docs)]

// Unsafe code is allowed only in these modules: `ptr` dereferences the raw
// pointers C hands over, and the others define the `#[unsafe(no_mangle)]
// extern "C"` entry points (the attribute itself counts as unsafe code).
#[allow(unsafe_code)]
mod board;
#[allow(unsafe_code)]
mod board_calls;
#[allow(unsafe_code)]
mod cancel;
#[allow(unsafe_code)]
mod game;
#[allow(unsafe_code)]
mod history;
#[allow(unsafe_code)]
mod names;
#[allow(unsafe_code)]
mod play;
#[allow(unsafe_code)]
mod ptr;
#[allow(unsafe_code)]
mod rate;
#[allow(unsafe_code)]
mod rules;
#[allow(unsafe_code)]
mod solve;
mod status;
mod text;

use std::ffi::c_char;

pub use board::{
    LLK_MAX_CELLS, LLK_MAX_COLS, LLK_MAX_ROWS, LlkBoard, LlkPos, llk_board_cols, llk_board_free,
    llk_board_get, llk_board_new, llk_board_parse, llk_board_rows, llk_board_tiles,
};
pub use board_calls::{llk_board_can_remove, llk_board_hint, llk_board_path};
pub use cancel::{
    LlkCancel, llk_cancel_after, llk_cancel_cancel, llk_cancel_free, llk_cancel_is_cancelled,
    llk_cancel_new,
};
pub use game::{
    LlkGame, llk_game_board, llk_game_free, llk_game_get, llk_game_hint, llk_game_is_cleared,
    llk_game_is_dead, llk_game_moves, llk_game_new, llk_game_play, llk_game_redo, llk_game_remove,
    llk_game_shuffle, llk_game_undo, llk_moves,
};
pub use history::{
    LlkSlide, LlkStep, LlkStepKind, llk_game_history_len, llk_game_step, llk_game_step_moved,
    llk_game_step_pushed,
};
pub use names::{
    BorderArg, ConnectArg, GravityArg, LlkBorder, LlkConnect, LlkGravity, llk_border_name,
    llk_border_parse, llk_connect_name, llk_connect_parse, llk_gravity_name, llk_gravity_parse,
};
pub use play::{
    LLK_MAX_GENERATE_CELLS, LlkPath, LlkPoint, llk_connect, llk_deal, llk_generate,
    llk_path_corner, llk_path_free, llk_path_len, llk_replay,
};
pub use rate::{
    LLK_RATE_DEFAULT_BUDGET, LLK_RATE_DEFAULT_CANDIDATES, LLK_RATE_DEFAULT_DEAL_BUDGET,
    LLK_RATE_DEFAULT_PLAYS, LLK_RATE_DEFAULT_PROBES, LLK_WINNABLE_NO, LLK_WINNABLE_UNKNOWN,
    LLK_WINNABLE_YES, LlkDifficulty, LlkRateConfig, LlkRating, LlkWinnable, llk_difficulty_band,
    llk_difficulty_parse, llk_generate_rated, llk_rate, llk_rate_config_default, llk_rating_text,
};
pub use rules::{
    LlkRules, llk_rules_border, llk_rules_connect, llk_rules_free, llk_rules_gravity,
    llk_rules_groups, llk_rules_judge, llk_rules_kshisen, llk_rules_new, llk_rules_set_border,
    llk_rules_set_connect, llk_rules_set_gravity, llk_rules_set_groups, llk_rules_set_slide,
    llk_rules_set_turns, llk_rules_slide, llk_rules_turns,
};
pub use solve::{
    LLK_DEFAULT_BUDGET, LLK_ROUTE_COLUMN, LLK_ROUTE_NONE, LLK_ROUTE_ROW, LlkOutcome, LlkPair,
    LlkRoute, LlkSolution, llk_solution_free, llk_solution_len, llk_solution_outcome,
    llk_solution_states, llk_solution_step, llk_solution_text, llk_solve,
};
pub use status::LlkStatus;

/// The largest tile kind a board may hold (kinds run from 1; 0 is an empty
/// cell). A literal, so that cbindgen can write it; a test checks it is
/// the library's `MAX_KIND`.
pub const LLK_MAX_KIND: u32 = 4_294_967_294;

/// The message of the last call on this thread that failed (`""` before
/// any did): what was wrong, in words, e.g. `line 2, column 3: expected a
/// number` or `unknown gravity "sideways"`. The text belongs to the
/// library and stays valid until the next failing call on this thread; a
/// call that succeeds leaves it alone. Never NULL.
#[allow(unsafe_code)] // `no_mangle` (no pointer is dereferenced)
#[unsafe(no_mangle)]
pub extern "C" fn llk_last_error() -> *const c_char {
    status::guard_value(c"".as_ptr(), status::last_error_ptr)
}

/// The name of a status as the header spells it (`"LLK_STATUS_OK"`, ...),
/// or `"unknown status"` for a number that is none. Static text; never
/// NULL.
#[allow(unsafe_code)] // `no_mangle` (no pointer is dereferenced)
#[unsafe(no_mangle)]
pub extern "C" fn llk_status_name(status: i32) -> *const c_char {
    status::status_name(status)
        .unwrap_or(c"unknown status")
        .as_ptr()
}

/// The major version of the library this header belongs to (the crate's
/// Cargo version; a test checks the three numbers against it).
pub const LLK_VERSION_MAJOR: u32 = 0;
/// The minor version of the header's library.
pub const LLK_VERSION_MINOR: u32 = 2;
/// The patch version of the header's library.
pub const LLK_VERSION_PATCH: u32 = 0;
/// The header's version as one number, `MAJOR * 10000 + MINOR * 100 +
/// PATCH`, to compare with `llk_version_number()`, the library's.
pub const LLK_VERSION_NUMBER: u32 =
    LLK_VERSION_MAJOR * 10_000 + LLK_VERSION_MINOR * 100 + LLK_VERSION_PATCH;
// Two decimal digits each for minor and patch in the one number.
const _: () = assert!(LLK_VERSION_MINOR < 100 && LLK_VERSION_PATCH < 100);

/// The version of the library linked, `"MAJOR.MINOR.PATCH"`: the same
/// numbers as the header's `LLK_VERSION_MAJOR`, `_MINOR`, `_PATCH` when
/// header and library match. Static text: never freed, never NULL.
#[allow(unsafe_code)] // `no_mangle` (no pointer is dereferenced)
#[unsafe(no_mangle)]
pub extern "C" fn llk_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The version of the library linked as one number (`LLK_VERSION_NUMBER`'s
/// form): a program can check at run time that it was compiled with the
/// header of the library it runs with, `llk_version_number() ==
/// LLK_VERSION_NUMBER`.
#[allow(unsafe_code)] // `no_mangle` (no pointer is dereferenced)
#[unsafe(no_mangle)]
pub extern "C" fn llk_version_number() -> u32 {
    LLK_VERSION_NUMBER
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_version_numbers_are_cargos() {
        let number = |text: &str| text.parse::<u32>().unwrap();
        assert_eq!(
            [
                super::LLK_VERSION_MAJOR,
                super::LLK_VERSION_MINOR,
                super::LLK_VERSION_PATCH
            ],
            [
                number(env!("CARGO_PKG_VERSION_MAJOR")),
                number(env!("CARGO_PKG_VERSION_MINOR")),
                number(env!("CARGO_PKG_VERSION_PATCH")),
            ]
        );
    }

    /// The one version: the library's, which the workspace sets once.
    #[test]
    fn the_version_is_the_librarys() {
        // SAFETY: static text, NUL-terminated.
        #[allow(unsafe_code)]
        let text = unsafe { std::ffi::CStr::from_ptr(super::llk_version()) };
        assert_eq!(text.to_str().unwrap(), lianliankan::VERSION);
        assert_eq!(env!("CARGO_PKG_VERSION"), lianliankan::VERSION);
    }

    #[test]
    fn the_largest_kind_is_the_librarys() {
        assert_eq!(super::LLK_MAX_KIND, lianliankan::MAX_KIND);
    }
}
