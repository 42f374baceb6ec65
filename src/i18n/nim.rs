//! Take-away game messages in the user's language.

use crate::engine::nim::position::MoveTextError;
use crate::engine::nim::{Move, PlayError, Refusal, Rule};
use crate::session::nim::link::LinkError;
use crate::session::nim::{Announcement, Mover, Notice};
use crate::session::query::QueryError;

use super::othello::saved_error_text;
use super::{fill, Texts};

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
        Rule::Nim => t.rule_nim.into(),
        Rule::Dim => t.rule_dim.into(),
        Rule::Aliquot => t.rule_aliquot.into(),
        Rule::EvenOdd => t.rule_evenodd.into(),
        Rule::Half => t.rule_half.into(),
        Rule::Subtraction(set) => fill(t.rule_sub, &[("set", &set_text(set))]),
    }
}

/// What the rule allows, in words.
pub fn rule_description(t: &Texts, rule: &Rule) -> String {
    match rule {
        Rule::Nim => t.rule_nim_desc.into(),
        Rule::Dim => t.rule_dim_desc.into(),
        Rule::Aliquot => t.rule_aliquot_desc.into(),
        Rule::EvenOdd => t.rule_evenodd_desc.into(),
        Rule::Half => t.rule_half_desc.into(),
        Rule::Subtraction(set) => fill(t.rule_sub_desc, &[("set", &set_text(set))]),
    }
}

/// Why taking `c` from a heap of `n` is refused: "Half: at most 4 from 9".
pub fn refusal_text(t: &Texts, rule: &Rule, n: u64, c: u64, refusal: Refusal) -> String {
    let name = rule_name(t, rule);
    let (n, c) = (n.to_string(), c.to_string());
    match refusal {
        Refusal::Nothing => t.refuse_nothing.into(),
        Refusal::MoreThanHeap => fill(t.refuse_more_than_heap, &[("rule", &name), ("n", &n)]),
        Refusal::NotInSet => {
            let set = match rule {
                Rule::Subtraction(set) => set_text(set),
                _ => String::new(),
            };
            fill(
                t.refuse_not_in_set,
                &[("rule", &name), ("c", &c), ("set", &set)],
            )
        }
        Refusal::NotDivisor => fill(
            t.refuse_not_divisor,
            &[("rule", &name), ("c", &c), ("n", &n)],
        ),
        Refusal::WholeHeap => fill(t.refuse_whole, &[("rule", &name)]),
        Refusal::OddNotWhole => fill(t.refuse_odd, &[("rule", &name)]),
        Refusal::EvenWhole => fill(t.refuse_even_whole, &[("rule", &name)]),
        Refusal::MoreThanHalf => {
            let max = (n.parse::<u64>().unwrap_or(0) / 2).to_string();
            fill(t.refuse_half, &[("rule", &name), ("max", &max), ("n", &n)])
        }
    }
}

/// "First player" or "Second player".
pub fn mover_name(t: &Texts, mover: Mover) -> &'static str {
    match mover {
        Mover::First => t.first_player,
        Mover::Second => t.second_player,
    }
}

/// The same, inside sentences.
pub fn mover_lower(t: &Texts, mover: Mover) -> &'static str {
    match mover {
        Mover::First => t.first_player_lower,
        Mover::Second => t.second_player_lower,
    }
}

/// A refused move.
pub fn play_error_text(t: &Texts, error: &PlayError) -> String {
    match error {
        PlayError::NoSuchHeap { heap, .. } => {
            fill(t.err_nim_no_heap, &[("i", &(heap + 1).to_string())])
        }
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
        MoveTextError::NotAMove(token) => fill(
            t.err_nim_not_a_move,
            &[("n", &number.to_string()), ("token", token)],
        ),
        MoveTextError::RecordFull { max } => fill(
            t.err_nim_record_full,
            &[("n", &number.to_string()), ("max", &max.to_string())],
        ),
        MoveTextError::Illegal(e) => fill(
            t.err_nim_move,
            &[
                ("n", &number.to_string()),
                ("reason", &play_error_text(t, e)),
            ],
        ),
    }
}

/// A notice in words.
pub fn notice_text(t: &Texts, notice: &Notice) -> String {
    match notice {
        Notice::Illegal(e) => play_error_text(t, e),
        Notice::Record(n, e) => move_error_text(t, *n, e),
        Notice::Link(e) => {
            let reason = match e {
                LinkError::Query(QueryError::UnknownKey(key) | QueryError::RepeatedKey(key)) => {
                    fill(t.err_link_key, &[("key", key)])
                }
                LinkError::BadValue { key, value } => {
                    fill(t.err_link_value, &[("key", key), ("value", value)])
                }
                LinkError::Start(e) => e.to_string(),
                LinkError::Moves(n, e) => {
                    move_error_text(t, *n, e).trim_end_matches('.').to_string()
                }
            };
            fill(t.link_error, &[("reason", &reason)])
        }
        Notice::Saved(e) => saved_error_text(t, e),
        Notice::Copied => t.moves_copied.into(),
        Notice::LinkCopied => t.link_copied.into(),
        Notice::EngineFailed => t.engine_failed.into(),
    }
}

/// What the live region says; heaps are numbered from 1 for people.
pub fn announcement_text(t: &Texts, said: &[Announcement]) -> String {
    said.iter()
        .map(|a| match a {
            Announcement::Took {
                mover,
                heap,
                take,
                left,
                rule,
                by_computer,
            } => {
                let values = [
                    ("who", mover_name(t, *mover).to_string()),
                    ("c", take.to_string()),
                    ("i", (heap + 1).to_string()),
                    ("rule", rule_name(t, rule)),
                    ("left", left.to_string()),
                ];
                let values: Vec<(&str, &str)> =
                    values.iter().map(|(k, v)| (*k, v.as_str())).collect();
                fill(
                    if *by_computer {
                        t.said_nim_computer_took
                    } else {
                        t.said_nim_took
                    },
                    &values,
                )
            }
            Announcement::GameOver { winner } => {
                format!(
                    "{} {}",
                    t.game_over,
                    fill(t.nim_wins, &[("who", mover_name(t, *winner))])
                )
            }
            Announcement::Undone(n) => fill(t.said_undone, &[("n", &n.to_string())]),
            Announcement::Redone(n) => fill(t.said_redone, &[("n", &n.to_string())]),
            Announcement::NewGame => t.said_new_game.into(),
            Announcement::Loaded => t.said_loaded.into(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move as people read it, heaps numbered from 1: "4: −18".
pub fn move_label(mv: &Move) -> String {
    format!("{}: −{}", mv.heap + 1, mv.take)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

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
}
