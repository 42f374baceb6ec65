//! The players of an online game on its page: each side's name, whether
//! they are connected (not claimed while this page itself is offline), and
//! their clock; a correspondence game's time in days and hours, and whose
//! deadline it is.

use yew::prelude::*;

use crate::i18n::Texts;
use crate::online::client::OnlineGame;
use crate::online::protocol::GameView;
use crate::online::setup::Timing;
use crate::session::clock::clock_text;

use super::super::shell::clock::now;
use super::super::shell::PageGame;

/// A seat's name ("…" while it is free).
pub(super) fn name_of(view: &GameView, seat: u8) -> String {
    view.names[usize::from(seat & 1)]
        .clone()
        .unwrap_or_else(|| "…".into())
}

/// The time left on a correspondence deadline: days and hours while a day
/// or more is left, else a clock.
pub(super) fn days_text(t: &Texts, ms: i64) -> String {
    const HOUR: i64 = 3_600_000;
    if ms >= 24 * HOUR {
        let hours = ms / HOUR;
        t.online().days_hours(hours / 24, hours % 24)
    } else {
        clock_text(ms)
    }
}

/// A date and time (milliseconds since 1970) in the page's language.
pub(super) fn date_text(t: &Texts, ms: f64, with_time: bool) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    let lang = t.lang().code();
    let options = wasm_bindgen::JsValue::UNDEFINED;
    let text = if with_time {
        date.to_locale_string(lang, &options)
    } else {
        date.to_locale_date_string(lang, &options)
    };
    String::from(text)
}

/// The players: side, name, here or away, clock; and a correspondence
/// game's deadline.
pub(super) fn players<G: PageGame>(t: &Texts, state: &OnlineGame<G>) -> Html {
    let Some(view) = &state.view else {
        return Html::default();
    };
    let o = t.online();
    let clocks = state.clocks(now());
    let correspondence = matches!(view.setup.timing, Timing::Correspondence { .. });
    let items = G::sides().into_iter().enumerate().map(|(seat, side)| {
        let running = state.playing() && view.brief.to_move == Some(seat as u8);
        let mine = state.seat == Some(seat as u8);
        let clock = clocks
            .map(|left| {
                if correspondence {
                    days_text(t, left[seat])
                } else {
                    clock_text(left[seat])
                }
            })
            .filter(|_| !correspondence || running);
        // What this page cannot know while it is itself offline is not said.
        let presence = match (state.connected, mine) {
            (false, true) => Some(o.you_offline()),
            (false, false) => None,
            (true, _) if view.names[seat].is_none() => None,
            (true, _) if view.brief.present[seat] => Some(o.present()),
            (true, _) => Some(o.absent()),
        };
        html! {
            <li class={classes!("online-player", G::side_class(side), running.then_some("to-move"))}
                data-testid={format!("online-player-{seat}")}>
                <span class="online-side">{ G::side_name(t, side) }</span>
                <span class="online-name">{ name_of(view, seat as u8) }</span>
                if mine {
                    <span class="online-you" title={o.you()}>{ "★" }</span>
                }
                if let Some(presence) = presence {
                    <span class={classes!("online-presence", (!state.connected).then_some("offline"))}
                        data-testid={format!("online-presence-{seat}")}>{ presence }</span>
                }
                if let Some(clock) = clock {
                    <span class="online-clock" role="timer" data-testid={format!("online-clock-{seat}")}>{ clock }</span>
                }
            </li>
        }
    });
    let deadline = view
        .brief
        .clock
        .and_then(|c| c.deadline_ms)
        .filter(|_| correspondence && state.playing())
        .map(|ms| {
            let date = date_text(t, ms as f64, true);
            match view.brief.to_move {
                Some(seat) if state.seat != Some(seat) => {
                    o.deadline_theirs(name_of(view, seat), date)
                }
                _ => o.deadline(date),
            }
        });
    html! {
        <>
            <ul class="online-players">{ for items }</ul>
            if let Some(deadline) = deadline {
                <p class="online-deadline" data-testid="online-deadline">{ deadline }</p>
            }
        </>
    }
}
