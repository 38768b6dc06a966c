//! The viewer: a judge input of any of the three problems, answered by the
//! libraries, with every answer's path (lianliankan, segments) or move
//! sequence (solitaire) for the page to draw.
//!
//! The answer has the judge's exact output (`judge::run` of the library,
//! what the binary prints), the input error if there is one (line, column,
//! message; the answers before it are kept, as the binaries keep them), and
//! the boards or cases read with each answer's drawing data. An input error
//! is part of the answer (status 200), since the answers before it are
//! worth showing; a request the viewer cannot take (unknown problem, input
//! over the limit, bad options) is a 4xx.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use grid_core::{InputError, JudgeError, Location, Path, Pos, Reader};
use lianliankan::{Board, Connector, Gravity};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiJson};
use crate::limits::Limits;
use crate::problem::Problem;
use crate::state::AppState;
use crate::wire::RulesRequest;

/// A solitaire square, `[row, col]` (0-based), as the library's cells are
/// written (the solitaire crate has no serde forms of its own).
type SquareJson = [usize; 2];

/// `POST /api/judge`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeRequest {
    /// `lianliankan`, `segments` or `solitaire`.
    problem: String,
    /// The judge input, as the binary would read it.
    input: String,
    /// lianliankan only: turns, border and groups (gravity has no meaning
    /// where nothing is removed).
    #[serde(default)]
    rules: RulesRequest,
    /// solitaire only: the most moves (the judge's 8 when left out).
    max_moves: Option<u32>,
}

/// Where the input is malformed.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct InputErrorJson {
    line: usize,
    column: usize,
    /// The whole message, as the binary prints it after `error: `.
    message: String,
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
    problem: &'static str,
    /// What the judge binary prints for this input (up to the error).
    output: String,
    /// The first malformed place of the input, if any.
    error: Option<InputErrorJson>,
    /// More answers than the viewer returns: the rest are in `output` only.
    truncated: bool,
    /// lianliankan and segments: each board with its answers (present for
    /// them even when no board was read).
    #[serde(skip_serializing_if = "Option::is_none")]
    boards: Option<Vec<BoardAnswers>>,
    /// solitaire: each case with its answer (present for it even when no
    /// case was read).
    #[serde(skip_serializing_if = "Option::is_none")]
    cases: Option<Vec<CaseAnswer>>,
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
    a: Pos,
    b: Pos,
    /// The judge's line for it (`YES`, `Pair 2: 3 segments.`).
    answer: String,
    /// The path's corners (board frame; the ring is -1), when there is one.
    path: Option<Path>,
    /// Why not, in words, for a lianliankan `NO`.
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<String>,
}

/// Why two cells of a lianliankan board do not connect under `rules`
/// (given that they do not).
fn why_not(board: &lianliankan::Board, a: Pos, b: Pos, rules: &lianliankan::Rules) -> String {
    let cell = |p: Pos| format!("({},{})", p.row + 1, p.col + 1);
    let (ka, kb) = (board.kind(a).unwrap_or(0), board.kind(b).unwrap_or(0));
    if a == b {
        format!("{} is the same cell twice", cell(a))
    } else if ka == 0 || kb == 0 {
        format!("{} is empty", cell(if ka == 0 { a } else { b }))
    } else if !rules.matches(ka, kb) {
        format!("the tiles are of different kinds ({ka} and {kb})")
    } else {
        let turns = rules.max_turns;
        format!(
            "no path of empty cells with at most {turns} turn{} joins them{}",
            if turns == 1 { "" } else { "s" },
            if rules.border == lianliankan::Border::Open {
                ", even around the board"
            } else {
                " on the board"
            }
        )
    }
}

/// One solitaire case: the two configurations, the answer, the moves.
#[derive(Debug, Serialize)]
pub struct CaseAnswer {
    start: Vec<SquareJson>,
    goal: Vec<SquareJson>,
    /// `YES` or `NO`.
    answer: &'static str,
    /// The fewest moves, when within the limit.
    distance: Option<u32>,
    /// One shortest sequence, when within the limit.
    moves: Option<Vec<MoveJson>>,
}

/// One solitaire move.
#[derive(Debug, Serialize)]
pub struct MoveJson {
    from: SquareJson,
    to: SquareJson,
    jump: bool,
}

/// Answers a judge input for the page to draw.
pub async fn judge(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<JudgeRequest>,
) -> Result<Json<JudgeResponse>, ApiError> {
    let limits = state.limits.clone();
    if request.input.len() > limits.judge_input_bytes {
        return Err(ApiError::TooLarge(format!(
            "the viewer takes judge inputs of at most {} bytes, got {}",
            limits.judge_input_bytes,
            request.input.len()
        )));
    }
    let problem: Problem = request
        .problem
        .parse()
        .map_err(|e: crate::problem::UnknownProblem| ApiError::bad_request(e.to_string()))?;
    let response = match problem {
        Problem::Lianliankan => {
            let rules = request.rules.to_rules(&limits)?;
            if rules.gravity != Gravity::None {
                return Err(ApiError::bad_request(
                    "gravity has no meaning in judge mode (nothing is removed)",
                ));
            }
            state
                .heavy
                .run(move || lianliankan_view(&request.input, rules, &limits))
                .await?
        }
        Problem::Segments => {
            if !request.rules.is_left_out() {
                return Err(ApiError::bad_request(
                    "segments takes no rules (its paths may always run around the board)",
                ));
            }
            state
                .heavy
                .run(move || segments_view(&request.input, &limits))
                .await?
        }
        Problem::Solitaire => {
            let max_moves = request.max_moves.unwrap_or(8);
            if max_moves > limits.solitaire_moves {
                return Err(ApiError::bad_request(format!(
                    "max_moves must be 0 to {}, got {max_moves}",
                    limits.solitaire_moves
                )));
            }
            state
                .heavy
                .run(move || solitaire_view(&request.input, max_moves, &limits))
                .await?
        }
    };
    Ok(Json(response))
}

/// The output of a library's `judge::run` as text, and its input error.
fn judge_output(
    run: impl FnOnce(&mut Vec<u8>) -> Result<(), JudgeError>,
) -> (String, Option<InputErrorJson>) {
    let mut out = Vec::new();
    let error = match run(&mut out) {
        Ok(()) => None,
        Err(JudgeError::Input(e)) => Some(InputErrorJson::from(&e)),
        // Writing to a Vec cannot fail; any other error has no place.
        Err(other) => Some(InputErrorJson {
            line: 0,
            column: 0,
            message: other.to_string(),
        }),
    };
    (String::from_utf8_lossy(&out).into_owned(), error)
}

/// An error at the start of the board that is too large to draw.
fn too_large(at: Location, rows: usize, cols: usize, limits: &Limits) -> InputError {
    InputError::invalid(
        at,
        format!(
            "the viewer draws boards of at most {} cells, this one is {rows} × {cols}",
            limits.judge_board_cells
        ),
    )
}

/// The lianliankan viewer: every board and query, answered by `Connector`
/// (the paths `Batch`, the judge's, gives too).
fn lianliankan_view(input: &str, rules: lianliankan::Rules, limits: &Limits) -> JudgeResponse {
    let options = lianliankan::judge::Options {
        rules: rules.clone(),
        ..Default::default()
    };
    let (output, error) =
        judge_output(|out| lianliankan::judge::run(input.as_bytes(), &options, out));
    let mut reader = Reader::new(input.as_bytes());
    let mut boards = Vec::new();
    let mut answers = 0;
    let mut connector = Connector::new();
    let mut truncated = false;
    let stopped = 'boards: loop {
        let at = reader.location();
        let board = match lianliankan::format::read_board(&mut reader) {
            Ok(Some(board)) => board,
            Ok(None) => break None,
            Err(e) => break Some(e),
        };
        let (rows, cols) = (board.rows(), board.cols());
        if rows * cols > limits.judge_board_cells {
            break Some(too_large(at, rows, cols, limits));
        }
        let count = match lianliankan::format::read_query_count(&mut reader) {
            Ok(count) => count,
            Err(e) => break Some(e),
        };
        let kinds = board.clone();
        let mut queries = Vec::new();
        let mut fault = None;
        for _ in 0..count {
            if answers == limits.judge_answers {
                truncated = true;
                break;
            }
            match lianliankan::format::read_query(&mut reader, (rows, cols)) {
                Ok((a, b)) => {
                    let path = connector.connect(&board, a, b, &rules).ok().flatten();
                    let why = path.is_none().then(|| why_not(&board, a, b, &rules));
                    queries.push(QueryAnswer {
                        a,
                        b,
                        answer: if path.is_some() { "YES" } else { "NO" }.to_owned(),
                        path,
                        why,
                    });
                    answers += 1;
                }
                Err(e) => {
                    fault = Some(e);
                    break;
                }
            }
        }
        boards.push(BoardAnswers::Tiles { kinds, queries });
        if fault.is_some() || truncated {
            break 'boards fault;
        }
    };
    JudgeResponse {
        problem: Problem::Lianliankan.name(),
        output,
        error: error.or(stopped.as_ref().map(InputErrorJson::from)),
        truncated,
        boards: Some(boards),
        cases: None,
    }
}

/// The segments viewer: every board and pair, with the fewest-segment path.
fn segments_view(input: &str, limits: &Limits) -> JudgeResponse {
    let (output, error) = judge_output(|out| {
        segments::judge::run(input.as_bytes(), &segments::judge::Options::default(), out)
    });
    let mut reader = Reader::new(input.as_bytes());
    let mut boards = Vec::new();
    let mut answers = 0;
    let mut truncated = false;
    let stopped = 'boards: loop {
        let at = reader.location();
        let board = match segments::format::read_board(&mut reader) {
            Ok(Some(board)) => board,
            Ok(None) => break None,
            Err(e) => break Some(e),
        };
        let (rows, cols) = (board.rows(), board.cols());
        if rows * cols > limits.judge_board_cells {
            break Some(too_large(at, rows, cols, limits));
        }
        let pieces = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        if board.is_piece(Pos::new(r, c)) {
                            'X'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        let mut solver = segments::Solver::new(&board);
        let mut pairs = Vec::new();
        let mut fault = None;
        loop {
            if answers == limits.judge_answers {
                truncated = true;
                break;
            }
            match segments::format::read_pair(&mut reader, &board) {
                Ok(Some(pair)) => {
                    let path = solver.min_segments(pair.a, pair.b);
                    let line = segments::format::pair_line(
                        pairs.len() + 1,
                        path.as_ref().map(|p| p.segments()),
                    );
                    let why = path.is_none().then(|| {
                        "no path of straight segments through empty cells (and the \
                         margin around the board) joins the two pieces"
                            .to_owned()
                    });
                    pairs.push(QueryAnswer {
                        a: pair.a,
                        b: pair.b,
                        answer: line,
                        path,
                        why,
                    });
                    answers += 1;
                }
                Ok(None) => break,
                Err(e) => {
                    fault = Some(e);
                    break;
                }
            }
        }
        boards.push(BoardAnswers::Pieces { pieces, pairs });
        if fault.is_some() || truncated {
            break 'boards fault;
        }
    };
    JudgeResponse {
        problem: Problem::Segments.name(),
        output,
        error: error.or(stopped.as_ref().map(InputErrorJson::from)),
        truncated,
        boards: Some(boards),
        cases: None,
    }
}

/// The solitaire viewer: every case, with one shortest move sequence.
fn solitaire_view(input: &str, max_moves: u32, limits: &Limits) -> JudgeResponse {
    let options = solitaire::judge::Options {
        max_moves,
        ..Default::default()
    };
    let (output, error) =
        judge_output(|out| solitaire::judge::run(input.as_bytes(), &options, out));
    let mut reader = Reader::new(input.as_bytes());
    let mut solver = solitaire::Solver::new();
    let mut cases = Vec::new();
    let mut truncated = false;
    let squares = |config: solitaire::Config| -> Vec<SquareJson> {
        config
            .squares()
            .map(|s| [usize::from(s.row()), usize::from(s.col())])
            .collect()
    };
    let stopped = loop {
        if cases.len() == limits.judge_answers {
            truncated = !reader.is_at_end();
            break None;
        }
        let case = match solitaire::format::read_case(&mut reader, solitaire::format::JUDGE_PIECES)
        {
            Ok(Some(case)) => case,
            Ok(None) => break None,
            Err(e) => break Some(e),
        };
        let moves = solver.shortest_moves(case.start, case.goal, max_moves);
        cases.push(CaseAnswer {
            start: squares(case.start),
            goal: squares(case.goal),
            answer: if moves.is_some() { "YES" } else { "NO" },
            distance: moves.as_ref().map(|m| m.len() as u32),
            moves: moves.map(|moves| {
                moves
                    .into_iter()
                    .map(|m| MoveJson {
                        from: [usize::from(m.from.row()), usize::from(m.from.col())],
                        to: [usize::from(m.to.row()), usize::from(m.to.col())],
                        jump: m.kind == solitaire::MoveKind::Jump,
                    })
                    .collect()
            }),
        });
    };
    JudgeResponse {
        problem: Problem::Solitaire.name(),
        output,
        error: error.or(stopped.as_ref().map(InputErrorJson::from)),
        truncated,
        boards: None,
        cases: Some(cases),
    }
}
