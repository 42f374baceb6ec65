//! The autosave form of a game (JSON in the browser's storage). Loading
//! checks everything again: a corrupt or outdated entry is an error that the
//! app reports before discarding it.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::othello::notation::{board_text, parse_board, replay};
use crate::engine::othello::Move;

use super::Record;
use super::settings::Settings;

/// The format version written now.
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct SavedGame {
    version: u32,
    settings: Settings,
    start: String,
    /// The whole line, passes written as `pass`.
    moves: Vec<String>,
    cursor: usize,
}

/// Why a saved game could not be restored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SavedError {
    /// Not the JSON this app writes.
    Corrupt(String),
    /// Written by a different version of the app.
    Version(u32),
    /// The content does not describe a legal game.
    Invalid(String),
}

impl fmt::Display for SavedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavedError::Corrupt(e) => write!(f, "the saved game is damaged ({e})"),
            SavedError::Version(v) => write!(f, "the saved game is from another version ({v})"),
            SavedError::Invalid(e) => write!(f, "the saved game is not a legal game ({e})"),
        }
    }
}

impl std::error::Error for SavedError {}

/// The JSON text saved for a game.
pub fn save(settings: &Settings, record: &Record) -> String {
    let saved = SavedGame {
        version: VERSION,
        settings: *settings,
        start: board_text(&record.start()),
        moves: record.line().iter().map(Move::to_string).collect(),
        cursor: record.cursor(),
    };
    serde_json::to_string(&saved).expect("plain data serialises")
}

/// Restores a game from its saved text.
pub fn load(text: &str) -> Result<(Settings, Record), SavedError> {
    let saved: SavedGame =
        serde_json::from_str(text).map_err(|e| SavedError::Corrupt(e.to_string()))?;
    if saved.version != VERSION {
        return Err(SavedError::Version(saved.version));
    }
    let start = parse_board(&saved.start, saved.settings.rules.variant)
        .map_err(|e| SavedError::Invalid(e.to_string()))?;
    if start.rules() != saved.settings.rules {
        return Err(SavedError::Invalid(
            "the board does not match the settings".into(),
        ));
    }
    let game =
        replay(start, &saved.moves.join(" ")).map_err(|e| SavedError::Invalid(e.to_string()))?;
    if game.moves.len() != saved.moves.len() {
        return Err(SavedError::Invalid("a pass is missing".into()));
    }
    let record = Record::from_moves(start, &game.moves, saved.cursor)
        .ok_or_else(|| SavedError::Invalid(format!("move {} is beyond the game", saved.cursor)))?;
    Ok((saved.settings, record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::othello::notation::replay_from_start;
    use crate::engine::othello::Rules;

    #[test]
    fn a_saved_game_restores_exactly() {
        let game = replay_from_start(Rules::default(), "f5d6c3d3c4").unwrap();
        let mut record = Record::from_moves(game.start, &game.moves, 5).unwrap();
        record.go_to(3);
        let settings = Settings::default();
        let text = save(&settings, &record);
        assert_eq!(load(&text), Ok((settings, record)));
    }

    #[test]
    fn damaged_entries_are_errors() {
        assert!(matches!(load("{not json"), Err(SavedError::Corrupt(_))));
        assert!(matches!(load("{}"), Err(SavedError::Corrupt(_))));
        let good = save(
            &Settings::default(),
            &Record::new(crate::engine::othello::Position::start(Rules::default())),
        );
        assert!(matches!(
            load(&good.replace("\"version\":1", "\"version\":9")),
            Err(SavedError::Version(9))
        ));
        let bad_moves = good.replace("\"moves\":[]", "\"moves\":[\"a1\"]");
        assert!(matches!(load(&bad_moves), Err(SavedError::Invalid(_))));
        let bad_cursor = good.replace("\"cursor\":0", "\"cursor\":3");
        assert!(matches!(load(&bad_cursor), Err(SavedError::Invalid(_))));
    }
}
