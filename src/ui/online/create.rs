//! The "Play online" dialog, opened over a game page by its button (the
//! shell's `PlayOnline`, which loads this module and calls [`open`] with
//! the game as the page has it set up): the time (a clock of one of the
//! app's kinds, or days a move), the colour and whether the challenge is
//! listed in the lobby; it creates the game on the server and opens its
//! page, which shows the invitation link to send.

use std::cell::RefCell;
use std::thread::LocalKey;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::online::client::rules_of;
use crate::online::protocol::{Colour, CreateRequest, Seated};
use crate::online::setup::{GameKind, Setup, Timing, CORRESPONDENCE_DAYS};
use crate::session::formats;

use super::super::browser;
use super::super::common::dialog::{
    close_apart, open_apart, radio, show_apart, ApartDialog, ModalDialog, TakeDown,
};
use super::super::context::{use_texts, AppContext};
use super::super::shell::PageGame;
use super::page::seated_here;
use super::{ask, kept};

thread_local! {
    /// Takes the dialog down, while it is shown.
    static SHOWN: RefCell<Option<TakeDown>> = const { RefCell::new(None) };
}

/// The "Play online" dialog, drawn apart from the page.
pub struct CreateOnline;

impl ApartDialog for CreateOnline {
    const WHAT: &'static str = "online play";

    fn shown() -> &'static LocalKey<RefCell<Option<TakeDown>>> {
        &SHOWN
    }

    fn show<G: PageGame>(lang: Lang, query: &str) -> Result<TakeDown, String> {
        let (settings, _) =
            formats::decode::<G>(query).map_err(|e| format!("the game does not read: {e:?}"))?;
        show_apart::<CreateRoot<G>>(CreateRootProps { lang, settings })
    }
}

/// Shows the dialog, in the language `code`, for the game of the page
/// `route` set up as its share link's `query` says ([`open_apart`]).
pub fn open(code: &str, route: &str, query: &str) -> Result<(), String> {
    open_apart::<CreateOnline>(code, route, query)
}

/// Takes the dialog down.
pub fn close() {
    close_apart::<CreateOnline>();
}

/// Takes the dialog down after the event being handled, and gives the
/// focus back to the page's button.
fn close_later() {
    wasm_bindgen_futures::spawn_local(async {
        close();
        browser::focus("button.play-online");
    });
}

/// Props of the dialog's root: the language and the game.
#[derive(Properties, PartialEq)]
struct CreateRootProps<G: PageGame> {
    lang: Lang,
    settings: G::Settings,
}

/// The dialog in its language.
#[function_component(CreateRoot)]
fn create_root<G: PageGame>(props: &CreateRootProps<G>) -> Html {
    let context = AppContext {
        lang: props.lang,
        ..AppContext::default()
    };
    html! {
        <ContextProvider<AppContext> {context}>
            <CreateDialog<G> settings={props.settings.clone()} on_cancel={Callback::from(|_| close_later())} />
        </ContextProvider<AppContext>>
    }
}

/// The kinds of clock on offer, by the letter the time control writes
/// between minutes and seconds (`+0` is sudden death).
const CLOCK_KINDS: [&str; 4] = ["sudden", "+", "b", "d"];

/// What is being chosen.
#[derive(Clone, PartialEq)]
struct Draft {
    name: String,
    live: bool,
    clock: &'static str,
    minutes: u32,
    seconds: u32,
    days: u8,
    colour: Colour,
    public: bool,
    /// Seed 004's completion: after a flag the winner completes the game
    /// (where the game offers it: Othello).
    completes: bool,
}

impl Draft {
    fn timing(&self) -> Timing {
        if !self.live {
            return Timing::Correspondence { days: self.days };
        }
        let control = match self.clock {
            "sudden" => format!("{}+0", self.minutes),
            letter => format!("{}{letter}{}", self.minutes, self.seconds),
        };
        Timing::Live {
            control,
            completes: self.completes,
        }
    }
}

/// Props of the dialog.
#[derive(Properties, PartialEq)]
struct CreateDialogProps<G: PageGame> {
    settings: G::Settings,
    on_cancel: Callback<()>,
}

/// A field's new value, for `draft`.
fn on_value(draft: &UseStateHandle<Draft>, set: fn(&mut Draft, String)) -> Callback<Event> {
    let draft = draft.clone();
    Callback::from(move |e: Event| {
        let target: web_sys::HtmlInputElement = e.target_unchecked_into();
        let mut next = (*draft).clone();
        set(&mut next, target.value());
        draft.set(next);
    })
}

/// The time fields: live with a clock, or correspondence.
fn time_fields(
    t: &'static crate::i18n::Texts,
    draft: &UseStateHandle<Draft>,
    offers_completion: bool,
) -> Html {
    let o = t.online();
    let pick = |live: bool| {
        let draft = draft.clone();
        Callback::from(move |_| {
            draft.set(Draft {
                live,
                ..(*draft).clone()
            })
        })
    };
    // Short names in the list (a phone shows them whole), the chosen
    // kind's description under it.
    let clock_names = [
        o.sudden_short(),
        o.fischer_short(),
        o.bronstein_short(),
        o.delay_short(),
    ];
    let clock_help = [
        o.sudden_death(),
        o.fischer(),
        o.bronstein(),
        o.simple_delay(),
    ];
    let chosen_help = CLOCK_KINDS
        .iter()
        .zip(clock_help)
        .find(|(kind, _)| **kind == draft.clock)
        .map(|(_, help)| help);
    html! {
        <fieldset class="field online-time">
            <legend>{ o.timing() }</legend>
            { radio("online-timing", "online-live".into(), draft.live, o.live(), pick(true)) }
            { radio("online-timing", "online-correspondence".into(), !draft.live, o.correspondence(), pick(false)) }
            if draft.live {
                <label>{ o.clock_kind() }
                    <select data-testid="online-clock-kind" onchange={on_value(draft, |d, v| {
                        d.clock = CLOCK_KINDS.into_iter().find(|k| *k == v).unwrap_or("+");
                    })}>
                        { for CLOCK_KINDS.iter().zip(clock_names).map(|(kind, name)| html! {
                            <option value={*kind} selected={draft.clock == *kind}>{ name }</option>
                        }) }
                    </select>
                </label>
                if let Some(help) = chosen_help {
                    <p class="help">{ help }</p>
                }
                <label>{ o.minutes() }
                    <input type="number" min="1" max="180" value={draft.minutes.to_string()} data-testid="online-minutes"
                        onchange={on_value(draft, |d, v| d.minutes = v.parse().unwrap_or(d.minutes).clamp(1, 180))} />
                </label>
                if draft.clock != "sudden" {
                    <label>{ o.seconds() }
                        <input type="number" min="0" max="60" value={draft.seconds.to_string()} data-testid="online-seconds"
                            onchange={on_value(draft, |d, v| d.seconds = v.parse().unwrap_or(d.seconds).min(60))} />
                    </label>
                }
                if offers_completion {
                    <label class="choice">
                        <input type="checkbox" checked={draft.completes} data-testid="online-completes"
                            onchange={on_value(draft, |d, _| d.completes = !d.completes)} />
                        { t.common.clock_completes() }
                    </label>
                }
            } else {
                <label>{ o.days() }
                    <select data-testid="online-days" onchange={on_value(draft, |d, v| d.days = v.parse().unwrap_or(d.days))}>
                        { for CORRESPONDENCE_DAYS.iter().map(|days| html! {
                            <option value={days.to_string()} selected={draft.days == *days}>{ o.days_a_move(u64::from(*days)) }</option>
                        }) }
                    </select>
                </label>
            }
        </fieldset>
    }
}

/// The dialog.
#[function_component(CreateDialog)]
fn create_dialog<G: PageGame>(props: &CreateDialogProps<G>) -> Html {
    let t = use_texts();
    let o = t.online();
    let draft = use_state(|| Draft {
        name: kept::name(),
        live: true,
        clock: "+",
        minutes: 5,
        seconds: 3,
        days: 3,
        colour: Colour::Random,
        public: false,
        completes: false,
    });
    let busy = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let kind = GameKind::from_name(G::ROUTE).unwrap_or(GameKind::Othello);
    let onsubmit = {
        let (draft, busy, problem) = (draft.clone(), busy.clone(), problem.clone());
        let rules = rules_of::<G>(&props.settings, kind);
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let request = CreateRequest {
                setup: Setup {
                    game: kind,
                    rules: rules.clone(),
                    timing: draft.timing(),
                },
                name: draft.name.clone(),
                colour: draft.colour,
                public: draft.public,
            };
            busy.set(true);
            let (busy, problem) = (busy.clone(), problem.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let body = serde_json::to_string(&request).ok();
                match ask::<Seated>(t, "POST", "/api/v1/games", body).await {
                    Ok(seated) => {
                        kept::keep_name(&request.name);
                        seated_here(kind, seated);
                        close_later();
                    }
                    Err(text) => {
                        busy.set(false);
                        problem.set(Some(text));
                    }
                }
            });
        })
    };
    let colours = [
        (Colour::First, G::side_name(t, G::sides()[0]), "first"),
        (Colour::Second, G::side_name(t, G::sides()[1]), "second"),
        (Colour::Random, o.random(), "random"),
    ];
    html! {
        <ModalDialog title={o.create_heading()} on_cancel={props.on_cancel.clone()}>
            <form class="online-create" {onsubmit} data-testid="online-create">
                <p>{ o.create_intro() }</p>
                <div class="field">
                    <label for="online-name">{ o.your_name() }</label>
                    <input id="online-name" type="text" maxlength="32" required=true autocomplete="nickname"
                        value={draft.name.clone()} data-testid="online-name" oninput={{
                            let draft = draft.clone();
                            Callback::from(move |e: InputEvent| {
                                let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                                draft.set(Draft { name: input.value(), ..(*draft).clone() });
                            })
                        }} />
                </div>
                { time_fields(t, &draft, G::offers_completion(&props.settings)) }
                <fieldset class="field">
                    <legend>{ o.colour() }</legend>
                    { for colours.into_iter().map(|(colour, label, code)| {
                        let draft = draft.clone();
                        radio("online-colour", format!("online-colour-{code}"), draft.colour == colour, label,
                            Callback::from(move |_| draft.set(Draft { colour, ..(*draft).clone() })))
                    }) }
                </fieldset>
                <label class="choice">
                    <input type="checkbox" checked={draft.public} data-testid="online-public" onchange={{
                        let draft = draft.clone();
                        Callback::from(move |_: Event| draft.set(Draft { public: !draft.public, ..(*draft).clone() }))
                    }} />
                    { o.public() }
                </label>
                if let Some(problem) = &*problem {
                    <p class="online-problem" role="alert">{ problem }</p>
                }
                <div class="dialog-buttons">
                    <button type="submit" class="primary" disabled={*busy} data-testid="online-create-game">
                        { if *busy { o.creating() } else { o.create() } }
                    </button>
                    <button type="button" class="cancel" onclick={props.on_cancel.reform(|_: MouseEvent| ())}>{ t.common.cancel() }</button>
                </div>
            </form>
        </ModalDialog>
    }
}
