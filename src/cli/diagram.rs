//! `engine diagram othello|opok|nim …`: an SVG diagram of a position, the
//! same file the game pages save (both call [`crate::diagram`]).
//!
//! The position: Othello `--moves` from the start or from `--board`; Opok
//! `--moves` from the start or from `--position`; take-away games
//! `--heaps` and `--moves` (`heap:taken`, heaps numbered from 1 as
//! `engine nim` writes them). What is drawn: `--coords`, `--last-move`,
//! `--numbers`, `--legend`, `--print` (black and white), `--title`, `--px`
//! (the width). SVG goes to stdout, or to `--out FILE`. `--png` is refused:
//! the command line has no rasteriser; a PNG is made in the browser by
//! drawing this SVG on a canvas.

use serde_json::json;

use crate::diagram::{self, Legend, Options, Theme, MAX_SIZE_PX, MIN_SIZE_PX};
use crate::engine::nim;
use crate::engine::opok;
use crate::engine::othello;

use super::args::{number_in, Args, ArgsError};
use super::{CliError, Report};

/// Options taking a value, for every game.
const VALUED: &[&str] = &[
    "moves", "board", "position", "heaps", "size", "variant", "px", "title", "out",
];
/// Switches, for every game.
const SWITCHES: &[&str] = &[
    "json",
    "coords",
    "last-move",
    "numbers",
    "print",
    "legend",
    "misere",
    "svg",
    "png",
];

/// The message of `--png`.
const NO_PNG: &str = "--png: the command line writes SVG only (it has no rasteriser); \
     PNG diagrams are drawn from this same SVG in the browser (on a canvas), \
     or convert the SVG with any SVG tool";

/// Runs the command.
pub fn diagram(words: &[String]) -> Result<Report, CliError> {
    let Some((game, rest)) = words.split_first() else {
        return Err(ArgsError::MissingArgument("game (othello, opok or nim)").into());
    };
    let args = Args::parse(rest, VALUED, SWITCHES)?;
    args.finish()?;
    if args.switch("--png") {
        return Err(ArgsError::Conflict(NO_PNG.into()).into());
    }
    let options = options_from(&args)?;
    let allowed: &[&str] = match game.as_str() {
        "othello" => &["--moves", "--board", "--size", "--variant"],
        "opok" => &["--moves", "--position", "--size"],
        "nim" => &["--moves", "--heaps", "--misere"],
        other => return Err(ArgsError::UnknownGame(other.to_string()).into()),
    };
    for name in [
        "--moves",
        "--board",
        "--position",
        "--heaps",
        "--size",
        "--variant",
        "--misere",
    ] {
        let given = args.option(name).is_some() || args.switch(name);
        if given && !allowed.contains(&name) {
            return Err(
                ArgsError::Conflict(format!("{name} is not an option of {game} diagrams")).into(),
            );
        }
    }
    let moves_given = args.option("--moves").is_some();
    for (flag, asked) in [
        ("--last-move", options.last_move),
        ("--numbers", options.move_numbers),
    ] {
        if asked && !moves_given {
            return Err(ArgsError::Conflict(format!(
                "{flag} needs the moves that led to the position (--moves)"
            ))
            .into());
        }
    }
    let svg = match game.as_str() {
        "othello" => othello_svg(&args, &options)?,
        "opok" => opok_svg(&args, &options)?,
        _ => nim_svg(&args, &options)?,
    };
    report(game, &args, svg)
}

/// The options shared by every game.
fn options_from(args: &Args) -> Result<Options, ArgsError> {
    let size_px = args
        .parsed(
            "--px",
            &format!("a width in pixels from {MIN_SIZE_PX} to {MAX_SIZE_PX}"),
            number_in(MIN_SIZE_PX, MAX_SIZE_PX),
        )?
        .unwrap_or(diagram::DEFAULT_SIZE_PX);
    Ok(Options {
        coords: args.switch("--coords"),
        last_move: args.switch("--last-move"),
        move_numbers: args.switch("--numbers"),
        size_px,
        theme: if args.switch("--print") {
            Theme::Print
        } else {
            Theme::Light
        },
        title: args.option("--title").map(str::to_string),
        legend: if args.switch("--legend") {
            Legend::Auto
        } else {
            Legend::None
        },
    })
}

/// Prints the diagram, or writes it to `--out`.
fn report(game: &str, args: &Args, svg: String) -> Result<Report, CliError> {
    // The root's size, read back from the document (which checks it too).
    let root = diagram::xml::check(&svg)
        .ok()
        .and_then(|elements| elements.into_iter().next())
        .ok_or_else(|| CliError::NoResult("the diagram is not well-formed XML".into()))?;
    let dimension = |name: &str| {
        root.attr(name)
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    };
    let (width, height) = (dimension("width"), dimension("height"));
    match args.option("--out") {
        Some(path) => {
            super::create_parent_dir(path)?;
            std::fs::write(path, &svg).map_err(|e| CliError::File(path.to_string(), e))?;
            Ok(Report {
                json: json!({
                    "game": game,
                    "out": path,
                    "bytes": svg.len(),
                    "width": width,
                    "height": height,
                }),
                text: format!("wrote {path} ({} bytes, {width}×{height} px)", svg.len()),
            })
        }
        None => Ok(Report {
            json: json!({
                "game": game,
                "svg": svg,
                "width": width,
                "height": height,
            }),
            text: svg,
        }),
    }
}

fn othello_svg(args: &Args, options: &Options) -> Result<String, CliError> {
    let size = args.parsed("--size", "a board size (4, 6 or 8)", |s| {
        s.trim()
            .parse()
            .ok()
            .and_then(othello::BoardSize::from_side)
    })?;
    let variant = args
        .parsed("--variant", "a variant (standard, anti or reversi)", |s| {
            s.parse().ok()
        })?
        .unwrap_or_default();
    let start = match args.option("--board") {
        Some(board) => {
            let p = othello::notation::parse_board(board, variant)?;
            if let Some(size) = size.filter(|&s| s != p.rules().size) {
                return Err(ArgsError::Conflict(format!(
                    "--size {size} does not match the {0}x{0} board",
                    p.rules().size
                ))
                .into());
            }
            p
        }
        None => othello::Position::start(othello::Rules::new(size.unwrap_or_default(), variant)),
    };
    let game = othello::notation::replay(start, args.option("--moves").unwrap_or(""))?;
    let diagram = othello_diagram(&game)?;
    Ok(diagram.svg(options))
}

/// The diagram of a replayed transcript (its moves are legal).
fn othello_diagram(
    game: &othello::notation::Replay,
) -> Result<diagram::othello::Diagram, CliError> {
    diagram::othello::Diagram::from_game(game.start, &game.moves)
        .map_err(|e| CliError::NoResult(format!("the replayed game is refused: {e}")))
}

fn opok_svg(args: &Args, options: &Options) -> Result<String, CliError> {
    let size = args.parsed("--size", "a board size from 3 to 9", |s| {
        s.trim().parse().ok().and_then(opok::Geometry::new)
    })?;
    let start = match args.option("--position") {
        Some(text) => {
            let p = opok::notation::parse_position(text)?;
            if let Some(size) = size.filter(|&s| s != p.geometry()) {
                return Err(ArgsError::Conflict(format!(
                    "--size {} does not match the {} board",
                    size.size(),
                    p.geometry()
                ))
                .into());
            }
            p
        }
        None => opok::Position::start(
            size.unwrap_or_else(|| opok::Geometry::new(5).expect("5 is a size")),
        ),
    };
    let game = opok::notation::replay(start, args.option("--moves").unwrap_or(""))?;
    let diagram = diagram::opok::Diagram::from_game(game.start, &game.moves)
        .map_err(|e| CliError::NoResult(format!("the replayed game is refused: {e}")))?;
    Ok(diagram.svg(options))
}

fn nim_svg(args: &Args, options: &Options) -> Result<String, CliError> {
    if options.move_numbers {
        return Err(ArgsError::Conflict("take-away diagrams have no move numbers".into()).into());
    }
    let heaps = args.option("--heaps").ok_or(ArgsError::Conflict(
        "give the heaps with --heaps (e.g. \"nim:11 nim:5\", or \"11 5\" for Nim)".into(),
    ))?;
    let start =
        nim::parse_position(&heaps_text(heaps)).map_err(|e| CliError::Nim(e.to_string()))?;
    let moves = nim_moves(&start, args.option("--moves").unwrap_or(""))?;
    let mut diagram = diagram::nim::Diagram::from_game(start, &moves)
        .map_err(|e| CliError::Nim(e.to_string()))?;
    diagram.misere = args.switch("--misere");
    Ok(diagram.svg(options))
}

/// The heaps in the engine's format, bare numbers read as Nim heaps
/// (`"3 4 5"` is `"nim:3 nim:4 nim:5"`).
fn heaps_text(text: &str) -> String {
    text.split_whitespace()
        .map(|token| {
            if token.contains(':') {
                token.to_string()
            } else {
                format!("nim:{token}")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads and plays `heap:taken` moves separated by commas or whitespace.
fn nim_moves(start: &nim::Position, text: &str) -> Result<Vec<nim::Move>, CliError> {
    let mut position = start.clone();
    let mut moves = Vec::new();
    let tokens = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty());
    for (index, token) in tokens.enumerate() {
        let mv = nim::parse_move(&position, token)
            .map_err(|e| CliError::Nim(format!("move {}: {e}", index + 1)))?;
        position = position.play_unchecked(mv);
        moves.push(mv);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run(words: &[&str]) -> Result<Report, CliError> {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        diagram(&words)
    }

    #[test]
    fn bare_numbers_are_nim_heaps() {
        assert_eq!(heaps_text(" 3  sub{1,2}:4 5 "), "nim:3 sub{1,2}:4 nim:5");
        let text = run(&["nim", "--heaps", "3 4 5", "--moves", "2:2", "--last-move"])
            .unwrap()
            .text;
        assert_eq!(text.matches("class=\"taken\"").count(), 2);
    }

    #[test]
    fn mistakes_are_typed_errors() {
        for (words, message) in [
            (&["chess"][..], "unknown game \"chess\" for this command"),
            (&["othello", "--png"], NO_PNG),
            (
                &["othello", "--heaps", "3"],
                "--heaps is not an option of othello diagrams",
            ),
            (
                &["othello", "--last-move"],
                "--last-move needs the moves that led to the position (--moves)",
            ),
            (
                &["othello", "--moves", "f5a1"],
                "bad transcript: move 2 (a1): illegal for white",
            ),
            (
                &["othello", "--size", "5"],
                "--size: \"5\" is not a board size (4, 6 or 8)",
            ),
            (
                &["othello", "--px", "9"],
                "--px: \"9\" is not a width in pixels from 16 to 8192",
            ),
            (
                &[
                    "othello",
                    "--board",
                    "---------------------------OX------XO--------------------------- X",
                    "--size",
                    "6",
                ],
                "--size 6 does not match the 8x8 board",
            ),
            (
                &["opok", "--moves", "a1:2:a2"],
                "bad record: move 1 (a1:2:a2): illegal for circles",
            ),
            (
                &["nim"],
                "give the heaps with --heaps (e.g. \"nim:11 nim:5\", or \"11 5\" for Nim)",
            ),
            (
                &["nim", "--heaps", "3", "--moves", "1:4"],
                "bad position: move 1: heap 1 (nim:3): taking 4 is not allowed (the heap holds fewer tokens)",
            ),
            (
                &["nim", "--heaps", "3", "--moves", "1:1", "--numbers"],
                "take-away diagrams have no move numbers",
            ),
        ] {
            let error = run(words).map(|r| r.text).unwrap_err();
            assert_eq!(error.to_string(), message, "{words:?}");
        }
    }

    #[test]
    fn a_board_and_moves_from_it() {
        let board = "---------------------------OX------XO--------------------------- X";
        let r = run(&[
            "othello",
            "--board",
            board,
            "--moves",
            "f5",
            "--numbers",
            "--json",
        ])
        .unwrap();
        assert!(r.json["svg"].as_str().unwrap().contains(">1</text>"));
        assert_eq!(r.json["width"], 480);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any text as moves, a board, a position or heaps: a diagram or
        /// an error, never a panic.
        #[test]
        fn any_text_is_a_diagram_or_an_error(text in "\\PC{0,60}", game in 0..5usize) {
            let words: [&str; 3] = match game {
                0 => ["othello", "--moves", &text],
                1 => ["othello", "--board", &text],
                2 => ["opok", "--moves", &text],
                3 => ["opok", "--position", &text],
                _ => ["nim", "--heaps", &text],
            };
            if let Ok(report) = run(&words) {
                prop_assert!(diagram::xml::check(&report.text).is_ok());
            }
        }

        #[test]
        fn any_nim_moves_are_a_diagram_or_an_error(text in "[0-9:, ]{0,30}") {
            if let Ok(report) = run(&["nim", "--heaps", "3 4 5", "--moves", &text, "--last-move"]) {
                prop_assert!(diagram::xml::check(&report.text).is_ok());
            }
        }
    }
}
