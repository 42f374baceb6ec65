//! The autosave envelope shared by the games: a versioned JSON object with
//! the settings, the start, the whole line of moves as text and the cursor
//! ([`super::formats`] reads and checks the content).

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The format version written now.
const VERSION: u32 = 1;

/// A saved game before its moves are checked.
#[derive(Serialize, Deserialize)]
pub struct SavedGame<S> {
    version: u32,
    /// The game's settings.
    pub settings: S,
    /// The start position in the game's text format ("" for the usual start).
    #[serde(default)]
    pub start: String,
    /// The whole line, passes written out.
    pub moves: Vec<String>,
    /// How many moves are played.
    pub cursor: usize,
    /// The version of the moves' text (`Formats::MOVES_VERSION`): written
    /// only above 1, so saves without it are of version 1.
    #[serde(default = "first_version", skip_serializing_if = "is_first_version")]
    pub moves_version: u32,
}

fn first_version() -> u32 {
    1
}

fn is_first_version(version: &u32) -> bool {
    *version == 1
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

/// The JSON text of a game, its moves written by `moves_version` of the
/// game's text.
pub fn save<S: Serialize>(
    settings: &S,
    start: String,
    moves: Vec<String>,
    cursor: usize,
    moves_version: u32,
) -> String {
    let saved = SavedGame {
        version: VERSION,
        settings,
        start,
        moves,
        cursor,
        moves_version,
    };
    serde_json::to_string(&saved).expect("plain data serialises")
}

/// Reads the envelope of a saved game (the game checks the content).
pub fn read<S: DeserializeOwned>(text: &str) -> Result<SavedGame<S>, SavedError> {
    let saved: SavedGame<S> =
        serde_json::from_str(text).map_err(|e| SavedError::Corrupt(e.to_string()))?;
    if saved.version != VERSION {
        return Err(SavedError::Version(saved.version));
    }
    Ok(saved)
}
