//! Saving the progress to a file, loading it from one, and resetting it
//! (after a confirmation); and the notice of a stored progress that did
//! not read.

use std::rc::Rc;

use yew::prelude::*;

use crate::learn::progress::Progress;

use super::super::browser;
use super::super::context::use_app;
use super::data::{load_progress, stored, Stored, UpdateProgress};

/// Props: how to change the progress.
#[derive(Properties, PartialEq)]
pub struct ProgressFileProps {
    /// Changes, keeps and shows the progress.
    pub update: UpdateProgress,
}

/// The progress section.
#[function_component(ProgressFile)]
pub fn progress_file(props: &ProgressFileProps) -> Html {
    let app = use_app();
    let t = app.t();
    let message = use_state(String::new);
    let export = Callback::from(|_| {
        browser::download(
            "mind-sports-progress.json",
            "application/json",
            &load_progress().to_text(),
        )
    });
    let import = {
        let (update, message, announce) =
            (props.update.clone(), message.clone(), app.announce.clone());
        browser::on_file_text(Callback::from(move |text: Option<String>| {
            let said = match text.as_deref().map(Progress::parse) {
                Some(Ok(read)) => {
                    let read = Rc::new(read);
                    update.emit(Box::new(move |p: &mut Progress| *p = (*read).clone()));
                    t.learn().imported().to_string()
                }
                Some(Err(e)) => t.learn().progress_error(&e),
                None => t.common.load_failed().to_string(),
            };
            announce.emit(said.clone());
            message.set(said);
        }))
    };
    let reset = {
        let (update, message, announce) =
            (props.update.clone(), message.clone(), app.announce.clone());
        Callback::from(move |_| {
            if browser::window().confirm_with_message(t.learn().reset_confirm()) == Ok(true) {
                update.emit(Box::new(|p: &mut Progress| *p = Progress::default()));
                announce.emit(t.learn().reset_done().to_string());
                message.set(t.learn().reset_done().to_string());
            }
        })
    };
    html! {
        <section class="learn-progress" aria-labelledby="progress-title">
            <h2 id="progress-title">{ t.learn().progress_title() }</h2>
            <div class="card-actions">
                <button onclick={export}>{ t.learn().export() }</button>
                <label class="button file-button">
                    { t.learn().import() }
                    <input type="file" accept="application/json,.json" class="visually-hidden" onchange={import} />
                </label>
                <button onclick={reset} data-testid="reset-progress">{ t.learn().reset_progress() }</button>
            </div>
            if !message.is_empty() { <p>{ (*message).clone() }</p> }
        </section>
    }
}

/// Says what became of a stored progress that did not read: set aside, or
/// (when there was no room for its copy) left where it was, with nothing
/// saved in the browser this visit. Shown on whichever learning page read
/// it first, and on every page after.
#[function_component(ProgressNotice)]
pub fn progress_notice() -> Html {
    let t = super::super::context::use_texts();
    let state = use_state(|| {
        let _ = load_progress();
        stored()
    });
    let text = match *state {
        Stored::Fine => return Html::default(),
        Stored::SetAside => t.learn().progress_set_aside(),
        Stored::Kept => t.learn().progress_kept(),
    };
    html! { <p class="learn-note progress-notice" role="alert" data-testid="progress-notice">{ text }</p> }
}
