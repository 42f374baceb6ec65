//! The autosave form of an Opok game.

use crate::engine::opok::notation::{move_text, replay};
use crate::engine::opok::Position;
use crate::session::saved::{read, rebuild};

pub use crate::session::saved::SavedError;

use super::{Record, Settings};

/// The JSON text saved for a game.
pub fn save(settings: &Settings, record: &Record) -> String {
    let moves = record
        .line()
        .iter()
        .map(|&m| move_text(settings.geometry, m))
        .collect();
    crate::session::saved::save(settings, String::new(), moves, record.cursor())
}

/// Restores a game from its saved text.
pub fn load(text: &str) -> Result<(Settings, Record), SavedError> {
    let saved = read::<Settings>(text)?;
    if !crate::session::player::THINK_MS_RANGE.contains(&saved.settings.think_ms) {
        return Err(SavedError::Invalid(format!(
            "a thinking time of {} ms",
            saved.settings.think_ms
        )));
    }
    let start = Position::start(saved.settings.geometry);
    let game =
        replay(start, &saved.moves.join(" ")).map_err(|e| SavedError::Invalid(e.to_string()))?;
    let record = rebuild(start, &game.moves, saved.moves.len(), saved.cursor)?;
    Ok((saved.settings, record))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_games_restore_and_damage_is_detected() {
        let settings = Settings::default();
        let start = Position::start(settings.geometry);
        let game = replay(start, "a1:3:b3 e5:1:e4").unwrap();
        let record = Record::from_moves(start, &game.moves, 2).unwrap();
        let text = save(&settings, &record);
        assert_eq!(load(&text), Ok((settings, record)));
        assert!(matches!(load("[]"), Err(SavedError::Corrupt(_))));
        assert!(matches!(
            load(&text.replace("a1:3:b3", "a1:3:b4")),
            Err(SavedError::Invalid(_))
        ));
    }
}
