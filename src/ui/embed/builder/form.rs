//! The builder's choices: what the board is for and what it starts from
//! ([`GameFields`]), and how it looks and whom it talks to
//! ([`LookFields`]). Every change is read again as a frame reads its
//! address ([`super::with`]).

use yew::prelude::*;

use crate::embed::params::{Controls, EmbedParams, Game, Mode, Theme};
use crate::engine::opok::geometry::{MAX_SIZE, MIN_SIZE};
use crate::engine::othello::BoardSize;
use crate::i18n::Lang;

use super::super::super::context::use_texts;
use super::fields::{checkbox, named, select, text_field};
use super::snippets::game_name;
use super::{value_of, with, with_all, Choice};

/// Props: the builder's choice.
#[derive(Properties, PartialEq)]
pub(super) struct FieldsProps {
    /// The parameters and what was refused.
    pub choice: UseStateHandle<Choice>,
}

/// A callback that sets the parameter `key`.
fn setter(choice: &UseStateHandle<Choice>, key: &'static str) -> Callback<String> {
    let choice = choice.clone();
    Callback::from(move |value: String| choice.set(with(&choice.0, key, &value)))
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

/// `mode` with what it needs: a lesson or a puzzle needs its id, the
/// first lesson of the game and the puzzle of the day until another is
/// named.
fn mode_setter(choice: &UseStateHandle<Choice>) -> Callback<String> {
    let choice = choice.clone();
    Callback::from(move |mode: String| {
        let params = &choice.0;
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
        choice.set(with_all(params, &changes));
    })
}

/// The game, what the board is for, and where it starts.
#[function_component(GameFields)]
pub(super) fn game_fields(props: &FieldsProps) -> Html {
    let t = use_texts();
    let b = t.embed();
    let choice = &props.choice;
    let params = &choice.0;
    let game = params.game();
    let set_game = {
        let choice = choice.clone();
        Callback::from(move |name: String| {
            let game = Game::from_name(&name).unwrap_or(Game::Othello);
            choice.set((EmbedParams::new(game), Vec::new()));
        })
    };
    let mut modes = named(&[
        (Mode::View.name(), b.mode_view()),
        (Mode::Play.name(), b.mode_play()),
        (Mode::Analyse.name(), b.mode_analyse()),
        (Mode::Lesson.name(), b.mode_lesson()),
    ]);
    if game == Game::Othello {
        modes.extend(named(&[(Mode::Puzzle.name(), b.mode_puzzle())]));
    }
    let games = Game::ALL
        .iter()
        .map(|g| (g.name().to_string(), game_name(t, *g).to_string()))
        .collect();
    let sides = game.side_names();
    let side_labels = match game {
        Game::Othello => [t.othello.black(), t.othello.white()],
        Game::Opok => [t.opok.circles(), t.opok.squares()],
        Game::Nim => [t.nim.first_player(), t.nim.second_player()],
    };
    let own = params.has_own_position();
    let start = start_key(game);
    html! {
        <>
            { select("builder-game", b.game(), game.name(), games, set_game) }
            { select("builder-mode", b.mode(), params.mode.name(), modes, mode_setter(choice)) }
            if params.mode == Mode::Lesson {
                { text_field("builder-lesson", b.lesson(), value_of(params, "lesson"), setter(choice, "lesson")) }
            }
            if params.mode == Mode::Puzzle {
                { text_field("builder-puzzle", b.puzzle(), value_of(params, "puzzle"), setter(choice, "puzzle")) }
            }
            if params.mode == Mode::Play {
                { select("builder-side", b.side(), params.side.name(game),
                    named(&[(sides[0], side_labels[0]), (sides[1], side_labels[1])]), setter(choice, "side")) }
                { select("builder-level", b.level(), &params.level.number().to_string(),
                    (1..=7).map(|n| (n.to_string(), n.to_string())).collect(), setter(choice, "level")) }
            }
            if own && !sizes(game).is_empty() {
                { select("builder-size", b.size(), &params.start.size().unwrap_or_default().to_string(),
                    sizes(game).into_iter().map(|n| (n.to_string(), format!("{n}×{n}"))).collect(), setter(choice, "size")) }
            }
            if own {
                { text_field("builder-start", b.start(), value_of(params, start), setter(choice, start)) }
                { text_field("builder-moves", b.moves(), params.moves.clone(), setter(choice, "moves")) }
                { text_field("builder-ply", b.ply(), params.ply.map(|p| p.to_string()).unwrap_or_default(), setter(choice, "ply")) }
            }
        </>
    }
}

/// The colours, the language, the coordinates, the controls, and the
/// site the board talks to.
#[function_component(LookFields)]
pub(super) fn look_fields(props: &FieldsProps) -> Html {
    let b = use_texts().embed();
    let choice = &props.choice;
    let params = &choice.0;
    let set_lang = {
        let choice = choice.clone();
        Callback::from(move |code: String| {
            let (mut params, refused) = (*choice).clone();
            params.lang = Lang::from_code(&code);
            choice.set((params, refused));
        })
    };
    let themes = named(&[
        (Theme::Auto.name(), b.theme_auto()),
        (Theme::Light.name(), b.theme_light()),
        (Theme::Dark.name(), b.theme_dark()),
        (Theme::Contrast.name(), b.theme_contrast()),
    ]);
    let langs = std::iter::once((String::new(), b.lang_visitor().to_string()))
        .chain(
            Lang::ALL
                .iter()
                .map(|l| (l.code().to_string(), l.native_name().to_string())),
        )
        .collect();
    let controls = named(&[
        (Controls::None.name(), b.controls_none()),
        (Controls::Nav.name(), b.controls_nav()),
        (Controls::Full.name(), b.controls_full()),
    ]);
    let parent = params
        .parent
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    html! {
        <>
            { select("builder-theme", b.theme(), params.theme.name(), themes, setter(choice, "theme")) }
            { select("builder-lang", b.language(), params.lang.map(Lang::code).unwrap_or_default(), langs, set_lang) }
            { checkbox("builder-coords", b.coords(), params.coords, setter(choice, "coords")) }
            { select("builder-controls", b.controls(), params.controls.name(), controls, setter(choice, "controls")) }
            { text_field("builder-parent", b.parent(), parent, setter(choice, "parent")) }
        </>
    }
}
