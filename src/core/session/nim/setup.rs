//! Choosing the heaps of a new take-away game: the presets, a random sum,
//! and a custom sum typed heap by heap.

use crate::engine::nim::{Heap, Position, Rule};
use crate::engine::rng::Rng;
use crate::engine::text::parse_number;

/// A preset game: its key (kept by the dialog) and its heaps.
pub struct Preset {
    /// The key: `three`, `source`, or the single heap's rule.
    pub key: &'static str,
    /// The heaps.
    pub position: Position,
}

/// A subtraction rule of a small set (whose period is short).
fn small_set(set: &[u64]) -> Rule {
    Rule::subtraction(set).expect("a small set has a short period")
}

/// The preset games: Nim 3-4-5, the club's four heaps, and one heap of
/// each rule.
pub fn presets() -> Vec<Preset> {
    let heaps = |sizes: &[u64]| Position::nim(sizes).expect("a few small heaps");
    let one = |rule: Rule, size| Position::new(vec![Heap { rule, size }]).expect("one heap");
    let preset = |key, position| Preset { key, position };
    vec![
        preset("three", heaps(&[3, 4, 5])),
        preset("source", heaps(&[11, 5, 12, 20])),
        preset("dim", one(Rule::Dim, 12)),
        preset("aliquot", one(Rule::Aliquot, 12)),
        preset("evenodd", one(Rule::EvenOdd, 9)),
        preset("half", one(Rule::Half, 9)),
        preset("sub123", one(small_set(&[1, 2, 3]), 10)),
        preset("sub134", one(small_set(&[1, 3, 4]), 10)),
    ]
}

/// A random sum of two to four heaps of 3 to 15 tokens with random rules.
pub fn random_position(seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let rules = [
        Rule::Nim,
        Rule::Dim,
        Rule::Aliquot,
        Rule::EvenOdd,
        Rule::Half,
        small_set(&[1, 3, 4]),
    ];
    let heaps = (0..2 + rng.below(3))
        .map(|_| Heap {
            rule: rng.choose(&rules).cloned().unwrap_or(Rule::Nim),
            size: 3 + rng.below(13),
        })
        .collect();
    Position::new(heaps).expect("at most four small heaps")
}

/// What is wrong with a heap as typed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DraftError {
    /// The rule or its subtraction set cannot be read.
    Rule,
    /// The size is not a whole number.
    Size,
}

/// A heap of a custom sum as typed: the rule's key (`nim`, `sub`…), the
/// subtraction set when the rule is `sub`, and the size.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HeapDraft {
    /// The rule's key.
    pub rule: String,
    /// The subtraction set, as typed (`1,2,3`).
    pub set: String,
    /// The size, as typed.
    pub size: String,
}

impl HeapDraft {
    /// A heap of `size` tokens under `rule`.
    pub fn new(rule: &str, size: u64) -> HeapDraft {
        HeapDraft {
            rule: rule.into(),
            set: "1,2,3".into(),
            size: size.to_string(),
        }
    }

    /// The heap, if it reads.
    pub fn heap(&self) -> Result<Heap, DraftError> {
        let rule = if self.rule == "sub" {
            format!("sub{{{}}}", self.set).parse::<Rule>()
        } else {
            self.rule.parse::<Rule>()
        }
        .map_err(|_| DraftError::Rule)?;
        let size = parse_number::<u64>(self.size.trim()).ok_or(DraftError::Size)?;
        Ok(Heap { rule, size })
    }
}

/// The position of a custom sum, if every heap reads and the sum is
/// within the limits of a position.
pub fn custom_position(drafts: &[HeapDraft]) -> Option<Position> {
    let heaps = drafts.iter().map(HeapDraft::heap).collect::<Result<_, _>>();
    Position::new(heaps.ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_random_sums_are_games() {
        let presets = presets();
        assert_eq!(presets.len(), 8);
        assert!(presets.iter().all(|p| !p.position.heaps().is_empty()));
        for seed in 0..50 {
            let p = random_position(seed);
            assert!((2..=4).contains(&p.heaps().len()));
            assert!(p.heaps().iter().all(|h| (3..=15).contains(&h.size)));
        }
    }

    #[test]
    fn typed_heaps_read_or_say_what_is_wrong() {
        let mut draft = HeapDraft::new("sub", 10);
        draft.set = "1, 3, 4".into();
        assert_eq!(draft.heap().unwrap().size, 10);
        draft.set = "1,x".into();
        assert_eq!(draft.heap(), Err(DraftError::Rule));
        let mut draft = HeapDraft::new("half", 9);
        draft.size = "nine".into();
        assert_eq!(draft.heap(), Err(DraftError::Size));
        draft.size = "-3".into();
        assert_eq!(draft.heap(), Err(DraftError::Size));
        let drafts = [HeapDraft::new("nim", 7), HeapDraft::new("dim", 12)];
        assert_eq!(custom_position(&drafts).unwrap().heaps().len(), 2);
        assert_eq!(custom_position(&[draft]), None);
        assert_eq!(custom_position(&[]), None);
    }
}
