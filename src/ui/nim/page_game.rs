//! What the take-away games page plugs into the shell: the worker jobs
//! it asks for (a move, a misère analysis) and the answers it reads.

use crate::diagram::nim::Diagram;
use crate::diagram::Options;
use crate::engine::nim::Position;
use crate::i18n::nim::{rule_name, winner_text};
use crate::i18n::Texts;
use crate::session::core::{Action, GameSession, SearchJob, SessionGame};
use crate::session::nim::{Mover, Nim, NimAnswer, NimJob};
use crate::worker::protocol::{Answer, Event, Job};
use yew::Callback;

use super::super::shell::PageGame;

impl PageGame for Nim {
    fn online_board(
        session: &GameSession<Nim>,
        on_action: Callback<Action<Nim>>,
        mine: bool,
    ) -> yew::Html {
        yew::html! {
            <super::heaps::Heaps position={session.position()} interactive={mine} highlight={Vec::new()}
                values={None::<Vec<u64>>} on_take={on_action.reform(Action::Play)} />
        }
    }

    const SAVE_KEY: &'static str = "mind-sports.nim.game";
    const ROUTE: &'static str = "nim";
    const THINKS: bool = false;
    const NUMBERED_DIAGRAMS: bool = false;

    fn job(session: &GameSession<Nim>, job: NimJob, position: &Position, seed: u64) -> Job {
        let (position, misere) = (position.clone(), session.settings.misere);
        match job {
            SearchJob::Play => Job::NimMove {
                position,
                misere,
                level: Nim::player(&session.settings, session.side_to_move()).level(),
                seed,
            },
            SearchJob::Analyse(()) => Job::NimAnalysis { position, misere },
        }
    }

    fn action(id: u64, event: Event) -> Option<Action<Nim>> {
        match event {
            Event::Done(Answer::NimMove(mv)) => Some(Action::Finished(id, NimAnswer::Move(mv))),
            Event::Done(Answer::NimAnalysis(result)) => {
                Some(Action::Finished(id, NimAnswer::Analysis(result)))
            }
            _ => None,
        }
    }

    fn side_class(mover: Mover) -> &'static str {
        mover.name()
    }

    fn context(_session: &GameSession<Nim>) {}

    fn game_name(t: &Texts) -> &'static str {
        t.nim.name()
    }

    /// The heaps, each with its rule's name in `t`'s words when there is a
    /// caption, which also says normal or misère play.
    fn diagram(t: &Texts, session: &GameSession<Nim>, options: &Options) -> String {
        // The record's moves are legal: never empty.
        let Ok(mut diagram) = Diagram::from_game(session.record.start(), session.record.played())
        else {
            return String::new();
        };
        diagram.misere = session.settings.misere;
        diagram.rule_names = diagram
            .position
            .heaps()
            .iter()
            .map(|heap| rule_name(t, &heap.rule))
            .collect();
        diagram.svg(options)
    }

    /// Normal or misère play, and the result once the game is over, by
    /// turn ("First player wins": a diagram is shown to others than the
    /// player, so never "You win").
    fn diagram_caption(t: &Texts, session: &GameSession<Nim>) -> Vec<String> {
        let convention = if session.settings.misere {
            t.nim.misere_play()
        } else {
            t.nim.normal_play()
        };
        let mut lines = vec![convention.to_string()];
        lines.extend(session.outcome().map(|o| winner_text(t, &o)));
        lines
    }
}
