//! The members a club keeps, on its page: everyone sees the names (and
//! ratings); with the club's token an officer adds or changes a member
//! (the same name's key changes it) and removes one. Its events'
//! registration offers these names.

use yew::prelude::*;

use crate::online::club::{Club, EditMember, Member};

use super::super::super::context::use_texts;
use super::api;

/// Props: the club, its token (an officer's page) and its members.
#[derive(Properties, PartialEq)]
pub struct MembersProps {
    pub club: AttrValue,
    pub token: Option<AttrValue>,
    pub members: Vec<Member>,
}

/// A rating field's text: `Ok(None)` when empty, `Err` when it is not a
/// whole number the club takes.
fn rating_of(text: &str) -> Result<Option<u32>, ()> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let rating: u32 = text.parse().map_err(|_| ())?;
    (rating <= crate::online::club::MAX_MEMBER_RATING)
        .then_some(Some(rating))
        .ok_or(())
}

/// The members' list, and an officer's form.
#[function_component(Members)]
pub fn members(props: &MembersProps) -> Html {
    let t = use_texts();
    let c = t.clubs();
    // The list as the last edit answered it (the page's copy follows the
    // club's live stream, which members do not change).
    let edited = use_state(|| None::<Vec<Member>>);
    let note = use_state(|| None::<String>);
    let name = use_state(String::new);
    let rating = use_state(String::new);
    let members = (*edited).clone().unwrap_or_else(|| props.members.clone());
    let send = {
        let (edited, note, club, token) = (
            edited.clone(),
            note.clone(),
            props.club.clone(),
            props.token.clone(),
        );
        Callback::from(move |body: EditMember| {
            let (edited, note, club) = (edited.clone(), note.clone(), club.clone());
            if token.is_none() {
                return;
            }
            wasm_bindgen_futures::spawn_local(async move {
                let path = api::path(&club, "members");
                match api::send::<Club>(t, "POST", &path, Some(&body)).await {
                    Ok(shown) => {
                        edited.set(Some(shown.members));
                        note.set(None);
                    }
                    Err(problem) => note.set(Some(problem)),
                }
            });
        })
    };
    let token = props
        .token
        .as_ref()
        .map(|t| t.to_string())
        .unwrap_or_default();
    let onsubmit = {
        let (send, name, rating, note, token) = (
            send.clone(),
            name.clone(),
            rating.clone(),
            note.clone(),
            token.clone(),
        );
        Callback::from(move |ev: SubmitEvent| {
            ev.prevent_default();
            let Ok(given) = rating_of(&rating) else {
                note.set(Some(c.member_rating_problem().into()));
                return;
            };
            send.emit(EditMember {
                token: token.clone(),
                name: name.trim().to_string(),
                rating: given,
                remove: false,
            });
            name.set(String::new());
            rating.set(String::new());
        })
    };
    let field = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |ev: InputEvent| {
            let input: web_sys::HtmlInputElement = ev.target_unchecked_into();
            state.set(input.value());
        })
    };
    let officer = props.token.is_some();
    let rows = members.iter().map(|m| {
        let remove = {
            let (send, token, name) = (send.clone(), token.clone(), m.name.clone());
            Callback::from(move |_: MouseEvent| {
                send.emit(EditMember { token: token.clone(), name: name.clone(), rating: None, remove: true });
            })
        };
        html! {
            <tr data-testid="club-member">
                <td>{ m.name.clone() }</td>
                <td>{ m.rating.map(|r| r.to_string()).unwrap_or_default() }</td>
                if officer {
                    <td class="no-print"><button type="button" class="small" onclick={remove} data-testid="club-member-remove">{ c.member_remove() }</button></td>
                }
            </tr>
        }
    });
    html! {
        <section aria-labelledby="club-members-heading" data-testid="club-members">
            <h2 id="club-members-heading">{ c.members_heading() }</h2>
            if members.is_empty() {
                <p data-testid="club-no-members">{ c.no_members() }</p>
            } else {
                <div class="table-scroll">
                    <table class="class-table">
                        <thead><tr><th scope="col">{ c.name() }</th><th scope="col">{ c.rating() }</th>
                            if officer { <th class="no-print"></th> }
                        </tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            }
            if officer {
                <form class="club-member-form no-print" {onsubmit} data-testid="club-member-form">
                    <label for="club-member-name">{ c.name() }</label>
                    <input id="club-member-name" type="text" maxlength="32" required=true value={(*name).clone()} oninput={field(&name)} data-testid="club-member-name" />
                    <label for="club-member-rating">{ c.rating() }</label>
                    <input id="club-member-rating" type="number" min="0" step="1" inputmode="numeric" value={(*rating).clone()} oninput={field(&rating)} data-testid="club-member-rating" />
                    <button type="submit" data-testid="club-member-save">{ c.member_save() }</button>
                </form>
            }
            if let Some(text) = &*note {
                <p class="feedback wrong" role="alert" data-testid="club-member-note">{ text.clone() }</p>
            }
        </section>
    }
}
