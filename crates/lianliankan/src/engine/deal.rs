//! Random deals, as the games deal them.

use grid_core::{Grid, SplitMix64};

use super::generate_error::{GenerateError, cells_within_limit};
use crate::query::{Board, MAX_KIND};

/// A random deal, as the games deal: what [`deal`] is asked for.
///
/// With the `serde` feature: `{"rows": 8, "cols": 18, "kinds": 36,
/// "copies": 4, "seed": 7}`; `copies` (4) and `seed` (0) may be left out,
/// as [`DealSpec::new`] leaves them, and an unknown field is refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
#[non_exhaustive]
pub struct DealSpec {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Kinds of tile; each appears in groups of `copies`.
    pub kinds: u32,
    /// Tiles of one kind in a group (4 in the games).
    #[cfg_attr(feature = "serde", serde(default = "four"))]
    pub copies: usize,
    /// The random seed: the same spec gives the same deal.
    #[cfg_attr(feature = "serde", serde(default))]
    pub seed: u64,
}

impl DealSpec {
    /// A `rows × cols` deal of `kinds` kinds in groups of four, seed 0.
    #[must_use]
    pub fn new(rows: usize, cols: usize, kinds: u32) -> DealSpec {
        DealSpec {
            rows,
            cols,
            kinds,
            copies: 4,
            seed: 0,
        }
    }

    /// The same spec with groups of `copies` tiles of one kind.
    #[must_use]
    pub fn with_copies(self, copies: usize) -> DealSpec {
        DealSpec { copies, ..self }
    }

    /// The same spec with `seed`.
    #[must_use]
    pub fn with_seed(self, seed: u64) -> DealSpec {
        DealSpec { seed, ..self }
    }
}

/// A random deal, as KShisen and its kin deal, which need not be clearable:
/// the board is filled with groups of `copies` tiles of one kind, taking
/// kinds 1..=`kinds` in turn and starting again at 1 when they run out, then
/// shuffled uniformly (from `seed`). With `rows·cols = kinds·copies` every
/// kind appears `copies` times; with fewer kinds some appear more often.
/// Every kind asked for is dealt: more kinds than groups is an error.
///
/// ```
/// use lianliankan::{DealSpec, deal};
/// let board = deal(&DealSpec::new(8, 18, 36).with_seed(1)).unwrap();
/// assert_eq!(board.tile_count(), 144);
/// assert_eq!(board.tiles().filter(|&(_, k)| k == 36).count(), 4);
/// ```
///
/// # Errors
/// [`GenerateError::TooLarge`] for more than [`MAX_CELLS`](crate::MAX_CELLS) cells;
/// [`GenerateError::Copies`] unless `rows·cols` is a positive multiple of
/// `copies`; [`GenerateError::DealKinds`] for 0 kinds, or more kinds than
/// groups of `copies` (some kind would never be dealt).
///
/// # Complexity
/// O(rows·cols).
pub fn deal(spec: &DealSpec) -> Result<Board, GenerateError> {
    let cells = cells_within_limit(spec.rows, spec.cols)?;
    if spec.copies == 0 || cells == 0 || cells % spec.copies != 0 {
        return Err(GenerateError::Copies {
            cells,
            copies: spec.copies,
        });
    }
    let groups = cells / spec.copies;
    if spec.kinds == 0 || spec.kinds > MAX_KIND || spec.kinds as usize > groups {
        return Err(GenerateError::DealKinds {
            kinds: spec.kinds,
            groups,
            copies: spec.copies,
        });
    }
    let mut kinds: Vec<u32> = (0..cells / spec.copies)
        .flat_map(|group| {
            let kind = (group % spec.kinds as usize) as u32 + 1;
            std::iter::repeat_n(kind, spec.copies)
        })
        .collect();
    SplitMix64::new(spec.seed).shuffle(&mut kinds);
    let grid = Grid::from_vec(spec.rows, spec.cols, kinds).expect("rows·cols kinds");
    Ok(Board::new(&grid).expect("kinds up to MAX_KIND"))
}

/// The default of [`DealSpec::copies`] when a serialized spec leaves it out.
#[cfg(feature = "serde")]
fn four() -> usize {
    4
}
