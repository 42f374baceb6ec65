//! What the take-away games page plugs into the shell: the worker jobs
//! it asks for (a move, a misère analysis) and the answers it reads.

use crate::engine::nim::Position;
use crate::session::core::{Action, GameSession};
use crate::session::nim::{Mover, Nim, NimAnswer, NimJob};
use crate::worker::protocol::{Answer, Event, Job};

use super::super::shell::PageGame;

impl PageGame for Nim {
    const SAVE_KEY: &'static str = "mind-sports.nim.game";
    const ROUTE: &'static str = "nim";
    const THINKS: bool = false;

    fn job(session: &GameSession<Nim>, job: NimJob, position: &Position, seed: u64) -> Job {
        let (position, misere) = (position.clone(), session.settings.misere);
        match job {
            NimJob::Move => Job::NimMove {
                position,
                misere,
                level: session.settings.player(session.side_to_move()).level(),
                seed,
            },
            NimJob::Analysis => Job::NimAnalysis { position, misere },
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
}
