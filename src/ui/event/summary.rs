//! The event in brief: its name, the game and its board, the time
//! control, the pairing system, the round and where the event stands.

use yew::prelude::*;

use crate::club::tournament::Format;
use crate::i18n::Texts;
use crate::online::event::{Stage, Summary};
use crate::online::setup::Timing;

use super::super::context::use_texts;
use super::super::online::mine::game_name;

/// Where the event stands, in words.
pub fn stage_text(t: &Texts, stage: Stage) -> &'static str {
    let e = t.event();
    match stage {
        Stage::Registering => e.stage_registering(),
        Stage::Playing => e.stage_playing(),
        Stage::BetweenRounds => e.stage_between(),
        Stage::Finished => e.stage_finished(),
    }
}

/// The game and its board (`Othello 4×4`).
pub fn game_text(t: &Texts, summary: &Summary) -> String {
    let name = game_name(t, summary.setup.game);
    let size = summary
        .setup
        .rules
        .split('&')
        .find_map(|pair| pair.strip_prefix("size="));
    match size {
        Some(size) => format!("{name} {size}×{size}"),
        None => name.to_string(),
    }
}

/// The time control as the online pages write it.
pub fn control_text(t: &Texts, timing: &Timing) -> String {
    match timing {
        Timing::Live { control, .. } => control.clone(),
        Timing::Correspondence { days } => t.online().days_a_move(u64::from(*days)),
    }
}

/// Props: the event in brief.
#[derive(Properties, PartialEq)]
pub struct SummaryProps {
    pub summary: Summary,
}

/// The event's heading and its facts.
#[function_component(SummaryView)]
pub fn summary_view(props: &SummaryProps) -> Html {
    let t = use_texts();
    let e = t.event();
    let s = &props.summary;
    let format = match s.format {
        Format::Swiss => e.swiss(),
        Format::RoundRobin | Format::DoubleRoundRobin => e.round_robin(),
    };
    let round = if s.round == 0 {
        e.no_rounds().to_string()
    } else {
        e.round_of(s.round, s.rounds)
    };
    let fact = |label: &str, value: String, id: &str| {
        html! {
            <div class="event-fact"><dt>{ label.to_string() }</dt><dd data-testid={format!("event-{id}")}>{ value }</dd></div>
        }
    };
    html! {
        <header class="event-summary" data-testid="event-summary">
            <h1 data-testid="event-name">{ s.name.clone().unwrap_or_else(|| t.common.event_title().to_string()) }</h1>
            <dl class="event-facts">
                { fact(e.game(), game_text(t, s), "game") }
                { fact(e.time_control(), control_text(t, &s.setup.timing), "control") }
                { fact(e.format(), format.to_string(), "format") }
                { fact(t.club().round_heading(), round, "round") }
                { fact(e.stage(), stage_text(t, s.stage).to_string(), "stage") }
                { fact(e.players(), e.players_count(s.players as u64), "players") }
                if let Some(club) = &s.club {
                    <div class="event-fact"><dt>{ t.club().club() }</dt><dd data-testid="event-club">
                        <a href={format!("#/clubs/{club}")}>{ s.club_name.clone().unwrap_or_else(|| club.clone()) }</a>
                    </dd></div>
                }
            </dl>
        </header>
    }
}
