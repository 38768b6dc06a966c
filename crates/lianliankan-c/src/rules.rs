//! `LlkRules`: the library's `Rules` made from a preset (`llk_rules_judge`,
//! `llk_rules_kshisen`) or `llk_rules_new`, changed by one setter per
//! setting (the library's, which refuses a setting that contradicts
//! another), and read by one getter per setting.

use std::ffi::{CString, c_char};

use lianliankan::{Groups, Rules, RulesError};

use crate::names::{BorderArg, ConnectArg, GravityArg, LlkBorder, LlkConnect, LlkGravity};
use crate::ptr;
use crate::status::{Error, LlkStatus, guard, guard_value};

/// The rules of a game (opaque): made by `llk_rules_judge`,
/// `llk_rules_kshisen` or `llk_rules_new`, freed by `llk_rules_free`,
/// changed by the `llk_rules_set_` functions before they are shared;
/// read-only then, so one `LlkRules` may be used by many threads at once.
/// Every function that takes rules copies what it needs: the caller may
/// free them as soon as the call returns.
#[derive(Debug)]
pub struct LlkRules {
    inner: Rules,
    /// `inner.groups` as `llk_rules_groups` returns it.
    groups: CString,
}

impl LlkRules {
    /// Rules holding `rules`.
    pub(crate) fn new(rules: Rules) -> LlkRules {
        // The groups' text is digits, `-`, `+` and `,`: no NUL.
        let groups = CString::new(rules.groups().to_string()).unwrap_or_default();
        LlkRules {
            inner: rules,
            groups,
        }
    }

    /// The library's rules.
    pub(crate) fn rules(&self) -> &Rules {
        &self.inner
    }
}

/// The library's refusal of conflicting settings, as an invalid-argument
/// error with its message.
fn conflict(error: RulesError) -> Error {
    Error::invalid(error.to_string())
}

/// The groups written in `text` (NULL or `""`: none).
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
unsafe fn groups_of(text: *const c_char) -> Result<Groups, Error> {
    // SAFETY: the caller's promise above.
    match unsafe { ptr::text(text, "groups")? }.filter(|t| !t.is_empty()) {
        Some(text) => text.parse().map_err(|e| Error::invalid(format!("{e}"))),
        None => Ok(Groups::none()),
    }
}

/// Stores new rules in `*out`.
///
/// # Safety
/// `out` is NULL or valid for writing a pointer.
unsafe fn store(rules: Rules, out: *mut *mut LlkRules) -> Result<(), Error> {
    // SAFETY: the caller's promise above.
    unsafe { ptr::write(out, ptr::into_handle(LlkRules::new(rules)), "out") }
}

/// Stores in `*out` new rules: the HDU 1175 judge's (the library's
/// `Rules::judge()`, its default): 2 turns, `LLK_BORDER_CLOSED`,
/// `LLK_GRAVITY_NONE`, no groups, `LLK_CONNECT_STANDARD`, no slides. The
/// caller frees them with `llk_rules_free`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL `out`.
///
/// # Safety
/// `out` is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_judge(out: *mut *mut LlkRules) -> LlkStatus {
    // SAFETY: the caller's promise above.
    guard(|| unsafe { store(Rules::judge(), out) })
}

/// Stores in `*out` new rules: KShisen's default game (the library's
/// `Rules::kshisen()`): the judge's, but `LLK_BORDER_OPEN` and
/// `LLK_GRAVITY_DOWN` (add KShisen's "Chinese style" with
/// `llk_rules_set_groups(rules, "28-31,39-42")`). The caller frees them
/// with `llk_rules_free`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL `out`.
///
/// # Safety
/// `out` is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_kshisen(out: *mut *mut LlkRules) -> LlkStatus {
    // SAFETY: the caller's promise above.
    guard(|| unsafe { store(Rules::kshisen(), out) })
}

/// Stores in `*out` new rules: the judge's (`llk_rules_judge`) with
/// `turns`, the most turns a path may make, `border`, `gravity`, and
/// `groups`, kinds that match besides equal kinds, as the command line's
/// `--groups` writes them (`"28-31,39+41"`; NULL or `""` for none). The
/// caller frees them with `llk_rules_free`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a border or gravity that is
/// none of the enum's values, bad groups text, text that is not UTF-8, or
/// a NULL `out`.
///
/// # Safety
/// `groups` is NULL or a NUL-terminated string; `out` is NULL or valid for
/// writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_new(
    turns: usize,
    border: BorderArg,
    gravity: GravityArg,
    groups: *const c_char,
    out: *mut *mut LlkRules,
) -> LlkStatus {
    guard(|| {
        ptr::check_out(out, "out")?;
        let border = border.value()?;
        let rules = Rules::judge()
            .with_turns(turns)
            .and_then(|r| r.with_border(border))
            .map_err(conflict)?
            .with_gravity(gravity.value()?)
            // SAFETY: the caller's promise above.
            .with_groups(unsafe { groups_of(groups)? });
        // SAFETY: the caller's promise above.
        unsafe { store(rules, out) }
    })
}

/// Frees rules; nothing for NULL.
///
/// # Safety
/// `rules` is NULL or rules not yet freed, not used after this.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_free(rules: *mut LlkRules) {
    // SAFETY: the caller's promise above.
    unsafe { ptr::free(rules) }
}

/// Runs a setter's `change` on `rules`.
///
/// # Safety
/// `rules` is NULL or live rules no other thread uses during the call.
unsafe fn set(
    rules: *mut LlkRules,
    change: impl FnOnce(Rules) -> Result<Rules, Error>,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let rules = unsafe { ptr::borrow_mut(rules, "rules")? };
        *rules = LlkRules::new(change(rules.inner.clone())?);
        Ok(())
    })
}

/// Sets the most turns a path may make (2 in the judge and the games).
///
/// Every setter changes the rules only when the library's setter takes the
/// setting; otherwise it returns
/// `LLK_STATUS_INVALID_ARGUMENT`, changes nothing, and `llk_last_error()`
/// is the library's message (sliding tiles need turns 1, the closed border
/// and the standard connection, e.g. `sliding tiles allow paths of one
/// turn: turns must be 1, not 2`). A NULL `rules` is
/// `LLK_STATUS_INVALID_ARGUMENT` too. Call the setters before the rules are
/// shared with other threads.
///
/// # Safety
/// `rules` is NULL or live rules no other thread uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_set_turns(rules: *mut LlkRules, turns: usize) -> LlkStatus {
    // SAFETY: the caller's promise above.
    unsafe { set(rules, |r| r.with_turns(turns).map_err(conflict)) }
}

/// Sets the border rule; checked as `llk_rules_set_turns` says, and an
/// `int` that is no `LlkBorder` value is refused.
///
/// # Safety
/// `rules` is NULL or live rules no other thread uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_set_border(
    rules: *mut LlkRules,
    border: BorderArg,
) -> LlkStatus {
    // SAFETY: the caller's promise above.
    unsafe { set(rules, |r| r.with_border(border.value()?).map_err(conflict)) }
}

/// Sets the gravity mode; checked as `llk_rules_set_turns` says, and an
/// `int` that is no `LlkGravity` value is refused.
///
/// # Safety
/// `rules` is NULL or live rules no other thread uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_set_gravity(
    rules: *mut LlkRules,
    gravity: GravityArg,
) -> LlkStatus {
    // SAFETY: the caller's promise above.
    unsafe { set(rules, |r| Ok(r.with_gravity(gravity.value()?))) }
}

/// Sets the matching groups from text as the command line's `--groups`
/// writes them (`"28-31,39+41"`; NULL or `""` for none); bad text is
/// refused with the library's message, and the rest is checked as
/// `llk_rules_set_turns` says.
///
/// # Safety
/// `rules` is NULL or live rules no other thread uses during the call;
/// `groups` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_set_groups(
    rules: *mut LlkRules,
    groups: *const c_char,
) -> LlkStatus {
    // SAFETY: the caller's promise above.
    unsafe { set(rules, |r| Ok(r.with_groups(groups_of(groups)?))) }
}

/// Sets which pairs connect; checked as `llk_rules_set_turns` says (a rule
/// other than `LLK_CONNECT_STANDARD` on rules with slides is refused), and
/// an `int` that is no `LlkConnect` value is refused.
///
/// # Safety
/// `rules` is NULL or live rules no other thread uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_set_connect(
    rules: *mut LlkRules,
    connect: ConnectArg,
) -> LlkStatus {
    // SAFETY: the caller's promise above.
    unsafe {
        set(rules, |r| {
            r.with_connect(connect.value()?).map_err(conflict)
        })
    }
}

/// Turns KShisen's sliding tiles on or off, as the library's
/// `Rules::with_slide` does: with `slide`, a move may first push its first
/// tile, with the run of tiles in front of it, along its row or column
/// (`LlkPair::route`) to the corner from which a straight empty segment
/// reaches its partner, and paths have at most one turn on the board; so
/// turning it on also sets turns 1 and `LLK_BORDER_CLOSED`. The result is
/// checked as `llk_rules_set_turns` says: slides with a connection rule
/// other than the standard one are refused. Turning slides off leaves the
/// turns and border as they are.
///
/// # Safety
/// `rules` is NULL or live rules no other thread uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_set_slide(rules: *mut LlkRules, slide: bool) -> LlkStatus {
    // SAFETY: the caller's promise above.
    unsafe { set(rules, |r| r.with_slide(slide).map_err(conflict)) }
}

/// Reads one setting of `rules`, or the judge's for NULL.
///
/// # Safety
/// `rules` is NULL or live rules.
unsafe fn get<T>(rules: *const LlkRules, read: impl FnOnce(&Rules) -> T) -> T {
    let judge = Rules::judge();
    // SAFETY: the caller's promise above.
    let rules = unsafe { ptr::borrow(rules, "rules") }.map_or(&judge, |r| &r.inner);
    read(rules)
}

/// The most turns a path may make (the judge's 2 for NULL).
///
/// # Safety
/// `rules` is NULL or live rules.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_turns(rules: *const LlkRules) -> usize {
    // SAFETY: the caller's promise above.
    guard_value(2, || unsafe { get(rules, Rules::max_turns) })
}

/// The border rule (`LLK_BORDER_CLOSED` for NULL).
///
/// # Safety
/// `rules` is NULL or live rules.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_border(rules: *const LlkRules) -> LlkBorder {
    guard_value(LlkBorder::Closed, || {
        // SAFETY: the caller's promise above.
        unsafe { get(rules, |r| LlkBorder::of(r.border())) }.unwrap_or(LlkBorder::Closed)
    })
}

/// The gravity mode (`LLK_GRAVITY_NONE` for NULL).
///
/// # Safety
/// `rules` is NULL or live rules.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_gravity(rules: *const LlkRules) -> LlkGravity {
    guard_value(LlkGravity::None, || {
        // SAFETY: the caller's promise above.
        unsafe { get(rules, |r| LlkGravity::of(r.gravity())) }.unwrap_or(LlkGravity::None)
    })
}

/// The connection rule (`LLK_CONNECT_STANDARD` for NULL).
///
/// # Safety
/// `rules` is NULL or live rules.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_connect(rules: *const LlkRules) -> LlkConnect {
    guard_value(LlkConnect::Standard, || {
        // SAFETY: the caller's promise above.
        unsafe { get(rules, |r| LlkConnect::of(r.connect())) }.unwrap_or(LlkConnect::Standard)
    })
}

/// Whether the rules have slides (`false` for NULL).
///
/// # Safety
/// `rules` is NULL or live rules.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_slide(rules: *const LlkRules) -> bool {
    // SAFETY: the caller's promise above.
    guard_value(false, || unsafe { get(rules, Rules::slide) })
}

/// The matching groups as `--groups` writes them (`""` for none, and for
/// NULL). The text belongs to the rules: it stays valid until the next
/// setter call on them or `llk_rules_free`, whichever comes first. Never
/// NULL.
///
/// # Safety
/// `rules` is NULL or live rules.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rules_groups(rules: *const LlkRules) -> *const c_char {
    guard_value(c"".as_ptr(), || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(rules, "rules") }.map_or(c"".as_ptr(), |r| r.groups.as_ptr())
    })
}
