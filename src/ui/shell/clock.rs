//! The game clock every game page shares: the time control (presets or
//! typed), both sides' times large and readable, pause and resume, the
//! low-time warning, the flag (the session then records the time-loss
//! result), the computer's own time management ("move now" once its share
//! of the time is used), and the clock kept across a reload (paused).

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::i18n::Texts;
use crate::session::clock::{clock_text, Clock, TimeControl, PRESETS};
use crate::session::core::{Action, Announcement, GameSession};
use crate::session::turn::Turn;

use super::super::browser;
use super::super::context::use_texts;
use super::PageGame;

/// Now, in milliseconds (`performance.now()`: monotonic).
fn now() -> f64 {
    browser::window()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// The index of `side` among the game's sides (0 moves first).
fn index_of<G: PageGame>(side: G::Side) -> usize {
    usize::from(G::sides()[1] == side)
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
            {plies} at_end={state.record.cursor() == plies} over={state.outcome().is_some()}
            first={index_of::<G>(G::side_to_move(&state.record.position_at(0), 0))}
            computer_thinking={matches!(state.turn(), Turn::Computer(_)) && state.thinking()}
            offers_completion={G::offers_completion(&state.settings)}
            computer_weight={G::clock_weight(&state.position())}
            on_flag={dispatch.reform(move |(i, completes): (usize, bool)| Action::TimeLoss { loser: sides[i], completes })}
            on_low={dispatch.reform(move |i: usize| Action::Announce(Announcement::LowTime(sides[i])))}
            on_move_now={dispatch.reform(|_| Action::MoveNow)} />
    }
}

/// Props: what the clock needs of the game.
#[derive(Properties, PartialEq)]
pub struct ClockPanelProps {
    /// Where the clock is kept.
    pub store_key: String,
    /// The sides' names, the first mover's first.
    pub names: [&'static str; 2],
    /// Moves played.
    pub plies: usize,
    /// The last position is shown (not a review of an earlier one).
    pub at_end: bool,
    /// The game is over.
    pub over: bool,
    /// The side to move at the start (0 or 1).
    pub first: usize,
    /// The computer is thinking about its move.
    pub computer_thinking: bool,
    /// How much of its usual share of the clock the computer gives the
    /// position (see `SessionGame::clock_weight`).
    pub computer_weight: f64,
    /// The game offers seed 004's completion after a flag.
    pub offers_completion: bool,
    /// A side ran out of time (and whether the winner completes the game).
    pub on_flag: Callback<(usize, bool)>,
    /// A side is low on time.
    pub on_low: Callback<usize>,
    /// The computer has used its share of its time.
    pub on_move_now: Callback<()>,
}

/// The clock's state between renders.
struct Keeping {
    clock: Option<Clock>,
    /// Plies played when the clock last moved.
    plies: usize,
    /// Sides already warned of low time (once a game).
    warned: [bool; 2],
    /// When the computer's current turn began on its clock.
    computer_since: Option<f64>,
    /// Whether the computer is thinking now.
    computer_thinking: bool,
    /// The weight of the computer's current move.
    computer_weight: f64,
}

/// The clock panel.
#[function_component(ClockPanel)]
fn clock_panel(props: &ClockPanelProps) -> Html {
    let t = use_texts();
    let plies = props.plies;
    let key = props.store_key.clone();
    let keeping = {
        let key = key.clone();
        use_mut_ref(move || Keeping {
            clock: browser::load(&key).and_then(|text| Clock::read_kept(&text, plies)),
            plies,
            warned: [false; 2],
            computer_since: None,
            computer_thinking: false,
            computer_weight: 1.0,
        })
    };
    keeping.borrow_mut().computer_thinking = props.computer_thinking;
    keeping.borrow_mut().computer_weight = props.computer_weight;
    // A game that ended on time before a reload (or in a shared link) ends
    // on time again: the session records the result.
    {
        let (keeping, on_flag) = (keeping.clone(), props.on_flag.clone());
        use_effect_with((), move |_| {
            let flagged = keeping
                .borrow()
                .clock
                .as_ref()
                .and_then(|c| Some((c.flagged()?, c.winner_completes())));
            if let Some(flag) = flagged {
                on_flag.emit(flag);
            }
        });
    }
    let redraw = use_state(|| 0u32);
    let custom = use_state(|| false);
    let error = use_state(|| false);

    // A move (or a pass) switches the clock and starts it; a new game sets
    // it back; going back in the record or the end stops it. The panel is
    // drawn again whenever that starts or stops the clock: nothing else may
    // draw it (the page's module is a Yew app of its own).
    {
        let (keeping, key, first) = (keeping.clone(), key.clone(), props.first);
        let redraw = redraw.clone();
        use_effect_with(
            (plies, props.at_end, props.over),
            move |&(plies, at_end, over)| {
                let mut guard = keeping.borrow_mut();
                let k = &mut *guard;
                let before = k.plies;
                k.plies = plies;
                let was_running = k.clock.as_ref().is_some_and(Clock::is_running);
                if let Some(clock) = k.clock.as_mut() {
                    let at = now();
                    if plies == 0 && before != 0 {
                        let base = clock.control().base_ms.map(|b| b as i64);
                        *clock = Clock::resumed(clock.control(), base, first);
                        k.warned = [false; 2];
                    } else if plies > before {
                        for _ in before..plies {
                            clock.moved(at);
                        }
                        clock.start(at);
                    }
                    if over || !at_end {
                        clock.pause(at);
                    }
                    // A failed save is told by the app's banner.
                    let _ = browser::store(&key, &clock.kept_text(plies, at));
                }
                k.computer_since = None;
                let running = k.clock.as_ref().is_some_and(Clock::is_running);
                drop(guard);
                if running != was_running {
                    redraw.set(*redraw + 1);
                }
            },
        );
    }

    // While it runs: redraw, the flag, low time, the computer's share.
    let running = keeping
        .borrow()
        .clock
        .as_ref()
        .is_some_and(Clock::is_running);
    {
        let (keeping, redraw, key) = (keeping.clone(), redraw.clone(), key.clone());
        let (on_flag, on_low, on_move_now) = (
            props.on_flag.clone(),
            props.on_low.clone(),
            props.on_move_now.clone(),
        );
        use_effect_with(running, move |&running| {
            let interval = running.then(|| {
                let tick = Rc::new(RefCell::new(0u32));
                Interval::new(100, move || {
                    let at = now();
                    let mut guard = keeping.borrow_mut();
                    let k = &mut *guard;
                    let Some(clock) = k.clock.as_mut() else {
                        return;
                    };
                    if let Some(side) = clock.check_flag(at) {
                        let text = clock.kept_text(k.plies, at);
                        let completes = clock.winner_completes();
                        drop(guard);
                        let _ = browser::store(&key, &text);
                        on_flag.emit((side, completes));
                        redraw.set(*redraw + 1);
                        return;
                    }
                    let mover = clock.to_move();
                    let low = clock.is_low(mover, at);
                    // The computer moves once it has used its share: a
                    // 25th of its time, weighted by the position, and most
                    // of its increment.
                    let share = clock.left(mover, at) as f64 / 25.0 * k.computer_weight
                        + 0.8 * clock.control().extra_ms as f64;
                    let computer = k.computer_thinking;
                    let since = *k.computer_since.get_or_insert(at);
                    let due = computer && at - since >= share.max(100.0);
                    if !computer {
                        k.computer_since = None;
                    }
                    let warn = low && !k.warned[mover];
                    if warn {
                        k.warned[mover] = true;
                    }
                    let save = (*tick.borrow() % 10 == 0).then(|| clock.kept_text(k.plies, at));
                    drop(guard);
                    if let Some(text) = save {
                        let _ = browser::store(&key, &text);
                    }
                    *tick.borrow_mut() += 1;
                    if warn {
                        on_low.emit(mover);
                    }
                    if due {
                        on_move_now.emit(());
                    }
                    redraw.set(*redraw + 1);
                })
            });
            move || drop(interval)
        });
    }

    let set_control = {
        let (keeping, redraw, error, custom) = (
            keeping.clone(),
            redraw.clone(),
            error.clone(),
            custom.clone(),
        );
        let (key, first) = (key.clone(), props.first);
        move |control: Option<TimeControl>| {
            let mut guard = keeping.borrow_mut();
            let k = &mut *guard;
            let completes = k.clock.as_ref().is_some_and(Clock::winner_completes);
            k.clock = control.map(|c| {
                let mut clock = Clock::resumed(c, c.base_ms.map(|b| b as i64), first);
                clock.set_winner_completes(completes);
                // A game already under way: the side to move's clock.
                for _ in 0..k.plies {
                    clock.moved(0.0);
                }
                clock
            });
            k.warned = [false; 2];
            let _ = match &k.clock {
                Some(clock) => browser::store(&key, &clock.kept_text(k.plies, now())),
                None => browser::store(&key, ""),
            };
            error.set(false);
            custom.set(false);
            redraw.set(*redraw + 1);
        }
    };
    let on_select = {
        let (set_control, custom) = (set_control.clone(), custom.clone());
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            match select.value().as_str() {
                "" => set_control(None),
                "custom" => custom.set(true),
                preset => set_control(TimeControl::parse(preset).ok()),
            }
        })
    };
    let on_custom = {
        let (set_control, error) = (set_control.clone(), error.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let form: web_sys::HtmlFormElement = e.target_unchecked_into();
            let text = form
                .query_selector("input")
                .ok()
                .flatten()
                .map(|i| {
                    wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlInputElement>(i).value()
                })
                .unwrap_or_default();
            match TimeControl::parse(&text) {
                Ok(control) => set_control(Some(control)),
                Err(_) => error.set(true),
            }
        })
    };
    let toggle = {
        let (keeping, redraw) = (keeping.clone(), redraw.clone());
        let can_run = !props.over && props.at_end;
        Callback::from(move |_| {
            let at = now();
            if let Some(clock) = keeping.borrow_mut().clock.as_mut() {
                if clock.is_running() {
                    clock.pause(at);
                } else if can_run {
                    clock.start(at);
                }
            }
            redraw.set(*redraw + 1);
        })
    };

    let on_completes = {
        let (keeping, redraw, key) = (keeping.clone(), redraw.clone(), key.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut guard = keeping.borrow_mut();
            let k = &mut *guard;
            if let Some(clock) = k.clock.as_mut() {
                clock.set_winner_completes(input.checked());
                let _ = browser::store(&key, &clock.kept_text(k.plies, now()));
            }
            redraw.set(*redraw + 1);
        })
    };

    let k = keeping.borrow();
    let at = now();
    let current = k.clock.as_ref().map(|c| c.control().to_string());
    let options = PRESETS.iter().map(|p| {
        html! { <option value={*p} selected={current.as_deref() == Some(*p)}>{ *p }</option> }
    });
    let is_custom = current.as_deref().is_some_and(|c| !PRESETS.contains(&c));
    let faces = k.clock.as_ref().map(|clock| {
        let sides = props.names.iter().enumerate().map(|(i, name)| {
            let left = clock.left(i, at);
            let class = classes!(
                "clock-face",
                (clock.to_move() == i && clock.is_running()).then_some("running"),
                clock.is_low(i, at).then_some("low"),
                (clock.flagged() == Some(i)).then_some("flagged"),
            );
            html! {
                <div {class} data-testid={format!("clock-{i}")}>
                    <span class="clock-side">{ *name }</span>
                    <span class="clock-time" role="timer">{ clock_text(left) }</span>
                </div>
            }
        });
        let label = if clock.is_running() { t.common.clock_pause } else { t.common.clock_start };
        html! {
            <>
                <div class="clock-faces">{ for sides }</div>
                if clock.flagged().is_none() {
                    <button class="clock-toggle" onclick={toggle} data-testid="clock-toggle">{ label }</button>
                }
                if props.offers_completion {
                    <label class="choice clock-completes">
                        <input type="checkbox" checked={clock.winner_completes()} onchange={on_completes}
                            disabled={clock.flagged().is_some()} data-testid="clock-completes" />
                        { t.common.clock_completes }
                    </label>
                }
            </>
        }
    });
    html! {
        <section class="game-clock" aria-label={t.common.clock}>
            <label class="clock-control">
                { t.common.clock }
                <select onchange={on_select} data-testid="clock-control">
                    <option value="" selected={current.is_none()}>{ t.common.no_clock }</option>
                    { for options }
                    if is_custom {
                        <option value={current.clone().unwrap_or_default()} selected=true>{ current.clone().unwrap_or_default() }</option>
                    }
                    <option value="custom">{ t.common.clock_custom }</option>
                </select>
            </label>
            if *custom {
                <form class="clock-custom" onsubmit={on_custom}>
                    <input type="text" aria-label={t.common.clock} placeholder="5+3" data-testid="clock-custom" />
                    <button type="submit">{ "OK" }</button>
                </form>
            }
            if *error {
                <p class="help" role="alert">{ t.common.clock_bad }</p>
            }
            { faces.unwrap_or_default() }
        </section>
    }
}
