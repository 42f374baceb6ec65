//! A take-away game described by its [`Start`]: its heaps and misère.

use super::{Mover, Nim, NimOutcome, Settings};
use crate::session::described::{Described, MovesRefused, Start};
use crate::session::player::Player;

impl Described for Nim {
    fn setup(start: &Start) -> Option<(Self::Settings, Self::Position)> {
        let Start::Nim { heaps, misere, .. } = start else {
            return None;
        };
        let settings = Settings {
            start: heaps.clone(),
            misere: *misere,
            ..Default::default()
        };
        Some((settings, heaps.clone()))
    }

    fn seat(settings: &mut Self::Settings, [first, second]: [Player; 2]) {
        settings.first = first;
        settings.second = second;
    }

    fn winner(outcome: &NimOutcome) -> Option<Mover> {
        Some(outcome.winner)
    }

    fn start_of(settings: &Self::Settings, first: &Self::Position) -> Start {
        // Bare sizes in `heaps` are Nim heaps; heaps of other rules name
        // their rule.
        Start::Nim {
            variant: crate::engine::nim::Rule::Nim,
            heaps: first.clone(),
            misere: settings.misere,
        }
    }

    fn moves_refused(error: Self::RecordError) -> MovesRefused {
        MovesRefused::Nim(error)
    }
}
