//! An online game's facts in words, the same on every page that shows
//! them (the invitation, the game's page, the lobby, "My online games"):
//! the game and its rules, its time, who plays which side.

use crate::i18n::Texts;
use crate::online::setup::{GameKind, Setup, Timing};
use crate::session::clock::{Mode, TimeControl};

use super::mine::game_name;

/// Minutes as a person reads them (`5`, `0.5`, `0.25`): to the hundredth,
/// counted in integers (formatting a float would bring its printing code,
/// about 4 KB, into the module for this one text).
fn minutes_text(ms: u64) -> String {
    let hundredths = (ms + 300) / 600;
    let (whole, part) = (hundredths / 100, hundredths % 100);
    match part {
        0 => whole.to_string(),
        _ if part % 10 == 0 => format!("{whole}.{}", part / 10),
        _ => format!("{whole}.{part:02}"),
    }
}

/// A live time control in words: `5 min + 3 s (Fischer)`, `10/5 min`.
fn control_text(t: &Texts, control: &TimeControl) -> String {
    let o = t.online();
    let [first, second] = control.base_ms;
    let minutes = if first == second {
        minutes_text(first)
    } else {
        format!("{}/{}", minutes_text(first), minutes_text(second))
    };
    let seconds = control.extra_ms / 1000;
    match control.mode {
        Mode::SuddenDeath => format!("{} ({})", o.control_sudden(minutes), o.sudden_short()),
        Mode::Fischer => format!("{} ({})", o.control(minutes, seconds), o.fischer_short()),
        Mode::Bronstein => format!("{} ({})", o.control(minutes, seconds), o.bronstein_short()),
        Mode::Delay => format!("{} ({})", o.control(minutes, seconds), o.delay_short()),
    }
}

/// A game's time in words: the live control, or the days a move.
pub fn timing_text(t: &Texts, timing: &Timing) -> String {
    match timing {
        Timing::Live { control, .. } => timing
            .control()
            .map(|parsed| control_text(t, &parsed))
            .unwrap_or_else(|| control.clone()),
        Timing::Correspondence { days } => t.online().days_a_move(u64::from(*days)),
    }
}

/// A game's rules, shortly: Othello's board and variant, Opok's size, the
/// take-away game's start (as the link writes them).
pub fn rules_text(t: &Texts, rules: &str) -> String {
    rules
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .filter_map(|(key, value)| match (key, value) {
            ("size", _) => Some(format!("{value}×{value}")),
            ("misere", "0") | ("variant", "standard") => None,
            ("misere", _) => Some(t.nim.misere_play().into()),
            _ => Some(value.replace('+', " + ")),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game and its rules: `Othello 8×8`.
pub fn game_text(t: &Texts, setup: &Setup) -> String {
    let rules = rules_text(t, &setup.rules);
    let name = game_name(t, setup.game);
    if rules.is_empty() {
        name.to_string()
    } else {
        format!("{name} {rules}")
    }
}

/// The game and its time in one line: `Othello 8×8 · 5 min + 3 s (Fischer)`.
pub fn setup_line(t: &Texts, setup: &Setup) -> String {
    format!(
        "{} · {}",
        game_text(t, setup),
        timing_text(t, &setup.timing)
    )
}

/// The name of `kind`'s side `seat` (0 moves first).
pub fn side_of(t: &Texts, kind: GameKind, seat: u8) -> &'static str {
    let first = seat & 1 == 0;
    match kind {
        GameKind::Othello if first => t.othello.black(),
        GameKind::Othello => t.othello.white(),
        GameKind::Opok if first => t.opok.circles(),
        GameKind::Opok => t.opok.squares(),
        GameKind::Nim if first => t.nim.first_player(),
        GameKind::Nim => t.nim.second_player(),
    }
}
