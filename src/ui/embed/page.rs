//! The frame's page for one game: its parameters (which the page's messages
//! may change), its game and the search for it, the messages and reports,
//! and what it shows: a note of the parameters refused, the board, and
//! the controls.

use crate::ui::common::reduced::Reduced;
use yew::prelude::*;

use crate::embed::params::{EmbedParams, Mode, Theme};
use crate::frame::session;
use crate::i18n::Lang;
use crate::session::core::{Action, GameSession};

use super::super::context::{use_app, AppContext};
use super::super::shell::{sync_search, use_game_worker};
use super::controls::FrameControls;
use super::host::{use_host_messages, use_latest, use_reports, Setters};
use super::talk::use_resize_reports;
use super::{BoardProps, EmbedBoard};

/// The frame's own styles (not in the app's first load).
pub(crate) const CSS: &str = include_str!("../../../styles/embed.css");

/// Props: the parameters and what was wrong with them.
#[derive(Properties, PartialEq)]
pub(super) struct PageProps {
    /// The parameters, each valid.
    pub params: EmbedParams,
    /// The parameters refused, in words.
    pub errors: Vec<String>,
}

/// The frame's page for game `G`.
#[function_component(EmbedPage)]
pub(super) fn embed_page<G: EmbedBoard>(props: &PageProps) -> Html {
    let params = use_state(|| props.params.clone());
    let flipped = use_state(|| false);
    let p = (*params).clone();
    let state = use_reducer({
        let p = p.clone();
        move || Reduced(session::<G>(&p).unwrap_or_else(|| GameSession::new(Default::default())))
    });
    let dispatch = {
        let dispatcher = state.dispatcher();
        Callback::from(move |action: Action<G>| dispatcher.dispatch(action))
    };
    use_frame_search(&state, &dispatch, &p);
    let latest = use_latest(&state, &p, *flipped);
    use_reports(&latest, &state, &p, &props.errors);
    let setters = Setters {
        params: params.setter(),
        flipped: flipped.setter(),
    };
    use_host_messages(&latest, &dispatch, setters, p.parent.is_some());
    let content = use_resize_reports(&p);
    let app = use_app();
    let lang = p.lang.unwrap_or(app.lang);
    use_document_look(p.theme, lang);

    // The visitor's own moves: in `play`, and for both sides in `analyse`.
    let moves_allowed = matches!(p.mode, Mode::Play | Mode::Analyse);
    let board_dispatch = {
        let dispatch = dispatch.clone();
        Callback::from(move |action: Action<G>| {
            if moves_allowed {
                dispatch.emit(action)
            }
        })
    };
    let classes = frame_classes(&p, *flipped);
    let context = AppContext { lang, ..app };
    html! {
        <ContextProvider<AppContext> {context}>
            <style>{ CSS }</style>
            <div ref={content} class={classes} data-testid="embed" data-mode={p.mode.name()}>
                { errors_note(&props.errors) }
                // A lesson or a puzzle is its learning module's frame
                // (`Route::module`): a page's message that opens one opens
                // its address.
                if p.has_own_position() {
                    <div class="embed-board">{ G::board(BoardProps {
                        state: state.clone(),
                        dispatch: board_dispatch,
                        interactive: moves_allowed,
                        analysing: p.mode == Mode::Analyse,
                    }) }</div>
                }
                <FrameControls<G> state={state.clone()} dispatch={dispatch.clone()} params={p.clone()} />
            </div>
        </ContextProvider<AppContext>>
    }
}

/// The classes of a frame's content: its game's, and its looks.
pub(super) fn frame_classes(params: &EmbedParams, flipped: bool) -> Classes {
    classes!(
        "embed",
        format!("embed-{}", params.game().name()),
        (!params.coords).then_some("no-coords"),
        flipped.then_some("flipped"),
    )
}

/// The parameters refused, in words, above the frame's content (nothing
/// when all were read).
pub(super) fn errors_note(errors: &[String]) -> Html {
    if errors.is_empty() {
        return Html::default();
    }
    html! { <p class="embed-error" role="note" data-testid="embed-error">{ errors.join("; ") }</p> }
}

/// The worker's search matches what the game wants, where the visitor
/// moves (`play`, `analyse`); in `view` any search left from another mode
/// is cancelled, and no worker is loaded.
#[hook]
fn use_frame_search<G: EmbedBoard>(
    state: &UseReducerHandle<Reduced<GameSession<G>>>,
    dispatch: &Callback<Action<G>>,
    params: &EmbedParams,
) {
    // A frame on another site's page keeps to one worker.
    let worker = use_game_worker::<G>(dispatch.clone(), crate::worker::split::whole);
    let searching = matches!(params.mode, Mode::Play | Mode::Analyse);
    let snapshot = (**state).clone();
    let dispatch = dispatch.clone();
    let key = (
        searching,
        state.wanted_search(),
        state.search.as_ref().map(|s| s.id),
    );
    use_effect_with(key, move |(searching, ..)| {
        if *searching {
            sync_search(&snapshot, &worker, &dispatch)
        } else if snapshot.search.is_some() {
            worker.cancel();
            dispatch.emit(Action::SearchCancelled);
        }
    });
}

/// The frame's colours and language on its document (the app's contrast
/// attribute included).
#[hook]
pub(crate) fn use_document_look(theme: Theme, lang: Lang) {
    use_effect_with((theme, lang), |(theme, lang)| {
        let root = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element());
        if let Some(root) = root {
            let _ = root.set_attribute("data-theme", theme.name());
            let contrast = match theme {
                Theme::Contrast => "high",
                _ => "normal",
            };
            let _ = root.set_attribute("data-contrast", contrast);
            let _ = root.set_attribute("lang", lang.code());
        }
    });
}
