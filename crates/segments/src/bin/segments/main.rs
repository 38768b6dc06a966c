//! `segments`: the POJ 1101 judge binary, and `segments stress`, which
//! tests another program against it. Argument parsing, I/O and exit
//! statuses only; the work is in the library (and in `grid_cli::stress`).

mod stress;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use grid_cli::Failure;
use segments::judge::{self, Options};

const ABOUT: &str = "\
Solves POJ 1101 \"The Game\": the fewest straight segments joining two pieces,
through empty squares and possibly around the board.";

const AFTER_HELP: &str = "\
Input: boards `w h` (any size the input backs: beyond 128 x 128 squares, a byte
of input left for every 8 squares; the judge's limit is 75), then h rows of `X`
(piece) and space (empty) — short, empty or space-led rows are fine, missing
squares are empty — then pairs `x1 y1 x2 y2` (column and row from 1), one pair
per line, until `0 0 0 0`. `0 0` or the end of the input ends the input.

Each pair must name two different squares that hold pieces: a pair outside the
board, on an empty square, or naming one square twice is an input error
(exit status 2, with its line and column). Answers printed before an error are
kept.

Example:
  $ printf '5 4\\nXXXXX\\nX   X\\nXXX X\\n XXX \\n2 3 5 3\\n1 3 4 4\\n2 3 3 4\\n0 0 0 0\\n0 0\\n' | segments
  Board #1:
  Pair 1: 4 segments.
  Pair 2: 3 segments.
  Pair 3: impossible.

  $ segments --explain --draw game.in
  $ segments stress -- ./a.out      find an input where ./a.out answers wrongly

Exit status: 0 success, 1 unreadable file or usage, 2 malformed input.";

const USAGE: &str =
    "segments: give an input file (or `-`), or pipe the input to stdin; see `segments --help`";

#[derive(Parser, Debug)]
#[command(name = "segments", version, about = ABOUT, after_help = AFTER_HELP,
          args_conflicts_with_subcommands = true)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// Input file; standard input when absent or `-`.
    input: Option<PathBuf>,
    /// After each answer, print the path's corners in judge coordinates
    /// `(column,row)`; the ring around the board is column 0 or w+1, row 0 or
    /// h+1.
    #[arg(long)]
    explain: bool,
    /// After each answer, draw the board inside its ring with the path:
    /// `X` piece, `.` empty, `A`/`B` the pair, `-` `|` the path, `+` corners.
    #[arg(long)]
    draw: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Runs PROGRAM on random judge inputs and compares its answers with
    /// ours; shrinks and reports the first failure.
    #[command(after_help = grid_cli::stress::after_help("segments"))]
    Stress(grid_cli::stress::StressArgs),
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => return grid_cli::argument_error(e.print(), e.use_stderr()),
    };
    if let Some(Command::Stress(stress)) = &args.command {
        return grid_cli::stress::run("segments", &stress::Segments, stress);
    }
    grid_cli::exit_code(run(&args))
}

fn run(args: &Args) -> Result<(), Failure> {
    let input = grid_cli::read_input(args.input.as_deref(), USAGE)?;
    let options = Options {
        explain: args.explain,
        draw: args.draw,
    };
    grid_cli::with_stdout(|out| judge::run(&input, &options, out).map_err(Failure::from))
}
