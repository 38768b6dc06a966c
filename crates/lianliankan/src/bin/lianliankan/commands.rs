//! The engine subcommands: `hint`, `moves`, `solve`, `generate` (judge
//! mode is `lianliankan::judge::run`).

use std::io::{IsTerminal, Write};

use grid_cli::Failure;
use lianliankan::draw::{Style, draw};
use lianliankan::format::{read_board, read_query, read_query_count, write_board};
use lianliankan::{
    Board, Connector, Game, GenerateSpec, InputError, Reader, Rules, Solution, generate,
    solve_with_progress,
};

/// Reads the board of an engine subcommand: the first board of a judge
/// input. Whatever follows it (queries, more boards, `0 0`) must be well
/// formed and is ignored, so judge inputs can be given as they are.
pub fn read_engine_board(input: &[u8]) -> Result<Board, InputError> {
    let mut reader = Reader::new(input);
    let Some(first) = read_board(&mut reader)? else {
        return Err(InputError::invalid(
            reader.location(),
            "expected a board (`n m` and n rows of m kinds), found none",
        ));
    };
    let mut current = None;
    loop {
        if reader.is_at_end() {
            break;
        }
        let on = current.as_ref().unwrap_or(&first);
        for _ in 0..read_query_count(&mut reader)? {
            read_query(&mut reader, (on.rows(), on.cols()))?;
        }
        match read_board(&mut reader)? {
            Some(next) => current = Some(next),
            None => break,
        }
    }
    Ok(first)
}

/// `hint`: one removable pair as `r1 c1 r2 c2`, or `NONE`.
pub fn hint(board: Board, rules: Rules, out: &mut dyn Write) -> Result<(), Failure> {
    match Game::new(board, rules).hint() {
        Some(pair) => writeln!(out, "{pair}")?,
        None => writeln!(out, "NONE")?,
    }
    Ok(())
}

/// `moves`: every removable pair, one `r1 c1 r2 c2` line each, sorted.
pub fn moves(board: Board, rules: Rules, out: &mut dyn Write) -> Result<(), Failure> {
    for pair in Game::new(board, rules).moves() {
        writeln!(out, "{pair}")?;
    }
    Ok(())
}

/// What `solve` found, for the exit status.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Solved or proved unsolvable.
    Answered,
    /// The budget ran out (exit status 3).
    Unknown,
}

/// `solve`: the removal order, `UNSOLVABLE`, or `UNKNOWN (...)`.
pub fn solve(
    board: Board,
    rules: Rules,
    budget: u64,
    drawing: Option<Style>,
    out: &mut dyn Write,
) -> Result<Verdict, Failure> {
    let stderr = std::io::stderr();
    let show = stderr.is_terminal();
    let mut shown = false;
    let mut progress = |states: u64| {
        if show {
            eprint!("\rsearching: {states} states");
            shown = true;
        }
    };
    let answer = solve_with_progress(&board, &rules, budget, &mut progress);
    if shown {
        eprintln!();
    }
    match answer {
        Solution::Solved(order) => {
            let mut game = Game::new(board, rules);
            let mut connector = Connector::new();
            for pair in order {
                writeln!(out, "{pair}")?;
                if let Some(style) = drawing {
                    let path = connector
                        .connect(game.board(), pair.a(), pair.b(), &rules)
                        .ok()
                        .flatten();
                    let picture = draw(
                        game.board(),
                        (pair.a(), pair.b()),
                        path.as_ref(),
                        rules.border,
                        style,
                    );
                    writeln!(out, "{picture}")?;
                }
                game.remove(pair.a(), pair.b()).map_err(|e| {
                    Failure::Usage(format!(
                        "internal error: the solver's removal {pair} is illegal: {e}"
                    ))
                })?;
            }
            Ok(Verdict::Answered)
        }
        Solution::Unsolvable => {
            writeln!(out, "UNSOLVABLE")?;
            Ok(Verdict::Answered)
        }
        Solution::OutOfBudget { states } => {
            writeln!(out, "UNKNOWN (budget exhausted after {states} states)")?;
            Ok(Verdict::Unknown)
        }
    }
}

/// `generate`: a solvable board in the judge format, without queries.
pub fn generate_board(spec: &GenerateSpec, out: &mut dyn Write) -> Result<(), Failure> {
    let made = generate(spec).map_err(|e| Failure::Usage(format!("error: {e}")))?;
    write_board(out, &made.board.to_grid())?;
    Ok(())
}
