//! "Play online" on every game page (drawn once, by the shell's layout): a
//! button that loads online play's module (`online.js`) and opens its
//! dialog with the game as the page has it set up (the share link's query
//! of the settings). The dialog, the protocol and the live connection are
//! that module's, so a game page carries this button only.

use yew::prelude::*;

use crate::session::formats::encode;
use crate::session::record::Record;

use super::super::context::use_texts;
use super::super::module_section::call_module;
use super::PageGame;

/// Props: the page's settings.
#[derive(Properties, PartialEq)]
pub struct PlayOnlineProps<G: PageGame> {
    /// The game as the page has it set up.
    pub settings: G::Settings,
}

/// The button, and a note when the module cannot be loaded.
#[function_component(PlayOnline)]
pub fn play_online<G: PageGame>(props: &PlayOnlineProps<G>) -> Html {
    let t = use_texts();
    let note = use_state(|| None::<&'static str>);
    let onclick = {
        let settings = &props.settings;
        let query = encode::<G>(settings, &Record::new(G::start(settings)));
        let note = note.clone();
        Callback::from(move |_: MouseEvent| {
            let args = [
                t.lang().code().into(),
                G::ROUTE.into(),
                query.as_str().into(),
            ];
            let note = note.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let opened = call_module("online", "create", &args).await.is_ok();
                note.set((!opened).then_some(t.common.online_failed()));
            });
        })
    };
    html! {
        <>
            <button type="button" class="play-online" aria-haspopup="dialog" {onclick} data-testid="play-online">
                { t.common.play_online() }
            </button>
            if let Some(note) = *note {
                <p class="online-note" role="status">{ note }</p>
            }
        </>
    }
}
