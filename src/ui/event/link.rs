//! The tokens this browser keeps for its events (a player's, which is
//! also the seat token of their games, and the organiser's), in local
//! storage as online seats are; their format and the page's address are
//! `session::event`'s. A token that could not be kept (storage full or
//! turned off) is held by the page for as long as it is open, and the
//! page says to keep the private link ([`KeepLink`]).

use std::collections::BTreeMap;

use yew::prelude::*;

use crate::links::event::{read_kept, Kept};

use super::super::browser;
use super::super::context::{use_app, use_texts};

/// Where the tokens are kept.
const KEPT_KEY: &str = "mind-sports.events";

/// Every event's tokens kept in this browser, by event.
pub fn all_kept() -> BTreeMap<String, Kept> {
    browser::load(KEPT_KEY)
        .map(|text| read_kept(&text))
        .unwrap_or_default()
}

/// The tokens kept for `event`.
pub fn kept(event: &str) -> Kept {
    all_kept().remove(event).unwrap_or_default()
}

/// Changes what is kept for `event`; whether it could be kept (a failed
/// write is also told by the app's banner, `browser::store`).
#[must_use]
pub fn keep(event: &str, change: impl FnOnce(&mut Kept)) -> bool {
    let mut all = all_kept();
    change(all.entry(event.to_string()).or_default());
    browser::store(KEPT_KEY, &serde_json::to_string(&all).unwrap_or_default()).is_ok()
}

/// The tokens kept for `event`, with those of `held` (the ones this page
/// holds because they could not be kept) in their place.
pub fn kept_with(event: &str, held: &Kept) -> Kept {
    let mut kept = kept(event);
    if held.organiser.is_some() {
        kept.organiser.clone_from(&held.organiser);
    }
    if held.player.is_some() {
        kept.player.clone_from(&held.player);
    }
    kept
}

/// Props: the private link that could not be kept.
#[derive(Properties, PartialEq)]
pub struct KeepLinkProps {
    /// The link (with its token) to copy.
    pub link: AttrValue,
}

/// Says that this browser could not keep the private link, so that it is
/// lost on reload unless the person keeps it; shows it to copy, and says
/// it through the live region.
#[function_component(KeepLink)]
pub fn keep_link(props: &KeepLinkProps) -> Html {
    let t = use_texts();
    let announce = use_app().announce;
    use_effect_with(props.link.clone(), move |_| {
        announce.emit(t.event().keep_link().into());
    });
    html! {
        <div class="feedback wrong online-link no-print" data-testid="event-keep-link">
            <label for="event-keep-link">{ t.event().keep_link() }</label>
            <input id="event-keep-link" type="text" readonly=true value={props.link.clone()}
                onfocus={Callback::from(|e: FocusEvent| {
                    let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                    input.select();
                })}
                data-testid="event-keep-link-value" />
        </div>
    }
}

/// Props of a private link.
#[derive(Properties, PartialEq)]
pub struct PrivateLinkProps {
    /// What the link is ("Your private organiser link …").
    pub label: AttrValue,
    /// The link, with its token.
    pub link: AttrValue,
    /// The input's id (and its test id; the button's is `<id>-copy`).
    pub id: AttrValue,
}

/// A private link (the organiser's, the club's, a player's own): shown to
/// select, a Copy button, and the prompt to keep it, as it is the only
/// way back to what it opens.
#[function_component(PrivateLink)]
pub fn private_link(props: &PrivateLinkProps) -> Html {
    let t = use_texts();
    let announce = use_app().announce;
    let copy = {
        let link = props.link.clone();
        Callback::from(move |_: MouseEvent| {
            if browser::copy_to_clipboard(&link) {
                announce.emit(t.event().done().to_string());
            }
        })
    };
    html! {
        <div class="online-link private-link no-print">
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input id={props.id.clone()} type="text" readonly=true value={props.link.clone()}
                onfocus={Callback::from(|e: FocusEvent| {
                    let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                    input.select();
                })}
                data-testid={props.id.clone()} />
            <button type="button" onclick={copy} data-testid={format!("{}-copy", props.id)}>{ t.common.copy_link() }</button>
            <p class="hints" data-testid="keep-this-link">{ t.event().keep_this_link() }</p>
        </div>
    }
}
