//! The results so far, round by round, each game open to correction: the
//! same fields as a new result's, filled in, checked the same way
//! (`club::result`); saving replaces that result only
//! (`Tournament::correct`, undoable like any entry), the standings follow
//! and the pairings of later rounds stay as they are. Each round can be
//! opened and closed; a round that is closed is not drawn, so that a
//! tournament of a thousand players over many rounds is shown at once.

use yew::prelude::*;

use crate::club::tournament::{Entry, GameRef};
use crate::i18n::club::number;
use crate::i18n::Texts;

use super::super::browser;
use super::super::common::field::use_disc_fields;
use super::super::context::use_app;
use super::round::{read_result, result_options};
use super::state::{Club, Shared};

/// Up to this many games, every round's results are shown; beyond, the
/// last round's only, and the others when opened.
const SHOWN_GAMES: usize = 400;

/// Whether round `round` of `rounds` is shown when nobody opened or closed
/// it: every round of a small tournament, the last of a large one.
fn shown_by_default(round: u32, rounds: u32, games: usize) -> bool {
    games <= SHOWN_GAMES || round == rounds
}

/// The results of every round played.
pub fn results(t: &'static Texts, club: &Club, current: &Shared) -> Html {
    let editing = *club.editing;
    // The games and byes of each round, gathered in one pass.
    let mut rounds: Vec<(Vec<GameRef>, Vec<&str>)> = Vec::new();
    rounds.resize_with(current.rounds_played() as usize, Default::default);
    for entry in &current.games {
        let (games, byes) = &mut rounds[entry.round() as usize - 1];
        match entry {
            Entry::Game { .. } => games.extend(entry.game()),
            Entry::Bye { bye, .. } => byes.push(bye),
        }
    }
    let open = {
        let editing = club.editing.clone();
        Callback::from(move |at: (u32, usize)| editing.set(Some(at)))
    };
    let toggle = {
        let toggled = club.toggled_rounds.clone();
        Callback::from(move |(round, was, open): (u32, bool, bool)| {
            // The browser opened or closed the round: the page follows it
            // (and the event its own change raises changes nothing).
            if was != open {
                let mut next: Vec<(u32, bool)> = toggled
                    .iter()
                    .copied()
                    .filter(|&(r, _)| r != round)
                    .collect();
                next.push((round, open));
                toggled.set(next);
            }
        })
    };
    let played = current.rounds_played();
    let items = rounds.iter().enumerate().map(|(i, (games, byes))| {
        let round = i as u32 + 1;
        let shown = club
            .toggled_rounds
            .iter()
            .find(|&&(r, _)| r == round)
            .map_or_else(|| shown_by_default(round, played, current.games.len()), |&(_, open)| open);
        let ontoggle = toggle.reform(move |e: Event| {
            let details: web_sys::Element = e.target_unchecked_into();
            (round, shown, details.has_attribute("open"))
        });
        if !shown {
            return html! {
                <li key={round}><details {ontoggle}><summary><strong>{ t.club().round(round) }</strong></summary></details></li>
            };
        }
        // A round's games are in board order (`Tournament::boards`).
        let games = games.iter().zip(1..).map(|(b, board)| {
            let key = format!("{round}-{board}");
            if editing == Some((round, board)) {
                return html! {
                    <li key={key}>
                        <EditResult tournament={current.clone()} {round} {board} club={club.clone()} />
                    </li>
                };
            }
            html! {
                <li key={key.clone()}>
                    <span>{ format!("{} – {} {}:{}", b.black, b.white, number(b.score[0]), number(b.score[1])) }</span>
                    <button class="small no-print" onclick={open.reform(move |_| (round, board))} aria-label={t.club_play().edit_label(round, board)} data-testid={format!("club-edit-{key}")}>{ t.club_play().edit() }</button>
                </li>
            }
        });
        let byes = byes.iter().map(|bye| html! { <li key={format!("bye-{bye}")}>{ format!("{bye}: {}", t.club().bye()) }</li> });
        html! {
            <li key={round}>
                <details open=true {ontoggle}>
                    <summary><strong>{ t.club().round(round) }</strong></summary>
                    <ul>{ for games }{ for byes }</ul>
                </details>
            </li>
        }
    });
    if rounds.is_empty() {
        return Html::default();
    }
    html! {
        <>
            <h2>{ t.club().results() }</h2>
            <ol class="club-results" data-testid="club-results">{ for items }</ol>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct EditProps {
    tournament: Shared,
    round: u32,
    board: usize,
    club: Club,
}

/// A result entered earlier, open to correction.
#[function_component(EditResult)]
fn edit_result(props: &EditProps) -> Html {
    let t = use_app().t();
    let node = use_node_ref();
    let error = use_state(|| None::<String>);
    {
        let node = node.clone();
        use_effect_with((props.round, props.board), move |_| {
            if let Some(root) = node.cast::<web_sys::Element>() {
                browser::focus_within(&root, "input, select");
            }
        });
    }
    let game = props
        .tournament
        .boards(props.round)
        .nth(props.board.wrapping_sub(1));
    // What is typed stays while the page redraws (a refusal said beside it).
    let discs = use_disc_fields(game.as_ref().map(|g| g.score));
    let Some(game) = game else {
        return Html::default();
    };
    let othello = props.tournament.is_othello();
    let squares = props.tournament.squares();
    let (round, board) = (props.round, props.board);
    let refocus = move || {
        gloo_timers::callback::Timeout::new(0, move || {
            browser::focus(&format!("[data-testid=club-edit-{round}-{board}]"));
        })
        .forget();
    };
    let save = {
        let (node, current, club, error) = (
            node.clone(),
            props.tournament.clone(),
            props.club.clone(),
            error.clone(),
        );
        Callback::from(move |()| {
            let Some(root) = node.cast::<web_sys::Element>() else {
                return;
            };
            let mut next = (*current.0).clone();
            let corrected = read_result(&root, "data-edit", "", othello, squares)
                .map_err(|e| t.club_errors().result(board, othello, &e, squares))
                .and_then(|score| {
                    next.correct(round, board, score)
                        .map_err(|e| t.club_errors().correct(&e))
                });
            match corrected {
                Ok(()) => {
                    club.replace(Some(next));
                    club.notice.set(t.club_play().corrected(round, board));
                    refocus();
                }
                Err(message) => error.set(Some(message)),
            }
        })
    };
    let cancel = {
        let editing = props.club.editing.clone();
        Callback::from(move |()| {
            editing.set(None);
            refocus();
        })
    };
    let onkeydown = {
        let (save, cancel) = (save.clone(), cancel.clone());
        Callback::from(move |e: KeyboardEvent| {
            let in_field = e
                .target_dyn_into::<web_sys::Element>()
                .is_some_and(|t| t.tag_name() == "INPUT");
            match e.key().as_str() {
                "Enter" if in_field => {
                    e.prevent_default();
                    save.emit(());
                }
                "Escape" => cancel.emit(()),
                _ => {}
            }
        })
    };
    let invalid = error.is_some().then_some("true");
    let fields = edit_fields(t, &game, othello, squares, &discs, invalid);
    html! {
        <div class="club-edit" data-testid="club-edit">
            <div class="answer-form" ref={node} {onkeydown}>
                <strong>{ t.club_play().edit_label(round, board) }</strong>
                { fields }
                <button class="primary" onclick={save.reform(|_: MouseEvent| ())} data-testid="club-save-correction">{ t.club_play().save_correction() }</button>
                <button onclick={cancel.reform(|_: MouseEvent| ())}>{ t.common.cancel() }</button>
            </div>
            <p class="hints">{ t.club_play().correction_note() }</p>
            if let Some(message) = &*error {
                <p class="feedback wrong" role="alert">{ message.clone() }</p>
            }
        </div>
    }
}

/// The fields of a correction: Othello's two disc counts (at `discs`), or
/// the other games' select.
fn edit_fields(
    t: &Texts,
    game: &GameRef,
    othello: bool,
    squares: u32,
    discs: &[NodeRef; 2],
    invalid: Option<&'static str>,
) -> Html {
    if !othello {
        return html! {
            <label>{ format!("{} – {}", game.black, game.white) }
                <select data-edit="0" aria-invalid={invalid}>{ result_options(Some(game.score)) }</select>
            </label>
        };
    }
    let side = |name: &str, colour: &str, i: usize| {
        html! {
            <label>{ format!("{name} ({colour})") }
                <input type="number" min="0" max={squares.to_string()} inputmode="numeric" ref={discs[i].clone()} data-edit={i.to_string()} aria-invalid={invalid} />
            </label>
        }
    };
    html! {
        <>
            { side(game.black, t.othello.black(), 0) }
            { side(game.white, t.othello.white(), 1) }
        </>
    }
}
