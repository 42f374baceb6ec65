//! What the Opok page plugs into the shell: the worker job it asks for,
//! the worker events it reads and its score line.

use crate::diagram::{self, Options};
use crate::engine::opok::{Geometry, Position, Side};
use crate::engine::strength::Level;
use crate::i18n::Texts;
use crate::session::core::{Action, GameSession, SearchJob, SessionGame};
use crate::session::opok::{Opok, OpokAnnouncement, OpokJob};
use crate::worker::protocol::{Answer, Event, Job, Report};

use super::super::shell::scores::ScoreItem;
use super::super::shell::PageGame;

/// How long the engine analyses a position of an `analyse` frame, in
/// milliseconds (its depths are shown as they complete).
const ANALYSIS_MS: f64 = 3000.0;

impl PageGame for Opok {
    fn online_board(
        session: &GameSession<Opok>,
        on_action: yew::Callback<Action<Opok>>,
        mine: bool,
    ) -> yew::Html {
        yew::html! { <super::page::OnlineBoard session={session.clone()} {on_action} {mine} /> }
    }

    const SAVE_KEY: &'static str = "mind-sports.opok.game";
    const ROUTE: &'static str = "opok";

    fn job(session: &GameSession<Opok>, job: OpokJob, position: &Position, seed: u64) -> Job {
        let (level, think_ms, clock_ms) = match job {
            SearchJob::Play => (
                Opok::player(&session.settings, position.side_to_move()).level(),
                f64::from(session.settings.think_ms),
                session.computer_time_ms(),
            ),
            SearchJob::Analyse(()) => (Level::MAX, ANALYSIS_MS, None),
        };
        Job::Opok {
            position: *position,
            level,
            think_ms,
            clock_ms,
            seed,
        }
    }

    fn action(id: u64, event: Event) -> Option<Action<Opok>> {
        match event {
            Event::Progress(Report::Opok(progress)) => Some(Action::Progress(id, progress)),
            Event::Done(Answer::Opok(choice)) => Some(Action::Finished(id, choice)),
            _ => None,
        }
    }

    fn side_class(side: Side) -> &'static str {
        side.name()
    }

    fn context(session: &GameSession<Opok>) -> Geometry {
        session.settings.geometry
    }

    fn scores(t: &Texts, session: &GameSession<Opok>) -> Vec<ScoreItem> {
        let p = session.position();
        let to_move = (!p.is_over()).then(|| p.side_to_move());
        [
            (Side::Circles, t.opok.circles()),
            (Side::Squares, t.opok.squares()),
        ]
        .into_iter()
        .map(|(side, name)| ScoreItem {
            side: side.name(),
            piece: "stack",
            name,
            count: p.score(side),
            to_move: to_move == Some(side),
        })
        .collect()
    }

    fn score(session: &GameSession<Opok>) -> Option<OpokAnnouncement> {
        let p = session.position();
        Some(OpokAnnouncement::Score {
            circles: p.score(Side::Circles),
            squares: p.score(Side::Squares),
            to_move: (!p.is_over()).then(|| p.side_to_move()),
        })
    }

    fn game_name(t: &Texts) -> &'static str {
        t.opok.name()
    }

    fn diagram(_t: &Texts, session: &GameSession<Opok>, options: &Options) -> String {
        // The record's moves are legal: never empty.
        diagram::opok::game_svg(&session.record.start(), session.record.played(), options)
            .unwrap_or_default()
    }
}
