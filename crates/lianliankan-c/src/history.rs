//! A game's history read from C: `llk_game_history_len`, `llk_game_step`
//! (one step as an `LlkStep`), and the tiles each step moved as `LlkSlide`
//! (from, to) cell pairs: gravity's (`llk_game_step_moved`) and a slide
//! move's push (`llk_game_step_pushed`); the library's `Step` and `Slide`.

use lianliankan::{Slide, Step};

use crate::board::LlkPos;
use crate::game::LlkGame;
use crate::ptr;
use crate::solve::LlkPair;
use crate::status::{Error, LlkStatus, guard, guard_value};

/// What a step of a game's history was.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlkStepKind {
    /// Two tiles were removed (after a slide's push), then gravity acted.
    Removed,
    /// The tiles left were rearranged (`llk_game_shuffle`).
    Shuffled,
}

/// A step of a game's history (a plain struct the library writes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LlkStep {
    /// A removal or a shuffle.
    pub kind: LlkStepKind,
    /// For a removal: the move, named on the board as it was before it
    /// (with its route for a slide). Zero for a shuffle.
    pub pair: LlkPair,
    /// For a removal: the kinds of `pair.a` and `pair.b`. Zero for a
    /// shuffle.
    pub kinds: [u32; 2],
    /// For a slide move: the tiles its push moved (`llk_game_step_pushed`
    /// lists them); 0 otherwise.
    pub pushed: usize,
    /// For a removal: the tiles gravity moved after it
    /// (`llk_game_step_moved` lists them); 0 without gravity and for a
    /// shuffle.
    pub moved: usize,
    /// For a shuffle: the tiles rearranged; 0 for a removal.
    pub tiles: usize,
}

/// A tile that moved: its kind, the cell it was on and the cell it went to.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LlkSlide {
    /// The tile's kind.
    pub kind: u32,
    /// Its cell before.
    pub from: LlkPos,
    /// Its cell after.
    pub to: LlkPos,
}

impl From<&Slide> for LlkSlide {
    fn from(s: &Slide) -> LlkSlide {
        LlkSlide {
            kind: s.kind,
            from: s.from.into(),
            to: s.to.into(),
        }
    }
}

impl LlkStep {
    /// The C form of the library's `step`.
    fn of(step: &Step) -> LlkStep {
        let zero = LlkPos { row: 0, col: 0 };
        match step {
            Step::Removed {
                pair,
                kinds,
                pushed,
                moved,
            } => LlkStep {
                kind: LlkStepKind::Removed,
                pair: LlkPair::from(*pair),
                kinds: *kinds,
                pushed: pushed.len(),
                moved: moved.len(),
                tiles: 0,
            },
            Step::Shuffled { after, .. } => LlkStep {
                kind: LlkStepKind::Shuffled,
                pair: LlkPair {
                    a: zero,
                    b: zero,
                    route: 0,
                },
                kinds: [0, 0],
                pushed: 0,
                moved: 0,
                tiles: after.len(),
            },
        }
    }
}

/// Step `index` of `game`'s history, or an invalid-argument error.
fn step_at(game: &LlkGame, index: usize) -> Result<&Step, Error> {
    let history = game.game.history();
    history.get(index).ok_or_else(|| {
        Error::invalid(format!(
            "step {index} of a history of {} steps",
            history.len()
        ))
    })
}

/// The number of steps in the game's history (removals and shuffles since
/// the start, less those undone); 0 for NULL.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_history_len(game: *const LlkGame) -> usize {
    guard_value(0, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(game, "game") }.map_or(0, |g| g.game.history().len())
    })
}

/// Stores step `index` (from 0, the oldest) of the game's history in
/// `*out`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for an index past the end or a
/// NULL pointer.
///
/// # Safety
/// `game` is NULL or a live game; `out` is NULL or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_step(
    game: *const LlkGame,
    index: usize,
    out: *mut LlkStep,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let game = unsafe { ptr::borrow(game, "game")? };
        let step = LlkStep::of(step_at(game, index)?);
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, step, "out") }
    })
}

/// Writes at most `cap` of `slides` to `buf` and their number to
/// `*out_count`, both checked first.
///
/// # Safety
/// `buf` is NULL or valid for writing `cap` slides; `out_count` is NULL or
/// valid for writing.
unsafe fn write_slides(
    slides: &[Slide],
    buf: *mut LlkSlide,
    cap: usize,
    out_count: *mut usize,
) -> Result<(), Error> {
    ptr::check_out(out_count, "out_count")?;
    if cap > 0 {
        ptr::check_out(buf, "buf")?;
    }
    for (i, slide) in slides.iter().take(cap).enumerate() {
        // SAFETY: `i` < `cap`, and the caller promises `cap` slides at `buf`.
        unsafe { buf.add(i).write(LlkSlide::from(slide)) };
    }
    // SAFETY: the caller's promise above.
    unsafe { ptr::write(out_count, slides.len(), "out_count") }
}

/// Writes the tiles gravity moved after removal `index` of the history,
/// row by row of where they went, into `buf` (at most `cap`), and stores
/// how many there are in all in `*out_count` (`LlkStep::moved`): call with
/// `cap` 0 and `buf` NULL to learn the count. None for a shuffle.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for an index past the end, a NULL
/// game or `out_count`, or a NULL `buf` with a `cap`.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or valid for writing `cap`
/// slides; `out_count` is NULL or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_step_moved(
    game: *const LlkGame,
    index: usize,
    buf: *mut LlkSlide,
    cap: usize,
    out_count: *mut usize,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let game = unsafe { ptr::borrow(game, "game")? };
        let moved: &[Slide] = match step_at(game, index)? {
            Step::Removed { moved, .. } => moved,
            Step::Shuffled { .. } => &[],
        };
        // SAFETY: the caller's promise above.
        unsafe { write_slides(moved, buf, cap, out_count) }
    })
}

/// Writes the tiles the push of slide move `index` of the history moved
/// (the first tile of the pair first, then the run in front of it, each
/// from its cell to its cell after the push, before the removal) into
/// `buf` (at most `cap`), and stores how many there are in all in
/// `*out_count` (`LlkStep::pushed`). None for a plain pair or a shuffle.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for an index past the end, a NULL
/// game or `out_count`, or a NULL `buf` with a `cap`.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or valid for writing `cap`
/// slides; `out_count` is NULL or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_step_pushed(
    game: *const LlkGame,
    index: usize,
    buf: *mut LlkSlide,
    cap: usize,
    out_count: *mut usize,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let game = unsafe { ptr::borrow(game, "game")? };
        let pushed: &[Slide] = match step_at(game, index)? {
            Step::Removed { pushed, .. } => pushed,
            Step::Shuffled { .. } => &[],
        };
        // SAFETY: the caller's promise above.
        unsafe { write_slides(pushed, buf, cap, out_count) }
    })
}
