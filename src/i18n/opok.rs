//! Opok messages in the user's language.

use std::convert::Infallible;

use crate::engine::opok::notation::{move_text, RecordError};
use crate::engine::opok::{Geometry, Move, Outcome, PlayError, Side, Square, Stack};
use crate::engine::search::Progress;
use crate::session::opok::view::{Selection, SquareView};
use crate::session::opok::{Opok, OpokAnnouncement};

use super::session::GameTexts;
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

impl GameTexts for Opok {
    type Context = Geometry;

    fn side_name(t: &Texts, side: Side) -> &'static str {
        side_name(t, side)
    }

    fn side_lower(t: &Texts, side: Side) -> &'static str {
        side_lower(t, side)
    }

    fn moved_text(
        t: &Texts,
        geometry: Geometry,
        side: Side,
        mv: &Move,
        captured: &Vec<(Square, Stack)>,
        by_computer: bool,
    ) -> String {
        let (template, name) = if by_computer {
            (t.said_opok_computer_moved, side_lower(t, side))
        } else {
            (t.said_opok_moved, side_name(t, side))
        };
        let moved = fill(
            template,
            &[("side", name), ("move", &move_text(geometry, *mv))],
        );
        if captured.is_empty() {
            return moved;
        }
        let list: Vec<String> = captured
            .iter()
            .map(|(s, stack)| format!("{} ({})", geometry.name(*s), stack.height))
            .collect();
        format!(
            "{moved} {}",
            fill(t.said_opok_captures, &[("list", &list.join(", "))])
        )
    }

    fn move_label(t: &Texts, geometry: Geometry, mv: &Move) -> String {
        move_label(t, geometry, *mv)
    }

    fn last_move_text(t: &Texts, geometry: Geometry, side: Side, mv: &Move) -> String {
        fill(
            t.said_opok_last_move,
            &[
                ("side", side_lower(t, side)),
                ("move", &move_label(t, geometry, *mv)),
            ],
        )
    }

    fn outcome_text(t: &Texts, outcome: &Outcome) -> String {
        outcome_text(t, outcome)
    }

    fn must_pass_text(t: &Texts, side: Side) -> String {
        fill(t.opok_must_pass, &[("side", side_name(t, side))])
    }

    fn your_move_text(t: &Texts, side: Side) -> String {
        fill(t.opok_your_move, &[("side", side_lower(t, side))])
    }

    fn play_error_text(t: &Texts, error: &PlayError, side: Side) -> String {
        play_error_text(t, error, side)
    }

    fn record_error_text(t: &Texts, error: &RecordError) -> String {
        record_error_text(t, error)
    }

    fn start_error_text(_t: &Texts, error: &Infallible) -> String {
        match *error {}
    }

    fn game_announcement_text(t: &Texts, _geometry: Geometry, said: &OpokAnnouncement) -> String {
        let OpokAnnouncement::Score {
            circles,
            squares,
            to_move,
        } = said;
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

    fn game_notice_text(_t: &Texts, notice: &Infallible) -> String {
        match *notice {}
    }
}

/// What a person putting a move together is told: how many pieces to
/// lift and where they can land, or that they land nowhere.
pub fn guidance_text(t: &Texts, geometry: Geometry, selection: &Selection) -> String {
    let k = selection.k.to_string();
    if selection.current_landings() == 0 {
        fill(t.opok_no_landing, &[("k", &k)])
    } else {
        format!(
            "{} {}",
            fill(
                t.opok_choose_k,
                &[("square", &geometry.name(selection.from))]
            ),
            fill(t.opok_choose_landing, &[("k", &k)])
        )
    }
}

/// The computer's search so far: "Depth 6 · Score +1.5 · Line a1:3:b3 …".
pub fn thinking_text(t: &Texts, geometry: Geometry, progress: &Progress<Move>) -> String {
    let line: Vec<String> = progress
        .pv
        .iter()
        .map(|&m| move_label(t, geometry, m))
        .collect();
    format!(
        "{} {} · {} {:+.1} · {} {}",
        t.depth,
        progress.depth,
        t.score,
        f64::from(progress.score) / 100.0,
        t.line,
        line.join(" ")
    )
}

/// A move as shown: `a1:3:b3`, or "pass" in the user's language.
pub fn move_label(t: &Texts, geometry: Geometry, mv: Move) -> String {
    match mv {
        Move::Pass => t.pass.to_lowercase(),
        step => move_text(geometry, step),
    }
}

/// The accessible name of a square: "c3, Circles, height 4, can move".
pub fn square_label(t: &Texts, geometry: Geometry, facts: &SquareView) -> String {
    let mut parts = vec![geometry.name(facts.square)];
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
        (facts.captured.is_some(), t.opok_captured_mark),
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
    use crate::i18n::session::announcement_text;
    use crate::i18n::Lang;
    use crate::session::core::Announcement;

    #[test]
    fn squares_and_moves_read_well() {
        let g = Geometry::new(5).unwrap();
        let t = Lang::En.texts();
        let label = square_label(
            t,
            g,
            &SquareView {
                square: Square(0),
                stack: Some(Stack {
                    owner: Side::Circles,
                    height: 25,
                }),
                movable: true,
                selected: false,
                landing: false,
                last: false,
                captured: None,
            },
        );
        assert_eq!(label, "a1, Circles, height 25, can move");
        let said = announcement_text::<Opok>(
            t,
            g,
            &[Announcement::Moved {
                side: Side::Circles,
                mv: Move::Step {
                    from: Square(0),
                    k: 3,
                    to: Square(11),
                },
                effect: vec![(
                    Square(12),
                    Stack {
                        owner: Side::Squares,
                        height: 2,
                    },
                )],
                by_computer: false,
            }],
        );
        assert_eq!(said, "Circles a1:3:b3. Captures c3 (2).");
    }
}
