//! The autosave form of a take-away game.

use crate::engine::nim::parse_position;
use crate::session::saved::{read, rebuild};

pub use crate::session::saved::SavedError;

use super::{replay, Record, Settings};

/// The JSON text saved for a game.
pub fn save(settings: &Settings, record: &Record) -> String {
    let moves = record.line().iter().map(|m| m.to_string()).collect();
    crate::session::saved::save(settings, settings.start.to_string(), moves, record.cursor())
}

/// Restores a game from its saved text.
pub fn load(text: &str) -> Result<(Settings, Record), SavedError> {
    let saved = read::<Settings>(text)?;
    let invalid = |e: String| SavedError::Invalid(e);
    // The settings' heaps were deserialised unchecked; read them again.
    let start = parse_position(&saved.start).map_err(|e| invalid(e.to_string()))?;
    if start != saved.settings.start {
        return Err(invalid("the start does not match the settings".into()));
    }
    let texts: Vec<&str> = saved.moves.iter().map(String::as_str).collect();
    let replayed = replay(&start, &texts).map_err(|(n, e)| invalid(format!("move {n}: {e}")))?;
    let record = rebuild(start, replayed.line(), saved.moves.len(), saved.cursor)?;
    Ok((saved.settings, record))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_games_restore_and_damage_is_detected() {
        let settings = Settings::default();
        let record = replay(&settings.start, &["0:3", "2:1"]).unwrap();
        let text = save(&settings, &record);
        assert_eq!(load(&text), Ok((settings, record)));
        assert!(matches!(load("{"), Err(SavedError::Corrupt(_))));
        assert!(matches!(
            load(&text.replace("\"2:1\"", "\"2:9\"")),
            Err(SavedError::Invalid(_))
        ));
    }
}
