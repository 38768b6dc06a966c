//! The judge input reader: numbers and raw lines from the whole input, with
//! line and column on every error.
//!
//! Judge inputs are read whole (`&[u8]`) and tokenised by hand: this is most
//! of the work on a 1000×1000 board, so the hot loops look at one byte at a
//! time with no UTF-8 decoding and no allocation. Columns count bytes, from 1;
//! a tab is one column.

use std::cell::Cell;
use std::fmt;

/// A place in the input: 1-based line and byte column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    /// Line number, from 1.
    pub line: usize,
    /// Byte column within the line, from 1.
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What the input held where something else was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The input ended.
    EndOfInput,
    /// The line ended.
    EndOfLine,
    /// This text (shortened if long; bytes that are not UTF-8 escaped).
    Text(String),
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::EndOfInput => f.write_str("end of input"),
            Found::EndOfLine => f.write_str("end of line"),
            Found::Text(text) => write!(f, "\"{text}\""),
        }
    }
}

/// The kinds of [`InputError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Something (such as "a number") was expected and something else found.
    Expected {
        /// What the reader wanted, e.g. `"a number"`.
        expected: &'static str,
        /// What was there.
        found: Found,
    },
    /// A number too large for its type.
    TooLarge {
        /// The number as written (shortened if long).
        text: String,
        /// The largest value allowed there.
        max: u64,
    },
    /// A value that is well formed but not allowed, explained by the caller
    /// (e.g. "row 9 is outside the board (1..=3)").
    Invalid(String),
}

/// An error in the input, with where it is.
///
/// `Display` gives the whole message, e.g.
/// `line 7, column 3: expected a number, found "x"`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct InputError {
    /// Where the offending text starts.
    pub location: Location,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl InputError {
    /// An error of `kind` at `location`.
    #[must_use]
    pub fn new(location: Location, kind: ErrorKind) -> Self {
        InputError { location, kind }
    }

    /// An error for a well-formed value the caller rejects, at `location`.
    #[must_use]
    pub fn invalid(location: Location, message: impl Into<String>) -> Self {
        InputError {
            location,
            kind: ErrorKind::Invalid(message.into()),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.location)?;
        match &self.kind {
            ErrorKind::Expected { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ErrorKind::TooLarge { text, max } => {
                write!(
                    f,
                    "number {text} is too large (the largest allowed is {max})"
                )
            }
            ErrorKind::Invalid(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for InputError {}

/// A place in the input, taken at no cost: [`Reader::location_of`] works out
/// its line and column when one is needed (for an error), since that means
/// counting the line breaks before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Mark(usize);

/// One raw line of input, without its line ending (`\n` or `\r\n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// The bytes of the line.
    pub text: &'a [u8],
    /// Where the line starts (column 1).
    pub location: Location,
}

/// Reads numbers and lines from a whole input held in memory.
///
/// Numbers are unsigned decimal tokens separated by ASCII white space; a
/// token such as `12a`, `-3` or `+3` is an error at its first byte. After an
/// error the reader's position is unspecified: stop reading.
///
/// ```
/// use grid_core::Reader;
/// let mut r = Reader::new(b"3 4\n  x");
/// assert_eq!(r.u32().unwrap(), 3);
/// assert_eq!(r.usize().unwrap(), 4);
/// let err = r.u32().unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 3: expected a number, found \"x\"");
/// ```
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    input: &'a [u8],
    /// Byte offset of the next unread byte.
    at: usize,
    /// Byte offset where the last number read (or attempted) starts.
    token: usize,
    /// A place whose line is known, so locating a later place only counts
    /// the line breaks in between. Lines are never tracked in the hot loops:
    /// a location is worked out only when someone asks for one.
    known: Cell<Known>,
}

/// A byte offset with its line number and the offset where that line starts.
#[derive(Clone, Copy, Debug)]
struct Known {
    offset: usize,
    line: usize,
    line_start: usize,
}

const START: Known = Known {
    offset: 0,
    line: 1,
    line_start: 0,
};

/// Longest token text quoted in an error message.
const QUOTE_LIMIT: usize = 24;

impl<'a> Reader<'a> {
    /// A reader at the start of `input`.
    #[must_use]
    pub fn new(input: &'a [u8]) -> Self {
        Reader {
            input,
            at: 0,
            token: 0,
            known: Cell::new(START),
        }
    }

    /// The current place in the input.
    #[must_use]
    pub fn location(&self) -> Location {
        self.locate(self.at)
    }

    /// Where the last number read (or attempted) starts: the place to blame
    /// when a caller rejects its value.
    #[must_use]
    pub fn last_location(&self) -> Location {
        self.locate(self.token)
    }

    /// Where the last number read (or attempted) starts, as a [`Mark`]: the
    /// same place as [`Reader::last_location`], but nothing is counted until
    /// [`Reader::location_of`] asks.
    #[must_use]
    pub fn last_mark(&self) -> Mark {
        Mark(self.token)
    }

    /// The line and column of `mark` (a mark of this reader's input).
    #[must_use]
    pub fn location_of(&self, mark: Mark) -> Location {
        self.locate(mark.0.min(self.input.len()))
    }

    /// The line and column of byte `offset`, counting line breaks from the
    /// last place located (or from the start, for an earlier place), so that
    /// locating places in input order costs O(input) in all.
    fn locate(&self, offset: usize) -> Location {
        let mut known = self.known.get();
        if offset < known.offset {
            known = START;
        }
        let between = &self.input[known.offset..offset];
        if let Some(last) = between.iter().rposition(|&b| b == b'\n') {
            known.line += between.iter().filter(|&&b| b == b'\n').count();
            known.line_start = known.offset + last + 1;
        }
        known.offset = offset;
        self.known.set(known);
        Location {
            line: known.line,
            column: offset - known.line_start + 1,
        }
    }

    /// Bytes not yet consumed.
    #[must_use]
    pub fn remaining(&self) -> usize {
        self.input.len() - self.at
    }

    /// The most white-space separated tokens the rest of the input could hold:
    /// a bound to check a declared size against before allocating for it.
    #[must_use]
    pub fn max_tokens_left(&self) -> usize {
        self.remaining().div_ceil(2)
    }

    /// Skips white space and tells whether the input has ended. Use it where a
    /// new case may begin: the end of input there is a normal end.
    pub fn is_at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.at == self.input.len()
    }

    /// Reads a `u32` token, skipping white space (line breaks included).
    ///
    /// # Errors
    /// When the next token is not an unsigned decimal number, is too large, or
    /// the input ends.
    pub fn u32(&mut self) -> Result<u32, InputError> {
        self.skip_whitespace();
        self.number(u64::from(u32::MAX)).map(|v| v as u32)
    }

    /// Reads a `usize` token, skipping white space (line breaks included).
    ///
    /// # Errors
    /// As [`Reader::u32`].
    pub fn usize(&mut self) -> Result<usize, InputError> {
        self.skip_whitespace();
        let max = u64::try_from(usize::MAX).unwrap_or(u64::MAX);
        self.number(max).map(|v| v as usize)
    }

    /// Fills `out` with the next `out.len()` numbers, each at most `max`,
    /// skipping white space (line breaks included): a board's cells.
    ///
    /// The same tokens and errors as calling [`Reader::u32`] for each, but
    /// faster: wherever the input holds one-digit numbers each followed by a
    /// space (`"0 0 7 0 "`, the bulk of a sparse board), they are taken
    /// eight at a time from one 16-byte word, then four from an 8-byte one.
    ///
    /// # Errors
    /// As [`Reader::u32`], and a number above `max` is
    /// [`ErrorKind::TooLarge`]. The slots before the fault are filled.
    pub fn u32s(&mut self, out: &mut [u32], max: u32) -> Result<(), InputError> {
        self.u32s_nonzero(out, max, |_, _| {})
    }

    /// As [`Reader::u32s`], calling `nonzero(i, value)` for each slot `i`
    /// that receives a number other than 0, in increasing order: a sparse
    /// board's tiles, found while the reader has them at hand rather than
    /// by a second pass over `out` (which may then be one row, reused).
    ///
    /// ```
    /// use grid_core::Reader;
    /// let mut cells = [9; 10];
    /// let mut tiles = Vec::new();
    /// let mut reader = Reader::new(b"0 0 7 0 0 0 0 0 12 0");
    /// reader.u32s_nonzero(&mut cells, 99, |i, kind| tiles.push((i, kind))).unwrap();
    /// assert_eq!(cells, [0, 0, 7, 0, 0, 0, 0, 0, 12, 0]);
    /// assert_eq!(tiles, [(2, 7), (8, 12)]);
    /// ```
    ///
    /// # Errors
    /// As [`Reader::u32s`]; `nonzero` has been called for the slots before
    /// the fault.
    pub fn u32s_nonzero(
        &mut self,
        out: &mut [u32],
        max: u32,
        mut nonzero: impl FnMut(usize, u32),
    ) -> Result<(), InputError> {
        let mut i = 0;
        // Where the last number taken by `short_numbers` starts, and its
        // length, while it is the last number read.
        let mut last_short = None;
        while i < out.len() {
            self.skip_whitespace();
            if max >= 9 && out.len() - i >= 4 {
                let (taken, last) = self.short_numbers(&mut out[i..], max >= 99, i, &mut nonzero);
                if taken > 0 {
                    i += taken;
                    last_short = Some(last);
                    continue;
                }
            }
            out[i] = self.number(u64::from(max))? as u32;
            if out[i] != 0 {
                nonzero(i, out[i]);
            }
            last_short = None;
            i += 1;
        }
        if let Some((start, len)) = last_short {
            // Leave the space after the last number unread, and that number
            // as the last token, as reading it alone would.
            self.at = start + len;
            self.token = start;
        }
        Ok(())
    }

    /// Takes numbers of one digit, each followed by a space, from the
    /// current position into `out`: eight at a time (16 bytes) while at
    /// least eight are wanted, then four (8 bytes); where a word holds
    /// fewer, the ones before the first other token, and then, with
    /// `two_digits`, that token too if it is two digits and a space (a tile
    /// of a sparse board), and on. Returns how many were taken (0 when the
    /// input does not start with one such number) and where the last one
    /// starts and its length; the space after it is consumed. Calls
    /// `nonzero(first + k, value)` for each slot `k` of `out` given a value
    /// other than 0.
    #[inline]
    fn short_numbers(
        &mut self,
        out: &mut [u32],
        two_digits: bool,
        first: usize,
        nonzero: &mut impl FnMut(usize, u32),
    ) -> (usize, (usize, usize)) {
        let input = self.input;
        let mut at = self.at;
        let mut i = 0;
        let mut last = (at, 0);
        loop {
            let wanted = out.len() - i;
            let good = if wanted >= 8 {
                let Some(word) = input
                    .get(at..at + 16)
                    .and_then(|b| <[u8; 16]>::try_from(b).ok())
                else {
                    break;
                };
                let word = u128::from_le_bytes(word);
                if word == ZERO_RUN {
                    // `0 0 0 0 0 0 0 0 `, most of a sparse board: one compare.
                    out[i..i + 8].fill(0);
                    8
                } else {
                    let (digits, good) = digit_lanes_16(word);
                    for (k, slot) in out[i..i + good].iter_mut().enumerate() {
                        *slot = ((digits >> (16 * k)) & 0xff) as u32;
                        if *slot != 0 {
                            nonzero(first + i + k, *slot);
                        }
                    }
                    good
                }
            } else if wanted >= 4 {
                let Some(word) = input
                    .get(at..at + 8)
                    .and_then(|b| <[u8; 8]>::try_from(b).ok())
                else {
                    break;
                };
                let (digits, good) = digit_lanes_8(u64::from_le_bytes(word));
                for (k, slot) in out[i..i + good].iter_mut().enumerate() {
                    *slot = ((digits >> (16 * k)) & 0xff) as u32;
                    if *slot != 0 {
                        nonzero(first + i + k, *slot);
                    }
                }
                good
            } else {
                break;
            };
            if good > 0 {
                last = (at + 2 * (good - 1), 1);
                at += 2 * good;
                i += good;
            }
            if good == 8 || (good == 4 && wanted < 8) {
                continue;
            }
            // The token at `at` is not a digit and a space.
            match input.get(at..at + 3) {
                Some(&[a, b, b' '])
                    if two_digits && i < out.len() && a.is_ascii_digit() && b.is_ascii_digit() =>
                {
                    out[i] = u32::from(a - b'0') * 10 + u32::from(b - b'0');
                    if out[i] != 0 {
                        nonzero(first + i, out[i]);
                    }
                    last = (at, 2);
                    at += 3;
                    i += 1;
                }
                _ => break,
            }
        }
        self.at = at;
        (i, last)
    }

    /// Reads the next token if it begins with an ASCII letter (a keyword
    /// among the numbers), skipping white space first; `None`, having
    /// consumed only the white space, when the next token is anything else
    /// or the input has ended. The word's place is then
    /// [`Reader::last_location`].
    pub fn word(&mut self) -> Option<&'a [u8]> {
        self.skip_whitespace();
        let rest = &self.input[self.at..];
        if !rest.first().is_some_and(u8::is_ascii_alphabetic) {
            return None;
        }
        let len = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
        self.token = self.at;
        self.at += len;
        Some(&rest[..len])
    }

    /// Reads a `u32` token that must be on the current line: spaces, tabs and
    /// `\r` are skipped, a line break is not.
    ///
    /// # Errors
    /// As [`Reader::u32`], and `found end of line` when the line has no more
    /// tokens.
    pub fn u32_on_line(&mut self) -> Result<u32, InputError> {
        self.skip_blanks();
        if self.input.get(self.at) == Some(&b'\n') {
            self.token = self.at;
            return Err(self.expected("a number", Found::EndOfLine));
        }
        self.number(u64::from(u32::MAX)).map(|v| v as u32)
    }

    /// Consumes the rest of the current line, which may hold only spaces,
    /// tabs and `\r`, and its line break (if any: the input may end instead).
    ///
    /// # Errors
    /// When anything else is left on the line.
    pub fn end_of_line(&mut self) -> Result<(), InputError> {
        self.skip_blanks();
        match self.input.get(self.at) {
            None => Ok(()),
            Some(b'\n') => {
                self.at += 1;
                Ok(())
            }
            Some(_) => {
                self.token = self.at;
                let found = self.found_text();
                Err(self.expected("the end of the line", found))
            }
        }
    }

    /// The raw rest of the current line (normally a whole line), without its
    /// `\n` or `\r\n`, and moves to the next line. `None` at end of input.
    pub fn line(&mut self) -> Option<Line<'a>> {
        if self.at == self.input.len() {
            return None;
        }
        let location = self.location();
        let rest = &self.input[self.at..];
        let mut text = match rest.iter().position(|&b| b == b'\n') {
            Some(n) => {
                self.at += n + 1;
                &rest[..n]
            }
            None => {
                self.at += rest.len();
                rest
            }
        };
        if let [head @ .., b'\r'] = text {
            text = head;
        }
        Some(Line { text, location })
    }

    /// Reads an unsigned decimal token of at most `max` at the current
    /// position (white space already skipped).
    #[inline]
    fn number(&mut self, max: u64) -> Result<u64, InputError> {
        self.token = self.at;
        let bytes = &self.input[self.at..];
        // Fast path: up to 19 digits cannot overflow a u64.
        let mut value: u64 = 0;
        let mut len = 0;
        while let Some(&b) = bytes.get(len) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            len += 1;
        }
        let ends_token = bytes.get(len).is_none_or(|&b| is_space(b));
        if len == 0 || len > 19 || !ends_token || value > max {
            return self.number_slow(len, max);
        }
        self.at += len;
        Ok(value)
    }

    /// The rare cases of [`Reader::number`]: not a number, more than 19
    /// digits (perhaps leading zeros), or too large.
    #[cold]
    #[inline(never)]
    fn number_slow(&mut self, len: usize, max: u64) -> Result<u64, InputError> {
        let bytes = &self.input[self.at..];
        let ends_token = bytes.get(len).is_none_or(|&b| is_space(b));
        if len == 0 || !ends_token {
            let found = if bytes.is_empty() {
                Found::EndOfInput
            } else {
                self.found_text()
            };
            return Err(self.expected("a number", found));
        }
        let digits = &bytes[..len];
        let value = digits.iter().try_fold(0u64, |v, &d| {
            v.checked_mul(10)?
                .checked_add(u64::from(d - b'0'))
                .filter(|&v| v <= max)
        });
        match value {
            Some(v) => {
                self.at += len;
                Ok(v)
            }
            None => Err(InputError {
                location: self.last_location(),
                kind: ErrorKind::TooLarge {
                    text: quote(digits),
                    max,
                },
            }),
        }
    }

    fn expected(&self, expected: &'static str, found: Found) -> InputError {
        InputError {
            location: self.last_location(),
            kind: ErrorKind::Expected { expected, found },
        }
    }

    /// The token starting at the current position, for an error message.
    fn found_text(&self) -> Found {
        let rest = &self.input[self.at..];
        let len = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
        Found::Text(quote(&rest[..len]))
    }

    #[inline]
    fn skip_whitespace(&mut self) {
        while let Some(&b) = self.input.get(self.at) {
            match b {
                b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' => self.at += 1,
                _ => break,
            }
        }
    }

    /// Skips white space other than `\n`.
    fn skip_blanks(&mut self) {
        while let Some(&b) = self.input.get(self.at) {
            if b != b'\n' && is_space(b) {
                self.at += 1;
            } else {
                break;
            }
        }
    }
}

/// How an 8-byte little-endian word starts with `d ` pairs (a digit, then
/// a space): each lane's digit in the low byte of its 16-bit lane (valid in
/// the leading good lanes only), and how many lanes are good before the
/// first that is not such a pair (4 when all are).
#[inline]
fn digit_lanes_8(word: u64) -> (u64, usize) {
    // Byte 0 (the first digit) is the low byte.
    const SPACES: u64 = 0x2000_2000_2000_2000; // b' ' at bytes 1, 3, 5, 7
    const ZEROS: u64 = 0x0030_0030_0030_0030; // b'0' at bytes 0, 2, 4, 6
    const ODD_BYTES: u64 = 0xff00_ff00_ff00_ff00;
    const HIGH: u64 = 0x0080_0080_0080_0080;
    const ABOVE_NINE: u64 = 0x0076_0076_0076_0076;
    // Each 16-bit lane holds one byte b; b - '0' borrows into the lane's
    // high byte when b < '0', and d | (d + 0x76) has bit 7 set when the
    // lane's d = b - '0' is 10 or more. A borrow may spill into the lanes
    // above, which can only mark them bad too: the lowest bad lane is
    // exact, and only the lanes below it are used.
    let d = (word & !ODD_BYTES).wrapping_sub(ZEROS);
    let bad =
        ((word & ODD_BYTES) ^ SPACES) | (d & ODD_BYTES) | ((d | d.wrapping_add(ABOVE_NINE)) & HIGH);
    (d, bad.trailing_zeros() as usize / 16)
}

/// Eight zeros, each followed by a space, as a little-endian 16-byte word.
const ZERO_RUN: u128 = u128::from_le_bytes(*b"0 0 0 0 0 0 0 0 ");

/// [`digit_lanes_8`] for a 16-byte word: up to eight digits.
#[inline]
fn digit_lanes_16(word: u128) -> (u128, usize) {
    const fn repeat(lane: u16) -> u128 {
        let mut out = 0u128;
        let mut k = 0;
        while k < 8 {
            out |= (lane as u128) << (16 * k);
            k += 1;
        }
        out
    }
    const SPACES: u128 = repeat(0x2000);
    const ZEROS: u128 = repeat(0x0030);
    const ODD_BYTES: u128 = repeat(0xff00);
    const HIGH: u128 = repeat(0x0080);
    const ABOVE_NINE: u128 = repeat(0x0076);
    let d = (word & !ODD_BYTES).wrapping_sub(ZEROS);
    let bad =
        ((word & ODD_BYTES) ^ SPACES) | (d & ODD_BYTES) | ((d | d.wrapping_add(ABOVE_NINE)) & HIGH);
    (d, bad.trailing_zeros() as usize / 16)
}

/// White space between tokens: what C's `isspace` accepts in the "C" locale
/// (space, `\t`, `\n`, `\v`, `\f`, `\r`).
#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// `bytes` as text for a message: UTF-8 shown as is (control characters
/// escaped), other bytes as `\xNN`, cut after [`QUOTE_LIMIT`] bytes.
fn quote(bytes: &[u8]) -> String {
    let cut = bytes.len() > QUOTE_LIMIT;
    let mut shown = &bytes[..bytes.len().min(QUOTE_LIMIT)];
    let mut out = String::new();
    while !shown.is_empty() {
        match std::str::from_utf8(shown) {
            Ok(text) => {
                out.extend(text.chars().flat_map(char::escape_debug));
                break;
            }
            Err(e) => {
                let (good, bad) = shown.split_at(e.valid_up_to());
                out.extend(
                    std::str::from_utf8(good)
                        .unwrap_or_default()
                        .chars()
                        .flat_map(char::escape_debug),
                );
                let bad_len = e.error_len().unwrap_or(bad.len()).max(1);
                for b in &bad[..bad_len] {
                    out.push_str(&format!("\\x{b:02x}"));
                }
                shown = &bad[bad_len..];
            }
        }
    }
    if cut {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests;
