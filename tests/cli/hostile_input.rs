//! Every parser is total: arbitrary text in (any Unicode, control bytes,
//! other scripts' digits, near-misses of the real formats) never panics and
//! ends in bounded time; and formatting then parsing gives back what was
//! formatted, for every record type. Searches end within their limits.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::sync::mpsc;
use std::time::{Duration, Instant};

use proptest::prelude::*;

use mind_sports_cli as cli;
use mind_sports_core::query;
use mind_sports_core::route::Route;
use mind_sports_core::session::nim::Nim;
use mind_sports_core::session::opok::Opok;
use mind_sports_core::session::othello::Othello;
use mind_sports_core::session::player::{Player, Seats};
use mind_sports_core::session::{self as session, formats};
use mind_sports_engine::clock::SystemClock;
use mind_sports_engine::game::Game;
use mind_sports_engine::nim::{self, Heap, Rule};
use mind_sports_engine::opok::game::OpokEvaluator;
use mind_sports_engine::opok::{self, Geometry};
use mind_sports_engine::othello::notation::{
    board_text, format_transcript, parse_board, parse_setup, replay,
};
use mind_sports_engine::othello::pattern::weights::Weights;
use mind_sports_engine::othello::{ggf, Analyzer, BoardSize, Move, Position, Rules, Variant};
use mind_sports_engine::rng::Rng;
use mind_sports_engine::search::{Budget, Limits, Searcher};
use mind_sports_engine::strength::Level;

/// The longest any single parse may take before it counts as a hang: far
/// above what any of them needs (microseconds to a second), so only a
/// parser that loops or explodes fails.
const PARSE_LIMIT: Duration = Duration::from_secs(5);

/// Runs `work` on its own thread and fails if it panics or does not end
/// within [`PARSE_LIMIT`].
fn bounded(what: &str, work: impl FnOnce() + Send + 'static) {
    let (done, finished) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        work();
        let _ = done.send(());
    });
    match finished.recv_timeout(PARSE_LIMIT) {
        Ok(()) => worker.join().expect("no panic"),
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: no answer within {PARSE_LIMIT:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: panicked"),
    }
}

/// Pieces of the real formats and of what breaks naive parsers.
const PIECES: &[&str] = &[
    "f5",
    "d6",
    "c3",
    "F5",
    "a1",
    "h8",
    "i9",
    "c9",
    "pass",
    "pa",
    "--",
    "-",
    "1.",
    "12",
    " ",
    "\t",
    "\n",
    ",",
    ";",
    ".",
    ")",
    "X",
    "O",
    "x",
    "o",
    "*",
    "0",
    "é",
    "²",
    "½",
    "٣",
    "⁵",
    "ｆ５",
    "\u{3000}",
    "\u{0}",
    "\u{7f}",
    "\u{202e}",
    "\u{fffd}",
    "🂡",
    "с3",
    "a1:3:b3",
    "e5:1:e4",
    ":",
    "c9,.,./",
    "s1",
    "c25",
    "/",
    "nim:",
    "dim:",
    "half:",
    "evenodd:",
    "aliquot:",
    "sub{",
    "}",
    "1,3,4",
    "18446744073709551616",
    "99999999999999999999",
    "%",
    "%C3%A9",
    "%ED%A0%80",
    "%00",
    "&",
    "=",
    "moves=",
    "start=",
    "size=",
    "at=",
    "time=",
    "black=",
    "c7",
    "human",
    "(;",
    ";)",
    "GM[Othello]",
    "BO[8 ",
    "]",
    "B[",
    "W[",
    "\\",
    "#/othello?",
    "#/nim?",
    "{",
    "\"version\":1",
    "\"settings\":",
    "\"moves\":[",
    "\"cursor\":",
];

/// Text made of the pieces above and arbitrary characters.
fn hostile_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => prop::sample::select(PIECES).prop_map(str::to_string),
        1 => any::<char>().prop_map(|c| c.to_string()),
        1 => "[0-9]{1,25}",
    ];
    prop_oneof![
        3 => prop::collection::vec(piece, 0..40).prop_map(|p| p.concat()),
        1 => any::<String>(),
    ]
}

/// A valid text with one character replaced, inserted or deleted.
fn mutated(valid: String) -> impl Strategy<Value = String> {
    let len = valid.chars().count().max(1);
    (0..len, any::<char>(), 0..3u8).prop_map(move |(at, c, how)| {
        let mut chars: Vec<char> = valid.chars().collect();
        let at = at.min(chars.len());
        match how {
            0 if at < chars.len() => chars[at] = c,
            1 => chars.insert(at, c),
            _ if at < chars.len() => {
                chars.remove(at);
            }
            _ => chars.push(c),
        }
        chars.into_iter().collect()
    })
}

fn all_rules() -> Vec<Rules> {
    let mut rules = Vec::new();
    for size in BoardSize::ALL {
        for variant in [Variant::Standard, Variant::Anti, Variant::Reversi] {
            rules.push(Rules::new(size, variant));
        }
    }
    rules
}

/// A random game from `start` of up to `plies` moves, passes included.
fn random_game<G: Game>(start: G, seed: u64, plies: usize) -> (G, Vec<G::Move>) {
    let mut rng = Rng::new(seed);
    let (mut position, mut moves, mut legal) = (start.clone(), Vec::new(), Vec::new());
    while moves.len() < plies {
        legal.clear();
        position.legal_moves(&mut legal);
        let Some(&mv) = rng.choose(&legal) else {
            break;
        };
        position = position.play(mv);
        moves.push(mv);
    }
    (start, moves)
}

fn othello_game(rules: Rules, seed: u64, plies: usize) -> (Position, Vec<Move>) {
    random_game(Position::start(rules), seed, plies)
}

fn opok_game(size: u8, seed: u64, plies: usize) -> (opok::Position, Vec<opok::Move>) {
    random_game(
        opok::Position::start(Geometry::new(size).expect("a size")),
        seed,
        plies,
    )
}

fn random_rule(rng: &mut Rng) -> Rule {
    match rng.below(7) {
        0 => Rule::Nim,
        1 => Rule::Dim,
        2 => Rule::Aliquot,
        3 => Rule::EvenOdd,
        4 => Rule::Half,
        _ => {
            let set: Vec<u64> = (0..1 + rng.below(4)).map(|_| 1 + rng.below(30)).collect();
            Rule::subtraction(&set).expect("a small set")
        }
    }
}

fn random_size(rng: &mut Rng) -> u64 {
    match rng.below(3) {
        0 => rng.below(20),
        1 => rng.below(1_000_000),
        _ => rng.next_u64(),
    }
}

fn nim_position(seed: u64) -> nim::Position {
    let mut rng = Rng::new(seed);
    let heaps = (0..1 + rng.below(6))
        .map(|_| Heap {
            rule: random_rule(&mut rng),
            size: random_size(&mut rng),
        })
        .collect();
    nim::Position::new(heaps).expect("1 to 6 heaps")
}

/// A valid record of one of six kinds, to be mutated.
fn valid_record(seed: u64, which: u8) -> String {
    match which {
        0 => format_transcript(&othello_game(Rules::default(), seed, 60).1),
        1 => {
            let (start, moves) = othello_game(Rules::default(), seed, 30);
            board_text(&moves.iter().fold(start, |p, &m| p.play(m)))
        }
        2 => {
            let (start, moves) = othello_game(Rules::default(), seed, 60);
            ggf::write(&ggf::GgfGame::new(start, moves))
        }
        3 => {
            let (start, moves) = opok_game(5, seed, 40);
            opok::notation::record_text(start.geometry(), &moves)
        }
        4 => nim_position(seed).to_string(),
        _ => {
            let (start, moves) = othello_game(Rules::default(), seed, 20);
            let record = session::othello::Record::from_moves(start, &moves, moves.len()).unwrap();
            formats::encode::<Othello>(&Default::default(), &record)
        }
    }
}

/// `settings` with random players and thinking time.
fn random_seats<S: Seats>(mut settings: S, rng: &mut Rng) -> S {
    for index in 0..2 {
        settings.seat(index, random_player(rng));
    }
    settings.set_think_ms(100 + rng.below(600_000 - 100 + 1) as u32);
    settings
}

/// A share link and a saved game of `record` read back as they were.
fn links_and_saves_round_trip<G: formats::Formats>(
    settings: &G::Settings,
    record: &session::record::Record<G::Position>,
) -> Result<(), TestCaseError> {
    let game = (settings.clone(), record.clone());
    let link = formats::encode::<G>(settings, record);
    prop_assert_eq!(formats::decode::<G>(&link).unwrap(), game.clone());
    // With the game's clock: the same game and the same clock.
    let kept = format!(
        "5+3;{};61000;{};{}",
        1000 + record.cursor(),
        record.line().len() % 2,
        record.line().len()
    );
    let with_clock = format!("{link}&{}", formats::encode_clock(&kept));
    prop_assert_eq!(
        formats::decode_with_clock::<G>(&with_clock).unwrap(),
        (game.clone(), Some(kept))
    );
    let other_game = format!("5+3;1;1;0;{}", record.line().len() + 1);
    let refused = format!("{link}&{}", formats::encode_clock(&other_game));
    prop_assert!(formats::decode_with_clock::<G>(&refused).is_err());
    let saved = formats::save::<G>(settings, record);
    prop_assert_eq!(formats::load::<G>(&saved).unwrap(), game);
    Ok(())
}

fn random_player(rng: &mut Rng) -> Player {
    match rng.below(8) {
        0 => Player::Human,
        n => Player::Computer(Level::new(n as u8).expect("1 to 7")),
    }
}

/// The magic, version, layout and table sizes of a weights file: its bytes
/// before the values (eight bytes, then one varint per table).
fn weights_header() -> Vec<u8> {
    let file = Weights::zero(4).encode();
    let tables = usize::from(file[7]);
    let mut end = 8;
    for _ in 0..tables {
        while file[end] & 0x80 != 0 {
            end += 1;
        }
        end += 1;
    }
    file[..end].to_vec()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn engine_parsers_never_panic_or_hang(text in hostile_text()) {
        bounded("engine parsers", move || {
            for rules in all_rules() {
                let _ = replay(Position::start(rules), &text);
            }
            let _ = parse_setup(&text);
            let _ = parse_board(&text, Variant::Anti);
            let _ = ggf::parse(&text);
            let _ = ggf::parse_move(&text);
            let _ = opok::notation::parse_position(&text);
            for size in [3, 5, 9] {
                let g = Geometry::new(size).unwrap();
                let _ = opok::notation::replay(opok::Position::start(g), &text);
                let _ = opok::notation::parse_move(g, &text);
            }
            let _ = nim::parse_position(&text);
            let _ = text.parse::<Rule>();
            let _ = cli::puzzles::parse(&text);
            let _ = mind_sports_core::learn::lesson::parse_stage(&text);
            if let Ok(t) = mind_sports_core::club::tournament::parse(&text) {
                let _ = mind_sports_core::club::standings::standings(&t);
                let _ = mind_sports_core::club::pairing::next_round(&t);
            }
            let _ = cli::puzzles::parse(&format!("{{\"puzzles\": [{{\"board\": {text:?}, \"kind\": {text:?}, \"solution\": [{text:?}]}}]}}"));
            let p = nim::parse_position("nim:5 half:18446744073709551615 sub{1,3,4}:9").unwrap();
            let _ = nim::parse_move(&p, &text);
        });
    }

    #[test]
    fn session_parsers_never_panic_or_hang(text in hostile_text()) {
        bounded("session parsers", move || {
            let _ = formats::decode::<Othello>(&text);
            let _ = formats::decode::<Opok>(&text);
            let _ = formats::decode::<Nim>(&text);
            let _ = formats::decode_with_clock::<Othello>(&text);
            let _ = formats::decode_with_clock::<Nim>(&format!("heaps=3+4&clock={text}"));
            let _ = formats::load::<Othello>(&text);
            let _ = formats::load::<Opok>(&text);
            let _ = formats::load::<Nim>(&text);
            let _ = query::percent_decode(&text);
            let _ = query::pairs(&text, &["moves", "start"]);
            let _ = Route::from_fragment(&text);
        });
    }

    #[test]
    fn mutated_records_never_panic(
        text in (any::<u64>(), 0..6u8).prop_flat_map(|(seed, which)| mutated(valid_record(seed, which)))
    ) {
        bounded("mutated records", move || {
            let _ = replay(Position::start(Rules::default()), &text);
            let _ = parse_board(&text, Variant::Standard);
            let _ = ggf::parse(&text);
            let g = Geometry::new(5).unwrap();
            let _ = opok::notation::replay(opok::Position::start(g), &text);
            let _ = nim::parse_position(&text);
            let _ = formats::decode::<Othello>(&text);
        });
    }

    #[test]
    fn weights_decoding_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        let _ = Weights::decode(&bytes);
        let mut with_magic = b"MSPE".to_vec();
        with_magic.extend_from_slice(&bytes);
        let _ = Weights::decode(&with_magic);
        // A valid header and table sizes of either version, then anything:
        // the value readers themselves meet the hostile bytes.
        let header = weights_header();
        for version in [1, 2, 3] {
            let mut file = header.clone();
            file[4] = version;
            file.extend_from_slice(&bytes);
            let _ = Weights::decode(&file);
        }
        // Version 3 needs a mask for every entry before its weights: the
        // bytes over the start of a whole file's masks, and after them.
        let mut file = Weights::zero(4).encode();
        let masks = header.len();
        file[masks..masks + bytes.len()].copy_from_slice(&bytes);
        let _ = Weights::decode(&file);
        file.extend_from_slice(&bytes);
        let _ = Weights::decode(&file);
    }

    #[test]
    fn the_command_line_never_panics(text in hostile_text(), flag in hostile_text()) {
        bounded("engine commands", move || {
            for words in [
                vec!["replay", "othello", &text],
                vec!["replay", "othello", &text, "--size", &flag],
                vec!["replay", "othello", "f5", "--time-loss", &flag],
                vec!["standings", &text, "--json"],
                vec!["pair", &text, "--json"],
                vec!["puzzles", "check", "--in", &text],
                vec!["lessons", &text, &flag],
                vec!["replay", "opok", &text, "--size", "4"],
                vec!["nim", &text, "--budget", "1000"],
                vec!["nim", &text, "--misere", "--budget", "1000"],
                vec!["perft", "othello", &flag, "--time-ms", "50"],
                vec!["solve", &text, "--time-ms", "50"],
                vec!["search", "othello", "--moves", &text, "--depth", "2"],
                vec![&text, &flag],
            ] {
                let words: Vec<String> = words.into_iter().map(str::to_string).collect();
                let _ = cli::run(&words);
            }
        });
    }

    #[test]
    fn nboard_sessions_never_panic_or_echo_control_bytes(lines in prop::collection::vec(
        prop_oneof![
            hostile_text(),
            hostile_text().prop_map(|t| format!("set game {t}")),
            hostile_text().prop_map(|t| format!("move {t}")),
            // A hostile depth (a valid one would be a real search: "20"
            // from the start takes seconds, as it should).
            hostile_text().prop_map(|t| format!("set depth {t}x")),
            Just("set depth 2".to_string()),
            hostile_text().prop_map(|t| format!("ping {t}")),
            Just("hint 3".to_string()),
            Just("go".to_string()),
        ],
        0..12,
    )) {
        // Searches here run at depth 1 or 2 so that a session stays short:
        // each generated text stays one line (a line break inside one
        // would make a command of its own, "set depth 20" among them).
        let lines: Vec<String> = lines.iter().map(|l| l.replace(['\n', '\r'], " ")).collect();
        let input = format!("set depth 1\n{}\nping end\n", lines.join("\n"));
        bounded("nboard", move || {
            let mut output = Vec::new();
            cli::nboard::serve(input.as_bytes(), &mut output).expect("in-memory i/o");
            let text = String::from_utf8(output).expect("replies are UTF-8");
            for line in text.lines() {
                assert!(!line.chars().any(char::is_control), "{line:?}");
            }
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn othello_records_round_trip(seed in any::<u64>(), rules in prop::sample::select(all_rules()), plies in 0..70usize) {
        let (start, moves) = othello_game(rules, seed, plies);
        // Transcripts (passes implied) give back every move, passes
        // included, but for passes at the very end, which are not written.
        let replayed = replay(start, &format_transcript(&moves)).unwrap();
        let trailing = moves.iter().rev().take_while(|m| **m == Move::Pass).count();
        prop_assert_eq!(&replayed.moves[..], &moves[..moves.len() - trailing]);
        // Board strings give back every position of the game.
        let mut position = start;
        for &mv in &moves {
            position = position.play(mv);
            let text = board_text(&position);
            prop_assert_eq!(parse_board(&text, rules.variant).unwrap(), position);
        }
        // GGF (8×8 standard only).
        if rules == Rules::default() {
            let game = ggf::GgfGame::new(start, moves.clone());
            let read = ggf::parse(&ggf::write(&game)).unwrap();
            prop_assert_eq!(read.moves, moves.clone());
        }
        // Share links and saved games, with any cursor and settings.
        let mut rng = Rng::new(seed ^ 1);
        let settings = random_seats(
            session::othello::settings::Settings { rules, ..Default::default() },
            &mut rng,
        );
        let cursor = rng.below(moves.len() as u64 + 1) as usize;
        let record = session::othello::Record::from_moves(start, &moves, cursor).unwrap();
        links_and_saves_round_trip::<Othello>(&settings, &record)?;
    }

    #[test]
    fn opok_records_round_trip(seed in any::<u64>(), size in 3u8..=9, plies in 0..80usize) {
        let (start, moves) = opok_game(size, seed, plies);
        let text = opok::notation::record_text(start.geometry(), &moves);
        let replayed = opok::notation::replay(start, &text).unwrap();
        prop_assert_eq!(&replayed.moves, &moves);
        let last = moves.iter().fold(start, |p, &m| p.play(m));
        let position_text = opok::notation::position_text(&last);
        prop_assert_eq!(opok::notation::parse_position(&position_text).unwrap(), last);
        let mut rng = Rng::new(seed ^ 2);
        let settings = random_seats(
            session::opok::Settings { geometry: start.geometry(), ..Default::default() },
            &mut rng,
        );
        let cursor = rng.below(moves.len() as u64 + 1) as usize;
        let record = session::opok::Record::from_moves(start, &moves, cursor).unwrap();
        links_and_saves_round_trip::<Opok>(&settings, &record)?;
    }

    #[test]
    fn take_away_records_round_trip(seed in any::<u64>(), plies in 0..30usize) {
        let start = nim_position(seed);
        prop_assert_eq!(nim::parse_position(&start.to_string()).unwrap(), start.clone());
        let mut rng = Rng::new(seed ^ 3);
        let mut position = start.clone();
        let mut moves = Vec::new();
        while moves.len() < plies && !position.is_over() {
            let mv = nim::levels::random_move(&position, &mut rng).unwrap();
            prop_assert_eq!(nim::parse_move(&position, &mv.to_string()).unwrap(), mv);
            position = position.try_play(mv).unwrap();
            moves.push(mv);
        }
        let settings = random_seats(
            session::nim::Settings { start: start.clone(), misere: rng.below(2) == 1, ..Default::default() },
            &mut rng,
        );
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let mut record = session::nim::replay(&start, &texts, nim::Numbering::FromOne).unwrap();
        record.go_to(rng.below(moves.len() as u64 + 1) as usize);
        links_and_saves_round_trip::<Nim>(&settings, &record)?;
    }
}

/// How far past its time limit a search may end in this test: far more
/// than the 10% + 50 ms it needs on a quiet machine (the tests share two
/// cores), far less than a search that ignores its limit takes.
fn allowed_ms(limit_ms: f64) -> f64 {
    limit_ms * 1.5 + 250.0
}

#[test]
fn searches_with_random_limits_end_within_them() {
    let mut rng = Rng::new(77);
    let mut analyzer = Analyzer::new(18);
    let mut worst: f64 = 0.0;
    for round in 0..24 {
        let plies = rng.below(61) as usize;
        let (start, moves) = othello_game(Rules::default(), rng.next_u64(), plies);
        let position = moves.iter().fold(start, |p, &m| p.play(m));
        if position.is_over() {
            continue;
        }
        let limit_ms = 1.0 + rng.below(300) as f64;
        let clock = SystemClock::new();
        let budget = Budget::new(Limits::time_ms(limit_ms), &clock);
        let started = Instant::now();
        match round % 3 {
            0 => drop(analyzer.analyse(&position, &budget, &mut |_| {})),
            1 => drop(analyzer.score_moves(&position, &budget, &mut |_| {})),
            _ => drop(analyzer.solve(&position, &budget)),
        }
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        worst = worst.max(ms - limit_ms);
        if ms > limit_ms * 1.1 + 50.0 {
            println!(
                "round {round} ({}): {} empties, limit {limit_ms} ms, took {ms:.0} ms",
                round % 3,
                position.empties().count_ones()
            );
        }
        assert!(
            ms <= allowed_ms(limit_ms),
            "round {round}: {} empties, limit {limit_ms} ms, took {ms:.0} ms",
            position.empties().count_ones()
        );
    }
    let mut searcher = Searcher::new(16, OpokEvaluator);
    for _ in 0..8 {
        let size = 3 + rng.below(7) as u8;
        let (start, moves) = opok_game(size, rng.next_u64(), rng.below(30) as usize);
        let position = moves.iter().fold(start, |p, &m| p.play(m));
        let limit_ms = 1.0 + rng.below(300) as f64;
        let clock = SystemClock::new();
        let budget = Budget::new(Limits::time_ms(limit_ms), &clock);
        let started = Instant::now();
        let _ = searcher.search(&position, &budget, &mut |_| {});
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        worst = worst.max(ms - limit_ms);
        assert!(
            ms <= allowed_ms(limit_ms),
            "Opok {size}×{size}: limit {limit_ms} ms, took {ms:.0} ms"
        );
    }
    println!("largest overshoot: {worst:.1} ms");
}
