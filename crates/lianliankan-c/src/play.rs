//! Playing on a board: `llk_connect` (the path joining two tiles, as an
//! `LlkPath`), `llk_replay` (checking a removal order) and `llk_generate`
//! (a board that can be cleared, with its certificate).

use lianliankan::{DealSpec, GenerateError, GenerateSpec, Order, Path, Removal, Solution};

use crate::board::{LlkBoard, LlkPos, off_board, within_board_limit};
use crate::cancel::{self, LlkCancel};
use crate::ptr;
use crate::rules::LlkRules;
use crate::solve::{LlkPair, LlkSolution};
use crate::status::{Error, LlkStatus, guard, guard_value};

/// The largest board `llk_generate` and `llk_generate_rated` make, in
/// cells: the library's `MAX_GENERATE_CELLS`, the same on every face.
pub const LLK_MAX_GENERATE_CELLS: usize = 10_000;
const _: () = assert!(LLK_MAX_GENERATE_CELLS == lianliankan::MAX_GENERATE_CELLS);

/// The library's size limit of a generated board, as an invalid-argument
/// error in its words.
pub(crate) fn within_size_limit(rows: usize, cols: usize) -> Result<(), Error> {
    within_board_limit(rows, cols)?;
    if rows * cols > LLK_MAX_GENERATE_CELLS {
        return Err(Error::invalid(
            lianliankan::GenerateError::GenerateTooLarge { rows, cols }.to_string(),
        ));
    }
    Ok(())
}

/// A corner of a path, in the signed board frame: a corner on the ring
/// around the board (open border) has row or column -1, rows or cols.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LlkPoint {
    /// The row, -1 to rows.
    pub row: isize,
    /// The column, -1 to cols.
    pub col: isize,
}

/// A path (opaque): its corners from the first tile to the second, both
/// included. Made by `llk_connect`, `llk_game_remove` and `llk_game_play`,
/// freed by `llk_path_free`.
#[derive(Debug)]
pub struct LlkPath {
    corners: Vec<LlkPoint>,
}

impl LlkPath {
    /// The C form of the library's `path`.
    pub(crate) fn of(path: &Path) -> LlkPath {
        let corners = path
            .corners()
            .iter()
            .map(|p| LlkPoint {
                row: p.row,
                col: p.col,
            })
            .collect();
        LlkPath { corners }
    }
}

/// Finds the path joining the tiles at cells `a` and `b` under `rules`
/// (the fewest turns, at most the rules' limit) and stores it in `*out`
/// (the caller frees it with `llk_path_free`),
/// or stores NULL when the tiles do not match (an empty cell, different
/// kinds, one cell twice) or no path joins them: both are
/// `LLK_STATUS_OK`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a cell off the board or a
/// NULL pointer.
///
/// # Complexity
/// O(rows + cols) for at most two turns; O(rows·cols) beyond.
///
/// # Safety
/// `board` and `rules` are NULL or live handles; `out` is NULL or valid
/// for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_connect(
    board: *const LlkBoard,
    rules: *const LlkRules,
    a: LlkPos,
    b: LlkPos,
    out: *mut *mut LlkPath,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let (board, rules) =
            unsafe { (ptr::borrow(board, "board")?, ptr::borrow(rules, "rules")?) };
        ptr::check_out(out, "out")?;
        for cell in [a, b] {
            if !board.inner.contains(cell.into()) {
                return Err(off_board(&board.inner, cell));
            }
        }
        let path = lianliankan::connect(&board.inner, a.into(), b.into(), rules.rules())
            .map_err(|e| Error::invalid(e.to_string()))?;
        let handle = path.map_or(std::ptr::null_mut(), |path| {
            ptr::into_handle(LlkPath::of(&path))
        });
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, handle, "out") }
    })
}

/// The number of corners of the path, both tiles included (turns + 2);
/// 0 for NULL.
///
/// # Safety
/// `path` is NULL or a live path.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_path_len(path: *const LlkPath) -> usize {
    guard_value(0, || {
        // SAFETY: the caller's promise above.
        unsafe { ptr::borrow(path, "path") }.map_or(0, |p| p.corners.len())
    })
}

/// Stores corner `index` (from 0, the first tile) in `*out`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for an index past the end or a
/// NULL pointer.
///
/// # Safety
/// `path` is NULL or a live path; `out` is NULL or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_path_corner(
    path: *const LlkPath,
    index: usize,
    out: *mut LlkPoint,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let path = unsafe { ptr::borrow(path, "path")? };
        let corner = *path.corners.get(index).ok_or_else(|| {
            Error::invalid(format!(
                "corner {index} of a path of {}",
                path.corners.len()
            ))
        })?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, corner, "out") }
    })
}

/// Frees a path; nothing for NULL.
///
/// # Safety
/// `path` is NULL or a path not yet freed, not used after this.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_path_free(path: *mut LlkPath) {
    // SAFETY: the caller's promise above.
    unsafe { ptr::free(path) }
}

/// Plays the removal order `steps` (`len` pairs, each named on the board
/// as it is at that step, after the earlier removals and their gravity) on
/// a copy of `board` under `rules`. `*out_played` (when `out_played` is
/// not NULL) receives the number of steps played: all of them on success;
/// on `LLK_STATUS_ILLEGAL_STEP`, the index of the first illegal step.
/// `*out_tiles_left` (when not NULL) receives, on success, the tiles left
/// (0: the order clears the board). The board itself is not changed.
///
/// Returns `LLK_STATUS_ILLEGAL_STEP` at the first step that cannot be
/// played, with `llk_last_error()` saying, as the binary's `replay` does,
/// `illegal step K: (r1, c1) (r2, c2): why`, every number 0-based as the
/// API's (K is `*out_played`; the cells are the pair's, as given);
/// `LLK_STATUS_INVALID_ARGUMENT` for a NULL `board`, `rules`, or `steps`
/// with a length.
///
/// # Complexity
/// O(len · rows·cols) at most.
///
/// # Safety
/// `board` and `rules` are NULL or live handles; `steps` is NULL (only
/// when `len` is 0) or points to `len` pairs; each out-parameter is NULL
/// or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_replay(
    board: *const LlkBoard,
    rules: *const LlkRules,
    steps: *const LlkPair,
    len: usize,
    out_played: *mut usize,
    out_tiles_left: *mut usize,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let (board, rules, steps) = unsafe {
            (
                ptr::borrow(board, "board")?,
                ptr::borrow(rules, "rules")?,
                ptr::slice(steps, len, "steps")?,
            )
        };
        let order = Order::new(
            steps
                .iter()
                .map(|s| {
                    // A plain pair keeps its cells as written, so that an
                    // illegal step's message names them in that order.
                    s.to_move().map(|m| match m.route() {
                        None => Removal::pair(s.a.into(), s.b.into()),
                        Some(_) => Removal::from(m),
                    })
                })
                .collect::<Result<_, _>>()?,
        );
        let (played, tiles_left, result) = match order.replay(&board.inner, rules.rules()) {
            Ok(done) => (done.steps, Some(done.tiles_left), Ok(())),
            Err(illegal) => {
                // Every number 0-based, as the API's: the step is
                // `*out_played`, the cells are the pair's as given.
                let step = steps[illegal.index];
                let route = match step.route {
                    crate::solve::LLK_ROUTE_ROW => " (a slide along its row)",
                    crate::solve::LLK_ROUTE_COLUMN => " (a slide along its column)",
                    _ => "",
                };
                let (a, b): (lianliankan::Pos, lianliankan::Pos) = (step.a.into(), step.b.into());
                (
                    illegal.index,
                    None,
                    Err(Error::new(
                        LlkStatus::IllegalStep,
                        format!(
                            "illegal step {}: {a} {b}{route}: {}",
                            illegal.index, illegal.cause
                        ),
                    )),
                )
            }
        };
        if !out_played.is_null() {
            // SAFETY: non-NULL, and the caller's promise above.
            unsafe { ptr::write(out_played, played, "out_played")? };
        }
        if let (false, Some(left)) = (out_tiles_left.is_null(), tiles_left) {
            // SAFETY: non-NULL, and the caller's promise above.
            unsafe { ptr::write(out_tiles_left, left, "out_tiles_left")? };
        }
        result
    })
}

/// Makes a `rows` x `cols` board of `kinds` kinds that can be cleared
/// under `rules`, from `seed` (the same arguments give the same board, as
/// the binary's `generate` does), and stores it in `*out_board`; when
/// `out_certificate` is not NULL, stores there a solution (outcome
/// `LLK_OUTCOME_SOLVED`) whose order clears the board. The caller frees the
/// board with `llk_board_free` and the solution with `llk_solution_free`.
/// Every cell is a tile (but one when the cell count is odd); each kind is
/// used for about as many pairs as the others.
///
/// `cancel` is NULL (not cancellable) or a token: once it is cancelled
/// (`llk_cancel_cancel`, from any thread) the construction ends within one
/// placement and the call returns `LLK_STATUS_CANCELLED`, storing nothing.
///
/// Returns `LLK_STATUS_GENERATE_FAILED` for fewer than two cells or
/// `kinds` outside 1 to rows*cols/2; `LLK_STATUS_INVALID_ARGUMENT` for
/// more than `LLK_MAX_GENERATE_CELLS` cells or a NULL `rules` or
/// `out_board`.
///
/// # Complexity
/// About O((rows·cols)²) path searches in the worst case.
///
/// # Safety
/// `rules` is NULL or live rules; `cancel` is NULL or a live token; each
/// out-parameter is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_generate(
    rows: usize,
    cols: usize,
    kinds: u32,
    seed: u64,
    rules: *const LlkRules,
    cancel: *const LlkCancel,
    out_board: *mut *mut LlkBoard,
    out_certificate: *mut *mut LlkSolution,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let rules = unsafe { ptr::borrow(rules, "rules")? };
        ptr::check_out(out_board, "out_board")?;
        within_size_limit(rows, cols)?;
        let spec = GenerateSpec::new(rows, cols, kinds)
            .with_seed(seed)
            .with_rules(rules.rules().clone());
        // SAFETY: the caller's promise above.
        let token = unsafe { cancel::token(cancel) }.unwrap_or_default();
        let made = lianliankan::generate_with(&spec, &token).map_err(|e| {
            let status = match e {
                GenerateError::Cancelled => LlkStatus::Cancelled,
                _ => LlkStatus::GenerateFailed,
            };
            Error::new(status, e.to_string())
        })?;
        let certificate = LlkSolution::new(&Solution::Solved(made.certificate));
        let board = ptr::into_handle(LlkBoard { inner: made.board });
        if !out_certificate.is_null() {
            // SAFETY: non-NULL, and the caller's promise above.
            unsafe {
                ptr::write(
                    out_certificate,
                    ptr::into_handle(certificate),
                    "out_certificate",
                )?
            };
        }
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out_board, board, "out_board") }
    })
}

/// Deals a `rows` x `cols` board as KShisen and its kin deal (the
/// library's `deal`), which need not be clearable: groups of `copies`
/// tiles of one kind, taking kinds 1 to `kinds` in turn and starting again
/// at 1 when they run out, shuffled from `seed` (the same arguments give
/// the same board). Stores it in `*out`; the caller frees it with
/// `llk_board_free`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for more than
/// `LLK_MAX_GENERATE_CELLS` cells or a NULL `out`;
/// `LLK_STATUS_GENERATE_FAILED` when `rows * cols` is not a positive
/// multiple of `copies` (or `copies` is 0), or `kinds` is 0 or more than the
/// groups of `copies` tiles the board holds (some kind would never be
/// dealt): the library's message says which.
///
/// # Complexity
/// O(rows·cols).
///
/// # Safety
/// `out` is NULL or valid for writing a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_deal(
    rows: usize,
    cols: usize,
    kinds: u32,
    copies: usize,
    seed: u64,
    out: *mut *mut LlkBoard,
) -> LlkStatus {
    guard(|| {
        ptr::check_out(out, "out")?;
        let spec = DealSpec::new(rows, cols, kinds)
            .with_copies(copies)
            .with_seed(seed);
        let board = lianliankan::deal(&spec).map_err(|e| {
            let status = match e {
                GenerateError::TooLarge { .. } => LlkStatus::InvalidArgument,
                _ => LlkStatus::GenerateFailed,
            };
            Error::new(status, e.to_string())
        })?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, ptr::into_handle(LlkBoard { inner: board }), "out") }
    })
}
