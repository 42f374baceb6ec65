//! The embed snippet builder (`#/embed`, issue 16): a webmaster chooses the
//! game, what the board is for, its start and its looks, sees the frame
//! live, and copies the element or the frame. A game page's "embed this
//! position" opens it with that page's game (`#/embed?game=<game>&` and
//! the page's share link query).
//!
//! Every change goes through the frame's own parameter reader
//! ([`crate::embed::params::parse`]), so the preview, the snippets and a
//! frame on the webmaster's page read the same parameters the same way; a
//! value it refuses is named and the default used, as in the frame. Both
//! snippets fit their content and follow it ([`snippets`]).

use yew::prelude::*;

use crate::embed::params::{encode, parse, EmbedParams, Game, VERSION};
use crate::frame::{params_of, EmbedGame};
use crate::i18n::session::notice_text;
use crate::i18n::Texts;
use crate::query::percent_decode;
use crate::session::core::Notice;
use crate::session::formats::decode;
use crate::session::nim::Nim;
use crate::session::opok::Opok;
use crate::session::othello::Othello;

use super::super::context::use_texts;
use crate::route::{Route, BOARD_FRAMES};

mod club_frames;
mod fields;
mod form;
mod preview;
pub mod snippets;

pub use snippets::{element_snippet, iframe_snippet};

use club_frames::ClubFrames;
use fields::select;
use form::{GameFields, LookFields};
use preview::{Preview, FIRST_HEIGHT};
use snippets::Snippets;

/// The builder's own styles (not in the app's first load).
const CSS: &str = include_str!("../../../../styles/builder.css");

/// The widths offered, in CSS pixels: the preview's, and the most the
/// snippets let the board take on the webmaster's page.
const WIDTHS: [u32; 3] = [320, 480, 720];

/// The builder's choice: the frame's parameters, and what was refused (in
/// words).
type Choice = (EmbedParams, Vec<String>);

/// The parameters of a game page's game, from the builder's query
/// (`game=<game>&<share link query>`); the frame's defaults without one.
fn params_from_query(t: &Texts, query: Option<&str>) -> Choice {
    let Some(query) = query else {
        return (EmbedParams::new(Game::Othello), Vec::new());
    };
    let (first, rest) = query.split_once('&').unwrap_or((query, ""));
    let game = first
        .strip_prefix("game=")
        .and_then(Game::from_name)
        .unwrap_or(Game::Othello);
    fn of<G: EmbedGame>(t: &Texts, game: Game, rest: &str) -> Choice {
        match decode::<G>(rest) {
            Ok((settings, record)) => (params_of::<G>(&settings, &record), Vec::new()),
            Err(error) => {
                let said = notice_text::<G>(t, &Notice::Link(error), G::sides()[0]);
                (EmbedParams::new(game), vec![said])
            }
        }
    }
    match game {
        Game::Othello => of::<Othello>(t, game, rest),
        Game::Opok => of::<Opok>(t, game, rest),
        Game::Nim => of::<Nim>(t, game, rest),
    }
}

/// `params` with `key` set to `value` (removed when empty), read again as a
/// frame reads its address: the new parameters and what was refused.
fn with(params: &EmbedParams, key: &str, value: &str) -> Choice {
    with_all(params, &[(key, value)])
}

/// `params` with each of `changes` made, read again as [`with`] does.
fn with_all(params: &EmbedParams, changes: &[(&str, &str)]) -> Choice {
    // Moves typed here are today's (`v=2`), even where the parameters
    // had none to need the marker.
    let mut pairs: Vec<(String, String)> = vec![("v".into(), VERSION.to_string())];
    pairs.extend(
        params
            .pairs()
            .into_iter()
            .filter(|(k, _)| *k != "v" && !changes.iter().any(|(key, _)| key == k))
            .map(|(k, v)| (k.to_string(), v)),
    );
    for (key, value) in changes {
        if !value.trim().is_empty() {
            pairs.push((key.to_string(), value.trim().to_string()));
        }
    }
    let query = pairs
        .iter()
        .map(|(k, v)| format!("{k}={}", encode(v)))
        .collect::<Vec<_>>()
        .join("&");
    let parsed = parse(params.game(), &query);
    let refused = parsed.errors.iter().map(ToString::to_string).collect();
    (parsed.params, refused)
}

/// The decoded value of `key` in `params`, or empty for its default.
fn value_of(params: &EmbedParams, key: &str) -> String {
    params
        .pairs()
        .into_iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
        .unwrap_or_default()
}

/// Props: the query a game page gave, if any.
#[derive(Properties, PartialEq)]
pub struct BuilderProps {
    /// `game=<game>&<share link query>`.
    pub query: Option<String>,
}

/// The snippet builder.
#[function_component(EmbedBuilder)]
pub fn embed_builder(props: &BuilderProps) -> Html {
    let t = use_texts();
    let b = t.embed();
    let choice = {
        let query = props.query.clone();
        use_state(move || params_from_query(t, query.as_deref()))
    };
    let width = use_state(|| WIDTHS[1]);
    let height = use_state(|| FIRST_HEIGHT);
    let (params, refused) = (*choice).clone();
    let set_width = {
        let width = width.clone();
        Callback::from(move |value: String| width.set(value.parse().unwrap_or(WIDTHS[1])))
    };
    let on_height = {
        let height = height.clone();
        Callback::from(move |h| height.set(h))
    };
    let widths = WIDTHS
        .iter()
        .map(|w| (w.to_string(), format!("{w} px")))
        .collect();
    html! {
        <section class="builder" aria-labelledby="builder-heading">
            <style>{ CSS }</style>
            <h1 id="builder-heading" tabindex="-1">{ b.heading() }</h1>
            <p>{ b.intro() }</p>
            // A club's frames first, under their own heading: a club's
            // webmaster comes for them more often than for a board.
            <ClubFrames choice={choice.clone()} />
            <h2 class="builder-board-heading">{ t.clubs().kind_board() }</h2>
            <div class="builder-columns">
                <form class="builder-form" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                    <GameFields choice={choice.clone()} />
                    <LookFields choice={choice.clone()} />
                    <button type="submit">{ b.apply() }</button>
                    if !refused.is_empty() {
                        <div class="builder-refused" role="alert" data-testid="builder-refused">
                            <p>{ b.problems() }</p>
                            <ul>{ for refused.iter().map(|r| html! { <li>{ percent_decode(r) }</li> }) }</ul>
                        </div>
                    }
                </form>
                <div class="builder-output">
                    { select("builder-width", b.width(), &width.to_string(), widths, set_width) }
                    <h2>{ b.preview() }</h2>
                    <Preview params={params.clone()} width={*width} height={*height} {on_height} />
                    <Snippets {params} width={*width} height={*height} />
                </div>
            </div>
        </section>
    }
}

/// The builder's page (`src/bin/builder.rs`): a module of its own, so that
/// neither the club page nor the frames carry the three games' readers and
/// previews it needs. Its preview frame
/// ([`PREVIEW_WINDOW`](crate::route::PREVIEW_WINDOW)) is drawn by
/// the same module, which carries each game's board frame as that game's
/// module draws it: the builder's page fetches one module, not two.
pub fn page_of(route: &Route) -> Html {
    match (route, route.module()) {
        (Route::EmbedBuilder(query), _) => html! { <EmbedBuilder query={query.clone()} /> },
        (Route::Embed(_), Some(module)) if module == BOARD_FRAMES[0] => {
            super::othello_page_of(route)
        }
        (Route::Embed(_), Some(module)) if module == BOARD_FRAMES[1] => super::opok_page_of(route),
        (Route::Embed(_), Some(module)) if module == BOARD_FRAMES[2] => super::nim_page_of(route),
        _ => Html::default(),
    }
}
