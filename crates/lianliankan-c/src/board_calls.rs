//! A board's questions without a game: `llk_board_can_remove`,
//! `llk_board_path` and `llk_board_hint`, each the library's `Board`
//! method of the same name (with `llk_connect` and `llk_moves`, the
//! board's other two), so a board made once answers them at the
//! library's cost.

use crate::board::LlkBoard;
use crate::game::store_path;
use crate::play::LlkPath;
use crate::ptr;
use crate::rules::LlkRules;
use crate::solve::LlkPair;
use crate::status::{Error, LlkStatus, guard, guard_value};

/// Whether `pair` (a plain pair, or a slide under rules with slides) can
/// be removed from `board` now, as `llk_game_play` would remove it: false
/// too for a NULL handle or a route that is no `LlkRoute`.
///
/// # Complexity
/// O(rows + cols) for up to two turns.
///
/// # Safety
/// `board` and `rules` are NULL or live handles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_board_can_remove(
    board: *const LlkBoard,
    rules: *const LlkRules,
    pair: LlkPair,
) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        let (Ok(board), Ok(rules)) = (unsafe { ptr::borrow(board, "board") }, unsafe {
            ptr::borrow(rules, "rules")
        }) else {
            return false;
        };
        pair.to_move()
            .is_ok_and(|m| board.inner.can_remove(m, rules.rules()))
    })
}

/// Stores in `*out_path` (a new `LlkPath`, freed with `llk_path_free`)
/// the path `llk_game_play` would draw for `pair` on `board`, or returns
/// `LLK_STATUS_ILLEGAL_STEP` with the reason, cells 0-based (`the cell at
/// (0, 0) is empty`, `no path with few enough turns joins the tiles`).
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL handle or
/// `out_path`, or a route that is no `LlkRoute`.
///
/// # Complexity
/// O(rows + cols) for up to two turns.
///
/// # Safety
/// `board` and `rules` are NULL or live handles; `out_path` is NULL or
/// valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_board_path(
    board: *const LlkBoard,
    rules: *const LlkRules,
    pair: LlkPair,
    out_path: *mut *mut LlkPath,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let (board, rules) =
            unsafe { (ptr::borrow(board, "board")?, ptr::borrow(rules, "rules")?) };
        ptr::check_out(out_path, "out_path")?;
        let path = board
            .inner
            .path(pair.to_move()?, rules.rules())
            .map_err(|e| Error::new(LlkStatus::IllegalStep, e.to_string()))?;
        // SAFETY: non-NULL (checked), and the caller's promise above.
        unsafe { store_path(&path, out_path) }
    })
}

/// Stores a pair that can be removed from `board` now in `*out` (the one
/// `llk_game_hint` gives) and returns true, or returns false (storing
/// nothing) when there is none, or for a NULL `board`, `rules` or `out`.
/// When `out_path` is not NULL, also stores there the path joining the
/// pair (a new `LlkPath`).
///
/// # Complexity
/// As `llk_moves`.
///
/// # Safety
/// `board` and `rules` are NULL or live handles; `out` is NULL or valid
/// for writing; `out_path` is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_board_hint(
    board: *const LlkBoard,
    rules: *const LlkRules,
    out: *mut LlkPair,
    out_path: *mut *mut LlkPath,
) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        let (Ok(board), Ok(rules)) = (unsafe { ptr::borrow(board, "board") }, unsafe {
            ptr::borrow(rules, "rules")
        }) else {
            return false;
        };
        if out.is_null() {
            return false;
        }
        let Some((pair, path)) = board.inner.hint(rules.rules()) else {
            return false;
        };
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, LlkPair::from(pair), "out") }.is_ok()
            // SAFETY: the caller's promise above.
            && unsafe { store_path(&path, out_path) }.is_ok()
    })
}
