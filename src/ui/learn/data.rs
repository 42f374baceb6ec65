//! The learning data, fetched once when a learning page first opens (it is
//! not part of the app's first load; the service worker keeps it for
//! offline use) and kept for the rest of the visit, the course in the
//! reader's language; and the learner's progress in the browser's storage.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::learn::games::{EveryGame, LessonGames};
use crate::learn::lesson::{parse_course, Lesson, Stage};
use crate::learn::progress::Progress;
use crate::learn::shipped::{parse_puzzles, ShippedPuzzle};

use super::super::browser;
use super::super::context::use_app;

/// Where the progress is kept.
const PROGRESS_KEY: &str = "mind-sports.progress";

/// Every stage, in course order, with its name.
pub type Course = Rc<Vec<(String, Stage)>>;
/// Every puzzle, in file order.
pub type Puzzles = Rc<Vec<ShippedPuzzle>>;

/// Data on its way.
#[derive(Clone, PartialEq)]
pub enum Loading<T> {
    /// Not here yet.
    Waiting,
    /// Here.
    Ready(T),
    /// Could not be fetched or read.
    Failed,
}

thread_local! {
    /// The course as last fetched, with its address (one per language).
    static COURSE: RefCell<Option<(String, Course)>> = const { RefCell::new(None) };
    static PUZZLES: RefCell<Option<(String, Puzzles)>> = const { RefCell::new(None) };
}

async fn fetch_text(url: &str) -> Option<String> {
    let response = JsFuture::from(browser::window().fetch_with_str(url))
        .await
        .ok()?
        .dyn_into::<web_sys::Response>()
        .ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}

/// What `cell` keeps of `url`.
fn kept<T: Clone>(
    cell: &'static std::thread::LocalKey<RefCell<Option<(String, T)>>>,
    url: &str,
) -> Option<T> {
    cell.with(|c| {
        c.borrow()
            .as_ref()
            .filter(|(kept, _)| kept == url)
            .map(|(_, data)| data.clone())
    })
}

/// Data from `url`, read by `parse` and kept in `cell` for the visit (the
/// last address's: a language's course replaces another's); fetched again
/// when `attempt` or `url` changes and it is not here.
#[hook]
fn use_data<T: Clone + PartialEq + 'static>(
    cell: &'static std::thread::LocalKey<RefCell<Option<(String, T)>>>,
    url: String,
    parse: impl Fn(&str) -> Option<T> + 'static,
    attempt: u32,
) -> Loading<T> {
    // The state names the address it is of: a page whose language changes
    // waits for the new one's data, and an answer for an address no longer
    // wanted is kept in the cell but not shown.
    let state = use_state(|| {
        let loading = kept(cell, &url).map_or(Loading::Waiting, Loading::Ready);
        (url.clone(), loading)
    });
    let wanted = use_mut_ref(String::new);
    *wanted.borrow_mut() = url.clone();
    {
        let state = state.clone();
        use_effect_with((attempt, url.clone()), move |(_, url)| {
            if state.0 == *url && matches!(state.1, Loading::Ready(_)) {
                return;
            }
            if let Some(data) = kept(cell, url) {
                state.set((url.clone(), Loading::Ready(data)));
                return;
            }
            state.set((url.clone(), Loading::Waiting));
            let url = url.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let loading = match fetch_text(&url).await.as_deref().and_then(parse) {
                    Some(data) => {
                        cell.with(|c| *c.borrow_mut() = Some((url.clone(), data.clone())));
                        Loading::Ready(data)
                    }
                    None => Loading::Failed,
                };
                if *wanted.borrow() == url {
                    state.set((url, loading));
                }
            });
        });
    }
    match &*state {
        (of, loading) if *of == url => loading.clone(),
        _ => Loading::Waiting,
    }
}

/// The course in the reader's language: every stage of every game, or
/// with `game` that game's stages only (a lesson's frame, which needs no
/// other game's: `learn/lessons-<game>-<lang>.json`, written by the build
/// beside the whole course).
#[hook]
pub fn use_course(game: Option<&str>, attempt: u32) -> Loading<Course> {
    let lang = use_app().lang;
    let file = match game {
        Some(game) => format!("{game}-{}", lang.code()),
        None => lang.code().to_string(),
    };
    use_data(
        &COURSE,
        format!("learn/lessons-{file}.json"),
        move |text| parse_course(text, lang).ok().map(Rc::new),
        attempt,
    )
}

/// The Othello puzzles.
#[hook]
pub fn use_puzzles(attempt: u32) -> Loading<Puzzles> {
    use_data(
        &PUZZLES,
        "learn/puzzles.json".to_string(),
        |text| parse_puzzles(text).ok().map(Rc::new),
        attempt,
    )
}

/// The stages of one game.
pub fn stages_of<'a>(course: &'a Course, game: &'a str) -> impl Iterator<Item = &'a Stage> + 'a {
    course
        .iter()
        .filter(move |(_, stage)| stage.game.name() == game)
        .map(|(_, stage)| stage)
}

/// A game's lessons in course order.
pub fn lessons_of<'a>(course: &'a Course, game: &'a str) -> Vec<&'a Lesson> {
    stages_of(course, game).flat_map(|s| &s.lessons).collect()
}

/// What became of the stored progress when this visit first read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// Read (or none yet): progress is kept in the browser's storage.
    Fine,
    /// It did not read, and was set aside under another key; the learner
    /// starts afresh, and the new progress is stored.
    SetAside,
    /// It did not read, and its copy could not be stored, so it stays
    /// where it is and is never overwritten: this visit's progress is held
    /// in memory only (and can be saved to a file).
    Kept,
}

thread_local! {
    /// What became of the stored progress.
    static STORED: std::cell::Cell<Stored> = const { std::cell::Cell::new(Stored::Fine) };
    /// The visit's progress while storage cannot take it (the unreadable
    /// one was kept, or the last save failed); `None` while storage holds
    /// the progress.
    static HELD: RefCell<Option<Progress>> = const { RefCell::new(None) };
}

/// What became of the stored progress ([`Stored`]).
pub fn stored() -> Stored {
    STORED.with(std::cell::Cell::get)
}

/// The learner's progress: the one held for this visit if storage cannot
/// take it, else the stored one (a fresh one when none is stored). An
/// unreadable stored progress is set aside, never deleted; if it cannot be
/// set aside it is left alone ([`Stored::Kept`]).
pub fn load_progress() -> Progress {
    if let Some(held) = HELD.with(|h| h.borrow().clone()) {
        return held;
    }
    match browser::load(PROGRESS_KEY).map(|text| Progress::parse(&text)) {
        None => return Progress::default(),
        Some(Ok(progress)) => return progress,
        Some(Err(_)) => {}
    }
    let fresh = Progress::default();
    match browser::set_aside(PROGRESS_KEY) {
        browser::SetAside::Kept => {
            STORED.with(|s| s.set(Stored::Kept));
            HELD.with(|h| *h.borrow_mut() = Some(fresh.clone()));
        }
        browser::SetAside::Moved | browser::SetAside::Nothing => {
            STORED.with(|s| s.set(Stored::SetAside));
        }
    }
    fresh
}

/// Keeps the learner's progress: in storage, unless the unreadable stored
/// one is kept there (it is never overwritten) or the save fails (the
/// app's banner says so); then it is held for the visit.
pub fn save_progress(progress: &Progress) {
    let saved =
        stored() != Stored::Kept && browser::store(PROGRESS_KEY, &progress.to_text()).is_ok();
    HELD.with(|h| *h.borrow_mut() = (!saved).then(|| progress.clone()));
}

/// A change to the progress, kept and shown once made.
pub type UpdateProgress = Callback<Box<dyn FnOnce(&mut Progress)>>;

/// The progress, loaded once per page; `update` changes, keeps and shows
/// it.
#[hook]
pub fn use_progress() -> (Rc<Progress>, UpdateProgress) {
    use_progress_in::<EveryGame>()
}

/// [`use_progress`] in a module that shows `G`'s lessons: kept in the
/// browser's storage on the site's pages ([`LessonGames::SITE`]), else in
/// memory only (a lesson's frame, whose module then carries no reading or
/// writing of the stored progress).
#[hook]
pub fn use_progress_in<G: LessonGames>() -> (Rc<Progress>, UpdateProgress) {
    // A frame on another site keeps the learner's progress in memory only.
    // (`G::SITE` is asked inside the closures where the stored progress is
    // read or written, so that a frame's module carries neither.)
    let embedded = super::embedded::use_embedded().is_some();
    let progress = use_state(|| {
        Rc::new(if !G::SITE || embedded {
            Progress::default()
        } else {
            load_progress()
        })
    });
    let update = {
        let progress = progress.clone();
        Callback::from(move |change: Box<dyn FnOnce(&mut Progress)>| {
            if !G::SITE || embedded {
                let mut now = (**progress).clone();
                change(&mut now);
                progress.set(Rc::new(now));
                return;
            }
            // Another tab may have added stars meanwhile: start from the
            // kept progress.
            let mut now = load_progress();
            change(&mut now);
            save_progress(&now);
            progress.set(Rc::new(now));
        })
    };
    ((*progress).clone(), update)
}

/// A "loading" or "failed, try again" note for a page whose data is not
/// here.
pub fn not_ready<T>(
    t: &crate::i18n::Texts,
    loading: &Loading<T>,
    retry: Callback<MouseEvent>,
) -> Html {
    match loading {
        Loading::Failed => html! {
            <div class="learn-note" role="alert">
                <p>{ t.common.load_failed() }</p>
                <button onclick={retry}>{ t.common.try_again() }</button>
            </div>
        },
        _ => html! { <p class="learn-note" aria-busy="true">{ t.common.loading() }</p> },
    }
}
