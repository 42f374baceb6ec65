//! Opok messages in the user's language.

use crate::engine::opok::notation::{move_text, RecordError};
use crate::engine::opok::{Geometry, Move, Outcome, PlayError, Side, Square, Stack};
use crate::session::opok::link::LinkError;
use crate::session::opok::{Announcement, Notice};
use crate::session::query::QueryError;

use super::othello::saved_error_text;
use super::{fill, Texts};

/// "Circles" or "Squares".
pub fn side_name(t: &Texts, side: Side) -> &'static str {
    match side {
        Side::Circles => t.circles,
        Side::Squares => t.squares,
    }
}

/// "circles" or "squares", inside sentences.
pub fn side_lower(t: &Texts, side: Side) -> &'static str {
    match side {
        Side::Circles => t.circles_lower,
        Side::Squares => t.squares_lower,
    }
}

/// "Circles win 14–9" (winner first) or a draw.
pub fn outcome_text(t: &Texts, outcome: &Outcome) -> String {
    let (template, a, b) = match outcome.winner {
        Some(Side::Circles) => (t.opok_circles_win, outcome.circles, outcome.squares),
        Some(Side::Squares) => (t.opok_squares_win, outcome.squares, outcome.circles),
        None => (t.draw, outcome.circles, outcome.squares),
    };
    fill(template, &[("a", &a.to_string()), ("b", &b.to_string())])
}

/// A refused record, naming the move.
pub fn record_error_text(t: &Texts, error: &RecordError) -> String {
    match error {
        RecordError::NotAMove { number, token } => fill(
            t.err_opok_not_a_move,
            &[("n", &number.to_string()), ("token", token)],
        ),
        RecordError::Illegal {
            number,
            token,
            side,
        } => fill(
            t.err_opok_illegal,
            &[
                ("n", &number.to_string()),
                ("token", token),
                ("side", side_lower(t, *side)),
            ],
        ),
        RecordError::PassNotAllowed { number, side } => fill(
            t.err_opok_pass_not_allowed,
            &[("n", &number.to_string()), ("side", side_name(t, *side))],
        ),
        RecordError::AfterEnd { number, token } => fill(
            t.err_after_end,
            &[("n", &number.to_string()), ("token", token)],
        ),
    }
}

/// A refused move.
pub fn play_error_text(t: &Texts, error: &PlayError, side: Side) -> String {
    match error {
        PlayError::GameOver => t.err_game_over.to_string(),
        PlayError::Illegal | PlayError::PassNotAllowed => t.err_opok_move_illegal.to_string(),
        PlayError::MustPass => fill(t.opok_must_pass, &[("side", side_name(t, side))]),
    }
}

fn link_error_text(t: &Texts, error: &LinkError) -> String {
    let reason = match error {
        LinkError::Query(QueryError::UnknownKey(key) | QueryError::RepeatedKey(key)) => {
            fill(t.err_link_key, &[("key", key)])
        }
        LinkError::BadValue { key, value } => {
            fill(t.err_link_value, &[("key", key), ("value", value)])
        }
        LinkError::Moves(e) => record_error_text(t, e).trim_end_matches('.').to_string(),
    };
    fill(t.link_error, &[("reason", &reason)])
}

/// A notice in words; `side` is the side to move.
pub fn notice_text(t: &Texts, notice: &Notice, side: Side) -> String {
    match notice {
        Notice::Illegal(e) => play_error_text(t, e, side),
        Notice::Record(e) => record_error_text(t, e),
        Notice::Link(e) => link_error_text(t, e),
        Notice::Saved(e) => saved_error_text(t, e),
        Notice::Copied => t.moves_copied.to_string(),
        Notice::LinkCopied => t.link_copied.to_string(),
        Notice::EngineFailed => t.engine_failed.to_string(),
    }
}

/// What the live region says.
pub fn announcement_text(t: &Texts, geometry: Geometry, said: &[Announcement]) -> String {
    said.iter()
        .map(|a| match a {
            Announcement::Moved {
                side,
                mv,
                captured,
                by_computer,
            } => {
                let moved = fill(
                    if *by_computer {
                        t.said_opok_computer_moved
                    } else {
                        t.said_opok_moved
                    },
                    &[
                        (
                            "side",
                            if *by_computer {
                                side_lower(t, *side)
                            } else {
                                side_name(t, *side)
                            },
                        ),
                        ("move", &move_text(geometry, *mv)),
                    ],
                );
                if captured.is_empty() {
                    moved
                } else {
                    let list: Vec<String> = captured
                        .iter()
                        .map(|(s, h)| format!("{} ({h})", geometry.name(*s)))
                        .collect();
                    format!(
                        "{moved} {}",
                        fill(t.said_opok_captures, &[("list", &list.join(", "))])
                    )
                }
            }
            Announcement::Passed { side, by_computer } => fill(
                if *by_computer {
                    t.said_computer_passed
                } else {
                    t.said_passed
                },
                &[(
                    "color",
                    if *by_computer {
                        side_lower(t, *side)
                    } else {
                        side_name(t, *side)
                    },
                )],
            ),
            Announcement::MustPass(side) => {
                fill(t.opok_must_pass, &[("side", side_name(t, *side))])
            }
            Announcement::GameOver(outcome) => {
                format!("{} {}.", t.game_over, outcome_text(t, outcome))
            }
            Announcement::Score {
                circles,
                squares,
                to_move,
            } => {
                let score = fill(
                    t.said_opok_score,
                    &[("c", &circles.to_string()), ("s", &squares.to_string())],
                );
                match to_move {
                    Some(side) => format!(
                        "{score} {}",
                        fill(t.said_to_move, &[("color", side_lower(t, *side))])
                    ),
                    None => score,
                }
            }
            Announcement::LastMove(None) => t.said_no_moves_yet.to_string(),
            Announcement::LastMove(Some((side, mv))) => fill(
                t.said_opok_last_move,
                &[
                    ("side", side_lower(t, *side)),
                    ("move", &move_label(t, geometry, *mv)),
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

/// A move as shown: `a1:3:b3`, or "pass" in the user's language.
pub fn move_label(t: &Texts, geometry: Geometry, mv: Move) -> String {
    match mv {
        Move::Pass => t.pass.to_lowercase(),
        step => move_text(geometry, step),
    }
}

/// What a square is, for its accessible name.
#[derive(Clone, Copy, Default)]
pub struct SquareFacts {
    /// The stack on it.
    pub stack: Option<Stack>,
    /// A stack of the side to move that can move.
    pub movable: bool,
    /// The selected stack.
    pub selected: bool,
    /// A landing square for the chosen number of pieces.
    pub landing: bool,
    /// The last move landed here.
    pub last: bool,
    /// A stack was just captured here.
    pub captured: bool,
}

/// The accessible name of a square: "c3, Circles, height 4, can move".
pub fn square_label(t: &Texts, geometry: Geometry, square: Square, facts: SquareFacts) -> String {
    let mut parts = vec![geometry.name(square)];
    match facts.stack {
        Some(stack) => parts.push(fill(
            t.opok_stack,
            &[
                ("owner", side_name(t, stack.owner)),
                ("h", &stack.height.to_string()),
            ],
        )),
        None => parts.push(t.empty_square.to_string()),
    }
    for (on, text) in [
        (facts.movable, t.opok_can_move),
        (facts.selected, t.opok_selected),
        (facts.landing, t.opok_landing),
        (facts.last, t.opok_last_landing),
        (facts.captured, t.opok_captured_mark),
    ] {
        if on {
            parts.push(text.to_string());
        }
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn squares_and_moves_read_well() {
        let g = Geometry::new(5).unwrap();
        let t = Lang::En.texts();
        let label = square_label(
            t,
            g,
            Square(0),
            SquareFacts {
                stack: Some(Stack {
                    owner: Side::Circles,
                    height: 25,
                }),
                movable: true,
                ..SquareFacts::default()
            },
        );
        assert_eq!(label, "a1, Circles, height 25, can move");
        let said = announcement_text(
            t,
            g,
            &[Announcement::Moved {
                side: Side::Circles,
                mv: Move::Step {
                    from: Square(0),
                    k: 3,
                    to: Square(11),
                },
                captured: vec![(Square(12), 2)],
                by_computer: false,
            }],
        );
        assert_eq!(said, "Circles a1:3:b3. Captures c3 (2).");
    }
}
