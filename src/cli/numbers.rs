//! The numbers of the command line, read one way everywhere: ASCII digits
//! only (`+5`, ` 5`, `1e3`, `0x10` and other scripts' digits are refused),
//! within a range the message states. Whole numbers (counts, depths,
//! sizes, milliseconds), decimals written `digits[.digits]` (shares,
//! factors, discs), and ranges `MIN-MAX`. Each function makes a clap value
//! parser whose error says what was expected.

use std::fmt::Display;

use crate::engine::text::parse_number;

/// The longest decimal read (a longer text is no number we need).
const MAX_DECIMAL_LEN: usize = 24;

/// What was expected, said with the range, and a reminder of the digits
/// when the text has anything but digits (and a point, for decimals).
fn expected(what: &str, min: impl Display, max: impl Display, text: &str, point: bool) -> String {
    let digits = text
        .bytes()
        .all(|b| b.is_ascii_digit() || (point && b == b'.'));
    let hint = if digits || text.is_empty() {
        ""
    } else if point {
        ", written with the digits 0-9 and a point"
    } else {
        ", written with the digits 0-9"
    };
    format!("{what} from {min} to {max}{hint}")
}

/// A whole number from `min` to `max`, in ASCII digits.
pub fn whole<T>(
    min: T,
    max: T,
    what: &'static str,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + PartialOrd + Copy + Display + Send + Sync + 'static,
{
    move |text| {
        parse_number::<T>(text)
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| expected(what, min, max, text, false))
    }
}

/// Reads `digits[.digits]` (no sign, exponent or spaces).
pub fn parse_decimal(text: &str) -> Option<f64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    (text.len() <= MAX_DECIMAL_LEN && digits(whole) && digits(fraction))
        .then(|| text.parse().ok())
        .flatten()
}

/// A decimal from `min` to `max`, written `digits[.digits]`.
pub fn decimal(
    min: f64,
    max: f64,
    what: &'static str,
) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync + 'static {
    move |text| {
        parse_decimal(text)
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| expected(what, min, max, text, true))
    }
}

/// `MIN-MAX` (or one number, meaning both) of whole numbers from `min` to
/// `max`, `MIN` not above `MAX`.
pub fn range<T>(
    min: T,
    max: T,
    what: &'static str,
) -> impl Fn(&str) -> Result<(T, T), String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + PartialOrd + Copy + Display + Send + Sync + 'static,
{
    move |text| {
        let (low, high) = text.split_once('-').unwrap_or((text, text));
        let bound = |part: &str| parse_number::<T>(part).filter(|n| (min..=max).contains(n));
        match (bound(low), bound(high)) {
            (Some(low), Some(high)) if low <= high => Ok((low, high)),
            _ => Err(format!(
                "{what} MIN-MAX (or one number) from {min} to {max}, in the digits 0-9, MIN not above MAX"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn only_ascii_digits_make_a_number() {
        let depth = whole(1u32, 200, "a depth");
        assert_eq!(depth("12"), Ok(12));
        for bad in [
            "+5", " 5", "5 ", "1e3", "0x10", "-1", "", "٣", "５", "12.0", "201", "0",
        ] {
            assert!(depth(bad).is_err(), "{bad:?}");
        }
        assert_eq!(depth("201").unwrap_err(), "a depth from 1 to 200");
        assert_eq!(
            depth("+5").unwrap_err(),
            "a depth from 1 to 200, written with the digits 0-9"
        );
        let share = decimal(0.0, 1.0, "a share");
        assert_eq!(share("0.25"), Ok(0.25));
        assert_eq!(share("1"), Ok(1.0));
        for bad in [
            "1e0", ".5", "5.", "+0.5", "0,5", "NaN", "inf", "1.5", " 0.5", "0..5",
        ] {
            assert!(share(bad).is_err(), "{bad:?}");
        }
        let empties = range(4u32, 30, "a range of empties");
        assert_eq!(empties("14-20"), Ok((14, 20)));
        assert_eq!(
            empties("20-14").unwrap_err(),
            "a range of empties MIN-MAX (or one number) from 4 to 30, in the digits 0-9, MIN not above MAX"
        );
        assert_eq!(empties("14"), Ok((14, 14)));
        for bad in [
            "20-14", "3-20", "14-", "-", "", "14–18", "14 - 18", "+14-18",
        ] {
            assert!(empties(bad).is_err(), "{bad:?}");
        }
    }

    proptest! {
        #[test]
        fn any_text_is_read_or_refused_and_numbers_round_trip(text in ".{0,40}", n in any::<u64>()) {
            let count = whole(0u64, u64::MAX, "a count");
            let _ = count(&text);
            let _ = decimal(0.0, 1e9, "a time")(&text);
            let _ = range(0u64, u64::MAX, "a range")(&text);
            prop_assert_eq!(count(&n.to_string()), Ok(n));
            let small = (n % 1_000_000) as f64 / 100.0;
            prop_assert_eq!(decimal(0.0, 1e4, "a number")(&format!("{small}")), Ok(small));
        }
    }
}
