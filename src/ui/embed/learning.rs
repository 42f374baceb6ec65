//! A lesson's or a puzzle's frame (`#/embed/<game>?mode=lesson&lesson=…`,
//! `?mode=puzzle&puzzle=…`): a module of its own (`src/bin/othellolesson.rs` and its game's others,
//! `src/bin/puzzleframe.rs`; `Route::module`), with the lesson's or the
//! puzzle's page, not a board's frame as well. This is the frame around the
//! lesson: its styles, colours, language and height, `ready` and the
//! address's errors told to the page, and the page's messages answered
//! (`learning_reply`: the board is the lesson's).

use yew::prelude::*;

use crate::embed::params::{parse_learning_fragment, EmbedParams};

use super::super::context::{use_app, AppContext};
use super::host::{use_learning_messages, use_ready};
use super::page::{errors_note, frame_classes, use_document_look, CSS};
use super::talk::use_resize_reports;

/// Props: the frame's address, and the lesson or the puzzle in it.
#[derive(Properties, PartialEq)]
pub struct LearningFrameProps {
    /// The address (`#/embed/…`).
    pub fragment: String,
    /// The lesson's or the puzzle's page, as its learning module draws it.
    pub children: Html,
}

/// The frame of a lesson or a puzzle: its parameters read, then the frame.
#[function_component(LearningFrame)]
pub fn learning_frame(props: &LearningFrameProps) -> Html {
    // `Route::module` sends only a lesson's or a puzzle's address here,
    // which names its game.
    let Some(parsed) = parse_learning_fragment(&props.fragment) else {
        return Html::default();
    };
    let errors: Vec<String> = parsed.errors.iter().map(ToString::to_string).collect();
    html! {
        <LearningPage params={parsed.params} {errors}>{ props.children.clone() }</LearningPage>
    }
}

/// Props: the parameters, what was wrong with them, and the lesson.
#[derive(Properties, PartialEq)]
struct PageProps {
    params: EmbedParams,
    errors: Vec<String>,
    children: Html,
}

/// The frame around the lesson or the puzzle, in the language and colours
/// its parameters (and then the page's messages) ask for.
#[function_component(LearningPage)]
fn learning_page(props: &PageProps) -> Html {
    let params = use_state(|| props.params.clone());
    let p = (*params).clone();
    use_ready(&p, &props.errors);
    use_learning_messages(&p, params.setter());
    let content = use_resize_reports(&p);
    let app = use_app();
    let lang = p.lang.unwrap_or(app.lang);
    use_document_look(p.theme, lang);
    let classes = frame_classes(&p, false);
    let context = AppContext { lang, ..app };
    html! {
        <ContextProvider<AppContext> {context}>
            <style>{ CSS }</style>
            <div ref={content} class={classes} data-testid="embed" data-mode={p.mode.name()}>
                { errors_note(&props.errors) }
                <div class="embed-learn" data-testid="embed-learn">{ props.children.clone() }</div>
            </div>
        </ContextProvider<AppContext>>
    }
}
