//! `solitaire`: the HDU 1401 judge (`YES`/`NO` per test case), with the
//! minimum number of moves, the moves, and drawings on request. Argument
//! parsing, I/O and exit statuses only; the loop is `solitaire::judge::run`.
//! `solitaire stress` tests another program against it (`grid_cli::stress`).

mod stress;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use grid_cli::Failure;
use solitaire::judge::{self, Options};

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
  $ solitaire --max-moves 4 cases.txt
  $ solitaire stress -- ./a.out     find a case where ./a.out answers wrongly";

/// Answers HDU 1401 Solitaire test cases: can four identical pieces on an
/// 8×8 board reach the goal configuration within 8 moves (steps to an empty
/// neighbouring square, or jumps over one adjacent piece)?
#[derive(Debug, Parser)]
#[command(version, after_help = AFTER_HELP, args_conflicts_with_subcommands = true)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
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

#[derive(Debug, Subcommand)]
enum Command {
    /// Runs PROGRAM on random judge inputs and compares its answers with
    /// ours; shrinks and reports the first failure.
    #[command(after_help = grid_cli::stress::after_help("solitaire"))]
    Stress(grid_cli::stress::StressArgs),
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => return grid_cli::argument_error(e.print(), e.use_stderr()),
    };
    if let Some(Command::Stress(stress)) = &args.command {
        return grid_cli::stress::run("solitaire", &stress::Solitaire, stress);
    }
    grid_cli::exit_code(run(&args))
}

fn run(args: &Args) -> Result<(), Failure> {
    let input = grid_cli::read_input(args.file.as_deref(), USAGE)?;
    let options = Options {
        max_moves: args.max_moves,
        explain: args.explain,
        draw: args.draw,
        pieces: args.pieces,
    };
    grid_cli::with_stdout(|out| judge::run(&input, &options, out).map_err(Failure::from))
}
