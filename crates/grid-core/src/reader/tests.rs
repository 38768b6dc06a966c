use super::*;

fn err_u32(input: &[u8], skip: usize) -> String {
    let mut r = Reader::new(input);
    for _ in 0..skip {
        r.u32().unwrap();
    }
    r.u32().unwrap_err().to_string()
}

#[test]
fn numbers_across_lines_and_crlf() {
    let mut r = Reader::new(b" 3\t4\r\n\n 0 12 4294967295\r\n");
    assert_eq!(r.u32().unwrap(), 3);
    assert_eq!(r.u32().unwrap(), 4);
    assert_eq!(r.u32().unwrap(), 0);
    assert_eq!(r.last_location(), Location { line: 3, column: 2 });
    assert_eq!(r.usize().unwrap(), 12);
    assert_eq!(r.u32().unwrap(), u32::MAX);
    assert!(r.is_at_end());
}

#[test]
fn letters_and_signs_are_errors_at_their_column() {
    assert_eq!(
        err_u32(b"1 2\n3 x 4", 3),
        "line 2, column 3: expected a number, found \"x\""
    );
    assert_eq!(
        err_u32(b"-5", 0),
        "line 1, column 1: expected a number, found \"-5\""
    );
    assert_eq!(
        err_u32(b"  +5", 0),
        "line 1, column 3: expected a number, found \"+5\""
    );
    assert_eq!(
        err_u32(b"12a 3", 0),
        "line 1, column 1: expected a number, found \"12a\""
    );
    assert_eq!(
        err_u32(b"1.5", 0),
        "line 1, column 1: expected a number, found \"1.5\""
    );
}

/// Reads `count` numbers of `input` at once with `u32s_nonzero`,
/// checking that it reports exactly the nonzero slots filled before the
/// first error (the slot of `first_error`, if any); returns the reader,
/// the slots and the result.
fn read_many(
    input: &[u8],
    count: usize,
    max: u32,
    first_error: Option<usize>,
) -> (Reader<'_>, Vec<u32>, Result<(), InputError>) {
    let mut many = Reader::new(input);
    let mut out = vec![u32::MAX; count];
    let mut nonzero = Vec::new();
    let got = many.u32s_nonzero(&mut out, max, |i, value| nonzero.push((i, value)));
    let filled = first_error.unwrap_or(count);
    let tiles: Vec<(usize, u32)> = (0..filled)
        .filter(|&i| out[i] != 0)
        .map(|i| (i, out[i]))
        .collect();
    assert_eq!(nonzero, tiles, "{input:?}");
    (many, out, got)
}

#[test]
fn many_numbers_at_once_match_one_at_a_time() {
    let mut rng = crate::SplitMix64::new(99);
    let pieces: [&[u8]; 12] = [
        b"0", b"1", b"9", b"10", b"255", b" ", b" ", b" ", b"\n", b"\r\n", b"\t", b"/",
    ];
    for case in 0..3000 {
        let len = rng.range(0, 40);
        let input: Vec<u8> = (0..len)
            .flat_map(|_| pieces[rng.below(pieces.len())].iter().copied())
            .collect();
        let max = [0, 8, 9, 200, u32::MAX][rng.below(5)];
        let count = rng.range(0, 12);
        let mut one = Reader::new(&input);
        let expected: Vec<Result<u32, InputError>> = (0..count)
            .map(|_| {
                let read = one.u32().map_err(|mut e| {
                    if let ErrorKind::TooLarge { max: m, .. } = &mut e.kind {
                        *m = u64::from(max); // u32s reports its own limit
                    }
                    e
                });
                read.and_then(|v| {
                    if v <= max {
                        Ok(v)
                    } else {
                        Err(InputError {
                            location: one.last_location(),
                            kind: ErrorKind::TooLarge {
                                text: v.to_string(),
                                max: u64::from(max),
                            },
                        })
                    }
                })
            })
            .collect();
        let first_error = expected.iter().position(Result::is_err);
        let (many, out, got) = read_many(&input, count, max, first_error);
        match first_error {
            None => {
                assert_eq!(got, Ok(()), "case {case}: {input:?}");
                let values: Vec<u32> = expected.into_iter().map(Result::unwrap).collect();
                assert_eq!(out, values, "case {case}: {input:?}");
                assert_eq!(many.location(), one.location(), "case {case}");
            }
            Some(k) => {
                let (err, want) = (got.unwrap_err(), expected[k].clone().unwrap_err());
                assert_eq!(err.location, want.location, "case {case}: {input:?}");
                match (&err.kind, &want.kind) {
                    (ErrorKind::TooLarge { max: a, .. }, ErrorKind::TooLarge { max: b, .. }) => {
                        assert_eq!(a, b, "case {case}");
                    }
                    (a, b) => assert_eq!(a, b, "case {case}: {input:?}"),
                }
                let values: Vec<u32> = expected[..k].iter().map(|r| *r.as_ref().unwrap()).collect();
                assert_eq!(out[..k], values[..], "case {case}");
            }
        }
    }
    let mut r = Reader::new(b"0 1 2 3 4 5 6 7 8 9 ");
    let mut out = [0; 10];
    r.u32s(&mut out, 9).unwrap();
    assert_eq!(out, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
}

#[test]
fn long_runs_of_digits_match_one_at_a_time() {
    // Sparse-board text: long runs of `0 `, now and then another digit,
    // a two-digit number, a line break or a double space, so that the
    // 16- and 8-byte words are whole, cut anywhere, or not runs at all.
    let mut rng = crate::SplitMix64::new(1175);
    for case in 0..400 {
        let len = rng.range(1, 300);
        let mut input = Vec::new();
        for _ in 0..len {
            match rng.below(40) {
                0 => input.extend_from_slice(b"37 "),
                1 => input.extend_from_slice(b"5\n"),
                2 => input.extend_from_slice(b"0  "),
                3 => input.extend_from_slice(b"9 "),
                4 => input.extend_from_slice(b"0\r\n"),
                _ => input.extend_from_slice(b"0 "),
            }
        }
        if rng.percent(20) {
            input.extend_from_slice(b"x ");
        }
        let count = rng.range(0, len + 1);
        let max = [9, 36, 40, u32::MAX][rng.below(4)];
        let mut one = Reader::new(&input);
        let expected: Vec<Result<u32, InputError>> = (0..count)
            .map(|_| {
                one.u32().and_then(|v| {
                    if v <= max {
                        Ok(v)
                    } else {
                        Err(InputError {
                            location: one.last_location(),
                            kind: ErrorKind::TooLarge {
                                text: v.to_string(),
                                max: u64::from(max),
                            },
                        })
                    }
                })
            })
            .collect();
        let first_error = expected.iter().position(Result::is_err);
        let (many, out, got) = read_many(&input, count, max, first_error);
        match first_error {
            None => {
                assert_eq!(got, Ok(()), "case {case}");
                let values: Vec<u32> = expected.into_iter().map(Result::unwrap).collect();
                assert_eq!(out, values, "case {case}");
                assert_eq!(many.location(), one.location(), "case {case}");
                assert_eq!(many.last_location(), one.last_location(), "case {case}");
            }
            Some(k) => {
                let err = got.unwrap_err();
                assert_eq!(
                    err.location,
                    expected[k].clone().unwrap_err().location,
                    "case {case}"
                );
                let values: Vec<u32> = expected[..k].iter().map(|r| *r.as_ref().unwrap()).collect();
                assert_eq!(out[..k], values[..], "case {case}");
            }
        }
    }
}

#[test]
fn locations_in_any_order() {
    let mut r = Reader::new(b"1\n22\n\n 333");
    r.u32().unwrap();
    r.u32().unwrap();
    r.u32().unwrap();
    assert_eq!(r.location(), Location { line: 4, column: 5 });
    assert_eq!(r.last_location(), Location { line: 4, column: 2 });
    let mut again = r.clone();
    assert!(again.is_at_end());
    assert_eq!(again.location(), Location { line: 4, column: 5 });
    // An earlier place after a later one.
    let mut r = Reader::new(b"1\n22\n\n 333");
    r.u32().unwrap();
    let _ = r.clone().u32();
    assert_eq!(r.location(), Location { line: 1, column: 2 });
    r.u32().unwrap();
    assert_eq!(r.last_location(), Location { line: 2, column: 1 });
    assert_eq!(r.location(), Location { line: 2, column: 3 });
}

#[test]
fn leading_zeros_and_extremes() {
    let mut r = Reader::new(b"0000000000000000000000000042 \x0b18446744073709551615");
    assert_eq!(r.u32().unwrap(), 42);
    assert_eq!(r.usize().unwrap() as u64, u64::MAX);
}

#[test]
fn overflow_is_detected() {
    assert_eq!(
        err_u32(b"7\n 4294967296", 1),
        "line 2, column 2: number 4294967296 is too large (the largest allowed is 4294967295)"
    );
    let long = "9".repeat(40);
    let mut r = Reader::new(long.as_bytes());
    let e = r.usize().unwrap_err();
    assert!(matches!(e.kind, ErrorKind::TooLarge { .. }));
    assert!(e.to_string().contains("…"), "{e}");
}

#[test]
fn end_of_input_inside_a_case() {
    assert_eq!(
        err_u32(b"3 4\n1 2", 4),
        "line 2, column 4: expected a number, found end of input"
    );
    assert_eq!(
        err_u32(b"3 4\n1 2\n", 4),
        "line 3, column 1: expected a number, found end of input"
    );
    assert_eq!(
        err_u32(b"", 0),
        "line 1, column 1: expected a number, found end of input"
    );
}

#[test]
fn non_utf8_bytes_are_escaped() {
    assert_eq!(
        err_u32(b"1 \xff\xfe2", 1),
        "line 1, column 3: expected a number, found \"\\xff\\xfe2\""
    );
    assert_eq!(
        err_u32("1 é".as_bytes(), 1),
        "line 1, column 3: expected a number, found \"é\""
    );
    // A cut multi-byte character is escaped, not dropped.
    assert_eq!(
        err_u32(b"\xc3", 0),
        "line 1, column 1: expected a number, found \"\\xc3\""
    );
    assert_eq!(
        err_u32(b"\x00", 0),
        "line 1, column 1: expected a number, found \"\\0\""
    );
}

#[test]
fn numbers_on_one_line() {
    let mut r = Reader::new(b"1 2 3\n4");
    assert_eq!(r.u32_on_line().unwrap(), 1);
    assert_eq!(r.u32_on_line().unwrap(), 2);
    assert_eq!(r.u32_on_line().unwrap(), 3);
    let e = r.u32_on_line().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 6: expected a number, found end of line"
    );
    let mut r = Reader::new(b"1 ");
    r.u32_on_line().unwrap();
    assert_eq!(
        r.u32_on_line().unwrap_err().to_string(),
        "line 1, column 3: expected a number, found end of input"
    );
}

#[test]
fn raw_lines_keep_spaces_and_drop_line_endings() {
    let mut r = Reader::new(b"2 3  \r\n X \r\n\nXX\nlast");
    assert_eq!(r.u32().unwrap(), 2);
    assert_eq!(r.u32().unwrap(), 3);
    r.end_of_line().unwrap();
    let l = r.line().unwrap();
    assert_eq!(
        (l.text, l.location),
        (&b" X "[..], Location { line: 2, column: 1 })
    );
    assert_eq!(r.line().unwrap().text, b"");
    assert_eq!(r.line().unwrap().text, b"XX");
    let l = r.line().unwrap();
    assert_eq!((l.text, l.location.line), (&b"last"[..], 5));
    assert_eq!(r.line(), None);
}

#[test]
fn end_of_line_rejects_leftovers() {
    let mut r = Reader::new(b"5 4 x\n");
    r.u32().unwrap();
    r.u32().unwrap();
    assert_eq!(
        r.end_of_line().unwrap_err().to_string(),
        "line 1, column 5: expected the end of the line, found \"x\""
    );
    let mut r = Reader::new(b"5");
    r.u32().unwrap();
    assert!(r.end_of_line().is_ok());
}

#[test]
fn marks_locate_later() {
    let mut r = Reader::new(b"7\n  12 x");
    r.u32().unwrap();
    r.u32().unwrap();
    let mark = r.last_mark();
    assert!(r.u32().is_err());
    assert_eq!(r.location_of(mark), Location { line: 2, column: 3 });
    assert_eq!(r.location_of(mark), r.clone().location_of(mark));
    assert_eq!(
        r.location_of(Mark(usize::MAX)),
        Location { line: 2, column: 7 }
    );
}

#[test]
fn token_bound_and_invalid() {
    let mut r = Reader::new(b"1000000000 1000000000\n1 2 3");
    r.u32().unwrap();
    r.u32().unwrap();
    assert_eq!(r.max_tokens_left(), 3);
    let e = InputError::invalid(r.last_location(), "too big");
    assert_eq!(e.to_string(), "line 1, column 12: too big");
}

#[test]
fn no_panic_on_any_short_input() {
    // Every byte string of length <= 3 over an alphabet of interesting bytes.
    let alphabet = [b'0', b'9', b' ', b'\n', b'\r', b'x', 0xff, b'-'];
    let mut inputs = vec![vec![]];
    for _ in 0..3 {
        let mut next = Vec::new();
        for s in &inputs {
            for &b in &alphabet {
                let mut t: Vec<u8> = s.clone();
                t.push(b);
                next.push(t);
            }
        }
        inputs.extend(next);
    }
    for input in &inputs {
        let mut r = Reader::new(input);
        while r.u32().is_ok() {}
        let mut r = Reader::new(input);
        let _ = r.u32_on_line();
        let _ = r.end_of_line();
        while r.line().is_some() {}
        assert!(r.is_at_end());
    }
}

#[test]
fn words_among_numbers() {
    let mut r = Reader::new(b"1 row\n 2 x9 3");
    assert_eq!(r.word(), None);
    assert_eq!(r.u32().unwrap(), 1);
    assert_eq!(r.word(), Some(&b"row"[..]));
    assert_eq!(r.last_location().to_string(), "line 1, column 3");
    assert_eq!(r.word(), None);
    assert_eq!(r.u32().unwrap(), 2);
    assert_eq!(r.word(), Some(&b"x9"[..]));
    assert_eq!(r.u32().unwrap(), 3);
    assert_eq!(r.word(), None);
    assert!(r.is_at_end());
}
