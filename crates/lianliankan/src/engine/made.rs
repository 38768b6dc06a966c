//! What the boards the engine makes may be: the one size limit, and why a
//! board was not made. `deal` and `generate` both stand on it.

use std::fmt;

use crate::query::MAX_KIND;

/// The most cells a board made by the engine — [`deal`](crate::deal),
/// [`generate`](crate::generate), [`generate_rated`](crate::generate_rated)
/// — may have: a million, a little more than the largest board of the
/// HDU 1175 judge (1,000 × 999). Larger sizes are refused with
/// [`GenerateError::TooLarge`] before anything is allocated, on every face
/// of the engine (the command line, Python, C, the web game), so that no
/// caller's size can exhaust the memory of its process. Boards the caller
/// builds (from rows, a grid or a judge's input) follow what the input
/// holds and are not limited.
pub const MAX_CELLS: usize = 1_000_000;

/// `rows·cols`, or [`GenerateError::TooLarge`] above [`MAX_CELLS`] (or
/// beyond `usize`).
pub(crate) fn cells_within_limit(rows: usize, cols: usize) -> Result<usize, GenerateError> {
    match rows.checked_mul(cols) {
        Some(cells) if cells <= MAX_CELLS => Ok(cells),
        _ => Err(GenerateError::TooLarge { rows, cols }),
    }
}

/// Why [`generate`](crate::generate) (or [`deal`](crate::deal)) made no board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// Fewer than two cells.
    TooSmall,
    /// More than [`MAX_CELLS`](crate::MAX_CELLS) cells: refused before
    /// anything is allocated.
    TooLarge {
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
                "a {rows} x {cols} board has more than {} cells",
                MAX_CELLS
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
