//! The boards of the lessons and puzzles: the shared grid with what a
//! lesson marks on a square (an answer found, the answer shown, the hinted
//! area, the discs a wrong move would flip, a square tried wrong), each
//! drawn as a shape and said to a screen reader.

use yew::prelude::*;

use crate::engine::opok;
use crate::engine::othello;
use crate::i18n::Texts;
use crate::session::opok::view::SquareView as OpokSquare;
use crate::session::othello::view::SquareView as OthelloSquare;

use super::super::common::grid::{by_cell, Grid, GridCell};
use super::super::opok::board::stack_view;

/// What a lesson marks on one square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// An answer found.
    pub found: bool,
    /// The answer, shown by the last hint.
    pub answer: bool,
    /// In the area "show where" marks.
    pub region: bool,
    /// A disc the last wrong move would flip.
    pub flips: bool,
    /// Tried, and not an answer.
    pub tried: bool,
    /// The Opok stack being moved.
    pub selected: bool,
}

impl Marks {
    /// The classes that draw the marks.
    fn classes(self) -> Classes {
        classes!(
            self.found.then_some("mark-found"),
            self.answer.then_some("mark-answer"),
            self.region.then_some("mark-region"),
            self.flips.then_some("mark-flips"),
            self.tried.then_some("mark-tried"),
            self.selected.then_some("selected"),
        )
    }

    /// The marks in words, after the square's own description.
    fn label(self, t: &Texts, base: String) -> String {
        let learn = t.learn();
        let words = [
            (self.found, learn.mark_found()),
            (self.answer, learn.mark_answer()),
            (self.region, learn.mark_region()),
            (self.flips, learn.mark_flips()),
            (self.tried, learn.mark_tried()),
        ];
        words
            .into_iter()
            .filter(|(on, _)| *on)
            .fold(base, |label, (_, word)| format!("{label}, {word}"))
    }

    /// The shape drawn over the square's contents.
    fn shape(self) -> Html {
        let kind = if self.tried {
            Some("is-tried")
        } else if self.answer {
            Some("is-answer")
        } else if self.found {
            Some("is-found")
        } else {
            None
        };
        kind.map_or_else(Html::default, |kind| {
            html! { <span class={classes!("lesson-mark", kind)} aria-hidden="true" /> }
        })
    }
}

/// An Othello board of a lesson or a puzzle: `marks` says what each square
/// (by name) shows.
pub fn othello_board(
    t: &'static Texts,
    position: &othello::Position,
    marks: impl Fn(&str) -> Marks,
    on_pick: Callback<othello::Square>,
) -> Html {
    let n = position.rules().size.side();
    let cells: Vec<GridCell> = position
        .rules()
        .size
        .squares_in_order()
        .map(|square| {
            let name = square.to_string();
            let marks = marks(&name);
            let view = OthelloSquare::plain(square, position.at(square));
            let disc = view
                .disc
                .map(|color| html! { <span class={classes!("disc", color.name())} /> });
            GridCell {
                name,
                class: marks.classes(),
                label: marks.label(t, crate::i18n::othello::square_label(t, &view)),
                content: html! { <>{ for disc }{ marks.shape() }</> },
            }
        })
        .collect();
    let square_of = move |i: usize| {
        let n = usize::from(n);
        othello::Square::new((i % n) as u8, (i / n) as u8)
    };
    html! {
        <Grid {n} {cells} label={t.othello.board_label_aria()} class="lesson-grid"
            on_pick={by_cell(&on_pick, square_of)} />
    }
}

/// An Opok board of a lesson: `marks` says what each square (by name)
/// shows.
pub fn opok_board(
    t: &'static Texts,
    position: &opok::Position,
    marks: impl Fn(&str) -> Marks,
    on_square: Callback<opok::Square>,
) -> Html {
    let g = position.geometry();
    let cells: Vec<GridCell> = (0..g.squares())
        .map(|i| {
            let square = opok::Square(i as u8);
            let name = g.name(square);
            let marks = marks(&name);
            let view = OpokSquare {
                square,
                stack: position.stack(square),
                selected: marks.selected,
                landing: false,
                movable: false,
                last: false,
                captured: None,
                shown: false,
            };
            let (c, r) = g.coordinates(square);
            GridCell {
                name,
                class: classes!(marks.classes(), ((c + r) % 2 == 1).then_some("dark")),
                label: marks.label(t, crate::i18n::opok::square_label(t, g, &view)),
                content: html! {
                    <>{ for view.stack.map(|s| stack_view(s, None)) }{ marks.shape() }</>
                },
            }
        })
        .collect();
    html! {
        <Grid n={g.size()} {cells} label={t.opok.board_label()} class="opok lesson-grid"
            on_pick={by_cell(&on_square, move |i| u8::try_from(i).ok().map(opok::Square))} />
    }
}
