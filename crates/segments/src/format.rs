//! The POJ 1101 judge format: reading boards and their pairs (with line and
//! column on every error), writing them back as judge input, and the text of
//! the answers (`Board #n:`, `Pair m: ...`, the `--explain` corners). No I/O:
//! the caller owns the [`Reader`] over the whole input and the output.
//!
//! The accepted layout is described in the [crate documentation](crate#input).

use std::fmt::Write as _;
use std::io::{self, Write};

use grid_core::{ErrorKind, Found, InputError, Location, Path, Pos, Reader};

use crate::board::Board;

/// Two squares to connect, in the board frame (0-based row and column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The first piece.
    pub a: Pos,
    /// The second piece.
    pub b: Pos,
}

/// Reads the next board (header and rows), or `None` at a normal end of the
/// input: end of input where a board would begin, or the header `0 0`.
///
/// # Errors
/// A malformed header or row (see the [crate documentation](crate#input)).
///
/// # Complexity
/// O(length of the rows read + h·w/64) time, one bit a square; the board
/// is allocated only after its size is checked against the input left
/// (see the [crate documentation](crate#input)), so a header whose board
/// the input cannot back costs nothing.
pub fn read_board(reader: &mut Reader<'_>) -> Result<Option<Board>, InputError> {
    if reader.is_at_end() {
        return Ok(None);
    }
    let width = reader.u32()?;
    let width_at = reader.last_location();
    let height = reader.u32_on_line()?;
    let height_at = reader.last_location();
    reader.end_of_line()?;
    if width == 0 && height == 0 {
        return Ok(None);
    }
    check_side(width, "width", width_at)?;
    check_side(height, "height", height_at)?;
    check_backed(width, height, reader.remaining(), width_at)?;
    let (rows, cols) = (height as usize, width as usize);
    let mut board = Board::new(rows, cols).ok_or_else(|| {
        InputError::invalid(
            width_at,
            format!(
                "a {width} x {height} board has more squares than the solver can number \
                 ({} with its ring)",
                Board::MAX_SQUARES
            ),
        )
    })?;
    for row in 0..rows {
        let Some(line) = reader.line() else {
            return Err(InputError::new(
                reader.location(),
                ErrorKind::Invalid(format!(
                    "expected row {} of {rows} of the board, found end of input",
                    row + 1
                )),
            ));
        };
        let at = |i: usize| Location {
            line: line.location.line,
            column: line.location.column + i,
        };
        for (col, &byte) in line.text.iter().enumerate() {
            if col < cols {
                match byte {
                    b'X' => board.set_piece(Pos::new(row, col), true),
                    b' ' => {}
                    _ => {
                        return Err(InputError::new(
                            at(col),
                            ErrorKind::Expected {
                                expected: "'X' or a space",
                                found: character(&line.text[col..]),
                            },
                        ));
                    }
                }
            } else if !byte.is_ascii_whitespace() {
                return Err(InputError::invalid(
                    at(col),
                    format!(
                        "expected only white space after the {cols} squares of a row, found {}",
                        character(&line.text[col..])
                    ),
                ));
            }
        }
    }
    Ok(Some(board))
}

/// Reads the next pair of `board`, or `None` at its terminator `0 0 0 0`.
///
/// # Errors
/// A malformed pair line, the input ending before `0 0 0 0`, or a square
/// that is outside the board, holds no piece, or is named twice.
///
/// # Complexity
/// O(length of the line).
pub fn read_pair(reader: &mut Reader<'_>, board: &Board) -> Result<Option<Pair>, InputError> {
    let mut numbers = [(0u32, Location { line: 0, column: 0 }); 4];
    for (i, slot) in numbers.iter_mut().enumerate() {
        let value = if i == 0 {
            reader.u32()?
        } else {
            reader.u32_on_line()?
        };
        *slot = (value, reader.last_location());
    }
    reader.end_of_line()?;
    if numbers.iter().all(|&(v, _)| v == 0) {
        return Ok(None);
    }
    let square = |x: (u32, Location), y: (u32, Location)| -> Result<Pos, InputError> {
        let (x, x_at) = x;
        let (y, y_at) = y;
        if x == 0 || x as usize > board.cols() {
            return Err(InputError::invalid(
                x_at,
                format!("column {x} is outside the board (1..={})", board.cols()),
            ));
        }
        if y == 0 || y as usize > board.rows() {
            return Err(InputError::invalid(
                y_at,
                format!("row {y} is outside the board (1..={})", board.rows()),
            ));
        }
        let pos = Pos::new(y as usize - 1, x as usize - 1);
        if !board.is_piece(pos) {
            return Err(InputError::invalid(
                x_at,
                format!("the square at column {x}, row {y} holds no piece"),
            ));
        }
        Ok(pos)
    };
    let a = square(numbers[0], numbers[1])?;
    let b = square(numbers[2], numbers[3])?;
    if a == b {
        return Err(InputError::invalid(
            numbers[2].1,
            format!(
                "the pair names the square at column {}, row {} twice",
                numbers[2].0, numbers[3].0
            ),
        ));
    }
    Ok(Some(Pair { a, b }))
}

/// Writes `board` as the judge input has it: the header `w h`, then the
/// rows at full width (`X` a piece, a space an empty square). The pairs
/// follow ([`write_pairs`]); a whole input is any number of boards with
/// their pairs, then `0 0` (or nothing).
///
/// ```
/// use segments::{Board, Pos, format};
/// let mut board = Board::new(1, 3).unwrap();
/// board.set_piece(Pos::new(0, 0), true);
/// board.set_piece(Pos::new(0, 2), true);
/// let mut out = Vec::new();
/// format::write_board(&mut out, &board)?;
/// format::write_pairs(&mut out, &[format::Pair { a: Pos::new(0, 0), b: Pos::new(0, 2) }])?;
/// out.extend_from_slice(b"0 0\n");
/// assert_eq!(out, b"3 1\nX X\n1 1 3 1\n0 0 0 0\n0 0\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The writer's.
///
/// # Complexity
/// O(rows · cols).
pub fn write_board(out: &mut dyn Write, board: &Board) -> io::Result<()> {
    writeln!(out, "{} {}", board.cols(), board.rows())?;
    let mut line = Vec::with_capacity(board.cols() + 1);
    for row in 0..board.rows() {
        line.clear();
        line.extend((0..board.cols()).map(|col| {
            if board.is_piece(Pos::new(row, col)) {
                b'X'
            } else {
                b' '
            }
        }));
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

/// Writes `pairs` as the judge input has them after their board: one line
/// `x1 y1 x2 y2` a pair (column and row from 1), then the terminator
/// `0 0 0 0`. [`read_pair`] reads them back when they are valid for the
/// board (two different squares holding pieces).
///
/// # Errors
/// The writer's.
///
/// # Complexity
/// O(pairs).
pub fn write_pairs(out: &mut dyn Write, pairs: &[Pair]) -> io::Result<()> {
    for Pair { a, b } in pairs {
        writeln!(
            out,
            "{} {} {} {}",
            a.col + 1,
            a.row + 1,
            b.col + 1,
            b.row + 1
        )?;
    }
    out.write_all(b"0 0 0 0\n")
}

/// The judge's line for board number `n` (from 1): `Board #n:`.
#[must_use]
pub fn board_line(n: usize) -> String {
    format!("Board #{n}:")
}

/// The judge's line for pair number `m` (from 1 within its board):
/// `Pair m: k segments.` (also for k = 1) or `Pair m: impossible.`.
#[must_use]
pub fn pair_line(m: usize, segments: Option<usize>) -> String {
    match segments {
        Some(k) => format!("Pair {m}: {k} segments."),
        None => format!("Pair {m}: impossible."),
    }
}

/// The `--explain` line: the corners in judge coordinates `(column,row)`,
/// from 1, the ring being column 0 or `w + 1` and row 0 or `h + 1`, e.g.
/// `  corners: (2,3) (2,2) (4,2) (4,3) (5,3)`; `  corners: none` when there
/// is no path.
#[must_use]
pub fn corners_line(path: Option<&Path>) -> String {
    let mut line = String::from("  corners:");
    match path {
        Some(path) => {
            // Board frame to judge coordinates: the ring (-1) becomes 0.
            for p in path.corners() {
                let _ = write!(line, " ({},{})", p.col + 1, p.row + 1);
            }
        }
        None => line.push_str(" none"),
    }
    line
}

fn check_side(value: u32, name: &str, at: Location) -> Result<(), InputError> {
    if value == 0 {
        return Err(InputError::invalid(
            at,
            format!("the board {name} must be at least 1"),
        ));
    }
    Ok(())
}

/// Squares a board may have whatever follows its header (128 × 128, more
/// than any board of at most 126 a side).
pub(crate) const UNBACKED_SQUARES: u64 = 1 << 14;

/// Squares of a larger board that each byte left in the input backs.
pub(crate) const SQUARES_PER_BYTE: u64 = 8;

/// Refuses a board of more than [`UNBACKED_SQUARES`] squares unless the
/// input left holds at least a byte for every [`SQUARES_PER_BYTE`] of them:
/// its rows, written in full, take a byte a square, and trimmed rows rarely
/// lose more than most of them. So the memory a board takes (a few bytes a
/// square in the solver) follows the length of the input.
fn check_backed(width: u32, height: u32, left: usize, at: Location) -> Result<(), InputError> {
    let squares = u64::from(width) * u64::from(height);
    let left = left as u64;
    if squares <= UNBACKED_SQUARES || squares <= left.saturating_mul(SQUARES_PER_BYTE) {
        return Ok(());
    }
    Err(InputError::invalid(
        at,
        format!(
            "a {width} x {height} board needs at least {} bytes of rows (one for every \
             {SQUARES_PER_BYTE} squares), but the rest of the input holds {left}",
            squares.div_ceil(SQUARES_PER_BYTE)
        ),
    ))
}

/// The character starting `bytes` (which is not empty) for a message: as is
/// if it is UTF-8 (control characters escaped), otherwise its first byte as
/// `\xNN`.
fn character(bytes: &[u8]) -> Found {
    let text = match bytes.utf8_chunks().next() {
        Some(chunk) if !chunk.valid().is_empty() => chunk
            .valid()
            .chars()
            .next()
            .map(|c| c.escape_debug().to_string())
            .unwrap_or_default(),
        _ => bytes
            .first()
            .map(|b| format!("\\x{b:02x}"))
            .unwrap_or_default(),
    };
    Found::Text(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(board: &Board) -> Vec<String> {
        (0..board.rows())
            .map(|r| {
                (0..board.cols())
                    .map(|c| {
                        if board.is_piece(Pos::new(r, c)) {
                            'X'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    fn board_error(input: &[u8]) -> String {
        read_board(&mut Reader::new(input)).unwrap_err().to_string()
    }

    fn pair_error(pairs: &str) -> String {
        let input = format!("3 2\nXX\n X\n{pairs}");
        let mut reader = Reader::new(input.as_bytes());
        let board = read_board(&mut reader).unwrap().unwrap();
        loop {
            match read_pair(&mut reader, &board) {
                Ok(Some(_)) => continue,
                Ok(None) => panic!("no error in {pairs:?}"),
                Err(e) => return e.to_string(),
            }
        }
    }

    #[test]
    fn sample_board_and_pairs() {
        let input = b"5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n1 3 4 4\n2 3 3 4\n0 0 0 0\n0 0\n";
        let mut reader = Reader::new(input);
        let board = read_board(&mut reader).unwrap().unwrap();
        assert_eq!(rows(&board), ["XXXXX", "X...X", "XXX.X", ".XXX."]);
        let mut pairs = Vec::new();
        while let Some(p) = read_pair(&mut reader, &board).unwrap() {
            pairs.push((p.a, p.b));
        }
        assert_eq!(
            pairs,
            [
                (Pos::new(2, 1), Pos::new(2, 4)),
                (Pos::new(2, 0), Pos::new(3, 3)),
                (Pos::new(2, 1), Pos::new(3, 2)),
            ]
        );
        assert_eq!(read_board(&mut reader).unwrap(), None);
    }

    #[test]
    fn short_empty_and_space_led_rows_with_crlf() {
        // Row 2 is empty, row 3 starts with spaces, row 1 is trimmed; the
        // first row is longer than the later ones, so a reader that kept
        // stale characters would see pieces that are not there.
        let input = b"4 3   \r\nXXXX\r\n\r\n  X \t\r\n1 1 3 3\r\n0 0 0 0\r\n";
        let mut reader = Reader::new(input);
        let board = read_board(&mut reader).unwrap().unwrap();
        assert_eq!(rows(&board), ["XXXX", "....", "..X."]);
        let pair = read_pair(&mut reader, &board).unwrap().unwrap();
        assert_eq!((pair.a, pair.b), (Pos::new(0, 0), Pos::new(2, 2)));
        assert_eq!(read_pair(&mut reader, &board).unwrap(), None);
        assert!(read_board(&mut reader).unwrap().is_none());
    }

    #[test]
    fn normal_ends() {
        assert_eq!(read_board(&mut Reader::new(b"")).unwrap(), None);
        assert_eq!(read_board(&mut Reader::new(b" \n\n")).unwrap(), None);
        assert_eq!(read_board(&mut Reader::new(b"0 0\ngarbage")).unwrap(), None);
        let mut reader = Reader::new(b"\n\n1 1\nX\n");
        assert!(read_board(&mut reader).unwrap().is_some());
    }

    #[test]
    fn bad_headers() {
        assert_eq!(
            board_error(b"5\n4\n"),
            "line 1, column 2: expected a number, found end of line"
        );
        assert_eq!(
            board_error(b"5 4 3\n"),
            "line 1, column 5: expected the end of the line, found \"3\""
        );
        assert_eq!(
            board_error(b"0 3\n"),
            "line 1, column 1: the board width must be at least 1"
        );
        assert_eq!(
            board_error(b"3 0\n"),
            "line 1, column 3: the board height must be at least 1"
        );
        assert_eq!(
            board_error(b"1000000000 1000000000\nX\n"),
            "line 1, column 1: a 1000000000 x 1000000000 board needs at least \
             125000000000000000 bytes of rows (one for every 8 squares), but the rest of \
             the input holds 2"
        );
        assert_eq!(
            board_error(b"4294967295 4294967295\n"),
            "line 1, column 1: a 4294967295 x 4294967295 board needs at least \
             2305843008139952129 bytes of rows (one for every 8 squares), but the rest of \
             the input holds 0"
        );
        // Up to 128 x 128 squares need nothing behind them (the rows end
        // early here).
        assert_eq!(
            board_error(b"128 128\n"),
            "line 2, column 1: expected row 1 of 128 of the board, found end of input"
        );
        assert_eq!(
            board_error(b"16385 1\n"),
            "line 1, column 1: a 16385 x 1 board needs at least 2049 bytes of rows (one \
             for every 8 squares), but the rest of the input holds 0"
        );
        assert_eq!(
            board_error(b"99999999999 1\n"),
            "line 1, column 1: number 99999999999 is too large (the largest allowed is 4294967295)"
        );
        assert_eq!(
            board_error(b"a 1\n"),
            "line 1, column 1: expected a number, found \"a\""
        );
    }

    #[test]
    fn bad_rows() {
        assert_eq!(
            board_error(b"3 2\nX x\n"),
            "line 2, column 3: expected 'X' or a space, found \"x\""
        );
        assert_eq!(
            board_error(b"3 2\nX\tX\n"),
            "line 2, column 2: expected 'X' or a space, found \"\\t\""
        );
        assert_eq!(
            board_error(b"3 2\nXXX\n \xffX\n"),
            "line 3, column 2: expected 'X' or a space, found \"\\xff\""
        );
        assert_eq!(
            board_error("3 1\nXé\n".as_bytes()),
            "line 2, column 2: expected 'X' or a space, found \"é\""
        );
        assert_eq!(
            board_error(b"3 2\nXXX \t X\n"),
            "line 2, column 7: expected only white space after the 3 squares of a row, found \"X\""
        );
        assert_eq!(
            board_error(b"3 2\nXXX\n"),
            "line 3, column 1: expected row 2 of 2 of the board, found end of input"
        );
        assert_eq!(
            board_error(b"3 2\nXXX"),
            "line 2, column 4: expected row 2 of 2 of the board, found end of input"
        );
        assert_eq!(
            board_error(b"3 2"),
            "line 1, column 4: expected row 1 of 2 of the board, found end of input"
        );
    }

    #[test]
    fn written_cases_read_back() {
        let mut board = Board::new(3, 4).unwrap();
        for (r, c) in [(0, 0), (0, 3), (2, 1), (1, 2)] {
            board.set_piece(Pos::new(r, c), true);
        }
        let pairs = [
            Pair {
                a: Pos::new(0, 0),
                b: Pos::new(2, 1),
            },
            Pair {
                a: Pos::new(1, 2),
                b: Pos::new(0, 3),
            },
        ];
        let mut text = Vec::new();
        for pairs in [&pairs[..], &[]] {
            write_board(&mut text, &board).unwrap();
            write_pairs(&mut text, pairs).unwrap();
        }
        text.extend_from_slice(b"0 0\n");
        assert!(text.starts_with(b"4 3\nX  X\n  X \n X  \n1 1 2 3\n3 2 4 1\n0 0 0 0\n4 3\n"));
        let mut reader = Reader::new(&text);
        for expected in [&pairs[..], &[]] {
            assert_eq!(read_board(&mut reader).unwrap().as_ref(), Some(&board));
            for pair in expected {
                assert_eq!(read_pair(&mut reader, &board).unwrap(), Some(*pair));
            }
            assert_eq!(read_pair(&mut reader, &board).unwrap(), None);
        }
        assert_eq!(read_board(&mut reader).unwrap(), None);
    }

    #[test]
    fn judge_lines() {
        assert_eq!(board_line(3), "Board #3:");
        assert_eq!(pair_line(1, Some(1)), "Pair 1: 1 segments.");
        assert_eq!(pair_line(12, Some(4)), "Pair 12: 4 segments.");
        assert_eq!(pair_line(2, None), "Pair 2: impossible.");
    }

    #[test]
    fn corners_in_judge_coordinates() {
        use grid_core::Point;
        let path = Path::new(
            [(0, 0), (-1, 0), (-1, 2), (0, 2)]
                .map(|(r, c)| Point::new(r, c))
                .to_vec(),
        );
        assert_eq!(
            corners_line(Some(&path)),
            "  corners: (1,1) (1,0) (3,0) (3,1)"
        );
        assert_eq!(corners_line(None), "  corners: none");
    }

    #[test]
    fn bad_pairs() {
        assert_eq!(
            pair_error("1 1 2\n0 0 0 0\n"),
            "line 4, column 6: expected a number, found end of line"
        );
        assert_eq!(
            pair_error("1 1 2 1 5\n"),
            "line 4, column 9: expected the end of the line, found \"5\""
        );
        assert_eq!(
            pair_error("1 1 2 1\n"),
            "line 5, column 1: expected a number, found end of input"
        );
        assert_eq!(
            pair_error("1 1 4 1\n"),
            "line 4, column 5: column 4 is outside the board (1..=3)"
        );
        assert_eq!(
            pair_error("0 1 1 1\n"),
            "line 4, column 1: column 0 is outside the board (1..=3)"
        );
        assert_eq!(
            pair_error("1 1 3 3\n"),
            "line 4, column 7: row 3 is outside the board (1..=2)"
        );
        assert_eq!(
            pair_error("1 1 1 2\n"),
            "line 4, column 5: the square at column 1, row 2 holds no piece"
        );
        assert_eq!(
            pair_error("3 1 1 1\n"),
            "line 4, column 1: the square at column 3, row 1 holds no piece"
        );
        assert_eq!(
            pair_error("2 1 2 2\n 2 2  2 2\n"),
            "line 5, column 7: the pair names the square at column 2, row 2 twice"
        );
        assert_eq!(
            pair_error("1 1 2 x\n"),
            "line 4, column 7: expected a number, found \"x\""
        );
    }
}
