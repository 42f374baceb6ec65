//! The take-away games page: the shell with the heaps, the theory panel
//! (Grundy values, nim-sum, P/N, the winning moves) and its keys.

use yew::prelude::*;

use crate::engine::nim::theory::{analyse_normal, Outcome};
use crate::engine::nim::Move;
use crate::session::core::Action;
use crate::session::nim::Nim;
use crate::session::turn::Turn;

use super::super::shell::layout::GameLayout;
use super::super::shell::status::Status;
use super::super::shell::{use_game_page, KeyUse, PageState};
use super::heaps::Heaps;
use super::new_game::NewGameDialog;
use super::theory::TheoryPanel;

/// The props of the page: the query of a share link it was opened with.
#[derive(Properties, PartialEq)]
pub struct NimPageProps {
    /// The link's query, when opened from a share link.
    #[prop_or_default]
    pub link: Option<String>,
}

/// The take-away games page.
#[function_component(NimPage)]
pub fn nim_page(props: &NimPageProps) -> Html {
    let show_theory = use_state(|| true);
    let show_me = use_state(|| false);
    // T shows the theory, W the winning moves.
    let on_key = {
        let (show_theory, show_me) = (show_theory.clone(), show_me.clone());
        Callback::from(move |(e, _): (KeyboardEvent, PageState<Nim>)| {
            let toggled = match e.code().as_str() {
                "KeyT" => &show_theory,
                "KeyW" => &show_me,
                _ => return KeyUse::Ignored,
            };
            toggled.set(!**toggled);
            KeyUse::Used
        })
    };
    let page = use_game_page::<Nim>(props.link.clone(), on_key, None);
    let (state, t) = (&page.state, page.t);
    let position = state.position();

    let normal = (!state.settings.misere).then(|| analyse_normal(&position));
    let misere_analysis = state
        .extra
        .misere_analysis
        .as_ref()
        .filter(|(p, _)| *p == position)
        .map(|(_, result)| result.clone());
    let winning: Vec<Move> = match (&normal, &misere_analysis) {
        (Some(a), _) => a.winning_moves.clone(),
        (None, Some(Ok(a))) => a.winning_moves.clone(),
        _ => Vec::new(),
    };
    let toggle = |handle: UseStateHandle<bool>| Callback::from(move |_: ()| handle.set(!*handle));
    let convention = if state.settings.misere {
        t.nim.misere_play()
    } else {
        t.nim.normal_play()
    };
    let outcome_class = normal
        .as_ref()
        .map(|a| if a.outcome == Outcome::P { "p" } else { "n" });

    html! {
        <GameLayout<Nim> state={page.state.clone()} dispatch={page.dispatch.clone()}
            new_game_open={page.new_game_open.clone()} share_url={page.share_url()}
            class={classes!(outcome_class)}
            heading={html! { <p class="convention">{ convention }</p> }}
            board={html! {
                <Heaps position={position.clone()} interactive={matches!(state.turn(), Turn::HumanMove(_))}
                    highlight={if *show_me { winning.clone() } else { Vec::new() }}
                    values={if *show_theory { normal.as_ref().and_then(|a| a.values.clone()) } else { None }}
                    on_take={page.dispatch.reform(Action::Play)} />
            }}
            below={html! {
                <>
                    <Status<Nim> state={page.state.clone()} dispatch={page.dispatch.clone()} />
                    <button class="theory-toggle" aria-pressed={show_theory.to_string()}
                        onclick={toggle(show_theory.clone()).reform(|_: MouseEvent| ())}>{ t.nim.theory() }</button>
                    if *show_theory {
                        <TheoryPanel position={position.clone()} misere={state.settings.misere} {misere_analysis}
                            show_me={*show_me} on_show_me={toggle(show_me.clone())} />
                    }
                </>
            }}
            load_label={t.nim.record_label()} help={t.nim.keyboard_help()}
            dialog={html! {
                <NewGameDialog initial={state.settings.clone()} on_start={page.start_game()}
                    on_cancel={page.close_dialog()} />
            }} />
    }
}
