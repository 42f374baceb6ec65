//! How a take-away game writes itself in links and saves:
//! `v=2&misere=1&first=human&second=c7&start=nim:11+nim:5+nim:12+nim:20&moves=4:18,1:2&at=1`,
//! heaps numbered from 1 as everywhere else. `v=2` (a save's
//! `"moves_version": 2`) marks that numbering: links and saves without it
//! were written when moves counted heaps from 0, and are read so.

use crate::engine::nim::position::MoveTextError;
use crate::engine::nim::{parse_position, Move, Numbering, Position, PositionError};
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
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    fn read_moves(
        settings: &Settings,
        start: &Position,
        text: &str,
    ) -> Result<Vec<Move>, (usize, MoveTextError)> {
        Self::read_moves_of(settings, start, text, Self::MOVES_VERSION)
    }

    fn record_text(_settings: &Settings, moves: &[Move]) -> String {
        moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// 2: heaps numbered from 1; 1: from 0 (links and saves written
    /// before 2026-11-27).
    const MOVES_VERSION: u32 = 2;

    fn read_moves_of(
        _settings: &Settings,
        start: &Position,
        text: &str,
        version: u32,
    ) -> Result<Vec<Move>, (usize, MoveTextError)> {
        let numbering = if version == 1 {
            Numbering::FromZero
        } else {
            Numbering::FromOne
        };
        Ok(replay(start, &move_texts(text), numbering)?.line().to_vec())
    }
}

impl GameRefusals for Nim {
    type RecordError = (usize, MoveTextError);
    type StartError = PositionError;
}

// Native only: proptest is not built for wasm (as in session::clock).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::engine::strength::Level;
    use crate::session::formats::{decode, encode, load, save, LinkError};
    use crate::session::nim::Record;
    use crate::session::player::Player;
    use crate::session::saved::SavedError;
    use proptest::prelude::*;

    fn settings() -> Settings {
        Settings {
            start: parse_position("nim:11 sub{1,3,4}:10 half:9").unwrap(),
            misere: true,
            first: Player::Computer(Level::new(2).unwrap()),
            second: Player::Human,
        }
    }

    #[test]
    fn links_and_saves_round_trip() {
        let settings = settings();
        let mut record = replay(&settings.start, &["1:3", "2:4"], Numbering::FromOne).unwrap();
        record.go_to(1);
        let link = encode::<Nim>(&settings, &record);
        assert_eq!(
            link,
            "v=2&misere=1&first=c2&second=human&start=nim:11+sub{1,3,4}:10+half:9&moves=1:3,2:4&at=1"
        );
        assert_eq!(decode::<Nim>(&link), Ok((settings.clone(), record.clone())));
        let text = save::<Nim>(&settings, &record);
        assert!(text.contains(r#""moves":["1:3,2:4"]"#), "{text}");
        assert!(text.contains(r#""moves_version":2"#), "{text}");
        assert_eq!(load::<Nim>(&text), Ok((settings, record)));
        assert!(matches!(load::<Nim>("{"), Err(SavedError::Corrupt(_))));
        assert!(matches!(
            load::<Nim>(&text.replace("1:3,2:4", "1:3,2:40")),
            Err(SavedError::Invalid(_))
        ));
    }

    #[test]
    fn links_and_saves_written_before_count_heaps_from_zero() {
        let settings = settings();
        let mut record = replay(&settings.start, &["1:3", "2:4"], Numbering::FromOne).unwrap();
        record.go_to(1);
        let old_link =
            "misere=1&first=c2&second=human&start=nim:11+sub{1,3,4}:10+half:9&moves=0:3,1:4&at=1";
        assert_eq!(
            decode::<Nim>(old_link),
            Ok((settings.clone(), record.clone()))
        );
        assert_eq!(
            decode::<Nim>(&format!("v=1&{old_link}")),
            Ok((settings.clone(), record.clone()))
        );
        // An autosave of the app before heaps were numbered from 1.
        let old_save = r#"{"version":1,"settings":{"start":{"heaps":[{"rule":"nim","size":11},{"rule":"sub{1,3,4}","size":10},{"rule":"half","size":9}]},"misere":true,"first":{"Computer":2},"second":"Human"},"start":"nim:11 sub{1,3,4}:10 half:9","moves":["0:3,1:4"],"cursor":1}"#;
        assert_eq!(load::<Nim>(old_save), Ok((settings, record)));
    }

    #[test]
    fn unknown_versions_are_refused() {
        for v in ["0", "3", "x", "+2", ""] {
            assert!(
                matches!(decode::<Nim>(&format!("v={v}&start=nim:3")), Err(LinkError::BadValue { ref key, .. }) if key == "v"),
                "v={v}"
            );
        }
        let text = save::<Nim>(&settings(), &Record::new(settings().start));
        assert_eq!(
            load::<Nim>(&text.replace(r#""moves_version":2"#, r#""moves_version":3"#)),
            Err(SavedError::Version(3))
        );
    }

    #[test]
    fn tampered_links_are_refused() {
        let decode = decode::<Nim>;
        assert!(matches!(decode("start=chess:4"), Err(LinkError::Start(_))));
        assert!(matches!(
            decode("v=2&start=half:9&moves=1:5"),
            Err(LinkError::Moves((1, _)))
        ));
        assert!(matches!(
            decode("v=2&start=half:9&moves=0:1"),
            Err(LinkError::Moves((1, MoveTextError::HeapZero { heaps: 1 })))
        ));
        assert!(matches!(
            decode("misere=yes"),
            Err(LinkError::BadValue { .. })
        ));
        assert!(matches!(decode("x=1"), Err(LinkError::Query(_))));
    }

    /// A sum of up to five small heaps and a line of legal moves in it.
    fn game() -> impl Strategy<Value = (Settings, Vec<Move>, usize)> {
        let heap = (0..6usize, 0..13u64);
        (
            prop::collection::vec(heap, 1..6),
            prop::collection::vec((0..5usize, 1..13u64), 0..30),
            any::<bool>(),
            0..31usize,
        )
            .prop_map(|(heaps, tries, misere, at)| {
                let rules = ["nim", "dim", "aliquot", "evenodd", "half", "sub{1,3,4}"];
                let text: Vec<String> = heaps
                    .iter()
                    .map(|&(r, n)| format!("{}:{n}", rules[r]))
                    .collect();
                let start = parse_position(&text.join(" ")).unwrap();
                let mut position = start.clone();
                let mut line = Vec::new();
                for (heap, take) in tries {
                    let mv = Move {
                        heap: heap % position.heaps().len(),
                        take,
                    };
                    if let Ok(next) = position.try_play(mv) {
                        position = next;
                        line.push(mv);
                    }
                }
                let settings = Settings {
                    start,
                    misere,
                    ..Settings::default()
                };
                let at = at.min(line.len());
                (settings, line, at)
            })
    }

    proptest! {
        #[test]
        fn format_then_parse_is_the_identity((settings, line, at) in game()) {
            let record = Record::from_moves(settings.start.clone(), &line, at).unwrap();
            let link = encode::<Nim>(&settings, &record);
            prop_assert_eq!(decode::<Nim>(&link), Ok((settings.clone(), record.clone())));
            let text = save::<Nim>(&settings, &record);
            prop_assert_eq!(load::<Nim>(&text), Ok((settings.clone(), record.clone())));
            // The same game written the old way (heaps from 0, no marker).
            let old: Vec<String> = line.iter().map(|m| format!("{}:{}", m.heap, m.take)).collect();
            let old_link = link
                .replacen("v=2&", "", 1)
                .replace(&format!("moves={}", Nim::moves_text(&settings, &line)), &format!("moves={}", old.join(",")));
            prop_assert_eq!(decode::<Nim>(&old_link), Ok((settings.clone(), record.clone())));
            let record_text = Nim::record_text(&settings, &line);
            prop_assert_eq!(Nim::read_moves(&settings, &settings.start, &record_text), Ok(line));
        }
    }
}
