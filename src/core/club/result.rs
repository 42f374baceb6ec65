//! A result as the page's fields give it (a round's entry, a correction):
//! Othello's two disc counts as typed, or the choice of the other games'
//! select; read and checked board by board, so that the page can say
//! which board is wrong and why.

/// The results of a game other than Othello, as the select names them,
/// the first player's score first.
pub const CHOICES: [(&str, [f64; 2]); 3] = [
    ("1-0", [1.0, 0.0]),
    ("0.5-0.5", [0.5, 0.5]),
    ("0-1", [0.0, 1.0]),
];

/// Why a board's result is refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ResultError {
    /// A field left empty (a disc count, or no result chosen).
    Missing,
    /// A disc count that is not a whole number from 0 to the squares.
    NotWhole,
    /// Two disc counts together more than the board's squares.
    TooMany {
        /// The two counts.
        discs: [u32; 2],
        /// The board's squares.
        squares: u32,
    },
}

/// Othello's result from the two fields (Black's discs, White's): whole
/// numbers, together at most `squares`.
pub fn discs(squares: u32, black: &str, white: &str) -> Result<[f64; 2], ResultError> {
    let count = |field: &str| -> Result<u32, ResultError> {
        let field = field.trim();
        if field.is_empty() {
            return Err(ResultError::Missing);
        }
        field
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= squares && field.bytes().all(|b| b.is_ascii_digit()))
            .ok_or(ResultError::NotWhole)
    };
    let (b, w) = (count(black)?, count(white)?);
    if b + w > squares {
        return Err(ResultError::TooMany {
            discs: [b, w],
            squares,
        });
    }
    Ok([f64::from(b), f64::from(w)])
}

/// Another game's result from the select's value (`1-0`, `0.5-0.5`,
/// `0-1`; empty when none is chosen).
pub fn choice(value: &str) -> Result<[f64; 2], ResultError> {
    CHOICES
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, score)| *score)
        .ok_or(ResultError::Missing)
}

/// The select's value of a result (the inverse of [`choice`]).
pub fn choice_of(score: [f64; 2]) -> Option<&'static str> {
    CHOICES
        .iter()
        .find(|(_, s)| *s == score)
        .map(|(name, _)| *name)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn disc_counts_are_read_and_checked() {
        assert_eq!(discs(64, "33", " 31 "), Ok([33.0, 31.0]));
        assert_eq!(discs(64, "0", "64"), Ok([0.0, 64.0]));
        assert_eq!(discs(64, "", "31"), Err(ResultError::Missing));
        assert_eq!(discs(64, "33", " "), Err(ResultError::Missing));
        for bad in ["-1", "32.5", "1e1", "65", "+3", "x", "３３"] {
            assert_eq!(discs(64, bad, "0"), Err(ResultError::NotWhole), "{bad}");
        }
        assert_eq!(
            discs(64, "50", "30"),
            Err(ResultError::TooMany {
                discs: [50, 30],
                squares: 64
            })
        );
        assert_eq!(discs(36, "20", "16"), Ok([20.0, 16.0]));
    }

    #[test]
    fn choices_read_back() {
        for (name, score) in CHOICES {
            assert_eq!(choice(name), Ok(score));
            assert_eq!(choice_of(score), Some(name));
        }
        assert_eq!(choice(""), Err(ResultError::Missing));
        assert_eq!(choice_of([1.0, 1.0]), None);
    }

    proptest! {
        #[test]
        fn any_fields_give_a_result_or_a_reason(a in "\\PC{0,12}", b in "\\PC{0,12}") {
            if let Ok([x, y]) = discs(64, &a, &b) {
                prop_assert!(x + y <= 64.0 && x.fract() == 0.0 && y.fract() == 0.0);
            }
        }
    }
}
