//! The Opok rules page: the rules as the app plays them (all of them our
//! interpretation of the book), and the book's capture examples drawn as
//! small boards with the verdict and why.

use yew::prelude::*;

use crate::i18n::Texts;

use super::super::context::use_texts;

/// A stack in a diagram row: the mover's (○) or the defender's (□), or a gap.
#[derive(Clone, Copy, PartialEq)]
enum Cell {
    Mover(u8),
    Defender(u8),
    Gap,
}

/// Why a row is or is not captured.
#[derive(Clone, Copy, PartialEq)]
enum Verdict {
    Captured,
    NotStronger,
    OnlyNeighbours,
    Gap,
    OutOfLine,
}

/// The book's examples (RULES.md §2): the first stack has just landed.
const DIAGRAMS: [(&[Cell], bool, Verdict); 9] = {
    use Cell::*;
    [
        (&[Mover(1), Defender(1), Mover(1)], false, Verdict::Captured),
        (&[Mover(3), Defender(2), Mover(1)], true, Verdict::Captured),
        (
            &[Mover(2), Defender(2), Defender(2), Mover(3)],
            false,
            Verdict::Captured,
        ),
        (
            &[Mover(1), Defender(1), Defender(1), Defender(1), Mover(3)],
            true,
            Verdict::Captured,
        ),
        (
            &[Mover(1), Defender(2), Mover(1)],
            false,
            Verdict::NotStronger,
        ),
        (
            &[Mover(1), Defender(2), Defender(1), Mover(1), Mover(1)],
            true,
            Verdict::OnlyNeighbours,
        ),
        (
            &[Mover(2), Defender(2), Defender(4), Mover(3)],
            false,
            Verdict::NotStronger,
        ),
        (
            &[Mover(1), Defender(1), Gap, Defender(1), Mover(3)],
            false,
            Verdict::Gap,
        ),
        (&[Mover(1), Defender(1), Gap], false, Verdict::OutOfLine),
    ]
};

fn explain(t: &Texts, cells: &[Cell], verdict: Verdict) -> String {
    let height = |c: &Cell| match c {
        Cell::Mover(h) | Cell::Defender(h) => u32::from(*h),
        Cell::Gap => 0,
    };
    let a = height(&cells[0]);
    let row_end = cells
        .iter()
        .skip(1)
        .position(|c| !matches!(c, Cell::Defender(_)))
        .map_or(cells.len(), |i| i + 1);
    let row: u32 = cells[1..row_end].iter().map(height).sum();
    let b = cells.get(row_end).map_or(0, height);
    let sum = a + b;
    match verdict {
        Verdict::Captured => t.opok.diagram_captured(a, b, sum, row),
        Verdict::NotStronger => t.opok.diagram_not_stronger(a, b, sum, row),
        Verdict::OnlyNeighbours => t.opok.diagram_neighbours(a, b, sum, row),
        Verdict::Gap => t.opok.diagram_gap().to_string(),
        Verdict::OutOfLine => t.opok.diagram_out_of_line().to_string(),
    }
}

fn diagram(t: &'static Texts, cells: &[Cell], vertical: bool, verdict: Verdict) -> Html {
    let captured = verdict == Verdict::Captured;
    let view = cells.iter().enumerate().map(|(i, cell)| {
        let (class, mark, h) = match cell {
            Cell::Mover(h) => ("circles", "○", *h),
            Cell::Defender(h) => ("squares", "□", *h),
            Cell::Gap => ("", "", 0),
        };
        let taken = captured && matches!(cell, Cell::Defender(_));
        html! {
            <span class={classes!("diagram-cell", (i == 0).then_some("landed"), taken.then_some("taken"))}>
                if h > 0 {
                    <span class={classes!("stack", class)} aria-hidden="true"><span class="height">{ h }</span></span>
                    <span class="visually-hidden">{ format!("{mark}{h}") }</span>
                }
            </span>
        }
    });
    // The out-of-line example: the far circles stack sits diagonally.
    let offset = (verdict == Verdict::OutOfLine).then(|| html! {
        <span class="diagram-cell offset">
            <span class="stack circles" aria-hidden="true"><span class="height">{ "3" }</span></span>
            <span class="visually-hidden">{ "○3" }</span>
        </span>
    });
    let text: String = cells
        .iter()
        .map(|c| match c {
            Cell::Mover(h) => format!("○{h}"),
            Cell::Defender(h) => format!("□{h}"),
            Cell::Gap => "·".into(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    html! {
        <li class={classes!("diagram", captured.then_some("is-captured"))}>
            <div class={classes!("diagram-row", vertical.then_some("vertical"))} role="img" aria-label={text.clone()}>
                { for view }{ for offset }
            </div>
            <p>
                <strong>{ if captured { t.opok.verdict_captured() } else { t.opok.verdict_safe() } }</strong>
                { format!(" ({text}). {}", explain(t, cells, verdict)) }
            </p>
        </li>
    }
}

/// The rules page.
#[function_component(OpokRules)]
pub fn opok_rules() -> Html {
    let t = use_texts();
    let section =
        |title: &'static str, body: Html| html! { <section><h2>{ title }</h2>{ body }</section> };
    let interpretation = |text: &'static str| {
        html! { <div class="interpretation"><strong>{ t.common.interpretation() }</strong><p>{ text }</p></div> }
    };
    html! {
        <article class="rules opok-rules">
            <h1 tabindex="-1">{ t.opok.rules_title() }</h1>
            <p>{ t.opok_rules().rules_intro() }</p>
            { interpretation(t.opok_rules().rules_source_note()) }
            { section(t.opok_rules().rules_setup_title(), html! { <p>{ t.opok_rules().rules_setup() }</p> }) }
            { section(t.opok_rules().rules_moves_title(), html! { <>
                <p>{ t.opok_rules().rules_moves() }</p>
                <p>{ t.opok_rules().rules_walk() }</p>
                <p class="example">{ t.opok_rules().rules_parity() }</p>
            </> }) }
            { section(t.opok_rules().rules_capture_title(), html! { <>
                <p>{ t.opok_rules().rules_capture() }</p>
                { interpretation(t.opok_rules().rules_capture_landing()) }
                <p>{ t.opok_rules().rules_corner() }</p>
            </> }) }
            { section(t.opok_rules().rules_end_title(), html! { <p>{ t.opok_rules().rules_end() }</p> }) }
            { section(t.opok_rules().rules_notation_title(), html! { <><p>{ t.opok_rules().rules_notation() }</p><p>{ t.common.notation_wide() }</p></> }) }
            <section>
                <h2>{ t.opok.diagrams_title() }</h2>
                <p>{ t.opok.diagrams_intro() }</p>
                <ul class="diagrams" data-testid="diagrams">
                    { for DIAGRAMS.iter().map(|(cells, vertical, verdict)| diagram(t, cells, *vertical, *verdict)) }
                </ul>
            </section>
            <p><a class="button primary" href="#/opok">{ t.common.play() }</a></p>
        </article>
    }
}
