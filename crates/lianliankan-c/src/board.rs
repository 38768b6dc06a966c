//! `LlkBoard`: a board of tile kinds, made from an array or read from
//! judge-format text; and `LlkPos`, a cell.

use std::ffi::c_char;

use lianliankan::{Board, Grid, MAX_KIND, Pos};

use crate::ptr;
use crate::status::{Error, LlkStatus, guard, guard_value};
use lianliankan::format::read_first_board;

/// The most rows of any board (`llk_board_new`, `llk_board_parse`,
/// `llk_deal`, ...): the library's `MAX_ROWS`, the same on every face
/// (docs/limits.md).
pub const LLK_MAX_ROWS: usize = 1_000;
/// The most columns of any board: the library's `MAX_COLS`.
pub const LLK_MAX_COLS: usize = 1_000;
/// The most cells of any board: the library's `MAX_CELLS`.
pub const LLK_MAX_CELLS: usize = 1_000_000;
const _: () = assert!(
    LLK_MAX_ROWS == lianliankan::MAX_ROWS
        && LLK_MAX_COLS == lianliankan::MAX_COLS
        && LLK_MAX_CELLS == lianliankan::MAX_CELLS
);

/// The library's size limit of any board, as an invalid-argument error in
/// its words.
pub(crate) fn within_board_limit(rows: usize, cols: usize) -> Result<(), Error> {
    match rows.checked_mul(cols) {
        Some(cells) if rows <= LLK_MAX_ROWS && cols <= LLK_MAX_COLS && cells <= LLK_MAX_CELLS => {
            Ok(())
        }
        _ => Err(Error::invalid(
            lianliankan::GenerateError::TooLarge { rows, cols }.to_string(),
        )),
    }
}

/// A board (opaque): rows of tile kinds, 0 for an empty cell. Made by
/// `llk_board_new`, `llk_board_parse` or `llk_generate`, freed by
/// `llk_board_free`. Read-only once made, so one board may be used by many
/// threads at once.
#[derive(Debug)]
pub struct LlkBoard {
    pub(crate) inner: Board,
}

/// A cell of a board: row and column, both from 0 (the judge format's
/// `r c` is `{r - 1, c - 1}`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LlkPos {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
}

impl From<Pos> for LlkPos {
    fn from(p: Pos) -> LlkPos {
        LlkPos {
            row: p.row,
            col: p.col,
        }
    }
}

impl From<LlkPos> for Pos {
    fn from(p: LlkPos) -> Pos {
        Pos::new(p.row, p.col)
    }
}

/// Makes a `rows` x `cols` board from `kinds`, its `rows * cols` cells row
/// by row (0 for an empty cell, kinds up to `LLK_MAX_KIND`), and stores it
/// in `*out`; the caller frees it with `llk_board_free`. The array is
/// copied: the caller keeps it.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a kind above `LLK_MAX_KIND`
/// (the message names its cell), no rows or no columns (as the judge
/// format refuses them), a size whose cell count overflows, a NULL `kinds`,
/// or a NULL `out`.
///
/// # Safety
/// `kinds` is NULL or points to `rows * cols` values; `out` is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_board_new(
    rows: usize,
    cols: usize,
    kinds: *const u32,
    out: *mut *mut LlkBoard,
) -> LlkStatus {
    guard(|| {
        ptr::check_out(out, "out")?;
        if rows == 0 || cols == 0 {
            return Err(Error::invalid(format!(
                "a board needs at least one row and one column, found {rows} x {cols}"
            )));
        }
        within_board_limit(rows, cols)?;
        let cells = rows * cols;
        // SAFETY: the caller's promise above.
        let kinds = unsafe { ptr::slice(kinds, cells, "kinds")? };
        if let Some(i) = kinds.iter().position(|&k| k > MAX_KIND) {
            return Err(Error::invalid(format!(
                "the kind at ({}, {}) is {}: kinds run from 0 (empty) to {MAX_KIND}",
                i / cols,
                i % cols,
                kinds[i]
            )));
        }
        let grid = Grid::from_vec(rows, cols, kinds.to_vec())
            .ok_or_else(|| Error::invalid("the kinds do not fill the board"))?;
        let board = Board::new(&grid).map_err(|e| Error::invalid(e.to_string()))?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, ptr::into_handle(LlkBoard { inner: board }), "out") }
    })
}

/// Reads the first board of judge-format text (`n m`, then n rows of m
/// kinds; what follows, queries or more boards, must be well formed and is
/// ignored), the `len` bytes at `text` (no NUL needed), as the
/// `lianliankan` binary's `solve` reads its input; stores it in `*out`
/// (the caller frees it with `llk_board_free`).
///
/// Returns `LLK_STATUS_PARSE_ERROR` for malformed text, with
/// `llk_last_error()` saying `line L, column C: ...` as the binary does;
/// `LLK_STATUS_INVALID_ARGUMENT` for a NULL `text` with a length, or a
/// NULL `out`.
///
/// # Safety
/// `text` is NULL (only when `len` is 0) or points to `len` bytes; `out`
/// is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_board_parse(
    text: *const c_char,
    len: usize,
    out: *mut *mut LlkBoard,
) -> LlkStatus {
    guard(|| {
        ptr::check_out(out, "out")?;
        // SAFETY: the caller's promise above.
        let bytes = unsafe { ptr::slice(text.cast::<u8>(), len, "text")? };
        let board = read_first_board(bytes)
            .map_err(|e| Error::new(LlkStatus::ParseError, e.to_string()))?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, ptr::into_handle(LlkBoard { inner: board }), "out") }
    })
}

/// The board's number of rows; 0 for NULL.
///
/// # Safety
/// `board` is NULL or a live board.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_board_rows(board: *const LlkBoard) -> usize {
    guard_value(0, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(board, "board") }.map_or(0, |b| b.inner.rows())
    })
}

/// The board's number of columns; 0 for NULL.
///
/// # Safety
/// `board` is NULL or a live board.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_board_cols(board: *const LlkBoard) -> usize {
    guard_value(0, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(board, "board") }.map_or(0, |b| b.inner.cols())
    })
}

/// The number of tiles (non-empty cells) on the board; 0 for NULL.
///
/// # Safety
/// `board` is NULL or a live board.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_board_tiles(board: *const LlkBoard) -> usize {
    guard_value(0, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(board, "board") }.map_or(0, |b| b.inner.tile_count())
    })
}

/// Stores the kind at `cell` (0 for an empty cell) in `*out`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a cell off the board or a
/// NULL pointer.
///
/// # Safety
/// `board` is NULL or a live board; `out` is NULL or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_board_get(
    board: *const LlkBoard,
    cell: LlkPos,
    out: *mut u32,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let board = unsafe { ptr::borrow(board, "board")? };
        ptr::check_out(out, "out")?;
        let kind = board
            .inner
            .kind(cell.into())
            .ok_or_else(|| off_board(&board.inner, cell))?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, kind, "out") }
    })
}

/// The error for `cell`, off `board`.
pub(crate) fn off_board(board: &Board, cell: LlkPos) -> Error {
    Error::invalid(format!(
        "({}, {}) is off the {}x{} board",
        cell.row,
        cell.col,
        board.rows(),
        board.cols()
    ))
}

/// Frees a board; nothing for NULL.
///
/// # Safety
/// `board` is NULL or a board not yet freed, not used after this.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_board_free(board: *mut LlkBoard) {
    // SAFETY: the caller's promise above.
    unsafe { ptr::free(board) }
}
