//! What anyone with an event's id reads: its summary, players, rounds
//! (each board with its online game and where that game stands),
//! standings (the JSON of `engine standings`), the export in the club
//! manager's formats, and the live stream's message.

use mind_sports_core::club::standings::{self, standings};
use mind_sports_core::online::event::{EventMessage, PlayerLine, RoundView, Rounds, Summary};

use super::service::Events;
use super::state::{Round, State};

/// The event in brief.
pub fn summary(id: &str, state: &State) -> Summary {
    let base = state.base();
    Summary {
        event: id.to_string(),
        name: base.name.clone(),
        setup: state.setup().clone(),
        format: base.format,
        rounds: base.rounds,
        round: state.last_round(),
        stage: state.stage(),
        players: base.players.len(),
        start_limit_s: state.start_limit_ms() / 1000,
        registration: state.registration_open(),
        seq: state.changes(),
        club: state.club().map(str::to_string),
        club_name: state.club_name().map(str::to_string),
        at_tables: state.at_tables(),
    }
}

/// The players with their points.
pub fn players(state: &State) -> Vec<PlayerLine> {
    let t = state.tournament();
    let lines = standings(&t);
    t.players
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerLine {
            name: p.name.clone(),
            withdrawn_after: p.withdrawn_after,
            points: lines
                .iter()
                .find(|s| s.player == i)
                .map_or(0.0, |s| s.points),
        })
        .collect()
}

/// The standings as `engine standings --json` prints them.
pub fn standings_json(state: &State) -> serde_json::Value {
    let t = state.tournament();
    standings::standings_json(&t, &standings(&t))
}

impl Events {
    /// A round with each online game's state.
    pub async fn round_view(&self, state: &State, round: &Round) -> RoundView {
        let mut view = state.round_view(round);
        for board in &mut view.boards {
            let Some(game) = &board.game else { continue };
            if let Ok(room) = self.service.entry(game).await {
                board.state = Some(self.service.view(&room).await.brief.status);
            }
        }
        view
    }

    /// Every round published here; the games' states of the current one
    /// (the earlier rounds' games are over or no longer count, and are
    /// not read into memory again for them).
    pub async fn rounds(&self, state: &State) -> Rounds {
        let mut rounds: Vec<RoundView> =
            state.rounds().iter().map(|r| state.round_view(r)).collect();
        if let (Some(last), Some(current)) = (rounds.last_mut(), state.current()) {
            *last = self.round_view(state, current).await;
        }
        Rounds { rounds }
    }

    /// The live stream's message: the whole public event.
    pub async fn message(&self, id: &str, state: &State) -> EventMessage {
        let round = match state.current() {
            Some(round) => Some(self.round_view(state, round).await),
            None => None,
        };
        EventMessage::Event {
            summary: summary(id, state),
            round,
            standings: standings_json(state),
        }
    }
}
