//! The lessons played against the computer, move by move, as plain data
//! (tested natively; the page only draws them): an Othello endgame played
//! out, a corner to force, a take-away game.
//!
//! A lost game is not wiped away: it stays on the board, with why it was
//! lost, until the learner plays again from the lesson's position.

use crate::engine::nim;
use crate::engine::othello::puzzle::is_corner;
use crate::engine::othello::{Color, Move, Position, Square};

use super::lesson::Goal;
use super::opponent::{
    corner_keeping_move, corner_turn, perfect_move, perfect_take, play_out_result, play_out_turn,
    win_turn, Replier,
};

/// Why a game was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// The endgame ended short of the lesson's aim: the discs of each side
    /// (world scoring) and the lead the lesson asked for.
    Score {
        /// The learner's discs.
        mine: u32,
        /// The computer's discs.
        theirs: u32,
        /// The lead the lesson asked for (0: a draw was enough).
        needed: i32,
    },
    /// The move let the computer keep the learner out of the corners.
    CornerGivenUp,
    /// Normal play: the computer made the last move; the learner cannot move.
    CannotMove,
    /// Misère play: the learner made the last move, which loses.
    MadeLastMove,
}

/// What a learner's move led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn<M> {
    /// Not a legal move now (nothing changed).
    Illegal,
    /// The game goes on after the computer's replies (forced passes
    /// included), in order.
    Goes {
        /// The computer's replies.
        replies: Vec<M>,
    },
    /// The lesson is won.
    Won {
        /// The computer's replies before the end.
        replies: Vec<M>,
    },
    /// The game is lost; the final position stays on the board.
    Lost {
        /// The computer's replies before the end.
        replies: Vec<M>,
        /// Why.
        why: Loss,
    },
}

/// What an Othello lesson played out asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aim {
    /// Finish at least this many discs ahead.
    Lead(i32),
    /// Take a corner within this many of the learner's moves.
    Corner(u32),
}

/// An Othello lesson played against the computer: an endgame to play out
/// or a corner to force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OthelloGame {
    start: Position,
    now: Position,
    aim: Aim,
    /// Corner lessons: the learner's moves left.
    left: u32,
    over: Option<bool>,
}

impl OthelloGame {
    /// The game of a `play-out` or `corner` lesson from `start`; `None`
    /// for another goal.
    pub fn new(start: Position, goal: &Goal) -> Option<OthelloGame> {
        let aim = match *goal {
            Goal::PlayOut { at_least } => Aim::Lead(at_least),
            Goal::Corner { turns } => Aim::Corner(turns),
            _ => return None,
        };
        let left = match aim {
            Aim::Corner(turns) => turns,
            Aim::Lead(_) => 0,
        };
        Some(OthelloGame {
            start,
            now: start,
            aim,
            left,
            over: None,
        })
    }

    /// The position on the board.
    pub fn now(&self) -> Position {
        self.now
    }

    /// Whether the game is over: `Some(true)` won, `Some(false)` lost.
    pub fn over(&self) -> Option<bool> {
        self.over
    }

    /// The learner's side.
    pub fn learner(&self) -> Color {
        self.start.side_to_move()
    }

    /// Back to the lesson's position, for another game.
    pub fn again(&mut self) {
        *self = OthelloGame::new(self.start, &self.goal()).expect("a played goal");
    }

    fn goal(&self) -> Goal {
        match self.aim {
            Aim::Lead(at_least) => Goal::PlayOut { at_least },
            Aim::Corner(turns) => Goal::Corner { turns },
        }
    }

    /// The move the last hint marks: the perfect move of an endgame, a
    /// move that keeps the corner in reach (the corner itself when it is
    /// there to take). `None` once the game is over.
    pub fn best(&self) -> Option<Move> {
        if self.over.is_some() {
            return None;
        }
        match self.aim {
            Aim::Lead(_) => perfect_move(&self.now).map(|(mv, _)| mv),
            Aim::Corner(_) => corner_keeping_move(&self.now, self.left),
        }
    }

    /// The learner places a disc on `square`; the computer answers.
    pub fn play(&mut self, square: Square, replier: &mut Replier) -> Turn<Move> {
        if self.over.is_some() || self.now.legal_squares() & square.bit() == 0 {
            return Turn::Illegal;
        }
        let mv = Move::Place(square);
        let turn = match self.aim {
            Aim::Lead(at_least) => {
                let (after, replies) = play_out_turn(&self.now, self.learner(), mv, replier);
                self.now = after;
                match play_out_result(&after, self.learner()) {
                    None => Turn::Goes { replies },
                    Some(lead) if lead >= at_least => Turn::Won { replies },
                    Some(_) => Turn::Lost {
                        replies,
                        why: self.score_loss(at_least),
                    },
                }
            }
            Aim::Corner(_) if is_corner(square) => {
                self.now = self.now.play(mv);
                Turn::Won {
                    replies: Vec::new(),
                }
            }
            Aim::Corner(_) => match corner_turn(&self.now, mv, self.left, replier) {
                Some((after, replies, left)) => {
                    (self.now, self.left) = (after, left);
                    Turn::Goes { replies }
                }
                None => {
                    self.now = self.now.play(mv);
                    Turn::Lost {
                        replies: Vec::new(),
                        why: Loss::CornerGivenUp,
                    }
                }
            },
        };
        self.over = match turn {
            Turn::Won { .. } => Some(true),
            Turn::Lost { .. } => Some(false),
            _ => None,
        };
        turn
    }

    /// The discs of each side at the end (world scoring: the empty squares
    /// to the winner), and the lead asked for.
    fn score_loss(&self, needed: i32) -> Loss {
        let n = u32::from(self.now.rules().size.side()).pow(2);
        let lead = play_out_result(&self.now, self.learner()).unwrap_or(0);
        let mine = ((n as i32 + lead) / 2).max(0) as u32;
        Loss::Score {
            mine,
            theirs: n - mine,
            needed,
        }
    }
}

/// A take-away lesson played against the computer (`win`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeGame {
    start: nim::Position,
    now: nim::Position,
    misere: bool,
    over: Option<bool>,
}

impl TakeGame {
    /// The game from `start`.
    pub fn new(start: nim::Position, misere: bool) -> TakeGame {
        TakeGame {
            now: start.clone(),
            start,
            misere,
            over: None,
        }
    }

    /// The heaps now.
    pub fn now(&self) -> &nim::Position {
        &self.now
    }

    /// Whether the game is over: `Some(true)` won, `Some(false)` lost.
    pub fn over(&self) -> Option<bool> {
        self.over
    }

    /// Whether the learner has moved yet.
    pub fn started(&self) -> bool {
        self.now != self.start
    }

    /// Back to the lesson's heaps, for another game.
    pub fn again(&mut self) {
        *self = TakeGame::new(self.start.clone(), self.misere);
    }

    /// The perfect take now (what the last hint marks).
    pub fn best(&self) -> Option<nim::Move> {
        self.over
            .is_none()
            .then(|| perfect_take(&self.now, self.misere))
            .flatten()
    }

    /// The learner takes `mv`; the computer answers.
    pub fn play(&mut self, mv: nim::Move, replier: &mut Replier) -> Turn<nim::Move> {
        if self.over.is_some() || self.now.try_play(mv).is_err() {
            return Turn::Illegal;
        }
        let (after, reply, winner) = win_turn(&self.now, self.misere, mv, replier);
        self.now = after;
        self.over = winner;
        let replies = reply.into_iter().collect();
        match winner {
            None => Turn::Goes { replies },
            Some(true) => Turn::Won { replies },
            Some(false) => Turn::Lost {
                why: if self.misere && reply.is_none() {
                    Loss::MadeLastMove
                } else {
                    Loss::CannotMove
                },
                replies,
            },
        }
    }
}

/// The heaps as a hint describes them at any moment of a game: their
/// sizes, their Grundy values (a Nim heap's is its size) and the nim-sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapsNow {
    /// The sizes, in order.
    pub sizes: Vec<u64>,
    /// The Grundy values, in order.
    pub values: Vec<u64>,
    /// Their nim-sum.
    pub nimsum: u64,
    /// Every heap is a Nim heap (then the values are the sizes).
    pub all_nim: bool,
}

/// The heaps of `position` for a hint.
pub fn heaps_now(position: &nim::Position) -> HeapsNow {
    let heaps = position.heaps();
    let values: Vec<u64> = heaps
        .iter()
        .map(|h| nim::grundy::grundy(&h.rule, h.size))
        .collect();
    HeapsNow {
        sizes: heaps.iter().map(|h| h.size).collect(),
        nimsum: values.iter().fold(0, |a, v| a ^ v),
        values,
        all_nim: heaps.iter().all(|h| h.rule == nim::Rule::Nim),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::learn::check::othello_start;
    use crate::learn::lesson::{Opponent, Start};
    use crate::learn::shipped_lesson;

    fn best() -> Replier {
        Replier::new(Opponent::Best, 1)
    }

    #[test]
    fn a_lost_take_away_game_stays_on_the_board_with_why() {
        // nim-1-6 (3, 5, 7): taking all three from the 3 leaves 5 and 7,
        // nim-sum 2; the perfect player wins from there.
        let lesson = shipped_lesson("nim-1-6");
        let Start::Heaps { heaps, misere } = &lesson.start else {
            panic!("heaps")
        };
        let start = nim::parse_position(heaps).unwrap();
        let mut game = TakeGame::new(start.clone(), *misere);
        let mut replier = best();
        let mut turn = game.play(nim::Move { heap: 0, take: 3 }, &mut replier);
        assert!(game.started());
        // The heaps now, as the hint tells them: not 3, 5, 7.
        let now = heaps_now(game.now());
        assert_ne!(now.sizes, vec![3, 5, 7]);
        assert_eq!(now.nimsum, 0, "the perfect reply leaves 0: {now:?}");
        // Keep taking one from the first heap that has tokens: a loss.
        while let Turn::Goes { .. } = turn {
            let mv = game.now().moves().next().unwrap();
            turn = game.play(mv, &mut replier);
        }
        assert!(
            matches!(
                turn,
                Turn::Lost {
                    why: Loss::CannotMove,
                    ..
                }
            ),
            "{turn:?}"
        );
        assert_eq!(game.over(), Some(false));
        // The final position is kept (no tokens left), and nothing more can
        // be played until the learner plays again.
        assert!(game.now().is_over());
        assert_eq!(
            game.play(nim::Move { heap: 0, take: 1 }, &mut replier),
            Turn::Illegal
        );
        game.again();
        assert_eq!(game.now(), &start);
        assert_eq!(game.over(), None);
        // Played perfectly, it is won.
        while let Some(mv) = game.best() {
            turn = game.play(mv, &mut replier);
        }
        assert!(matches!(turn, Turn::Won { .. }), "{turn:?}");
    }

    #[test]
    fn misere_loses_by_taking_the_last_token() {
        let start = nim::parse_position("nim:1").unwrap();
        let mut game = TakeGame::new(start, true);
        let turn = game.play(nim::Move { heap: 0, take: 1 }, &mut best());
        assert_eq!(
            turn,
            Turn::Lost {
                replies: vec![],
                why: Loss::MadeLastMove
            }
        );
    }

    #[test]
    fn a_lost_endgame_keeps_its_final_position_and_score() {
        // othello-5-5: playing the worst move each turn loses; the board
        // keeps the end and the loss names the discs.
        let lesson = shipped_lesson("othello-5-5");
        let start = othello_start(&lesson.start).unwrap();
        let mut game = OthelloGame::new(start, &lesson.goal).unwrap();
        let mut replier = best();
        let mut turn = Turn::Goes { replies: vec![] };
        while let Turn::Goes { .. } = turn {
            let worst = game
                .now()
                .moves()
                .into_iter()
                .filter_map(|m| match m {
                    Move::Place(s) => Some(s),
                    Move::Pass => None,
                })
                .min_by_key(|&s| {
                    perfect_move(&game.now().play(Move::Place(s))).map_or(0, |(_, v)| -v)
                })
                .unwrap();
            turn = game.play(worst, &mut replier);
        }
        let Turn::Lost {
            why:
                Loss::Score {
                    mine,
                    theirs,
                    needed,
                },
            ..
        } = turn
        else {
            panic!("{turn:?}")
        };
        assert_eq!(mine + theirs, 64);
        assert_eq!(needed, 1);
        assert!(game.now().is_over());
        assert_eq!(game.over(), Some(false));
        game.again();
        assert_eq!(game.now(), start);
        while let Some(mv) = game.best() {
            let Move::Place(square) = mv else { break };
            turn = game.play(square, &mut replier);
        }
        assert!(matches!(turn, Turn::Won { .. }), "{turn:?}");
    }

    #[test]
    fn a_corner_given_up_is_lost_on_the_board() {
        let lesson = shipped_lesson("othello-4-2");
        let start = othello_start(&lesson.start).unwrap();
        let mut game = OthelloGame::new(start, &lesson.goal).unwrap();
        let wrong = start
            .moves()
            .into_iter()
            .find_map(|m| match m {
                Move::Place(s) if !lesson.answer.contains(&s.to_string()) && !is_corner(s) => {
                    Some(s)
                }
                _ => None,
            })
            .unwrap();
        let turn = game.play(wrong, &mut best());
        assert!(matches!(
            turn,
            Turn::Lost {
                why: Loss::CornerGivenUp,
                ..
            }
        ));
        assert_eq!(game.now().at(wrong), Some(start.side_to_move()));
        assert_eq!(game.best(), None);
    }
}
