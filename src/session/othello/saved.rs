//! The autosave form of an Othello game.

use crate::engine::othello::notation::{board_text, parse_board, replay};
use crate::engine::othello::Move;
use crate::session::saved::{read, rebuild};

pub use crate::session::saved::SavedError;

use super::settings::Settings;
use super::Record;

/// The JSON text saved for a game.
pub fn save(settings: &Settings, record: &Record) -> String {
    let moves = record.line().iter().map(Move::to_string).collect();
    crate::session::saved::save(
        settings,
        board_text(&record.start()),
        moves,
        record.cursor(),
    )
}

/// Restores a game from its saved text.
pub fn load(text: &str) -> Result<(Settings, Record), SavedError> {
    let saved = read::<Settings>(text)?;
    let invalid = |e: String| SavedError::Invalid(e);
    if !crate::session::player::THINK_MS_RANGE.contains(&saved.settings.think_ms) {
        return Err(invalid(format!(
            "a thinking time of {} ms",
            saved.settings.think_ms
        )));
    }
    let start = parse_board(&saved.start, saved.settings.rules.variant)
        .map_err(|e| invalid(e.to_string()))?;
    if start.rules() != saved.settings.rules {
        return Err(invalid("the board does not match the settings".into()));
    }
    let game = replay(start, &saved.moves.join(" ")).map_err(|e| invalid(e.to_string()))?;
    let record = rebuild(start, &game.moves, saved.moves.len(), saved.cursor)?;
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
