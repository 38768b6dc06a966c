//! The HDU 1401 judge format: test cases of two configurations, each
//! `r1 c1 r2 c2 ...` (1-based row and column of each piece), as a stream of
//! numbers (line breaks carry no meaning). [`read_case`] reads a case, with
//! line and column on every error; [`write_case`] writes one back. No I/O:
//! the caller owns the [`Reader`] over the whole input and the output.

use std::io::{self, Write};

use grid_core::{InputError, Reader};

use crate::board::{Config, SIDE, Square};

/// The number of pieces in the judge's configurations.
pub const JUDGE_PIECES: usize = 4;

/// One test case: can `goal` be reached from `start`?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// The configuration to move from.
    pub start: Config,
    /// The configuration to reach.
    pub goal: Config,
}

/// Reads the next test case of `pieces` pieces a configuration: `2·pieces`
/// `row column` pairs of 1-based judge coordinates, start first, then goal.
///
/// Returns `Ok(None)` when the input ends where a case would begin (a
/// normal end, also with trailing white space), and at once when `pieces`
/// is 0 (there is nothing to read).
///
/// # Errors
/// Where the input is not a number or a number is too large (from the
/// [`Reader`]); a row or column outside 1..=8; a square listed twice within
/// one configuration (reported at the second listing's row number); the
/// input ending inside a case.
pub fn read_case(reader: &mut Reader<'_>, pieces: usize) -> Result<Option<Case>, InputError> {
    if pieces == 0 || reader.is_at_end() {
        return Ok(None);
    }
    let start = read_config(reader, pieces, "start")?;
    let goal = read_config(reader, pieces, "goal")?;
    Ok(Some(Case { start, goal }))
}

/// Writes `case` as the judge input has it: the start configuration on one
/// line, then the goal on the next, each as `r1 c1 r2 c2 ...` in judge
/// coordinates (1-based), the pieces in increasing square order.
/// [`read_case`] reads it back.
///
/// ```
/// use solitaire::{Config, Square, format::{Case, write_case}};
/// let sq = |r, c| Square::new(r, c).unwrap();
/// let case = Case {
///     start: Config::from_squares(&[sq(0, 0), sq(0, 1)]).unwrap(),
///     goal: Config::from_squares(&[sq(0, 2), sq(0, 1)]).unwrap(),
/// };
/// let mut out = Vec::new();
/// write_case(&mut out, &case)?;
/// assert_eq!(out, b"1 1 1 2\n1 2 1 3\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The writer's.
///
/// # Complexity
/// O(pieces).
pub fn write_case(out: &mut dyn Write, case: &Case) -> io::Result<()> {
    for config in [case.start, case.goal] {
        let mut line = String::new();
        for (i, square) in config.squares().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            line.push_str(&format!("{sep}{} {}", square.row() + 1, square.col() + 1));
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// Reads one configuration; `which` names it in messages.
fn read_config(reader: &mut Reader<'_>, pieces: usize, which: &str) -> Result<Config, InputError> {
    let mut bits = 0u64;
    for _ in 0..pieces {
        let row = read_coordinate(reader, "row")?;
        let at = reader.last_mark();
        let col = read_coordinate(reader, "column")?;
        // Both are below 8 here, so the square exists.
        let square = Square::new(row, col).ok_or_else(|| {
            InputError::invalid(reader.location_of(at), "square outside the board")
        })?;
        if bits & square.bit() != 0 {
            return Err(InputError::invalid(
                reader.location_of(at),
                format!("two pieces on square {square} in the {which} configuration"),
            ));
        }
        bits |= square.bit();
    }
    Ok(Config::from_bits(bits))
}

/// Reads a 1-based row or column and returns it 0-based.
fn read_coordinate(reader: &mut Reader<'_>, what: &str) -> Result<u8, InputError> {
    let value = reader.u32()?;
    match u8::try_from(value) {
        Ok(v @ 1..=SIDE) => Ok(v - 1),
        _ => Err(InputError::invalid(
            reader.last_location(),
            format!("{what} {value} is outside the board (1..={SIDE})"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cases(input: &[u8]) -> Result<Vec<Case>, String> {
        let mut reader = Reader::new(input);
        let mut all = Vec::new();
        while let Some(case) = read_case(&mut reader, JUDGE_PIECES).map_err(|e| e.to_string())? {
            all.push(case);
        }
        Ok(all)
    }

    #[test]
    fn sample_and_token_stream() {
        let one = cases(b"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n").unwrap();
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].start.to_string(), "(4,4) (4,5) (5,4) (6,5)");
        assert_eq!(one[0].goal.to_string(), "(2,4) (3,3) (3,6) (4,6)");
        // Same numbers, any white space, order of pairs irrelevant.
        let two = cases(b"  6 5 4 4\r\n4 5 5 4 2 4\t3 3 3 6 4 6").unwrap();
        assert_eq!(two, one);
        assert_eq!(cases(b"").unwrap(), vec![]);
        assert_eq!(cases(b" \n\n").unwrap(), vec![]);
    }

    #[test]
    fn bad_coordinates() {
        assert_eq!(
            cases(b"4 4 4 5 5 4 6 5\n2 4 3 3 3 9 4 6\n").unwrap_err(),
            "line 2, column 11: column 9 is outside the board (1..=8)"
        );
        assert_eq!(
            cases(b"0 4 4 5 5 4 6 5").unwrap_err(),
            "line 1, column 1: row 0 is outside the board (1..=8)"
        );
        assert_eq!(
            cases(b"1 1 1 2 1 3 1 300").unwrap_err(),
            "line 1, column 15: column 300 is outside the board (1..=8)"
        );
        assert_eq!(
            cases(b"1 1 1 2 1 3 1 4\n1 1 1 2 1 3 1 99999999999").unwrap_err(),
            "line 2, column 15: number 99999999999 is too large (the largest allowed is 4294967295)"
        );
    }

    #[test]
    fn two_pieces_on_one_square() {
        assert_eq!(
            cases(b"1 1 2 2 1 1 3 3 1 1 1 2 1 3 1 4").unwrap_err(),
            "line 1, column 9: two pieces on square (1,1) in the start configuration"
        );
        assert_eq!(
            cases(b"1 1 1 2 1 3 1 4\n8 8 7 7 6 6 7 7").unwrap_err(),
            "line 2, column 13: two pieces on square (7,7) in the goal configuration"
        );
    }

    #[test]
    fn cut_short_and_letters() {
        assert_eq!(
            cases(b"1 1 1 2 1 3 1 4\n1 1 1 2 1 3 1 5\n1 1 1 2").unwrap_err(),
            "line 3, column 8: expected a number, found end of input"
        );
        assert_eq!(
            cases(b"1 1 1 2 1 3 1 4 x").unwrap_err(),
            "line 1, column 17: expected a number, found \"x\""
        );
    }

    #[test]
    fn written_cases_read_back() {
        let one = cases(b"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n").unwrap();
        let mut out = Vec::new();
        write_case(&mut out, &one[0]).unwrap();
        assert_eq!(out, b"4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n");
        write_case(&mut out, &one[0]).unwrap();
        assert_eq!(cases(&out).unwrap(), [one[0], one[0]]);
    }

    #[test]
    fn other_piece_counts() {
        let mut reader = Reader::new(b"1 1 8 8\n2 2 7 7\n");
        let case = read_case(&mut reader, 1).unwrap().unwrap();
        assert_eq!(case.start.to_string(), "(1,1)");
        assert_eq!(case.goal.to_string(), "(8,8)");
        assert_eq!(
            read_case(&mut reader, 1).unwrap().unwrap().goal.to_string(),
            "(7,7)"
        );
        assert_eq!(read_case(&mut reader, 1).unwrap(), None);
        assert_eq!(read_case(&mut Reader::new(b"1 1"), 0).unwrap(), None);
    }
}
