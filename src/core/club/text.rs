//! Names and labels as people type them, checked once for the page (the
//! setup form, late entries), the file readers (JSON and CSV) and the
//! commands: a name is what is left after the blanks at both ends, runs
//! of blanks inside and invisible characters are taken out, so that two
//! names that look alike are the same name (`"Ann"`, `" Ann "`,
//! `"Ann\u{200B}"`, `"Ann\u{a0}"`); a name with nothing visible, a line
//! break or a control character is refused (they would break the page's
//! lines and reach a terminal as escape sequences).

/// The longest name or label, in characters.
pub const MAX_CHARS: usize = 100;

/// Why a name (or a label: a club, a tournament's name, its place) is
/// refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Nothing visible: empty, blanks, or invisible characters only.
    Empty,
    /// A line break (line feed, carriage return, the Unicode line and
    /// paragraph separators).
    LineBreak,
    /// A control character other than a line break (NUL, escape, tab…).
    Control(char),
    /// Longer than [`MAX_CHARS`] characters.
    TooLong,
}

impl std::error::Error for NameError {}

/// Characters that show nothing and join or steer nothing a reader sees:
/// zero-width spaces and joiners' kin, the byte order mark, the soft
/// hyphen, direction marks and embeddings, fillers that draw as blanks.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{AD}'
            | '\u{34F}'
            | '\u{61C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// The zero-width non-joiner and joiner: needed inside emoji and some
/// scripts (between two characters outside ASCII), invisible elsewhere.
fn joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
}

fn line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{B}' | '\u{C}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// `raw` as a label: blanks at the ends and invisible characters taken
/// out, every run of blanks inside (any Unicode space) one space; it may
/// be empty. Refused: line breaks, control characters, more than
/// [`MAX_CHARS`] characters.
pub fn label(raw: &str) -> Result<String, NameError> {
    let chars: Vec<char> = raw.chars().collect();
    // For each character, the next one a reader sees (not invisible, not
    // a joiner), found in one pass from the end.
    let mut next_seen = vec![None; chars.len()];
    let mut seen = None;
    for (i, &c) in chars.iter().enumerate().rev() {
        next_seen[i] = seen;
        if !invisible(c) && !joiner(c) {
            seen = Some(c);
        }
    }
    let outside_ascii =
        |c: Option<char>| c.is_some_and(|c| !c.is_ascii() && !c.is_whitespace() && !c.is_control());
    let mut out = String::with_capacity(raw.len());
    let mut blank = false;
    let mut count = 0;
    for (i, &c) in chars.iter().enumerate() {
        if line_break(c) {
            return Err(NameError::LineBreak);
        }
        if c.is_control() {
            return Err(NameError::Control(c));
        }
        if invisible(c) {
            continue;
        }
        if joiner(c)
            && (blank || !outside_ascii(out.chars().next_back()) || !outside_ascii(next_seen[i]))
        {
            continue;
        }
        // The braille blank draws as a space (it is one, in braille).
        if c.is_whitespace() || c == '\u{2800}' {
            blank = true;
            continue;
        }
        if blank && !out.is_empty() {
            out.push(' ');
            count += 1;
        }
        blank = false;
        out.push(c);
        count += 1;
        if count > MAX_CHARS {
            return Err(NameError::TooLong);
        }
    }
    Ok(out)
}

/// `raw` as a player's name: a [`label`] with something visible in it.
pub fn name(raw: &str) -> Result<String, NameError> {
    match label(raw)? {
        name if name.is_empty() => Err(NameError::Empty),
        name => Ok(name),
    }
}

/// The key two names are compared by, so that names a reader takes for
/// the same are one ("Petr Novák", "petr  novák", "Petr Nova\u{301}k",
/// "ＰＥＴＲ ＮＯＶÁＫ"): the [`label`] in Unicode's compatibility
/// composition (NFKC), in lower case. The name itself is kept as written.
pub fn key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let label = label(name).unwrap_or_else(|_| name.to_string());
    label
        .nfkc()
        .flat_map(char::to_lowercase)
        .collect::<String>()
        .nfkc()
        .collect()
}

/// `text` to be shown where it may not be a valid name (in an error
/// message about it): control characters and invisible characters as
/// `U+XXXX`, cut to `MAX_CHARS` characters with an ellipsis.
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() || invisible(c) || joiner(c) || line_break(c) {
            out.push_str(&format!("U+{:04X}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::time::{Duration, Instant};

    #[test]
    fn names_written_alike_have_one_key() {
        let petr = key("Petr Novák");
        for alike in [
            "petr  novák",
            " PETR NOVÁK",
            "Petr Nova\u{301}k",
            "ＰＥＴＲ ＮＯＶÁＫ",
            "Petr\u{a0}Novák\u{200b}",
        ] {
            assert_eq!(key(alike), petr, "{alike:?}");
        }
        assert_ne!(
            key("Petr Novak"),
            petr,
            "a letter without its accent is another letter"
        );
        assert_eq!(name("\u{2800}\u{2800}"), Err(NameError::Empty));
        assert_eq!(name("A\u{2800}B").as_deref(), Ok("A B"));
    }

    #[test]
    fn names_that_look_alike_are_one_name() {
        for raw in [
            "Ann",
            " Ann ",
            "\u{a0}Ann\u{3000}",
            "Ann\u{200B}",
            "\u{FEFF}A\u{200D}nn",
            "A\u{AD}nn",
            "\u{202E}Ann\u{202C}",
        ] {
            assert_eq!(name(raw), Ok("Ann".into()), "{raw:?}");
        }
        assert_eq!(name("Ann   van\u{2009} Dyk"), Ok("Ann van Dyk".into()));
        // Joiners inside emoji and other scripts stay.
        assert_eq!(name("👩\u{200D}💻"), Ok("👩\u{200D}💻".into()));
        assert_eq!(name("می\u{200C}خواهم"), Ok("می\u{200C}خواهم".into()));
    }

    #[test]
    fn empty_invisible_and_broken_names_are_refused() {
        for raw in ["", "   ", "\u{200B}", "\u{200B}\u{FEFF}\u{a0}", "\u{200D}"] {
            assert_eq!(name(raw), Err(NameError::Empty), "{raw:?}");
            assert_eq!(label(raw), Ok(String::new()), "{raw:?}");
        }
        for raw in ["Ann\nBob", "Ann\r", "A\u{2028}B", "A\u{85}"] {
            assert_eq!(name(raw), Err(NameError::LineBreak), "{raw:?}");
        }
        assert_eq!(name("Ann\0"), Err(NameError::Control('\0')));
        assert_eq!(
            name("\u{1b}]0;owned\u{7}"),
            Err(NameError::Control('\u{1b}'))
        );
        assert_eq!(name("A\tB"), Err(NameError::Control('\t')));
        assert_eq!(name(&"x".repeat(MAX_CHARS)).map(|n| n.len()), Ok(MAX_CHARS));
        assert_eq!(name(&"x".repeat(MAX_CHARS + 1)), Err(NameError::TooLong));
        // Blanks do not count towards the length.
        assert!(name(&format!("{}x{}", " ".repeat(500), " ".repeat(500))).is_ok());
    }

    #[test]
    fn a_bad_name_is_shown_harmless() {
        assert_eq!(shown("A\u{1b}[2J\u{200B}"), "AU+001B[2JU+200B");
        assert_eq!(shown(&"y".repeat(300)).chars().count(), MAX_CHARS + 1);
    }

    proptest! {
        #[test]
        fn any_text_gives_a_clean_name_or_a_reason(text in "\\PC{0,300}|(?s:.{0,300})") {
            let started = Instant::now();
            if let Ok(n) = name(&text) {
                // Clean: normalised again it is the same; nothing
                // invisible, no control character, no blanks at the ends.
                prop_assert_eq!(name(&n), Ok(n.clone()));
                prop_assert!(!n.is_empty() && n.trim() == n && n.chars().count() <= MAX_CHARS);
                prop_assert!(!n.chars().any(|c| c.is_control() || invisible(c) || line_break(c)));
                prop_assert!(!n.contains("  "));
            }
            let _ = shown(&text);
            prop_assert!(started.elapsed() < Duration::from_secs(1));
        }
    }
}
