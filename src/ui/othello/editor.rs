//! The position editor: place discs, choose the side to move, then play or
//! analyse from there. The position is checked by the rules before use.

use yew::prelude::*;

use crate::engine::othello::{BoardSize, Color, Position, Setup, Square, Variant};
use crate::i18n::othello::{color_lower, color_name, position_error_text};
use crate::session::othello::editing::{cleared, disc_at, painted, start_setup};

use super::super::common::dialog::radio;
use super::super::common::grid::{by_cell, Grid, GridCell};
use super::super::context::use_texts;
use super::board::square_of;

/// Props of the editor's board: the position and the painting click.
#[derive(Properties, PartialEq)]
struct EditorBoardProps {
    setup: Setup,
    on_square: Callback<Square>,
}

/// The board being set up.
#[function_component(EditorBoard)]
fn editor_board(props: &EditorBoardProps) -> Html {
    let t = use_texts();
    let n = props.setup.size.side();
    let cells = (0..usize::from(n) * usize::from(n))
        .filter_map(|i| square_of(i, n))
        .map(|square| {
            let disc = disc_at(&props.setup, square);
            GridCell {
                name: square.to_string(),
                class: Classes::new(),
                label: format!(
                    "{square}, {}",
                    disc.map_or(t.common.empty_square(), |c| color_lower(t, c))
                ),
                content: html! {
                    { for disc.map(|c| html! { <span class={classes!("disc", c.name())} /> }) }
                },
            }
        })
        .collect::<Vec<_>>();
    html! {
        <Grid {n} {cells} label={t.othello.editor_title()}
            on_pick={by_cell(&props.on_square, move |i| square_of(i, n))} />
    }
}

/// Props: where to start, the variant to check against, and the callbacks.
#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// The position to start editing from.
    pub initial: Position,
    /// The variant the position must be legal in.
    pub variant: Variant,
    /// Called with the checked position.
    pub on_play: Callback<Position>,
    /// Called to leave the editor.
    pub on_cancel: Callback<()>,
}

/// The editor.
#[function_component(Editor)]
pub fn editor(props: &EditorProps) -> Html {
    let t = use_texts();
    let setup = use_state(|| props.initial.to_setup());
    let paint = use_state(|| Some(Color::Black));
    let error = use_state(|| None::<String>);
    let variant = props.variant;
    // Every change of the setup goes through here.
    let change = |f: Box<dyn Fn(Setup) -> Setup>| {
        let setup = setup.clone();
        Callback::from(move |_: ()| setup.set(f(*setup)))
    };
    let on_square = {
        let (setup, paint) = (setup.clone(), *paint);
        Callback::from(move |square| setup.set(painted(*setup, square, paint)))
    };
    let paint_choice = |value: Option<Color>, label: &'static str| {
        let paint = paint.clone();
        let id = format!("paint-{}", value.map_or("empty", Color::name));
        radio(
            "paint",
            id,
            *paint == value,
            label,
            Callback::from(move |_| paint.set(value)),
        )
    };
    let side_choice = |color: Color| {
        let id = format!("side-{}", color.name());
        let pick = change(Box::new(move |s| Setup {
            side_to_move: color,
            ..s
        }));
        radio(
            "side",
            id,
            setup.side_to_move == color,
            color_name(t, color),
            pick,
        )
    };
    let size_choice = |size: BoardSize| {
        let id = format!("editor-size-{}", size.side());
        let pick = change(Box::new(move |_| start_setup(size, variant)));
        radio(
            "editor-size",
            id,
            setup.size == size,
            format!("{0}×{0}", size.side()),
            pick,
        )
    };
    let on_play = {
        let (setup, error, on_play) = (setup.clone(), error.clone(), props.on_play.clone());
        Callback::from(
            move |_: MouseEvent| match Position::from_setup(*setup, variant) {
                Ok(position) => {
                    error.set(None);
                    on_play.emit(position);
                }
                Err(e) => error.set(Some(position_error_text(t, &e))),
            },
        )
    };
    let click = |action: Callback<()>| action.reform(|_: MouseEvent| ());
    html! {
        <section class="editor" aria-labelledby="editor-title">
            <h2 id="editor-title">{ t.othello.editor_title() }</h2>
            <p class="help">{ t.othello.editor_help() }</p>
            <EditorBoard setup={*setup} {on_square} />
            <fieldset class="field">
                <legend>{ t.othello.editor_paint() }</legend>
                { paint_choice(Some(Color::Black), t.othello.black()) }
                { paint_choice(Some(Color::White), t.othello.white()) }
                { paint_choice(None, t.common.empty_square()) }
            </fieldset>
            <fieldset class="field">
                <legend>{ t.othello.side_to_move() }</legend>
                { side_choice(Color::Black) }
                { side_choice(Color::White) }
            </fieldset>
            <fieldset class="field">
                <legend>{ t.common.board_size() }</legend>
                { for BoardSize::ALL.into_iter().map(size_choice) }
            </fieldset>
            if let Some(message) = &*error {
                <p class="notice" role="alert">{ message }</p>
            }
            <div class="dialog-buttons">
                <button class="primary play-from-here" onclick={on_play}>{ t.othello.play_from_here() }</button>
                <button onclick={click(change(Box::new(move |s| start_setup(s.size, variant))))}>
                    { t.common.start_position() }
                </button>
                <button onclick={click(change(Box::new(cleared)))}>{ t.othello.clear_board() }</button>
                <button onclick={click(props.on_cancel.clone())}>{ t.common.cancel() }</button>
            </div>
        </section>
    }
}
