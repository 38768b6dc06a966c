//! The names in the tables: what a player may type as a name, and the
//! name as it is stored.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use crate::error::ApiError;

/// The longest name, in characters, after trimming.
pub const NAME_CHARS: usize = 32;

/// The characters that steer the direction of text (Unicode's explicit
/// bidirectional formatting: embeddings and overrides U+202A-202E,
/// isolates U+2066-2069, the marks U+200E, U+200F and U+061C). In a name
/// they would turn a table's row around (a right-to-left override shows
/// the score and the date backwards), so they are taken out.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    )
}

/// Characters that show nothing and are not needed between others (zero
/// width spaces and joiners outside emoji, fillers of the Hangul and
/// braille blocks, invisible operators, the soft hyphen, tags): a name
/// holding one is refused, since it could look like another name or like
/// none.
pub fn is_filler(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180E}'
            | '\u{200B}'
            | '\u{2060}'..='\u{2064}'
            | '\u{206A}'..='\u{206F}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// Whether `c` shows something on its own: not a space, a combining mark,
/// a filler, a joiner or a variation selector.
fn is_visible(c: char) -> bool {
    !c.is_whitespace()
        && !is_combining_mark(c)
        && !is_filler(c)
        && !matches!(c, '\u{200C}' | '\u{200D}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
}

/// The most combining marks a name may put on one character.
pub const MARKS_PER_CHARACTER: usize = 2;

/// The name as stored: without control characters (line breaks, tabs,
/// NUL) and bidirectional formatting characters ([`is_bidi_control`]),
/// trimmed, in Unicode's composed form (NFC: "é" typed as e and an accent
/// is the one character "é"); 1 to [`NAME_CHARS`] characters, at least one
/// of them visible, none a filler ([`is_filler`]), at most
/// [`MARKS_PER_CHARACTER`] combining marks on a character (counted
/// decomposed: "é" is e and one mark); or a 400 that
/// says which rule it breaks.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let plain: String = name
        .chars()
        .filter(|&c| !c.is_control() && !is_bidi_control(c))
        .collect();
    let name: String = plain.trim().nfc().collect();
    let chars = name.chars().count();
    if chars == 0 || chars > NAME_CHARS {
        return Err(ApiError::bad_request(format!(
            "a name is 1 to {NAME_CHARS} characters (not counting control and direction \
             characters), got {chars}"
        )));
    }
    if let Some(c) = name.chars().find(|&c| is_filler(c)) {
        return Err(ApiError::bad_request(format!(
            "a name may not hold U+{:04X}, a character that shows nothing",
            u32::from(c)
        )));
    }
    if !name.chars().any(is_visible) {
        return Err(ApiError::bad_request(
            "a name needs at least one visible character",
        ));
    }
    let mut marks = 0;
    for c in name.nfd() {
        marks = if is_combining_mark(c) { marks + 1 } else { 0 };
        if marks > MARKS_PER_CHARACTER {
            return Err(ApiError::bad_request(format!(
                "a name puts at most {MARKS_PER_CHARACTER} combining marks (accents) on a \
                 character, and this one has more"
            )));
        }
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_checked() {
        assert_eq!(check_name("  Ann ").unwrap(), "Ann");
        assert_eq!(check_name(&"é".repeat(32)).unwrap().chars().count(), 32);
        assert!(check_name(&"é".repeat(33)).is_err());
        assert!(check_name("   ").is_err());
        // Control and direction characters are taken out, then the name
        // is trimmed and counted.
        assert_eq!(check_name("a\nb\t").unwrap(), "ab");
        assert_eq!(
            check_name("\u{202E}Eve\u{2066}\u{200F}\u{061C}").unwrap(),
            "Eve"
        );
        assert!(check_name("\u{202E}\u{7} \u{2069}").is_err());
        assert_eq!(
            check_name(&format!("{}\u{202E}", "x".repeat(32)))
                .unwrap()
                .len(),
            32
        );
    }
}
