//! Opok in text: moves (`a1:3:b3`, `pass`), game records (moves separated
//! by spaces) and the position format (`c9,.,./.,.,./.,.,s9 c`).

use std::fmt;

use super::geometry::{Geometry, MAX_SIZE, MAX_SQUARES, MIN_SIZE};
use super::position::{Move, PlayError, Position, PositionError, Setup, Side};

/// A move as text on `geometry`: `from:k:to` or `pass`.
pub fn move_text(geometry: Geometry, mv: Move) -> String {
    match mv {
        Move::Step { from, k, to } => format!("{}:{k}:{}", geometry.name(from), geometry.name(to)),
        Move::Pass => "pass".into(),
    }
}

/// Reads `from:k:to` or `pass` (any case); only the syntax and the squares
/// are checked, not legality.
pub fn parse_move(geometry: Geometry, text: &str) -> Option<Move> {
    let text = crate::text::fold(text);
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Some(Move::Pass);
    }
    let mut parts = text.split(':');
    let from = geometry.parse_square(parts.next()?)?;
    let k: u8 = crate::text::parse_number(parts.next()?.trim())?;
    let to = geometry.parse_square(parts.next()?)?;
    (parts.next().is_none() && k >= 1).then_some(Move::Step { from, k, to })
}

/// A game record as text: moves separated by spaces.
pub fn record_text(geometry: Geometry, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| move_text(geometry, m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a record could not be replayed; moves are numbered from 1 as written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// Not of the form `from:k:to` or `pass`, or a square off the board.
    NotAMove {
        /// The move's number.
        number: usize,
        /// The text as written.
        token: String,
    },
    /// A well-formed move that the rules do not allow here.
    Illegal {
        /// The move's number.
        number: usize,
        /// The text as written.
        token: String,
        /// Who would have played it.
        side: Side,
    },
    /// A pass while a move is possible.
    PassNotAllowed {
        /// The move's number.
        number: usize,
        /// Who tried to pass.
        side: Side,
    },
    /// A move after the end of the game.
    AfterEnd {
        /// The move's number.
        number: usize,
        /// The text as written.
        token: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotAMove { number, token } => write!(
                f,
                "move {number} ({token}): not a move (write from:k:to, e.g. a1:3:b3)"
            ),
            RecordError::Illegal {
                number,
                token,
                side,
            } => write!(f, "move {number} ({token}): illegal for {}", side.name()),
            RecordError::PassNotAllowed { number, side } => write!(
                f,
                "move {number} (pass): {} can move and cannot pass",
                side.name()
            ),
            RecordError::AfterEnd { number, token } => {
                write!(f, "move {number} ({token}): the game is already over")
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// A record replayed from a start.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Replay {
    /// The start.
    pub start: Position,
    /// Every move, forced passes included (written or not).
    pub moves: Vec<Move>,
    /// The position after the last move.
    pub last: Position,
}

/// Replays a record from `start`. Moves are separated by whitespace or
/// commas; a forced pass may be written (`pass`) or left out.
pub fn replay(start: Position, text: &str) -> Result<Replay, RecordError> {
    let geometry = start.geometry();
    let mut position = start;
    let mut moves = Vec::new();
    let text = crate::text::fold(text);
    let tokens = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty());
    for (i, token) in tokens.enumerate() {
        let number = i + 1;
        let Some(mv) = parse_move(geometry, token) else {
            return Err(RecordError::NotAMove {
                number,
                token: crate::text::excerpt(token, 20),
            });
        };
        if position.is_over() {
            return Err(RecordError::AfterEnd {
                number,
                token: crate::text::excerpt(token, 20),
            });
        }
        if mv != Move::Pass && position.must_pass() {
            position = position.passed();
            moves.push(Move::Pass);
        }
        position = position.try_play(mv).map_err(|e| match e {
            PlayError::PassNotAllowed => RecordError::PassNotAllowed {
                number,
                side: position.side_to_move(),
            },
            PlayError::GameOver => RecordError::AfterEnd {
                number,
                token: crate::text::excerpt(token, 20),
            },
            PlayError::Illegal | PlayError::MustPass => RecordError::Illegal {
                number,
                token: crate::text::excerpt(token, 20),
                side: position.side_to_move(),
            },
        })?;
        moves.push(mv);
    }
    Ok(Replay {
        start,
        moves,
        last: position,
    })
}

/// The board part of the position format: rows from the top separated by
/// `/`, squares by `,`: `.`, `c<h>` or `s<h>`.
pub fn board_text(position: &Position) -> String {
    let g = position.geometry();
    let n = usize::from(g.size());
    position
        .cells()
        .chunks(n)
        .map(|row| {
            row.iter()
                .map(|&h| match h.signum() {
                    1 => format!("c{h}"),
                    -1 => format!("s{}", h.unsigned_abs()),
                    _ => ".".into(),
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The whole position format: the board, a space, `c` or `s`.
pub fn position_text(position: &Position) -> String {
    format!(
        "{} {}",
        board_text(position),
        position.side_to_move().letter()
    )
}

/// Why a position text could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionTextError {
    /// The number of rows is not between 3 and 9.
    BadSize(usize),
    /// A row with the wrong number of squares.
    RowLength {
        /// The row (1-based, from the top).
        row: usize,
        /// Squares found.
        found: usize,
        /// Squares expected (the number of rows).
        expected: usize,
    },
    /// A square that is not `.`, `c<h>` or `s<h>` with 1 ≤ h ≤ N².
    BadSquare {
        /// The square's name.
        square: String,
        /// The text found.
        token: String,
    },
    /// No side to move after the board.
    MissingSide,
    /// A side to move other than `c` or `s`.
    BadSide(String),
    /// Readable but not a legal position.
    Invalid(PositionError),
}

impl fmt::Display for PositionTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionTextError::BadSize(n) => write!(f, "a board has 3 to 9 rows, not {n}"),
            PositionTextError::RowLength {
                row,
                found,
                expected,
            } => {
                write!(f, "row {row} has {found} squares, expected {expected}")
            }
            PositionTextError::BadSquare { square, token } => {
                write!(
                    f,
                    "{square} is {token:?}; expected . or c<height> or s<height>"
                )
            }
            PositionTextError::MissingSide => {
                f.write_str("the side to move (c or s) is missing after the board")
            }
            PositionTextError::BadSide(s) => write!(f, "side to move {s:?} is not c or s"),
            PositionTextError::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PositionTextError {}

/// Reads the unchecked setup from the position format.
pub fn parse_setup(text: &str) -> Result<Setup, PositionTextError> {
    let text = crate::text::fold(text);
    let text = text.trim();
    let (board, side) = text
        .rsplit_once(char::is_whitespace)
        .ok_or(PositionTextError::MissingSide)?;
    let side_to_move = match side.trim() {
        "c" | "C" => Side::Circles,
        "s" | "S" => Side::Squares,
        other => return Err(PositionTextError::BadSide(crate::text::excerpt(other, 20))),
    };
    let rows: Vec<&str> = board.trim().split('/').collect();
    let n = rows.len();
    let geometry = u8::try_from(n)
        .ok()
        .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
        .and_then(Geometry::new)
        .ok_or(PositionTextError::BadSize(n))?;
    let max_height = geometry.squares();
    let mut cells = [0i8; MAX_SQUARES];
    for (r, row) in rows.iter().enumerate() {
        let squares: Vec<&str> = row.split(',').map(str::trim).collect();
        if squares.len() != n {
            return Err(PositionTextError::RowLength {
                row: r + 1,
                found: squares.len(),
                expected: n,
            });
        }
        for (c, token) in squares.iter().enumerate() {
            let square = geometry.square(c as u8, r as u8).expect("on the board");
            let bad = || PositionTextError::BadSquare {
                square: geometry.name(square),
                token: crate::text::excerpt(token, 20),
            };
            let value = match token.chars().next() {
                Some('.') if token.len() == 1 => 0,
                Some(owner @ ('c' | 's' | 'C' | 'S')) => {
                    let h: usize = crate::text::parse_number(&token[1..]).ok_or_else(bad)?;
                    if h == 0 || h > max_height {
                        return Err(bad());
                    }
                    let h = h as i8;
                    if owner.eq_ignore_ascii_case(&'c') {
                        h
                    } else {
                        -h
                    }
                }
                _ => return Err(bad()),
            };
            cells[square.index()] = value;
        }
    }
    Ok(Setup {
        geometry,
        cells,
        side_to_move,
    })
}

/// Reads and checks a position text.
pub fn parse_position(text: &str) -> Result<Position, PositionTextError> {
    Position::from_setup(parse_setup(text)?).map_err(PositionTextError::Invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_prints_as_documented() {
        let start = Position::start(Geometry::new(3).unwrap());
        assert_eq!(position_text(&start), "c9,.,./.,.,./.,.,s9 c");
        assert_eq!(parse_position("c9,.,./.,.,./.,.,s9 c").unwrap(), start);
    }

    #[test]
    fn bad_position_texts_say_why() {
        assert_eq!(parse_setup("c9,. c"), Err(PositionTextError::BadSize(1)));
        assert_eq!(
            parse_setup("c9,.,./.,./.,.,s9 c"),
            Err(PositionTextError::RowLength {
                row: 2,
                found: 2,
                expected: 3
            })
        );
        assert_eq!(
            parse_setup("c9,x,./.,.,./.,.,s9 c"),
            Err(PositionTextError::BadSquare {
                square: "b1".into(),
                token: "x".into()
            })
        );
        assert_eq!(
            parse_setup("c0,.,./.,.,./.,.,s9 c"),
            Err(PositionTextError::BadSquare {
                square: "a1".into(),
                token: "c0".into()
            })
        );
        assert_eq!(
            parse_setup("c9,.,./.,.,./.,.,s9"),
            Err(PositionTextError::MissingSide)
        );
        assert_eq!(
            parse_setup("c9,.,./.,.,./.,.,s9 x"),
            Err(PositionTextError::BadSide("x".into()))
        );
        assert_eq!(
            parse_position("s9,.,./.,.,./.,.,c9 c"),
            Err(PositionTextError::Invalid(PositionError::HomeNotHeld(
                Side::Circles
            )))
        );
        assert_eq!(
            parse_position("c9,c1,./.,.,./.,.,s9 c"),
            Err(PositionTextError::Invalid(PositionError::TooManyPieces(
                Side::Circles
            )))
        );
    }

    #[test]
    fn moves_round_trip_and_bad_ones_are_refused() {
        let g = Geometry::new(5).unwrap();
        let mv = parse_move(g, "A1:3:b3").unwrap();
        assert_eq!(move_text(g, mv), "a1:3:b3");
        assert_eq!(parse_move(g, "pass"), Some(Move::Pass));
        for bad in ["a1:3", "a1:0:b1", "a1:x:b1", "f1:1:a1", "a1:1:b1:c1", ""] {
            assert_eq!(parse_move(g, bad), None, "{bad}");
        }
    }

    #[test]
    fn records_replay_with_errors_naming_the_move() {
        let start = Position::start(Geometry::new(5).unwrap());
        let game = replay(start, "a1:3:b3 e5:1:e4").unwrap();
        assert_eq!(game.moves.len(), 2);
        assert_eq!(
            record_text(start.geometry(), &game.moves),
            "a1:3:b3 e5:1:e4"
        );
        let err = replay(start, "a1:3:b3 e5:1:a1").unwrap_err();
        assert_eq!(err.to_string(), "move 2 (e5:1:a1): illegal for squares");
        let err = replay(start, "a1:3:b3 zz").unwrap_err();
        assert!(err.to_string().starts_with("move 2 (zz): not a move"));
        let err = replay(start, "pass").unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 1 (pass): circles can move and cannot pass"
        );
        // Parity: 2 steps never land on a square of the other colour.
        assert!(replay(start, "a1:2:b1").is_err());
    }
}
