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

use crate::engine::nim;
use crate::engine::opok;
use crate::engine::othello;
use mind_sports_core::diagram::{self, Legend, Options, Theme, MAX_SIZE_PX, MIN_SIZE_PX};

use super::common::{board_size, opok_size, variant};
use super::numbers::whole;
use super::usage::ArgsError;
use super::{CliError, Report};

/// The message of `--png`.
const NO_PNG: &str = "--png: the command line writes SVG only (it has no rasteriser); \
     PNG diagrams are drawn from this same SVG in the browser (on a canvas), \
     or convert the SVG with any SVG tool";

/// `engine diagram GAME`.
#[derive(clap::Subcommand, Debug)]
pub enum DiagramGame {
    /// An Othello board: --moves from the start or from --board
    Othello {
        /// The moves (f5d6c3…)
        #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
        moves: Option<String>,
        /// The board: n*n characters X, O, - from a1, a space, the side to
        /// move
        #[arg(long, value_name = "BOARD SIDE", allow_hyphen_values = true)]
        board: Option<String>,
        /// The board: 4, 6 or 8 squares a side
        #[arg(long, value_name = "N", value_parser = board_size)]
        size: Option<othello::BoardSize>,
        /// standard, anti or reversi
        #[arg(long, value_name = "V", value_parser = variant)]
        variant: Option<othello::Variant>,
        /// What is drawn.
        #[command(flatten)]
        drawn: Drawn,
    },
    /// An Opok board: --moves from the start or from --position
    Opok {
        /// The moves (a1:3:b3 e5:1:e4)
        #[arg(long, value_name = "MOVES")]
        moves: Option<String>,
        /// The position (c9,.,./.,.,./.,.,s9 c)
        #[arg(long, value_name = "POSITION")]
        position: Option<String>,
        /// The board: 3 to 9 squares a side
        #[arg(long, value_name = "N", value_parser = opok_size)]
        size: Option<opok::Geometry>,
        /// What is drawn.
        #[command(flatten)]
        drawn: Drawn,
    },
    /// Take-away heaps: --heaps, then --moves
    Nim {
        /// The heaps ("nim:11 nim:5", or "11 5" for Nim)
        #[arg(long, value_name = "POSITION")]
        heaps: Option<String>,
        /// The moves, heap:taken split by commas or spaces, heaps numbered
        /// from 1 ("1:2,2:1")
        #[arg(long, value_name = "MOVES")]
        moves: Option<String>,
        /// Misère play (said in the legend)
        #[arg(long)]
        misere: bool,
        /// What is drawn.
        #[command(flatten)]
        drawn: Drawn,
    },
}

/// What a diagram shows, for every game.
#[derive(clap::Args, Debug, Clone)]
pub struct Drawn {
    /// Coordinates around the board
    #[arg(long)]
    coords: bool,
    /// The last move marked
    #[arg(long = "last-move")]
    last_move: bool,
    /// Each piece numbered by the move that placed it
    #[arg(long)]
    numbers: bool,
    /// A legend under the board
    #[arg(long)]
    legend: bool,
    /// Black and white, for print
    #[arg(long)]
    print: bool,
    /// A title above the board
    #[arg(long, value_name = "T")]
    title: Option<String>,
    /// The width in pixels
    #[arg(long, value_name = "WIDTH", value_parser = whole(MIN_SIZE_PX, MAX_SIZE_PX, "a width in pixels"))]
    px: Option<u32>,
    /// Write the SVG to this file instead of stdout
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// SVG (the only format written; the default)
    #[arg(long)]
    svg: bool,
    /// Refused: PNG diagrams are made in the browser
    #[arg(long)]
    png: bool,
}

/// Runs the command.
pub fn diagram(game: &DiagramGame) -> Result<Report, CliError> {
    let (name, drawn, moves_given) = match game {
        DiagramGame::Othello { drawn, moves, .. } => ("othello", drawn, moves.is_some()),
        DiagramGame::Opok { drawn, moves, .. } => ("opok", drawn, moves.is_some()),
        DiagramGame::Nim { drawn, moves, .. } => ("nim", drawn, moves.is_some()),
    };
    if drawn.png {
        return Err(ArgsError::Conflict(NO_PNG.into()).into());
    }
    let options = options_from(drawn);
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
    let svg = match game {
        DiagramGame::Othello {
            moves,
            board,
            size,
            variant,
            ..
        } => othello_svg(moves, board, *size, *variant, &options)?,
        DiagramGame::Opok {
            moves,
            position,
            size,
            ..
        } => opok_svg(moves, position, *size, &options)?,
        DiagramGame::Nim {
            heaps,
            moves,
            misere,
            ..
        } => nim_svg(heaps, moves, *misere, &options)?,
    };
    report(name, drawn.out.as_deref(), svg)
}

/// The options shared by every game.
fn options_from(drawn: &Drawn) -> Options {
    Options {
        coords: drawn.coords,
        last_move: drawn.last_move,
        move_numbers: drawn.numbers,
        size_px: drawn.px.unwrap_or(diagram::DEFAULT_SIZE_PX),
        theme: if drawn.print {
            Theme::Print
        } else {
            Theme::Light
        },
        title: drawn.title.clone(),
        legend: if drawn.legend {
            Legend::Auto
        } else {
            Legend::None
        },
    }
}

/// Prints the diagram, or writes it to `out`.
fn report(game: &str, out: Option<&str>, svg: String) -> Result<Report, CliError> {
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
    match out {
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

fn othello_svg(
    moves: &Option<String>,
    board: &Option<String>,
    size: Option<othello::BoardSize>,
    variant: Option<othello::Variant>,
    options: &Options,
) -> Result<String, CliError> {
    let variant = variant.unwrap_or_default();
    let start = match board {
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
    let game = othello::notation::replay(start, moves.as_deref().unwrap_or(""))?;
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

fn opok_svg(
    moves: &Option<String>,
    position: &Option<String>,
    size: Option<opok::Geometry>,
    options: &Options,
) -> Result<String, CliError> {
    let start = match position {
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
    let game = opok::notation::replay(start, moves.as_deref().unwrap_or(""))?;
    let diagram = diagram::opok::Diagram::from_game(game.start, &game.moves)
        .map_err(|e| CliError::NoResult(format!("the replayed game is refused: {e}")))?;
    Ok(diagram.svg(options))
}

fn nim_svg(
    heaps: &Option<String>,
    moves: &Option<String>,
    misere: bool,
    options: &Options,
) -> Result<String, CliError> {
    if options.move_numbers {
        return Err(ArgsError::Conflict("take-away diagrams have no move numbers".into()).into());
    }
    let heaps = heaps.as_deref().ok_or(ArgsError::Conflict(
        "give the heaps with --heaps (e.g. \"nim:11 nim:5\", or \"11 5\" for Nim)".into(),
    ))?;
    let start =
        nim::parse_position(&heaps_text(heaps)).map_err(|e| CliError::Nim(e.to_string()))?;
    let moves = nim_moves(&start, moves.as_deref().unwrap_or(""))?;
    let mut diagram = diagram::nim::Diagram::from_game(start, &moves)
        .map_err(|e| CliError::Nim(e.to_string()))?;
    diagram.misere = misere;
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
        let words: Vec<String> = std::iter::once("diagram")
            .chain(words.iter().copied())
            .map(str::to_string)
            .collect();
        super::super::run(&words)
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
            (
                &["chess"][..],
                "unknown game \"chess\" for engine diagram (othello, opok or nim)",
            ),
            (&["othello", "--png"], NO_PNG),
            (&["othello", "--heaps", "3"], "unknown option --heaps"),
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
