//! Where the club page keeps its tournament (`mind-sports.club`), how it
//! reads it back, and what it does with one it cannot read: sets it aside
//! (`browser::set_aside`) and says so, never drops it; and when there is
//! no room to set it aside, leaves it where it is and stores nothing over
//! it until the user has dealt with it.

use yew::prelude::*;

use crate::club::tournament::{parse, Tournament, TournamentError};
use crate::i18n::Texts;

use super::super::browser::{self, SetAside};
use super::state::{Club, Unsaved};

/// Where the tournament is kept.
pub const KEY: &str = "mind-sports.club";

/// A stored tournament this version cannot read.
#[derive(Clone, Debug, PartialEq)]
pub struct Unreadable {
    /// Its text, as stored (offered as a download).
    pub text: String,
    /// Why it cannot be read.
    pub error: TournamentError,
    /// Whether it was moved to `<KEY>.unreadable` (else it is still under
    /// [`KEY`], and nothing may be stored there).
    pub moved: bool,
}

/// The stored tournament, or none; an unreadable one is set aside and
/// returned beside it.
pub fn load() -> (Option<Tournament>, Option<Unreadable>) {
    // An empty value is what earlier versions stored for "no tournament".
    let Some(text) = browser::load(KEY).filter(|text| !text.trim().is_empty()) else {
        return (None, None);
    };
    match parse(&text) {
        Ok(t) => (Some(t), None),
        Err(error) => {
            let moved = browser::set_aside(KEY) == SetAside::Moved;
            (None, Some(Unreadable { text, error, moved }))
        }
    }
}

/// Stores `t`; what the page must say when it is not stored (`blocked`:
/// an unreadable tournament still holds the key).
pub fn store(t: &Tournament, blocked: bool) -> Option<Unsaved> {
    if blocked {
        return Some(Unsaved::Blocked);
    }
    // A failed save is also told by the app's banner.
    browser::store(KEY, &t.to_compact_text())
        .err()
        .map(|_| Unsaved::Refused)
}

/// What the page says about an unreadable tournament it found, with the
/// ways out: download it, set it aside again (after space was freed),
/// discard it (asked first).
pub fn unreadable_notice(t: &'static Texts, club: &Club) -> Html {
    let Some(unreadable) = (*club.unreadable).clone() else {
        return Html::default();
    };
    let reason = t.club_errors().tournament(&unreadable.error);
    let text = if unreadable.moved {
        t.club()
            .unreadable_moved(reason, format!("{KEY}.unreadable"))
    } else {
        t.club().unreadable_kept(reason)
    };
    let download = {
        let text = unreadable.text.clone();
        Callback::from(move |_| {
            browser::download("tournament-unreadable.json", "application/json", &text)
        })
    };
    let retry = {
        let club = club.clone();
        Callback::from(move |_| {
            if browser::set_aside(KEY) != SetAside::Kept {
                resolved(&club);
            }
        })
    };
    let discard = {
        let club = club.clone();
        Callback::from(move |_| {
            if browser::window().confirm_with_message(t.club().unreadable_discard_confirm())
                == Ok(true)
            {
                browser::remove(KEY);
                resolved(&club);
            }
        })
    };
    let dismiss = {
        let unreadable = club.unreadable.clone();
        Callback::from(move |_| unreadable.set(None))
    };
    html! {
        <div class="feedback wrong club-unreadable no-print" role="alert" data-testid="club-unreadable">
            <p>{ text }</p>
            <div class="card-actions">
                <button onclick={download} data-testid="club-unreadable-download">{ t.club().unreadable_download() }</button>
                if unreadable.moved {
                    <button onclick={dismiss}>{ t.common.dismiss() }</button>
                } else {
                    <button onclick={retry} data-testid="club-unreadable-retry">{ t.club().unreadable_retry() }</button>
                    <button onclick={discard} data-testid="club-unreadable-discard">{ t.club().unreadable_discard() }</button>
                }
            </div>
        </div>
    }
}

/// The unreadable tournament no longer holds the key: the notice goes,
/// and the tournament shown (if any) is stored.
fn resolved(club: &Club) {
    club.unreadable.set(None);
    if club.tournament().is_some() {
        club.save_again();
    }
}

/// What the page says while the tournament shown is not the one kept,
/// with a way to try again.
pub fn unsaved_notice(t: &'static Texts, club: &Club) -> Html {
    let club = club.clone();
    let Some(unsaved) = *club.unsaved else {
        return Html::default();
    };
    let text = match unsaved {
        Unsaved::Refused => t.club().unsaved(),
        Unsaved::Blocked => t.club().unsaved_blocked(),
    };
    let again = Callback::from(move |_| club.save_again());
    html! {
        <div class="feedback wrong club-unsaved no-print" role="alert" data-testid="club-unsaved">
            <p>{ text }</p>
            <button onclick={again} data-testid="club-save-again">{ t.club().try_again() }</button>
        </div>
    }
}
