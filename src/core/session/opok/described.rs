//! Opok described by its [`Start`]: its board and position.

use super::{Opok, OpokAction, Settings};
use crate::session::core::Action;
use crate::session::described::{Described, MovesRefused, Start};
use crate::session::player::Player;

impl Described for Opok {
    fn setup(start: &Start) -> Option<(Self::Settings, Self::Position)> {
        let Start::Opok { size, position } = start else {
            return None;
        };
        let first = position.unwrap_or_else(|| crate::engine::opok::Position::start(*size));
        let settings = Settings {
            geometry: first.geometry(),
            ..Default::default()
        };
        Some((settings, first))
    }

    /// The engine's best line and score, its best move marked.
    fn analysis(on: bool) -> Vec<Action<Self>> {
        vec![Action::Game(OpokAction::Analyse(on))]
    }

    fn seat(settings: &mut Self::Settings, [circles, squares]: [Player; 2]) {
        settings.circles = circles;
        settings.squares = squares;
    }

    fn winner(outcome: &Self::Outcome) -> Option<Self::Side> {
        outcome.winner
    }

    fn score(outcome: &Self::Outcome) -> Option<String> {
        Some(format!("{}-{}", outcome.circles, outcome.squares))
    }

    fn start_of(_settings: &Self::Settings, first: &Self::Position) -> Start {
        let size = first.geometry();
        let usual = crate::engine::opok::Position::start(size);
        Start::Opok {
            size,
            position: (*first != usual).then_some(*first),
        }
    }

    fn moves_refused(error: Self::RecordError) -> MovesRefused {
        MovesRefused::Opok(error)
    }
}
