//! How an Othello game writes itself in links and saves:
//! `size=6&variant=anti&black=c2&white=human&time=5000&start=<board>&moves=c2b4&at=1`.

use crate::engine::othello::notation::{
    board_text, format_transcript, parse_board, replay, BoardTextError, TranscriptError,
};
use crate::engine::othello::{BoardSize, Move, Position, Variant};
use crate::engine::text::parse_number;
use crate::session::core::GameRefusals;
use crate::session::formats::Formats;
use crate::session::player::{check_think_ms, read_player, read_think_ms};

use super::{Othello, Settings};

/// Why a link's start was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StartError {
    /// The start board is not a valid position.
    Board(BoardTextError),
    /// The start board does not fit the size given.
    SizeMismatch,
}

impl Formats for Othello {
    const SETTING_KEYS: &'static [&'static str] = &["size", "variant", "black", "white", "time"];

    fn setting_values(settings: &Settings) -> Vec<String> {
        vec![
            settings.rules.size.side().to_string(),
            settings.rules.variant.name().to_string(),
            settings.black.code(),
            settings.white.code(),
            settings.think_ms.to_string(),
        ]
    }

    fn read_setting(settings: &mut Settings, key: &str, value: &str) -> bool {
        match key {
            "size" => parse_number(value)
                .and_then(BoardSize::from_side)
                .map(|size| settings.rules.size = size)
                .is_some(),
            "variant" => value
                .parse::<Variant>()
                .map(|variant| settings.rules.variant = variant)
                .is_ok(),
            "black" => read_player(&mut settings.black, value),
            "white" => read_player(&mut settings.white, value),
            "time" => read_think_ms(&mut settings.think_ms, value),
            _ => false,
        }
    }

    fn start_text(settings: &Settings, start: &Position) -> Option<String> {
        (*start != Position::start(settings.rules)).then(|| board_text(start))
    }

    fn read_start(
        settings: &mut Settings,
        text: &str,
        given: &[String],
    ) -> Result<Position, StartError> {
        let position = parse_board(text, settings.rules.variant).map_err(StartError::Board)?;
        if given.iter().any(|k| k == "size") && position.rules().size != settings.rules.size {
            return Err(StartError::SizeMismatch);
        }
        settings.rules = position.rules();
        Ok(position)
    }

    /// The transcript; passes are implied except at its end, where they
    /// are written so that the line keeps them.
    fn moves_text(_settings: &Settings, moves: &[Move]) -> String {
        let kept = moves.len() - moves.iter().rev().take_while(|m| **m == Move::Pass).count();
        let mut text = format_transcript(&moves[..kept]);
        for _ in kept..moves.len() {
            text.push_str(" pass");
        }
        text.trim_start().to_string()
    }

    fn read_moves(
        _settings: &Settings,
        start: &Position,
        text: &str,
    ) -> Result<Vec<Move>, TranscriptError> {
        Ok(replay(*start, text)?.moves)
    }

    fn record_text(_settings: &Settings, moves: &[Move]) -> String {
        format_transcript(moves)
    }

    fn check_settings(settings: &Settings) -> Result<(), String> {
        check_think_ms(settings.think_ms)
    }
}

impl GameRefusals for Othello {
    type RecordError = TranscriptError;
    type StartError = StartError;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::othello::notation::replay_from_start;
    use crate::engine::othello::{Level, Rules};
    use crate::query::QueryError;
    use crate::session::formats::{decode, encode, load, save, LinkError};
    use crate::session::othello::Record;
    use crate::session::player::Player;
    use crate::session::saved::SavedError;

    fn record_of(rules: Rules, moves: &str) -> Record {
        let game = replay_from_start(rules, moves).unwrap();
        Record::from_moves(game.start, &game.moves, game.moves.len()).unwrap()
    }

    #[test]
    fn links_round_trip() {
        let settings = Settings {
            rules: Rules::new(BoardSize::Six, Variant::Anti),
            black: Player::Computer(Level::new(2).unwrap()),
            white: Player::Human,
            think_ms: 5000,
        };
        let mut record = record_of(settings.rules, "c2 b4");
        record.go_to(1);
        let link = encode::<Othello>(&settings, &record);
        assert_eq!(
            link,
            "size=6&variant=anti&black=c2&white=human&time=5000&moves=c2b4&at=1"
        );
        assert_eq!(decode::<Othello>(&link), Ok((settings, record)));
    }

    #[test]
    fn a_custom_start_round_trips() {
        let start = parse_board(
            "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
            Variant::Standard,
        )
        .unwrap();
        let mut record = Record::new(start);
        record.play(start.moves()[0]).unwrap();
        let settings = Settings::default();
        let link = encode::<Othello>(&settings, &record);
        assert!(link.contains("start=O--OOOOX"), "{link}");
        assert_eq!(decode::<Othello>(&link), Ok((settings, record)));
        // Links written before the side was separated still read.
        let old = "start=O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------X";
        assert!(decode::<Othello>(old).is_ok());
    }

    #[test]
    fn tampered_links_are_refused() {
        let decode = decode::<Othello>;
        assert_eq!(
            decode("size=7"),
            Err(LinkError::BadValue {
                key: "size".into(),
                value: "7".into()
            })
        );
        assert_eq!(
            decode("colour=red"),
            Err(LinkError::Query(QueryError::UnknownKey("colour".into())))
        );
        assert_eq!(
            decode("black=c9"),
            Err(LinkError::BadValue {
                key: "black".into(),
                value: "c9".into()
            })
        );
        assert!(matches!(decode("moves=f5d6a1"), Err(LinkError::Moves(_))));
        assert!(matches!(
            decode("moves=f5&at=5"),
            Err(LinkError::BadValue { .. })
        ));
        assert!(matches!(
            decode("start=XXX"),
            Err(LinkError::Start(StartError::Board(_)))
        ));
        assert!(matches!(
            decode(&format!(
                "size=6&start={}X",
                "-".repeat(27) + "OX------XO" + &"-".repeat(27)
            )),
            Err(LinkError::Start(StartError::SizeMismatch))
        ));
        assert!(matches!(
            decode("size=8&size=6"),
            Err(LinkError::Query(QueryError::RepeatedKey(_)))
        ));
        assert_eq!(decode("moves=f5%20d6").map(|(_, r)| r.cursor()), Ok(2));
    }

    #[test]
    fn an_empty_link_is_a_default_game() {
        let (settings, record) = decode::<Othello>("").unwrap();
        assert_eq!(settings, Settings::default());
        assert_eq!(record.cursor(), 0);
    }

    #[test]
    fn a_saved_game_restores_exactly_and_damage_is_an_error() {
        let game = replay_from_start(Rules::default(), "f5d6c3d3c4").unwrap();
        let mut record = Record::from_moves(game.start, &game.moves, 5).unwrap();
        record.go_to(3);
        let settings = Settings::default();
        let text = save::<Othello>(&settings, &record);
        assert_eq!(load::<Othello>(&text), Ok((settings, record)));
        assert!(matches!(
            load::<Othello>("{not json"),
            Err(SavedError::Corrupt(_))
        ));
        assert!(matches!(load::<Othello>("{}"), Err(SavedError::Corrupt(_))));
        let good = save::<Othello>(&settings, &Record::new(Position::start(Rules::default())));
        assert!(matches!(
            load::<Othello>(&good.replace("\"version\":1", "\"version\":9")),
            Err(SavedError::Version(9))
        ));
        assert!(matches!(
            load::<Othello>(&good.replace("\"think_ms\":3000", "\"think_ms\":0")),
            Err(SavedError::Invalid(_))
        ));
        // A save written by the version before: the board and each move.
        let old = r#"{"version":1,"settings":{"rules":{"size":"Eight","variant":"Standard"},"black":"Human","white":{"Computer":3},"think_ms":3000},"start":"---------------------------OX------XO--------------------------- X","moves":["f5","d6"],"cursor":2}"#;
        assert_eq!(load::<Othello>(old).map(|(_, r)| r.cursor()), Ok(2));
    }
}
