//! A tournament's date: a day of the calendar, written `YYYY-MM-DD` in the
//! files (ISO 8601, as the page's date field gives it) and shown in the
//! reader's language.

use serde::{Serialize, Serializer};

/// A day of the (proleptic Gregorian) calendar, years 1 to 9999.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    /// The year, 1 to 9999.
    pub year: u16,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, 1 to its last.
    pub day: u8,
}

/// Why a date is refused: its text (not `YYYY-MM-DD` in ASCII digits, or
/// no such day).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDateError(pub String);

impl Date {
    /// The days of `month` in `year`.
    fn days_in(year: u16, month: u8) -> u8 {
        match month {
            4 | 6 | 9 | 11 => 30,
            2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
            2 => 28,
            _ => 31,
        }
    }

    /// Reads `YYYY-MM-DD` (blanks around it allowed).
    pub fn parse(text: &str) -> Result<Date, ParseDateError> {
        let refuse = || ParseDateError(text.to_string());
        let trimmed = text.trim();
        let parts: Vec<&str> = trimmed.split('-').collect();
        let [y, m, d] = parts[..] else {
            return Err(refuse());
        };
        let number = |part: &str, digits: usize| {
            (part.len() == digits && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse::<u16>().ok())
                .flatten()
        };
        let (Some(year), Some(month), Some(day)) = (number(y, 4), number(m, 2), number(d, 2))
        else {
            return Err(refuse());
        };
        let (month, day) = (month as u8, day as u8);
        if year == 0 || !(1..=12).contains(&month) || day == 0 || day > Date::days_in(year, month) {
            return Err(refuse());
        }
        Ok(Date { year, month, day })
    }
}

impl std::fmt::Display for Date {
    /// `YYYY-MM-DD`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn days_of_the_calendar_are_read() {
        let date = |y, m, d| Date {
            year: y,
            month: m,
            day: d,
        };
        assert_eq!(Date::parse("2027-03-14"), Ok(date(2027, 3, 14)));
        assert_eq!(Date::parse(" 2024-02-29 "), Ok(date(2024, 2, 29)));
        assert_eq!(Date::parse("2000-02-29"), Ok(date(2000, 2, 29)));
        for bad in [
            "",
            "2027-3-14",
            "2027-02-29",
            "1900-02-29",
            "2027-13-01",
            "2027-04-31",
            "0000-01-01",
            "２０２７-03-14",
            "2027-03-14-",
            "+027-03-14",
            "14.3.2027",
        ] {
            assert_eq!(Date::parse(bad), Err(ParseDateError(bad.into())), "{bad:?}");
        }
    }

    proptest! {
        #[test]
        fn a_written_date_reads_back(y in 1u16..=9999, m in 1u8..=12, d in 1u8..=31) {
            let date = Date { year: y, month: m, day: d.min(Date::days_in(y, m)) };
            prop_assert_eq!(Date::parse(&date.to_string()), Ok(date));
        }

        #[test]
        fn any_text_is_a_date_or_refused(text in "\\PC{0,20}") {
            if let Ok(date) = Date::parse(&text) {
                prop_assert_eq!(date.to_string(), text.trim());
            }
        }
    }
}
