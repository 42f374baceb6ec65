//! GGF game records, the format of the Generic Game Server and the NBoard
//! GUI: `(;GM[Othello]PB[…]PW[…]RE[…]TY[8]BO[8 <rows> *]B[F5//1.23]W[d6];)`.
//!
//! Only 8×8 standard Othello is read; the evaluations and times that may
//! follow a move (`F5/1.23/0.5`) are read past, not kept.

use std::fmt;

use super::notation::{parse_setup, BoardTextError};
use super::position::{Move, PlayError, Position};
use super::rules::{BoardSize, Variant};
use super::square::{Color, Square};

/// A game read from (or to be written as) a GGF record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GgfGame {
    /// The position before the first move (`BO[…]`).
    pub start: Position,
    /// Every move in order, passes included (implied passes are filled in).
    pub moves: Vec<Move>,
    /// The black player's name (`PB[…]`), empty when not given.
    pub black: String,
    /// The white player's name (`PW[…]`), empty when not given.
    pub white: String,
    /// The result as recorded (`RE[…]`), `?` or empty when unknown.
    pub result: String,
}

impl GgfGame {
    /// A game of `moves` from `start`, with unknown players and result.
    pub fn new(start: Position, moves: Vec<Move>) -> GgfGame {
        GgfGame {
            start,
            moves,
            black: String::new(),
            white: String::new(),
            result: "?".to_string(),
        }
    }

    /// The position after the moves, or after the longest legal prefix of
    /// them (a parsed game is legal throughout; a hand-built one may not be).
    pub fn last(&self) -> Position {
        let mut position = self.start;
        for &mv in &self.moves {
            match position.try_play(mv) {
                Ok(next) => position = next,
                Err(_) => break,
            }
        }
        position
    }
}

/// Why a GGF record could not be read. Move numbers count the `B[…]` and
/// `W[…]` tags as written, from 1; `tag` is the move tag as written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GgfError {
    /// The text does not start with `(;`.
    NotAGame,
    /// The text ends before the closing `;)`.
    Unclosed,
    /// Something other than a tag where a tag was expected.
    Unexpected(String),
    /// A tag name without a `[value]`.
    NoValue(String),
    /// A tag whose value has no closing `]`.
    UnclosedValue(String),
    /// No `BO[…]` tag.
    MissingBoard,
    /// More than one `BO[…]` tag.
    TwoBoards,
    /// A board or game type that is not 8×8 (the tag as written).
    UnsupportedSize(String),
    /// An 8×8 board with another number of squares.
    BoardLength(usize),
    /// The board's squares or side to move are unreadable, or not a position.
    BadBoard(BoardTextError),
    /// A move that is neither a square nor a pass.
    NotASquare {
        /// The move's number.
        number: usize,
        /// The tag as written.
        tag: String,
    },
    /// A move tagged with the colour not to move, when no pass is forced.
    WrongColor {
        /// The move's number.
        number: usize,
        /// The tag as written.
        tag: String,
        /// The colour to move.
        to_move: Color,
    },
    /// A square where the side to move cannot play.
    Illegal {
        /// The move's number.
        number: usize,
        /// The tag as written.
        tag: String,
        /// The side that would have played it.
        color: Color,
    },
    /// A pass while the side to move has a legal placement.
    PassNotAllowed {
        /// The move's number.
        number: usize,
        /// The tag as written.
        tag: String,
        /// The side that tried to pass.
        color: Color,
    },
    /// A move after the game has ended.
    AfterEnd {
        /// The move's number.
        number: usize,
        /// The tag as written.
        tag: String,
    },
}

impl fmt::Display for GgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgfError::NotAGame => f.write_str("not a ggf game: it must start with (;"),
            GgfError::Unclosed => f.write_str("the game does not end with ;)"),
            GgfError::Unexpected(text) => write!(f, "unexpected {text:?} where a tag should be"),
            GgfError::NoValue(name) => write!(f, "tag {name} has no [value]"),
            GgfError::UnclosedValue(name) => write!(f, "the value of tag {name}[ is not closed"),
            GgfError::MissingBoard => f.write_str("missing BO[...] board"),
            GgfError::TwoBoards => f.write_str("more than one BO[...] board"),
            GgfError::UnsupportedSize(found) => {
                write!(f, "only 8x8 boards are supported, not {found}")
            }
            GgfError::BoardLength(n) => write!(f, "an 8x8 board has 64 squares, not {n}"),
            GgfError::BadBoard(e) => write!(f, "bad BO[...] board: {e}"),
            GgfError::NotASquare { number, tag } => {
                write!(f, "move {number} ({tag}): not a square")
            }
            GgfError::WrongColor {
                number,
                tag,
                to_move,
            } => write!(f, "move {number} ({tag}): {to_move} is to move"),
            GgfError::Illegal { number, tag, color } => {
                write!(f, "move {number} ({tag}): illegal for {color}")
            }
            GgfError::PassNotAllowed { number, tag, color } => {
                write!(f, "move {number} ({tag}): {color} has a legal move")
            }
            GgfError::AfterEnd { number, tag } => {
                write!(f, "move {number} ({tag}): the game is already over")
            }
        }
    }
}

impl std::error::Error for GgfError {}

/// Reads a GGF move: a square in any case (`F5`, `f5`) or a pass (`PA`,
/// `PASS`, any case), optionally followed by `/eval/time`, which is ignored.
pub fn parse_move(text: &str) -> Option<Move> {
    let written = text.split('/').next().unwrap_or("").trim();
    let lower = written.to_ascii_lowercase();
    if matches!(lower.as_str(), "pa" | "pass" | "ps") {
        return Some(Move::Pass);
    }
    let &[column @ b'a'..=b'h', row @ b'1'..=b'8'] = lower.as_bytes() else {
        return None;
    };
    Square::new(column - b'a', row - b'1').map(Move::Place)
}

/// One `NAME[value]` of a record, value unescaped.
struct Tag<'a> {
    name: &'a str,
    value: String,
    /// The tag as written, for error messages.
    written: &'a str,
}

/// Splits the record into tags, checking the `(;` … `;)` frame. Text after
/// the first game is ignored (a file may hold several).
fn tags(text: &str) -> Result<Vec<Tag<'_>>, GgfError> {
    let mut rest = text
        .trim_start()
        .strip_prefix("(;")
        .ok_or(GgfError::NotAGame)?;
    let mut tags = Vec::new();
    loop {
        rest = rest.trim_start();
        if rest.starts_with(";)") {
            return Ok(tags);
        }
        if rest.is_empty() {
            return Err(GgfError::Unclosed);
        }
        let tag_start = rest;
        let name_end = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        let (name, after) = rest.split_at(name_end);
        if name.is_empty() {
            return Err(GgfError::Unexpected(rest.chars().take(12).collect()));
        }
        let Some(after) = after.trim_start().strip_prefix('[') else {
            return Err(GgfError::NoValue(name.to_string()));
        };
        // Values may escape `]` and `\` with a backslash, as in SGF.
        let mut value = String::new();
        let mut escaped = false;
        let mut end = None;
        for (i, c) in after.char_indices() {
            if escaped {
                value.push(c);
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == ']' {
                end = Some(i);
                break;
            } else {
                value.push(c);
            }
        }
        let end = end.ok_or_else(|| GgfError::UnclosedValue(name.to_string()))?;
        rest = &after[end + 1..];
        let written = &tag_start[..tag_start.len() - rest.len()];
        tags.push(Tag {
            name,
            value,
            written,
        });
    }
}

/// Reads the `BO[8 <rows> <side>]` value.
fn parse_board(value: &str) -> Result<Position, GgfError> {
    let value = value.trim();
    let (size, squares) = value.split_once(char::is_whitespace).unwrap_or((value, ""));
    if size != "8" {
        let shown: String = size.chars().take(12).collect();
        return Err(GgfError::UnsupportedSize(format!("BO[{shown} ...]")));
    }
    let setup = parse_setup(squares).map_err(GgfError::BadBoard)?;
    if setup.size != BoardSize::Eight {
        return Err(GgfError::BoardLength(setup.size.squares() as usize));
    }
    Position::from_setup(setup, Variant::Standard)
        .map_err(|e| GgfError::BadBoard(BoardTextError::Invalid(e)))
}

/// Checks a `TY[…]` game type: its board size is the first number (`8`,
/// `8r`, `s8r20`); types without a number are left to the board to decide.
fn check_type(value: &str) -> Result<(), GgfError> {
    let digits: String = value
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    if digits.is_empty() || digits == "8" {
        Ok(())
    } else {
        let shown: String = value.chars().take(12).collect();
        Err(GgfError::UnsupportedSize(format!("TY[{shown}]")))
    }
}

/// Reads a GGF game and replays it, checking every move: a move tagged with
/// the colour not to move is accepted only when the side to move must pass
/// (the pass is then filled in). Unknown tags are ignored.
pub fn parse(text: &str) -> Result<GgfGame, GgfError> {
    let tags = tags(text)?;
    let mut boards = tags.iter().filter(|t| t.name == "BO");
    let board = boards.next().ok_or(GgfError::MissingBoard)?;
    if boards.next().is_some() {
        return Err(GgfError::TwoBoards);
    }
    for tag in tags.iter().filter(|t| t.name == "TY") {
        check_type(&tag.value)?;
    }
    let start = parse_board(&board.value)?;
    let mut game = GgfGame::new(start, Vec::new());
    game.result = String::new();
    let mut position = start;
    let mut number = 0;
    for tag in &tags {
        let color = match tag.name {
            "PB" => {
                game.black = tag.value.trim().to_string();
                continue;
            }
            "PW" => {
                game.white = tag.value.trim().to_string();
                continue;
            }
            "RE" => {
                game.result = tag.value.trim().to_string();
                continue;
            }
            "B" => Color::Black,
            "W" => Color::White,
            _ => continue,
        };
        number += 1;
        let mv = parse_move(&tag.value);
        let tag = tag.written.to_string();
        let mv = mv.ok_or_else(|| GgfError::NotASquare {
            number,
            tag: tag.clone(),
        })?;
        if position.is_over() {
            return Err(GgfError::AfterEnd { number, tag });
        }
        if color != position.side_to_move() {
            if !position.must_pass() {
                return Err(GgfError::WrongColor {
                    number,
                    tag,
                    to_move: position.side_to_move(),
                });
            }
            position = position.passed();
            game.moves.push(Move::Pass);
        }
        position = position.try_play(mv).map_err(|e| match e {
            PlayError::PassNotAllowed(color) => GgfError::PassNotAllowed {
                number,
                tag: tag.clone(),
                color,
            },
            PlayError::GameOver => GgfError::AfterEnd {
                number,
                tag: tag.clone(),
            },
            PlayError::Illegal(_, color) | PlayError::MustPass(color) => GgfError::Illegal {
                number,
                tag: tag.clone(),
                color,
            },
        })?;
        game.moves.push(mv);
    }
    Ok(game)
}

/// Escapes a tag value: `]` and `\` would end or garble it.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes `game` as a one-line GGF record: squares in uppercase, passes as
/// `PA`, the board in GGF symbols (`*` black, `O` white, `-` empty).
pub fn write(game: &GgfGame) -> String {
    let start = game.start;
    let side = start.rules().size.side();
    let rows: Vec<String> = (0..side)
        .map(|row| {
            (0..side)
                .map(
                    |column| match Square::new(column, row).and_then(|s| start.at(s)) {
                        Some(Color::Black) => '*',
                        Some(Color::White) => 'O',
                        None => '-',
                    },
                )
                .collect()
        })
        .collect();
    let to_move = match start.side_to_move() {
        Color::Black => '*',
        Color::White => 'O',
    };
    let result = if game.result.is_empty() {
        "?"
    } else {
        &game.result
    };
    let mut text = format!(
        "(;GM[Othello]PC[Mind Sports]PB[{}]PW[{}]RE[{}]TI[0]TY[{side}]BO[{side} {} {to_move}]",
        escape(&game.black),
        escape(&game.white),
        escape(result),
        rows.join(" "),
    );
    // Passes count as moves, so the colours simply alternate.
    let mut color = start.side_to_move();
    for mv in &game.moves {
        let letter = match color {
            Color::Black => 'B',
            Color::White => 'W',
        };
        let written = match mv {
            Move::Place(square) => square.to_string().to_ascii_uppercase(),
            Move::Pass => "PA".to_string(),
        };
        text.push_str(&format!("{letter}[{written}]"));
        color = color.opponent();
    }
    text.push_str(";)");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::notation::{board_text, replay};
    use crate::othello::Rules;
    use crate::rng::Rng;

    const EXAMPLE: &str = "(;GM[Othello]PC[Mind Sports]DT[2026-11-21]PB[human]PW[engine]RE[?]TI[0]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5//1.23]W[D6/-0.5]B[pa];)";

    fn standard() -> Position {
        Position::start(Rules::default())
    }

    fn square(name: &str) -> Move {
        parse_move(name).unwrap()
    }

    /// A random 8×8 game to the end that contains a pass.
    fn game_with_a_pass() -> (Vec<Move>, Position) {
        let mut rng = Rng::new(11);
        loop {
            let mut position = standard();
            let mut moves = Vec::new();
            while !position.is_over() {
                let mv = *rng.choose(&position.moves()).unwrap();
                moves.push(mv);
                position = position.play(mv);
            }
            if moves.contains(&Move::Pass) {
                return (moves, position);
            }
        }
    }

    #[test]
    fn the_example_reads_and_an_illegal_pass_is_named() {
        let err = parse(EXAMPLE).unwrap_err();
        assert_eq!(err.to_string(), "move 3 (B[pa]): black has a legal move");
        let ok = EXAMPLE.replace("B[pa]", "B[c3]");
        let game = parse(&ok).unwrap();
        assert_eq!(game.start, standard());
        assert_eq!(game.moves, vec![square("f5"), square("d6"), square("c3")]);
        assert_eq!(
            (
                game.black.as_str(),
                game.white.as_str(),
                game.result.as_str()
            ),
            ("human", "engine", "?")
        );
    }

    #[test]
    fn round_trip_keeps_start_moves_and_names() {
        let (moves, end) = game_with_a_pass();
        let mut game = GgfGame::new(standard(), moves);
        game.black = "a ] tricky \\ name".into();
        game.white = "engine".into();
        let text = write(&game);
        assert!(text.contains("PA]"), "{text}");
        let back = parse(&text).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.last(), end);

        // From a midgame position with white to move.
        let start = replay(standard(), "f5d6c3d3c4").unwrap().last();
        let game = GgfGame::new(start, vec![square("f4"), square("e3")]);
        let text = write(&game);
        assert!(text.ends_with(" O]W[F4]B[E3];)"), "{text}");
        let back = parse(&text).unwrap();
        assert_eq!(board_text(&back.start), board_text(&start));
        assert_eq!(back.moves, game.moves);
    }

    #[test]
    fn tags_in_any_order_with_line_breaks_and_unknown_tags() {
        let text = "\n (;GM[Othello]\r\n  BO[8\n-------- -------- -------- ---O*---\n---*O--- -------- -------- -------- *]\n\
                    ZZ[anything [goes\\] here]  TY[8r]\tRB[1800]\n PW[w] PB[b] KM[0]\n B[f5/1.00/3.2]\n W[F6//] B[e6/] RE[+2.000] ;)\n";
        let game = parse(text).unwrap();
        assert_eq!(game.moves, vec![square("f5"), square("f6"), square("e6")]);
        assert_eq!(game.black, "b");
        assert_eq!(game.white, "w");
        assert_eq!(game.result, "+2.000");
    }

    #[test]
    fn a_move_by_the_other_colour_fills_in_a_forced_pass() {
        let (moves, end) = game_with_a_pass();
        let written: String = moves
            .iter()
            .scan(Color::Black, |color, mv| {
                let letter = if *color == Color::Black { 'B' } else { 'W' };
                *color = color.opponent();
                Some(match mv {
                    Move::Pass => String::new(),
                    Move::Place(s) => format!("{letter}[{s}]"),
                })
            })
            .collect();
        let board = "-------- -------- -------- ---O*--- ---*O--- -------- -------- --------";
        let text = format!("(;BO[8 {board} *]{written};)");
        let game = parse(&text).unwrap();
        assert_eq!(game.moves, moves);
        assert_eq!(game.last(), end);
    }

    #[test]
    fn bad_records_say_what_is_wrong() {
        let start =
            "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
        let with = |moves: &str| format!("(;GM[Othello]{start}{moves};)");
        let cases = [
            (with("B[f5]W[d6]B[c3]W[d3]B[c4]W[f4]B[C9]"), "move 7 (B[C9]): not a square"),
            (with("B[f5]W[d6]W[a1]"), "move 3 (W[a1]): black is to move"),
            (with("B[f5]W[a1]"), "move 2 (W[a1]): illegal for white"),
            (with("B[]"), "move 1 (B[]): not a square"),
            ("(;GM[Othello]B[f5];)".to_string(), "missing BO[...] board"),
            (format!("(;{start}{start};)"), "more than one BO[...] board"),
            (
                "(;BO[6 ------ ------ --O*-- --*O-- ------ ------ *];)".to_string(),
                "only 8x8 boards are supported, not BO[6 ...]",
            ),
            (
                format!("(;TY[10]{start};)"),
                "only 8x8 boards are supported, not TY[10]",
            ),
            (
                "(;BO[8 ------ ------ --O*-- --*O-- ------ ------ *];)".to_string(),
                "an 8x8 board has 64 squares, not 36",
            ),
            (
                format!("(;{};)", start.replace("---O*---", "---O?---")),
                "bad BO[...] board: square 29 is '?'; expected X (black), O (white) or - (empty)",
            ),
            (
                "(;BO[8 -------- -------- -------- -------- -------- -------- -------- -------- *];)".to_string(),
                "bad BO[...] board: centre square d4 is empty, which no game can reach",
            ),
            (format!("(;{start}B[f5]"), "the game does not end with ;)"),
            ("GM[Othello]".to_string(), "not a ggf game: it must start with (;"),
            (format!("(;{start} [x];)"), "unexpected \"[x];)\" where a tag should be"),
            (format!("(;{start}GM;)"), "tag GM has no [value]"),
            (format!("(;{start}GM[Othello;)"), "the value of tag GM[ is not closed"),
        ];
        for (text, message) in cases {
            assert_eq!(
                parse(&text).map(|_| ()).unwrap_err().to_string(),
                message,
                "{text}"
            );
        }
        // The shortest game: black wipes white out, then nothing may follow.
        let err = parse(&with("B[e6]W[f4]B[e3]W[f6]B[g5]W[d6]B[e7]W[f5]B[c5]W[a1]")).unwrap_err();
        assert_eq!(err.to_string(), "move 10 (W[a1]): the game is already over");
    }

    #[test]
    fn malformed_input_never_panics() {
        let full = write(&GgfGame::new(standard(), vec![square("f5"), square("d6")]));
        let mut inputs: Vec<String> = (0..=full.len())
            .filter(|&i| full.is_char_boundary(i))
            .map(|i| full[..i].to_string())
            .collect();
        inputs.extend(
            [
                "",
                "(",
                "(;",
                ";)",
                "(;;)",
                "(;]]]][[[[;)",
                "(;BO[];)",
                "(;BO[8];)",
                "(;BO[8 *];)",
                "(;BO[8 ]B[f5];)",
                "(;é[ü]BO[8 ☃☃☃];)",
                "(;BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- ☃]B[f5];)",
                "(;TY[99999999999999999999999]BO[8 x];)",
                "(;B[\\",
                "(;B[f5/☃/☃]W[ü5];)",
                "\u{0}\u{1}(;\u{feff}",
            ]
            .map(String::from),
        );
        for text in inputs {
            let _ = parse(&text);
            let _ = parse_move(&text);
        }
        assert!(parse(&full).is_ok());
    }

    #[test]
    fn moves_read_in_any_case_with_evals() {
        assert_eq!(parse_move("F5"), Some(square("f5")));
        assert_eq!(parse_move("f5/1.5/2"), parse_move("F5"));
        assert_eq!(parse_move("PA"), Some(Move::Pass));
        assert_eq!(parse_move("Pass//"), Some(Move::Pass));
        assert_eq!(parse_move("i1"), None);
        assert_eq!(parse_move("a0"), None);
        assert_eq!(parse_move("a10"), None);
        assert_eq!(parse_move("é"), None);
    }
}
