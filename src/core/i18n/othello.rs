//! Othello messages in the user's language: results, errors, square names
//! for screen readers and spoken announcements.

use crate::engine::othello::notation::{BoardTextError, TranscriptError};
use crate::engine::othello::{
    Color, Level, Move, Outcome, PlayError, PositionError, Square, Variant,
};
use crate::session::core::PassedBy;
use crate::session::othello::formats::StartError;
use crate::session::othello::view::SquareView;
use crate::session::othello::{Othello, OthelloAnnouncement, OthelloNotice, Settings};

use super::session::GameTexts;
use super::{SideName, Texts};

/// "Black" or "White": the player, as a label.
pub fn color_name(t: &Texts, color: Color) -> &'static str {
    match color {
        Color::Black => t.othello.black(),
        Color::White => t.othello.white(),
    }
}

/// The player's name in the forms sentences need.
pub fn color_forms(t: &Texts, color: Color) -> SideName {
    match color {
        Color::Black => t.othello.black_forms(),
        Color::White => t.othello.white_forms(),
    }
}

/// "black" or "white": a disc's colour, as a square's name says it
/// ("d3, black").
pub fn color_lower(t: &Texts, color: Color) -> &'static str {
    match color {
        Color::Black => t.othello.black_disc(),
        Color::White => t.othello.white_disc(),
    }
}

/// The name of a level ("4 · Club player").
pub fn level_name(t: &Texts, level: Level) -> &'static str {
    [
        t.common.level_1(),
        t.common.level_2(),
        t.common.level_3(),
        t.common.level_4(),
        t.common.level_5(),
        t.common.level_6(),
        t.common.level_7(),
    ][usize::from(level.number() - 1)]
}

/// The name of a variant.
pub fn variant_name(t: &Texts, variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => t.othello.variant_standard(),
        Variant::Anti => t.othello.variant_anti(),
        Variant::Reversi => t.othello.variant_reversi(),
    }
}

/// An evaluation in hundredths of a disc as discs with a sign: "+1.5".
pub fn score_text(score: i32, exact: bool) -> String {
    if exact {
        format!("{:+}", score / 100)
    } else {
        super::plain::signed_one_decimal(score)
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
    match outcome.winner {
        Some(Color::Black) => t.othello.black_wins(a, b),
        Some(Color::White) => t.othello.white_wins(a, b),
        None => t.common.draw(a, b),
    }
}

/// A refused move.
pub fn play_error_text(t: &Texts, error: &PlayError) -> String {
    match error {
        PlayError::GameOver => t.common.err_game_over().to_string(),
        PlayError::Illegal(square, color) => t
            .othello
            .err_square_illegal(square.to_string(), color_forms(t, *color)),
        PlayError::MustPass(color) => t.othello.err_must_pass(color_forms(t, *color)),
        PlayError::PassNotAllowed(color) => t.othello.err_cannot_pass(color_forms(t, *color)),
    }
}

/// A refused transcript, naming the move.
pub fn transcript_error_text(t: &Texts, error: &TranscriptError) -> String {
    match error {
        TranscriptError::NotASquare {
            number,
            offset,
            token,
        } => t
            .othello
            .err_not_a_square(number.to_string(), token, (offset + 1).to_string()),
        TranscriptError::Illegal {
            number,
            square,
            color,
        } => t.othello.err_illegal_move(
            number.to_string(),
            square.to_string(),
            color_forms(t, *color),
        ),
        TranscriptError::PassNotAllowed { number, color } => t
            .othello
            .err_pass_not_allowed(number.to_string(), color_forms(t, *color)),
        TranscriptError::AfterEnd { number, token } => {
            t.common.err_after_end(number.to_string(), token)
        }
    }
}

/// A position that breaks the rules.
pub fn position_error_text(t: &Texts, error: &PositionError) -> String {
    match error {
        PositionError::Overlap(s) => t.othello.err_overlap(s),
        PositionError::OffBoard(s) => t.othello.err_off_board(s),
        PositionError::EmptyCentre(s) => t.othello.err_empty_centre(s),
        PositionError::OutsideCentreTooEarly(s) => t.othello.err_outside_centre(s),
    }
}

/// A refused board string.
pub fn board_error_text(t: &Texts, error: &BoardTextError) -> String {
    match error {
        BoardTextError::WrongLength(n) => t.othello.err_board_length(n.to_string()),
        BoardTextError::BadSquare { index, found } => t
            .othello
            .err_board_square(index.to_string(), found.to_string()),
        BoardTextError::MissingSide | BoardTextError::BadSide(_) => {
            t.othello.err_board_side().to_string()
        }
        BoardTextError::Invalid(e) => position_error_text(t, e),
    }
}

fn trim_stop(text: &str) -> &str {
    text.trim_end_matches('.')
}

fn square_list(squares: u64) -> String {
    Square::iter(squares)
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move as written: `f5`, or "pass" in the user's language.
pub fn move_label(t: &Texts, mv: Move) -> String {
    match mv {
        Move::Place(s) => s.to_string(),
        Move::Pass => super::plain::lowercase(t.common.pass()),
    }
}

impl GameTexts for Othello {
    type Context = ();

    fn side_name(t: &Texts, color: Color) -> &'static str {
        color_name(t, color)
    }

    fn side_forms(t: &Texts, color: Color) -> SideName {
        color_forms(t, color)
    }

    fn moved_text(
        t: &Texts,
        _context: (),
        color: Color,
        mv: &Move,
        flipped: &u64,
        by_computer: bool,
    ) -> String {
        let (square, flips) = (move_label(t, *mv), square_list(*flipped));
        let name = color_forms(t, color);
        if by_computer {
            t.othello.said_computer_moved(name, square, flips)
        } else {
            t.othello.said_moved(name, square, flips)
        }
    }

    fn move_label(t: &Texts, _context: (), mv: &Move) -> String {
        move_label(t, *mv)
    }

    fn last_move_text(t: &Texts, _context: (), color: Color, mv: &Move) -> String {
        t.common
            .said_last_move(color_forms(t, color), move_label(t, *mv))
    }

    fn outcome_text(t: &Texts, outcome: &Outcome) -> String {
        outcome_text(t, outcome)
    }

    fn must_pass_text(t: &Texts, color: Color) -> String {
        t.othello.must_pass(color_forms(t, color))
    }

    fn your_move_text(t: &Texts, color: Color) -> String {
        t.othello.your_move(color_forms(t, color))
    }

    fn passed_text(t: &Texts, color: Color, by: PassedBy) -> String {
        let name = color_forms(t, color);
        match by {
            PassedBy::Person => t.othello.said_passed(name),
            PassedBy::Automatically => t.othello.said_auto_passed(name),
            PassedBy::Computer => t.common.said_computer_passed(name),
        }
    }

    fn result_note(t: &Texts, settings: &Settings) -> Option<&'static str> {
        (settings.rules.variant == Variant::Anti).then_some(t.othello.anti_result_note())
    }

    fn play_error_text(t: &Texts, error: &PlayError, _color: Color) -> String {
        play_error_text(t, error)
    }

    fn record_error_text(t: &Texts, error: &TranscriptError) -> String {
        transcript_error_text(t, error)
    }

    fn start_error_text(t: &Texts, error: &StartError) -> String {
        match error {
            StartError::Board(e) => trim_stop(&board_error_text(t, e)).to_string(),
            StartError::SizeMismatch => t.othello.err_link_size().to_string(),
        }
    }

    fn game_announcement_text(t: &Texts, _context: (), said: &OthelloAnnouncement) -> String {
        let OthelloAnnouncement::Score {
            black,
            white,
            to_move,
        } = said;
        let score = t.othello.said_score(black.to_string(), white.to_string());
        match to_move {
            Some(color) => format!("{score} {}", t.othello.said_to_move(color_forms(t, *color))),
            None => score,
        }
    }

    fn game_notice_text(t: &Texts, notice: &OthelloNotice) -> String {
        let OthelloNotice::Board(e) = notice;
        board_error_text(t, e)
    }
}

/// The accessible name of a square: "d3, empty, legal move".
pub fn square_label(t: &Texts, facts: &SquareView) -> String {
    let mut parts = vec![facts.square.to_string()];
    parts.push(match facts.disc {
        Some(color) => color_lower(t, color).to_string(),
        None => t.common.empty_square().to_string(),
    });
    if facts.legal {
        parts.push(t.othello.legal_move().to_string());
    }
    if let Some((score, exact, best)) = facts.hint {
        parts.push(t.othello.hint_score(score_text(score, exact)));
        if best {
            parts.push(t.othello.best_move().to_string());
        }
    }
    if facts.last {
        parts.push(t.othello.last_move_mark().to_string());
    }
    if facts.flipped {
        parts.push(t.othello.flipped_mark().to_string());
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::session::announcement_text;
    use crate::i18n::Lang;
    use crate::session::core::{Announcement, PassedBy};

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
        let empty = SquareView::plain(d3, None);
        let label = square_label(
            t,
            &SquareView {
                legal: true,
                ..empty
            },
        );
        assert_eq!(label, "d3, empty, legal move");
        let label = square_label(
            Lang::Cs.texts(),
            &SquareView {
                disc: Some(Color::Black),
                last: true,
                ..empty
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
        let said = announcement_text::<Othello>(
            t,
            (),
            &[Announcement::Moved {
                side: Color::Black,
                mv: Move::Place(Square::new(3, 2).unwrap()),
                effect: Square::new(3, 3).unwrap().bit(),
                by_computer: false,
            }],
        );
        assert_eq!(said, "Black d3, flips d4.");
    }

    #[test]
    fn passes_and_takebacks_read_well_in_every_language() {
        let passed = |lang: Lang, by| {
            announcement_text::<Othello>(
                lang.texts(),
                (),
                &[Announcement::Passed {
                    side: Color::White,
                    by,
                }],
            )
        };
        assert_eq!(passed(Lang::En, PassedBy::Person), "White passes.");
        assert_eq!(passed(Lang::Cs, PassedBy::Person), "Bílý pasuje.");
        assert_eq!(passed(Lang::Ru, PassedBy::Person), "Белые пасуют.");
        assert_eq!(
            passed(Lang::Ru, PassedBy::Automatically),
            "У белых нет ходов — пас."
        );
        assert_eq!(
            passed(Lang::En, PassedBy::Computer),
            "Computer (White) has no legal move and passes."
        );
        let back =
            |n| announcement_text::<Othello>(Lang::En.texts(), (), &[Announcement::Undone(n)]);
        assert_eq!(back(0), "Taken back. Start position.");
        assert_eq!(back(3), "Taken back. Position after move 3.");
    }

    #[test]
    fn errors_name_the_player_in_the_right_case() {
        let e = TranscriptError::Illegal {
            number: 3,
            square: Square::new(0, 0).unwrap(),
            color: Color::Black,
        };
        assert_eq!(
            transcript_error_text(Lang::En.texts(), &e),
            "Move 3 (a1): illegal for Black."
        );
        assert_eq!(
            transcript_error_text(Lang::Cs.texts(), &e),
            "Tah 3 (a1): pro černého nepřípustný."
        );
        assert_eq!(
            transcript_error_text(Lang::Ru.texts(), &e),
            "Ход 3 (a1): недопустим для чёрных."
        );
        let t = Lang::Ru.texts();
        assert_eq!(
            play_error_text(t, &PlayError::PassNotAllowed(Color::White)),
            "У белых есть допустимый ход, пасовать нельзя."
        );
        let label = square_label(
            t,
            &SquareView {
                flipped: true,
                ..SquareView::plain(Square::new(3, 2).unwrap(), Some(Color::White))
            },
        );
        assert_eq!(label, "d3, белая, только что перевёрнута");
    }
}
