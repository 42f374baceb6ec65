//! Opok diagrams, drawn as the game page draws the board: a checkered
//! board, stacks as piles of their owner's shape (Circles round and red,
//! Squares square and blue; in print white circles and black squares) with
//! the height written on top. The last move is an arrow from the origin to
//! the landing square (the walk itself is not recorded, so the arrow is
//! straight), both squares outlined, and the stacks it captured drawn as
//! dashed outlines where they stood. Move numbers: each stack carries the
//! number of the move that landed it.
//!
//! ```
//! use mind_sports_core::diagram::{opok, Options};
//! use mind_sports_core::engine::opok::notation::replay;
//! use mind_sports_core::engine::opok::{Geometry, Position};
//!
//! let start = Position::start(Geometry::new(5).unwrap());
//! let game = replay(start, "a1:3:b3 e5:2:e3").unwrap();
//! let options = Options { last_move: true, ..Options::default() };
//! let svg = opok::game_svg(&game.start, &game.moves, &options).unwrap();
//! assert!(svg.contains("class=\"arrow\""));
//! ```

use crate::engine::opok::notation::move_text;
use crate::engine::opok::{Geometry, Move, Position, Side, Square, Stack};

use super::svg::{Svg, Tag};
use super::{Board, BoardDiagram, IllegalMove, Options, Sides, Theme, CELL};

/// The radius of a circle; a square's half side.
const PIECE: i32 = 32;
/// How far each layer of a pile sits below the one above it.
const LAYER: i32 = 4;
/// Layers drawn at most (as on the page).
const MAX_LAYERS: i32 = 6;
/// The height's font size.
const HEIGHT_FONT: i32 = 38;

/// The last move of a diagram: `k` pieces from `from` walked to `to`,
/// capturing `captured` (the stacks as they stood before the move).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LastMove {
    /// The origin.
    pub from: Square,
    /// Pieces lifted (and steps walked).
    pub k: u8,
    /// The landing square.
    pub to: Square,
    /// The stacks captured, in square order.
    pub captured: Vec<(Square, Stack)>,
}

/// What an Opok diagram draws: the position, the last move (with what it
/// captured) and the move that landed each stack.
pub type Diagram = BoardDiagram<Position, LastMove, Square>;

impl Diagram {
    /// The diagram after playing `moves` from `start` (a forced pass may be
    /// given or left out), each move checked.
    pub fn from_game(start: Position, moves: &[Move]) -> Result<Diagram, IllegalMove> {
        let g = start.geometry();
        let mut numbers = vec![0u32; g.squares()];
        let mut steps = 0;
        let mut last_move = None;
        let position = super::replay(
            start,
            moves,
            |mv| move_text(g, mv),
            |position, mv| {
                let position = match mv {
                    Move::Step { .. } if position.must_pass() => position.passed(),
                    _ => *position,
                };
                let next = position.try_play(mv).ok()?;
                if let Move::Step { from, k, to } = mv {
                    let captured: Vec<(Square, Stack)> = Geometry::iter(position.captures(mv))
                        .filter_map(|s| Some((s, position.stack(s)?)))
                        .collect();
                    steps += 1;
                    numbers[to.index()] = steps;
                    for &(s, _) in &captured {
                        numbers[s.index()] = 0;
                    }
                    last_move = Some(LastMove {
                        from,
                        k,
                        to,
                        captured,
                    });
                }
                Some(next)
            },
        )?;
        Ok(Diagram {
            position,
            last_move,
            numbers: super::numbered(&numbers, |i| u8::try_from(i).ok().map(Square)),
        })
    }
}

super::diagram_functions!(Position, Move);

/// How one side's pieces look.
struct PieceColors {
    fill: &'static str,
    /// The layers below the top one.
    edge: &'static str,
    /// The outline of every layer.
    stroke: &'static str,
    /// The height written on top.
    text: &'static str,
}

/// The colours of one theme.
struct Colors {
    light: &'static str,
    dark: &'static str,
    line: &'static str,
    frame: &'static str,
    circles: PieceColors,
    squares: PieceColors,
    mark: &'static str,
    text: &'static str,
    badge: (&'static str, &'static str),
}

fn colors(theme: Theme) -> Colors {
    match theme {
        Theme::Light => Colors {
            light: "#e8d9b5",
            dark: "#dcc9a0",
            line: "#b9a67e",
            frame: "#8c7548",
            circles: PieceColors {
                fill: "#c0392b",
                edge: "#7b1d14",
                stroke: "#7b1d14",
                text: "#ffffff",
            },
            squares: PieceColors {
                fill: "#1f5fa8",
                edge: "#0e3461",
                stroke: "#0e3461",
                text: "#ffffff",
            },
            mark: "#b4410b",
            text: "#222222",
            badge: ("#fffdf5", "#8c7548"),
        },
        Theme::Print => Colors {
            light: "#ffffff",
            dark: "#e6e6e6",
            line: "#000000",
            frame: "#000000",
            circles: PieceColors {
                fill: "#ffffff",
                edge: "#ffffff",
                stroke: "#000000",
                text: "#000000",
            },
            squares: PieceColors {
                fill: "#000000",
                edge: "#000000",
                stroke: "#ffffff",
                text: "#ffffff",
            },
            mark: "#000000",
            text: "#000000",
            badge: ("#ffffff", "#000000"),
        },
    }
}

/// Opok's sides in a legend.
const SIDES: Sides = Sides::named(["Circles", "Squares"], "pass", "occupied: ");

/// The English legend line of `position`: who moves and the squares
/// held, as [`Legend::Auto`](super::Legend::Auto) writes it.
pub fn legend(position: &Position) -> String {
    let held = [Side::Circles, Side::Squares].map(|side| position.score(side));
    SIDES.state_line(position, position.side_to_move() == Side::Circles, held)
}

fn auto_title(diagram: &Diagram, options: &Options) -> String {
    let g = diagram.position.geometry();
    let mut title = format!("Opok {g}: {}", legend(&diagram.position));
    if let Some(last) = diagram.last_move.as_ref().filter(|_| options.last_move) {
        let mv = Move::Step {
            from: last.from,
            k: last.k,
            to: last.to,
        };
        title += &format!(" · last move {}", move_text(g, mv));
        if !last.captured.is_empty() {
            title += &format!(" capturing {}", last.captured.len());
        }
    }
    title
}

/// The start of one piece of `side` centred on (`cx`, `cy`): a circle or
/// a square with rounded corners.
fn piece(svg: &mut Svg, side: Side, (cx, cy): (i32, i32)) -> Tag<'_> {
    match side {
        Side::Circles => svg
            .tag("circle")
            .num("cx", cx)
            .num("cy", cy)
            .num("r", PIECE),
        Side::Squares => svg
            .tag("rect")
            .num("x", cx - PIECE)
            .num("y", cy - PIECE)
            .num("width", 2 * PIECE)
            .num("height", 2 * PIECE)
            .num("rx", 8),
    }
}

/// One pile: `layers` shapes, the top one at (`cx`, `top_cy`), each lower
/// one [`LAYER`] units further down.
fn pile(
    svg: &mut Svg,
    side: Side,
    (cx, top_cy): (i32, i32),
    layers: i32,
    colors: &PieceColors,
    light: bool,
) {
    for layer in (0..layers).rev() {
        let cy = top_cy + layer * LAYER;
        let fill = if layer == 0 { colors.fill } else { colors.edge };
        let tag = piece(svg, side, (cx, cy))
            .attr("fill", fill)
            .attr("stroke", colors.stroke)
            .num("stroke-width", if light { 2 } else { 3 });
        if layer == 0 {
            tag.attr("class", side.name()).end();
        } else {
            tag.end();
        }
    }
}

/// The document: the board, the last move's squares, the stacks, the last
/// move's arrow and captures, the move numbers, then the legend.
fn draw(diagram: &Diagram, options: &Options) -> String {
    let position = &diagram.position;
    let g = position.geometry();
    let light = options.theme == Theme::Light;
    let frame = if light { 8 } else { 6 };
    let (board, mut svg) = Board::start(
        options,
        g.size(),
        frame,
        || legend(position),
        || auto_title(diagram, options),
    );
    let d = Drawing {
        board,
        g,
        c: colors(options.theme),
        light,
    };

    d.draw_board(&mut svg);
    let last = diagram
        .last_move
        .as_ref()
        .filter(|l| options.last_move && d.on_board(l.from) && d.on_board(l.to));
    // The last move's squares under the stacks, its arrow over them.
    if let Some(last) = last {
        d.draw_move_squares(&mut svg, last);
    }
    d.draw_stacks(&mut svg, position);
    if let Some(last) = last {
        d.draw_move_arrow_and_captures(&mut svg, last);
    }
    if options.move_numbers {
        d.draw_move_numbers(&mut svg, &diagram.numbers);
    }

    d.board.finish(svg, d.c.text)
}

/// What every part of an Opok drawing needs: where the board stands, its
/// geometry and the theme's colours.
struct Drawing {
    board: Board,
    g: Geometry,
    c: Colors,
    /// The light theme (else print).
    light: bool,
}

impl Drawing {
    /// The top-left corner of `square`.
    fn corner(&self, square: Square) -> (i32, i32) {
        let (col, row) = self.g.coordinates(square);
        self.board.corner(col, row)
    }

    /// The centre of `square`.
    fn centre(&self, square: Square) -> (i32, i32) {
        let (x, y) = self.corner(square);
        (x + CELL / 2, y + CELL / 2)
    }

    /// Whether `square` is on this board (a hand-made diagram's squares
    /// may not be).
    fn on_board(&self, square: Square) -> bool {
        square.index() < self.g.squares()
    }

    /// The frame, the checkered board (a1 light, as on the page), the grid
    /// and the coordinates.
    fn draw_board(&self, svg: &mut Svg) {
        let (b, c) = (&self.board, &self.c);
        let n = self.g.size();
        b.draw_frame(svg, c.frame, c.light);
        for row in 0..n {
            for col in (0..n).filter(|col| (col + row) % 2 == 1) {
                let (x, y) = b.corner(col, row);
                svg.tag("rect")
                    .num("x", x)
                    .num("y", y)
                    .num("width", CELL)
                    .num("height", CELL)
                    .attr("fill", c.dark)
                    .end();
            }
        }
        b.draw_grid(svg, c.line, 2);
        b.draw_coordinates(svg, c.text);
    }

    /// The last move's squares outlined: the origin dashed, the landing
    /// square bolder.
    fn draw_move_squares(&self, svg: &mut Svg, last: &LastMove) {
        for (square, inset, width, dash, class) in [
            (last.from, 5, 5, Some("12 8"), "origin"),
            (last.to, 4, 7, None, "landing"),
        ] {
            let (x, y) = self.corner(square);
            let tag = svg
                .tag("rect")
                .num("x", x + inset)
                .num("y", y + inset)
                .num("width", CELL - 2 * inset)
                .num("height", CELL - 2 * inset)
                .attr("fill", "none")
                .attr("stroke", self.c.mark)
                .num("stroke-width", width);
            let tag = match dash {
                Some(dash) => tag.attr("stroke-dasharray", dash),
                None => tag,
            };
            tag.attr("class", class).end();
        }
    }

    /// Every stack: a pile centred in its square, its height on top.
    fn draw_stacks(&self, svg: &mut Svg, position: &Position) {
        for i in 0..self.g.squares() {
            let square = Square(i as u8);
            let Some(stack) = position.stack(square) else {
                continue;
            };
            let layers = i32::from(stack.height).clamp(1, MAX_LAYERS);
            let (cx, cy) = self.centre(square);
            let top_cy = cy - (layers - 1) * LAYER / 2;
            let colors = match stack.owner {
                Side::Circles => &self.c.circles,
                Side::Squares => &self.c.squares,
            };
            pile(svg, stack.owner, (cx, top_cy), layers, colors, self.light);
            svg.text(
                cx,
                top_cy,
                HEIGHT_FONT,
                colors.text,
                true,
                &stack.height.to_string(),
            );
        }
    }

    /// The last move's arrow, then what it captured as dashed outlines
    /// where it stood (in the owner's colour on the light theme).
    fn draw_move_arrow_and_captures(&self, svg: &mut Svg, last: &LastMove) {
        let c = &self.c;
        arrow(
            svg,
            self.centre(last.from),
            self.centre(last.to),
            c.mark,
            c.light,
        );
        for &(square, stack) in last.captured.iter().filter(|(s, _)| self.on_board(*s)) {
            let (cx, cy) = self.centre(square);
            let stroke = if self.light {
                match stack.owner {
                    Side::Circles => c.circles.fill,
                    Side::Squares => c.squares.fill,
                }
            } else {
                c.mark
            };
            piece(svg, stack.owner, (cx, cy))
                .attr("fill", "none")
                .attr("stroke", stroke)
                .num("stroke-width", 4)
                .attr("stroke-dasharray", "8 6")
                .attr("class", "captured")
                .end();
            svg.text(cx, cy, HEIGHT_FONT, stroke, true, &stack.height.to_string());
        }
    }

    /// Move numbers on small labels in the squares' top-left corners.
    fn draw_move_numbers(&self, svg: &mut Svg, numbers: &[(Square, u32)]) {
        for &(square, number) in numbers.iter().filter(|(s, _)| self.on_board(*s)) {
            let (x, y) = self.corner(square);
            let text = number.to_string();
            let w = 10 + 14 * i32::try_from(text.len()).unwrap_or(3);
            svg.tag("rect")
                .num("x", x + 3)
                .num("y", y + 3)
                .num("width", w)
                .num("height", 28)
                .num("rx", 6)
                .attr("fill", self.c.badge.0)
                .attr("stroke", self.c.badge.1)
                .num("stroke-width", 2)
                .attr("class", "number")
                .end();
            svg.text(x + 3 + w / 2, y + 17, 22, self.c.text, true, &text);
        }
    }
}

/// An arrow from near `from` to near `to` (both square centres), stopping
/// short of the stacks standing there; a `halo` under it keeps it visible
/// over stacks of any colour.
fn arrow(svg: &mut Svg, from: (i32, i32), to: (i32, i32), color: &str, halo: &str) {
    let (dx, dy) = (f64::from(to.0 - from.0), f64::from(to.1 - from.1));
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let point = |along: f64, across: f64| {
        (
            (f64::from(from.0) + ux * along - uy * across).round() as i32,
            (f64::from(from.1) + uy * along + ux * across).round() as i32,
        )
    };
    // Clear of a pile of six on the origin and of a single piece on the
    // landing square, even between neighbours (then only the head shows).
    let head = 20.0;
    let tip = point(length - 34.0, 0.0);
    let base = point(length - 34.0 - head, 0.0);
    let start = point(46.0_f64.min(length - 34.0 - head), 0.0);
    let left = point(length - 34.0 - head, 12.0);
    let right = point(length - 34.0 - head, -12.0);
    let points = format!(
        "{},{} {},{} {},{}",
        tip.0, tip.1, left.0, left.1, right.0, right.1
    );
    svg.tag("g").attr("class", "arrow").open();
    // The halo, wider, then the arrow on it.
    for (paint, width, is_halo) in [(halo, 13, true), (color, 7, false)] {
        svg.tag("line")
            .num("x1", start.0)
            .num("y1", start.1)
            .num("x2", base.0)
            .num("y2", base.1)
            .attr("stroke", paint)
            .num("stroke-width", width)
            .attr("stroke-linecap", "round")
            .end();
        let head = svg
            .tag("polygon")
            .attr("points", &points)
            .attr("fill", paint);
        if is_halo {
            head.attr("stroke", paint)
                .num("stroke-width", 6)
                .attr("stroke-linejoin", "round")
                .end();
        } else {
            head.end();
        }
    }
    svg.close("g");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::fixtures::*;
    use crate::diagram::testing::{count_class, elements, texts};
    use crate::engine::opok::notation::{parse_position, replay};

    fn d_name(d: &Diagram, s: Square) -> String {
        d.position.geometry().name(s)
    }

    fn start(n: u8) -> Position {
        Position::start(Geometry::new(n).unwrap())
    }

    #[test]
    fn every_stack_is_drawn_on_every_size() {
        for n in 3..=9 {
            let position = a_few_moves_in(start(n), 5);
            for options in every_theme_with_coordinates() {
                let e = elements(&svg(&position, &options));
                assert_eq!(
                    count_class(&e, "circles") as u32,
                    position.score(Side::Circles)
                );
                assert_eq!(
                    count_class(&e, "squares") as u32,
                    position.score(Side::Squares)
                );
                // Heights, then 2n coordinates.
                assert_eq!(
                    texts(&e).len() as u32,
                    position.score(Side::Circles)
                        + position.score(Side::Squares)
                        + 2 * u32::from(n)
                );
            }
        }
    }

    #[test]
    fn heights_are_written_and_piles_capped() {
        let p = start(5);
        let e = elements(&svg(&p, &Options::default()));
        assert_eq!(texts(&e), ["25", "25"]);
        // 25 pieces: six layers each, so 12 shapes.
        let shapes = e
            .iter()
            .filter(|e| matches!(e.name.as_str(), "circle" | "rect") && e.attr("stroke").is_some())
            .count();
        assert_eq!(shapes, 12);
    }

    #[test]
    fn the_last_move_is_an_arrow_with_its_captures() {
        // Circles capture a square stack of 1 between two of theirs.
        let p = parse_position("c7,.,s1,c1/.,.,.,./.,.,.,./.,.,.,s4 c").unwrap();
        let mv = crate::engine::opok::notation::parse_move(p.geometry(), "a1:1:b1").unwrap();
        let captured = p.captures(mv);
        let game = Diagram::from_game(p, &[mv]).unwrap();
        let last = game.last_move.clone().unwrap();
        assert_eq!(Geometry::iter(captured).count(), 1);
        assert_eq!(last.captured.len(), 1);
        assert_eq!(d_name(&game, last.captured[0].0), "c1");
        let options = Options {
            last_move: true,
            move_numbers: true,
            ..Options::default()
        };
        let e = elements(&game.svg(&options));
        assert_eq!(count_class(&e, "arrow"), 1);
        assert_eq!(count_class(&e, "origin"), 1);
        assert_eq!(count_class(&e, "landing"), 1);
        assert_eq!(count_class(&e, "captured"), last.captured.len());
        assert_eq!(count_class(&e, "number"), 1);
        let plain = elements(&game.svg(&Options::default()));
        for class in ["arrow", "origin", "landing", "captured", "number"] {
            assert_eq!(count_class(&plain, class), 0, "{class}");
        }
    }

    #[test]
    fn numbers_follow_the_stacks_that_moved() {
        let game = replay(start(5), "a1:3:b3 e5:2:e3 a1:1:b1").unwrap();
        let d = Diagram::from_game(game.start, &game.moves).unwrap();
        let name = |s: Square| d.position.geometry().name(s);
        let numbers: Vec<(String, u32)> = d.numbers.iter().map(|&(s, n)| (name(s), n)).collect();
        assert_eq!(
            numbers,
            [("b1".to_string(), 3), ("b3".into(), 1), ("e3".into(), 2)]
        );
        assert_eq!(d.position, game.last);
    }

    #[test]
    fn illegal_moves_are_named() {
        let g = Geometry::new(5).unwrap();
        let mv = crate::engine::opok::notation::parse_move(g, "a1:2:a2").unwrap();
        assert_eq!(
            Diagram::from_game(start(5), &[mv]),
            Err(IllegalMove {
                number: 1,
                text: "a1:2:a2".into()
            })
        );
    }

    #[test]
    fn legend_and_print_theme() {
        let game = replay(start(5), "a1:3:b3 e5:2:e3").unwrap();
        let text = game_svg(&game.start, &game.moves, &print_with_everything()).unwrap();
        let e = elements(&text);
        assert!(e
            .iter()
            .any(|e| e.text == "Circles to move · occupied: circles 2, squares 2"));
        assert_eq!(
            e[1].text,
            "Opok 5×5: Circles to move · occupied: circles 2, squares 2 · last move e5:2:e3"
        );
        only_colours(&text, &["#000000", "#ffffff", "#e6e6e6"]);
    }
}
