//! Judge mode: YES/NO per query, with paths and drawings on request.

use std::io::Write;

use grid_core::Reader;
use grid_core::cli::Failure;
use lianliankan::draw::{Style, render};
use lianliankan::judge::{read_board, read_query, read_query_count};
use lianliankan::{Connector, Rules};

/// Answers every query of the input, writing each answer as it is found.
pub fn judge(
    input: &[u8],
    rules: &Rules,
    explain: bool,
    draw: Option<Style>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let mut reader = Reader::new(input);
    let mut connector = Connector::new();
    while let Some(board) = read_board(&mut reader)? {
        for _ in 0..read_query_count(&mut reader)? {
            let (a, b) = read_query(&mut reader, &board)?;
            let path = connector
                .connect(&board, a, b, rules)
                .expect("read_query keeps positions on the board");
            match &path {
                None => out.write_all(b"NO\n")?,
                Some(_) if !explain => out.write_all(b"YES\n")?,
                Some(path) => {
                    out.write_all(b"YES")?;
                    for p in path.corners() {
                        write!(out, " {},{}", p.row + 1, p.col + 1)?;
                    }
                    out.write_all(b"\n")?;
                }
            }
            if let Some(style) = draw {
                let picture = render(&board, (a, b), path.as_ref(), rules.border, style);
                writeln!(out, "{picture}")?;
            }
        }
    }
    Ok(())
}
