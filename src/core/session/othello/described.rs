//! Othello described by its [`Start`]: its size, variant and board.

use super::{Othello, OthelloAction, Settings};
use crate::engine::othello;
use crate::session::core::Action;
use crate::session::described::{Described, MovesRefused, Start};
use crate::session::player::Player;

impl Described for Othello {
    fn setup(start: &Start) -> Option<(Self::Settings, Self::Position)> {
        let Start::Othello {
            size,
            variant,
            board,
        } = start
        else {
            return None;
        };
        let first =
            board.unwrap_or_else(|| othello::Position::start(othello::Rules::new(*size, *variant)));
        let settings = Settings {
            rules: first.rules(),
            ..Default::default()
        };
        Some((settings, first))
    }

    /// Every legal move's score, as the page's hints show them.
    fn analysis(on: bool) -> Vec<Action<Self>> {
        vec![Action::Game(OthelloAction::SetHintMode(on))]
    }

    fn seat(settings: &mut Self::Settings, [black, white]: [Player; 2]) {
        settings.black = black;
        settings.white = white;
    }

    fn winner(outcome: &Self::Outcome) -> Option<Self::Side> {
        outcome.winner
    }

    fn score(outcome: &Self::Outcome) -> Option<String> {
        Some(format!("{}-{}", outcome.black, outcome.white))
    }

    fn start_of(settings: &Self::Settings, first: &Self::Position) -> Start {
        let rules = settings.rules;
        Start::Othello {
            size: rules.size,
            variant: rules.variant,
            board: (*first != othello::Position::start(rules)).then_some(*first),
        }
    }

    fn moves_refused(error: Self::RecordError) -> MovesRefused {
        MovesRefused::Othello(error)
    }
}
