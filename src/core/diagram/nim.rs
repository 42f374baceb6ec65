//! Take-away diagrams (Nim and the other rules): one row per heap, the
//! heap's tokens as counters in lines of ten grouped by five (a few
//! counters and an ellipsis for heaps above [`TOKEN_LIMIT`]), its size at
//! the end of the row, the heap numbers on the left with the coordinates,
//! each heap's rule beside it with a legend. The last move's tokens are
//! dashed outlines where they were, and its amount is written after the
//! size. Move numbers have no meaning here.
//!
//! ```
//! use mind_sports_core::diagram::{nim, Options};
//! use mind_sports_core::engine::nim::{parse_position, Move};
//!
//! let start = parse_position("nim:3 nim:4 nim:5").unwrap();
//! let options = Options { last_move: true, ..Options::default() };
//! let svg = nim::game_svg(&start, &[Move { heap: 2, take: 2 }], &options).unwrap();
//! assert_eq!(svg.matches("class=\"taken\"").count(), 2);
//! ```

use crate::engine::nim::{Move, Position, Rule};

use super::svg::{text_width, Svg};
use super::{IllegalMove, Options, Theme, MARGIN};

/// Heaps up to this size are drawn token by token.
pub const TOKEN_LIMIT: u64 = 30;
/// The tokens drawn of a larger heap, before the ellipsis.
const BIG_SHOWN: i32 = 5;
/// A token's radius in drawing units.
const TOKEN: i32 = 34;
/// From one token's centre to the next.
const PITCH: i32 = 84;
/// Between the columns.
const GAP: i32 = 24;
/// The font of the sizes.
const SIZE_FONT: i32 = 42;
/// The font of the rules.
const RULE_FONT: i32 = 32;
/// The longest rule name drawn, in characters.
const RULE_CHARS: usize = 40;

/// What a diagram draws: the heaps, the last move if known, normal or
/// misère play, and the rules' names.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagram {
    /// The position drawn.
    pub position: Position,
    /// The move that led to it, if known.
    pub last_move: Option<Move>,
    /// Misère play (for the legend).
    pub misere: bool,
    /// The name written beside each heap when there is a legend: English
    /// from [`rule_name`] unless replaced (a page passes its language's);
    /// heaps without a name here get the English one.
    pub rule_names: Vec<String>,
}

impl Diagram {
    /// The diagram of `position` alone, normal play.
    pub fn new(position: Position) -> Diagram {
        let rule_names = position
            .heaps()
            .iter()
            .map(|h| rule_name(&h.rule))
            .collect();
        Diagram {
            position,
            last_move: None,
            misere: false,
            rule_names,
        }
    }

    /// The diagram after playing `moves` from `start`, each move checked.
    pub fn from_game(start: Position, moves: &[Move]) -> Result<Diagram, IllegalMove> {
        let position = super::replay(
            start,
            moves,
            |mv| mv.to_string(),
            |p, mv| p.try_play(mv).ok(),
        )?;
        Ok(Diagram {
            last_move: moves.last().copied(),
            ..Diagram::new(position)
        })
    }
}

// `svg` (normal play) and `game_svg` (the last move; take-away diagrams
// have no move numbers).
super::diagram_functions!(Position, Move);

/// A rule's English name: `Nim`, `Subtraction {1, 2, 3}`…
pub fn rule_name(rule: &Rule) -> String {
    match rule {
        Rule::Nim => "Nim".into(),
        Rule::Dim => "Dim".into(),
        Rule::Aliquot => "Aliquot".into(),
        Rule::EvenOdd => "Even/Odd".into(),
        Rule::Half => "Half".into(),
        Rule::Subtraction(set) => format!(
            "Subtraction {{{}}}",
            set.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The English legend line: normal or misère play, as
/// [`Legend::Auto`](super::Legend::Auto) writes it.
pub fn legend(misere: bool) -> String {
    if misere {
        "Misère play: whoever makes the last move loses".into()
    } else {
        "Normal play: whoever cannot move loses".into()
    }
}

fn auto_title(diagram: &Diagram, options: &Options) -> String {
    let heaps: Vec<String> = diagram
        .position
        .heaps()
        .iter()
        .map(|h| format!("{} ({})", h.size, rule_name(&h.rule)))
        .collect();
    let mut title = format!(
        "Take-away game, {} play, heaps: {}",
        if diagram.misere { "misère" } else { "normal" },
        crate::engine::text::excerpt(&heaps.join(", "), 150)
    );
    if let Some(mv) = diagram.last_move.filter(|_| options.last_move) {
        title += &format!(" · last move: {} taken from heap {}", mv.take, mv.heap + 1);
    }
    title
}

/// The colours of one theme.
struct Colors {
    token: (&'static str, &'static str),
    tray: Option<&'static str>,
    mark: &'static str,
    text: &'static str,
    rule: &'static str,
}

fn colors(theme: Theme) -> Colors {
    match theme {
        Theme::Light => Colors {
            token: ("#e2a93b", "#8a5a0b"),
            tray: Some("#f4ecd9"),
            mark: "#b4410b",
            text: "#222222",
            rule: "#555555",
        },
        Theme::Print => Colors {
            token: ("#ffffff", "#000000"),
            tray: None,
            mark: "#000000",
            text: "#000000",
            rule: "#000000",
        },
    }
}

/// How one heap is drawn.
struct HeapPlan {
    size: u64,
    /// Taken by the last move (shown).
    taken: u64,
    /// Drawn token by token (else a few and an ellipsis).
    tokens: bool,
    /// Token places used (tokens and the last move's outlines; a big
    /// heap's few tokens and ellipsis).
    places: i32,
    /// The size column's text.
    size_text: String,
    /// What the last move took, written after the size.
    taken_text: Option<String>,
}

impl HeapPlan {
    /// A heap of `size` tokens after the last move took `taken` from it.
    /// Whether it is drawn token by token counts the taken ones too, so a
    /// big heap that shrank is drawn as before the move.
    fn new(size: u64, taken: u64) -> HeapPlan {
        let tokens = size.saturating_add(taken) <= TOKEN_LIMIT;
        HeapPlan {
            size,
            taken,
            tokens,
            places: if tokens {
                i32::try_from(size + taken).unwrap_or(0)
            } else {
                BIG_SHOWN + 3
            },
            size_text: size.to_string(),
            taken_text: (taken > 0).then(|| format!("(−{taken})")),
        }
    }

    /// Lines of tokens (at least one, for an empty heap's tray).
    fn lines(&self) -> i32 {
        ((self.places + PER_LINE - 1) / PER_LINE).max(1)
    }

    /// The heap's height in the drawing.
    fn height(&self) -> i32 {
        self.lines() * PITCH + 2 * TRAY_PAD
    }
}

/// Tokens on one line of a heap: ten, in two groups of five (easy to
/// count, as on an abacus).
const PER_LINE: i32 = 10;
/// Tokens in a group.
const GROUP: i32 = 5;
/// The extra space between two groups.
const GROUP_GAP: i32 = 24;
/// Between a heap's tray and its tokens.
const TRAY_PAD: i32 = 8;
/// Between two heaps.
const HEAP_GAP: i32 = 14;

/// The document: the heaps' rows one under the other, then the legend.
fn draw(diagram: &Diagram, options: &Options) -> String {
    let c = colors(options.theme);
    let plans = plan_heaps(diagram, options);
    let rules = (options.legend != super::Legend::None).then(|| rule_texts(diagram));
    let layout = Layout::new(&plans, rules.as_deref(), options.coords);
    let lines = super::legend_lines(&options.legend, || vec![legend(diagram.misere)]);
    let height = MARGIN + layout.heaps_height.max(0) + super::legend_height(&lines) + MARGIN;
    let title = super::title_text(options, || auto_title(diagram, options));
    let mut svg = Svg::new(layout.width, height, options.size_px, &title);

    let mut top = MARGIN;
    for (i, plan) in plans.iter().enumerate() {
        let rule = rules.as_ref().map(|r| r[i].as_str());
        layout.draw_heap(&mut svg, &c, plan, top, i + 1, rule);
        top += plan.height() + HEAP_GAP;
    }

    super::draw_legend(
        &mut svg,
        &lines,
        layout.width / 2,
        MARGIN + layout.heaps_height,
        layout.width - 2 * MARGIN,
        c.text,
    );
    svg.finish()
}

/// How each heap is drawn: the last move's tokens are added back to the
/// heap it took from (when it is shown and names a heap of the position).
fn plan_heaps(diagram: &Diagram, options: &Options) -> Vec<HeapPlan> {
    let heaps = diagram.position.heaps();
    let last = diagram
        .last_move
        .filter(|m| options.last_move && m.heap < heaps.len() && m.take > 0);
    heaps
        .iter()
        .enumerate()
        .map(|(i, heap)| {
            let taken = last.filter(|m| m.heap == i).map_or(0, |m| m.take);
            HeapPlan::new(heap.size, taken)
        })
        .collect()
}

/// Each heap's rule as written beside it: the diagram's name for it (the
/// English one when it has none), cut to [`RULE_CHARS`].
fn rule_texts(diagram: &Diagram) -> Vec<String> {
    diagram
        .position
        .heaps()
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let name = diagram
                .rule_names
                .get(i)
                .cloned()
                .unwrap_or_else(|| rule_name(&h.rule));
            crate::engine::text::excerpt(&name, RULE_CHARS)
        })
        .collect()
}

/// Where the columns stand (heap numbers, rules, tokens, sizes), from
/// left to right, and the drawing's width.
struct Layout {
    /// The heap numbers' band (0 without coordinates).
    band: i32,
    coords: bool,
    x_rules: i32,
    x_tokens: i32,
    x_sizes: i32,
    /// The trays' width.
    tokens_width: i32,
    /// The space between a line's two groups (none on one group).
    group_gap: i32,
    width: i32,
    /// The heaps' height, without the margins and the legend.
    heaps_height: i32,
}

impl Layout {
    /// The columns wide enough for the widest rule (`rules`, when written),
    /// the longest line of tokens and the widest size with its amount taken.
    fn new(plans: &[HeapPlan], rules: Option<&[String]>, coords: bool) -> Layout {
        let band = if coords { super::COORD_BAND } else { 0 };
        let rule_width = rules.map_or(0, |rules| {
            rules
                .iter()
                .map(|t| text_width(t, RULE_FONT))
                .max()
                .unwrap_or(0)
                + GAP
        });
        let columns = plans
            .iter()
            .map(|p| p.places)
            .max()
            .unwrap_or(0)
            .clamp(GROUP, PER_LINE);
        let group_gap = if columns > GROUP { GROUP_GAP } else { 0 };
        let tokens_width = columns * PITCH + group_gap + 2 * TRAY_PAD;
        let size_width = plans
            .iter()
            .map(|p| {
                let taken = p
                    .taken_text
                    .as_ref()
                    .map_or(0, |t| GAP / 2 + text_width(t, SIZE_FONT));
                text_width(&p.size_text, SIZE_FONT) + taken
            })
            .max()
            .unwrap_or(0);
        let x_rules = MARGIN + band;
        let x_tokens = x_rules + rule_width;
        let x_sizes = x_tokens + tokens_width + GAP;
        Layout {
            band,
            coords,
            x_rules,
            x_tokens,
            x_sizes,
            tokens_width,
            group_gap,
            width: x_sizes + size_width + MARGIN,
            heaps_height: plans.iter().map(|p| p.height() + HEAP_GAP).sum::<i32>() - HEAP_GAP,
        }
    }

    /// One heap's row from `top` down: its `number` (with the
    /// coordinates) and `rule` (when written), its tray and tokens, its size.
    fn draw_heap(
        &self,
        svg: &mut Svg,
        c: &Colors,
        plan: &HeapPlan,
        top: i32,
        number: usize,
        rule: Option<&str>,
    ) {
        let cy = top + plan.height() / 2;
        if self.coords {
            svg.text(
                MARGIN + self.band / 2,
                cy,
                super::COORD_FONT,
                c.text,
                false,
                &number.to_string(),
            );
        }
        if let Some(rule) = rule {
            svg.text_anchored(self.x_rules, cy, RULE_FONT, c.rule, false, "start", rule);
        }
        self.draw_tokens(svg, c, plan, top);
        svg.text_anchored(
            self.x_sizes,
            cy,
            SIZE_FONT,
            c.text,
            true,
            "start",
            &plan.size_text,
        );
        if let Some(taken) = &plan.taken_text {
            let x = self.x_sizes + text_width(&plan.size_text, SIZE_FONT) + GAP / 2;
            svg.text_anchored(x, cy, SIZE_FONT, c.mark, false, "start", taken);
        }
    }

    /// A heap's tray (when the theme has one) and its tokens: every token
    /// and the last move's outlines, or a big heap's few and an ellipsis.
    fn draw_tokens(&self, svg: &mut Svg, c: &Colors, plan: &HeapPlan, top: i32) {
        if let Some(tray) = c.tray {
            svg.tag("rect")
                .num("x", self.x_tokens)
                .num("y", top)
                .num("width", self.tokens_width)
                .num("height", plan.height())
                .num("rx", PITCH / 2 + TRAY_PAD)
                .attr("fill", tray)
                .end();
        }
        // The centre of token place `j`: lines of ten, groups of five.
        let place = |j: i32| {
            let column = j % PER_LINE;
            let gap = if column >= GROUP { self.group_gap } else { 0 };
            (
                self.x_tokens + TRAY_PAD + column * PITCH + gap + PITCH / 2,
                top + TRAY_PAD + (j / PER_LINE) * PITCH + PITCH / 2,
            )
        };
        let (shown, outlined) = if plan.tokens {
            (
                i32::try_from(plan.size).unwrap_or(0),
                i32::try_from(plan.taken).unwrap_or(0),
            )
        } else {
            (BIG_SHOWN, 0)
        };
        for j in 0..shown {
            let (x, y) = place(j);
            svg.tag("circle")
                .num("cx", x)
                .num("cy", y)
                .num("r", TOKEN)
                .attr("fill", c.token.0)
                .attr("stroke", c.token.1)
                .num("stroke-width", 4)
                .attr("class", "token")
                .end();
        }
        for j in shown..shown + outlined {
            let (x, y) = place(j);
            svg.tag("circle")
                .num("cx", x)
                .num("cy", y)
                .num("r", TOKEN)
                .attr("fill", "none")
                .attr("stroke", c.mark)
                .num("stroke-width", 4)
                .attr("stroke-dasharray", "8 6")
                .attr("class", "taken")
                .end();
        }
        if !plan.tokens {
            // The rest of a big heap: an ellipsis.
            let (x, y) = place(BIG_SHOWN);
            for dot in 0..3 {
                svg.tag("circle")
                    .num("cx", x + dot * 40)
                    .num("cy", y)
                    .num("r", 8)
                    .attr("fill", c.text)
                    .end();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::testing::{count_class, elements, texts};
    use crate::diagram::Legend;
    use crate::engine::nim::parse_position;

    #[test]
    fn small_heaps_are_counters_and_big_ones_numbers() {
        let p = parse_position("nim:11 nim:5 nim:12 nim:20").unwrap();
        let e = elements(&svg(&p, &Options::default()));
        assert_eq!(count_class(&e, "token"), 48);
        assert_eq!(texts(&e), ["11", "5", "12", "20"]);
        let p = parse_position("nim:31 half:1000000 nim:0").unwrap();
        let e = elements(&svg(&p, &Options::default()));
        assert_eq!(count_class(&e, "token"), 2 * BIG_SHOWN as usize);
        assert_eq!(texts(&e), ["31", "1000000", "0"]);
        let p = parse_position(&format!("nim:{}", u64::MAX)).unwrap();
        elements(&svg(&p, &Options::default()));
    }

    #[test]
    fn heap_numbers_and_rules_only_when_asked() {
        let p = parse_position("nim:3 sub{1,2,3}:4 evenodd:5").unwrap();
        let options = Options {
            coords: true,
            legend: Legend::Auto,
            ..Options::default()
        };
        let e = elements(&svg(&p, &options));
        let t = texts(&e);
        for label in [
            "1",
            "2",
            "3",
            "Nim",
            "Subtraction {1, 2, 3}",
            "Even/Odd",
            "Normal play: whoever cannot move loses",
        ] {
            assert!(t.contains(&label), "{label}: {t:?}");
        }
        let mut d = Diagram::new(p);
        d.misere = true;
        d.rule_names = vec!["Nim <cz>".into()];
        let e = elements(&d.svg(&options));
        let t = texts(&e);
        assert!(t.contains(&"Nim <cz>") && t.contains(&"Even/Odd"));
        assert!(t.contains(&"Misère play: whoever makes the last move loses"));
    }

    #[test]
    fn the_last_move_shows_the_tokens_taken() {
        let start = parse_position("nim:3 nim:4 nim:40").unwrap();
        let moves = [Move { heap: 1, take: 3 }];
        let options = Options {
            last_move: true,
            ..Options::default()
        };
        let e = elements(&game_svg(&start, &moves, &options).unwrap());
        assert_eq!(count_class(&e, "taken"), 3);
        assert_eq!(count_class(&e, "token"), 3 + 1 + BIG_SHOWN as usize);
        assert!(texts(&e).contains(&"(−3)"));
        // A big heap: the amount only.
        let moves = [Move { heap: 2, take: 12 }];
        let e = elements(&game_svg(&start, &moves, &options).unwrap());
        assert_eq!(count_class(&e, "taken"), 0);
        assert!(texts(&e).contains(&"28") && texts(&e).contains(&"(−12)"));
        // A heap of 20 that had 40: still a big one, drawn the same way.
        let e = elements(&game_svg(&start, &[Move { heap: 2, take: 20 }], &options).unwrap());
        assert_eq!(count_class(&e, "taken"), 0);
        // Not asked: not drawn.
        let e = elements(&game_svg(&start, &moves, &Options::default()).unwrap());
        assert_eq!(count_class(&e, "taken"), 0);
        assert!(!texts(&e).contains(&"(−12)"));
    }

    #[test]
    fn illegal_moves_are_named() {
        let start = parse_position("nim:3 half:4").unwrap();
        assert_eq!(
            Diagram::from_game(start.clone(), &[Move { heap: 1, take: 3 }]),
            Err(IllegalMove {
                number: 1,
                text: "2:3".into()
            })
        );
        assert_eq!(
            Diagram::from_game(
                start,
                &[Move { heap: 0, take: 1 }, Move { heap: 5, take: 1 }]
            )
            .unwrap_err()
            .number,
            2
        );
    }

    #[test]
    fn every_heap_count_makes_a_diagram() {
        for count in [1, 2, 7, crate::engine::nim::MAX_HEAPS] {
            let sizes: Vec<u64> = (0..count as u64).map(|i| i % 35).collect();
            let p = Position::nim(&sizes).unwrap();
            for theme in Theme::ALL {
                let options = Options {
                    theme,
                    coords: true,
                    legend: Legend::Auto,
                    last_move: true,
                    ..Options::default()
                };
                let e = elements(&svg(&p, &options));
                assert_eq!(e[0].name, "svg");
                assert!(e[1]
                    .text
                    .starts_with("Take-away game, normal play, heaps: 0 (Nim)"));
            }
        }
    }
}
