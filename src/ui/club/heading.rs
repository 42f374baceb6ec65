//! The tournament's heading, on the page and in print: its name (else
//! "Club tournament"), where and when it is played (the date in the
//! reader's language), and what it is: the game and board, the format,
//! the rounds and the players.

use yew::prelude::*;

use crate::club::date::Date;
use crate::club::tournament::{Format, Tournament};
use crate::i18n::Texts;

/// The tournament's game, by name (Othello with its board).
pub fn game_name(t: &'static Texts, current: &Tournament) -> String {
    match current.game.as_str() {
        "othello" => format!("{} {n}×{n}", t.othello.name(), n = current.size),
        "opok" => t.opok.name().to_string(),
        _ => t.nim.name().to_string(),
    }
}

/// A format, by name.
pub fn format_name(t: &'static Texts, format: Format) -> &'static str {
    match format {
        Format::Swiss => t.club().swiss(),
        Format::RoundRobin => t.club().round_robin(),
        Format::DoubleRoundRobin => t.club().double_round_robin(),
    }
}

/// `date` as the reader's language writes it ("14 March 2027",
/// "14. března 2027"), by the browser's calendar formats.
pub fn date_text(t: &'static Texts, date: Date) -> String {
    let day = js_sys::Date::new_with_year_month_day(
        u32::from(date.year),
        i32::from(date.month) - 1,
        i32::from(date.day),
    );
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"long".into());
    String::from(day.to_locale_date_string(t.lang().code(), &options))
}

/// The tournament's name, or the page's title when it has none.
pub fn title(t: &'static Texts, current: &Tournament) -> String {
    current
        .name
        .clone()
        .unwrap_or_else(|| t.club().title().to_string())
}

/// The heading of a tournament under way.
pub fn heading(t: &'static Texts, current: &Tournament) -> Html {
    let event: Vec<String> = current
        .place
        .iter()
        .cloned()
        .chain(current.date.map(|d| date_text(t, d)))
        .collect();
    let summary = [
        game_name(t, current),
        format_name(t, current.format).to_string(),
        t.club().rounds_count(u64::from(current.rounds)),
        t.club().players_count(current.players.len() as u64),
    ];
    html! {
        <header class="club-heading">
            <h1 tabindex="-1" data-testid="club-title">{ title(t, current) }</h1>
            if !event.is_empty() {
                <p class="club-event" data-testid="club-event">{ event.join(" · ") }</p>
            }
            <p class="club-summary" data-testid="club-summary">{ summary.join(" · ") }</p>
        </header>
    }
}
