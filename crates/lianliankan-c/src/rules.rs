//! `LlkRules`: the turn limit, border, gravity and matching groups.

use std::ffi::c_char;

use lianliankan::{Border, Gravity, Groups, Rules};

use crate::ptr;
use crate::status::{Error, LlkStatus, guard};

/// The rules of a game (opaque): made by `llk_rules_new`, freed by
/// `llk_rules_free`. Read-only once made, so one `LlkRules` may be used
/// by many threads at once.
#[derive(Debug)]
pub struct LlkRules {
    pub(crate) inner: Rules,
}

/// Makes rules: `turns`, the most turns a path may make (2 in the judge
/// and the games); `border`, `"closed"` (paths stay on the board, the
/// judge's rule) or `"open"` (paths may use a one-cell ring around it, as
/// Shisen-Sho and Onet do); `gravity`, how tiles slide after each removal,
/// one of `"none"`, `"down"`, `"up"`, `"left"`, `"right"`,
/// `"apart-vertical"`, `"together-vertical"`, `"apart-horizontal"`,
/// `"together-horizontal"`, `"top-left-bottom-right"`,
/// `"left-down-right-up"`, `"outward"`, `"inward"`; `groups`, kinds that
/// match besides equal kinds, as the command line's `--groups` writes them
/// (`"28-31,39+41"`). NULL or `""` for a text gives its default: `closed`,
/// `none`, no groups (the judge's rules). Stores the new rules in `*out`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for an unknown name, bad groups
/// text, text that is not UTF-8, or a NULL `out`.
///
/// # Safety
/// Each text is NULL or a NUL-terminated string; `out` is NULL or valid
/// for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_new(
    turns: usize,
    border: *const c_char,
    gravity: *const c_char,
    groups: *const c_char,
    out: *mut *mut LlkRules,
) -> LlkStatus {
    guard(|| {
        ptr::check_out(out, "out")?;
        // SAFETY: the caller's promise above.
        let (border, gravity, groups) = unsafe {
            (
                ptr::text(border, "border")?,
                ptr::text(gravity, "gravity")?,
                ptr::text(groups, "groups")?,
            )
        };
        let border: Border = match border.filter(|t| !t.is_empty()) {
            Some(name) => name.parse().map_err(|e| Error::invalid(format!("{e}")))?,
            None => Border::Closed,
        };
        let gravity: Gravity = match gravity.filter(|t| !t.is_empty()) {
            Some(name) => name.parse().map_err(|e| Error::invalid(format!("{e}")))?,
            None => Gravity::None,
        };
        let groups: Groups = match groups.filter(|t| !t.is_empty()) {
            Some(text) => text.parse().map_err(|e| Error::invalid(format!("{e}")))?,
            None => Groups::none(),
        };
        let rules = LlkRules {
            inner: Rules {
                max_turns: turns,
                border,
                gravity,
                groups,
                ..Rules::default()
            },
        };
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, ptr::into_handle(rules), "out") }
    })
}

/// Frees rules made by `llk_rules_new`; nothing for NULL.
///
/// # Safety
/// `rules` is NULL or rules not yet freed, not used after this.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_free(rules: *mut LlkRules) {
    // SAFETY: the caller's promise above.
    unsafe { ptr::free(rules) }
}
