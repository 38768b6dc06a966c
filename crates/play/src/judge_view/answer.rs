//! The viewer's answer: the judge's output, the input's first error, and
//! each board's or case's answers with what the page draws of them; and
//! the limits of what is drawn, which every problem's view shares.

use grid_core::{InputError, Location, Path, Pos};
use lianliankan::Board;
use serde::Serialize;

use crate::limits::Limits;

/// A solitaire square, `[row, col]` (0-based), as the library's cells are
/// written (the solitaire crate has no serde forms of its own).
pub(super) type SquareJson = [usize; 2];

/// Where the input is malformed.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct InputErrorJson {
    pub(super) line: usize,
    pub(super) column: usize,
    /// The whole message, as the binary prints it after `error: `.
    pub(super) message: String,
}

impl From<&InputError> for InputErrorJson {
    fn from(error: &InputError) -> InputErrorJson {
        InputErrorJson {
            line: error.location.line,
            column: error.location.column,
            message: error.to_string(),
        }
    }
}

/// The answer to `POST /api/judge`.
#[derive(Debug, Serialize)]
pub struct JudgeResponse {
    /// The problem's name.
    pub(super) problem: &'static str,
    /// What the judge binary prints for this input (up to the error).
    pub(super) output: String,
    /// The first malformed place of the input, if any.
    pub(super) error: Option<InputErrorJson>,
    /// More answers than the viewer returns: the rest are in `output` only.
    pub(super) truncated: bool,
    /// lianliankan and segments: each board with its answers (present for
    /// them even when no board was read).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) boards: Option<Vec<BoardAnswers>>,
    /// solitaire: each case with its answer (present for it even when no
    /// case was read).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) cases: Option<Vec<CaseAnswer>>,
}

/// A board of the input and the answers to its queries.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum BoardAnswers {
    /// A lianliankan board: kinds row by row (0 empty), and its queries.
    Tiles {
        /// Kinds, row by row.
        kinds: Board,
        /// The queries in input order.
        queries: Vec<QueryAnswer>,
    },
    /// A segments board: rows of `X` (a piece) and `.` (empty), and its pairs.
    Pieces {
        /// The rows.
        pieces: Vec<String>,
        /// The pairs in input order.
        pairs: Vec<QueryAnswer>,
    },
}

/// One query or pair: the two cells, the judge's answer line, the path.
#[derive(Debug, Serialize)]
pub struct QueryAnswer {
    pub(super) a: Pos,
    pub(super) b: Pos,
    /// The judge's line for it (`YES`, `Pair 2: 3 segments.`).
    pub(super) answer: String,
    /// The path's corners (board frame; the ring is -1), when there is one.
    pub(super) path: Option<Path>,
    /// Why not, in words, for a lianliankan `NO`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) why: Option<String>,
}

/// One solitaire case: the two configurations, the answer, the moves.
#[derive(Debug, Serialize)]
pub struct CaseAnswer {
    pub(super) start: Vec<SquareJson>,
    pub(super) goal: Vec<SquareJson>,
    /// `YES` or `NO`.
    pub(super) answer: &'static str,
    /// The fewest moves, when within the limit.
    pub(super) distance: Option<u32>,
    /// One shortest sequence, when within the limit.
    pub(super) moves: Option<Vec<MoveJson>>,
}

/// One solitaire move.
#[derive(Debug, Serialize)]
pub struct MoveJson {
    pub(super) from: SquareJson,
    pub(super) to: SquareJson,
    pub(super) jump: bool,
}

/// An error at the start of the board that is too large to draw.
pub(super) fn too_large(at: Location, rows: usize, cols: usize, limits: &Limits) -> InputError {
    InputError::invalid(
        at,
        format!(
            "the viewer draws boards of at most {} cells, this one is {rows} × {cols}",
            limits.judge_board_cells
        ),
    )
}

/// How many answers of an input are drawn: the first ones, up to the
/// limit, in input order; the judge's output has them all.
pub(super) struct Drawn {
    /// Answers drawn so far.
    answers: usize,
    /// The most drawn.
    limit: usize,
    /// More answers than the limit were asked for.
    pub(super) truncated: bool,
}

impl Drawn {
    pub(super) fn new(limits: &Limits) -> Drawn {
        Drawn {
            answers: 0,
            limit: limits.judge_answers,
            truncated: false,
        }
    }

    /// Whether the limit is reached (the next answer is not drawn).
    pub(super) fn full(&self) -> bool {
        self.answers == self.limit
    }

    /// One more answer drawn.
    pub(super) fn count(&mut self) {
        self.answers += 1;
    }
}

/// The response of a view: the error is the input's (the judge's) when it
/// has one, else why the view stopped drawing (`stopped`: a board too
/// large to draw).
pub(super) fn response(
    problem: &'static str,
    output: String,
    fault: Option<InputError>,
    stopped: Option<InputError>,
    truncated: bool,
    boards: Option<Vec<BoardAnswers>>,
    cases: Option<Vec<CaseAnswer>>,
) -> JudgeResponse {
    JudgeResponse {
        problem,
        output,
        error: fault.or(stopped).as_ref().map(InputErrorJson::from),
        truncated,
        boards,
        cases,
    }
}
