//! Diagrams for print and newsletters: a self-contained SVG of a position of
//! any of the three games, optionally with coordinates, the last move and
//! move numbers, in the board's own colours or in black and white for print.
//!
//! Pure Rust with no web dependencies: the game pages and the command line
//! (`engine diagram …`) call the same functions with the same [`Options`],
//! so both produce the same file byte for byte.
//!
//! * [`othello`]: [`othello::svg`] (a position) and [`othello::game_svg`]
//!   (a start and its moves: the last move and move numbers known).
//! * [`opok`]: [`opok::svg`] and [`opok::game_svg`]; the last move is an
//!   arrow from the origin to the landing square (the path is not recorded),
//!   the stacks it captured drawn as dashed outlines.
//! * [`nim`]: [`nim::svg`] and [`nim::game_svg`]; heaps as rows of counters
//!   (a number for heaps above [`nim::TOKEN_LIMIT`]), the last move's tokens
//!   as dashed outlines.
//! * [`xml`]: a small well-formedness check of the output, for tests.
//!
//! Every diagram is one `<svg>` element with `xmlns`, `viewBox`, `width`
//! and `height` (in pixels, [`Options::size_px`] wide) and a `<title>` first
//! (the accessible name). All text is escaped; the output depends only on
//! the arguments. PNG: there is no rasteriser here (none is available
//! without a large dependency); a page makes a PNG by drawing this SVG on a
//! canvas, and `engine diagram --png` says so.
//!
//! ```
//! use mind_sports_core::diagram::{othello, Options};
//! use mind_sports_core::engine::othello::{Position, Rules};
//!
//! let svg = othello::svg(&Position::start(Rules::default()), &Options::default());
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(mind_sports_core::diagram::xml::check(&svg).is_ok());
//! ```

pub mod nim;
pub mod opok;
pub mod othello;
mod svg;
#[cfg(test)]
mod testing;
pub mod xml;

use std::fmt;
use std::str::FromStr;

use crate::engine::game::Game;

/// The narrowest diagram drawn, in pixels; a smaller [`Options::size_px`]
/// is raised to it.
pub const MIN_SIZE_PX: u32 = 16;
/// The widest diagram drawn, in pixels; a larger [`Options::size_px`] is
/// lowered to it.
pub const MAX_SIZE_PX: u32 = 8192;
/// The width of a diagram unless [`Options::size_px`] says otherwise.
pub const DEFAULT_SIZE_PX: u32 = 480;

/// The colours of a diagram.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Theme {
    /// The board's colours as on the game pages (a green Othello board, the
    /// Opok board's wood, red circles and blue squares, golden counters).
    #[default]
    Light,
    /// Black and white for printing: a white board with a black grid, black
    /// and white pieces with black outlines, no colour needed.
    Print,
}

impl Theme {
    /// Both themes.
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Print];

    /// The name on the command line: `light` or `print`.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Print => "print",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name that is neither `light` nor `print`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseThemeError(pub String);

impl fmt::Display for ParseThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown theme {:?} (expected light or print)", self.0)
    }
}

impl std::error::Error for ParseThemeError {}

impl FromStr for Theme {
    type Err = ParseThemeError;

    fn from_str(s: &str) -> Result<Theme, ParseThemeError> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseThemeError(s.to_string()))
    }
}

/// The lines of text under the board.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Legend {
    /// None: the board alone.
    #[default]
    None,
    /// The diagram's own English lines: who is to move and the score
    /// (Othello, Opok); the rule of each heap and normal or misère play
    /// (take-away games).
    Auto,
    /// These lines (a page passes its own language's words). Each line is
    /// escaped; lines longer than 200 characters are cut.
    Lines(Vec<String>),
}

/// What a diagram shows and how big it is. The default: the board alone,
/// [`DEFAULT_SIZE_PX`] wide, [`Theme::Light`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Options {
    /// Coordinates around the board: letters above the columns, numbers
    /// left of the rows (rows from the top, as in the notation). For
    /// take-away games: the heap numbers, from 1.
    pub coords: bool,
    /// Mark the last move when the diagram knows it (built from a game):
    /// Othello a dot (a ring around a move number) on the last disc placed,
    /// Opok an arrow from the origin to the landing square and the captured
    /// stacks as dashed outlines, take-away games the tokens taken as dashed
    /// outlines.
    pub last_move: bool,
    /// Move numbers when the diagram knows the moves: Othello numbers each
    /// disc with the move that placed it (passes are not counted, the
    /// starting discs have none), as printed game diagrams do; Opok numbers
    /// each stack with the move that landed it. Take-away diagrams have none.
    pub move_numbers: bool,
    /// The width of the image in pixels (clamped to [`MIN_SIZE_PX`]…
    /// [`MAX_SIZE_PX`]); the height follows the drawing's proportions.
    pub size_px: u32,
    /// The colours.
    pub theme: Theme,
    /// The accessible name (`<title>`); `None`: an English description of
    /// the position. Escaped; cut after 200 characters.
    pub title: Option<String>,
    /// The text under the board.
    pub legend: Legend,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            coords: false,
            last_move: false,
            move_numbers: false,
            size_px: DEFAULT_SIZE_PX,
            theme: Theme::Light,
            title: None,
            legend: Legend::None,
        }
    }
}

/// What a board game's diagram draws: a position and, when it comes from
/// a game, its last move (`L`: what the game marks of it) and the number of
/// the move that put each piece still on the board where it stands (`S`:
/// a square), from 1, passes not counted, in square order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardDiagram<P, L, S> {
    /// The position drawn.
    pub position: P,
    /// The last move that changed the board (a pass does not), if known.
    pub last_move: Option<L>,
    /// Each piece placed during the game with its move's number.
    pub numbers: Vec<(S, u32)>,
}

impl<P, L, S> BoardDiagram<P, L, S> {
    /// The diagram of `position` alone (no last move, no numbers).
    pub fn new(position: P) -> Self {
        BoardDiagram {
            position,
            last_move: None,
            numbers: Vec::new(),
        }
    }
}

/// A move of a game given to a diagram that the rules do not allow there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    /// The move's number in the list given, from 1 (passes counted).
    pub number: usize,
    /// The move as text (`f5`, `a1:3:b3`, `1:2` for taking 2 from the first
    /// heap).
    pub text: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}) is not legal in its position",
            self.number, self.text
        )
    }
}

impl std::error::Error for IllegalMove {}

/// How a legend names a game's two sides: "Black" and "White" to move,
/// the verb of their pass ("passes", "pass": it agrees with the name), and
/// the words before the count of what each side holds.
struct Sides {
    names: [&'static str; 2],
    pass_verb: &'static str,
    held: &'static str,
}

impl Sides {
    /// Sides named `names`, whose pass is `pass_verb`, and what they hold
    /// introduced by `held`.
    const fn named(names: [&'static str; 2], pass_verb: &'static str, held: &'static str) -> Sides {
        Sides {
            names,
            pass_verb,
            held,
        }
    }

    /// A legend's state line of `position`, in English: whose turn it is
    /// (the first side's when `first_to_move`; nobody's once the game is
    /// over; a pass first when the side to move has only that), then what
    /// each side holds: "Black to move · black 12, white 9".
    fn state_line<G: Game>(&self, position: &G, first_to_move: bool, held: [u32; 2]) -> String {
        let [one, two] = self.names;
        let held = format!(
            "{}{} {}, {} {}",
            self.held,
            one.to_lowercase(),
            held[0],
            two.to_lowercase(),
            held[1]
        );
        let (side, next) = if first_to_move {
            (one, two)
        } else {
            (two, one)
        };
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        if position.is_over() {
            format!("Game over · {held}")
        } else if moves.iter().all(|&mv| position.is_pass(mv)) {
            format!(
                "{side} {}, {} to move · {held}",
                self.pass_verb,
                next.to_lowercase()
            )
        } else {
            format!("{side} to move · {held}")
        }
    }
}

/// The longest title or legend line kept, in characters.
const TEXT_LIMIT: usize = 200;

/// The legend's lines: `auto` when it is [`Legend::Auto`].
fn legend_lines(legend: &Legend, auto: impl FnOnce() -> Vec<String>) -> Vec<String> {
    match legend {
        Legend::None => Vec::new(),
        Legend::Auto => auto(),
        Legend::Lines(lines) => lines
            .iter()
            .map(|l| crate::engine::text::excerpt(l, TEXT_LIMIT))
            .collect(),
    }
}

/// The title: the one given (cut to [`TEXT_LIMIT`]) or `auto`.
fn title_text(options: &Options, auto: impl FnOnce() -> String) -> String {
    match &options.title {
        Some(title) => crate::engine::text::excerpt(title, TEXT_LIMIT),
        None => auto(),
    }
}

/// The letter of column `column` (0 = a).
fn column_letter(column: u8) -> String {
    char::from(b'a' + column).to_string()
}

/// The font size of the legend's lines, in drawing units (a board square
/// is 100).
const LEGEND_FONT: i32 = 36;
/// The distance between the legend's lines.
const LEGEND_LINE: i32 = 50;
/// The gap between the board and the legend.
const LEGEND_GAP: i32 = 20;

/// The height the legend's `lines` take below the board (0 without any).
fn legend_height(lines: &[String]) -> i32 {
    if lines.is_empty() {
        0
    } else {
        LEGEND_GAP + LEGEND_LINE * i32::try_from(lines.len()).unwrap_or(0)
    }
}

/// Writes the legend's `lines` centred on `centre_x` from `top` down,
/// each line's font made smaller when it would be wider than `width`.
fn draw_legend(
    svg: &mut svg::Svg,
    lines: &[String],
    centre_x: i32,
    top: i32,
    width: i32,
    fill: &str,
) {
    for (i, line) in lines.iter().enumerate() {
        let estimated = svg::text_width(line, LEGEND_FONT).max(1);
        let size = if estimated > width {
            (LEGEND_FONT * width / estimated).max(8)
        } else {
            LEGEND_FONT
        };
        let y = top + LEGEND_GAP + LEGEND_LINE * i32::try_from(i).unwrap_or(0) + LEGEND_LINE / 2;
        svg.text(centre_x, y, size, fill, false, line);
    }
}

/// Space around every drawing.
const MARGIN: i32 = 24;
/// A board square in drawing units.
const CELL: i32 = 100;

/// The `(square, number)` pairs of the moves numbered in `numbers` (one
/// per square index, 0: none), in square order.
fn numbered<S>(numbers: &[u32], square: impl Fn(usize) -> Option<S>) -> Vec<(S, u32)> {
    numbers
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .filter_map(|(i, &n)| Some((square(i)?, n)))
        .collect()
}

/// The position after `moves` from `start`: `play` gives the position
/// after a move (`None`: the move is not legal there), `text` names the
/// first that is not.
fn replay<P, M: Copy>(
    start: P,
    moves: &[M],
    text: impl Fn(M) -> String,
    mut play: impl FnMut(&P, M) -> Option<P>,
) -> Result<P, IllegalMove> {
    let mut position = start;
    for (index, &mv) in moves.iter().enumerate() {
        position = play(&position, mv).ok_or_else(|| IllegalMove {
            number: index + 1,
            text: text(mv),
        })?;
    }
    Ok(position)
}

/// A game module's [`svg`](othello::svg) and [`game_svg`](othello::game_svg),
/// made from its `Diagram`.
macro_rules! diagram_functions {
    ($position:ty, $move:ty) => {
        impl Diagram {
            /// The diagram as SVG.
            pub fn svg(&self, options: &Options) -> String {
                draw(self, options)
            }
        }

        /// The SVG diagram of `position` alone (use [`game_svg`] or a
        /// [`Diagram`] for the last move and the move numbers).
        pub fn svg(position: &$position, options: &Options) -> String {
            Diagram::new(position.clone()).svg(options)
        }

        /// The SVG diagram of the position after `moves` from `start`, with
        /// the last move and the move numbers when `options` asks for them.
        pub fn game_svg(
            start: &$position,
            moves: &[$move],
            options: &Options,
        ) -> Result<String, IllegalMove> {
            Ok(Diagram::from_game(start.clone(), moves)?.svg(options))
        }
    };
}
use diagram_functions;

/// Where a square board of `n`×`n` [`CELL`]s stands in its drawing: in a
/// frame, with room for the coordinates and the legend.
struct Board {
    /// The board's top-left corner.
    x0: i32,
    y0: i32,
    /// The board's side.
    side: i32,
    /// The frame's width.
    frame: i32,
    /// The drawing's width.
    width: i32,
    n: u8,
    coords: bool,
    lines: Vec<String>,
}

impl Board {
    /// Starts the drawing of an `n`×`n` board in a `frame`: the legend's
    /// lines (`auto_legend` for [`Legend::Auto`]) and the title (`auto_title`
    /// unless given).
    fn start(
        options: &Options,
        n: u8,
        frame: i32,
        auto_legend: impl FnOnce() -> String,
        auto_title: impl FnOnce() -> String,
    ) -> (Board, svg::Svg) {
        let band = if options.coords { COORD_BAND } else { 0 };
        let side = CELL * i32::from(n);
        let (x0, y0) = (MARGIN + band + frame, MARGIN + band + frame);
        let lines = legend_lines(&options.legend, || vec![auto_legend()]);
        let width = x0 + side + frame + MARGIN;
        let height = y0 + side + frame + legend_height(&lines) + MARGIN;
        let title = title_text(options, auto_title);
        let board = Board {
            x0,
            y0,
            side,
            frame,
            width,
            n,
            coords: options.coords,
            lines,
        };
        (board, svg::Svg::new(width, height, options.size_px, &title))
    }

    /// The frame in `frame_fill` and the board in `fill`.
    fn draw_frame(&self, svg: &mut svg::Svg, frame_fill: &str, fill: &str) {
        let (x0, y0, side, frame) = (self.x0, self.y0, self.side, self.frame);
        svg.tag("rect")
            .num("x", x0 - frame)
            .num("y", y0 - frame)
            .num("width", side + 2 * frame)
            .num("height", side + 2 * frame)
            .attr("fill", frame_fill)
            .end();
        svg.tag("rect")
            .num("x", x0)
            .num("y", y0)
            .num("width", side)
            .num("height", side)
            .attr("fill", fill)
            .end();
    }

    /// The lines between the squares, `width` units wide.
    fn draw_grid(&self, svg: &mut svg::Svg, stroke: &str, width: i32) {
        let (x0, y0, side) = (self.x0, self.y0, self.side);
        let mut grid = String::new();
        for i in 1..i32::from(self.n) {
            grid += &format!(
                "M{} {}v{side}M{} {}h{side}",
                x0 + i * CELL,
                y0,
                x0,
                y0 + i * CELL
            );
        }
        if !grid.is_empty() {
            svg.tag("path")
                .attr("d", &grid)
                .attr("stroke", stroke)
                .num("stroke-width", width)
                .attr("fill", "none")
                .end();
        }
    }

    /// The coordinates in `fill`, when asked for.
    fn draw_coordinates(&self, svg: &mut svg::Svg, fill: &str) {
        if self.coords {
            draw_coordinates(svg, self.n, CELL, (self.x0, self.y0), self.frame, fill);
        }
    }

    /// The top-left corner of the square in column `col` and row `row`.
    fn corner(&self, col: u8, row: u8) -> (i32, i32) {
        (
            self.x0 + i32::from(col) * CELL,
            self.y0 + i32::from(row) * CELL,
        )
    }

    /// The legend under the board, in `fill`, and the finished document.
    fn finish(&self, mut svg: svg::Svg, fill: &str) -> String {
        draw_legend(
            &mut svg,
            &self.lines,
            self.x0 + self.side / 2,
            self.y0 + self.side + self.frame,
            self.width - 2 * MARGIN,
            fill,
        );
        svg.finish()
    }
}

/// The width of the band that holds the coordinates beside the board.
const COORD_BAND: i32 = 56;
/// The coordinates' font size.
const COORD_FONT: i32 = 38;

/// Writes the letters above and the numbers left of an `n`×`n` board of
/// `cell`-unit squares whose top-left corner is (`x`, `y`), `gap` units
/// away from its edge (a frame's width).
fn draw_coordinates(
    svg: &mut svg::Svg,
    n: u8,
    cell: i32,
    (x, y): (i32, i32),
    gap: i32,
    fill: &str,
) {
    for i in 0..n {
        let offset = i32::from(i) * cell + cell / 2;
        svg.text(
            x + offset,
            y - gap - COORD_BAND / 2,
            COORD_FONT,
            fill,
            false,
            &column_letter(i),
        );
        svg.text(
            x - gap - COORD_BAND / 2,
            y + offset,
            COORD_FONT,
            fill,
            false,
            &(u32::from(i) + 1).to_string(),
        );
    }
}

/// The positions and options the games' diagram tests draw.
#[cfg(test)]
mod fixtures {
    use super::{Options, Theme};
    use crate::engine::game::Game;

    /// `position` after its first legal move `plies` times (or until the
    /// game ends): a few moves in, to draw more than the start.
    pub fn a_few_moves_in<G: Game>(mut position: G, plies: usize) -> G {
        let mut moves = Vec::new();
        for _ in 0..plies {
            moves.clear();
            position.legal_moves(&mut moves);
            let Some(&first) = moves.first() else { break };
            position = position.play(first);
        }
        position
    }

    /// The print theme with everything a diagram can show.
    pub fn print_with_everything() -> Options {
        Options {
            theme: Theme::Print,
            coords: true,
            last_move: true,
            move_numbers: true,
            legend: super::Legend::Auto,
            ..Options::default()
        }
    }

    /// Asserts that every fill and stroke of `svg` is one of `allowed`
    /// (or none).
    pub fn only_colours(svg: &str, allowed: &[&str]) {
        for e in super::testing::elements(svg) {
            for (name, value) in &e.attributes {
                if matches!(name.as_str(), "fill" | "stroke") {
                    let value = value.as_str();
                    assert!(
                        value == "none" || allowed.contains(&value),
                        "{name}={value}"
                    );
                }
            }
        }
    }

    /// The options with coordinates, in every theme.
    pub fn every_theme_with_coordinates() -> impl Iterator<Item = Options> {
        Theme::ALL.into_iter().map(|theme| Options {
            theme,
            coords: true,
            ..Options::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn themes_parse_and_print() {
        for theme in Theme::ALL {
            assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
        }
        assert_eq!(" Print ".parse::<Theme>(), Ok(Theme::Print));
        assert_eq!(
            "dark".parse::<Theme>().unwrap_err().to_string(),
            "unknown theme \"dark\" (expected light or print)"
        );
    }

    #[test]
    fn legend_lines_are_cut() {
        let long = "x".repeat(500);
        let lines = legend_lines(&Legend::Lines(vec![long]), Vec::new);
        assert_eq!(lines[0].chars().count(), TEXT_LIMIT + 1);
        assert!(legend_lines(&Legend::None, || vec!["a".into()]).is_empty());
        assert_eq!(legend_lines(&Legend::Auto, || vec!["a".into()]), ["a"]);
    }
}
