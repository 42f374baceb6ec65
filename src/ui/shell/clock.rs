//! The game clock every game page shares, drawn from the session's clock
//! (`session::game_clock` decides whose clock runs, the flag, low time
//! and the computer's time): the time control (presets or typed), how the
//! clock is switched, both sides' times large and readable (buttons to
//! press, and Space, when players press their own side), pause and
//! resume, the rule after a flag; ticks while it runs; the clock kept
//! beside the autosave (a reload shows it paused).

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use gloo_timers::callback::Interval;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Texts;
use crate::session::clock::{clock_text, Clock, Switching, TimeControl, PRESETS};
use crate::session::core::{Action, GameSession};
use crate::session::game_clock::ClockAction;

use super::super::browser;
use super::super::context::use_texts;
use super::PageGame;

/// How often a running clock is redrawn and told the time.
const TICK_MS: u32 = 100;
/// How many ticks between saves of a running clock (a second).
const TICKS_A_SAVE: u32 = 10;

/// Now, in milliseconds (`performance.now()`: monotonic): the time of
/// every action on a game page.
pub fn now() -> f64 {
    browser::window()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// Puts the clock kept for the game (beside the autosave, or the link's,
/// which the shell keeps there first) into `state`, stopped.
pub(super) fn restore<G: PageGame>(state: &mut GameSession<G>) {
    let plies = state.record.line().len();
    let kept = browser::load(&super::clock_key::<G>()).and_then(|t| Clock::read_kept(&t, plies));
    if let Some(clock) = kept {
        state.restore_clock(clock);
    }
}

/// The clock of a game page: what the clock needs of the game, given to
/// the panel, which is the same for every game (a function, not a
/// component of its own per game: the app stays smaller).
pub fn game_clock<G: PageGame>(
    t: &Texts,
    state: &GameSession<G>,
    dispatch: &Callback<Action<G>>,
) -> Html {
    let plies = state.record.line().len();
    let sides = G::sides();
    html! {
        <ClockPanel store_key={super::clock_key::<G>()}
            names={sides.map(|side| G::side_name(t, side))}
            {plies} can_run={state.record.cursor() == plies && state.outcome().is_none()}
            offers_completion={G::offers_completion(&state.settings)}
            clock={state.clock.clone()}
            on_action={dispatch.reform(move |a: ClockAction<usize>| Action::Clock(a.with_side(|i| sides[i & 1])))} />
    }
}

/// Props: the session's clock and what the panel needs of the game.
#[derive(Properties, PartialEq)]
pub struct ClockPanelProps {
    /// Where the clock is kept.
    pub store_key: String,
    /// The sides' names, the first mover's first.
    pub names: [&'static str; 2],
    /// Moves in the record (the kept clock belongs to this game).
    pub plies: usize,
    /// The clock may run: the last position is shown and the game goes on.
    pub can_run: bool,
    /// The game offers seed 004's completion after a flag.
    pub offers_completion: bool,
    /// The session's clock.
    pub clock: Option<Clock>,
    /// Does something to the clock (sides by their index).
    pub on_action: Callback<ClockAction<usize>>,
}

/// The clock panel.
#[function_component(ClockPanel)]
fn clock_panel(props: &ClockPanelProps) -> Html {
    let t = use_texts();
    let clock = props.clock.as_ref();
    use_kept_clock(&props.store_key, props.clock.clone(), props.plies);
    use_clock_ticks(clock.is_some_and(Clock::is_running), &props.on_action);
    let pressing = clock.filter(|c| c.switching() == Switching::ByPress && c.flagged().is_none());
    use_space_press(pressing.map(Clock::to_move), &props.on_action);
    let on_action = props.on_action.clone();
    let toggle = clock.map(|clock| {
        let (running, on_action) = (clock.is_running(), on_action.clone());
        let label = if running {
            t.common.clock_pause()
        } else {
            t.common.clock_start()
        };
        let action = if running {
            ClockAction::Pause
        } else {
            ClockAction::Start
        };
        let onclick = Callback::from(move |_| on_action.emit(action.clone()));
        html! {
            if clock.flagged().is_none() {
                <button class="clock-toggle" {onclick} data-testid="clock-toggle"
                    disabled={!running && !props.can_run}>{ label }</button>
            }
        }
    });
    html! {
        <section class="game-clock" aria-label={t.common.clock()}>
            <ControlChoice current={clock.map(Clock::control)} on_action={on_action.clone()} />
            if let Some(clock) = clock {
                { clock_faces(t, clock, now(), props.names, &on_action) }
                { toggle.unwrap_or_default() }
                { clock_options(t, clock, props.offers_completion, &on_action) }
            }
        </section>
    }
}

/// Keeps the clock beside the autosave whenever it changes, and every
/// second while it runs (a failed save is told by the app's banner; the
/// clock goes on).
#[hook]
fn use_kept_clock(key: &str, clock: Option<Clock>, plies: usize) {
    let latest = use_mut_ref(|| (clock.clone(), plies));
    *latest.borrow_mut() = (clock.clone(), plies);
    let store = {
        let key = key.to_string();
        move |latest: &(Option<Clock>, usize)| {
            let text = latest.0.as_ref().map(|c| c.kept_text(latest.1, now()));
            let _ = browser::store(&key, text.as_deref().unwrap_or(""));
        }
    };
    {
        let store = store.clone();
        use_effect_with((clock.clone(), plies), move |latest| store(latest));
    }
    let running = clock.is_some_and(|c| c.is_running());
    use_effect_with(running, move |&running| {
        let interval =
            running.then(|| Interval::new(TICK_MS * TICKS_A_SAVE, move || store(&latest.borrow())));
        move || drop(interval)
    });
}

/// While the clock runs: redraws the panel and tells the session the time
/// (the flag, low time, the computer's deadline) every tick.
#[hook]
fn use_clock_ticks(running: bool, on_action: &Callback<ClockAction<usize>>) {
    let redraw = use_state(|| 0u32);
    let on_action = on_action.clone();
    use_effect_with(running, move |&running| {
        let counter = Rc::new(RefCell::new(0u32));
        let interval = running.then(|| {
            Interval::new(TICK_MS, move || {
                *counter.borrow_mut() += 1;
                redraw.set(*counter.borrow());
                on_action.emit(ClockAction::Tick);
            })
        });
        move || drop(interval)
    });
}

/// Space presses the running side's clock while players press their own
/// side (`side`: whose clock is on), anywhere on the page but in text
/// fields and dialogs; it then no longer clicks the focused button (Enter
/// still does).
#[hook]
fn use_space_press(side: Option<usize>, on_action: &Callback<ClockAction<usize>>) {
    let current = use_mut_ref(|| (side, on_action.clone()));
    *current.borrow_mut() = (side, on_action.clone());
    use_effect_with((), move |_| {
        let document = browser::window().document().expect("a document");
        let options = EventListenerOptions::enable_prevent_default();
        let space = |e: &Event| {
            e.dyn_ref::<web_sys::KeyboardEvent>().is_some_and(|k| {
                k.code() == "Space"
                    && !k.ctrl_key()
                    && !k.alt_key()
                    && !k.meta_key()
                    && !browser::typing_in_field(k.target())
                    && !browser::modal_open()
            })
        };
        let down = {
            let current = current.clone();
            EventListener::new_with_options(&document, "keydown", options, move |e| {
                let (side, on_action) = current.borrow().clone();
                if let Some(side) = side.filter(|_| space(e)) {
                    e.prevent_default();
                    let repeated = e
                        .dyn_ref::<web_sys::KeyboardEvent>()
                        .is_some_and(|k| k.repeat());
                    if !repeated {
                        on_action.emit(ClockAction::Press(side));
                    }
                }
            })
        };
        // A button clicks on Space's release: not when Space pressed the clock.
        let up = EventListener::new_with_options(&document, "keyup", options, move |e| {
            if current.borrow().0.is_some() && space(e) {
                e.prevent_default();
            }
        });
        move || drop((down, up))
    });
}

/// Props: the time control chosen and what choosing does.
#[derive(Properties, PartialEq)]
struct ControlChoiceProps {
    /// The control of the clock set, if any.
    current: Option<TimeControl>,
    /// Sets a control (or none).
    on_action: Callback<ClockAction<usize>>,
}

/// The time control: no clock, a preset, or one typed.
#[function_component(ControlChoice)]
fn control_choice(props: &ControlChoiceProps) -> Html {
    let t = use_texts();
    let (custom, error) = (use_state(|| false), use_state(|| false));
    let set = {
        let (on_action, custom, error) = (props.on_action.clone(), custom.clone(), error.clone());
        Callback::from(move |control: Option<TimeControl>| {
            error.set(false);
            custom.set(false);
            on_action.emit(ClockAction::Set(control));
        })
    };
    let on_select = {
        let (set, custom) = (set.clone(), custom.clone());
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            match select.value().as_str() {
                "" => set.emit(None),
                "custom" => custom.set(true),
                preset => set.emit(TimeControl::parse(preset).ok()),
            }
        })
    };
    let on_custom = {
        let error = error.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let form: web_sys::HtmlFormElement = e.target_unchecked_into();
            let text = form
                .query_selector("input")
                .ok()
                .flatten()
                .map(|i| i.unchecked_into::<web_sys::HtmlInputElement>().value())
                .unwrap_or_default();
            match TimeControl::parse(&text) {
                Ok(control) => set.emit(Some(control)),
                Err(_) => error.set(true),
            }
        })
    };
    let current = props.current.map(|c| c.to_string());
    let options = PRESETS.iter().map(|p| {
        html! { <option value={*p} selected={current.as_deref() == Some(*p)}>{ *p }</option> }
    });
    let typed = current.clone().filter(|c| !PRESETS.contains(&c.as_str()));
    html! {
        <>
            <label class="clock-control">
                { t.common.clock() }
                <select onchange={on_select} data-testid="clock-control">
                    <option value="" selected={current.is_none()}>{ t.common.no_clock() }</option>
                    { for options }
                    if let Some(typed) = typed {
                        <option value={typed.clone()} selected=true>{ typed }</option>
                    }
                    <option value="custom">{ t.common.clock_custom() }</option>
                </select>
            </label>
            if *custom {
                <form class="clock-custom" onsubmit={on_custom}>
                    <input type="text" aria-label={t.common.clock()} placeholder="5+3" data-testid="clock-custom" />
                    <button type="submit">{ "OK" }</button>
                </form>
            }
            if *error {
                <p class="help" role="alert">{ t.common.clock_bad() }</p>
            }
        </>
    }
}

/// Both sides' times at `at`, large; buttons to press when players press
/// their own side (a part of the panel, drawn with it on every tick).
fn clock_faces(
    t: &Texts,
    clock: &Clock,
    at: f64,
    names: [&'static str; 2],
    on_action: &Callback<ClockAction<usize>>,
) -> Html {
    let pressing = clock.switching() == Switching::ByPress && clock.flagged().is_none();
    let faces = names.iter().enumerate().map(|(i, name)| {
        let time = clock_text(clock.left(i, at));
        let class = classes!(
            "clock-face",
            (clock.to_move() == i && clock.is_running()).then_some("running"),
            // Paused on this side: "Start clock" starts it.
            (clock.to_move() == i && !clock.is_running() && clock.flagged().is_none())
                .then_some("waiting"),
            clock.is_low(i, at).then_some("low"),
            (clock.flagged() == Some(i)).then_some("flagged"),
            pressing.then_some("press"),
        );
        let inside = html! {
            <>
                <span class="clock-side">{ *name }</span>
                <span class="clock-time" role="timer">{ time.clone() }</span>
            </>
        };
        if pressing {
            let onclick = on_action.reform(move |_: MouseEvent| ClockAction::Press(i));
            let label = t.clock().press_side(*name, time);
            html! {
                <button {class} {onclick} aria-label={label} data-testid={format!("clock-{i}")}>{ inside }</button>
            }
        } else {
            html! { <div {class} data-testid={format!("clock-{i}")}>{ inside }</div> }
        }
    });
    html! {
        <>
            <div class="clock-faces">{ for faces }</div>
            if pressing {
                <p class="help clock-press-help">{ t.clock().press_help() }</p>
            }
        </>
    }
}

/// The clock's options: how it is switched, and the rule after a flag
/// where the game offers the winner's completion (a part of the panel).
fn clock_options(
    t: &Texts,
    clock: &Clock,
    offers_completion: bool,
    on_action: &Callback<ClockAction<usize>>,
) -> Html {
    let on_switching = on_action.reform(|e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        ClockAction::Switching(if select.value() == "press" {
            Switching::ByPress
        } else {
            Switching::ByMove
        })
    });
    let on_completes = on_action.reform(|e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        ClockAction::WinnerCompletes(input.checked())
    });
    let by_press = clock.switching() == Switching::ByPress;
    html! {
        <>
            <label class="clock-control clock-switching">
                { t.clock().switching() }
                <select onchange={on_switching} data-testid="clock-switching">
                    <option value="move" selected={!by_press}>{ t.clock().by_move() }</option>
                    <option value="press" selected={by_press}>{ t.clock().by_press() }</option>
                </select>
            </label>
            if offers_completion {
                <label class="choice clock-completes">
                    <input type="checkbox" checked={clock.winner_completes()} onchange={on_completes}
                        disabled={clock.flagged().is_some()} data-testid="clock-completes" />
                    { t.common.clock_completes() }
                </label>
            }
        </>
    }
}
