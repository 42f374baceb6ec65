//! How an Opok game writes itself in links and saves:
//! `size=5&circles=human&squares=c3&time=3000&moves=a1:3:b3,e5:1:e4&at=1`.

use std::convert::Infallible;

use crate::engine::opok::notation::{record_text, replay, RecordError};
use crate::engine::opok::{Geometry, Move, Position};
use crate::engine::text::parse_number;
use crate::session::core::GameRefusals;
use crate::session::formats::Formats;
use crate::session::player::{check_think_ms, read_player, read_think_ms};

use super::{Opok, Settings};

impl Formats for Opok {
    const SETTING_KEYS: &'static [&'static str] = &["size", "circles", "squares", "time"];

    fn setting_values(settings: &Settings) -> Vec<String> {
        vec![
            settings.geometry.size().to_string(),
            settings.circles.code(),
            settings.squares.code(),
            settings.think_ms.to_string(),
        ]
    }

    fn read_setting(settings: &mut Settings, key: &str, value: &str) -> bool {
        match key {
            "size" => parse_number(value)
                .and_then(Geometry::new)
                .map(|g| settings.geometry = g)
                .is_some(),
            "circles" => read_player(&mut settings.circles, value),
            "squares" => read_player(&mut settings.squares, value),
            "time" => read_think_ms(&mut settings.think_ms, value),
            _ => false,
        }
    }

    fn start_text(_settings: &Settings, _start: &Position) -> Option<String> {
        None
    }

    fn read_start(
        settings: &mut Settings,
        _text: &str,
        _given: &[String],
    ) -> Result<Position, Infallible> {
        Ok(Position::start(settings.geometry))
    }

    fn moves_text(settings: &Settings, moves: &[Move]) -> String {
        record_text(settings.geometry, moves).replace(' ', ",")
    }

    fn read_moves(
        _settings: &Settings,
        start: &Position,
        text: &str,
    ) -> Result<Vec<Move>, RecordError> {
        Ok(replay(*start, text)?.moves)
    }

    fn record_text(settings: &Settings, moves: &[Move]) -> String {
        record_text(settings.geometry, moves)
    }

    fn check_settings(settings: &Settings) -> Result<(), String> {
        check_think_ms(settings.think_ms)
    }
}

impl GameRefusals for Opok {
    type RecordError = RecordError;
    type StartError = Infallible;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::opok::Level;
    use crate::session::formats::{decode, encode, load, save, LinkError};
    use crate::session::opok::Record;
    use crate::session::player::Player;
    use crate::session::saved::SavedError;

    #[test]
    fn links_and_saves_round_trip() {
        let settings = Settings {
            geometry: Geometry::new(4).unwrap(),
            circles: Player::Computer(Level::new(2).unwrap()),
            squares: Player::Human,
            think_ms: 1000,
        };
        let start = Position::start(settings.geometry);
        let game = replay(start, "a1:3:b3 d4:1:d3").unwrap();
        let record = Record::from_moves(start, &game.moves, 1).unwrap();
        let link = encode::<Opok>(&settings, &record);
        assert_eq!(
            link,
            "size=4&circles=c2&squares=human&time=1000&moves=a1:3:b3,d4:1:d3&at=1"
        );
        assert_eq!(decode::<Opok>(&link), Ok((settings, record.clone())));
        let saved = save::<Opok>(&settings, &record);
        assert_eq!(load::<Opok>(&saved), Ok((settings, record)));
        // A save of the version before listed the moves one by one.
        let old = r#"{"version":1,"settings":{"geometry":5,"circles":"Human","squares":{"Computer":3},"think_ms":3000},"start":"","moves":["a1:3:b3","e5:1:e4"],"cursor":2}"#;
        assert_eq!(load::<Opok>(old).map(|(_, r)| r.cursor()), Ok(2));
        assert!(matches!(
            load::<Opok>(&old.replace("e5:1:e4", "e5:1:zz")),
            Err(SavedError::Invalid(_))
        ));
    }

    #[test]
    fn tampered_links_are_refused() {
        let decode = decode::<Opok>;
        assert!(matches!(decode("size=10"), Err(LinkError::BadValue { .. })));
        assert!(matches!(
            decode("moves=a1:3:b3,a1:3:b3"),
            Err(LinkError::Moves(_))
        ));
        assert!(matches!(decode("colour=red"), Err(LinkError::Query(_))));
        assert!(matches!(
            decode("moves=a1:1:b1&at=9"),
            Err(LinkError::BadValue { .. })
        ));
    }
}
