//! The FFO endgame test suite (positions #1–#79 with the exact score of every
//! move), the standard benchmark for Othello endgame solvers.

use super::notation::parse_board;
use super::position::Position;
use super::rules::Variant;

const SUITE: [(u32, &str); 4] = [
    (1, include_str!("../../../tests/data/ffo/ffo-1-19.obf")),
    (20, include_str!("../../../tests/data/ffo/ffo-20-39.obf")),
    (40, include_str!("../../../tests/data/ffo/ffo-40-59.obf")),
    (60, include_str!("../../../tests/data/ffo/ffo-60-79.obf")),
];

/// One FFO position with its known result.
#[derive(Clone, Debug)]
pub struct FfoPosition {
    /// The FFO number.
    pub number: u32,
    /// The position.
    pub position: Position,
    /// The exact score with perfect play for the side to move.
    pub best_score: i32,
    /// Every move reaching that score, lowercase.
    pub best_moves: Vec<String>,
    /// Every listed move with its exact score.
    pub move_scores: Vec<(String, i32)>,
}

/// Parses one OBF line: `BOARD SIDE; MOVE:SCORE; …`.
pub fn parse_line(number: u32, line: &str) -> Option<FfoPosition> {
    let mut parts = line.split(';').map(str::trim).filter(|s| !s.is_empty());
    let position = parse_board(parts.next()?, Variant::Standard).ok()?;
    let move_scores: Vec<(String, i32)> = parts
        .filter_map(|p| {
            let (m, s) = p.split_once(':')?;
            Some((
                m.trim().to_lowercase(),
                s.trim().trim_start_matches('+').parse().ok()?,
            ))
        })
        .collect();
    let best_score = move_scores.iter().map(|&(_, s)| s).max()?;
    let best_moves = move_scores
        .iter()
        .filter(|&&(_, s)| s == best_score)
        .map(|(m, _)| m.clone())
        .collect();
    Some(FfoPosition {
        number,
        position,
        best_score,
        best_moves,
        move_scores,
    })
}

/// Every position of the suite, in order.
pub fn positions() -> impl Iterator<Item = FfoPosition> {
    SUITE.into_iter().flat_map(|(first, text)| {
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .enumerate()
            .filter_map(move |(i, line)| parse_line(first + i as u32, line))
    })
}
