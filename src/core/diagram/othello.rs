//! Othello diagrams: the board (every size and variant the engine plays),
//! the discs with outlines, coordinates a–h above and 1–8 on the left (rows
//! from the top), the last disc placed marked and, as in printed game
//! diagrams, each disc numbered with the move that placed it.
//!
//! ```
//! use mind_sports_core::diagram::{othello, Options, Theme};
//! use mind_sports_core::engine::othello::notation::replay_from_start;
//! use mind_sports_core::engine::othello::{Position, Rules};
//!
//! let game = replay_from_start(Rules::default(), "f5d6c3d3c4").unwrap();
//! let options = Options { coords: true, last_move: true, move_numbers: true,
//!                         theme: Theme::Print, ..Options::default() };
//! let svg = othello::game_svg(&game.start, &game.moves, &options).unwrap();
//! assert!(svg.contains(">5</text>"));
//! ```

use crate::engine::othello::{BoardSize, Color, Move, Position, Square, Variant};

use super::{Board, BoardDiagram, IllegalMove, Options, Sides, Theme, CELL};

/// The disc's radius.
const DISC: i32 = 42;
/// The font size of the move numbers.
const NUMBER_FONT: i32 = 40;

/// What an Othello diagram draws: the position, the square of the last
/// disc placed and the move that placed each disc.
pub type Diagram = BoardDiagram<Position, Square, Square>;

impl Diagram {
    /// The diagram after playing `moves` from `start` (passes included or
    /// not: a pass is played where the side to move must pass), each move
    /// checked.
    pub fn from_game(start: Position, moves: &[Move]) -> Result<Diagram, IllegalMove> {
        let mut numbers = [0u32; 64];
        let mut placed = 0;
        let mut last_move = None;
        let position = super::replay(
            start,
            moves,
            |mv| mv.to_string(),
            |position, mv| {
                let position = match mv {
                    Move::Place(_) if position.must_pass() => position.passed(),
                    _ => *position,
                };
                let next = position.try_play(mv).ok()?;
                if let Move::Place(square) = mv {
                    placed += 1;
                    numbers[square.index()] = placed;
                    last_move = Some(square);
                }
                Some(next)
            },
        )?;
        Ok(Diagram {
            position,
            last_move,
            numbers: super::numbered(&numbers, |i| Square::from_index(u8::try_from(i).ok()?)),
        })
    }
}

super::diagram_functions!(Position, Move);

/// The colours of one theme.
struct Colors {
    board: &'static str,
    line: &'static str,
    /// Fill and outline of a black disc, then of a white one.
    black: (&'static str, &'static str),
    white: (&'static str, &'static str),
    outline_width: i32,
    /// The last-move mark; `None`: the colour opposite the disc's.
    mark: Option<&'static str>,
    text: &'static str,
}

fn colors(theme: Theme) -> Colors {
    match theme {
        Theme::Light => Colors {
            board: "#2e7d4f",
            line: "#164429",
            black: ("#141414", "#000000"),
            white: ("#f7f7f7", "#4d4d4d"),
            outline_width: 3,
            mark: Some("#e0301e"),
            text: "#222222",
        },
        Theme::Print => Colors {
            board: "#ffffff",
            line: "#000000",
            black: ("#000000", "#000000"),
            white: ("#ffffff", "#000000"),
            outline_width: 4,
            mark: None,
            text: "#000000",
        },
    }
}

/// The game's name as a title says it.
fn game_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "Othello",
        Variant::Anti => "Anti-Othello",
        Variant::Reversi => "Othello (Reversi opening)",
    }
}

/// Othello's sides in a legend.
const SIDES: Sides = Sides::named(["Black", "White"], "passes", "");

fn auto_title(diagram: &Diagram, options: &Options) -> String {
    let rules = diagram.position.rules();
    let mut title = format!(
        "{} {}×{}: {}",
        game_name(rules.variant),
        rules.size,
        rules.size,
        legend(&diagram.position)
    );
    if let Some(square) = diagram.last_move.filter(|_| options.last_move) {
        title += &format!(" · last move {square}");
    }
    title
}

fn draw(diagram: &Diagram, options: &Options) -> String {
    let position = &diagram.position;
    let size: BoardSize = position.rules().size;
    let n = size.side();
    let c = colors(options.theme);
    let frame = match options.theme {
        Theme::Light => 10,
        Theme::Print => 6,
    };
    let (b, mut svg) = Board::start(
        options,
        n,
        frame,
        || legend(position),
        || auto_title(diagram, options),
    );

    // The frame, the board and the grid.
    b.draw_frame(&mut svg, c.line, c.board);
    b.draw_grid(&mut svg, c.line, 3);
    // The four dots of the 8×8 board, where the b2–g7 corners meet.
    if size == BoardSize::Eight {
        for (col, row) in [(2, 2), (6, 2), (2, 6), (6, 6)] {
            let (cx, cy) = b.corner(col, row);
            svg.tag("circle")
                .num("cx", cx)
                .num("cy", cy)
                .num("r", 9)
                .attr("fill", c.line)
                .end();
        }
    }
    b.draw_coordinates(&mut svg, c.text);

    // The discs.
    let centre = |square: Square| {
        let (x, y) = b.corner(square.column(), square.row());
        (x + CELL / 2, y + CELL / 2)
    };
    for square in size.squares_in_order() {
        let Some(color) = position.at(square) else {
            continue;
        };
        let (fill, stroke) = match color {
            Color::Black => c.black,
            Color::White => c.white,
        };
        let (cx, cy) = centre(square);
        svg.tag("circle")
            .num("cx", cx)
            .num("cy", cy)
            .num("r", DISC)
            .attr("fill", fill)
            .attr("stroke", stroke)
            .num("stroke-width", c.outline_width)
            .attr("class", color.name())
            .end();
    }

    // What stands on the discs: the colour opposite the disc's (on an
    // empty square, which only a hand-made diagram has: the grid's).
    let contrast = |square: Square| match position.at(square) {
        Some(Color::Black) => "#ffffff",
        Some(Color::White) => "#000000",
        None if options.theme == Theme::Light => "#ffffff",
        None => "#000000",
    };
    let numbered = options.move_numbers && !diagram.numbers.is_empty();
    if numbered {
        for &(square, number) in &diagram.numbers {
            if square.column() >= n || square.row() >= n {
                continue;
            }
            let (cx, cy) = centre(square);
            svg.text(
                cx,
                cy,
                NUMBER_FONT,
                contrast(square),
                true,
                &number.to_string(),
            );
        }
    }
    if let Some(square) = diagram
        .last_move
        .filter(|s| options.last_move && s.column() < n && s.row() < n)
    {
        let (cx, cy) = centre(square);
        let mark = c.mark.unwrap_or_else(|| contrast(square));
        let has_number = numbered && diagram.numbers.iter().any(|&(s, _)| s == square);
        let tag = svg.tag("circle").num("cx", cx).num("cy", cy);
        if has_number {
            tag.num("r", 36)
                .attr("fill", "none")
                .attr("stroke", mark)
                .num("stroke-width", 4)
                .attr("class", "last")
                .end();
        } else {
            tag.num("r", 12)
                .attr("fill", mark)
                .attr("class", "last")
                .end();
        }
    }

    b.finish(svg, c.text)
}

/// The English legend line of `position`: who moves and the discs
/// ("Black to move · black 12, white 9"), as
/// [`Legend::Auto`](super::Legend::Auto) writes it.
pub fn legend(position: &Position) -> String {
    let held = [Color::Black, Color::White].map(|color| position.count(color));
    SIDES.state_line(position, position.side_to_move() == Color::Black, held)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::fixtures::*;
    use crate::diagram::testing::{count_class, elements, texts};
    use crate::diagram::xml::Element;
    use crate::diagram::Legend;
    use crate::engine::othello::notation::{parse_board, replay_from_start};
    use crate::engine::othello::Rules;

    #[test]
    fn every_disc_is_one_circle_on_every_size_and_variant() {
        for size in BoardSize::ALL {
            for variant in Variant::ALL {
                let rules = Rules::new(size, variant);
                let position = a_few_moves_in(Position::start(rules), 6);
                for options in every_theme_with_coordinates() {
                    let e = elements(&svg(&position, &options));
                    assert_eq!(e[0].name, "svg");
                    assert_eq!(e[1].name, "title");
                    assert_eq!(
                        count_class(&e, "black"),
                        position.count(Color::Black) as usize
                    );
                    assert_eq!(
                        count_class(&e, "white"),
                        position.count(Color::White) as usize
                    );
                    let n = usize::from(size.side());
                    assert_eq!(texts(&e).len(), 2 * n, "{size} {variant}");
                }
            }
        }
    }

    #[test]
    fn coordinates_only_when_asked() {
        let p = Position::start(Rules::default());
        let plain = elements(&svg(&p, &Options::default()));
        assert!(texts(&plain).is_empty());
        let with = elements(&svg(
            &p,
            &Options {
                coords: true,
                ..Options::default()
            },
        ));
        let t = texts(&with);
        for label in ["a", "h", "1", "8"] {
            assert!(t.contains(&label), "{label}");
        }
    }

    #[test]
    fn move_numbers_and_the_last_move() {
        let game = replay_from_start(Rules::default(), "f5d6c3d3c4f4f6f3e6e7").unwrap();
        let diagram = Diagram::from_game(game.start, &game.moves).unwrap();
        assert_eq!(diagram.position, game.last());
        assert_eq!(diagram.last_move.map(|s| s.to_string()), Some("e7".into()));
        assert_eq!(diagram.numbers.len(), 10);
        let options = Options {
            move_numbers: true,
            last_move: true,
            ..Options::default()
        };
        let e = elements(&diagram.svg(&options));
        let mut numbers: Vec<u32> = texts(&e).iter().map(|t| t.parse().unwrap()).collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=10).collect::<Vec<_>>());
        // The last move's number is ringed.
        let ring: Vec<&Element> = e
            .iter()
            .filter(|e| e.attr("class") == Some("last"))
            .collect();
        assert_eq!(ring.len(), 1);
        assert_eq!(ring[0].attr("fill"), Some("none"));
        // Without numbers: a dot.
        let e = elements(&diagram.svg(&Options {
            last_move: true,
            ..Options::default()
        }));
        assert!(texts(&e).is_empty());
        assert_eq!(count_class(&e, "last"), 1);
        // Nothing asked: nothing drawn.
        let e = elements(&diagram.svg(&Options::default()));
        assert_eq!(count_class(&e, "last"), 0);
        assert!(texts(&e).is_empty());
    }

    #[test]
    fn numbers_follow_the_disc_colour_and_passes_are_not_counted() {
        // A 4×4 game with a forced pass (common there): the first of a
        // few fixed ways of choosing moves that has one.
        let rules = Rules::new(BoardSize::Four, Variant::Standard);
        let game = |seed: usize| {
            let mut position = Position::start(rules);
            let mut moves = Vec::new();
            while !position.is_over() {
                let choices = position.moves();
                let mv = choices[(seed + 3 * moves.len()) % choices.len()];
                moves.push(mv);
                position = position.play(mv);
            }
            (position, moves)
        };
        let (position, moves) = (0..100)
            .map(game)
            .find(|(_, moves)| moves.contains(&Move::Pass))
            .expect("a 4×4 game with a pass");
        let passes = moves.iter().filter(|&&m| m == Move::Pass).count();
        let diagram = Diagram::from_game(Position::start(rules), &moves).unwrap();
        assert_eq!(diagram.numbers.len(), moves.len() - passes);
        let e = elements(&diagram.svg(&Options {
            move_numbers: true,
            ..Options::default()
        }));
        for text in e.iter().filter(|e| e.name == "text") {
            let n: u32 = text.text.parse().unwrap();
            let &(square, _) = diagram.numbers.iter().find(|&&(_, m)| m == n).unwrap();
            let expected = match position.at(square) {
                Some(Color::Black) => "#ffffff",
                _ => "#000000",
            };
            assert_eq!(text.attr("fill"), Some(expected));
        }
        // Passes may also be left out.
        let placements: Vec<Move> = moves.iter().copied().filter(|&m| m != Move::Pass).collect();
        assert_eq!(
            Diagram::from_game(Position::start(rules), &placements).unwrap(),
            diagram
        );
    }

    #[test]
    fn illegal_moves_are_named() {
        let start = Position::start(Rules::default());
        let f5 = Move::Place(Square::new(5, 4).unwrap());
        let a1 = Move::Place(Square::new(0, 0).unwrap());
        assert_eq!(
            Diagram::from_game(start, &[f5, a1]),
            Err(IllegalMove {
                number: 2,
                text: "a1".into()
            })
        );
        assert_eq!(
            Diagram::from_game(start, &[Move::Pass]).unwrap_err().number,
            1
        );
    }

    #[test]
    fn output_is_deterministic_and_sized() {
        let p = parse_board(
            "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X",
            Variant::Standard,
        )
        .unwrap();
        let options = Options {
            size_px: 300,
            coords: true,
            legend: Legend::Auto,
            ..Options::default()
        };
        let a = svg(&p, &options);
        assert_eq!(a, svg(&p, &options));
        let e = elements(&a);
        assert_eq!(e[0].attr("width"), Some("300"));
        let view: Vec<i32> = e[0]
            .attr("viewBox")
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let height: i32 = e[0].attr("height").unwrap().parse().unwrap();
        assert!((height * view[2] - 300 * view[3]).abs() <= view[2]);
        let line = format!(
            "Black to move · black {}, white {}",
            p.count(Color::Black),
            p.count(Color::White)
        );
        assert!(texts(&e).contains(&line.as_str()), "{line}");
        assert!(e[1].text.starts_with("Othello 8×8: Black to move"));
    }

    #[test]
    fn titles_and_legends_given_are_escaped() {
        let p = Position::start(Rules::default());
        let options = Options {
            title: Some("<script>&\u{0}".into()),
            legend: Legend::Lines(vec!["Černý táhne <b>".into()]),
            ..Options::default()
        };
        let text = svg(&p, &options);
        let e = elements(&text);
        assert_eq!(e[1].text, "<script>&\u{FFFD}");
        assert!(texts(&e).contains(&"Černý táhne <b>"));
        assert!(!text.contains("<script>"));
    }

    #[test]
    fn the_print_theme_has_no_colour() {
        let game = replay_from_start(Rules::default(), "f5d6c3").unwrap();
        let text = game_svg(&game.start, &game.moves, &print_with_everything()).unwrap();
        only_colours(&text, &["#000000", "#ffffff"]);
    }
}
