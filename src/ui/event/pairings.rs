//! The rounds' pairings: each board's players, its result (or where its
//! online game stands, a board at the table awaiting its result, a
//! dispute; the players' reports are their own), a link to watch its
//! game; the organiser's result fields.

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::club::number;
use crate::i18n::Texts;
use crate::online::event::{Action, BoardScore, BoardView, How, RoundView};
use crate::online::room::{Reason, Status};
use crate::online::setup::GameKind;
use crate::route::Route;

use super::super::context::use_texts;
use super::score::ScoreEntry;

/// A score as the page shows it (`10–6`, `½–½`).
pub fn score_text(t: &Texts, score: [f64; 2]) -> String {
    t.event().score(number(score[0]), number(score[1]))
}

/// The address of a board's online game (to watch it).
pub fn watch_link(kind: GameKind, game: &str) -> String {
    Route::Online(format!("{}/{game}", kind.name())).fragment()
}

/// How a board's result came about, when it is more than a game played
/// to its end: on time, resigned, left, forfeited, entered.
fn how_text(t: &Texts, board: &BoardView) -> Option<String> {
    let e = t.event();
    Some(match board.how? {
        How::Forfeit { seat } => {
            let side = if seat == 0 {
                &board.black
            } else {
                &board.white
            };
            e.forfeit(side)
        }
        How::Game { reason } => match reason {
            Reason::Time | Reason::Completed => e.how_time().into(),
            Reason::Resigned => e.how_resigned().into(),
            Reason::Abandoned => e.how_abandoned().into(),
            _ => return None,
        },
        How::DoubleForfeit => e.double_forfeit().into(),
        How::Organiser => e.how_organiser().into(),
        How::Players => e.how_players().into(),
    })
}

/// A board's result or where its game stands.
fn board_state(t: &Texts, board: &BoardView) -> String {
    let e = t.event();
    if let Some(score) = board.score {
        return score_text(t, score);
    }
    if board.disputed {
        return e.disputed().into();
    }
    if board.at_table {
        return e.awaiting_result().into();
    }
    match board.state {
        Some(Status::Playing | Status::Completing { .. }) => e.playing().into(),
        _ => e.not_started().into(),
    }
}

/// Props of the rounds' pairings.
#[derive(Properties, PartialEq)]
pub struct PairingsProps {
    /// Every round published, in order.
    pub rounds: Rc<Vec<RoundView>>,
    /// The event's game.
    pub kind: GameKind,
    /// The board's squares (Othello's results are discs).
    pub squares: u32,
    /// The organiser's actions (results and corrections), in their view.
    #[prop_or_default]
    pub on_action: Option<Callback<Action>>,
    /// Shown in a frame on a club's site: a game opens in a tab of its
    /// own, not in the frame.
    #[prop_or_default]
    pub in_frame: bool,
}

/// What a board's row adds below it: nothing (a club's frame, whose module
/// then links no result entry), or the organiser's result fields.
pub trait BoardEntry: 'static {
    /// The row below `board` of `round`, if any.
    fn entry(
        t: &'static Texts,
        props: &PairingsProps,
        round: u32,
        board: &BoardView,
    ) -> Option<Html>;
}

/// No entry: the pairings as a frame shows them.
pub struct NoEntry;

impl BoardEntry for NoEntry {
    fn entry(_: &'static Texts, _: &PairingsProps, _: u32, _: &BoardView) -> Option<Html> {
        None
    }
}

/// The organiser's result fields, when the page gives `on_action`.
pub struct OrganiserEntry;

impl BoardEntry for OrganiserEntry {
    fn entry(
        t: &'static Texts,
        props: &PairingsProps,
        round: u32,
        board: &BoardView,
    ) -> Option<Html> {
        organiser_entry(t, props, round, board)
    }
}

/// Every round's pairings, the newest first.
#[function_component(Pairings)]
pub fn pairings<E: BoardEntry>(props: &PairingsProps) -> Html {
    let t = use_texts();
    let e = t.event();
    if props.rounds.is_empty() {
        return html! {
            <section class="event-pairings"><h2>{ e.pairings() }</h2><p data-testid="event-no-rounds">{ e.no_rounds() }</p></section>
        };
    }
    let rounds = props
        .rounds
        .iter()
        .rev()
        .map(|round| round_table::<E>(t, props, round));
    html! {
        <section class="event-pairings" data-testid="event-pairings">
            <h2>{ e.pairings() }</h2>
            { for rounds }
        </section>
    }
}

/// One round's table.
fn round_table<E: BoardEntry>(t: &'static Texts, props: &PairingsProps, round: &RoundView) -> Html {
    let e = t.event();
    // Othello's sides are its colours (a Czech organiser says Černý and
    // Bílý, not "first player").
    let (first, second) = match props.kind {
        GameKind::Othello => (t.othello.black(), t.othello.white()),
        _ => (e.first(), e.second()),
    };
    let boards = round
        .boards
        .iter()
        .map(|board| board_row::<E>(t, props, round.round, board));
    html! {
        <div class="event-round" data-testid={format!("event-round-{}", round.round)}>
            <h3>{ e.round_heading(round.round) }</h3>
            // Scrolls sideways on a phone: a named region the keyboard reaches.
            <div class="table-scroll" tabindex="0" role="region" aria-label={e.round_heading(round.round)}>
                <table class="class-table event-boards">
                    <thead><tr>
                        <th scope="col">{ "#" }</th><th scope="col">{ first }</th><th scope="col">{ second }</th>
                        <th scope="col">{ e.result() }</th><th scope="col" class="no-print">{ e.state() }</th>
                    </tr></thead>
                    <tbody>{ for boards }</tbody>
                </table>
            </div>
            if let Some(bye) = &round.bye {
                <p class="event-bye" data-testid="event-bye">{ format!("{}: {bye}", e.bye()) }</p>
            }
        </div>
    }
}

/// A board: its players, result, game link and, for the organiser, its
/// result's fields.
fn board_row<E: BoardEntry>(
    t: &'static Texts,
    props: &PairingsProps,
    round: u32,
    board: &BoardView,
) -> Html {
    let e = t.event();
    let watch = board.game.as_ref().map(|game| {
        let href = watch_link(props.kind, game);
        if props.in_frame {
            let href = format!("{}{href}", super::super::browser::page_address());
            html! { <a {href} target="_blank" rel="noopener" data-testid="event-watch">{ e.watch() }</a> }
        } else {
            html! { <a {href} data-testid="event-watch">{ e.watch() }</a> }
        }
    });
    let entry = E::entry(t, props, round, board);
    html! {
        <>
            <tr data-testid={format!("event-board-{round}-{}", board.board)}>
                <td>{ board.board }</td>
                <td>{ board.black.clone() }</td>
                <td>{ board.white.clone() }</td>
                <td>
                    <span data-testid="event-result">{ board_state(t, board) }</span>
                    if let Some(how) = how_text(t, board) {
                        { " " }<small class="event-how" data-testid="event-how">{ format!("({how})") }</small>
                    }
                </td>
                <td class="no-print">{ for watch }</td>
            </tr>
            { for entry }
        </>
    }
}

/// The organiser's result fields below a board (and "to the table" for an
/// online board without a result), when the page gives `on_action`.
fn organiser_entry(
    t: &'static Texts,
    props: &PairingsProps,
    round: u32,
    board: &BoardView,
) -> Option<Html> {
    let on_action = props.on_action.as_ref()?;
    let e = t.event();
    let number = board.board;
    let has = board.score.is_some();
    // An online board the organiser may move to the table (a player
    // without a phone): its online game no longer counts.
    let to_table = (!has && !board.at_table).then(|| {
        let onclick = on_action.reform(move |_: MouseEvent| Action::AtTable {
            round,
            board: number,
        });
        html! { <button {onclick} data-testid="event-to-table">{ e.to_table() }</button> }
    });
    // A result ends a game still played: the organiser is asked first.
    let running = matches!(
        board.state,
        Some(Status::Playing | Status::Completing { .. })
    );
    let question = e.result_ends_game(number, &board.black, &board.white);
    let on_score = {
        let on_action = on_action.clone();
        Callback::from(move |score: [f64; 2]| {
            let entered = BoardScore {
                round,
                board: number,
                score,
                ends_game: false,
            };
            if has {
                return on_action.emit(Action::Correct(entered));
            }
            let asked = !has && running;
            if asked
                && !super::super::browser::window()
                    .confirm_with_message(&question)
                    .unwrap_or(false)
            {
                return;
            }
            on_action.emit(Action::Result(BoardScore {
                ends_game: asked,
                ..entered
            }));
        })
    };
    Some(html! {
        <tr class="no-print event-entry">
            <td colspan="5">
                <ScoreEntry {round} board={board.board} names={[AttrValue::from(board.black.clone()), AttrValue::from(board.white.clone())]}
                    othello={props.kind == GameKind::Othello} squares={props.squares} shown={board.score}
                    button={AttrValue::from(if has { e.correct() } else { e.enter() })} {on_score} />
                { for to_table }
            </td>
        </tr>
    })
}
