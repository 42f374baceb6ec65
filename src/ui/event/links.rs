//! The players' private links on the organiser's panel: each player's
//! link this browser was given (a file's players, late entries, links
//! reissued here; kept with the organiser's token, so a reload keeps
//! them), with Copy, and "New link" for every player, which reissues it
//! (the old link stops working: the server keeps only tokens' hashes, so
//! a link given elsewhere, at registration, is replaced, never shown).

use std::collections::BTreeMap;

use yew::prelude::*;

use crate::club::tournament::Tournament;
use crate::online::event::Action;

use super::super::browser;
use super::super::context::{use_app, use_texts};
use super::organiser::player_link;

/// Props of the players' links.
#[derive(Properties, PartialEq)]
pub struct PlayerLinksProps {
    pub event: AttrValue,
    /// The event's players.
    pub tournament: Option<std::rc::Rc<Tournament>>,
    /// The players' tokens this browser holds, by name.
    pub links: BTreeMap<String, String>,
    /// The organiser's action sender.
    pub act: Callback<Action>,
}

/// Every player with their link (or where it was given) and "New link".
#[function_component(PlayerLinks)]
pub fn player_links(props: &PlayerLinksProps) -> Html {
    let t = use_texts();
    let e = t.event();
    let announce = use_app().announce;
    let Some(tournament) = &props.tournament else {
        return Html::default();
    };
    let lines = tournament.players.iter().map(|player| {
        let name = player.name.clone();
        let question = e.reissue_confirm(&name);
        let reissue = {
            let (act, name) = (props.act.clone(), name.clone());
            Callback::from(move |_: MouseEvent| {
                if browser::window().confirm_with_message(&question).unwrap_or(false) {
                    act.emit(Action::Reissue { name: name.clone() });
                }
            })
        };
        let link = props.links.get(&name).map(|token| player_link(&props.event, token));
        let shown = match link {
            Some(link) => {
                let (announce, copied) = (announce.clone(), link.clone());
                let copy = Callback::from(move |_: MouseEvent| {
                    if browser::copy_to_clipboard(&copied) {
                        announce.emit(t.event().done().to_string());
                    }
                });
                html! {
                    <>
                        <code data-testid="event-player-link">{ link }</code>
                        <button type="button" class="small" onclick={copy} aria-label={format!("{}: {name}", t.common.copy_link())}
                            data-testid="event-player-link-copy">{ t.common.copy_link() }</button>
                    </>
                }
            }
            None => html! { <span class="hints">{ format!("({})", e.link_not_here()) }</span> },
        };
        html! {
            <li data-testid="event-player-line" data-name={name.clone()}>
                <strong>{ name.clone() }</strong>{ " " }{ shown }{ " " }
                <button type="button" class="small" onclick={reissue} aria-label={format!("{}: {name}", e.reissue())}
                    data-testid="event-reissue">{ e.reissue() }</button>
            </li>
        }
    });
    html! {
        <div class="event-player-links" data-testid="event-player-links">
            <p>{ e.player_links() }</p>
            <ul class="event-links">{ for lines }</ul>
        </div>
    }
}
