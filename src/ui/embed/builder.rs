//! The embed snippet builder (`#/embed`, issue 16): a webmaster chooses the
//! game, what the board is for, its start and its looks, sees the frame
//! live, and copies the frame or the custom element. A game page's "embed
//! this position" opens it with that page's game (`#/embed?game=<game>&`
//! and the page's share link query).
//!
//! Every change goes through the frame's own parameter reader
//! ([`crate::embed::params::parse`]), so the preview, the snippets and a
//! frame on the webmaster's page read the same parameters the same way; a
//! value it refuses is named and the default used, as in the frame.

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::embed::params::{encode, parse, Controls, EmbedParams, Game, Mode, Theme};
use crate::engine::opok::geometry::{MAX_SIZE, MIN_SIZE};
use crate::engine::othello::BoardSize;
use crate::i18n::{EmbedTexts, Lang, Texts};
use crate::session::embed::{params_of, EmbedGame};
use crate::session::formats::decode;
use crate::session::nim::Nim;
use crate::session::opok::Opok;
use crate::session::othello::Othello;
use crate::session::query::percent_decode;

use super::super::browser;
use super::super::context::use_texts;

/// The builder's own styles (not in the app's first load).
const CSS: &str = include_str!("../../../styles/builder.css");

/// The preview widths offered, in CSS pixels.
const WIDTHS: [u32; 3] = [320, 480, 720];

/// The frame's height before the preview reports its own.
const FIRST_HEIGHT: u32 = 560;

/// The parameters of a game page's game, from the builder's query
/// (`game=<game>&<share link query>`); the frame's defaults without one.
fn params_from_query(query: Option<&str>) -> (EmbedParams, Vec<String>) {
    let Some(query) = query else {
        return (EmbedParams::new(Game::Othello), Vec::new());
    };
    let (first, rest) = query.split_once('&').unwrap_or((query, ""));
    let game = first
        .strip_prefix("game=")
        .and_then(Game::from_name)
        .unwrap_or(Game::Othello);
    fn of<G: EmbedGame>(game: Game, rest: &str) -> (EmbedParams, Vec<String>) {
        match decode::<G>(rest) {
            Ok((settings, record)) => (params_of::<G>(&settings, &record), Vec::new()),
            Err(error) => (EmbedParams::new(game), vec![format!("{error:?}")]),
        }
    }
    match game {
        Game::Othello => of::<Othello>(game, rest),
        Game::Opok => of::<Opok>(game, rest),
        Game::Nim => of::<Nim>(game, rest),
    }
}

/// `params` with `key` set to `value` (removed when empty), read again as a
/// frame reads its address: the new parameters and what was refused.
fn with(params: &EmbedParams, key: &str, value: &str) -> (EmbedParams, Vec<String>) {
    with_all(params, &[(key, value)])
}

/// `params` with each of `changes` made, read again as [`with`] does.
fn with_all(params: &EmbedParams, changes: &[(&str, &str)]) -> (EmbedParams, Vec<String>) {
    let mut pairs: Vec<(String, String)> = params
        .pairs()
        .into_iter()
        .filter(|(k, _)| !changes.iter().any(|(key, _)| key == k))
        .map(|(k, v)| (k.to_string(), v))
        .collect();
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

/// The app's address (where `embed.js` and the frames live), without the
/// page's query and fragment.
fn app_address() -> String {
    let page = browser::page_address();
    page.split('?').next().unwrap_or_default().to_string()
}

/// `text` inside an HTML attribute's double quotes.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

/// The game's name for a frame's title.
fn game_name(t: &Texts, game: Game) -> &'static str {
    match game {
        Game::Othello => t.othello.name,
        Game::Opok => t.opok.name,
        Game::Nim => t.nim.name,
    }
}

/// The frame snippet: the frame's address with its height as the preview
/// measured it.
pub fn iframe_snippet(t: &Texts, params: &EmbedParams, width: u32, height: u32) -> String {
    let src = format!("{}{}", app_address(), params.fragment());
    format!(
        "<iframe src=\"{}\" title=\"{} — {}\" style=\"width:100%;max-width:{width}px;height:{height}px;border:0\" loading=\"lazy\"></iframe>",
        attribute(&src),
        attribute(game_name(t, params.game())),
        attribute(t.common.app_name),
    )
}

/// The custom element snippet: the script line and the element with the
/// parameters as attributes (the element adds `parent` itself).
pub fn element_snippet(params: &EmbedParams) -> String {
    let attributes: String = params
        .pairs()
        .into_iter()
        .filter(|(k, _)| *k != "parent")
        .map(|(k, v)| format!(" {k}=\"{}\"", attribute(&v)))
        .collect();
    format!(
        "<script src=\"{}embed.js\" defer></script>\n<mind-sports-board game=\"{}\"{attributes}></mind-sports-board>",
        attribute(&app_address()),
        params.game().name(),
    )
}

/// The start parameter of `game` (`board`, `position`, `heaps`).
fn start_key(game: Game) -> &'static str {
    match game {
        Game::Othello => "board",
        Game::Opok => "position",
        Game::Nim => "heaps",
    }
}

/// The board sizes of `game` (none for take-away games).
fn sizes(game: Game) -> Vec<u8> {
    match game {
        Game::Othello => BoardSize::ALL.iter().map(|s| s.side()).collect(),
        Game::Opok => (MIN_SIZE..=MAX_SIZE).collect(),
        Game::Nim => Vec::new(),
    }
}

/// Props: the query a game page gave, if any.
#[derive(Properties, PartialEq)]
pub struct BuilderProps {
    /// `game=<game>&<share link query>`.
    pub query: Option<String>,
}

/// A select of `options` (value, label) for the parameter `key`.
fn select(
    id: &'static str,
    label: &'static str,
    current: &str,
    options: Vec<(String, String)>,
    on: Callback<String>,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        on.emit(select.value());
    });
    html! {
        <p class="builder-field">
            <label for={id}>{ label }</label>
            <select id={id} data-testid={id} {onchange}>
                { for options.into_iter().map(|(value, text)| html! {
                    <option selected={value == current} value={value.clone()}>{ text }</option>
                }) }
            </select>
        </p>
    }
}

/// A text field for the parameter `key`, applied when it is left or Enter
/// is pressed.
fn text_field(
    id: &'static str,
    label: &'static str,
    current: String,
    on: Callback<String>,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        on.emit(input.value());
    });
    html! {
        <p class="builder-field builder-text">
            <label for={id}>{ label }</label>
            <input id={id} data-testid={id} type="text" spellcheck="false" autocomplete="off" value={current} {onchange} />
        </p>
    }
}

/// A checkbox for a parameter of `1` or `0`.
fn checkbox(id: &'static str, label: &'static str, checked: bool, on: Callback<String>) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        on.emit(if input.checked() { "1" } else { "0" }.to_string());
    });
    html! {
        <p class="builder-field builder-check">
            <label><input id={id} data-testid={id} type="checkbox" {checked} {onchange} />{ " " }{ label }</label>
        </p>
    }
}

/// A snippet to copy.
fn snippet(
    id: &'static str,
    label: &'static str,
    text: String,
    b: &'static EmbedTexts,
    copied: UseStateHandle<Option<&'static str>>,
) -> Html {
    let onclick = {
        let text = text.clone();
        Callback::from(move |_| {
            if browser::copy_to_clipboard(&text) {
                copied.set(Some(id));
            }
        })
    };
    html! {
        <div class="builder-snippet">
            <label for={id}>{ label }</label>
            <textarea id={id} data-testid={id} readonly=true rows="4" value={text} />
            <button {onclick}>{ b.copy }</button>
        </div>
    }
}

/// The snippet builder.
#[function_component(EmbedBuilder)]
pub fn embed_builder(props: &BuilderProps) -> Html {
    let t = use_texts();
    let b = t.embed();
    let state = {
        let query = props.query.clone();
        use_state(move || params_from_query(query.as_deref()))
    };
    let width = use_state(|| WIDTHS[1]);
    let height = use_state(|| FIRST_HEIGHT);
    let copied = use_state(|| None::<&'static str>);
    let preview = use_node_ref();
    let (params, refused) = (*state).clone();

    // The preview frame reports its height to this page (its `parent`).
    {
        let (preview, height) = (preview.clone(), height.clone());
        use_effect_with((), move |_| {
            let listener =
                gloo_events::EventListener::new(&browser::window(), "message", move |event| {
                    let get = |object: &JsValue, key: &str| {
                        js_sys::Reflect::get(object, &key.into()).unwrap_or(JsValue::UNDEFINED)
                    };
                    let event: &JsValue = event.as_ref();
                    let from_preview = preview
                        .get()
                        .map(|frame| get(&frame.into(), "contentWindow"))
                        .is_some_and(|window| js_sys::Object::is(&window, &get(event, "source")));
                    let data = get(event, "data");
                    let ours = get(&data, "source").as_string().as_deref() == Some("mind-sports")
                        && get(&data, "type").as_string().as_deref() == Some("resize");
                    if let (true, true, Some(h)) =
                        (from_preview, ours, get(&data, "height").as_f64())
                    {
                        height.set(h.clamp(100.0, 4000.0).ceil() as u32);
                    }
                });
            move || drop(listener)
        });
    }

    let set = |key: &'static str| {
        let (state, copied) = (state.clone(), copied.clone());
        Callback::from(move |value: String| {
            copied.set(None);
            state.set(with(&state.0, key, &value));
        })
    };
    // A lesson or a puzzle needs its id: the first lesson of the game and
    // the puzzle of the day until another is named.
    let set_mode = {
        let (state, copied) = (state.clone(), copied.clone());
        Callback::from(move |mode: String| {
            copied.set(None);
            let params = &state.0;
            let lesson = params
                .lesson
                .clone()
                .unwrap_or_else(|| format!("{}-1-1", params.game()));
            let puzzle = params
                .puzzle
                .as_ref()
                .map_or("daily", |p| p.text())
                .to_string();
            let changes: [(&str, &str); 3] = match mode.as_str() {
                "lesson" => [("mode", "lesson"), ("lesson", &lesson), ("puzzle", "")],
                "puzzle" => [("mode", "puzzle"), ("puzzle", &puzzle), ("lesson", "")],
                _ => [("mode", &mode), ("lesson", ""), ("puzzle", "")],
            };
            state.set(with_all(params, &changes));
        })
    };
    let set_game = {
        let state = state.clone();
        Callback::from(move |name: String| {
            let game = Game::from_name(&name).unwrap_or(Game::Othello);
            state.set((EmbedParams::new(game), Vec::new()));
        })
    };
    let set_width = {
        let width = width.clone();
        Callback::from(move |value: String| width.set(value.parse().unwrap_or(WIDTHS[1])))
    };
    let set_lang = {
        let state = state.clone();
        Callback::from(move |code: String| {
            let (mut params, refused) = (*state).clone();
            params.lang = Lang::from_code(&code);
            state.set((params, refused));
        })
    };

    let game = params.game();
    let playing = params.mode == Mode::Play;
    let own_position = params.has_own_position();
    let mut modes = vec![
        (Mode::View.name().to_string(), b.mode_view.to_string()),
        (Mode::Play.name().to_string(), b.mode_play.to_string()),
        (Mode::Analyse.name().to_string(), b.mode_analyse.to_string()),
        (Mode::Lesson.name().to_string(), b.mode_lesson.to_string()),
    ];
    if game == Game::Othello {
        modes.push((Mode::Puzzle.name().to_string(), b.mode_puzzle.to_string()));
    }
    let named = |pairs: &[(&str, &'static str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(v, l)| (v.to_string(), l.to_string()))
            .collect()
    };
    let origin = browser::window().location().origin().unwrap_or_default();
    // The preview talks to this page (for its height), whatever `parent`
    // the snippet names.
    let preview_params = with(&params, "parent", &origin).0;
    let preview_src = format!("{}{}", app_address(), preview_params.fragment());
    let sides = game.side_names();
    let side_labels = match game {
        Game::Othello => [t.othello.black, t.othello.white],
        Game::Opok => [t.opok.circles, t.opok.squares],
        Game::Nim => [t.nim.first_player, t.nim.second_player],
    };

    html! {
        <section class="builder" aria-labelledby="builder-heading">
            <style>{ CSS }</style>
            <h1 id="builder-heading" tabindex="-1">{ b.heading }</h1>
            <p>{ b.intro }</p>
            <div class="builder-columns">
                <form class="builder-form" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                    { select("builder-game", b.game, game.name(),
                        Game::ALL.iter().map(|g| (g.name().to_string(), game_name(t, *g).to_string())).collect(), set_game) }
                    { select("builder-mode", b.mode, params.mode.name(), modes, set_mode) }
                    if params.mode == Mode::Lesson {
                        { text_field("builder-lesson", b.lesson, value_of(&params, "lesson"), set("lesson")) }
                    }
                    if params.mode == Mode::Puzzle {
                        { text_field("builder-puzzle", b.puzzle, value_of(&params, "puzzle"), set("puzzle")) }
                    }
                    if playing {
                        { select("builder-side", b.side, params.side.name(game),
                            vec![(sides[0].to_string(), side_labels[0].to_string()), (sides[1].to_string(), side_labels[1].to_string())], set("side")) }
                        { select("builder-level", b.level, &params.level.number().to_string(),
                            (1..=7).map(|n| (n.to_string(), n.to_string())).collect(), set("level")) }
                    }
                    if own_position && !sizes(game).is_empty() {
                        { select("builder-size", b.size, &params.start.size().unwrap_or_default().to_string(),
                            sizes(game).into_iter().map(|n| (n.to_string(), format!("{n}×{n}"))).collect(), set("size")) }
                    }
                    if own_position {
                        { text_field("builder-start", b.start, value_of(&params, start_key(game)), set(start_key(game))) }
                        { text_field("builder-moves", b.moves, params.moves.clone(), set("moves")) }
                        { text_field("builder-ply", b.ply, params.ply.map(|p| p.to_string()).unwrap_or_default(), set("ply")) }
                    }
                    { select("builder-theme", b.theme, params.theme.name(),
                        named(&[(Theme::Auto.name(), b.theme_auto), (Theme::Light.name(), b.theme_light),
                            (Theme::Dark.name(), b.theme_dark), (Theme::Contrast.name(), b.theme_contrast)]), set("theme")) }
                    { select("builder-lang", b.language, params.lang.map(Lang::code).unwrap_or_default(),
                        std::iter::once((String::new(), b.lang_visitor.to_string()))
                            .chain(Lang::ALL.iter().map(|l| (l.code().to_string(), l.native_name().to_string()))).collect(), set_lang) }
                    { checkbox("builder-coords", b.coords, params.coords, set("coords")) }
                    { select("builder-controls", b.controls, params.controls.name(),
                        named(&[(Controls::None.name(), b.controls_none), (Controls::Nav.name(), b.controls_nav),
                            (Controls::Full.name(), b.controls_full)]), set("controls")) }
                    { text_field("builder-parent", b.parent, params.parent.as_ref().map(ToString::to_string).unwrap_or_default(), set("parent")) }
                    <button type="submit">{ b.apply }</button>
                    if !refused.is_empty() {
                        <div class="builder-refused" role="alert" data-testid="builder-refused">
                            <p>{ b.problems }</p>
                            <ul>{ for refused.iter().map(|r| html! { <li>{ percent_decode(r) }</li> }) }</ul>
                        </div>
                    }
                </form>
                <div class="builder-output">
                    { select("builder-width", b.width, &width.to_string(),
                        WIDTHS.iter().map(|w| (w.to_string(), format!("{w} px"))).collect(), set_width) }
                    <h2>{ b.preview }</h2>
                    <iframe ref={preview} class="builder-preview" data-testid="builder-preview" src={preview_src}
                        title={format!("{} — {}", b.preview, game_name(t, game))}
                        style={format!("width:100%;max-width:{}px;height:{}px", *width, *height)} />
                    { snippet("builder-iframe", b.iframe_code, iframe_snippet(t, &params, *width, *height), b, copied.clone()) }
                    { snippet("builder-element", b.element_code, element_snippet(&params), b, copied.clone()) }
                    <p role="status" class="builder-copied">{ copied.map(|_| b.copied).unwrap_or_default() }</p>
                </div>
            </div>
        </section>
    }
}
