//! How a take-away game writes itself in links and saves:
//! `misere=1&first=human&second=c7&start=nim:11+nim:5&moves=3:18,0:2&at=1`
//! (heaps numbered from 0, as the engine writes them).

use crate::engine::nim::position::MoveTextError;
use crate::engine::nim::{parse_position, Move, Position, PositionError};
use crate::session::core::GameRefusals;
use crate::session::formats::Formats;
use crate::session::player::read_player;

use super::{move_texts, replay, Nim, Settings};

impl Formats for Nim {
    const SETTING_KEYS: &'static [&'static str] = &["misere", "first", "second"];

    fn setting_values(settings: &Settings) -> Vec<String> {
        vec![
            u8::from(settings.misere).to_string(),
            settings.first.code(),
            settings.second.code(),
        ]
    }

    fn read_setting(settings: &mut Settings, key: &str, value: &str) -> bool {
        match (key, value) {
            ("misere", "0" | "1") => {
                settings.misere = value == "1";
                true
            }
            ("first", _) => read_player(&mut settings.first, value),
            ("second", _) => read_player(&mut settings.second, value),
            _ => false,
        }
    }

    /// The heaps are part of the settings: always written.
    fn start_text(settings: &Settings, _start: &Position) -> Option<String> {
        Some(settings.start.to_string())
    }

    fn read_start(
        settings: &mut Settings,
        text: &str,
        _given: &[String],
    ) -> Result<Position, PositionError> {
        settings.start = parse_position(text)?;
        Ok(settings.start.clone())
    }

    fn moves_text(_settings: &Settings, moves: &[Move]) -> String {
        moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    fn read_moves(
        _settings: &Settings,
        start: &Position,
        text: &str,
    ) -> Result<Vec<Move>, (usize, MoveTextError)> {
        Ok(replay(start, &move_texts(text))?.line().to_vec())
    }

    fn record_text(_settings: &Settings, moves: &[Move]) -> String {
        moves
            .iter()
            .map(super::person_move_text)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl GameRefusals for Nim {
    type RecordError = (usize, MoveTextError);
    type StartError = PositionError;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strength::Level;
    use crate::session::formats::{decode, encode, load, save, LinkError};
    use crate::session::player::Player;
    use crate::session::saved::SavedError;

    #[test]
    fn links_and_saves_round_trip() {
        let settings = Settings {
            start: parse_position("nim:11 sub{1,3,4}:10 half:9").unwrap(),
            misere: true,
            first: Player::Computer(Level::new(2).unwrap()),
            second: Player::Human,
        };
        let mut record = replay(&settings.start, &["0:3", "1:4"]).unwrap();
        record.go_to(1);
        let link = encode::<Nim>(&settings, &record);
        assert_eq!(
            link,
            "misere=1&first=c2&second=human&start=nim:11+sub{1,3,4}:10+half:9&moves=0:3,1:4&at=1"
        );
        assert_eq!(decode::<Nim>(&link), Ok((settings.clone(), record.clone())));
        let text = save::<Nim>(&settings, &record);
        assert_eq!(load::<Nim>(&text), Ok((settings, record)));
        assert!(matches!(load::<Nim>("{"), Err(SavedError::Corrupt(_))));
        assert!(matches!(
            load::<Nim>(&text.replace("0:3,1:4", "0:3,1:40")),
            Err(SavedError::Invalid(_))
        ));
    }

    #[test]
    fn tampered_links_are_refused() {
        let decode = decode::<Nim>;
        assert!(matches!(decode("start=chess:4"), Err(LinkError::Start(_))));
        assert!(matches!(
            decode("start=half:9&moves=0:5"),
            Err(LinkError::Moves((1, _)))
        ));
        assert!(matches!(
            decode("misere=yes"),
            Err(LinkError::BadValue { .. })
        ));
        assert!(matches!(decode("x=1"), Err(LinkError::Query(_))));
    }
}
