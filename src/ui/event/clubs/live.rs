//! Follows a club: its live stream (`/api/v1/clubs/<id>/live`, which
//! reconnects by itself as the event page's does) brings the rating list's
//! first page now and after every change of the club's events; the other
//! pages of a long list are read over HTTP (`GET …/ratings?page=N`, the
//! browser revalidating each by its `ETag`) and joined before the list is
//! shown whole. The club and its events are read again with each list (an
//! event that joined, a stage that moved on).

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::club::ratings::RatingList;
use crate::i18n::Texts;
use crate::online::club::{Club, ClubMessage, RatingPage};

use super::super::super::context::{use_app, use_texts};
use super::super::super::online::net::Live;
use super::api;

/// What the page knows of the club.
#[derive(Clone, Default, PartialEq)]
pub struct KnownClub {
    /// The club and its events.
    pub club: Option<Rc<Club>>,
    /// The rating list, from the live stream.
    pub list: Option<Rc<RatingList>>,
    /// Whether the live stream is connected (`None` before the first).
    pub connected: Option<bool>,
    /// Why the club cannot be shown.
    pub problem: Option<String>,
}

/// Changes what the page knows (each change draws the page again).
type Setter = Rc<dyn Fn(&dyn Fn(&mut KnownClub))>;

/// Follows club `club`; a list that changes while the page is open is
/// said through the live region.
#[hook]
pub fn use_club(club: AttrValue) -> UseStateHandle<KnownClub> {
    let t = use_texts();
    let announce = use_app().announce;
    let known = use_state(KnownClub::default);
    let latest = use_mut_ref(KnownClub::default);
    {
        let known = known.clone();
        use_effect_with(club, move |club| {
            let set = move |change: &dyn Fn(&mut KnownClub)| {
                let mut next = latest.borrow().clone();
                change(&mut next);
                if next.list.is_some()
                    && latest.borrow().list.is_some()
                    && next.list != latest.borrow().list
                {
                    announce.emit(t.clubs().ratings_updated().to_string());
                }
                *latest.borrow_mut() = next.clone();
                known.set(next);
            };
            let live = follow(t, club.to_string(), Rc::new(set));
            move || live.close()
        });
    }
    known
}

/// Opens the live stream of `club`.
fn follow(t: &'static Texts, club: String, set: Setter) -> Live {
    // The version the stream announced last: a list read for an older
    // one is not shown.
    let latest = Rc::new(RefCell::new(String::new()));
    let on_message = {
        let (set, club) = (set.clone(), club.clone());
        Callback::from(move |text: String| {
            let Ok(ClubMessage::Ratings(first)) = crate::json::from_str(&text) else {
                return;
            };
            *latest.borrow_mut() = first.version.clone();
            let (set, club, latest) = (set.clone(), club.clone(), latest.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let version = first.version.clone();
                let Some(list) = whole_list(t, &club, first).await else {
                    return;
                };
                if *latest.borrow() != version {
                    return;
                }
                let list = Rc::new(list);
                set(&|k: &mut KnownClub| {
                    k.list = Some(list.clone());
                    k.problem = None;
                });
                read_club(t, club.clone(), set.clone());
            });
        })
    };
    let on_open = {
        let (set, club) = (set.clone(), club.clone());
        Callback::from(move |open: bool| {
            set(&|k: &mut KnownClub| k.connected = Some(open));
            if !open {
                // A stream that never opens: say whether the club exists.
                read_club(t, club.clone(), set.clone());
            }
        })
    };
    Live::open(&api::path(&club, "live"), None, on_message, on_open)
}

/// The whole list whose first page is `first`: the other pages read in
/// order. A page of a newer list (it changed while the pages were read)
/// makes it start again from the first page (three times at most; the
/// stream announces the next list anyway).
async fn whole_list(t: &'static Texts, club: &str, first: RatingPage) -> Option<RatingList> {
    let mut pages = vec![first];
    let mut restarts = 0;
    while pages.len() < pages[0].pages {
        let path = api::path(club, &format!("ratings?page={}", pages.len()));
        let page = api::get::<RatingPage>(t, &path).await.ok()?;
        if page.version == pages[0].version {
            pages.push(page);
            continue;
        }
        restarts += 1;
        if restarts > 3 {
            return None;
        }
        let path = api::path(club, "ratings?page=0");
        pages = vec![api::get::<RatingPage>(t, &path).await.ok()?];
    }
    RatingPage::join(&pages)
}

/// Reads the club and its events (`GET /clubs/<id>`).
fn read_club(t: &'static Texts, club: String, set: Setter) {
    wasm_bindgen_futures::spawn_local(async move {
        match api::get::<Club>(t, &api::path(&club, "")).await {
            Ok(read) => {
                let read = Rc::new(read);
                set(&|k: &mut KnownClub| k.club = Some(read.clone()));
            }
            Err(problem) => set(&|k: &mut KnownClub| k.problem = Some(problem.clone())),
        }
    });
}
