//! `solitaire`: the HDU 1401 judge (`YES`/`NO` per test case), with the
//! minimum number of moves, the moves, and drawings on request.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use grid_core::Reader;
use grid_core::cli::{self, Failure};
use solitaire::{Case, Config, Solver, read_case};

const USAGE: &str = "\
usage: solitaire [--max-moves N] [--explain] [--draw] [FILE]

Reads test cases (start and goal configurations, 8 numbers each) from FILE
or standard input and answers YES or NO for each. Standard input is a
terminal: give a file, or pipe the cases in. More: solitaire --help";

const AFTER_HELP: &str = "\
Input: test cases until the end of input, each two configurations of
`r1 c1 r2 c2 r3 c3 r4 c4` (rows and columns 1..8 from the top left; any
white space between numbers). Output: one line per case, YES when the goal
can be reached in at most --max-moves moves, else NO.

--explain adds the minimum number of moves and one shortest sequence, each
move as (row,col)->(row,col), with `j` after a jump:
  YES 2: (1,1)->(1,3)j (1,2)->(2,2)
  YES 0                     (start = goal)
  NO (more than 8 moves)    (the number is --max-moves)

--draw prints, after a YES line, the start board and the board after each
move of a shortest sequence, indented: `o` a piece, `.` an empty square,
`*` the piece that just moved; a blank line ends each case's drawings.

Bad input (a letter, a number too large, a row or column outside 1..8, two
pieces on one square, a case cut short) stops the run with exit status 2
and `error: line L, column C: ...` on standard error; the answers to the
cases before it are printed.

Examples:
  $ printf '4 4 4 5 5 4 6 5\\n2 4 3 3 3 6 4 6\\n' | solitaire
  YES
  $ printf '1 1 1 2 8 8 8 7\\n1 3 2 2 8 8 8 7\\n' | solitaire --explain
  YES 2: (1,1)->(1,3)j (1,2)->(2,2)
  $ solitaire --max-moves 4 cases.txt";

/// Answers HDU 1401 Solitaire test cases: can four identical pieces on an
/// 8×8 board reach the goal configuration within 8 moves (steps to an empty
/// neighbouring square, or jumps over one adjacent piece)?
#[derive(Debug, Parser)]
#[command(version, after_help = AFTER_HELP)]
struct Args {
    /// File with the test cases; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Answer YES when the goal is at most N moves away.
    #[arg(long, value_name = "N", default_value_t = 8)]
    max_moves: u32,
    /// After each answer, the minimum number of moves and one shortest
    /// sequence of moves.
    #[arg(long)]
    explain: bool,
    /// After each YES, the board after each move of a shortest sequence.
    #[arg(long)]
    draw: bool,
    /// Pieces per configuration, 1 to 8 (the judge's is 4). More than four
    /// pieces with a large --max-moves can take much time and memory.
    #[arg(long, value_name = "K", default_value_t = 4,
          value_parser = clap::value_parser!(u8).range(1..=8))]
    pieces: u8,
}

fn main() -> ExitCode {
    let args = Args::parse();
    cli::exit_code(run(&args))
}

fn run(args: &Args) -> Result<(), Failure> {
    let input = cli::read_input(args.file.as_deref(), USAGE)?;
    let mut reader = Reader::new(&input);
    let mut solver = Solver::new();
    cli::with_stdout(|out| {
        while let Some(case) = read_case(&mut reader, usize::from(args.pieces))? {
            answer(out, &mut solver, case, args)?;
        }
        Ok(())
    })
}

/// Solves one case and writes its answer (and explanation and drawings, as
/// asked).
fn answer(
    out: &mut dyn Write,
    solver: &mut Solver,
    case: Case,
    args: &Args,
) -> Result<(), Failure> {
    let limit = args.max_moves;
    if !args.explain && !args.draw {
        let verdict = solver.distance(case.start, case.goal, limit).is_some();
        writeln!(out, "{}", if verdict { "YES" } else { "NO" })?;
        return Ok(());
    }
    let Some(moves) = solver.shortest_moves(case.start, case.goal, limit) else {
        if args.explain {
            writeln!(out, "NO (more than {limit} moves)")?;
        } else {
            writeln!(out, "NO")?;
        }
        return Ok(());
    };
    if args.explain {
        write!(out, "YES {}", moves.len())?;
        for (i, mv) in moves.iter().enumerate() {
            write!(out, "{}{mv}", if i == 0 { ": " } else { " " })?;
        }
        writeln!(out)?;
    } else {
        writeln!(out, "YES")?;
    }
    if args.draw {
        draw(out, case.start, None, "start")?;
        let mut board = case.start;
        for (i, mv) in moves.iter().enumerate() {
            // The solver's moves are legal; `apply` checks it again.
            board = board.apply(*mv).unwrap_or(board);
            draw(out, board, Some(mv.to), &format!("after {}. {mv}", i + 1))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

fn draw(
    out: &mut dyn Write,
    board: Config,
    marked: Option<solitaire::Square>,
    title: &str,
) -> Result<(), Failure> {
    writeln!(out, "  {title}:")?;
    for line in board.draw(marked).lines() {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}
