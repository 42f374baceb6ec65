//! Othello messages in the user's language: results, errors, square names
//! for screen readers and spoken announcements.

use crate::engine::othello::notation::{BoardTextError, TranscriptError};
use crate::engine::othello::{
    Color, Level, Move, Outcome, PlayError, PositionError, Square, Variant,
};
use crate::session::othello::link::LinkError;
use crate::session::othello::saved::SavedError;
use crate::session::othello::state::{Announcement, Notice};
use crate::session::query::QueryError;

use super::{fill, Texts};

/// "Black" or "White".
pub fn color_name(t: &Texts, color: Color) -> &'static str {
    match color {
        Color::Black => t.black,
        Color::White => t.white,
    }
}

/// "black" or "white", inside sentences.
pub fn color_lower(t: &Texts, color: Color) -> &'static str {
    match color {
        Color::Black => t.black_lower,
        Color::White => t.white_lower,
    }
}

/// The name of a level ("4 · Club player").
pub fn level_name(t: &Texts, level: Level) -> &'static str {
    [
        t.level_1, t.level_2, t.level_3, t.level_4, t.level_5, t.level_6, t.level_7,
    ][usize::from(level.number() - 1)]
}

/// The name of a variant.
pub fn variant_name(t: &Texts, variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => t.variant_standard,
        Variant::Anti => t.variant_anti,
        Variant::Reversi => t.variant_reversi,
    }
}

/// An evaluation in hundredths of a disc as discs with a sign: "+1.5".
pub fn score_text(score: i32, exact: bool) -> String {
    if exact {
        format!("{:+}", score / 100)
    } else {
        format!("{:+.1}", f64::from(score) / 100.0)
    }
}

/// The result line: "Black wins 40–24" (winner's score first) or a draw.
pub fn outcome_text(t: &Texts, outcome: &Outcome) -> String {
    let (hi, lo) = (
        outcome.black.max(outcome.white),
        outcome.black.min(outcome.white),
    );
    let (a, b) = match outcome.winner {
        Some(Color::Black) => (outcome.black, outcome.white),
        Some(Color::White) => (outcome.white, outcome.black),
        None => (hi, lo),
    };
    let template = match outcome.winner {
        Some(Color::Black) => t.black_wins,
        Some(Color::White) => t.white_wins,
        None => t.draw,
    };
    fill(template, &[("a", &a.to_string()), ("b", &b.to_string())])
}

/// A refused move.
pub fn play_error_text(t: &Texts, error: &PlayError) -> String {
    match error {
        PlayError::GameOver => t.err_game_over.to_string(),
        PlayError::Illegal(square, color) => fill(
            t.err_square_illegal,
            &[
                ("square", &square.to_string()),
                ("color", color_lower(t, *color)),
            ],
        ),
        PlayError::MustPass(color) => fill(t.err_must_pass, &[("color", color_name(t, *color))]),
        PlayError::PassNotAllowed(color) => {
            fill(t.err_cannot_pass, &[("color", color_name(t, *color))])
        }
    }
}

/// A refused transcript, naming the move.
pub fn transcript_error_text(t: &Texts, error: &TranscriptError) -> String {
    match error {
        TranscriptError::NotASquare {
            number,
            offset,
            token,
        } => fill(
            t.err_not_a_square,
            &[
                ("n", &number.to_string()),
                ("offset", &(offset + 1).to_string()),
                ("token", token),
            ],
        ),
        TranscriptError::Illegal {
            number,
            square,
            color,
        } => fill(
            t.err_illegal_move,
            &[
                ("n", &number.to_string()),
                ("square", &square.to_string()),
                ("color", color_lower(t, *color)),
            ],
        ),
        TranscriptError::PassNotAllowed { number, color } => fill(
            t.err_pass_not_allowed,
            &[
                ("n", &number.to_string()),
                ("color", color_lower(t, *color)),
            ],
        ),
        TranscriptError::AfterEnd { number, token } => fill(
            t.err_after_end,
            &[("n", &number.to_string()), ("token", token)],
        ),
    }
}

/// A position that breaks the rules.
pub fn position_error_text(t: &Texts, error: &PositionError) -> String {
    let (template, square) = match error {
        PositionError::Overlap(s) => (t.err_overlap, s),
        PositionError::OffBoard(s) => (t.err_off_board, s),
        PositionError::EmptyCentre(s) => (t.err_empty_centre, s),
        PositionError::OutsideCentreTooEarly(s) => (t.err_outside_centre, s),
    };
    fill(template, &[("square", &square.to_string())])
}

/// A refused board string.
pub fn board_error_text(t: &Texts, error: &BoardTextError) -> String {
    match error {
        BoardTextError::WrongLength(n) => fill(t.err_board_length, &[("n", &n.to_string())]),
        BoardTextError::BadSquare { index, found } => fill(
            t.err_board_square,
            &[("index", &index.to_string()), ("found", &found.to_string())],
        ),
        BoardTextError::MissingSide | BoardTextError::BadSide(_) => t.err_board_side.to_string(),
        BoardTextError::Invalid(e) => position_error_text(t, e),
    }
}

fn trim_stop(text: &str) -> &str {
    text.trim_end_matches('.')
}

/// Why a link was refused.
pub fn link_error_text(t: &Texts, error: &LinkError) -> String {
    let reason = match error {
        LinkError::Query(QueryError::UnknownKey(key) | QueryError::RepeatedKey(key)) => {
            fill(t.err_link_key, &[("key", key)])
        }
        LinkError::BadValue { key, value } => {
            fill(t.err_link_value, &[("key", key), ("value", value)])
        }
        LinkError::Board(e) => trim_stop(&board_error_text(t, e)).to_string(),
        LinkError::SizeMismatch => t.err_link_size.to_string(),
        LinkError::Moves(e) => trim_stop(&transcript_error_text(t, e)).to_string(),
    };
    fill(t.link_error, &[("reason", &reason)])
}

/// Why the saved game was discarded.
pub fn saved_error_text(t: &Texts, error: &SavedError) -> String {
    let reason = match error {
        SavedError::Corrupt(_) => t.saved_corrupt,
        SavedError::Version(_) => t.saved_version,
        SavedError::Invalid(_) => t.saved_corrupt,
    };
    fill(t.saved_error, &[("reason", reason)])
}

/// A notice in words.
pub fn notice_text(t: &Texts, notice: &Notice) -> String {
    match notice {
        Notice::Illegal(e) => play_error_text(t, e),
        Notice::Transcript(e) => transcript_error_text(t, e),
        Notice::Board(e) => board_error_text(t, e),
        Notice::Link(e) => link_error_text(t, e),
        Notice::Saved(e) => saved_error_text(t, e),
        Notice::Copied => t.moves_copied.to_string(),
        Notice::LinkCopied => t.link_copied.to_string(),
        Notice::EngineFailed => t.engine_failed.to_string(),
    }
}

fn square_list(squares: &[Square]) -> String {
    squares
        .iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the live region says.
pub fn announcement_text(t: &Texts, said: &[Announcement]) -> String {
    said.iter()
        .map(|a| match a {
            Announcement::Moved {
                color,
                square,
                flipped,
                by_computer,
            } => fill(
                if *by_computer {
                    t.said_computer_moved
                } else {
                    t.said_moved
                },
                &[
                    (
                        "color",
                        if *by_computer {
                            color_lower(t, *color)
                        } else {
                            color_name(t, *color)
                        },
                    ),
                    ("square", &square.to_string()),
                    ("flips", &square_list(flipped)),
                ],
            ),
            Announcement::Passed { color, by_computer } => fill(
                if *by_computer {
                    t.said_computer_passed
                } else {
                    t.said_passed
                },
                &[(
                    "color",
                    if *by_computer {
                        color_lower(t, *color)
                    } else {
                        color_name(t, *color)
                    },
                )],
            ),
            Announcement::MustPass(color) => fill(t.must_pass, &[("color", color_name(t, *color))]),
            Announcement::GameOver(outcome) => {
                format!("{} {}.", t.game_over, outcome_text(t, outcome))
            }
            Announcement::Score {
                black,
                white,
                to_move,
            } => {
                let score = fill(
                    t.said_score,
                    &[("black", &black.to_string()), ("white", &white.to_string())],
                );
                match to_move {
                    Some(color) => format!(
                        "{score} {}",
                        fill(t.said_to_move, &[("color", color_lower(t, *color))])
                    ),
                    None => score,
                }
            }
            Announcement::LastMove(None) => t.said_no_moves_yet.to_string(),
            Announcement::LastMove(Some((color, mv))) => fill(
                t.said_last_move,
                &[
                    ("color", color_lower(t, *color)),
                    (
                        "square",
                        &match mv {
                            Move::Place(s) => s.to_string(),
                            Move::Pass => t.pass.to_lowercase(),
                        },
                    ),
                ],
            ),
            Announcement::Undone(n) => fill(t.said_undone, &[("n", &n.to_string())]),
            Announcement::Redone(n) => fill(t.said_redone, &[("n", &n.to_string())]),
            Announcement::NewGame => t.said_new_game.to_string(),
            Announcement::Loaded => t.said_loaded.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a square is, for its accessible name.
#[derive(Clone, Copy, Default)]
pub struct SquareFacts {
    /// The disc on it.
    pub disc: Option<Color>,
    /// A legal move for the side to move.
    pub legal: bool,
    /// The last move was played here.
    pub last: bool,
    /// The disc was just flipped.
    pub flipped: bool,
    /// The hint evaluation of a move here.
    pub hint: Option<(i32, bool, bool)>,
}

/// The accessible name of a square: "d3, empty, legal move".
pub fn square_label(t: &Texts, square: Square, facts: SquareFacts) -> String {
    let mut parts = vec![square.to_string()];
    parts.push(match facts.disc {
        Some(color) => color_lower(t, color).to_string(),
        None => t.empty_square.to_string(),
    });
    if facts.legal {
        parts.push(t.legal_move.to_string());
    }
    if let Some((score, exact, best)) = facts.hint {
        parts.push(fill(t.hint_score, &[("score", &score_text(score, exact))]));
        if best {
            parts.push(t.best_move.to_string());
        }
    }
    if facts.last {
        parts.push(t.last_move_mark.to_string());
    }
    if facts.flipped {
        parts.push(t.flipped_mark.to_string());
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn results_put_the_winner_first() {
        let t = Lang::En.texts();
        let outcome = Outcome {
            black: 24,
            white: 40,
            winner: Some(Color::White),
        };
        assert_eq!(outcome_text(t, &outcome), "White wins 40–24");
        let draw = Outcome {
            black: 32,
            white: 32,
            winner: None,
        };
        assert_eq!(outcome_text(t, &draw), "Draw 32–32");
    }

    #[test]
    fn square_names_read_well() {
        let t = Lang::En.texts();
        let d3 = Square::new(3, 2).unwrap();
        let label = square_label(
            t,
            d3,
            SquareFacts {
                legal: true,
                ..SquareFacts::default()
            },
        );
        assert_eq!(label, "d3, empty, legal move");
        let label = square_label(
            Lang::Cs.texts(),
            d3,
            SquareFacts {
                disc: Some(Color::Black),
                last: true,
                ..SquareFacts::default()
            },
        );
        assert_eq!(label, "d3, černý, poslední tah");
    }

    #[test]
    fn transcript_errors_name_the_move_in_every_language() {
        let e = TranscriptError::NotASquare {
            number: 12,
            offset: 22,
            token: "c9".into(),
        };
        assert_eq!(
            transcript_error_text(Lang::En.texts(), &e),
            "Move 12 (c9, character 23): not a square."
        );
        assert!(transcript_error_text(Lang::Cs.texts(), &e).contains("12 (c9, znak 23)"));
        assert!(transcript_error_text(Lang::Ru.texts(), &e).contains("12 (c9, символ 23)"));
    }

    #[test]
    fn moves_are_announced_with_their_flips() {
        let t = Lang::En.texts();
        let said = announcement_text(
            t,
            &[Announcement::Moved {
                color: Color::Black,
                square: Square::new(3, 2).unwrap(),
                flipped: vec![Square::new(3, 3).unwrap()],
                by_computer: false,
            }],
        );
        assert_eq!(said, "Black d3, flips d4.");
    }
}
