//! The JSON shapes the game endpoints share, and their checks against the
//! [`Limits`]: rules, boards, cells and paths.
//!
//! Cells are `[row, col]`, 0-based. A path is its corners, `[row, col]`
//! each, in the engine's board frame: the ring around the board that the
//! open border lets a path use is row or column `-1`, `rows` or `cols`.

use lianliankan::{Board, Border, Gravity, Groups, Move, Path, Pos, Rules, Slide};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::limits::{Limits, SEED_MAX};

/// The rules as the API writes them. Every field may be left out: the
/// judge's rules (2 turns, closed border, no gravity, no groups) fill in.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct RulesJson {
    /// The most turns a path may make.
    pub turns: Option<usize>,
    /// `closed` (the judge's) or `open` (paths may run around the board).
    pub border: Option<String>,
    /// A gravity mode by its command-line name (`none`, `down`, ...).
    pub gravity: Option<String>,
    /// Matching groups, e.g. `28-31,39+41` (empty: none).
    pub groups: Option<String>,
}

impl RulesJson {
    /// The engine's rules, or a 400 naming the bad field.
    pub fn to_rules(&self, limits: &Limits) -> Result<Rules, ApiError> {
        let max_turns = self.turns.unwrap_or(2);
        if max_turns > limits.turns {
            return Err(ApiError::bad_request(format!(
                "turns must be 0 to {}, got {max_turns}",
                limits.turns
            )));
        }
        let border = match self.border.as_deref().unwrap_or("closed") {
            "closed" => Border::Closed,
            "open" => Border::Open,
            other => {
                return Err(ApiError::bad_request(format!(
                    "border must be `closed` or `open`, got `{other}`"
                )));
            }
        };
        let gravity: Gravity = self
            .gravity
            .as_deref()
            .unwrap_or("none")
            .parse()
            .map_err(|e: lianliankan::UnknownGravity| ApiError::bad_request(e.to_string()))?;
        let groups = match self.groups.as_deref().map(str::trim) {
            None | Some("") => Groups::none(),
            Some(spec) if spec.len() > limits.groups_bytes => {
                return Err(ApiError::bad_request(format!(
                    "groups may be at most {} bytes long, got {}",
                    limits.groups_bytes,
                    spec.len()
                )));
            }
            Some(spec) => spec
                .parse()
                .map_err(|e: lianliankan::BadGroups| ApiError::bad_request(e.to_string()))?,
        };
        Ok(Rules {
            max_turns,
            border,
            gravity,
            groups,
        })
    }

    /// The rules written back in full (every field present), as a response
    /// or a share link shows them.
    pub fn from_rules(rules: &Rules) -> RulesJson {
        RulesJson {
            turns: Some(rules.max_turns),
            border: Some(
                match rules.border {
                    Border::Closed => "closed",
                    Border::Open => "open",
                }
                .to_owned(),
            ),
            gravity: Some(rules.gravity.name().to_owned()),
            groups: Some(rules.groups.to_string()),
        }
    }
}

/// A cell, `[row, col]`.
pub type CellJson = [usize; 2];

/// A path corner, `[row, col]` in the board frame (the ring is -1).
pub type PointJson = [isize; 2];

/// `pos` as `[row, col]`.
pub fn cell(pos: Pos) -> CellJson {
    [pos.row, pos.col]
}

/// `path`'s corners as `[row, col]`s.
pub fn corners(path: &Path) -> Vec<PointJson> {
    path.corners().iter().map(|p| [p.row, p.col]).collect()
}

/// A pair of tiles and, when asked for, the path that joins them.
#[derive(Clone, Debug, Serialize)]
pub struct PairJson {
    /// The first tile (the smaller cell, row by row).
    pub a: CellJson,
    /// The second tile.
    pub b: CellJson,
    /// The corners of the path (fewest turns, then shortest).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<PointJson>>,
}

impl PairJson {
    /// `pair`, with `path` when given.
    pub fn new(pair: Move, path: Option<&Path>) -> PairJson {
        PairJson {
            a: cell(pair.a()),
            b: cell(pair.b()),
            path: path.map(corners),
        }
    }
}

/// A tile gravity moved.
#[derive(Clone, Debug, Serialize)]
pub struct SlideJson {
    /// Its kind.
    pub kind: u32,
    /// Where it was before the removal.
    pub from: CellJson,
    /// Where it is now.
    pub to: CellJson,
}

impl From<&Slide> for SlideJson {
    fn from(slide: &Slide) -> SlideJson {
        SlideJson {
            kind: slide.kind,
            from: cell(slide.from),
            to: cell(slide.to),
        }
    }
}

/// The kinds of a board, row by row (0 = empty).
pub type BoardJson = Vec<Vec<u32>>;

/// `board`'s kinds, row by row.
pub fn board_json(board: &Board) -> BoardJson {
    board.to_grid().row_slices().map(<[u32]>::to_vec).collect()
}

/// Checks a board's size against the limits: 1 to `rows` rows of 1 to
/// `cols` columns, at most `cells` cells.
pub fn check_size(rows: usize, cols: usize, limits: &Limits) -> Result<(), ApiError> {
    if rows == 0 || rows > limits.rows || cols == 0 || cols > limits.cols {
        return Err(ApiError::bad_request(format!(
            "a board has 1 to {} rows and 1 to {} columns, got {rows} × {cols}",
            limits.rows, limits.cols
        )));
    }
    let cells = rows * cols;
    if cells > limits.cells {
        return Err(ApiError::bad_request(format!(
            "a board has at most {} cells, got {rows} × {cols} = {cells}",
            limits.cells
        )));
    }
    Ok(())
}

/// Checks that a deal's cells can all hold tiles, which go in pairs.
pub fn check_even(rows: usize, cols: usize) -> Result<(), ApiError> {
    if (rows * cols) % 2 != 0 {
        return Err(ApiError::bad_request(format!(
            "a deal needs an even number of cells (tiles go in pairs), got {rows} × {cols} = {}",
            rows * cols
        )));
    }
    Ok(())
}

/// The board a request sent, checked: rectangular, within the limits,
/// kinds up to the engine's largest.
pub fn parse_board(rows: &[Vec<u32>], limits: &Limits) -> Result<Board, ApiError> {
    let cols = rows.first().map_or(0, Vec::len);
    if let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != cols) {
        return Err(ApiError::bad_request(format!(
            "every row of the board must have {cols} cells like the first, row {r} has {}",
            row.len()
        )));
    }
    check_size(rows.len(), cols, limits)?;
    Board::from_rows(rows).map_err(|e| ApiError::bad_request(format!("bad board: {e}")))
}

/// A cell a request names, checked to be on `board`.
pub fn parse_cell(cell: CellJson, board: &Board, what: &str) -> Result<Pos, ApiError> {
    let pos = Pos::new(cell[0], cell[1]);
    if board.contains(pos) {
        Ok(pos)
    } else {
        Err(ApiError::bad_request(format!(
            "{what} [{}, {}] is not on the {} × {} board",
            cell[0],
            cell[1],
            board.rows(),
            board.cols()
        )))
    }
}

/// A seed a request sent, checked to survive JavaScript ([`SEED_MAX`]).
pub fn check_seed(seed: u64) -> Result<u64, ApiError> {
    if seed > SEED_MAX {
        return Err(ApiError::bad_request(format!(
            "a seed is 0 to {SEED_MAX} (what a JavaScript number holds exactly), got {seed}"
        )));
    }
    Ok(seed)
}
