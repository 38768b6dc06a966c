//! What the boards the engine makes may be: the one size limit, and why a
//! board was not made. `deal` and `generate` both stand on it.

use std::fmt;

use crate::query::{MAX_CELLS, MAX_COLS, MAX_KIND, MAX_ROWS};

/// The most cells of a board that [`generate`](crate::generate) (and
/// [`generate_rated`](crate::generate_rated)) makes: a board clearable by
/// construction costs about (rows·cols)² — measured 1.9 s for 100 × 100
/// and 10 s for 150 × 150 on a loaded 2-core machine — so this limit keeps
/// the largest generated board within about 10 s (docs/limits.md). Larger
/// sizes are refused with [`GenerateError::GenerateTooLarge`] before
/// anything is allocated, on every face. [`deal`](crate::deal), which
/// costs O(rows·cols), goes up to [`MAX_CELLS`].
pub const MAX_GENERATE_CELLS: usize = 10_000;

/// `rows·cols`, or [`GenerateError::TooLarge`] above [`MAX_ROWS`],
/// [`MAX_COLS`] or [`MAX_CELLS`].
pub(crate) fn cells_within_limit(rows: usize, cols: usize) -> Result<usize, GenerateError> {
    match rows.checked_mul(cols) {
        Some(cells) if rows <= MAX_ROWS && cols <= MAX_COLS && cells <= MAX_CELLS => Ok(cells),
        _ => Err(GenerateError::TooLarge { rows, cols }),
    }
}

/// `rows·cols`, or an error above [`MAX_GENERATE_CELLS`] (or as
/// [`cells_within_limit`]).
pub(crate) fn cells_to_generate(rows: usize, cols: usize) -> Result<usize, GenerateError> {
    let cells = cells_within_limit(rows, cols)?;
    if cells > MAX_GENERATE_CELLS {
        return Err(GenerateError::GenerateTooLarge { rows, cols });
    }
    Ok(cells)
}

/// Why [`generate`](crate::generate) (or [`deal`](crate::deal)) made no board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// Fewer than two cells.
    TooSmall,
    /// More than [`MAX_ROWS`](crate::MAX_ROWS) rows,
    /// [`MAX_COLS`](crate::MAX_COLS) columns or [`MAX_CELLS`](crate::MAX_CELLS)
    /// cells: refused before anything is allocated.
    TooLarge {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// More than [`MAX_GENERATE_CELLS`](crate::MAX_GENERATE_CELLS) cells
    /// for [`generate`](crate::generate): refused before anything is
    /// allocated.
    GenerateTooLarge {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// A deal's `kinds` is 0, above [`MAX_KIND`], or above the number of
    /// groups of `copies` tiles the board holds, so some kind would never
    /// be dealt.
    DealKinds {
        /// The kinds asked for.
        kinds: u32,
        /// The groups of `copies` tiles the board holds.
        groups: usize,
        /// The tiles of one kind in a group.
        copies: usize,
    },
    /// The caller's [`Cancel`](crate::Cancel) token was set ([`generate_with`](crate::generate_with)).
    Cancelled,
    /// `kinds` is 0, above [`MAX_KIND`], or above the number of pairs
    /// (`rows·cols / 2`), so some kind could not be used.
    Kinds {
        /// The kinds asked for.
        kinds: u32,
        /// The number of pairs the board holds.
        pairs: usize,
    },
    /// A deal's cells are not a whole number of groups of `copies` tiles
    /// (or `copies` is 0).
    Copies {
        /// The cells of the board.
        cells: usize,
        /// The tiles of one kind in a group.
        copies: usize,
    },
    /// Every attempt got stuck. Under the standard rule without gravity the
    /// last attempt keeps a domino tiling of the empty cells and cannot get
    /// stuck, so there this reports a bug instead of panicking; under
    /// gravity or the other connection rules a small board may have no
    /// clearable arrangement at all (four-rivers on a board one tile wide,
    /// say), or none that the attempts found.
    Stuck {
        /// The attempts made.
        attempts: usize,
    },
    /// No two tiles of the full board can be joined under the rules, so no
    /// full board can be cleared (four-rivers with a closed border: every
    /// tile is boxed in by its neighbours).
    NoFirstMove,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::TooSmall => f.write_str("a board needs at least two cells"),
            GenerateError::TooLarge { rows, cols } => write!(
                f,
                "a {rows} x {cols} board is larger than the largest board, {MAX_ROWS} x {MAX_COLS}"
            ),
            GenerateError::GenerateTooLarge { rows, cols } => write!(
                f,
                "a {rows} x {cols} board has more than {MAX_GENERATE_CELLS} cells, the most a generated board may have"
            ),
            GenerateError::DealKinds {
                kinds,
                groups,
                copies,
            } => write!(
                f,
                "{kinds} kinds cannot all be dealt in {groups} groups of {copies} tiles (1 to {} allowed)",
                (*groups).min(MAX_KIND as usize)
            ),
            GenerateError::Cancelled => f.write_str("cancelled"),
            GenerateError::Kinds { kinds, pairs } => write!(
                f,
                "{kinds} kinds cannot be used on a board of {pairs} pairs (1 to {} allowed)",
                (*pairs).min(MAX_KIND as usize)
            ),
            GenerateError::Copies { cells, copies } => write!(
                f,
                "{cells} cells cannot be dealt in groups of {copies} tiles of one kind"
            ),
            GenerateError::Stuck { attempts } => {
                write!(f, "no board found in {attempts} attempts under these rules")
            }
            GenerateError::NoFirstMove => f.write_str(
                "no two tiles of a full board can be joined under these rules, so no board can be cleared",
            ),
        }
    }
}

impl std::error::Error for GenerateError {}
