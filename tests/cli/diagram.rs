//! `engine diagram`: SVG diagrams of the three games from the command line,
//! well-formed, and the same bytes as the library gives the game pages.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

mod engine_command;
#[path = "../../src/core/diagram/testing.rs"]
mod testing;

use engine_command::{engine, error, json, stdout};
use mind_sports_core::diagram::xml::{self, check, Element};
use mind_sports_core::diagram::{self, Legend, Options, Theme};
use mind_sports_engine::othello::notation::replay_from_start;
use mind_sports_engine::othello::Rules;
use testing::{texts, with_class};

/// The SVG the command prints, checked well-formed.
fn svg(args: &[&str]) -> (String, Vec<Element>) {
    let text = stdout(args);
    let text = text.strip_suffix('\n').unwrap_or(&text).to_string();
    let elements = check(&text).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    (text, elements)
}

#[test]
fn othello_diagrams_show_what_is_asked() {
    let moves = "f5d6c3d3c4f4f6f3e6e7";
    let (_, plain) = svg(&["diagram", "othello", "--moves", moves]);
    let root = &plain[0];
    assert_eq!(root.name, "svg");
    assert_eq!(root.attr("xmlns"), Some("http://www.w3.org/2000/svg"));
    assert_eq!(root.attr("width"), Some("480"));
    assert!(root.attr("viewBox").is_some() && root.attr("height").is_some());
    assert_eq!(plain[1].name, "title");
    assert!(plain[1].text.starts_with("Othello 8×8: Black to move"));
    assert_eq!(with_class(&plain, "black").len(), 6);
    assert_eq!(with_class(&plain, "white").len(), 8);
    assert!(texts(&plain).is_empty());
    assert!(with_class(&plain, "last").is_empty());

    let (_, full) = svg(&[
        "diagram",
        "othello",
        "--moves",
        moves,
        "--coords",
        "--last-move",
        "--numbers",
        "--legend",
        "--px",
        "800",
    ]);
    assert_eq!(full[0].attr("width"), Some("800"));
    let t = texts(&full);
    for expected in [
        "a",
        "h",
        "1",
        "8",
        "1",
        "10",
        "Black to move · black 6, white 8",
    ] {
        assert!(t.contains(&expected), "{expected}: {t:?}");
    }
    assert_eq!(with_class(&full, "last").len(), 1);
}

#[test]
fn every_othello_size_and_variant() {
    for (size, variant, moves) in [
        ("4", "standard", "b1"),
        ("6", "anti", "e4"),
        ("8", "reversi", "d4e4d5e5"),
    ] {
        let (_, e) = svg(&[
            "diagram",
            "othello",
            "--size",
            size,
            "--variant",
            variant,
            "--moves",
            moves,
            "--coords",
            "--print",
        ]);
        let n: usize = size.parse().unwrap();
        assert_eq!(texts(&e).len(), 2 * n, "{size} {variant}");
    }
}

#[test]
fn the_command_writes_the_pages_file() {
    let dir = std::env::temp_dir().join(format!("diagram-test-{}", std::process::id()));
    let path = dir.join("sub").join("d.svg");
    let path_text = path.to_str().unwrap();
    let v = json(&[
        "diagram",
        "othello",
        "--moves",
        "f5d6c3",
        "--coords",
        "--last-move",
        "--numbers",
        "--print",
        "--legend",
        "--px",
        "360",
        "--out",
        path_text,
        "--json",
    ]);
    assert_eq!(v["out"], path_text);
    assert_eq!(v["width"], 360);
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(v["bytes"], written.len());
    // What a game page gets from the library with the same options.
    let game = replay_from_start(Rules::default(), "f5d6c3").unwrap();
    let options = Options {
        coords: true,
        last_move: true,
        move_numbers: true,
        size_px: 360,
        theme: Theme::Print,
        title: None,
        legend: Legend::Auto,
    };
    let page = diagram::othello::game_svg(&game.start, &game.moves, &options).unwrap();
    assert_eq!(written, page);
    let _ = std::fs::remove_dir_all(&dir);

    // --json without --out: the SVG in the object.
    let v = json(&["diagram", "nim", "--heaps", "3 4 5", "--json"]);
    assert!(check(v["svg"].as_str().unwrap()).is_ok());
    assert_eq!(v["game"], "nim");
}

#[test]
fn opok_diagrams() {
    let (_, e) = svg(&[
        "diagram",
        "opok",
        "--moves",
        "a1:3:b3 e5:2:e3",
        "--coords",
        "--last-move",
        "--numbers",
    ]);
    assert_eq!(with_class(&e, "circles").len(), 2);
    assert_eq!(with_class(&e, "squares").len(), 2);
    assert_eq!(with_class(&e, "arrow").len(), 1);
    assert_eq!(with_class(&e, "number").len(), 2);
    assert!(e[1].text.ends_with("last move e5:2:e3"));
    let (_, e) = svg(&[
        "diagram",
        "opok",
        "--position",
        "c7,.,s1,c1/.,.,.,./.,.,.,./.,.,.,s4 c",
        "--moves",
        "a1:1:b1",
        "--last-move",
        "--print",
    ]);
    // The square stack on c1 taken: only the home corner is left.
    assert_eq!(with_class(&e, "captured").len(), 1);
    assert_eq!(with_class(&e, "squares").len(), 1);
    assert_eq!(with_class(&e, "circles").len(), 3);
}

#[test]
fn take_away_diagrams() {
    let (_, e) = svg(&[
        "diagram",
        "nim",
        "--heaps",
        "nim:11 nim:5 sub{1,2,3}:45",
        "--moves",
        "1:4",
        "--last-move",
        "--coords",
        "--legend",
        "--misere",
    ]);
    assert_eq!(with_class(&e, "taken").len(), 4);
    let t = texts(&e);
    for expected in [
        "1",
        "3",
        "7",
        "(−4)",
        "45",
        "Subtraction {1, 2, 3}",
        "Misère play: whoever makes the last move loses",
    ] {
        assert!(t.contains(&expected), "{expected}: {t:?}");
    }
}

#[test]
fn titles_are_escaped() {
    let (text, e) = svg(&[
        "diagram",
        "othello",
        "--title",
        "Club <b>newsletter</b> & \"friends\"",
    ]);
    assert_eq!(e[1].text, "Club <b>newsletter</b> & \"friends\"");
    assert!(!text.contains("<b>"));
}

#[test]
fn mistakes_are_errors_not_panics() {
    let e = error(&["diagram", "othello", "--png"]);
    assert!(e.contains("--png: the command line writes SVG only"), "{e}");
    let e = error(&["diagram", "othello", "--moves", "f5f5"]);
    assert_eq!(
        e.trim(),
        "engine: bad transcript: move 2 (f5): illegal for white"
    );
    let e = error(&["diagram", "go"]);
    assert!(e.contains("unknown game \"go\""), "{e}");
    let e = error(&["diagram"]);
    assert!(e.contains("missing argument"), "{e}");
    let e = error(&["diagram", "nim", "--heaps", "nim:x"]);
    assert!(e.contains("bad position"), "{e}");
    let e = error(&["diagram", "opok", "--numbers"]);
    assert!(e.contains("--numbers needs the moves"), "{e}");
    let e = error(&["diagram", "opok", "--position", "junk", "--json"]);
    let v: serde_json::Value = serde_json::from_str(e.trim()).unwrap();
    assert!(v["error"].as_str().unwrap().starts_with("bad position"));
    // The help names the command.
    let out = engine(&["help"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("engine diagram othello"));
}
