//! Playing whole games between players, for strength measurements: results
//! as wins, draws and losses with the average margin and its error bar.

use crate::engine::game::{Game, Score};

/// Someone who chooses a move in a position.
pub type PlayerFn<'a, G> = Box<dyn FnMut(&G) -> <G as Game>::Move + 'a>;

/// The tally of a match, from the first player's side.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    margin_sum: f64,
    margin_square_sum: f64,
}

impl Tally {
    /// Records one game's final score (from the first player's side).
    pub fn add(&mut self, margin: Score) {
        match margin.signum() {
            1 => self.wins += 1,
            -1 => self.losses += 1,
            _ => self.draws += 1,
        }
        let m = f64::from(margin);
        self.margin_sum += m;
        self.margin_square_sum += m * m;
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, a draw counting a half.
    pub fn score_rate(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// The mean final margin and the standard error of that mean.
    pub fn margin(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let mean = self.margin_sum / n;
        let variance = (self.margin_square_sum / n - mean * mean).max(0.0);
        (mean, (variance / n).sqrt())
    }
}

/// Plays one game from `start`; `first` moves when `first_moves_first`,
/// else `second` does. Returns the final score for `first`.
pub fn play_game<G: Game>(
    start: &G,
    first: &mut PlayerFn<G>,
    second: &mut PlayerFn<G>,
    first_moves_first: bool,
) -> Score {
    play_recorded_game(start, first, second, first_moves_first).0
}

/// [`play_game`], with the game's moves from `start` (forced moves and
/// passes included): the game's record.
pub fn play_recorded_game<G: Game>(
    start: &G,
    first: &mut PlayerFn<G>,
    second: &mut PlayerFn<G>,
    first_moves_first: bool,
) -> (Score, Vec<G::Move>) {
    let mut position = start.clone();
    let mut first_to_move = first_moves_first;
    let mut moves = Vec::new();
    let mut record = Vec::new();
    loop {
        moves.clear();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            let score = position.final_score();
            return (if first_to_move { score } else { -score }, record);
        }
        let mv = if moves.len() == 1 {
            moves[0]
        } else if first_to_move {
            first(&position)
        } else {
            second(&position)
        };
        record.push(mv);
        position = position.play(mv);
        first_to_move = !first_to_move;
    }
}
