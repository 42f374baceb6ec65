//! Take-away game messages in the user's language.

use std::convert::Infallible;

use crate::engine::nim::position::MoveTextError;
use crate::engine::nim::{Move, PlayError, PositionError, Refusal, Rule, RuleError, MAX_HEAPS};
use crate::session::core::PassedBy;
use crate::session::nim::{Mover, Nim, NimOutcome, Took};

use super::session::GameTexts;
use super::{SideName, Texts};

fn set_text(set: &[u64]) -> String {
    format!(
        "{{{}}}",
        set.iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// The rule's name: "Half", "Subtraction {1, 3, 4}".
pub fn rule_name(t: &Texts, rule: &Rule) -> String {
    match rule {
        Rule::Nim => t.nim.rule_nim().into(),
        Rule::Dim => t.nim.rule_dim().into(),
        Rule::Aliquot => t.nim.rule_aliquot().into(),
        Rule::EvenOdd => t.nim.rule_evenodd().into(),
        Rule::Half => t.nim.rule_half().into(),
        Rule::Subtraction(set) => t.nim.rule_sub(set_text(set)),
    }
}

/// What the rule allows, in words.
pub fn rule_description(t: &Texts, rule: &Rule) -> String {
    match rule {
        Rule::Nim => t.nim.rule_nim_desc().into(),
        Rule::Dim => t.nim.rule_dim_desc().into(),
        Rule::Aliquot => t.nim.rule_aliquot_desc().into(),
        Rule::EvenOdd => t.nim.rule_evenodd_desc().into(),
        Rule::Half => t.nim.rule_half_desc().into(),
        Rule::Subtraction(set) => t.nim.rule_sub_desc(set_text(set)),
    }
}

/// Why taking `c` from a heap of `n` is refused: "Half: at most 4 from 9".
pub fn refusal_text(t: &Texts, rule: &Rule, n: u64, c: u64, refusal: Refusal) -> String {
    let name = rule_name(t, rule);
    let (n, c) = (n.to_string(), c.to_string());
    match refusal {
        Refusal::Nothing => t.nim.refuse_nothing().into(),
        Refusal::MoreThanHeap => t.nim.refuse_more_than_heap(&name, &n),
        Refusal::NotInSet => {
            let set = match rule {
                Rule::Subtraction(set) => set_text(set),
                _ => String::new(),
            };
            t.nim.refuse_not_in_set(&name, &c, &set)
        }
        Refusal::NotDivisor => t.nim.refuse_not_divisor(&name, &c, &n),
        Refusal::WholeHeap => t.nim.refuse_whole(&name),
        Refusal::OddNotWhole => t.nim.refuse_odd(&name),
        Refusal::EvenWhole => t.nim.refuse_even_whole(&name),
        Refusal::MoreThanHalf => {
            let max = (n.parse::<u64>().unwrap_or(0) / 2).to_string();
            t.nim.refuse_half(&name, &max, &n)
        }
    }
}

/// "First player" or "Second player".
pub fn mover_name(t: &Texts, mover: Mover) -> &'static str {
    match mover {
        Mover::First => t.nim.first_player(),
        Mover::Second => t.nim.second_player(),
    }
}

/// The player's name in the forms sentences need.
pub fn mover_forms(t: &Texts, mover: Mover) -> SideName {
    match mover {
        Mover::First => t.nim.first_player_forms(),
        Mover::Second => t.nim.second_player_forms(),
    }
}

/// A refused move.
pub fn play_error_text(t: &Texts, error: &PlayError) -> String {
    match error {
        PlayError::NoSuchHeap { heap, .. } => t.nim.err_no_heap((heap + 1).to_string()),
        PlayError::Refused {
            rule,
            size,
            take,
            refusal,
            ..
        } => refusal_text(t, rule, *size, *take, *refusal),
    }
}

fn move_error_text(t: &Texts, number: usize, error: &MoveTextError) -> String {
    match error {
        MoveTextError::NotAMove(token) => t.nim.err_not_a_move(number.to_string(), token),
        MoveTextError::HeapZero { .. } => t.nim.err_move(number.to_string(), t.nim.err_no_heap(0)),
        MoveTextError::RecordFull { max } => {
            t.nim.err_record_full(number.to_string(), max.to_string())
        }
        MoveTextError::Illegal(e) => t.nim.err_move(number.to_string(), play_error_text(t, e)),
    }
}

/// Why a position's text was refused, heaps numbered from 1.
pub fn position_error_text(t: &Texts, error: &PositionError) -> String {
    let heap = |index: &usize| (index + 1).to_string();
    match error {
        PositionError::NoHeaps => t.nim.err_no_heaps().to_string(),
        PositionError::BadHeap { index, token } => t.nim.err_bad_heap(heap(index), token),
        PositionError::BadSize { index, token } => t.nim.err_bad_size(heap(index), token),
        PositionError::TooManyHeaps(n) => t.nim.err_too_many(n.to_string(), MAX_HEAPS.to_string()),
        PositionError::Rule { index, error } => {
            t.nim.err_rule(heap(index), rule_error_text(t, error))
        }
    }
}

/// Why a rule's text was refused.
pub fn rule_error_text(t: &Texts, error: &RuleError) -> String {
    match error {
        RuleError::Unknown(rule) => t.nim.err_unknown_rule(rule),
        RuleError::EmptySet | RuleError::ZeroInSet | RuleError::BadSetElement(_) => {
            t.nim.err_set().to_string()
        }
        RuleError::PeriodTooLong(_) => t.nim.err_period().to_string(),
    }
}

impl GameTexts for Nim {
    type Context = ();

    fn side_name(t: &Texts, mover: Mover) -> &'static str {
        mover_name(t, mover)
    }

    fn side_forms(t: &Texts, mover: Mover) -> SideName {
        mover_forms(t, mover)
    }

    fn moved_text(
        t: &Texts,
        _context: (),
        mover: Mover,
        mv: &Move,
        took: &Took,
        by_computer: bool,
    ) -> String {
        let (take, heap, rule) = (mv.take, mv.heap + 1, rule_name(t, &took.rule));
        if by_computer {
            t.nim.said_computer_took(take, heap, rule, took.left)
        } else {
            t.nim
                .said_took(mover_forms(t, mover), take, heap, rule, took.left)
        }
    }

    fn move_label(_t: &Texts, _context: (), mv: &Move) -> String {
        move_label(mv)
    }

    fn last_move_text(t: &Texts, _context: (), mover: Mover, mv: &Move) -> String {
        t.common
            .said_last_move(mover_forms(t, mover), move_label(mv))
    }

    /// "You win" or "The computer wins" when one person played the
    /// computer; otherwise who won by turn ("First player wins").
    fn outcome_text(t: &Texts, outcome: &NimOutcome) -> String {
        match outcome.person_won() {
            Some(true) => t.nim.you_win().to_string(),
            Some(false) => t.nim.computer_wins().to_string(),
            None => winner_text(t, outcome),
        }
    }

    fn must_pass_text(_t: &Texts, _mover: Mover) -> String {
        String::new()
    }

    fn your_move_text(t: &Texts, mover: Mover) -> String {
        t.nim.your_move(mover_forms(t, mover))
    }

    fn passed_text(_t: &Texts, _mover: Mover, _by: PassedBy) -> String {
        // Take-away games have no passes.
        String::new()
    }

    fn play_error_text(t: &Texts, error: &PlayError, _mover: Mover) -> String {
        play_error_text(t, error)
    }

    fn record_error_text(t: &Texts, (number, error): &(usize, MoveTextError)) -> String {
        move_error_text(t, *number, error)
    }

    fn start_error_text(t: &Texts, error: &PositionError) -> String {
        position_error_text(t, error)
            .trim_end_matches('.')
            .to_string()
    }

    fn game_announcement_text(_t: &Texts, _context: (), said: &Infallible) -> String {
        match *said {}
    }

    fn game_notice_text(_t: &Texts, notice: &Infallible) -> String {
        match *notice {}
    }
}

/// Who won, by turn: "First player wins" (a diagram's caption, a game of
/// two people).
pub fn winner_text(t: &Texts, outcome: &NimOutcome) -> String {
    t.nim.wins(mover_forms(t, outcome.winner))
}

/// A move as the move list shows it: `heap:taken`, heaps numbered from 1,
/// the same text as the record and the paste box ("4:18").
pub fn move_label(mv: &Move) -> String {
    mv.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::session::announcement_text;
    use crate::i18n::Lang;
    use crate::session::core::Announcement;
    use crate::session::player::Player;

    #[test]
    fn refusals_read_like_the_issue_says() {
        let t = Lang::En.texts();
        assert_eq!(
            refusal_text(t, &Rule::Half, 9, 5, Refusal::MoreThanHalf),
            "Half: at most 4 from 9."
        );
        assert_eq!(
            refusal_text(
                t,
                &Rule::subtraction(&[1, 3, 4]).unwrap(),
                10,
                2,
                Refusal::NotInSet
            ),
            "Subtraction {1, 3, 4}: 2 is not in {1, 3, 4}."
        );
    }

    #[test]
    fn the_result_and_moves_read_as_sentences() {
        let computer = Player::Computer(crate::engine::strength::Level::MAX);
        let over = |lang: Lang, players: [Player; 2]| {
            announcement_text::<Nim>(
                lang.texts(),
                (),
                &[Announcement::GameOver(NimOutcome {
                    winner: Mover::First,
                    players,
                })],
            )
        };
        let people = [Player::Human; 2];
        assert_eq!(over(Lang::En, people), "Game over. First player wins.");
        assert_eq!(over(Lang::Cs, people), "Konec hry. Vyhrává první hráč.");
        assert_eq!(
            over(Lang::Ru, people),
            "Игра окончена. Побеждает первый игрок."
        );
        let you = [Player::Human, computer];
        assert_eq!(over(Lang::En, you), "Game over. You win.");
        assert_eq!(over(Lang::Cs, you), "Konec hry. Vyhráli jste.");
        assert_eq!(over(Lang::Ru, you), "Игра окончена. Вы победили.");
        let it = [computer, Player::Human];
        assert_eq!(over(Lang::En, it), "Game over. The computer wins.");
        assert_eq!(over(Lang::Cs, it), "Konec hry. Vyhrál počítač.");
        assert_eq!(over(Lang::Ru, it), "Игра окончена. Победил компьютер.");
        let t = Lang::Cs.texts();
        assert_eq!(
            Nim::last_move_text(t, (), Mover::Second, &Move { heap: 3, take: 18 }),
            "Poslední tah: druhý hráč 4:18."
        );
        assert_eq!(move_label(&Move { heap: 3, take: 18 }), "4:18");
    }
}
