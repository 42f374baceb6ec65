//! A game page's games put aside ([`crate::session::recent`]), kept beside
//! its autosave, and the panel that brings one back: going back to a game
//! opens its link, which puts the game shown aside in turn.

use yew::prelude::*;

use crate::session::clock::Clock;
use crate::session::formats::{self, encode_clock, Game};
use crate::session::recent::{self, PutAside, Recent};

use super::super::browser::{self, StoreError};
use super::super::context::use_texts;
use super::{clock_key, PageGame};

/// Where a page keeps its games put aside.
fn key<G: PageGame>() -> String {
    format!("{}.aside", G::SAVE_KEY)
}

/// The page's games put aside (an unreadable list is set aside itself and
/// a new one started). `Err` when an unreadable list could not be copied
/// aside: it stays where it is, and nothing may be written over it.
fn load<G: PageGame>() -> Result<Recent, StoreError> {
    match browser::load(&key::<G>()).map(|text| Recent::parse(&text)) {
        Some(Ok(recent)) => Ok(recent),
        Some(Err(_)) => match browser::set_aside(&key::<G>()) {
            browser::SetAside::Kept => Err(StoreError::Full),
            _ => Ok(Recent::default()),
        },
        None => Ok(Recent::default()),
    }
}

/// Puts the autosaved game `in_progress` (with its clock as kept) aside
/// before `opened` replaces it, when it is worth keeping; `opened` leaves
/// the list if it was there. An error when the list could not be stored:
/// then the autosave must not be replaced.
pub fn put_aside<G: PageGame>(in_progress: &Game<G>, opened: &Game<G>) -> Result<bool, StoreError> {
    let mut list = load::<G>()?;
    let before = list.clone();
    list.take_out(&formats::save::<G>(&opened.0, &opened.1));
    let keep = recent::worth_keeping::<G>(in_progress, opened);
    if keep {
        let plies = in_progress.1.line().len();
        let clock =
            browser::load(&clock_key::<G>()).filter(|kept| Clock::read_kept(kept, plies).is_some());
        list.put_aside(PutAside {
            game: formats::save::<G>(&in_progress.0, &in_progress.1),
            clock,
            at: js_sys::Date::now() as u64,
        });
    }
    if list != before {
        browser::store(&key::<G>(), &list.to_text())?;
    }
    Ok(keep)
}

/// A game put aside as the list shows it: "23 moves · in progress · 27 Nov,
/// 00:40", and its link (with its clock).
fn entry<G: PageGame>(t: &crate::i18n::Texts, aside: &PutAside) -> Option<(String, String)> {
    let (settings, record) = formats::load::<G>(&aside.game).ok()?;
    let plies = record.line().len();
    let finished = G::outcome(&settings, &record.position_at(plies), plies).is_some();
    let state = if finished {
        t.saving().put_aside_finished()
    } else {
        t.saving().put_aside_playing()
    };
    let date = js_sys::Date::new(&(aside.at as f64).into());
    let options = js_sys::Object::new();
    for (name, value) in [("dateStyle", "medium"), ("timeStyle", "short")] {
        let _ = js_sys::Reflect::set(&options, &name.into(), &value.into());
    }
    let when: String = date.to_locale_string(t.lang().code(), &options).into();
    let label = format!(
        "{} · {state} · {when}",
        t.saving().put_aside_moves(plies as u64)
    );
    let mut link = format!(
        "#/{}?{}",
        G::ROUTE,
        formats::encode::<G>(&settings, &record)
    );
    if let Some(clock) = &aside.clock {
        link = format!("{link}&{}", encode_clock(clock));
    }
    Some((label, link))
}

/// The games put aside, each with a way back to it (nothing while there
/// are none).
#[function_component(PutAsideGames)]
pub fn put_aside_games<G: PageGame>() -> Html {
    let t = use_texts();
    let list = use_memo((), |_| load::<G>().unwrap_or_default());
    let entries: Vec<(String, String)> = list
        .games()
        .iter()
        .filter_map(|g| entry::<G>(t, g))
        .collect();
    if entries.is_empty() {
        return Html::default();
    }
    html! {
        <section class="put-aside" data-testid="put-aside">
            <h2>{ t.saving().put_aside_title() }</h2>
            <ul>
                { for entries.into_iter().map(|(label, link)| html! {
                    <li>
                        <span>{ label.clone() }</span>
                        <a class="button" href={link} aria-label={t.saving().put_aside_open_label(label)}>
                            { t.saving().put_aside_open() }
                        </a>
                    </li>
                }) }
            </ul>
        </section>
    }
}
