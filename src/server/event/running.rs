//! The organiser's result for a board whose online game is still played:
//! official results win, but not silently. Without the organiser's
//! confirmation (the page asks, naming the board and players) the result
//! is refused as [`Refusal::GameRunning`]; confirmed, the game ends as
//! decided by the organiser (both players and every watcher see it end)
//! before the result is stored. A game whose clock still waits for its
//! players ends so without a question: nobody is playing it.

use mind_sports_core::online::event::{BoardScore, Change, EventError, Refusal};
use mind_sports_core::online::room::{Action as GameAction, Status};
use mind_sports_core::online::rules::Score;

use super::service::{Events, Loaded};
use crate::service::Failure;

/// A tournament result as the game's ending: the side with more (discs,
/// or the point) wins; Othello's discs are the game's score.
pub fn room_score(othello: bool, [a, b]: [f64; 2]) -> Score {
    let winner = match a.partial_cmp(&b) {
        Some(std::cmp::Ordering::Greater) => Some(0),
        Some(std::cmp::Ordering::Less) => Some(1),
        _ => None,
    };
    Score {
        winner,
        points: othello.then_some([a as u32, b as u32]),
    }
}

impl Events {
    /// The change the organiser's result `entered` makes, its running game
    /// (if any) ended first as decided by the organiser, or why not.
    pub(super) async fn organiser_result(
        &self,
        loaded: &Loaded,
        entered: BoardScore,
    ) -> Result<Change, EventError> {
        let refused = |refusal| EventError::Refused { refusal };
        let change = loaded.state.decide_result(entered).map_err(refused)?;
        let game = loaded
            .state
            .board(entered.round, entered.board)
            .filter(|b| !b.at_table && !b.pairing.game.is_empty())
            .map(|b| b.pairing.game.clone());
        let Some(game) = game else {
            return Ok(change);
        };
        let room = self
            .service
            .entry(&game)
            .await
            .map_err(|_| EventError::Unavailable)?;
        let brief = self.service.view(&room).await.brief;
        let waiting = brief.status == Status::Playing
            && brief
                .clock
                .as_ref()
                .is_none_or(|clock| clock.running.is_none());
        if !matches!(brief.status, Status::Playing | Status::Completing { .. }) {
            return Ok(change);
        }
        // A game whose clock never started is ended without asking (its
        // players never played it); one being played only when confirmed.
        if !waiting && !entered.ends_game {
            return Err(refused(Refusal::GameRunning {
                round: entered.round,
                board: entered.board,
            }));
        }
        let score = room_score(loaded.state.base().is_othello(), entered.score);
        match self
            .service
            .act(&room, None, GameAction::Decide { score })
            .await
        {
            // Ended by itself meanwhile: the official result still wins
            // (its own ending is not recorded over it).
            Ok(()) | Err(Failure::Refused(_)) => Ok(change),
            Err(Failure::Api(_)) => Err(EventError::Unavailable),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_reads_as_the_game_s_ending() {
        let othello = room_score(true, [40.0, 24.0]);
        assert_eq!((othello.winner, othello.points), (Some(0), Some([40, 24])));
        assert_eq!(room_score(false, [0.0, 1.0]).winner, Some(1));
        let draw = room_score(false, [0.5, 0.5]);
        assert_eq!((draw.winner, draw.points), (None, None));
    }
}
