//! The links an online game's page gives: the invitation while the game
//! waits (for its creator), the watch link, and the player's private link
//! (the seat's token in it: it plays for them on any device), which this
//! browser keeps so that the address bar shows only the watch link.

use yew::prelude::*;

use crate::i18n::Texts;
use crate::online::client::OnlineLink;
use crate::online::room::Status;

use super::super::browser;
use super::kept;
use super::panel::Glance;
use super::players::date_text;

/// A link to copy, with its button.
fn copy_link(
    label: &'static str,
    url: String,
    testid: &'static str,
    t: &Texts,
    announce: &Callback<String>,
) -> Html {
    let copied = t.online().copied();
    let onclick = {
        let (url, announce) = (url.clone(), announce.clone());
        Callback::from(move |_: MouseEvent| {
            if browser::copy_to_clipboard(&url) {
                announce.emit(copied.to_string());
            }
        })
    };
    html! {
        <div class="online-link">
            <label>{ label }
                <input type="text" readonly=true value={url} data-testid={testid} />
            </label>
            <button type="button" {onclick}>{ t.online().copy() }</button>
        </div>
    }
}

/// The links: the invitation while the game waits (for its creator), the
/// watch link, and the player's own.
pub(super) fn links(
    t: &Texts,
    state: &Glance,
    game: &str,
    token: Option<&str>,
    announce: &Callback<String>,
) -> Html {
    let o = t.online();
    let Some(view) = state.view else {
        return Html::default();
    };
    let kind = view.setup.game;
    let address = browser::page_address();
    let watch = OnlineLink {
        kind,
        game: game.to_string(),
        seat: None,
        invite: None,
    };
    let open = view.brief.status == Status::Open;
    let invitation = (open && state.seat.is_some()).then(|| {
        let invite = kept::seat_of(game).and_then(|k| k.invite);
        let private = invite.is_some();
        let link = OnlineLink {
            invite,
            ..watch.clone()
        };
        html! {
            <>
                { copy_link(o.invitation(), format!("{address}{}", link.fragment()), "online-invitation", t, announce) }
                if private {
                    <p class="help">{ o.invitation_private() }</p>
                }
                if let Some(expires) = state.view.as_ref().and_then(|v| v.expires_ms) {
                    <p class="help" data-testid="online-expires">{ o.waiting_until(date_text(t, expires as f64, true)) }</p>
                }
            </>
        }
    });
    let own = token.filter(|_| state.seat.is_some()).map(|token| {
        let link = OnlineLink {
            seat: Some(token.to_string()),
            ..watch.clone()
        };
        html! {
            <details class="online-private">
                <summary>{ o.private_link() }</summary>
                <p class="help">{ o.private_link_help() }</p>
                { copy_link(o.private_link(), format!("{address}{}", link.fragment()), "online-private-link", t, announce) }
            </details>
        }
    });
    html! {
        <>
            { invitation.unwrap_or_default() }
            { copy_link(o.watch_link(), format!("{address}{}", watch.fragment()), "online-watch-link", t, announce) }
            { own.unwrap_or_default() }
        </>
    }
}
