//! The `lianliankan` binary: the HDU 1175 judge by default, with paths,
//! drawings and other rules on request.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use grid_core::Reader;
use grid_core::cli::{Failure, exit_code, read_input, with_stdout};
use lianliankan::draw::{Style, render};
use lianliankan::judge::{read_board, read_query, read_query_count};
use lianliankan::{Border, Connector, Rules};

const EXAMPLES: &str = "\
Examples:
  lianliankan fixtures/lianliankan/sample.in          judge answers (YES/NO per query)
  lianliankan --explain sample.in                     YES 1,1 2,1 2,4 3,4 (the path's corners)
  lianliankan --draw --border open --turns 3 board.in the path drawn, Onet rules, 3 turns

Input: boards of `n m`, n rows of m kinds (0 = empty), then `q` and q lines
`x1 y1 x2 y2` (1-based row and column of two tiles); `0 0` or the end of the
input ends it. Bad input stops with `error: line L, column C: ...` on stderr
and exit status 2, after every answer before the fault has been printed.";

/// Lianliankan (HDU 1175, Shisen-Sho, Onet): can two equal tiles be joined by
/// a path with at most two turns through empty cells?
#[derive(Debug, Parser)]
#[command(version, after_help = EXAMPLES)]
struct Args {
    /// Judge input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// The most turns a path may make.
    #[arg(long, value_name = "K", default_value_t = 2)]
    turns: usize,
    /// Whether the path may run in a one-cell ring around the board.
    #[arg(long, value_enum, default_value_t = BorderArg::Closed)]
    border: BorderArg,
    /// After YES, the path's corners in judge coordinates (row,column; the
    /// ring around the board is row or column 0 and n+1 or m+1).
    #[arg(long)]
    explain: bool,
    /// Under each answer, the board with the two tiles in brackets and the
    /// path drawn (boards up to 60 columns).
    #[arg(long)]
    draw: bool,
    /// Draw with plain ASCII characters instead of box-drawing ones.
    #[arg(long, requires = "draw")]
    ascii: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum BorderArg {
    /// The path stays on the board (the judge's rule).
    Closed,
    /// The path may leave the board by one cell (Shisen-Sho, Onet).
    Open,
}

impl From<BorderArg> for Border {
    fn from(b: BorderArg) -> Border {
        match b {
            BorderArg::Closed => Border::Closed,
            BorderArg::Open => Border::Open,
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    exit_code(run(&args))
}

fn run(args: &Args) -> Result<(), Failure> {
    let usage = format!(
        "lianliankan reads a judge input from a file or standard input.\n\n{EXAMPLES}\n\nTry `lianliankan --help`."
    );
    let input = read_input(args.file.as_deref(), &usage)?;
    with_stdout(|out| judge(&input, args, out))
}

/// Answers every query of the input, writing each answer as it is found.
fn judge(input: &[u8], args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let rules = Rules {
        max_turns: args.turns,
        border: args.border.into(),
    };
    let style = if args.ascii {
        Style::Ascii
    } else {
        Style::Unicode
    };
    let mut reader = Reader::new(input);
    let mut connector = Connector::new();
    while let Some(board) = read_board(&mut reader)? {
        for _ in 0..read_query_count(&mut reader)? {
            let (a, b) = read_query(&mut reader, &board)?;
            let path = connector
                .connect(&board, a, b, &rules)
                .expect("read_query keeps positions on the board");
            match &path {
                None => out.write_all(b"NO\n")?,
                Some(_) if !args.explain => out.write_all(b"YES\n")?,
                Some(path) => {
                    out.write_all(b"YES")?;
                    for p in path.corners() {
                        write!(out, " {},{}", p.row + 1, p.col + 1)?;
                    }
                    out.write_all(b"\n")?;
                }
            }
            if args.draw {
                let picture = render(&board, (a, b), path.as_ref(), rules.border, style);
                writeln!(out, "{picture}")?;
            }
        }
    }
    Ok(())
}
