//! The position editor: place discs, choose the side to move, then play or
//! analyse from there. The position is checked by the rules before use.

use yew::prelude::*;

use crate::engine::othello::{BoardSize, Color, Position, Setup, Square, Variant};
use crate::i18n::othello::{color_lower, color_name, position_error_text};

use super::super::context::use_texts;
use super::board::{clicked_square, inner_coordinates};

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
    let n = setup.size.side();

    // One listener for the board; the square comes from the clicked button.
    let on_board_click = {
        let setup = setup.clone();
        let paint = *paint;
        Callback::from(move |e: MouseEvent| {
            let Some(square) = clicked_square(&e, n) else {
                return;
            };
            let mut next = *setup;
            let bit = square.bit();
            let current = if next.black & bit != 0 {
                Some(Color::Black)
            } else if next.white & bit != 0 {
                Some(Color::White)
            } else {
                None
            };
            next.black &= !bit;
            next.white &= !bit;
            let wanted = if current == paint { None } else { paint };
            match wanted {
                Some(Color::Black) => next.black |= bit,
                Some(Color::White) => next.white |= bit,
                None => {}
            }
            setup.set(next);
        })
    };
    let cells =
        (0..n).map(|r| {
            let row = (0..n).map(|c| {
            let square = Square::new(c, r).expect("on the board");
            let disc = if setup.black & square.bit() != 0 {
                Some(Color::Black)
            } else if setup.white & square.bit() != 0 {
                Some(Color::White)
            } else {
                None
            };
            let label = format!("{square}, {}", disc.map_or(t.empty_square, |c| color_lower(t, c)));
            html! {
                <div role="gridcell" class="cell">
                    <button class="square" aria-label={label} data-square={square.to_string()}>
                        { for disc.map(|c| html! { <span class={classes!("disc", c.name())} /> }) }
                        { inner_coordinates(square, n) }
                    </button>
                </div>
            }
        });
            html! { <div role="row" class="board-row">{ for row }</div> }
        });
    let paint_choice = |value: Option<Color>, label: &'static str| {
        let paint = paint.clone();
        let id = format!("paint-{}", value.map_or("empty", Color::name));
        html! {
            <label class="choice" for={id.clone()}>
                <input type="radio" name="paint" id={id} checked={*paint == value}
                    onchange={Callback::from(move |_| paint.set(value))} />
                { label }
            </label>
        }
    };
    let side_choice = |color: Color| {
        let setup = setup.clone();
        let id = format!("side-{}", color.name());
        html! {
            <label class="choice" for={id.clone()}>
                <input type="radio" name="side" id={id} checked={setup.side_to_move == color}
                    onchange={Callback::from(move |_| setup.set(Setup { side_to_move: color, ..*setup }))} />
                { color_name(t, color) }
            </label>
        }
    };
    let size_choice = |size: BoardSize| {
        let setup = setup.clone();
        let variant = props.variant;
        let id = format!("editor-size-{}", size.side());
        html! {
            <label class="choice" for={id.clone()}>
                <input type="radio" name="editor-size" id={id} checked={setup.size == size}
                    onchange={Callback::from(move |_| {
                        let rules = crate::engine::othello::Rules::new(size, if variant == Variant::Reversi { Variant::Standard } else { variant });
                        setup.set(Position::start(rules).to_setup());
                    })} />
                { format!("{0}×{0}", size.side()) }
            </label>
        }
    };
    let on_clear = {
        let setup = setup.clone();
        Callback::from(move |_: MouseEvent| {
            setup.set(Setup {
                black: 0,
                white: 0,
                ..*setup
            })
        })
    };
    let on_start_position = {
        let setup = setup.clone();
        let variant = props.variant;
        Callback::from(move |_: MouseEvent| {
            let rules = crate::engine::othello::Rules::new(setup.size, variant);
            setup.set(Position::start(rules).to_setup());
        })
    };
    let on_play = {
        let setup = setup.clone();
        let error = error.clone();
        let variant = props.variant;
        let cb = props.on_play.clone();
        Callback::from(
            move |_: MouseEvent| match Position::from_setup(*setup, variant) {
                Ok(position) => {
                    error.set(None);
                    cb.emit(position);
                }
                Err(e) => error.set(Some(position_error_text(t, &e))),
            },
        )
    };
    let on_cancel = {
        let cb = props.on_cancel.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    html! {
        <section class="editor" aria-labelledby="editor-title">
            <h2 id="editor-title">{ t.editor_title }</h2>
            <p class="help">{ t.editor_help }</p>
            <div class="board-frame" style={format!("--n: {n}")}>
                <div class="board" role="grid" aria-label={t.editor_title} onclick={on_board_click}>{ for cells }</div>
            </div>
            <fieldset class="field">
                <legend>{ t.editor_paint }</legend>
                { paint_choice(Some(Color::Black), t.black) }
                { paint_choice(Some(Color::White), t.white) }
                { paint_choice(None, t.empty_square) }
            </fieldset>
            <fieldset class="field">
                <legend>{ t.side_to_move }</legend>
                { side_choice(Color::Black) }
                { side_choice(Color::White) }
            </fieldset>
            <fieldset class="field">
                <legend>{ t.board_size }</legend>
                { for BoardSize::ALL.into_iter().map(size_choice) }
            </fieldset>
            if let Some(message) = &*error {
                <p class="notice" role="alert">{ message }</p>
            }
            <div class="dialog-buttons">
                <button class="primary play-from-here" onclick={on_play}>{ t.play_from_here }</button>
                <button onclick={on_start_position}>{ t.start_position }</button>
                <button onclick={on_clear}>{ t.clear_board }</button>
                <button onclick={on_cancel}>{ t.cancel }</button>
            </div>
        </section>
    }
}
