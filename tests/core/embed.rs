//! The embed core with the rest of the app: real share links' positions,
//! the lessons' and puzzles' ids, the examples of `docs/embed.md` and the
//! names `static/embed.js` uses.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::Path;

use mind_sports_core::embed::messages::{read_frame_message, read_host_message, FrameMessage};
use mind_sports_core::embed::params::{parse, Game, Mode, PuzzleRef, Reason, Start, KEYS};
use mind_sports_core::embed::Origin;
use mind_sports_core::engine::othello::notation::{parse_board, replay_from_start};
use mind_sports_core::engine::othello::{Rules, Variant};
use mind_sports_core::links::club::RatingsFrame;
use mind_sports_core::links::event::EventFrame;
use mind_sports_core::online::client::LiveFrame;
use mind_sports_core::query::percent_decode;
use mind_sports_core::session::formats::encode;

fn read(path: &str) -> String {
    fs::read_to_string(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The value of `key` in a link's query, decoded.
fn link_value(link: &str, key: &str) -> Option<String> {
    link.split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{key}=")))
        .map(percent_decode)
}

#[test]
fn the_positions_of_share_links_embed_as_they_are() {
    use mind_sports_core::session::{nim, opok, othello};

    // Othello: a link's moves and start board.
    let game = replay_from_start(Rules::default(), "f5d6c3d3c4f4f6f3e6e7").unwrap();
    let record = othello::Record::from_moves(game.start, &game.moves, 10).unwrap();
    let link = encode::<othello::Othello>(&othello::Settings::default(), &record);
    let moves = link_value(&link, "moves").unwrap();
    let read = parse(Game::Othello, &format!("moves={moves}&ply=4"));
    assert_eq!(read.errors, vec![]);
    assert_eq!(
        (read.params.moves.as_str(), read.params.ply),
        (moves.as_str(), Some(4))
    );

    let board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    let start = parse_board(board, Variant::Standard).unwrap();
    let record = othello::Record::new(start);
    let link = encode::<othello::Othello>(&othello::Settings::default(), &record);
    let board_value = link_value(&link, "start").unwrap();
    let read = parse(
        Game::Othello,
        &format!("board={}", board_value.replace(' ', "+")),
    );
    assert_eq!(read.errors, vec![]);
    assert!(matches!(read.params.start, Start::Othello { board: Some(b), .. } if b == start));

    // Opok.
    let settings = opok::Settings {
        geometry: mind_sports_core::engine::opok::Geometry::new(4).unwrap(),
        ..Default::default()
    };
    let first = mind_sports_core::engine::opok::Position::start(settings.geometry);
    let game = mind_sports_core::engine::opok::notation::replay(first, "a1:3:b3 d4:1:d3").unwrap();
    let record = opok::Record::from_moves(first, &game.moves, 2).unwrap();
    let link = encode::<opok::Opok>(&settings, &record);
    let read = parse(
        Game::Opok,
        &format!("size=4&moves={}", link_value(&link, "moves").unwrap()),
    );
    assert_eq!(read.errors, vec![]);
    assert_eq!(read.params.moves, "a1:3:b3,d4:1:d3");

    // Take-away: the link's start is the heaps, its moves the moves.
    let settings = nim::Settings {
        start: mind_sports_core::engine::nim::parse_position("nim:11 sub{1,3,4}:10 half:9")
            .unwrap(),
        ..Default::default()
    };
    let record = nim::replay(
        &settings.start,
        &["1:3", "2:4"],
        mind_sports_core::engine::nim::Numbering::FromOne,
    )
    .unwrap();
    let link = encode::<nim::Nim>(&settings, &record);
    let heaps = link_value(&link, "start").unwrap();
    let moves = link_value(&link, "moves").unwrap();
    // The link's moves are of version 2 (heaps from 1), as a frame's `v=2`.
    let version = link_value(&link, "v").unwrap();
    let read = parse(
        Game::Nim,
        &format!(
            "v={version}&heaps={}&moves={moves}",
            heaps.replace(' ', "+")
        ),
    );
    assert_eq!(read.errors, vec![]);
    let Start::Nim {
        heaps: read_heaps, ..
    } = &read.params.start
    else {
        panic!("a take-away start");
    };
    assert_eq!(read_heaps, &settings.start);
    assert_eq!(read.params.moves, "1:3,2:4");
    assert_eq!(
        read.params.to_query(),
        "v=2&heaps=11,sub%7B1,3,4%7D:10,half:9&moves=1:3,2:4"
    );
}

/// Every `"id": "…"` of a data file.
fn ids(text: &str) -> Vec<String> {
    text.split("\"id\":")
        .skip(1)
        .filter_map(|rest| rest.trim_start().strip_prefix('"')?.split('"').next())
        .map(String::from)
        .collect()
}

#[test]
fn every_lesson_and_puzzle_can_be_embedded() {
    let mut lessons = 0;
    for entry in
        fs::read_dir(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("data/lessons"))
            .unwrap()
    {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let Some(game) = name.split('-').next().and_then(Game::from_name) else {
            continue;
        };
        for id in ids(&fs::read_to_string(&path).unwrap()) {
            let read = parse(game, &format!("lesson={id}"));
            assert_eq!(read.errors, vec![], "{name}: {id}");
            assert_eq!(read.params.mode, Mode::Lesson);
            let other = Game::ALL.into_iter().find(|g| *g != game).unwrap();
            assert_eq!(parse(other, &format!("lesson={id}")).errors.len(), 1);
            lessons += 1;
        }
    }
    assert!(lessons >= 90, "{lessons} lessons");
    let puzzles = ids(&read("data/othello-puzzles.json"));
    assert!(puzzles.len() >= 300);
    for id in puzzles {
        let read = parse(Game::Othello, &format!("puzzle={id}"));
        assert_eq!(read.errors, vec![], "{id}");
        assert_eq!(read.params.puzzle, Some(PuzzleRef::Id(id)));
    }
}

/// The embed addresses of the docs (`…#/embed/<game>?…` up to a quote,
/// a space, a backtick or `<`), `&amp;` decoded; not where the docs name
/// the route (`#/embed/…`).
fn doc_fragments(doc: &str) -> Vec<String> {
    doc.match_indices("#/embed/")
        .filter(|(at, m)| doc[at + m.len()..].starts_with(|c: char| c.is_ascii_lowercase()))
        .map(|(at, _)| {
            let rest = &doc[at..];
            let end = rest
                .find(|c: char| c == '"' || c == '`' || c == '<' || c.is_whitespace())
                .unwrap_or(rest.len());
            rest[..end].replace("&amp;", "&")
        })
        .collect()
}

#[test]
fn the_docs_examples_are_valid() {
    let doc = read("docs/embed.md");
    let fragments = doc_fragments(&doc);
    assert!(fragments.len() >= 8, "{fragments:?}");
    for fragment in &fragments {
        // A club event's frame is read by the event module's own reader;
        // the syntax line's `id=<event>` stops at its placeholder.
        if let Some(rest) = fragment.strip_prefix("#/embed/event?") {
            if !rest.ends_with('=') {
                let frame = EventFrame::parse(&fragment["#/embed/".len()..]);
                assert!(frame.is_some(), "{fragment}: not an event frame");
            }
            continue;
        }
        // A club's rating list is read by its own reader too.
        if fragment.starts_with("#/embed/ratings?") {
            if !fragment.ends_with('=') {
                let frame = RatingsFrame::parse(&fragment["#/embed/".len()..]);
                assert!(frame.is_some(), "{fragment}: not a ratings frame");
            }
            continue;
        }
        // A frame following a live game is read by the online module
        // (its `live=`), the rest of its address by the frame's reader.
        let address = &fragment["#/embed/".len()..];
        let plain = match LiveFrame::parse(address) {
            Some(live) => {
                let game = address.split('?').next().unwrap_or_default();
                format!("#/embed/{game}?{}", live.rest)
            }
            None => {
                assert!(
                    !LiveFrame::named(address),
                    "{fragment}: its live= does not read"
                );
                fragment.clone()
            }
        };
        let read = mind_sports_core::embed::params::parse_fragment(&plain)
            .unwrap_or_else(|| panic!("{fragment} is not an embed route"));
        assert_eq!(read.errors, vec![], "{fragment}");
    }
    // Every parameter is in the table, and every game's name.
    for key in KEYS {
        assert!(
            doc.contains(&format!("| `{key}` |")),
            "{key} is not documented"
        );
    }
    // The messages of the examples read; the error example is the one a
    // frame writes.
    let club = Origin::parse("https://club.example").unwrap();
    let (mut host, mut frame) = (0, 0);
    for line in doc.lines() {
        if line.starts_with(r#"{"source":"mind-sports-host""#) {
            read_host_message("https://club.example", Some(&club), line)
                .unwrap_or_else(|e| panic!("{line}: {e}"));
            host += 1;
        } else if line.starts_with(r#"{"source":"mind-sports""#) {
            let message = read_frame_message(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            if let FrameMessage::Error { message } = &message {
                let errors = parse(Game::Othello, "moves=f5f5").errors;
                assert_eq!(message, &errors[0].to_string());
            }
            frame += 1;
        }
    }
    assert_eq!((host, frame), (7, 8));
}

#[test]
fn embed_js_knows_every_parameter_and_message() {
    let script = read("static/embed.js");
    assert!(script.len() < 9000, "embed.js is {} bytes", script.len());
    let list = script
        .split("const PARAMS = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("the PARAMS list");
    let names: Vec<&str> = list
        .split(',')
        .map(|s| s.trim().trim_matches('"'))
        .filter(|s| !s.is_empty())
        .collect();
    // `parent` is the script's own; `live` (an online game to follow) is
    // read by the embed route before the board's parameters
    // (session::online).
    let expected: Vec<&str> = KEYS
        .iter()
        .copied()
        .filter(|k| *k != "parent")
        .chain(["live"])
        .collect();
    assert_eq!(names, expected);
    for (kind, event) in [
        ("ready", "ms-ready"),
        ("resize", "ms-resize"),
        ("move", "ms-move"),
        ("position", "ms-position"),
        ("gameOver", "ms-gameover"),
        ("lessonComplete", "ms-lessoncomplete"),
        ("puzzleSolved", "ms-puzzlesolved"),
        ("error", "ms-error"),
    ] {
        assert!(
            script.contains(&format!("{kind}: \"{event}\"")),
            "{kind} → {event}"
        );
    }
    for kind in mind_sports_core::embed::messages::HOST_TYPES {
        assert!(script.contains(&format!("this._post(\"{kind}\"")), "{kind}");
    }
    assert!(script.contains("\"mind-sports-host\"") && script.contains("version: 1"));
}

#[test]
fn the_element_s_addresses_read_without_errors() {
    // What embed.js builds: attributes in PARAMS order, encodeURIComponent,
    // then the parent.
    let fragment = "#/embed/othello?moves=f5d6&mode=view&level=5&coords=0&parent=http%3A%2F%2F127.0.0.1%3A8081";
    let read = mind_sports_core::embed::params::parse_fragment(fragment).unwrap();
    assert_eq!(read.errors, vec![]);
    assert_eq!(
        read.params.parent.unwrap().to_string(),
        "http://127.0.0.1:8081"
    );
    // A bad attribute is one note; the rest is used.
    let read = parse(Game::Nim, "heaps=3%2C4%2Cx&mode=play&level=4");
    assert_eq!(read.errors.len(), 1);
    assert_eq!(read.errors[0].key, "heaps");
    assert!(matches!(read.errors[0].reason, Reason::Invalid(_)));
    assert_eq!(
        (read.params.mode, read.params.level.number()),
        (Mode::Play, 4)
    );
}

/// The origins of `tests/data/embed-origins.txt`: (accepted, a browser can
/// hold a page there, the text).
fn origin_corpus() -> Vec<(bool, bool, String)> {
    read("tests/data/embed-origins.txt")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let verdict = parts.next().expect("a verdict");
            let page = parts.next().expect("page or -");
            let text = parts.next().expect("an origin");
            assert!(matches!(verdict, "yes" | "no"), "{line}");
            assert!(matches!(page, "page" | "-"), "{line}");
            (verdict == "yes", page == "page", text.to_string())
        })
        .collect()
}

#[test]
fn the_frame_accepts_the_parents_the_element_accepts() {
    // The same list is read by tests/e2e/embed-element.mjs against
    // embed.js's rule: the frame and the element agree on every line.
    let corpus = origin_corpus();
    assert!(corpus.len() > 50);
    for (accepted, _, text) in &corpus {
        let read = Origin::parse(text);
        assert_eq!(read.is_ok(), *accepted, "{text}: {read:?}");
        if let Ok(origin) = read {
            // Written back, the origin reads as itself: what the frame posts
            // to is what it was given.
            assert_eq!(Origin::parse(&origin.to_string()), Ok(origin.clone()));
        }
        // The frame's parameter reader takes exactly the accepted ones.
        let query = format!("parent={}", mind_sports_core::embed::params::encode(text));
        let read = parse(Game::Othello, &query);
        assert_eq!(read.params.parent.is_some(), *accepted, "{text}");
        assert_eq!(read.errors.is_empty(), *accepted, "{text}");
    }
}
