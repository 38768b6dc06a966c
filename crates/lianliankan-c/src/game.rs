//! `LlkGame`: a board being played, with undo and redo, hints, moves and
//! shuffles; and `llk_moves`, every removable pair of a board.

use lianliankan::{Game, Move, Path, Rules};

use crate::board::{LlkBoard, LlkPos, off_board};
use crate::play::LlkPath;
use crate::ptr;
use crate::rules::LlkRules;
use crate::solve::LlkPair;
use crate::status::{Error, LlkStatus, guard, guard_value};

/// A game (opaque): a board under rules with its history. Made by
/// `llk_game_new`, freed by `llk_game_free`. Its functions change it, so
/// one thread at a time may use a game.
#[derive(Debug)]
pub struct LlkGame {
    pub(crate) game: Game,
}

/// Starts a game on a copy of `board` under a copy of `rules` and stores
/// it in `*out`, which the caller frees with `llk_game_free` (the caller
/// keeps and frees both handles given, which it may do at once).
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL pointer.
///
/// # Safety
/// `board` and `rules` are NULL or live handles; `out` is NULL or valid
/// for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_new(
    board: *const LlkBoard,
    rules: *const LlkRules,
    out: *mut *mut LlkGame,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let (board, rules) =
            unsafe { (ptr::borrow(board, "board")?, ptr::borrow(rules, "rules")?) };
        ptr::check_out(out, "out")?;
        let game = Game::new(board.inner.clone(), rules.rules().clone());
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, ptr::into_handle(LlkGame { game }), "out") }
    })
}

/// Stores a copy of the game's board as it is now in `*out` (a new board
/// the caller frees with `llk_board_free`).
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL pointer.
///
/// # Safety
/// `game` is NULL or a live game; `out` is NULL or valid for writing a
/// pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_board(
    game: *const LlkGame,
    out: *mut *mut LlkBoard,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let game = unsafe { ptr::borrow(game, "game")? };
        ptr::check_out(out, "out")?;
        let board = LlkBoard {
            inner: game.game.board().clone(),
        };
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, ptr::into_handle(board), "out") }
    })
}

/// Stores the kind at `cell` of the game's board now (0 for an empty cell)
/// in `*out`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a cell off the board or a
/// NULL pointer.
///
/// # Safety
/// `game` is NULL or a live game; `out` is NULL or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_get(
    game: *const LlkGame,
    cell: LlkPos,
    out: *mut u32,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let game = unsafe { ptr::borrow(game, "game")? };
        ptr::check_out(out, "out")?;
        let board = game.game.board();
        let kind = board
            .kind(cell.into())
            .ok_or_else(|| off_board(board, cell))?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, kind, "out") }
    })
}

/// Removes the tiles at `a` and `b` (then gravity acts) and clears what
/// `llk_game_redo` could take again. When `out_path` is not NULL, stores
/// there the path that joined them (the fewest turns, then the shortest),
/// a new path the caller frees with `llk_path_free`.
///
/// Returns `LLK_STATUS_ILLEGAL_STEP`, changing nothing, when a cell is off
/// the board or empty, both are one cell, the kinds do not match, or no
/// path joins them (`llk_last_error()` says which);
/// `LLK_STATUS_INVALID_ARGUMENT` for a NULL game.
///
/// # Complexity
/// O(rows·cols).
///
/// # Safety
/// `game` is NULL or a live game no other thread uses during the call;
/// `out_path` is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_remove(
    game: *mut LlkGame,
    a: LlkPos,
    b: LlkPos,
    out_path: *mut *mut LlkPath,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let game = unsafe { ptr::borrow_mut(game, "game")? };
        let path = game
            .game
            .remove(a.into(), b.into())
            .map_err(|e| Error::new(LlkStatus::IllegalStep, e.to_string()))?;
        // SAFETY: the caller's promise above.
        unsafe { store_path(&path, out_path) }
    })
}

/// Stores a new `LlkPath` of `path` in `*out` unless `out` is NULL.
///
/// # Safety
/// `out` is NULL or valid for writing a pointer.
pub(crate) unsafe fn store_path(path: &Path, out: *mut *mut LlkPath) -> Result<(), Error> {
    if out.is_null() {
        return Ok(());
    }
    // SAFETY: non-NULL, and the caller's promise above.
    unsafe { ptr::write(out, ptr::into_handle(LlkPath::of(path)), "out_path") }
}

/// Makes the move `pair`: a plain pair (`route` `LLK_ROUTE_NONE`) as
/// `llk_game_remove` does, or, under rules with slides, the slide of the
/// tile at `pair.a` along its row (`LLK_ROUTE_ROW`) or column
/// (`LLK_ROUTE_COLUMN`), with the run of tiles in front of it, to the
/// corner from which a straight empty segment reaches `pair.b`; then the
/// two are removed and gravity acts. Clears what `llk_game_redo` could
/// take again. When `out_path` is not NULL, stores there the path drawn
/// (for a slide: from where the first tile was, along its route to the
/// corner, then to its partner), a new path the caller frees with
/// `llk_path_free`.
///
/// Returns `LLK_STATUS_ILLEGAL_STEP`, changing nothing, for a move that
/// cannot be made (a slide under rules without slides, among the reasons
/// of `llk_game_remove`); `LLK_STATUS_INVALID_ARGUMENT` for a NULL game or
/// an unknown route.
///
/// # Complexity
/// O(rows·cols).
///
/// # Safety
/// `game` is NULL or a live game no other thread uses during the call;
/// `out_path` is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_play(
    game: *mut LlkGame,
    pair: LlkPair,
    out_path: *mut *mut LlkPath,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let game = unsafe { ptr::borrow_mut(game, "game")? };
        let pair = pair.to_move()?;
        let path = game
            .game
            .play(pair)
            .map_err(|e| Error::new(LlkStatus::IllegalStep, e.to_string()))?;
        // SAFETY: the caller's promise above.
        unsafe { store_path(&path, out_path) }
    })
}

/// Undoes the last step (a removal with its gravity, or a shuffle): true,
/// or false when there is none (and for NULL).
///
/// # Safety
/// `game` is NULL or a live game no other thread uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_undo(game: *mut LlkGame) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow_mut(game, "game") }.is_ok_and(|g| g.game.undo().is_some())
    })
}

/// Takes the last undone step again: true, or false when there is none
/// (and for NULL).
///
/// # Safety
/// `game` is NULL or a live game no other thread uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_redo(game: *mut LlkGame) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow_mut(game, "game") }.is_ok_and(|g| g.game.redo().is_some())
    })
}

/// Stores a pair that can be removed now in `*out` and returns true, or
/// returns false (storing nothing) when there is none, or for a NULL
/// `game` or `out`. When `out_path` is not NULL, also stores there the
/// path that joins the pair (a new `LlkPath`, freed with `llk_path_free`),
/// the one `llk_game_play` would draw.
///
/// # Safety
/// `game` is NULL or a live game; `out` is NULL or valid for writing;
/// `out_path` is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_hint(
    game: *const LlkGame,
    out: *mut LlkPair,
    out_path: *mut *mut LlkPath,
) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        let Ok(game) = (unsafe { ptr::borrow(game, "game") }) else {
            return false;
        };
        if out.is_null() {
            return false;
        }
        let Some((pair, path)) = game.game.hint_path() else {
            return false;
        };
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, LlkPair::from(pair), "out") }.is_ok()
            // SAFETY: the caller's promise above.
            && unsafe { store_path(&path, out_path) }.is_ok()
    })
}

/// Writes the pairs that can be removed now (each pair's smaller cell
/// first, in row order) into `buf`, at most `cap` of them, and stores how
/// many there are in all in `*out_count`: call with `cap` 0 (and `buf`
/// NULL) to learn the count, then with a buffer that large.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL game or `out_count`,
/// or a NULL `buf` with a `cap`.
///
/// # Complexity
/// O(rows·cols) per tile kind, about.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or valid for writing `cap`
/// pairs; `out_count` is NULL or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_moves(
    game: *const LlkGame,
    buf: *mut LlkPair,
    cap: usize,
    out_count: *mut usize,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let game = unsafe { ptr::borrow(game, "game")? };
        // SAFETY: the caller's promise above.
        unsafe { write_moves(&game.game.moves(), buf, cap, out_count) }
    })
}

/// `llk_game_moves` for a board under rules, without a game.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL board, rules or
/// `out_count`, or a NULL `buf` with a `cap`.
///
/// # Complexity
/// O(rows·cols) per tile kind, about.
///
/// # Safety
/// `board` and `rules` are NULL or live handles; `buf` is NULL or valid
/// for writing `cap` pairs; `out_count` is NULL or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_moves(
    board: *const LlkBoard,
    rules: *const LlkRules,
    buf: *mut LlkPair,
    cap: usize,
    out_count: *mut usize,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let (board, rules) =
            unsafe { (ptr::borrow(board, "board")?, ptr::borrow(rules, "rules")?) };
        let rules: &Rules = rules.rules();
        // SAFETY: the caller's promise above.
        unsafe {
            write_moves(
                &lianliankan::moves(&board.inner, rules),
                buf,
                cap,
                out_count,
            )
        }
    })
}

/// Writes at most `cap` of `moves` to `buf` and their number to
/// `*out_count`, both checked first.
///
/// # Safety
/// `buf` is NULL or valid for writing `cap` pairs; `out_count` is NULL or
/// valid for writing.
unsafe fn write_moves(
    moves: &[Move],
    buf: *mut LlkPair,
    cap: usize,
    out_count: *mut usize,
) -> Result<(), Error> {
    ptr::check_out(out_count, "out_count")?;
    if cap > 0 {
        ptr::check_out(buf, "buf")?;
    }
    for (i, &m) in moves.iter().take(cap).enumerate() {
        // SAFETY: `i` < `cap`, and the caller promises `cap` pairs at `buf`.
        unsafe { buf.add(i).write(LlkPair::from(m)) };
    }
    // SAFETY: the caller's promise above.
    unsafe { ptr::write(out_count, moves.len(), "out_count") }
}

/// Rearranges the tiles left over their cells, from `seed`, so that a move
/// exists; a step of the history (undo puts them back).
///
/// Returns `LLK_STATUS_ILLEGAL_STEP`, changing nothing, when no
/// arrangement has a move (the library's message);
/// `LLK_STATUS_INVALID_ARGUMENT` for a NULL game.
///
/// # Safety
/// `game` is NULL or a live game no other thread uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_shuffle(game: *mut LlkGame, seed: u64) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let game = unsafe { ptr::borrow_mut(game, "game")? };
        game.game
            .shuffle(seed)
            .map_err(|e| Error::new(LlkStatus::IllegalStep, e.to_string()))
    })
}

/// Whether no tile is left (false for NULL).
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_is_cleared(game: *const LlkGame) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(game, "game") }.is_ok_and(|g| g.game.is_cleared())
    })
}

/// Whether tiles are left but no pair can be removed (false for NULL).
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_is_dead(game: *const LlkGame) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(game, "game") }.is_ok_and(|g| g.game.is_dead())
    })
}

/// Frees a game; nothing for NULL.
///
/// # Safety
/// `game` is NULL or a game not yet freed, not used after this.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_game_free(game: *mut LlkGame) {
    // SAFETY: the caller's promise above.
    unsafe { ptr::free(game) }
}
