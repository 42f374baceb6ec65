//! Opok messages in the user's language.

use std::convert::Infallible;

use crate::engine::opok::notation::{move_text, RecordError};
use crate::engine::opok::{Geometry, Move, Outcome, PlayError, Side, Square, Stack};
use crate::engine::search::Progress;
use crate::session::core::PassedBy;
use crate::session::opok::view::{Selection, SquareView};
use crate::session::opok::{Opok, OpokAnnouncement};

use super::session::GameTexts;
use super::{SideName, Texts};

/// "Circles" or "Squares".
pub fn side_name(t: &Texts, side: Side) -> &'static str {
    match side {
        Side::Circles => t.opok.circles(),
        Side::Squares => t.opok.squares(),
    }
}

/// The side's name in the forms sentences need.
pub fn side_forms(t: &Texts, side: Side) -> SideName {
    match side {
        Side::Circles => t.opok.circles_forms(),
        Side::Squares => t.opok.squares_forms(),
    }
}

/// "Circles win 14–9" (winner first) or a draw.
pub fn outcome_text(t: &Texts, outcome: &Outcome) -> String {
    match outcome.winner {
        Some(Side::Circles) => t.opok.circles_win(outcome.circles, outcome.squares),
        Some(Side::Squares) => t.opok.squares_win(outcome.squares, outcome.circles),
        None => t.common.draw(outcome.circles, outcome.squares),
    }
}

/// A refused record, naming the move.
pub fn record_error_text(t: &Texts, error: &RecordError) -> String {
    match error {
        RecordError::NotAMove { number, token } => t.opok.err_not_a_move(number.to_string(), token),
        RecordError::Illegal {
            number,
            token,
            side,
        } => t
            .opok
            .err_illegal(number.to_string(), token, side_forms(t, *side)),
        RecordError::PassNotAllowed { number, side } => t
            .opok
            .err_pass_not_allowed(number.to_string(), side_forms(t, *side)),
        RecordError::AfterEnd { number, token } => {
            t.common.err_after_end(number.to_string(), token)
        }
    }
}

/// A refused move.
pub fn play_error_text(t: &Texts, error: &PlayError, side: Side) -> String {
    match error {
        PlayError::GameOver => t.common.err_game_over().to_string(),
        PlayError::Illegal | PlayError::PassNotAllowed => t.opok.err_move_illegal().to_string(),
        PlayError::MustPass => t.opok.must_pass(side_forms(t, side)),
    }
}

impl GameTexts for Opok {
    type Context = Geometry;

    fn side_name(t: &Texts, side: Side) -> &'static str {
        side_name(t, side)
    }

    fn side_forms(t: &Texts, side: Side) -> SideName {
        side_forms(t, side)
    }

    fn moved_text(
        t: &Texts,
        geometry: Geometry,
        side: Side,
        mv: &Move,
        captured: &Vec<(Square, Stack)>,
        by_computer: bool,
    ) -> String {
        let text = move_text(geometry, *mv);
        let moved = if by_computer {
            t.opok.said_computer_moved(side_forms(t, side), text)
        } else {
            t.opok.said_moved(side_forms(t, side), text)
        };
        if captured.is_empty() {
            return moved;
        }
        let list: Vec<String> = captured
            .iter()
            .map(|(s, stack)| format!("{} ({})", geometry.name(*s), stack.height))
            .collect();
        format!("{moved} {}", t.opok.said_captures(list.join(", ")))
    }

    fn move_label(t: &Texts, geometry: Geometry, mv: &Move) -> String {
        move_label(t, geometry, *mv)
    }

    fn last_move_text(t: &Texts, geometry: Geometry, side: Side, mv: &Move) -> String {
        t.opok
            .said_last_move(side_forms(t, side), move_label(t, geometry, *mv))
    }

    fn outcome_text(t: &Texts, outcome: &Outcome) -> String {
        outcome_text(t, outcome)
    }

    fn must_pass_text(t: &Texts, side: Side) -> String {
        t.opok.must_pass(side_forms(t, side))
    }

    fn your_move_text(t: &Texts, side: Side) -> String {
        t.opok.your_move(side_forms(t, side))
    }

    fn passed_text(t: &Texts, side: Side, by: PassedBy) -> String {
        let name = side_forms(t, side);
        match by {
            PassedBy::Person => t.opok.said_passed(name),
            PassedBy::Automatically => t.opok.said_auto_passed(name),
            PassedBy::Computer => t.common.said_computer_passed(name),
        }
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
        let score = t.opok.said_score(circles.to_string(), squares.to_string());
        match to_move {
            Some(side) => format!("{score} {}", t.opok.said_to_move(side_forms(t, *side))),
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
    let k = u64::from(selection.k);
    if selection.current_landings() == 0 {
        t.opok.no_landing(k)
    } else {
        format!(
            "{} {}",
            t.opok.choose_k(geometry.name(selection.from)),
            t.opok.choose_landing(k)
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
        "{} {} · {} {} · {} {}",
        t.common.depth(),
        progress.depth,
        t.common.score(),
        super::plain::signed_one_decimal(progress.score),
        t.common.line(),
        line.join(" ")
    )
}

/// A move as shown: `a1:3:b3`, or "pass" in the user's language.
pub fn move_label(t: &Texts, geometry: Geometry, mv: Move) -> String {
    match mv {
        Move::Pass => super::plain::lowercase(t.common.pass()),
        step => move_text(geometry, step),
    }
}

/// The accessible name of a square: "c3, Circles, height 4, can move"
/// ("c3, věž koleček, výška 4, může táhnout").
pub fn square_label(t: &Texts, geometry: Geometry, facts: &SquareView) -> String {
    let mut parts = vec![geometry.name(facts.square)];
    match facts.stack {
        Some(stack) => parts.push(
            t.opok
                .stack(side_forms(t, stack.owner), stack.height.to_string()),
        ),
        None => parts.push(t.common.empty_square().to_string()),
    }
    for (on, text) in [
        (facts.movable, t.opok.can_move()),
        (facts.selected, t.opok.selected()),
        (facts.landing, t.opok.landing()),
        (facts.last, t.opok.last_landing()),
        (facts.captured.is_some(), t.opok.captured_mark()),
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
    use crate::session::core::{Announcement, PassedBy};

    /// What a screen reader hears on Circles' home stack at the start.
    fn home_label(lang: Lang) -> String {
        let view = SquareView {
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
            shown: false,
        };
        square_label(lang.texts(), Geometry::new(5).unwrap(), &view)
    }

    #[test]
    fn squares_and_moves_read_well() {
        let g = Geometry::new(5).unwrap();
        let t = Lang::En.texts();
        assert_eq!(home_label(Lang::En), "a1, Circles, height 25, can move");
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

    #[test]
    fn sides_agree_with_their_verbs_and_cases() {
        let passed = |lang: Lang| {
            announcement_text::<Opok>(
                lang.texts(),
                Geometry::new(5).unwrap(),
                &[Announcement::Passed {
                    side: Side::Circles,
                    by: PassedBy::Person,
                }],
            )
        };
        assert_eq!(passed(Lang::En), "Circles pass.");
        assert_eq!(passed(Lang::Cs), "Kolečka pasují.");
        assert_eq!(passed(Lang::Ru), "Круги пасуют.");
        let e = RecordError::PassNotAllowed {
            number: 4,
            side: Side::Squares,
        };
        assert_eq!(
            record_error_text(Lang::Cs.texts(), &e),
            "Tah 4 (pas): čtverečky mohou táhnout a nesmějí pasovat."
        );
        assert_eq!(
            home_label(Lang::Ru),
            "a1, столбик кругов, высота 25, может ходить"
        );
    }
}
