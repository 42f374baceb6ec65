//! Modal dialogs: focus moves in on opening, Tab stays inside, Escape
//! cancels; the form fields the games' new-game dialogs share; and the
//! dialogs a module of their own shows over a game page.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::engine::strength::Level;
use crate::i18n::othello::level_name;
use crate::i18n::Texts;
use crate::session::player::{Player, Seats};

use super::super::shell::PageGame;

/// Draws the Yew app `C` in a container of its own at the end of the
/// page's body, and returns what takes it down: a dialog that a module of
/// its own shows over another module's page (the diagram, "Play online").
/// A sibling of the app's and the page's roots, never inside them, so that
/// their event handling (Yew's, at each app's root) never sees the dialog's
/// events: two Yew apps from two wasm modules number their listeners alike,
/// and the page would run its own handlers for the dialog's clicks and keys.
/// Inside the body, so that it is part of the document a screen reader
/// reads.
pub fn show_apart<C: BaseComponent>(props: C::Properties) -> Result<TakeDown, String> {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| Some((d.create_element("div").ok()?, d.body()?)))
        .and_then(|(root, body)| body.append_child(&root).ok().map(|_| root))
        .ok_or("no page to draw on")?;
    let handle = yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    Ok(Box::new(move || {
        handle.destroy();
        root.remove();
    }))
}

/// What takes a dialog drawn apart down (see [`show_apart`]).
pub type TakeDown = Box<dyn FnOnce()>;

/// A dialog that a module of its own shows over a game's page, one at a
/// time: the module's `open(lang, route, query)` and `close()` are
/// [`open_apart`] and [`close_apart`] of it.
pub trait ApartDialog: 'static {
    /// What the dialog is of, for the error of a page without it.
    const WHAT: &'static str;

    /// Where the shown dialog's take-down is kept.
    fn shown() -> &'static std::thread::LocalKey<std::cell::RefCell<Option<TakeDown>>>;

    /// Draws the dialog for game `G`, set up as its share link's `query`
    /// says, in `lang`.
    fn show<G: PageGame>(lang: crate::i18n::Lang, query: &str) -> Result<TakeDown, String>;
}

/// Shows dialog `D`, in the language `code`, for the game of the page
/// `route` (`othello`, `opok`, `nim`) as its share link's `query` holds it
/// (a dialog already shown is closed first); an error when the route or
/// the query does not read.
pub fn open_apart<D: ApartDialog>(code: &str, route: &str, query: &str) -> Result<(), String> {
    use crate::session::{nim::Nim, opok::Opok, othello::Othello};
    close_apart::<D>();
    super::super::crash::install_panic_hook();
    let lang = crate::i18n::Lang::from_code(code).unwrap_or_default();
    let take_down = match route {
        "othello" => D::show::<Othello>(lang, query),
        "opok" => D::show::<Opok>(lang, query),
        "nim" => D::show::<Nim>(lang, query),
        _ => Err(format!("no {} for {route:?}", D::WHAT)),
    }?;
    D::shown().with(|shown| *shown.borrow_mut() = Some(take_down));
    Ok(())
}

/// Takes dialog `D` down, if it is shown.
pub fn close_apart<D: ApartDialog>() {
    if let Some(take_down) = D::shown().with(|shown| shown.borrow_mut().take()) {
        take_down();
    }
}

/// Props: the title, how to cancel, and the content.
#[derive(Properties, PartialEq)]
pub struct ModalDialogProps {
    /// The heading (also the dialog's accessible name).
    pub title: &'static str,
    /// Called on Escape.
    pub on_cancel: Callback<()>,
    /// The content.
    pub children: Html,
}

fn controls_of(root: &web_sys::Element) -> Vec<web_sys::HtmlElement> {
    super::super::browser::elements_within(root, "input, select, button, textarea")
}

/// Keeps Tab and Shift+Tab cycling through the dialog's own controls.
fn trap_focus(root: &web_sys::Element, e: &KeyboardEvent) {
    let controls = controls_of(root);
    let (Some(first), Some(last)) = (controls.first(), controls.last()) else {
        return;
    };
    let active = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    let at = |el: &web_sys::HtmlElement| {
        active
            .as_ref()
            .is_some_and(|a| a == el.unchecked_ref::<web_sys::Element>())
    };
    if e.shift_key() && at(first) {
        e.prevent_default();
        let _ = last.focus();
    } else if !e.shift_key() && at(last) {
        e.prevent_default();
        let _ = first.focus();
    }
}

/// A modal dialog.
#[function_component(ModalDialog)]
pub fn modal_dialog(props: &ModalDialogProps) -> Html {
    let dialog = use_node_ref();
    {
        let dialog = dialog.clone();
        use_effect_with((), move |_| {
            if let Some(first) = dialog
                .cast::<web_sys::Element>()
                .and_then(|d| controls_of(&d).into_iter().next())
            {
                let _ = first.focus();
            }
        });
    }
    let on_key = {
        let cb = props.on_cancel.clone();
        let dialog = dialog.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Escape" => {
                e.prevent_default();
                cb.emit(());
            }
            "Tab" => {
                if let Some(root) = dialog.cast::<web_sys::Element>() {
                    trap_focus(&root, &e);
                }
            }
            _ => {}
        })
    };
    html! {
        <div class="dialog-backdrop">
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title" ref={dialog} onkeydown={on_key}>
                <h2 id="dialog-title">{ props.title }</h2>
                { props.children.clone() }
            </div>
        </div>
    }
}

/// A select of who plays a side: a person or the computer at a level.
pub fn player_select(
    t: &'static Texts,
    id: String,
    label: &'static str,
    current: Player,
    on_change: Callback<Player>,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        on_change.emit(Player::from_code(&select.value()).unwrap_or(Player::Human));
    });
    let selected = current.code();
    html! {
        <div class="field">
            <label for={id.clone()}>{ label }</label>
            <select {id} {onchange}>
                <option value="human" selected={selected == "human"}>{ t.common.human() }</option>
                { for Level::all().map(|level| {
                    let value = Player::Computer(level).code();
                    html! {
                        <option value={value.clone()} selected={selected == value}>
                            { format!("{} · {}", t.common.computer(), level_name(t, level)) }
                        </option>
                    }
                }) }
            </select>
        </div>
    }
}

/// A select of the strongest level's thinking time.
pub fn think_time_select(
    t: &'static Texts,
    current_ms: u32,
    choices: &[u32],
    on_change: Callback<u32>,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Ok(ms) = select.value().parse() {
            on_change.emit(ms);
        }
    });
    html! {
        <div class="field">
            <label for="think-time">{ t.common.think_time() }</label>
            <select id="think-time" {onchange}>
                { for choices.iter().map(|&ms| html! {
                    <option value={ms.to_string()} selected={current_ms == ms}>
                        { t.common.seconds((ms / 1000).to_string()) }
                    </option>
                }) }
            </select>
        </div>
    }
}

/// The Start and Cancel buttons of a new-game form.
pub fn start_cancel_buttons(t: &'static Texts, on_cancel: Callback<()>) -> Html {
    html! {
        <div class="dialog-buttons">
            <button type="submit" class="primary start-game">{ t.common.start_game() }</button>
            <button type="button" class="cancel" onclick={on_cancel.reform(|_: MouseEvent| ())}>{ t.common.cancel() }</button>
        </div>
    }
}

/// The props of every game's new-game dialog: the settings to start from
/// and what to do with the choice.
#[derive(Properties, PartialEq)]
pub struct NewGameProps<S: PartialEq + 'static> {
    /// The settings shown first.
    pub initial: S,
    /// Called with the chosen settings.
    pub on_start: Callback<S>,
    /// Called when the dialog is dismissed.
    pub on_cancel: Callback<()>,
}

/// The new-game form every game shares: the game's own fields, then who
/// plays each side, the thinking time when a level uses it, Start and
/// Cancel; Start hands the settings being chosen (`draft`) on.
pub fn new_game_form<G: PageGame>(
    t: &'static Texts,
    props: &NewGameProps<G::Settings>,
    draft: &UseStateHandle<G::Settings>,
    fields: Html,
) -> Html {
    let on_start = {
        let draft = draft.clone();
        let cb = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            cb.emit((*draft).clone());
        })
    };
    let players = draft.seats();
    let uses_time = players
        .iter()
        .any(|p| matches!(p, Player::Computer(l) if l.uses_think_time()));
    let think = draft.think_ms().filter(|_| uses_time).map(|current| {
        let draft = draft.clone();
        let on_time = Callback::from(move |ms: u32| {
            let mut next = (*draft).clone();
            next.set_think_ms(ms);
            draft.set(next);
        });
        think_time_select(t, current, &crate::session::player::THINK_TIMES_MS, on_time)
    });
    let seats = G::sides().into_iter().enumerate().map(|(index, side)| {
        let draft = draft.clone();
        let id = format!("{}-player", G::side_class(side));
        let label = G::side_name(t, side);
        let on_change = Callback::from(move |player| {
            let mut next = (*draft).clone();
            next.seat(index, player);
            draft.set(next);
        });
        player_select(t, id, label, players[index], on_change)
    });
    html! {
        <ModalDialog title={t.common.new_game_title()} on_cancel={props.on_cancel.clone()}>
            <form onsubmit={on_start}>
                { fields }
                { for seats }
                { for think }
                { start_cancel_buttons(t, props.on_cancel.clone()) }
            </form>
        </ModalDialog>
    }
}

/// A radio button of group `name` with its label; `on_pick` runs when it
/// is chosen.
pub fn radio(
    name: &'static str,
    id: String,
    checked: bool,
    label: impl Into<Html>,
    on_pick: Callback<()>,
) -> Html {
    html! {
        <label class="choice" for={id.clone()}>
            <input type="radio" {name} {id} {checked} onchange={on_pick.reform(|_: Event| ())} />
            { label.into() }
        </label>
    }
}
