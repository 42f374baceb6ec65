//! What every text format of the app shares: how typed characters are
//! normalised and how whole numbers are read.
//!
//! The decision, stated once for every format (README, "Text formats"):
//! full-width forms of ASCII (`ｆ５`, typed with East Asian input methods)
//! and the ideographic space are read as their ASCII characters; nothing
//! else is folded. Other digits (`²`, `½`, `٣`, `⁵`) and letters of other
//! scripts are not guessed at: they are errors that name where they are.

use std::borrow::Cow;

/// The ASCII character a full-width form stands for, or `c` itself.
pub fn fold_char(c: char) -> char {
    match c {
        // U+FF01..U+FF5E mirror U+0021..U+007E.
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

/// `text` with full-width forms folded to ASCII (borrowed when there are
/// none). Characters map one to one, so character offsets are kept.
pub fn fold(text: &str) -> Cow<'_, str> {
    if text.chars().any(|c| fold_char(c) != c) {
        Cow::Owned(text.chars().map(fold_char).collect())
    } else {
        Cow::Borrowed(text)
    }
}

/// Reads a whole number written with ASCII digits only (no sign, no
/// spaces, no other scripts' digits), within the type's range.
pub fn parse_number<T: TryFrom<u64>>(text: &str) -> Option<T> {
    if text.is_empty() || text.len() > 20 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u64>().ok().and_then(|n| T::try_from(n).ok())
}

/// `text` split before its last character (at a character boundary, so a
/// multi-byte character is never cut).
pub fn split_last_char(text: &str) -> (&str, &str) {
    let cut = text.char_indices().next_back().map_or(0, |(i, _)| i);
    text.split_at(cut)
}

/// The first `limit` characters of `text`, with `…` when it was longer: for
/// quoting user input in a message without repeating a whole paste.
pub fn excerpt(text: &str, limit: usize) -> String {
    let mut chars = text.chars();
    let mut shown: String = chars.by_ref().take(limit).collect();
    if chars.next().is_some() {
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_forms_fold_and_nothing_else() {
        assert_eq!(fold("ｆ５ｄ６"), "f5d6");
        assert_eq!(fold("Ｆ５\u{3000}Ｄ６"), "F5 D6");
        assert!(matches!(fold("f5d6"), Cow::Borrowed(_)));
        for other in ["²", "½", "٣", "⁵", "é", "с3"] {
            assert_eq!(fold(other), other);
        }
    }

    #[test]
    fn numbers_are_ascii_digits_only() {
        assert_eq!(parse_number::<u32>("42"), Some(42));
        assert_eq!(parse_number::<u8>("0300"), None);
        assert_eq!(parse_number::<u64>("18446744073709551615"), Some(u64::MAX));
        assert_eq!(parse_number::<u64>("18446744073709551616"), None);
        for bad in ["", "+1", "-1", " 1", "1 ", "٣", "²", "1e3", "0x10"] {
            assert_eq!(parse_number::<u64>(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn excerpts_are_cut_at_characters() {
        assert_eq!(excerpt("ééé", 2), "éé…");
        assert_eq!(excerpt("ab", 2), "ab");
    }
}
