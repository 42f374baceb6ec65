//! The club's members as an event of the club offers them: registration
//! and the organiser's "add" pick a name from them (a datalist) and take
//! an optional rating, filled in from the member's when one is picked.

use std::rc::Rc;

use yew::prelude::*;

use crate::online::club::{Club, Member};
use crate::online::event::MAX_RATING;

use super::super::context::use_texts;
use super::api;

/// The members of club `club` (none without a club, or while not read).
#[hook]
pub fn use_members(club: Option<String>) -> Rc<Vec<Member>> {
    let t = use_texts();
    let members = use_state(|| Rc::new(Vec::new()));
    {
        let members = members.clone();
        use_effect_with(club, move |club| {
            if let Some(club) = club.clone() {
                wasm_bindgen_futures::spawn_local(async move {
                    let path = format!("/api/v1/clubs/{club}");
                    if let Ok(shown) = api::get::<Club>(t, &path).await {
                        members.set(Rc::new(shown.members));
                    }
                });
            }
        });
    }
    (*members).clone()
}

/// The names to pick from, as datalist `id`.
pub fn datalist(id: &'static str, members: &[Member]) -> Html {
    html! {
        <datalist {id} data-testid={id}>
            { for members.iter().map(|m| html! { <option value={m.name.clone()} /> }) }
        </datalist>
    }
}

/// The rating of the member named `name` exactly, to fill in.
pub fn rating_of_member(members: &[Member], name: &str) -> Option<String> {
    let member = members.iter().find(|m| m.name == name.trim())?;
    member.rating.map(|r| r.to_string())
}

/// A rating field's text: `Ok(None)` when empty, `Err` when it is not a
/// whole number from 0 to [`MAX_RATING`] (read as a whole number: the
/// page then needs no reader of decimal fractions, which is bytes).
pub fn rating_of(text: &str) -> Result<Option<f64>, ()> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let rating = f64::from(text.parse::<u32>().map_err(|_| ())?);
    (rating <= MAX_RATING).then_some(Some(rating)).ok_or(())
}
