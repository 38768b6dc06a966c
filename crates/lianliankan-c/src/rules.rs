//! `LlkRules`: the turn limit, border, gravity and matching groups.

use std::ffi::c_char;

use lianliankan::{Border, Connect, Gravity, Groups, Rules};

use crate::ptr;
use crate::status::{Error, LlkStatus, guard, guard_value};

/// The rules of a game (opaque): made by `llk_rules_new`, freed by
/// `llk_rules_free`, set by `llk_rules_set_connect` and
/// `llk_rules_set_slide` before they are shared; read-only then, so one
/// `LlkRules` may be used by many threads at once.
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
            inner: Rules::judge()
                .with_turns(turns)
                .with_border(border)
                .with_gravity(gravity)
                .with_groups(groups),
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

/// The connection rule `llk_rules_set_connect` takes: paths of at most
/// the turn limit (the judge's rule).
pub const LLK_CONNECT_STANDARD: i32 = 0;
/// PySolFC's "Four Rivers": as standard, but two tiles side by side do not
/// connect through their shared edge.
pub const LLK_CONNECT_FOUR_RIVERS: i32 = 1;
/// PySolFC's "Not Shisen-Sho": matching tiles in one row or column
/// connect, whatever lies between; the turn limit and border do nothing.
pub const LLK_CONNECT_LINE: i32 = 2;

/// The rule that `value` names, or an invalid-argument error.
fn connect_of(value: i32) -> Result<Connect, Error> {
    match value {
        LLK_CONNECT_STANDARD => Ok(Connect::Standard),
        LLK_CONNECT_FOUR_RIVERS => Ok(Connect::FourRivers),
        LLK_CONNECT_LINE => Ok(Connect::Line),
        _ => Err(Error::invalid(format!(
            "unknown connection rule {value} (LLK_CONNECT_STANDARD, \
             LLK_CONNECT_FOUR_RIVERS or LLK_CONNECT_LINE)"
        ))),
    }
}

/// `rules` if they pass the library's check, else its message as an
/// invalid-argument error.
fn checked(rules: Rules) -> Result<Rules, Error> {
    rules
        .validate()
        .map_err(|e| Error::invalid(e.to_string()))?;
    Ok(rules)
}

/// Sets which pairs connect: `LLK_CONNECT_STANDARD` (what `llk_rules_new`
/// makes), `LLK_CONNECT_FOUR_RIVERS` or `LLK_CONNECT_LINE`. Call it before
/// the rules are shared with other threads.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT`, changing nothing, for a NULL
/// `rules`, a value that is none of these, or a rule other than the
/// standard one on rules with slides (`llk_rules_set_slide`).
///
/// # Safety
/// `rules` is NULL or live rules no other thread uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_set_connect(rules: *mut LlkRules, connect: i32) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let rules = unsafe { ptr::borrow_mut(rules, "rules")? };
        rules.inner = checked(rules.inner.clone().with_connect(connect_of(connect)?))?;
        Ok(())
    })
}

/// The connection rule of `rules` (`LLK_CONNECT_STANDARD` for NULL).
///
/// # Safety
/// `rules` is NULL or live rules.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_connect(rules: *const LlkRules) -> i32 {
    guard_value(LLK_CONNECT_STANDARD, || {
        // SAFETY: the caller's promise above.
        match unsafe { ptr::borrow(rules, "rules") }.map(|r| r.inner.connect) {
            Ok(Connect::FourRivers) => LLK_CONNECT_FOUR_RIVERS,
            Ok(Connect::Line) => LLK_CONNECT_LINE,
            Ok(_) | Err(_) => LLK_CONNECT_STANDARD,
        }
    })
}

/// Turns KShisen's sliding tiles on or off: with `slide`, a move may first
/// push its first tile, with the run of tiles in front of it, along its
/// row or column (`LlkPair::route`) to the corner from which a straight
/// empty segment reaches its partner; paths have at most one turn on the
/// board. Slides need rules made with `turns` 1 and the `"closed"` border,
/// and the standard connection. Call it before the rules are shared with
/// other threads.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT`, changing nothing, for a NULL
/// `rules`, or slides on rules with another turn limit than 1, the open
/// border or a connection rule other than the standard one.
///
/// # Safety
/// `rules` is NULL or live rules no other thread uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_set_slide(rules: *mut LlkRules, slide: bool) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let rules = unsafe { ptr::borrow_mut(rules, "rules")? };
        // The field alone, not `with_slide`: the turns and border given to
        // `llk_rules_new` stand, and a conflict is refused.
        let mut changed = rules.inner.clone();
        changed.slide = slide;
        rules.inner = checked(changed)?;
        Ok(())
    })
}

/// Whether `rules` have slides (`false` for NULL).
///
/// # Safety
/// `rules` is NULL or live rules.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_slide(rules: *const LlkRules) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(rules, "rules") }.is_ok_and(|r| r.inner.slide)
    })
}
