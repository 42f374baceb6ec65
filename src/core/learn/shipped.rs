//! The Othello puzzles as the app reads them (`data/othello-puzzles.json`,
//! fetched when the puzzle pages open): every puzzle's position, question,
//! answer line and rating.

use serde::Deserialize;

use crate::json::Decode;

use crate::engine::othello::notation::parse_board;
use crate::engine::othello::puzzle::Kind;
use crate::engine::othello::{Move, Position, Variant};

/// The largest puzzle file read.
pub const MAX_LEN: usize = 4 << 20;

/// One puzzle as shipped.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Decode)]
pub struct ShippedPuzzle {
    /// Its id (`corner-1a2b3c4d`), kept in progress and links.
    pub id: String,
    /// The position (`BOARD SIDE`).
    pub board: String,
    /// Its kind's name (`wipeout`, `corner`, …).
    pub kind: String,
    /// The answer first, then the expected line.
    pub solution: Vec<String>,
    /// Its shipped rating.
    pub rating: u32,
    /// The final disc difference for the side to move with perfect play.
    #[serde(default)]
    pub score: Option<i32>,
    /// For `corner`: within how many of the mover's moves.
    #[serde(default)]
    pub turns: Option<u32>,
    /// `exact` (solved to the end) or `deep` (a deep search).
    #[serde(default)]
    pub verified: String,
}

impl ShippedPuzzle {
    /// The position.
    pub fn position(&self) -> Option<Position> {
        parse_board(&self.board, Variant::Standard).ok()
    }

    /// The kind.
    pub fn kind(&self) -> Option<Kind> {
        Kind::from_name(&self.kind)
    }

    /// The solution played from the puzzle's position, move by move: each
    /// move (a pass where the side to move has none) with the position
    /// after it. `None` if the position does not read or a move is not
    /// legal where it comes.
    pub fn line(&self) -> Option<Vec<(Move, Position)>> {
        let mut now = self.position()?;
        self.solution
            .iter()
            .map(|text| {
                let mv = now
                    .moves()
                    .into_iter()
                    .find(|m| m.to_string().eq_ignore_ascii_case(text.trim()))?;
                now = now.play(mv);
                Some((mv, now))
            })
            .collect()
    }
}

/// The file: read by [`Decode`], as the course is, so that a module that
/// reads both carries one JSON reader.
#[derive(Deserialize, Decode)]
struct PuzzleFile {
    puzzles: Vec<ShippedPuzzle>,
}

/// Reads the puzzle file; a puzzle whose position or kind does not read,
/// or that has no answer, is refused with the file.
pub fn parse_puzzles(text: &str) -> Result<Vec<ShippedPuzzle>, String> {
    if text.len() > MAX_LEN {
        return Err("the puzzle file is too large".into());
    }
    let file: PuzzleFile = crate::json::from_str(text).map_err(|e| e.to_string())?;
    match file
        .puzzles
        .iter()
        .find(|p| p.position().is_none() || p.kind().is_none() || p.solution.is_empty())
    {
        Some(bad) => Err(format!("puzzle {} does not read", bad.id)),
        None => Ok(file.puzzles),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_shipped_file_reads() {
        let puzzles = parse_puzzles(include_str!("../../../data/othello-puzzles.json")).unwrap();
        assert!(puzzles.len() >= 300);
        for puzzle in &puzzles {
            let position = puzzle.position().unwrap();
            let first = &puzzle.solution[0];
            assert!(
                position.moves().iter().any(|m| &m.to_string() == first),
                "{}: {first} is not legal",
                puzzle.id
            );
        }
        assert!(parse_puzzles(r#"{"puzzles": [{"id": "x", "board": "XO", "kind": "corner", "solution": ["a1"], "rating": 1}]}"#).is_err());
        // Every solution plays out on the board, passes included; a
        // wipeout's line ends with the opponent's last disc gone.
        for puzzle in &puzzles {
            let line = puzzle.line().unwrap_or_else(|| panic!("{}", puzzle.id));
            assert_eq!(line.len(), puzzle.solution.len());
            if puzzle.kind() == Some(Kind::Wipeout) {
                let (_, end) = line.last().unwrap();
                let mover = puzzle.position().unwrap().side_to_move();
                assert_eq!(end.count(mover.opponent()), 0, "{}", puzzle.id);
            }
        }
    }

    proptest! {
        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,300}") {
            let _ = parse_puzzles(&text);
        }
    }
}
