//! Property tests of the embed core: any query and any message text are
//! read without a panic in bounded time; what is written reads back.

use std::time::{Duration, Instant};

use proptest::prelude::*;

use super::messages::{host_message, read_host_message, HostMessage, SetPosition};
use super::origin::Origin;
use super::params::{
    encode, learning_of, learning_ref, parse, parse_fragment, parse_learning_fragment, Game,
    LearningRef, Mode, Theme, KEYS,
};
use crate::engine::text::excerpt;
use crate::lang::Lang;
use crate::query::percent_decode;

/// Well under a second in practice; generous for a loaded machine.
const LIMIT: Duration = Duration::from_secs(2);

fn game() -> impl Strategy<Value = Game> {
    prop::sample::select(Game::ALL.to_vec())
}

/// Values that are often valid for some key, and arbitrary text.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "",
            "0",
            "1",
            "2",
            "3",
            "4",
            "5",
            "6",
            "7",
            "8",
            "9",
            "daily",
            "play",
            "view",
            "analyse",
            "lesson",
            "puzzle",
            "black",
            "white",
            "circles",
            "squares",
            "first",
            "second",
            "en",
            "cs",
            "ru",
            "light",
            "dark",
            "contrast",
            "auto",
            "none",
            "nav",
            "full",
            "anti",
            "reversi",
            "dim",
            "half",
            "sub{1,2}",
            "f5d6c3",
            "f5+d6",
            "a1:3:b3",
            "a1:3:b3,d4:1:d3",
            "a1:1:a2",
            "0:1,1:2",
            "3,4,5",
            "dim:4+sub{1,3}:5",
            "othello-1-1",
            "opok-1-1",
            "nim-1-2",
            "corner-0a1b2c3d",
            "https://club.example",
            "http://127.0.0.1:8080",
            "https://club.example/",
            "c9,.,./.,.,./.,.,s9 c",
            "---------------------------OX------XO--------------------------- X",
        ])
        .prop_map(String::from),
        "\\PC{0,30}",
        "[0-9a-h:,{}+% ]{0,30}",
    ]
}

/// How a pair of a generated query is written.
#[derive(Clone, Copy, Debug)]
enum Written {
    /// As it is.
    Plain,
    /// As [`encode`] writes it (letters and digits as they are).
    Encoded,
    /// Every byte of the key and the value as `%XX` (`%70arent`).
    Escaped,
}

/// Every byte of `text` as `%XX`.
fn escaped(text: &str) -> String {
    text.bytes().map(|b| format!("%{b:02X}")).collect()
}

/// Queries of known and unknown keys, some repeated, with such values,
/// written plainly, encoded or escaped, some after enough other pairs to
/// pass [`super::params::MAX_PAIRS`].
fn query() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        4 => prop::sample::select(KEYS.to_vec()).prop_map(String::from),
        1 => "\\PC{0,8}",
    ];
    let written = prop::sample::select(vec![Written::Plain, Written::Encoded, Written::Escaped]);
    let filler = prop_oneof![4 => Just(0usize), 1 => 30usize..50];
    prop_oneof![
        (
            prop::collection::vec((key, value(), written), 0..12),
            filler
        )
            .prop_map(|(pairs, filler)| {
                (0..filler)
                    .map(|i| format!("coords={}", i % 2))
                    .chain(pairs.into_iter().map(|(k, v, written)| match written {
                        Written::Plain => format!("{k}={v}"),
                        Written::Encoded => format!("{}={}", encode(&k), encode(&v)),
                        Written::Escaped => format!("{}={}", escaped(&k), escaped(&v)),
                    }))
                    .collect::<Vec<_>>()
                    .join("&")
            }),
        "\\PC{0,200}",
    ]
}

/// The keys of a query as [`super::params::ParamError::key`] quotes them.
fn quoted_keys(query: &str) -> Vec<String> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            excerpt(
                &percent_decode(pair.split_once('=').map_or(pair, |(k, _)| k)),
                40,
            )
        })
        .collect()
}

fn host() -> impl Strategy<Value = HostMessage> {
    let text = "\\PC{0,40}";
    let position = (prop::option::of(text), 0..4usize, text).prop_filter_map(
        "a field",
        |(moves, start, value)| {
            let mut set = SetPosition {
                moves,
                ..SetPosition::default()
            };
            match start {
                1 => set.board = Some(value),
                2 => set.position = Some(value),
                3 => set.heaps = Some(value),
                _ => {}
            }
            (set != SetPosition::default()).then_some(HostMessage::SetPosition(set))
        },
    );
    let keys: Vec<&str> = KEYS.iter().copied().filter(|k| *k != "parent").collect();
    prop_oneof![
        text.prop_map(|mv| HostMessage::Play { mv }),
        position,
        prop::collection::btree_map(
            prop::sample::select(keys).prop_map(String::from),
            text,
            0..6
        )
        .prop_map(HostMessage::NewGame),
        any::<u32>().prop_map(|ply| HostMessage::GoToPly { ply }),
        prop::sample::select(Lang::ALL.to_vec()).prop_map(|lang| HostMessage::SetLang { lang }),
        prop::sample::select(Theme::ALL.to_vec()).prop_map(|theme| HostMessage::SetTheme { theme }),
        Just(HostMessage::Flip),
    ]
}

/// JSON-like text: objects with the envelope's and the messages' keys and
/// values of every kind, cut or not.
fn jsonish() -> impl Strategy<Value = String> {
    let key = prop::sample::select(vec![
        "source", "version", "type", "move", "moves", "board", "position", "heaps", "ply", "lang",
        "theme", "mode", "level", "parent", "x",
    ]);
    let leaf = prop_oneof![
        Just("null".to_string()),
        any::<bool>().prop_map(|b| b.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|n| n.to_string()),
        prop::sample::select(vec![
            "\"mind-sports-host\"",
            "\"mind-sports\"",
            "1",
            "\"play\"",
            "\"setPosition\"",
            "\"newGame\"",
            "\"goToPly\"",
            "\"setLang\"",
            "\"setTheme\"",
            "\"flip\"",
            "\"cs\"",
            "\"dark\"",
        ])
        .prop_map(String::from),
        "\\PC{0,20}".prop_map(|s| serde_json::Value::String(s).to_string()),
    ];
    let json = leaf.prop_recursive(4, 40, 8, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(|v| format!("[{}]", v.join(","))),
            prop::collection::vec((key.clone(), inner), 0..8).prop_map(|fields| {
                let fields: Vec<String> = fields
                    .into_iter()
                    .map(|(k, v)| format!("\"{k}\":{v}"))
                    .collect();
                format!("{{{}}}", fields.join(","))
            }),
        ]
    });
    prop_oneof![
        json.clone(),
        (json, any::<prop::sample::Index>()).prop_map(|(text, cut)| {
            let chars: Vec<char> = text.chars().collect();
            chars[..cut.index(chars.len() + 1)].iter().collect()
        }),
        "\\PC{0,200}",
        "[\\[\\]{}\",:0-9a-z\\\\ ]{0,200}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_learning_module_reads_any_frame_as_the_parser_does(game in game(), query in query(), text in "\\PC{0,200}") {
        // Arbitrary text: no panic, bounded time.
        let started = Instant::now();
        let _ = learning_of(&text);
        prop_assert!(started.elapsed() < LIMIT);
        // A frame is a lesson or a puzzle to the learning module exactly
        // when it is one to the frame, of the same game, id and page: the
        // learning module never talks to a parent the frame refused.
        let frame = format!("{}?{query}", game.name());
        let parsed = parse(game, &query).params;
        let light = learning_of(&frame);
        prop_assert_eq!(learning_ref(&frame), light.as_ref().map(|l| l.what.clone()));
        prop_assert_eq!(learning_ref(&text), learning_of(&text).map(|l| l.what));
        prop_assert_eq!(light.is_some(), matches!(parsed.mode, Mode::Lesson | Mode::Puzzle));
        if let Some(light) = light {
            prop_assert_eq!(light.game, game);
            prop_assert_eq!(&light.parent, &parsed.parent);
            match &light.what {
                LearningRef::Lesson(id) => prop_assert_eq!(Some(id), parsed.lesson.as_ref()),
                LearningRef::Puzzle(id) => {
                    prop_assert_eq!(Some(id.as_str()), parsed.puzzle.as_ref().map(|p| p.text()))
                }
            }
        }
    }

    #[test]
    fn a_lesson_frame_reads_and_changes_as_a_board_frame_would(
        game in game(),
        learning in prop::sample::select(vec!["lesson={}-1-2&", "mode=lesson&lesson={}-2-1&", "mode=puzzle&", "puzzle=daily&"]),
        rest in query(),
        leave in prop::sample::select(vec!["", "mode=play&", "mode=view&", "mode=analyse&", "lesson=nim-1-1&"]),
        position in prop::sample::select(vec![
            "", "moves=f5d6&", "moves=1:1&", "heaps=3,4&", "heaps=x&", "size=6&", "moves=zz&",
            "level=3&", "side=white&", "ply=1&", "position=x&", "board=x&",
        ]),
        others in prop_oneof![2 => Just(String::new()), 1 => query()],
    ) {
        // A lesson's or a puzzle's frame, read without the games' readers:
        // the same parameters and errors.
        let query = learning.replace("{}", game.name()) + &rest;
        let read = parse(game, &query);
        prop_assume!(!read.params.has_own_position());
        let light = parse_learning_fragment(&format!("#/embed/{}?{query}", game.name()));
        prop_assert_eq!(light.as_ref(), Some(&read));
        // A new game asked of it: the same answer, but a board's position
        // is read by the board's frame at the address the frame opens.
        let asked = format!("{others}&{leave}{position}");
        let fields: std::collections::BTreeMap<String, String> = asked
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|pair| {
                let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
                (percent_decode(k), percent_decode(v))
            })
            .collect();
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        match (read.params.changed(&fields), read.params.changed_unread(&fields)) {
            (Ok(new), Ok((unread, address))) if new.has_own_position() => {
                prop_assert!(unread.has_own_position());
                let board = parse_fragment(&address).expect("a frame's address");
                prop_assert_eq!(&board.errors, &vec![], "{}", address);
                prop_assert_eq!(board.params, new, "{}", address);
            }
            (Ok(new), Ok((unread, _))) => prop_assert_eq!(unread, new),
            (Err(_), Ok((unread, address))) => {
                prop_assert!(unread.has_own_position(), "{}", address);
                let board = parse_fragment(&address).expect("a frame's address");
                prop_assert!(!board.errors.is_empty(), "{}", address);
            }
            (Err(_), Err(errors)) => prop_assert!(!errors.is_empty()),
            (Ok(new), Err(errors)) => prop_assert!(false, "{new:?} read, unread {errors:?}"),
        }
    }

    #[test]
    fn any_query_reads_and_every_error_names_its_key(game in game(), query in query()) {
        let started = Instant::now();
        let read = parse(game, &query);
        prop_assert!(started.elapsed() < LIMIT);
        let keys = quoted_keys(&query);
        for error in &read.errors {
            prop_assert!(keys.contains(&error.key), "{error} not among {keys:?}");
            prop_assert!(!error.to_string().is_empty());
        }
        // Whatever was read is valid: written and read again, the same.
        let again = parse(game, &read.params.to_query());
        prop_assert_eq!(&again.errors, &vec![], "{}", read.params.to_query());
        prop_assert_eq!(again.params, read.params);
    }

    #[test]
    fn any_message_text_reads_without_a_panic(text in jsonish()) {
        let club = Origin::parse("https://club.example").unwrap();
        let started = Instant::now();
        let _ = read_host_message("https://club.example", Some(&club), &text);
        let wrapped = format!(
            r#"{{"source":"mind-sports-host","version":1,"type":"newGame","x":{text}}}"#
        );
        let _ = read_host_message("https://club.example", Some(&club), &wrapped);
        prop_assert!(started.elapsed() < LIMIT);
        prop_assert!(read_host_message("https://club.example", None, &text).is_err());
        prop_assert!(read_host_message("https://evil.example", Some(&club), &text).is_err());
    }

    #[test]
    fn host_messages_read_back_as_written(message in host()) {
        let club = Origin::parse("http://127.0.0.1:8080").unwrap();
        let json = host_message(&message);
        prop_assert_eq!(read_host_message("http://127.0.0.1:8080", Some(&club), &json), Ok(message));
    }

    #[test]
    fn any_origin_text_reads_without_a_panic(text in "\\PC{0,60}", tail in "[a-z0-9.:\\[\\]/@-]{0,30}") {
        for candidate in [text.clone(), format!("https://{tail}"), format!("http://{text}")] {
            if let Ok(origin) = Origin::parse(&candidate) {
                prop_assert_eq!(Origin::parse(&origin.to_string()), Ok(origin.clone()));
                prop_assert!(origin.matches(&origin.to_string()));
            }
        }
    }

    #[test]
    fn new_games_from_any_fields_are_valid_or_refused(
        game in game(),
        query in query(),
        fields in prop::collection::btree_map(prop::sample::select(KEYS.to_vec()), value(), 0..5),
    ) {
        let params = parse(game, &query).params;
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        if let Ok(next) = params.changed(&fields) {
            let again = parse(game, &next.to_query());
            prop_assert_eq!(&again.errors, &vec![]);
            prop_assert_eq!(again.params, next);
        }
    }
}
