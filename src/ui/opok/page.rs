//! The Opok page: the shell with the Opok board, the move being put
//! together (stack, pieces to lift, landing) and its keys.

use yew::prelude::*;

use crate::engine::opok::{Geometry, Move, Position, Side, Square};
use crate::i18n::fill;
use crate::session::core::{Action, GameSession};
use crate::session::opok::view::{squares, Selection};
use crate::session::opok::{Opok, OpokAnnouncement, Play};
use crate::session::player::Player;
use crate::session::turn::Turn;
use crate::worker::protocol::{Answer, Event, Job, Report};

use super::super::shell::layout::GameLayout;
use super::super::shell::status::Status;
use super::super::shell::{use_game_page, PageGame};
use super::board::OpokBoard;
use super::new_game::NewGameDialog;
use super::picker::Picker;

impl PageGame for Opok {
    const SAVE_KEY: &'static str = "mind-sports.opok.game";
    const ROUTE: &'static str = "opok";

    fn job(session: &GameSession<Opok>, _job: Play, position: &Position, seed: u64) -> Job {
        let level = match session.settings.player(position.side_to_move()) {
            Player::Computer(level) => level,
            Player::Human => crate::engine::opok::Level::MAX,
        };
        Job::Opok {
            position: *position,
            level,
            think_ms: f64::from(session.settings.think_ms),
            seed,
        }
    }

    fn action(id: u64, event: Event) -> Option<Action<Opok>> {
        match event {
            Event::Progress(Report::Opok(progress)) => Some(Action::Progress(id, progress)),
            Event::Done(Answer::Opok(choice)) => Some(Action::Finished(id, choice)),
            _ => None,
        }
    }

    fn side_class(side: Side) -> &'static str {
        side.name()
    }

    fn context(session: &GameSession<Opok>) -> Geometry {
        session.settings.geometry
    }

    fn score(session: &GameSession<Opok>) -> Option<OpokAnnouncement> {
        let p = session.position();
        Some(OpokAnnouncement::Score {
            circles: p.score(Side::Circles),
            squares: p.score(Side::Squares),
            to_move: (!p.is_over()).then(|| p.side_to_move()),
        })
    }
}

/// The props of the page: the query of a share link it was opened with.
#[derive(Properties, PartialEq)]
pub struct OpokPageProps {
    /// The link's query, when opened from a share link.
    #[prop_or_default]
    pub link: Option<String>,
}

/// Digits typed within a second form one number (for k ≥ 10).
fn typed_k(typed: &mut (u8, f64), digit: u8, max: u8) -> u8 {
    let now = js_sys::Date::now();
    let value = if now - typed.1 < 1000.0 {
        u16::from(typed.0) * 10 + u16::from(digit)
    } else {
        u16::from(digit)
    };
    let value = if value > u16::from(max) {
        u16::from(digit)
    } else {
        value
    };
    *typed = (value as u8, now);
    value as u8
}

/// The Opok page.
#[function_component(OpokPage)]
pub fn opok_page(props: &OpokPageProps) -> Html {
    let selection = use_state(|| None::<Selection>);
    let last_k = use_state(|| 1u8);
    let typed = use_mut_ref(|| (0u8, 0.0f64));
    let cursor = use_state(|| Square(0));
    // Keys while a stack is selected: digits, + and − choose k, Escape drops it.
    let on_key = {
        let selection = selection.clone();
        Callback::from(move |e: web_sys::KeyboardEvent| {
            let Some(mut sel) = (*selection).clone() else {
                return false;
            };
            let digit = e
                .code()
                .strip_prefix("Digit")
                .and_then(|d| d.parse::<u8>().ok());
            match (digit, e.code().as_str()) {
                (Some(d), _) => sel.set_k(typed_k(&mut typed.borrow_mut(), d, sel.max())),
                (None, "Equal" | "NumpadAdd") => sel.set_k(sel.k + 1),
                (None, "Minus" | "NumpadSubtract") => sel.set_k(sel.k.saturating_sub(1).max(1)),
                (None, "Escape") => {
                    selection.set(None);
                    return true;
                }
                _ => return false,
            }
            selection.set(Some(sel));
            true
        })
    };
    let page = use_game_page::<Opok>(props.link.clone(), on_key, None);
    let (state, t) = (&page.state, page.t);
    let position = state.position();
    let g = position.geometry();
    let turn = state.turn();
    if cursor.index() >= g.squares() {
        cursor.set(Square(0));
    }
    // A selection belongs to one position.
    {
        let selection = selection.clone();
        use_effect_with((position, turn), move |_| selection.set(None));
    }

    // Putting a move together: stack, then landing.
    let on_square = {
        let selection = selection.clone();
        let last_k = last_k.clone();
        let dispatch = page.dispatch.clone();
        Callback::from(move |square: Square| {
            if !matches!(turn, Turn::HumanMove(_)) {
                return;
            }
            match &*selection {
                Some(sel) if sel.current_landings() & 1u128 << square.0 != 0 => {
                    last_k.set(sel.k);
                    dispatch.emit(Action::Play(Move::Step {
                        from: sel.from,
                        k: sel.k,
                        to: square,
                    }));
                    selection.set(None);
                }
                Some(sel) if sel.from == square => selection.set(None),
                _ => selection.set(Selection::new(&position, square, *last_k)),
            }
        })
    };
    let set_k = {
        let selection = selection.clone();
        Callback::from(move |k: u8| {
            if let Some(mut sel) = (*selection).clone() {
                sel.set_k(k);
                selection.set(Some(sel));
            }
        })
    };
    let cancel_selection = {
        let selection = selection.clone();
        Callback::from(move |_: ()| selection.set(None))
    };

    let last_landing = match state.record.last_move() {
        Some(Move::Step { to, .. }) => Some(to),
        _ => None,
    };
    let captured = state.last_effect.clone().unwrap_or_default();
    let views = squares(
        &position,
        selection.as_ref(),
        matches!(turn, Turn::HumanMove(_)),
        last_landing,
        &captured,
    );
    let guidance = selection.as_ref().map(|sel| {
        if sel.current_landings() == 0 {
            fill(t.opok_no_landing, &[("k", &sel.k.to_string())])
        } else {
            format!(
                "{} {}",
                fill(t.opok_choose_k, &[("square", &g.name(sel.from))]),
                fill(t.opok_choose_landing, &[("k", &sel.k.to_string())])
            )
        }
    });
    let thinking = state
        .search
        .as_ref()
        .and_then(|s| s.progress.as_ref())
        .map(|p| {
            let line: Vec<String> =
                p.pv.iter()
                    .map(|&m| crate::i18n::opok::move_label(t, g, m))
                    .collect();
            format!(
                "{} {} · {} {:+.1} · {} {}",
                t.depth,
                p.depth,
                t.score,
                f64::from(p.score) / 100.0,
                t.line,
                line.join(" ")
            )
        });
    let to_move = (!position.is_over()).then(|| position.side_to_move());
    let score = |side: Side, name: &str| {
        html! {
            <span class={classes!("score", (to_move == Some(side)).then_some("to-move"))} data-testid={format!("{}-count", side.name())}>
                <span class={classes!("stack", side.name(), "mini")} />{ format!("{name} {}", position.score(side)) }
            </span>
        }
    };

    html! {
        <GameLayout<Opok> state={page.state.clone()} dispatch={page.dispatch.clone()}
            new_game_open={page.new_game_open.clone()} share_url={page.share_url()}
            scores={html! {
                <div class="scores">{ score(Side::Circles, t.circles) }{ score(Side::Squares, t.squares) }</div>
            }}
            board={html! {
                <OpokBoard geometry={g} squares={views} cursor={*cursor} focus_request={0}
                    ply={state.record.cursor()} {on_square} on_cursor={{
                        let cursor = cursor.clone();
                        Callback::from(move |s: Square| cursor.set(s))
                    }} />
            }}
            below={html! {
                <>
                    if let Some(sel) = &*selection {
                        <Picker k={sel.k} max={sel.max()} reachable={sel.landings.iter().map(|&l| l != 0).collect::<Vec<_>>()}
                            on_change={set_k} on_cancel={cancel_selection} />
                    }
                    <Status<Opok> state={page.state.clone()} dispatch={page.dispatch.clone()} {guidance} />
                </>
            }}
            panels={html! {
                if let Some(line) = thinking {
                    <p class="thinking-panel" data-testid="thinking">{ line }</p>
                }
            }}
            load_label={t.opok_record_label} help={t.opok_keyboard_help} tip={Some(t.opok_paste_hint)}
            dialog={html! {
                <NewGameDialog initial={state.settings} on_start={page.start_game()} on_cancel={page.close_dialog()} />
            }} />
    }
}
