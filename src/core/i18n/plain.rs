//! Letter case and decimals for the app's own texts, written out for the
//! scripts it speaks (Latin with Czech letters, Cyrillic) and for the
//! values it shows. `str::to_lowercase`, `char::to_uppercase` and float
//! formatting would link the whole Unicode case tables and the float
//! printing machinery into the page's wasm (about 40 KB), which these few
//! texts do not need.

/// The lower-case form of a letter of English, Czech or Russian (other
/// characters are returned unchanged).
pub fn lower(c: char) -> char {
    let code = c as u32;
    let lowered = match code {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE | 0x410..=0x42F => code + 0x20,
        0x400..=0x40F => code + 0x50,
        0x178 => 0xFF,
        // Latin Extended-A: pairs, capital first, from Ā and from Ĺ/Ź.
        0x100..=0x137 | 0x14A..=0x177 if code % 2 == 0 => code + 1,
        0x139..=0x148 | 0x179..=0x17E if code % 2 == 1 => code + 1,
        _ => code,
    };
    char::from_u32(lowered).unwrap_or(c)
}

/// The capital form of a letter of English, Czech or Russian.
pub fn upper(c: char) -> char {
    let code = c as u32;
    let raised = match code {
        0x61..=0x7A | 0xE0..=0xF6 | 0xF8..=0xFE | 0x430..=0x44F => code - 0x20,
        0x450..=0x45F => code - 0x50,
        0xFF => 0x178,
        0x101..=0x137 | 0x14B..=0x177 if code % 2 == 1 => code - 1,
        0x13A..=0x148 | 0x17A..=0x17E if code % 2 == 0 => code - 1,
        _ => code,
    };
    char::from_u32(raised).unwrap_or(c)
}

/// `text` in lower case ([`lower`]).
pub fn lowercase(text: &str) -> String {
    text.chars().map(lower).collect()
}

/// `text` with a capital first letter ([`upper`]).
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| std::iter::once(upper(first)).chain(chars).collect())
        .unwrap_or_default()
}

/// `value` rounded to one decimal ("3.5", "-0.3"), halves away from zero.
pub fn one_decimal(value: f64) -> String {
    let tenths = (value * 10.0).round();
    let sign = if tenths < 0.0 { "-" } else { "" };
    let tenths = tenths.abs() as u64;
    format!("{sign}{}.{}", tenths / 10, tenths % 10)
}

/// Hundredths as a signed number with one decimal ("+1.5", "-0.1",
/// "+0.0"), halves away from zero; the sign is the value's own.
pub fn signed_one_decimal(hundredths: i32) -> String {
    let tenths = (hundredths.unsigned_abs() + 5) / 10;
    let sign = if hundredths < 0 { '-' } else { '+' };
    format!("{sign}{}.{}", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_matches_the_standard_library_for_the_apps_alphabets() {
        let alphabets = [
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
            "ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽáčďéěíňóřšťúůýž",
            "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя",
            "ÀÂÄÇÈÊËÎÏÔÖÙÛÜŸàâäçèêëîïôöùûüÿ ĹĽŔĺľŕ ÑñÅåÆæØøÕõ",
        ];
        for c in alphabets.concat().chars() {
            let std_lower: String = c.to_lowercase().collect();
            let std_upper: String = c.to_uppercase().collect();
            assert_eq!(lower(c).to_string(), std_lower, "lower({c})");
            assert_eq!(upper(c).to_string(), std_upper, "upper({c})");
        }
        for c in "0123456789 .,–—×÷«»„“".chars() {
            assert_eq!((lower(c), upper(c)), (c, c));
        }
        assert_eq!(lowercase("Pasovat ŘÍJEN Пас"), "pasovat říjen пас");
        assert_eq!(capitalized("černý"), "Černý");
        assert_eq!(capitalized("ёж"), "Ёж");
        assert_eq!(capitalized(""), "");
    }

    #[test]
    fn decimals() {
        let cases = [
            (0.0, "0.0"),
            (3.45, "3.5"),
            (-0.04, "0.0"),
            (-0.06, "-0.1"),
            (12.0, "12.0"),
        ];
        for (value, text) in cases {
            assert_eq!(one_decimal(value), text, "{value}");
        }
        let cases = [
            (0, "+0.0"),
            (150, "+1.5"),
            (-5, "-0.1"),
            (-4, "-0.0"),
            (4, "+0.0"),
            (-1234, "-12.3"),
            (i32::MIN, "-21474836.5"),
        ];
        for (hundredths, text) in cases {
            assert_eq!(signed_one_decimal(hundredths), text, "{hundredths}");
        }
    }
}
