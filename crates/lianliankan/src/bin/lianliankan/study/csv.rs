//! The little CSV the study writes and reads (RFC 4180): a field is quoted
//! when it holds a comma, a quote or a line break, with quotes doubled.
//! Only what the study's own files need; the `csv` crate would bring serde
//! into the binary for two functions.

use std::borrow::Cow;

/// `text` as one CSV field.
pub fn field(text: &str) -> Cow<'_, str> {
    if text.contains([',', '"', '\n', '\r']) {
        Cow::Owned(format!("\"{}\"", text.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(text)
    }
}

/// One field of a line, with the byte column (from 1) where it starts.
#[derive(Debug, PartialEq, Eq)]
pub struct Field {
    /// Where the field starts in its line (from 1).
    pub column: usize,
    /// Its text, unquoted.
    pub text: String,
}

/// Splits one line (without its line ending) into fields.
///
/// # Errors
/// The column (from 1) and what is wrong: a quote inside an unquoted field,
/// a quoted field that does not end, text after a closing quote, or bytes
/// that are not UTF-8.
pub fn split(line: &[u8]) -> Result<Vec<Field>, (usize, String)> {
    let text = std::str::from_utf8(line)
        .map_err(|e| (e.valid_up_to() + 1, "bytes that are not UTF-8".to_owned()))?;
    let mut fields = Vec::new();
    let mut chars = text.char_indices().peekable();
    loop {
        let start = chars.peek().map_or(text.len(), |&(at, _)| at);
        let mut value = String::new();
        if chars.peek().is_some_and(|&(_, c)| c == '"') {
            chars.next();
            loop {
                match chars.next() {
                    None => return Err((start + 1, "a quoted field that does not end".to_owned())),
                    Some((_, '"')) => {
                        if chars.peek().is_some_and(|&(_, c)| c == '"') {
                            chars.next();
                            value.push('"');
                        } else {
                            break;
                        }
                    }
                    Some((_, c)) => value.push(c),
                }
            }
            match chars.peek() {
                None | Some((_, ',')) => {}
                Some(&(at, _)) => {
                    return Err((at + 1, "text after the closing quote of a field".to_owned()));
                }
            }
        } else {
            while let Some(&(at, c)) = chars.peek() {
                match c {
                    ',' => break,
                    '"' => {
                        return Err((
                            at + 1,
                            "a quote inside a field that is not quoted".to_owned(),
                        ));
                    }
                    _ => {
                        value.push(c);
                        chars.next();
                    }
                }
            }
        }
        fields.push(Field {
            column: start + 1,
            text: value,
        });
        if chars.next().is_none() {
            return Ok(fields);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &str) -> Vec<String> {
        split(line.as_bytes())
            .unwrap()
            .into_iter()
            .map(|f| f.text)
            .collect()
    }

    #[test]
    fn quotes_only_what_needs_it_and_reads_back_what_it_writes() {
        assert_eq!(field("28-31"), "28-31");
        assert_eq!(field("28-31,39-42"), "\"28-31,39-42\"");
        assert_eq!(field("a\"b"), "\"a\"\"b\"");
        for cells in [
            vec!["1", "", "28-31,39-42", "x\"y", ""],
            vec![""],
            vec!["a", "b,c"],
        ] {
            let line: Vec<String> = cells.iter().map(|c| field(c).into_owned()).collect();
            assert_eq!(texts(&line.join(",")), cells);
        }
    }

    #[test]
    fn columns_point_at_each_field() {
        let fields = split(b"ab,\"c,d\",,e").unwrap();
        let columns: Vec<usize> = fields.iter().map(|f| f.column).collect();
        assert_eq!(columns, [1, 4, 10, 11]);
    }

    #[test]
    fn malformed_fields_are_errors_with_their_column() {
        assert_eq!(split(b"a,\"bc").unwrap_err().0, 3);
        assert_eq!(split(b"a,\"b\"c").unwrap_err().0, 6);
        assert_eq!(split(b"ab\"c").unwrap_err().0, 3);
        assert_eq!(split(b"ab,\xff").unwrap_err().0, 4);
    }
}
