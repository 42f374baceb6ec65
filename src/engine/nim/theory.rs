//! Who wins and how: Sprague–Grundy values and nim-sums for normal play;
//! the classic rule for misère Nim; an exact memoised search for other
//! misère sums ([`super::misere`]), which says so when its budget runs out.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::grundy::grundy;
use super::position::{Move, Position};
use super::rules::Rule;

/// P: the previous player wins (the player to move loses with best play).
/// N: the next player (the one to move) wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Outcome {
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
}

/// What the theory says about a position.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Analysis {
    /// The Grundy value of each heap (normal play only).
    pub values: Option<Vec<u64>>,
    /// Their nim-sum (normal play only).
    pub nimsum: Option<u64>,
    /// P or N.
    pub outcome: Outcome,
    /// Every move to a P-position.
    pub winning_moves: Vec<Move>,
}

/// The exact misère search gave up.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct BudgetExhausted {
    /// Positions decided before stopping.
    pub positions: u64,
}

impl fmt::Display for BudgetExhausted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not solved exactly within the budget: the misère search stopped after {} positions; this sum is too large to decide",
            self.positions
        )
    }
}

impl std::error::Error for BudgetExhausted {}

/// Positions the misère search may decide by default, each once (with
/// [`super::misere::MOVES_PER_POSITION`] moves a position looked at on
/// average: about a second and 50 MB at most).
pub const DEFAULT_BUDGET: u64 = 1_000_000;

/// The amounts that move a heap of `n` to a heap of Grundy value `target`,
/// found from the value structure of each rule (no enumeration of huge heaps).
pub fn takes_to_value(rule: &Rule, n: u64, target: u64) -> Vec<u64> {
    let reaches = |m: u64| grundy(rule, m) == target;
    let mut takes: Vec<u64> = match rule {
        Rule::Nim => (target < n).then(|| n - target).into_iter().collect(),
        Rule::Half => {
            // g(m) = t exactly for m = 2^k (2t + 1) − 1, k ≥ 0.
            let lowest = n - n / 2;
            let mut found = Vec::new();
            let mut m = target.checked_mul(2);
            while let Some(reached) = m.filter(|&m| m < n) {
                if reached >= lowest {
                    found.push(n - reached);
                }
                m = reached.checked_mul(2).and_then(|m| m.checked_add(1));
            }
            found
        }
        Rule::EvenOdd => {
            // g = t at m = 2t − 1 (odd, t ≥ 1), m = 2t + 2 (even), and m = 0 for t = 0.
            let even = target.checked_mul(2).and_then(|m| m.checked_add(2));
            let odd = match target {
                0 => Some(0),
                t => t.checked_mul(2).map(|m| m - 1),
            };
            [even, odd]
                .into_iter()
                .flatten()
                .filter(|&m| m < n && rule.check(n, n - m).is_ok())
                .map(|m| n - m)
                .collect()
        }
        Rule::Dim | Rule::Aliquot => rule.takes(n).filter(|&c| reaches(n - c)).collect(),
        Rule::Subtraction(set) => set
            .iter()
            .copied()
            .filter(|&c| c <= n && reaches(n - c))
            .collect(),
    };
    crate::stable_sort::sort(&mut takes);
    takes
}

/// Normal play: values, nim-sum, outcome and every winning move.
pub fn analyse_normal(position: &Position) -> Analysis {
    let values: Vec<u64> = position
        .heaps()
        .iter()
        .map(|h| grundy(&h.rule, h.size))
        .collect();
    let nimsum = values.iter().fold(0, |x, v| x ^ v);
    let mut winning_moves = Vec::new();
    if nimsum != 0 {
        for (i, (heap, value)) in position.heaps().iter().zip(&values).enumerate() {
            let target = value ^ nimsum;
            winning_moves.extend(
                takes_to_value(&heap.rule, heap.size, target)
                    .into_iter()
                    .map(|take| Move { heap: i, take }),
            );
        }
    }
    Analysis {
        values: Some(values),
        nimsum: Some(nimsum),
        outcome: if nimsum == 0 { Outcome::P } else { Outcome::N },
        winning_moves,
    }
}

/// Misère Nim by the classic rule: play as in normal Nim unless only heaps
/// of size 1 (or 0) would remain; then leave an odd number of them.
fn misere_nim_outcome(sizes: &[u64]) -> Outcome {
    if sizes.iter().all(|&s| s <= 1) {
        let ones = sizes.iter().filter(|&&s| s == 1).count();
        if ones % 2 == 1 {
            Outcome::P
        } else {
            Outcome::N
        }
    } else if sizes.iter().fold(0, |x, s| x ^ s) == 0 {
        Outcome::P
    } else {
        Outcome::N
    }
}

fn misere_nim(position: &Position) -> Analysis {
    let sizes: Vec<u64> = position.heaps().iter().map(|h| h.size).collect();
    let nimsum = sizes.iter().fold(0, |x, s| x ^ s);
    // The only candidates: the normal-play move on each heap, and on a heap
    // that is the last big one, leaving 0 or 1.
    let mut candidates: Vec<Move> = Vec::new();
    for (i, &s) in sizes.iter().enumerate() {
        if (s ^ nimsum) < s {
            candidates.push(Move {
                heap: i,
                take: s - (s ^ nimsum),
            });
        }
        for left in [0, 1] {
            if left < s {
                candidates.push(Move {
                    heap: i,
                    take: s - left,
                });
            }
        }
    }
    crate::stable_sort::sort_by_key(&mut candidates, |m| (m.heap, m.take));
    candidates.dedup();
    let winning_moves: Vec<Move> = candidates
        .into_iter()
        .filter(|&m| {
            let mut after = sizes.clone();
            after[m.heap] -= m.take;
            misere_nim_outcome(&after) == Outcome::P
        })
        .collect();
    Analysis {
        values: None,
        nimsum: None,
        outcome: misere_nim_outcome(&sizes),
        winning_moves,
    }
}

/// Misère play: the classic rule for pure Nim, otherwise an exact search
/// of at most `budget` positions ([`super::misere`]).
pub fn analyse_misere(position: &Position, budget: u64) -> Result<Analysis, BudgetExhausted> {
    if position.heaps().iter().all(|h| h.rule == Rule::Nim) {
        return Ok(misere_nim(position));
    }
    super::misere::search(position, budget)
}

/// Analyses a position under normal or misère play.
pub fn analyse(
    position: &Position,
    misere: bool,
    budget: u64,
) -> Result<Analysis, BudgetExhausted> {
    if misere {
        analyse_misere(position, budget)
    } else {
        Ok(analyse_normal(position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::position::parse_position;

    #[test]
    fn the_source_example() {
        let p = parse_position("nim:11 nim:5 nim:12 nim:20").unwrap();
        let a = analyse_normal(&p);
        assert_eq!(a.nimsum, Some(22));
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves, vec![Move { heap: 3, take: 18 }]);
    }

    #[test]
    fn misere_nim_differs_only_at_the_end() {
        // (1, 1): normal play P, misère N.
        let p = parse_position("nim:1 nim:1").unwrap();
        assert_eq!(analyse_normal(&p).outcome, Outcome::P);
        let m = analyse_misere(&p, DEFAULT_BUDGET).unwrap();
        assert_eq!(m.outcome, Outcome::N);
        assert_eq!(m.winning_moves.len(), 2);
        // (1): the mover must take the last token and loses.
        assert_eq!(
            analyse_misere(&parse_position("nim:1").unwrap(), 10)
                .unwrap()
                .outcome,
            Outcome::P
        );
    }

    #[test]
    fn the_misere_search_admits_when_it_cannot_decide() {
        let p = parse_position("half:1000000 dim:999999 sub{1,2}:1000000").unwrap();
        assert!(analyse_misere(&p, 1000).is_err());
        // A heap with 10^18 moves costs only what the budget allows.
        let p = parse_position("half:1000000000000000000 nim:3").unwrap();
        assert!(analyse_misere(&p, DEFAULT_BUDGET).is_err());
    }

    #[test]
    fn winning_moves_on_huge_heaps_are_found_without_listing_takes() {
        for text in [
            "nim:9223372036854775807 nim:1",
            "dim:4611686018427387904",
            "aliquot:3458764513820540928",
            "evenodd:1000000000000001",
            "half:1000000000000007",
            "sub{2000000}:1000000000000",
            "half:18446744073709551615 evenodd:18446744073709551615 nim:18446744073709551615",
        ] {
            let p = parse_position(text).unwrap();
            let a = analyse_normal(&p);
            for mv in &a.winning_moves {
                let after = p.try_play(*mv).unwrap();
                assert_eq!(analyse_normal(&after).outcome, Outcome::P, "{text} {mv}");
            }
            assert_eq!(
                a.outcome == Outcome::N,
                !a.winning_moves.is_empty(),
                "{text}"
            );
        }
    }
}
