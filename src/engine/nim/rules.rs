//! The take-away rules: how many tokens a move may take from a heap.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::ops::Deref;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::divisors::divisors;
use super::period::{find_periodicity, PeriodBudget, PeriodTooLong, Periodicity};

/// The most heaps a position may have (the page shows each one).
pub const MAX_HEAPS: usize = 64;

/// A subtraction set: its elements (sorted, positive, without repeats)
/// and its eventual period, found when the set is made, so that every set
/// that exists can answer for any heap. Cheap to clone.
///
/// Sets compare and hash by a fingerprint of their elements first, so that
/// a set of thousands of elements costs a search that sorts and hashes
/// heaps no more than a set of three.
#[derive(Clone, Debug)]
pub struct SubtractionSet {
    elements: Arc<[u64]>,
    fingerprint: u64,
    period: Arc<Periodicity>,
}

impl SubtractionSet {
    /// The set of `elements` (any order, repeats allowed), if it is not
    /// empty, has no zero and its period can be found within the budget.
    pub fn new(elements: &[u64]) -> Result<SubtractionSet, RuleError> {
        SubtractionSet::new_within(elements, &mut PeriodBudget::default())
    }

    /// [`SubtractionSet::new`], spending from a budget shared with other
    /// sets (those of one position).
    pub fn new_within(
        elements: &[u64],
        budget: &mut PeriodBudget,
    ) -> Result<SubtractionSet, RuleError> {
        if elements.is_empty() {
            return Err(RuleError::EmptySet);
        }
        if elements.contains(&0) {
            return Err(RuleError::ZeroInSet);
        }
        let mut sorted = elements.to_vec();
        crate::stable_sort::sort(&mut sorted);
        sorted.dedup();
        let (elements, period) = cached_periodicity(sorted.into(), budget);
        let period = period.map_err(RuleError::PeriodTooLong)?;
        let fingerprint = elements.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &e| {
            (h ^ e).wrapping_mul(0x0100_0000_01b3).rotate_left(17)
        });
        Ok(SubtractionSet {
            elements,
            fingerprint,
            period,
        })
    }

    /// The eventual period of the set's Grundy values.
    pub fn periodicity(&self) -> &Periodicity {
        &self.period
    }
}

impl Deref for SubtractionSet {
    type Target = [u64];

    fn deref(&self) -> &[u64] {
        &self.elements
    }
}

impl PartialEq for SubtractionSet {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.elements, &other.elements)
            || (self.fingerprint == other.fingerprint && self.elements == other.elements)
    }
}

impl Eq for SubtractionSet {}

impl std::hash::Hash for SubtractionSet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.fingerprint.hash(state);
    }
}

impl PartialOrd for SubtractionSet {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// An order for canonical forms (by fingerprint, then elements), not by
/// size: any total order consistent with equality serves.
impl Ord for SubtractionSet {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if Arc::ptr_eq(&self.elements, &other.elements) {
            return std::cmp::Ordering::Equal;
        }
        self.fingerprint
            .cmp(&other.fingerprint)
            .then_with(|| self.elements.cmp(&other.elements))
    }
}

/// Periods already found (per thread); emptied when the values kept pass
/// twice the search's own limit, so a stream of different sets cannot
/// exhaust memory.
/// A set's shared elements (so that equal sets are one allocation and
/// compare by pointer) and its period.
type PeriodCache = HashMap<Arc<[u64]>, (Arc<[u64]>, Result<Arc<Periodicity>, PeriodTooLong>)>;

thread_local! {
    static PERIODS: RefCell<(PeriodCache, usize)> = RefCell::new((HashMap::new(), 0));
}

/// The shared elements and the period of the set `elements`.
fn cached_periodicity(
    elements: Arc<[u64]>,
    budget: &mut PeriodBudget,
) -> (Arc<[u64]>, Result<Arc<Periodicity>, PeriodTooLong>) {
    if let Some(found) = PERIODS.with(|cache| cache.borrow().0.get(&elements).cloned()) {
        return found;
    }
    let found = find_periodicity(&elements, budget).map(Arc::new);
    PERIODS.with(|cache| {
        let (map, kept) = &mut *cache.borrow_mut();
        let size = found.as_ref().map_or(0, |p| p.len()) + elements.len();
        if *kept + size > 2 * super::period::VALUE_LIMIT {
            map.clear();
            *kept = 0;
        }
        *kept += size;
        map.insert(elements.clone(), (elements.clone(), found.clone()));
    });
    (elements, found)
}

/// A take-away rule. `c` is the number of tokens taken from a heap of `n`.
/// Written and read as its text code (`nim`, `sub{1,3,4}` …), also in
/// saved games and worker messages, so that a set is always checked.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Rule {
    /// c ∈ S and c ≤ n, for a finite set S of positive integers.
    Subtraction(SubtractionSet),
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

impl Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.code())
    }
}

impl<'de> Deserialize<'de> for Rule {
    /// The text code; in JSON (saved games) also the enum form of older
    /// saves. Binary formats (the worker's messages) are not
    /// self-describing, so there only the text code is read.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Rule, D::Error> {
        use serde::de::Error;
        RuleRepr::deserialize_any_format(deserializer)?
            .read(&mut PeriodBudget::default())
            .map_err(D::Error::custom)
    }
}

/// A rule as stored: its text code, or the enum form that saved games
/// written before the text code hold (`"Nim"`, `{"Subtraction":[1,3,4]}`).
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum RuleRepr {
    Text(String),
    Set {
        #[serde(rename = "Subtraction")]
        subtraction: Vec<u64>,
    },
}

impl RuleRepr {
    /// The rule, a set's period search spending from `budget`.
    pub(super) fn read(self, budget: &mut PeriodBudget) -> Result<Rule, RuleError> {
        match self {
            RuleRepr::Text(text) => Rule::parse_within(&text, budget),
            RuleRepr::Set { subtraction } => {
                SubtractionSet::new_within(&subtraction, budget).map(Rule::Subtraction)
            }
        }
    }

    /// Reads a stored rule (in binary formats only the text code).
    pub(super) fn deserialize_any_format<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<RuleRepr, D::Error> {
        if deserializer.is_human_readable() {
            RuleRepr::deserialize(deserializer)
        } else {
            Ok(RuleRepr::Text(String::deserialize(deserializer)?))
        }
    }
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

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::Nothing => "a move takes at least one token",
            Refusal::MoreThanHeap => "the heap holds fewer tokens",
            Refusal::NotInSet => "the amount is not in the subtraction set",
            Refusal::NotDivisor => "the amount does not divide the heap",
            Refusal::WholeHeap => "the rule never takes the whole heap",
            Refusal::OddNotWhole => "an odd amount only when it is the whole (odd) heap",
            Refusal::EvenWhole => "an even amount never empties the heap",
            Refusal::MoreThanHalf => "at most half the heap",
        })
    }
}

fn is_divisor(c: u64, n: u64) -> bool {
    c >= 1 && n % c == 0
}

impl Rule {
    /// A subtraction set from any list of positive integers.
    pub fn subtraction(set: &[u64]) -> Result<Rule, RuleError> {
        SubtractionSet::new(set).map(Rule::Subtraction)
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

    /// Every amount that may be taken from a heap of `n`, smallest first,
    /// produced one by one (Nim on a heap of 10^18 has 10^18 of them: take
    /// what you need, or use [`Rule::take_count`] and [`Rule::nth_take`]).
    pub fn takes(&self, n: u64) -> Box<dyn Iterator<Item = u64> + '_> {
        match self {
            Rule::Subtraction(set) => Box::new(set.iter().copied().take_while(move |&c| c <= n)),
            Rule::Dim => Box::new(divisors(n).into_iter()),
            Rule::Aliquot => Box::new(divisors(n).into_iter().filter(move |&c| c < n)),
            Rule::Nim => Box::new(1..=n),
            Rule::Half => Box::new(1..=n / 2),
            Rule::EvenOdd => Box::new(
                (1..=even_takes(n))
                    .map(|i| 2 * i)
                    .chain((n % 2 == 1).then_some(n)),
            ),
        }
    }

    /// How many amounts may be taken from a heap of `n`.
    pub fn take_count(&self, n: u64) -> u64 {
        match self {
            Rule::Subtraction(set) => set.iter().take_while(|&&c| c <= n).count() as u64,
            Rule::Dim => divisors(n).len() as u64,
            Rule::Aliquot => divisors(n).len().saturating_sub(1) as u64,
            Rule::Nim => n,
            Rule::Half => n / 2,
            Rule::EvenOdd => even_takes(n) + n % 2,
        }
    }

    /// The `i`-th amount (from 0) in the order of [`Rule::takes`], without
    /// listing the others; `None` when `i` is not below the count.
    pub fn nth_take(&self, n: u64, i: u64) -> Option<u64> {
        match self {
            Rule::Subtraction(set) => set
                .get(usize::try_from(i).ok()?)
                .copied()
                .filter(|&c| c <= n),
            Rule::Dim | Rule::Aliquot => self.takes(n).nth(usize::try_from(i).ok()?),
            Rule::Nim => (i < n).then(|| i + 1),
            Rule::Half => (i < n / 2).then(|| i + 1),
            Rule::EvenOdd => {
                let evens = even_takes(n);
                if i < evens {
                    Some(2 * (i + 1))
                } else {
                    (i == evens && n % 2 == 1).then_some(n)
                }
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

/// The even amounts Even/Odd allows on a heap of `n`: 2, 4, … below `n`.
fn even_takes(n: u64) -> u64 {
    n.saturating_sub(1) / 2
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
    /// A set element that is not a whole number.
    BadSetElement(String),
    /// The set's period cannot be found within the search's budget.
    PeriodTooLong(PeriodTooLong),
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
            RuleError::PeriodTooLong(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RuleError {}

impl FromStr for Rule {
    type Err = RuleError;

    fn from_str(text: &str) -> Result<Rule, RuleError> {
        Rule::parse_within(text, &mut PeriodBudget::default())
    }
}

impl Rule {
    /// Reads a rule's text, a subtraction set's period search spending from
    /// `budget` (shared by the rules of one position).
    pub fn parse_within(text: &str, budget: &mut PeriodBudget) -> Result<Rule, RuleError> {
        let lower = crate::text::fold(text.trim()).to_ascii_lowercase();
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
            .ok_or_else(|| RuleError::Unknown(crate::text::excerpt(text.trim(), 20)))?;
        let set: Vec<u64> = inner
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(|e| {
                crate::text::parse_number(e)
                    .ok_or_else(|| RuleError::BadSetElement(crate::text::excerpt(e, 20)))
            })
            .collect::<Result<_, _>>()?;
        SubtractionSet::new_within(&set, budget).map(Rule::Subtraction)
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
        assert_eq!(s, Rule::subtraction(&[1, 3, 4]).unwrap());
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
            Rule::subtraction(&[2, 5]).unwrap(),
        ];
        for rule in &rules {
            for n in 0..60 {
                let listed: Vec<u64> = rule.takes(n).collect();
                let checked: Vec<u64> = (0..=n + 1).filter(|&c| rule.check(n, c).is_ok()).collect();
                assert_eq!(listed, checked, "{rule} {n}");
                assert_eq!(rule.can_move(n), !listed.is_empty(), "{rule} {n}");
                assert_eq!(rule.take_count(n), listed.len() as u64, "{rule} {n}");
                for (i, &c) in listed.iter().enumerate() {
                    assert_eq!(rule.nth_take(n, i as u64), Some(c), "{rule} {n} {i}");
                }
                assert_eq!(rule.nth_take(n, listed.len() as u64), None, "{rule} {n}");
            }
        }
        // Huge heaps: counted and indexed without listing.
        let n = u64::MAX;
        assert_eq!(Rule::EvenOdd.take_count(n), n / 2 + 1);
        assert_eq!(Rule::EvenOdd.nth_take(n, n / 2), Some(n));
        assert_eq!(Rule::Half.nth_take(n, 5), Some(6));
        assert_eq!(Rule::Dim.take_count(1 << 62), 63);
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
        assert_eq!(
            "sub{1,+2}".parse::<Rule>(),
            Err(RuleError::BadSetElement("+2".into()))
        );
        assert_eq!(
            "ｓｕｂ｛３，１｝".parse::<Rule>().unwrap().code(),
            "sub{1,3}"
        );
        assert!(matches!(
            "sub{10000000}".parse::<Rule>(),
            Err(RuleError::PeriodTooLong(_))
        ));
    }

    #[test]
    fn rules_are_stored_as_text_and_old_saves_still_read() {
        let rule = Rule::subtraction(&[4, 1]).unwrap();
        assert_eq!(serde_json::to_string(&rule).unwrap(), "\"sub{1,4}\"");
        for (json, expected) in [
            ("\"sub{1,4}\"", rule.clone()),
            ("{\"Subtraction\":[1,4]}", rule),
            ("\"EvenOdd\"", Rule::EvenOdd),
            ("\"Nim\"", Rule::Nim),
        ] {
            assert_eq!(
                serde_json::from_str::<Rule>(json).unwrap(),
                expected,
                "{json}"
            );
        }
        assert!(serde_json::from_str::<Rule>("{\"Subtraction\":[0]}").is_err());
        assert!(serde_json::from_str::<Rule>("\"chess\"").is_err());
    }
}
