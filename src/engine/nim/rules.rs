//! The take-away rules: how many tokens a move may take from a heap.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The largest heap the app accepts: 10^12 (divisor rules stay fast).
pub const MAX_HEAP: u64 = 1_000_000_000_000;

/// A take-away rule. `c` is the number of tokens taken from a heap of `n`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Rule {
    /// c ∈ S and c ≤ n, for a finite set S of positive integers (sorted,
    /// without repeats).
    Subtraction(Vec<u64>),
    /// c divides n (1 and n included).
    Dim,
    /// Any 1 ≤ c ≤ n.
    Nim,
    /// c divides n and c < n.
    Aliquot,
    /// c even and c < n; or c = n when n is odd.
    EvenOdd,
    /// 1 ≤ c ≤ ⌊n/2⌋.
    Half,
}

/// Why a move's amount is not allowed by the rule (for messages like
/// "Half: at most 4 from 9").
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Refusal {
    /// Nothing taken.
    Nothing,
    /// More than the heap holds.
    MoreThanHeap,
    /// Not in the subtraction set.
    NotInSet,
    /// Not a divisor of the heap.
    NotDivisor,
    /// The whole heap, which Aliquot forbids.
    WholeHeap,
    /// Odd but not the whole (odd) heap.
    OddNotWhole,
    /// Even but the whole heap.
    EvenWhole,
    /// More than half the heap.
    MoreThanHalf,
}

fn is_divisor(c: u64, n: u64) -> bool {
    c >= 1 && n % c == 0
}

impl Rule {
    /// A subtraction set from any list of positive integers.
    pub fn subtraction(set: &[u64]) -> Result<Rule, RuleError> {
        if set.is_empty() {
            return Err(RuleError::EmptySet);
        }
        if set.contains(&0) {
            return Err(RuleError::ZeroInSet);
        }
        let mut sorted = set.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        Ok(Rule::Subtraction(sorted))
    }

    /// Whether taking `c` from a heap of `n` is allowed, and why not.
    pub fn check(&self, n: u64, c: u64) -> Result<(), Refusal> {
        if c == 0 {
            return Err(Refusal::Nothing);
        }
        if c > n {
            return Err(Refusal::MoreThanHeap);
        }
        match self {
            Rule::Subtraction(set) if set.binary_search(&c).is_err() => Err(Refusal::NotInSet),
            Rule::Dim if !is_divisor(c, n) => Err(Refusal::NotDivisor),
            Rule::Aliquot if !is_divisor(c, n) => Err(Refusal::NotDivisor),
            Rule::Aliquot if c == n => Err(Refusal::WholeHeap),
            Rule::EvenOdd if c % 2 == 1 && !(c == n && n % 2 == 1) => Err(Refusal::OddNotWhole),
            Rule::EvenOdd if c % 2 == 0 && c == n => Err(Refusal::EvenWhole),
            Rule::Half if c > n / 2 => Err(Refusal::MoreThanHalf),
            _ => Ok(()),
        }
    }

    /// Every amount that may be taken from a heap of `n`, smallest first.
    /// For rules allowing many amounts this is long; the theory avoids it.
    pub fn takes(&self, n: u64) -> Vec<u64> {
        match self {
            Rule::Subtraction(set) => set.iter().copied().filter(|&c| c <= n).collect(),
            Rule::Dim => divisors(n),
            Rule::Aliquot => divisors(n).into_iter().filter(|&c| c < n).collect(),
            Rule::Nim => (1..=n).collect(),
            Rule::Half => (1..=n / 2).collect(),
            Rule::EvenOdd => {
                let mut takes: Vec<u64> = (2..n).step_by(2).collect();
                if n % 2 == 1 {
                    takes.push(n);
                }
                takes
            }
        }
    }

    /// True when a heap of `n` has at least one move.
    pub fn can_move(&self, n: u64) -> bool {
        match self {
            Rule::Subtraction(set) => set[0] <= n,
            Rule::Dim | Rule::Nim => n >= 1,
            Rule::Aliquot | Rule::Half => n >= 2,
            Rule::EvenOdd => n >= 3 || n == 1,
        }
    }

    /// The name used in the text format (`nim`, `sub{1,3,4}` …).
    pub fn code(&self) -> String {
        match self {
            Rule::Subtraction(set) => {
                format!(
                    "sub{{{}}}",
                    set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
                )
            }
            Rule::Dim => "dim".into(),
            Rule::Nim => "nim".into(),
            Rule::Aliquot => "aliquot".into(),
            Rule::EvenOdd => "evenodd".into(),
            Rule::Half => "half".into(),
        }
    }
}

/// The divisors of `n` (none for 0), ascending.
pub fn divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1u64;
    while d.saturating_mul(d) <= n {
        if n % d == 0 {
            small.push(d);
            if d != n / d {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

/// Why a rule's text was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RuleError {
    /// Not one of the rule names.
    Unknown(String),
    /// `sub{}`.
    EmptySet,
    /// A zero in the set.
    ZeroInSet,
    /// A set element that is not a number (or is too large).
    BadSetElement(String),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Unknown(r) => {
                write!(
                    f,
                    "unknown rule {r:?} (nim, dim, aliquot, evenodd, half or sub{{…}})"
                )
            }
            RuleError::EmptySet => f.write_str("the subtraction set is empty"),
            RuleError::ZeroInSet => {
                f.write_str("the subtraction set contains 0; moves take at least one token")
            }
            RuleError::BadSetElement(e) => write!(
                f,
                "{e:?} in the subtraction set is not a positive whole number"
            ),
        }
    }
}

impl std::error::Error for RuleError {}

impl FromStr for Rule {
    type Err = RuleError;

    fn from_str(text: &str) -> Result<Rule, RuleError> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "nim" => return Ok(Rule::Nim),
            "dim" => return Ok(Rule::Dim),
            "aliquot" => return Ok(Rule::Aliquot),
            "evenodd" | "even/odd" => return Ok(Rule::EvenOdd),
            "half" => return Ok(Rule::Half),
            _ => {}
        }
        let inner = lower
            .strip_prefix("sub{")
            .and_then(|r| r.strip_suffix('}'))
            .ok_or_else(|| RuleError::Unknown(text.trim().to_string()))?;
        let elements: Vec<&str> = inner
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .collect();
        let set: Vec<u64> = elements
            .iter()
            .map(|e| {
                e.parse::<u64>()
                    .ok()
                    .filter(|&v| v <= MAX_HEAP)
                    .ok_or_else(|| RuleError::BadSetElement(e.to_string()))
            })
            .collect::<Result<_, _>>()?;
        Rule::subtraction(&set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_table() {
        // From RULES.md: c taken from a heap of n.
        assert!(Rule::Dim.check(12, 4).is_ok() && Rule::Dim.check(12, 12).is_ok());
        assert_eq!(Rule::Dim.check(12, 5), Err(Refusal::NotDivisor));
        assert_eq!(Rule::Aliquot.check(12, 12), Err(Refusal::WholeHeap));
        assert!(Rule::Aliquot.check(12, 6).is_ok());
        assert!(Rule::EvenOdd.check(9, 9).is_ok() && Rule::EvenOdd.check(9, 4).is_ok());
        assert_eq!(Rule::EvenOdd.check(9, 3), Err(Refusal::OddNotWhole));
        assert_eq!(Rule::EvenOdd.check(8, 8), Err(Refusal::EvenWhole));
        assert_eq!(Rule::Half.check(9, 5), Err(Refusal::MoreThanHalf));
        assert!(Rule::Half.check(9, 4).is_ok());
        let s: Rule = "sub{4,1,3}".parse().unwrap();
        assert_eq!(s, Rule::Subtraction(vec![1, 3, 4]));
        assert_eq!(s.check(10, 2), Err(Refusal::NotInSet));
        assert_eq!(Rule::Nim.check(3, 4), Err(Refusal::MoreThanHeap));
        assert_eq!(Rule::Nim.check(3, 0), Err(Refusal::Nothing));
    }

    #[test]
    fn takes_agree_with_check() {
        let rules = [
            Rule::Dim,
            Rule::Nim,
            Rule::Aliquot,
            Rule::EvenOdd,
            Rule::Half,
            Rule::Subtraction(vec![2, 5]),
        ];
        for rule in &rules {
            for n in 0..40 {
                let listed = rule.takes(n);
                let checked: Vec<u64> = (0..=n + 1).filter(|&c| rule.check(n, c).is_ok()).collect();
                assert_eq!(listed, checked, "{rule} {n}");
                assert_eq!(rule.can_move(n), !listed.is_empty(), "{rule} {n}");
            }
        }
    }

    #[test]
    fn rule_texts_are_checked() {
        assert_eq!(
            "chess".parse::<Rule>(),
            Err(RuleError::Unknown("chess".into()))
        );
        assert_eq!("sub{}".parse::<Rule>(), Err(RuleError::EmptySet));
        assert_eq!("sub{0,1}".parse::<Rule>(), Err(RuleError::ZeroInSet));
        assert_eq!(
            "sub{1,x}".parse::<Rule>(),
            Err(RuleError::BadSetElement("x".into()))
        );
        assert_eq!("SUB{3, 1}".parse::<Rule>().unwrap().code(), "sub{1,3}");
        assert_eq!(divisors(12), vec![1, 2, 3, 4, 6, 12]);
        assert_eq!(divisors(1), vec![1]);
        assert!(divisors(0).is_empty());
    }
}
