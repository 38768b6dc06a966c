//! The binary's whole judge loop over bytes: read each test case, answer it,
//! and write the answer at once, so that every answer before a fault is
//! already written when the fault is reported. The caller owns the input and
//! the output; nothing here touches files, stdin or stdout.

use std::io::Write;

use grid_core::{JudgeError, Reader};

use crate::format::{Case, JUDGE_PIECES, read_case};
use crate::{Config, Solver, Square, draw};

/// The judge-relevant settings of [`run`]; the default is the judge's
/// question (four pieces, at most 8 moves, `YES`/`NO` alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// `YES` when the goal is at most this many moves away (`--max-moves`).
    pub max_moves: u32,
    /// After each answer, the minimum number of moves and one shortest
    /// sequence (`--explain`).
    pub explain: bool,
    /// After each `YES`, the board after each move of a shortest sequence
    /// (`--draw`).
    pub draw: bool,
    /// Pieces per configuration (`--pieces`; the binary accepts 1 to 8).
    pub pieces: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_moves: 8,
            explain: false,
            draw: false,
            pieces: JUDGE_PIECES as u8,
        }
    }
}

/// Answers every test case of `input` (the HDU 1401 format, see
/// [`read_case`]), writing one line per case (with moves and drawings as
/// `options` ask) to `out` as it goes.
///
/// ```
/// use solitaire::judge::{Options, run};
/// let mut out = Vec::new();
/// run(b"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n", &Options::default(), &mut out).unwrap();
/// assert_eq!(out, b"YES\n");
/// ```
///
/// # Errors
/// [`JudgeError::Input`] at the first malformed place of the input (what
/// was answered before it has been written); [`JudgeError::Io`] when
/// writing fails.
/// With `pieces` 0 there is nothing to read and nothing is written.
///
/// # Complexity
/// Per case as [`Solver::distance`] (or [`Solver::shortest_moves`] with
/// `explain` or `draw`): bounded by the configurations within
/// `max_moves / 2 + 1` moves of either end, and by C(64, pieces) whatever
/// `max_moves` is. More than four pieces with a large `max_moves` can take
/// much time and memory.
pub fn run(input: &[u8], options: &Options, out: &mut dyn Write) -> Result<(), JudgeError> {
    let mut reader = Reader::new(input);
    let mut solver = Solver::new();
    while let Some(case) = read_case(&mut reader, usize::from(options.pieces))? {
        answer(out, &mut solver, case, options)?;
    }
    Ok(())
}

/// Solves one case and writes its answer (and explanation and drawings, as
/// asked).
fn answer(
    out: &mut dyn Write,
    solver: &mut Solver,
    case: Case,
    options: &Options,
) -> Result<(), JudgeError> {
    let limit = options.max_moves;
    if !options.explain && !options.draw {
        let verdict = solver.distance(case.start, case.goal, limit).is_some();
        writeln!(out, "{}", if verdict { "YES" } else { "NO" })?;
        return Ok(());
    }
    let Some(moves) = solver.shortest_moves(case.start, case.goal, limit) else {
        if options.explain {
            writeln!(out, "NO (more than {limit} moves)")?;
        } else {
            writeln!(out, "NO")?;
        }
        return Ok(());
    };
    if options.explain {
        write!(out, "YES {}", moves.len())?;
        for (i, mv) in moves.iter().enumerate() {
            write!(out, "{}{mv}", if i == 0 { ": " } else { " " })?;
        }
        writeln!(out)?;
    } else {
        writeln!(out, "YES")?;
    }
    if options.draw {
        write_drawing(out, case.start, None, "start")?;
        let mut board = case.start;
        for (i, mv) in moves.iter().enumerate() {
            // The solver's moves are legal; `apply` checks it again.
            board = board.apply(*mv).unwrap_or(board);
            write_drawing(out, board, Some(mv.to), &format!("after {}. {mv}", i + 1))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// One drawing, indented under its title.
fn write_drawing(
    out: &mut dyn Write,
    board: Config,
    marked: Option<Square>,
    title: &str,
) -> Result<(), JudgeError> {
    writeln!(out, "  {title}:")?;
    for line in draw::draw(board, marked).lines() {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}
