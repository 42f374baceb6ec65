//! Text forms of Othello games: transcripts (`f5d6c3…`) and board strings
//! (`X`, `O`, `-` row-major from a1, then the side to move).

use std::fmt;

use super::position::{Move, PlayError, Position, PositionError, Setup};
use super::rules::{BoardSize, Rules, Variant};
use super::square::{Color, Square};

/// Formats moves as a transcript: lowercase squares, concatenated, passes
/// left out (they are implied).
pub fn format_transcript(moves: &[Move]) -> String {
    moves
        .iter()
        .filter_map(|m| match m {
            Move::Place(s) => Some(s.to_string()),
            Move::Pass => None,
        })
        .collect()
}

/// Why a transcript could not be replayed. Move numbers count the moves as
/// written, from 1; offsets count characters from 0.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TranscriptError {
    /// A token that is neither a square of this board, a move number nor a pass.
    NotASquare {
        /// The move's number.
        number: usize,
        /// Where the token starts in the text, in characters from 0.
        offset: usize,
        /// The token as written (at most 20 characters of it).
        token: String,
    },
    /// A square where the side to move cannot play.
    Illegal {
        /// The move's number.
        number: usize,
        /// The square.
        square: Square,
        /// The side that would have played it.
        color: Color,
    },
    /// An explicit pass while the side to move has a legal move.
    PassNotAllowed {
        /// The move's number.
        number: usize,
        /// The side that tried to pass.
        color: Color,
    },
    /// A move after the game has ended.
    AfterEnd {
        /// The move's number.
        number: usize,
        /// The token as written.
        token: String,
    },
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscriptError::NotASquare {
                number,
                offset,
                token,
            } => write!(
                f,
                "move {number} ({token}, character {}): not a square",
                offset + 1
            ),
            TranscriptError::Illegal {
                number,
                square,
                color,
            } => write!(f, "move {number} ({square}): illegal for {color}"),
            TranscriptError::PassNotAllowed { number, color } => {
                write!(f, "move {number} (pass): {color} has a legal move")
            }
            TranscriptError::AfterEnd { number, token } => {
                write!(f, "move {number} ({token}): the game is already over")
            }
        }
    }
}

impl std::error::Error for TranscriptError {}

/// A parsed token of a transcript.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Token {
    Square(Square),
    Pass,
    Invalid,
}

/// The longest token quoted back in an error.
const TOKEN_SHOWN: usize = 20;

/// The move tokens of a transcript, read lazily so that a long paste stops
/// at its first bad token. Between moves: whitespace, `,` `;` `.` `)` and
/// move numbers (ASCII digits). A move: an ASCII letter and ASCII digits
/// (`f5`, any case), or a pass (`pass`, `pa`, `ps`, `--`). Full-width forms
/// are read as ASCII ([`crate::text`]); any other character is a
/// bad token, never skipped or guessed.
struct Tokens<'a> {
    chars: std::iter::Peekable<std::iter::Enumerate<std::str::Chars<'a>>>,
    size: BoardSize,
}

/// One token: where it starts (characters), how it was written, what it is.
struct Written {
    offset: usize,
    text: String,
    token: Token,
}

impl Tokens<'_> {
    fn next_char(&mut self) -> Option<(usize, char)> {
        self.chars
            .next()
            .map(|(i, c)| (i, crate::text::fold_char(c)))
    }

    fn peek_char(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| crate::text::fold_char(c))
    }

    /// Appends to `text` (up to the shown length) while `pred` holds.
    fn take_while(&mut self, text: &mut String, pred: impl Fn(char) -> bool) {
        while let Some(c) = self.peek_char().filter(|&c| pred(c)) {
            self.next_char();
            if text.chars().count() < TOKEN_SHOWN {
                text.push(c);
            }
        }
    }
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | '.' | ')')
}

impl Iterator for Tokens<'_> {
    type Item = Written;

    fn next(&mut self) -> Option<Written> {
        loop {
            let (offset, c) = self.next_char()?;
            let mut text = c.to_string();
            if is_separator(c) {
                continue;
            }
            if c.is_ascii_digit() {
                // A move number; the dots after it are separators.
                self.take_while(&mut text, |c| c.is_ascii_digit());
                continue;
            }
            let token = if c == '-' {
                self.take_while(&mut text, |c| c == '-');
                if text == "--" {
                    Token::Pass
                } else {
                    Token::Invalid
                }
            } else if c.is_ascii_alphabetic() {
                self.take_while(&mut text, |c| c.is_ascii_alphabetic());
                let letters = text.to_ascii_lowercase();
                if matches!(letters.as_str(), "pass" | "pa" | "ps") {
                    Token::Pass
                } else {
                    let mut digits = String::new();
                    self.take_while(&mut digits, |c| c.is_ascii_digit());
                    text.push_str(&digits);
                    parse_square(&letters, &digits, self.size)
                }
            } else {
                // Anything else up to the next separator, letter or digit
                // is one bad token (never an empty one).
                self.take_while(&mut text, |c| {
                    !(is_separator(c) || c.is_ascii_alphanumeric() || c == '-')
                });
                Token::Invalid
            };
            return Some(Written {
                offset,
                text,
                token,
            });
        }
    }
}

fn parse_square(letters: &str, digits: &str, size: BoardSize) -> Token {
    let &[column] = letters.as_bytes() else {
        return Token::Invalid;
    };
    let Some(row) = crate::text::parse_number::<u8>(digits) else {
        return Token::Invalid;
    };
    let n = size.side();
    let column = column.wrapping_sub(b'a');
    if column >= n || row == 0 || row > n {
        return Token::Invalid;
    }
    Square::new(column, row - 1).map_or(Token::Invalid, Token::Square)
}

/// A transcript replayed from a starting position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Replay {
    /// Every move played, implied passes included, in order.
    pub moves: Vec<Move>,
    /// The position after each move (`positions[i]` follows `moves[i]`).
    pub positions: Vec<Position>,
    /// The starting position.
    pub start: Position,
}

impl Replay {
    /// The position after the last move.
    pub fn last(&self) -> Position {
        self.positions.last().copied().unwrap_or(self.start)
    }
}

/// Replays a transcript from `start`, leniently: case, whitespace, move
/// numbers and explicit passes (`pass`, `pa`, `ps`, `--`) are accepted,
/// and forced passes may be left out.
pub fn replay(start: Position, text: &str) -> Result<Replay, TranscriptError> {
    let mut position = start;
    let mut moves = Vec::new();
    let mut positions = Vec::new();
    let tokens = Tokens {
        chars: text.chars().enumerate().peekable(),
        size: start.rules().size,
    };
    for (
        index,
        Written {
            offset,
            text: written,
            token,
        },
    ) in tokens.enumerate()
    {
        let number = index + 1;
        if position.is_over() {
            return Err(TranscriptError::AfterEnd {
                number,
                token: written,
            });
        }
        let square = match token {
            Token::Invalid => {
                return Err(TranscriptError::NotASquare {
                    number,
                    offset,
                    token: written,
                })
            }
            Token::Pass => {
                if !position.must_pass() {
                    return Err(TranscriptError::PassNotAllowed {
                        number,
                        color: position.side_to_move(),
                    });
                }
                position = position.passed();
                moves.push(Move::Pass);
                positions.push(position);
                continue;
            }
            Token::Square(square) => square,
        };
        if position.must_pass() {
            position = position.passed();
            moves.push(Move::Pass);
            positions.push(position);
        }
        position = match position.try_play(Move::Place(square)) {
            Ok(next) => next,
            Err(PlayError::Illegal(..) | PlayError::MustPass(_) | PlayError::PassNotAllowed(_)) => {
                return Err(TranscriptError::Illegal {
                    number,
                    square,
                    color: position.side_to_move(),
                })
            }
            Err(PlayError::GameOver) => {
                return Err(TranscriptError::AfterEnd {
                    number,
                    token: written,
                })
            }
        };
        moves.push(Move::Place(square));
        positions.push(position);
    }
    Ok(Replay {
        moves,
        positions,
        start,
    })
}

/// Replays a transcript from the start position of `rules`.
pub fn replay_from_start(rules: Rules, text: &str) -> Result<Replay, TranscriptError> {
    replay(Position::start(rules), text)
}

/// The board string of a position: n² characters `X`, `O`, `-` in reading
/// order from a1, a space, and the side to move.
pub fn board_text(position: &Position) -> String {
    let mut text = board_squares(position);
    text.push(' ');
    text.push(position.side_to_move().letter());
    text
}

/// The n² characters `X`, `O`, `-` of the board alone.
pub fn board_squares(position: &Position) -> String {
    position
        .rules()
        .size
        .squares_in_order()
        .map(|s| position.at(s).map_or('-', Color::letter))
        .collect()
}

/// Why a board string could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BoardTextError {
    /// The number of squares is not 16, 36 or 64.
    WrongLength(usize),
    /// A character that is not a disc or an empty square.
    BadSquare {
        /// 1-based position of the square in the string.
        index: usize,
        /// The character found.
        found: char,
    },
    /// No side to move after the board.
    MissingSide,
    /// A side to move that is not `X` or `O`.
    BadSide(String),
    /// The board is readable but not a position of the game.
    Invalid(PositionError),
}

impl fmt::Display for BoardTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardTextError::WrongLength(n) => {
                write!(f, "a board has 16, 36 or 64 squares, not {n}")
            }
            BoardTextError::BadSquare { index, found } => write!(
                f,
                "square {index} is {found:?}; expected X (black), O (white) or - (empty)"
            ),
            BoardTextError::MissingSide => {
                f.write_str("the side to move (X or O) is missing after the board")
            }
            BoardTextError::BadSide(s) => write!(f, "side to move {s:?} is not X or O"),
            BoardTextError::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BoardTextError {}

impl From<PositionError> for BoardTextError {
    fn from(e: PositionError) -> Self {
        BoardTextError::Invalid(e)
    }
}

/// Reads the unchecked setup from a board string. Rows may be separated by
/// whitespace; `X`/`x`/`*`/`B` are black, `O`/`o`/`0`/`W` white, `-`/`.`/`_`
/// empty; the side is `X`/`B` or `O`/`W`. The size follows from the length.
pub fn parse_setup(text: &str) -> Result<Setup, BoardTextError> {
    let text = crate::text::fold(text);
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let side = match words.pop() {
        None => return Err(BoardTextError::WrongLength(0)),
        Some(last) if words.is_empty() => {
            // The board alone, or the board with the side glued on.
            let count = last.chars().count();
            if count == 17 || count == 37 || count == 65 {
                let (board, side) = crate::text::split_last_char(last);
                words.push(board);
                side
            } else if BoardSize::from_side((count as f64).sqrt() as u32)
                .is_some_and(|s| s.squares() as usize == count)
            {
                return Err(BoardTextError::MissingSide);
            } else {
                return Err(BoardTextError::WrongLength(count));
            }
        }
        Some(last) => last,
    };
    let side_to_move = match side {
        "X" | "x" | "B" | "b" | "*" => Color::Black,
        "O" | "o" | "W" | "w" | "0" => Color::White,
        other => return Err(BoardTextError::BadSide(crate::text::excerpt(other, 20))),
    };
    let squares: Vec<char> = words.concat().chars().collect();
    let size = BoardSize::ALL
        .into_iter()
        .find(|s| s.squares() as usize == squares.len())
        .ok_or(BoardTextError::WrongLength(squares.len()))?;
    let mut black = 0;
    let mut white = 0;
    for (index, (square, &c)) in size.squares_in_order().zip(&squares).enumerate() {
        match c {
            'X' | 'x' | '*' | 'B' | 'b' => black |= square.bit(),
            'O' | 'o' | '0' | 'W' | 'w' => white |= square.bit(),
            '-' | '.' | '_' => {}
            found => {
                return Err(BoardTextError::BadSquare {
                    index: index + 1,
                    found,
                })
            }
        }
    }
    Ok(Setup {
        size,
        black,
        white,
        side_to_move,
    })
}

/// Reads and checks a board string for `variant`.
pub fn parse_board(text: &str, variant: Variant) -> Result<Position, BoardTextError> {
    Ok(Position::from_setup(parse_setup(text)?, variant)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard() -> Position {
        Position::start(Rules::default())
    }

    #[test]
    fn lenient_transcripts_replay_the_same_game() {
        let plain = replay(standard(), "f5d6c3d3c4f4f6f3e6e7").unwrap();
        for variant in [
            "F5 D6 C3 D3 C4 F4 F6 F3 E6 E7",
            "1. f5 d6 2. c3 d3 3. c4 f4 4. f6 f3 5. e6 e7",
            "1.f5 2.d6 3.c3 4.d3 5.c4 6.f4 7.f6 8.f3 9.e6 10.e7",
            " f5, d6; c3\n d3 c4 f4\tf6 f3 e6 e7 ",
        ] {
            let other = replay(standard(), variant).unwrap();
            assert_eq!(other.moves, plain.moves, "{variant}");
        }
        assert_eq!(format_transcript(&plain.moves), "f5d6c3d3c4f4f6f3e6e7");
    }

    #[test]
    fn errors_name_the_move() {
        let err = replay(standard(), "f5d6c3d3c4f4f6f3e6e7c9").unwrap_err();
        assert_eq!(err.to_string(), "move 11 (c9, character 21): not a square");
        let err = replay(standard(), "f5 d6 c3 d3 c4 f4 a1").unwrap_err();
        assert_eq!(err.to_string(), "move 7 (a1): illegal for black");
        let err = replay(standard(), "f5 pass").unwrap_err();
        assert_eq!(err.to_string(), "move 2 (pass): white has a legal move");
        let err = replay(standard(), "f5 xyz").unwrap_err();
        assert_eq!(err.to_string(), "move 2 (xyz, character 4): not a square");
        let err = replay(standard(), "f5 d6 #").unwrap_err();
        assert_eq!(err.to_string(), "move 3 (#, character 7): not a square");
    }

    #[test]
    fn other_scripts_digits_are_errors_and_full_width_is_ascii() {
        for (text, number, offset, token) in [
            ("f5²", 2, 2, "²"),
            ("f5d6½", 3, 4, "½"),
            ("f5٣", 2, 2, "٣"),
            ("f⁵", 1, 0, "f"),
            ("f5 é5", 2, 3, "é"),
            ("f5\u{0}", 2, 2, "\u{0}"),
        ] {
            assert_eq!(
                replay(standard(), text),
                Err(TranscriptError::NotASquare {
                    number,
                    offset,
                    token: token.into()
                }),
                "{text:?}"
            );
        }
        let wide = replay(standard(), "ｆ５　Ｄ６").unwrap();
        assert_eq!(format_transcript(&wide.moves), "f5d6");
    }

    #[test]
    fn board_strings_never_split_inside_a_character() {
        let text = format!("{}é", "-".repeat(64));
        assert_eq!(parse_setup(&text), Err(BoardTextError::BadSide("é".into())));
        let text = format!("{}é", "-".repeat(36));
        assert_eq!(parse_setup(&text), Err(BoardTextError::BadSide("é".into())));
        assert!(parse_setup("é").is_err());
    }

    #[test]
    fn squares_beyond_a_small_board_are_not_squares() {
        let rules = Rules::new(BoardSize::Four, Variant::Standard);
        let err = replay_from_start(rules, "e1").unwrap_err();
        assert_eq!(err.to_string(), "move 1 (e1, character 1): not a square");
    }

    #[test]
    fn board_strings_round_trip() {
        let text = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
        let p = parse_board(text, Variant::Standard).unwrap();
        assert_eq!(board_text(&p), text);
        assert_eq!(p.side_to_move(), Color::Black);
        assert_eq!(p.empties().count_ones(), 20);
    }

    #[test]
    fn bad_board_strings_say_why() {
        assert_eq!(parse_setup("XO- X"), Err(BoardTextError::WrongLength(3)));
        let bad = format!("{}? X", "-".repeat(63));
        assert_eq!(
            parse_setup(&bad),
            Err(BoardTextError::BadSquare {
                index: 64,
                found: '?'
            })
        );
        assert_eq!(
            parse_setup(&"-".repeat(64)),
            Err(BoardTextError::MissingSide)
        );
        let side = format!("{} Z", "-".repeat(64));
        assert_eq!(parse_setup(&side), Err(BoardTextError::BadSide("Z".into())));
        let empty = format!("{} X", "-".repeat(64));
        assert!(matches!(
            parse_board(&empty, Variant::Standard),
            Err(BoardTextError::Invalid(PositionError::EmptyCentre(_)))
        ));
    }

    #[test]
    fn forced_passes_may_be_left_out_or_written() {
        // A 4×4 game in which white must pass at some point is found by search
        // in the integration tests; here a hand-made one: after these moves
        // on 4×4, check that writing the pass explicitly gives the same game.
        let rules = Rules::new(BoardSize::Four, Variant::Standard);
        let mut position = Position::start(rules);
        let mut written = Vec::new();
        let mut implied = Vec::new();
        let mut rng = crate::rng::Rng::new(5);
        let mut saw_pass = false;
        for _ in 0..1000 {
            position = Position::start(rules);
            written.clear();
            implied.clear();
            saw_pass = false;
            while !position.is_over() {
                let moves = position.moves();
                let mv = *rng.choose(&moves).unwrap();
                if mv == Move::Pass {
                    saw_pass = true;
                    written.push("pass".to_string());
                } else {
                    written.push(mv.to_string());
                    implied.push(mv.to_string());
                }
                position = position.play(mv);
            }
            if saw_pass {
                break;
            }
        }
        assert!(saw_pass, "no 4×4 random game with a pass in 1000 tries");
        let a = replay(Position::start(rules), &written.join(" ")).unwrap();
        let b = replay(Position::start(rules), &implied.concat()).unwrap();
        assert_eq!(a.moves, b.moves);
        assert_eq!(a.last(), position);
        let err = replay(Position::start(rules), &format!("{} d1", implied.concat())).unwrap_err();
        assert!(matches!(err, TranscriptError::AfterEnd { .. }), "{err}");
    }
}
