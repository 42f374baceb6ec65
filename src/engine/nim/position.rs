//! A take-away game position: a list of heaps, each with its own rule (a
//! disjunctive sum), and moves `heap:taken`.
//!
//! Heaps are numbered from 1 in every text (moves, errors): `4:18` takes
//! 18 tokens from the fourth heap. Inside the program a [`Move`] holds the
//! heap's index from 0; only [`Numbering::FromZero`] reads the older texts
//! that counted from 0 (share links and saved games written before).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::period::PeriodBudget;
use super::rules::{Refusal, Rule, RuleError, RuleRepr, MAX_HEAPS};

/// One heap: its rule and how many tokens it holds.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct Heap {
    /// What moves may take from it.
    pub rule: Rule,
    /// Tokens in it.
    pub size: u64,
}

impl fmt::Display for Heap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.rule, self.size)
    }
}

/// A move: take `take` tokens from the heap at index `heap` (from 0);
/// written `heap:taken` with the heap numbered from 1 (`4:18` is
/// `Move { heap: 3, take: 18 }`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Move {
    /// The heap's index, from 0.
    pub heap: usize,
    /// Tokens taken.
    pub take: u64,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.number(), self.take)
    }
}

impl Move {
    /// The heap's number as texts write it, from 1.
    pub fn number(&self) -> usize {
        self.heap + 1
    }
}

/// Why a move cannot be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// No heap with that index.
    NoSuchHeap {
        /// The index given.
        heap: usize,
        /// How many heaps there are.
        heaps: usize,
    },
    /// The heap's rule does not allow that amount.
    Refused {
        /// The heap's index.
        heap: usize,
        /// Its rule.
        rule: Rule,
        /// Its size.
        size: u64,
        /// The amount.
        take: u64,
        /// Why not.
        refusal: Refusal,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoSuchHeap { heap, heaps } => write!(
                f,
                "there is no heap {} (heaps are numbered 1 to {heaps})",
                heap + 1
            ),
            PlayError::Refused {
                heap,
                rule,
                size,
                take,
                refusal,
            } => write!(
                f,
                "heap {} ({rule}:{size}): taking {take} is not allowed ({refusal})",
                heap + 1
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// A position: the heaps in order (at least one, at most [`MAX_HEAPS`]),
/// each of any size that fits a `u64`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "UncheckedPosition")]
pub struct Position {
    heaps: Vec<Heap>,
}

/// A position as stored, checked when read: the number of heaps first,
/// then the rules, whose period searches share one budget.
#[derive(Deserialize)]
struct UncheckedPosition {
    heaps: Vec<StoredHeap>,
}

#[derive(Deserialize)]
struct StoredHeap {
    #[serde(deserialize_with = "RuleRepr::deserialize_any_format")]
    rule: RuleRepr,
    size: u64,
}

impl TryFrom<UncheckedPosition> for Position {
    type Error = PositionError;

    fn try_from(stored: UncheckedPosition) -> Result<Position, PositionError> {
        if stored.heaps.len() > MAX_HEAPS {
            return Err(PositionError::TooManyHeaps(stored.heaps.len()));
        }
        let mut budget = PeriodBudget::default();
        let heaps = stored
            .heaps
            .into_iter()
            .enumerate()
            .map(|(index, heap)| {
                Ok(Heap {
                    rule: heap
                        .rule
                        .read(&mut budget)
                        .map_err(|error| PositionError::Rule { index, error })?,
                    size: heap.size,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Position::new(heaps)
    }
}

impl Position {
    /// A position of the given heaps, if there are 1 to [`MAX_HEAPS`].
    pub fn new(heaps: Vec<Heap>) -> Result<Position, PositionError> {
        if heaps.is_empty() {
            return Err(PositionError::NoHeaps);
        }
        if heaps.len() > MAX_HEAPS {
            return Err(PositionError::TooManyHeaps(heaps.len()));
        }
        Ok(Position { heaps })
    }

    /// Nim heaps of the given sizes.
    pub fn nim(sizes: &[u64]) -> Result<Position, PositionError> {
        Position::new(
            sizes
                .iter()
                .map(|&size| Heap {
                    rule: Rule::Nim,
                    size,
                })
                .collect(),
        )
    }

    /// The heaps.
    pub fn heaps(&self) -> &[Heap] {
        &self.heaps
    }

    /// True when no heap has a move.
    pub fn is_over(&self) -> bool {
        !self.heaps.iter().any(|h| h.rule.can_move(h.size))
    }

    /// Checks and plays a move.
    pub fn try_play(&self, mv: Move) -> Result<Position, PlayError> {
        let heap = self.heaps.get(mv.heap).ok_or(PlayError::NoSuchHeap {
            heap: mv.heap,
            heaps: self.heaps.len(),
        })?;
        heap.rule
            .check(heap.size, mv.take)
            .map_err(|refusal| PlayError::Refused {
                heap: mv.heap,
                rule: heap.rule.clone(),
                size: heap.size,
                take: mv.take,
                refusal,
            })?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.heaps[mv.heap].size -= mv.take;
        next
    }

    /// Every legal move, heap by heap, produced one by one (a Nim heap of
    /// 10^18 has 10^18 moves: take only what you need).
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.heaps
            .iter()
            .enumerate()
            .flat_map(|(heap, h)| h.rule.takes(h.size).map(move |take| Move { heap, take }))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<String> = self.heaps.iter().map(Heap::to_string).collect();
        f.write_str(&text.join(" "))
    }
}

/// Why a position text was refused (each heap named by its index from 0;
/// messages number heaps from 1).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// No heaps at all.
    NoHeaps,
    /// A heap not written `rule:size`.
    BadHeap {
        /// The heap's index.
        index: usize,
        /// The text found.
        token: String,
    },
    /// A rule that does not parse.
    Rule {
        /// The heap's index.
        index: usize,
        /// What is wrong with it.
        error: RuleError,
    },
    /// A size that is not a whole number.
    BadSize {
        /// The heap's index.
        index: usize,
        /// The text found.
        token: String,
    },
    /// More heaps than [`MAX_HEAPS`].
    TooManyHeaps(usize),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NoHeaps => f.write_str("a position needs at least one heap"),
            PositionError::BadHeap { index, token } => write!(
                f,
                "heap {} ({token:?}): write rule:size, e.g. nim:7",
                index + 1
            ),
            PositionError::Rule { index, error } => write!(f, "heap {}: {error}", index + 1),
            PositionError::BadSize { index, token } => write!(
                f,
                "heap {}: size {token:?} is not a whole number from 0 to {}",
                index + 1,
                u64::MAX
            ),
            PositionError::TooManyHeaps(n) => {
                write!(f, "{n} heaps; a position has at most {MAX_HEAPS}")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// Reads `rule:size rule:size …` (e.g. `nim:11 sub{1,3,4}:10`): heaps
/// separated by whitespace, sizes in ASCII digits (full-width forms are
/// folded, [`crate::text`]).
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    let text = crate::text::fold(text);
    let count = text.split_whitespace().count();
    if count > MAX_HEAPS {
        return Err(PositionError::TooManyHeaps(count));
    }
    // The sets' period searches share one budget: many different large
    // sets cost no more than one.
    let mut budget = PeriodBudget::default();
    let mut heaps = Vec::new();
    for (index, token) in text.split_whitespace().enumerate() {
        let shown = || crate::text::excerpt(token, 30);
        let (rule, size) = token
            .rsplit_once(':')
            .ok_or_else(|| PositionError::BadHeap {
                index,
                token: shown(),
            })?;
        let rule = Rule::parse_within(rule, &mut budget)
            .map_err(|error| PositionError::Rule { index, error })?;
        let size: u64 = crate::text::parse_number(size).ok_or_else(|| PositionError::BadSize {
            index,
            token: crate::text::excerpt(size, 30),
        })?;
        heaps.push(Heap { rule, size });
    }
    Position::new(heaps)
}

/// Why a move text was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveTextError {
    /// Not `heap:taken`.
    NotAMove(String),
    /// Heap 0 in a text that numbers heaps from 1.
    HeapZero {
        /// How many heaps there are.
        heaps: usize,
    },
    /// Well-formed but not legal.
    Illegal(PlayError),
    /// The record already holds the most moves a record may hold.
    RecordFull {
        /// That many.
        max: usize,
    },
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::NotAMove(t) => {
                write!(f, "{t:?} is not a move; write heap:taken, e.g. 4:18")
            }
            MoveTextError::HeapZero { heaps } => {
                write!(f, "there is no heap 0 (heaps are numbered 1 to {heaps})")
            }
            MoveTextError::Illegal(e) => e.fmt(f),
            MoveTextError::RecordFull { max } => {
                write!(f, "a record holds at most {max} moves")
            }
        }
    }
}

impl std::error::Error for MoveTextError {}

/// How a move text numbers its heaps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Numbering {
    /// From 1: every text written now.
    FromOne,
    /// From 0: share links and saved games written before heaps were
    /// numbered from 1 (read, never written).
    FromZero,
}

/// Reads a move `heap:taken` (heaps numbered from 1) and checks it in
/// `position`.
pub fn parse_move(position: &Position, text: &str) -> Result<Move, MoveTextError> {
    parse_move_numbered(position, text, Numbering::FromOne)
}

/// Reads a move `heap:taken` whose heaps are numbered as `numbering` says
/// and checks it in `position`.
pub fn parse_move_numbered(
    position: &Position,
    text: &str,
    numbering: Numbering,
) -> Result<Move, MoveTextError> {
    let text = crate::text::fold(text);
    let text = text.trim();
    let bad = || MoveTextError::NotAMove(crate::text::excerpt(text, 30));
    let (heap, take) = text.split_once(':').ok_or_else(bad)?;
    let number: usize = crate::text::parse_number(heap.trim()).ok_or_else(bad)?;
    let take = crate::text::parse_number(take.trim()).ok_or_else(bad)?;
    let heap = match numbering {
        Numbering::FromZero => number,
        Numbering::FromOne => number.checked_sub(1).ok_or(MoveTextError::HeapZero {
            heaps: position.heaps().len(),
        })?,
    };
    let mv = Move { heap, take };
    position.try_play(mv).map_err(MoveTextError::Illegal)?;
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_parse_and_print() {
        let p = parse_position("nim:11 nim:5 nim:12 nim:20").unwrap();
        assert_eq!(p.heaps().len(), 4);
        assert_eq!(p.to_string(), "nim:11 nim:5 nim:12 nim:20");
        let q = parse_position("sub{1,3,4}:10 half:9 evenodd:7 dim:12 aliquot:12").unwrap();
        assert_eq!(parse_position(&q.to_string()).unwrap(), q);
    }

    #[test]
    fn bad_positions_say_why() {
        assert_eq!(parse_position(""), Err(PositionError::NoHeaps));
        assert!(matches!(
            parse_position("nim"),
            Err(PositionError::BadHeap { index: 0, .. })
        ));
        assert!(matches!(
            parse_position("nim:3 chess:4"),
            Err(PositionError::Rule {
                index: 1,
                error: RuleError::Unknown(_)
            })
        ));
        assert!(matches!(
            parse_position("sub{}:4"),
            Err(PositionError::Rule {
                error: RuleError::EmptySet,
                ..
            })
        ));
        assert!(matches!(
            parse_position("sub{0,2}:4"),
            Err(PositionError::Rule {
                error: RuleError::ZeroInSet,
                ..
            })
        ));
        assert!(matches!(
            parse_position("nim:-3"),
            Err(PositionError::BadSize { .. })
        ));
        assert!(matches!(
            parse_position("nim:18446744073709551616"),
            Err(PositionError::BadSize { index: 0, .. })
        ));
        assert!(parse_position("nim:18446744073709551615").is_ok());
        let many = vec!["nim:1"; MAX_HEAPS + 1].join(" ");
        assert_eq!(
            parse_position(&many),
            Err(PositionError::TooManyHeaps(MAX_HEAPS + 1))
        );
    }

    #[test]
    fn many_large_sets_share_one_period_budget() {
        // 64 different sets, each alone fine (0.3 s), together over budget:
        // refused at the second, not searched 64 times.
        let text: Vec<String> = (0..64)
            .map(|i| format!("sub{{{}}}:1", 2_000_000 + i))
            .collect();
        assert!(matches!(
            parse_position(&text.join(" ")),
            Err(PositionError::Rule {
                index: 1,
                error: RuleError::PeriodTooLong(_)
            })
        ));
        // Stored positions count their heaps before reading any rule.
        let heaps: Vec<String> = (0..200)
            .map(|i| format!(r#"{{"rule":"sub{{{}}}","size":1}}"#, 2_000_000 + i))
            .collect();
        let json = format!(r#"{{"heaps":[{}]}}"#, heaps.join(","));
        let error = serde_json::from_str::<Position>(&json)
            .unwrap_err()
            .to_string();
        assert!(error.contains("200 heaps"), "{error}");
    }

    #[test]
    fn moves_number_heaps_from_one() {
        let p = parse_position("nim:11 nim:5 nim:12 nim:20").unwrap();
        let mv = Move { heap: 3, take: 18 };
        assert_eq!(mv.to_string(), "4:18");
        assert_eq!(parse_move(&p, "4:18"), Ok(mv));
        assert_eq!(parse_move_numbered(&p, "3:18", Numbering::FromZero), Ok(mv));
        assert_eq!(
            parse_move(&p, "0:1"),
            Err(MoveTextError::HeapZero { heaps: 4 })
        );
        assert_eq!(
            parse_move(&p, "5:1").unwrap_err().to_string(),
            "there is no heap 5 (heaps are numbered 1 to 4)"
        );
        assert_eq!(
            parse_move(&p, "4:21").unwrap_err().to_string(),
            "heap 4 (nim:20): taking 21 is not allowed (the heap holds fewer tokens)"
        );
        assert_eq!(
            parse_position("nim:1 nim:x").unwrap_err().to_string(),
            "heap 2: size \"x\" is not a whole number from 0 to 18446744073709551615"
        );
    }

    #[test]
    fn moves_are_checked() {
        let p = parse_position("nim:3 half:9").unwrap();
        assert_eq!(parse_move(&p, "2:4"), Ok(Move { heap: 1, take: 4 }));
        assert!(matches!(
            parse_move(&p, "2:5"),
            Err(MoveTextError::Illegal(PlayError::Refused {
                refusal: Refusal::MoreThanHalf,
                ..
            }))
        ));
        assert!(matches!(
            parse_move(&p, "3:1"),
            Err(MoveTextError::Illegal(PlayError::NoSuchHeap { .. }))
        ));
        assert!(matches!(
            parse_move(&p, "x"),
            Err(MoveTextError::NotAMove(_))
        ));
    }
}
