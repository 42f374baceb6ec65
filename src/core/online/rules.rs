//! The three games behind one object-safe interface ([`Board`]), so that a
//! room holds any of them: moves are read and written as text with the
//! game's own notation (`session::formats`) and checked by the engine's
//! rules; results come from the session's rules for ends and time losses
//! (Othello's world rule, RULES.md §1, and seed 004's completion).

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use crate::session::core::Move;
use crate::session::formats::{decode, Formats};
use crate::session::nim::{Mover, Nim, NimOutcome};
use crate::session::opok::Opok;
use crate::session::othello::Othello;

use super::setup::{seat_of, GameKind, Setup};

/// The longest move text read.
pub const MAX_MOVE_BYTES: usize = 64;

/// A finished game's result: the winner's seat (0 moves first) and, for
/// the board games, the score (Othello: discs as the world rules record
/// them; Opok: squares occupied), first seat first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct Score {
    /// The winner; `None` for a draw or a game without a result.
    pub winner: Option<u8>,
    /// The score of each seat, where the game has one.
    pub points: Option<[u32; 2]>,
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "problem", content = "detail", rename_all = "snake_case")]
pub enum MoveError {
    /// Longer than [`MAX_MOVE_BYTES`], or more than one move.
    NotOneMove,
    /// Not legal here (the engine's reason).
    Illegal(String),
}

/// A game in progress, whichever it is.
pub trait Board: Send + Sync + std::fmt::Debug {
    /// The seat to move.
    fn to_move(&self) -> u8;
    /// The moves played (the game's notation, forced passes included).
    fn moves(&self) -> &[String];
    /// The moves `text` would play here (exactly one legal move, then any
    /// forced passes), as the game writes them; the board unchanged.
    fn try_move(&self, text: &str) -> Result<Vec<String>, MoveError>;
    /// Plays what [`Board::try_move`] gives.
    fn play(&mut self, text: &str) -> Result<Vec<String>, MoveError>;
    /// Up to `most` of the legal moves here, as the game writes them (no
    /// passes: a forced pass is played with the move that forces it).
    /// Empty exactly when the game is over.
    fn legal_moves(&self, most: usize) -> Vec<String>;
    /// The result, once nobody can move.
    fn result(&self) -> Option<Score>;
    /// The recorded result when `loser` runs out of time now.
    fn time_loss(&self, loser: u8) -> Score;
    /// The recorded result of a game lost on time by `loser` and
    /// completed by the winner, once over (seed 004).
    fn completed_time_loss(&self, loser: u8) -> Option<Score>;
}

/// What a game adds to play online: its result as seats and points.
pub trait OnlineGame: Formats {
    /// `outcome` as seats and points.
    fn score(outcome: &Self::Outcome) -> Score;
    /// Up to `most` legal moves in `position` (a pass included when it is
    /// the only one), from the engine.
    fn legal(position: &Self::Position, most: usize) -> Vec<Move<Self>>;
}

impl OnlineGame for Othello {
    fn score(outcome: &Self::Outcome) -> Score {
        Score {
            winner: outcome.winner.map(seat_of::<Othello>),
            points: Some([outcome.black, outcome.white]),
        }
    }

    fn legal(position: &Self::Position, most: usize) -> Vec<Move<Self>> {
        position.moves().into_iter().take(most).collect()
    }
}

impl OnlineGame for Opok {
    fn score(outcome: &Self::Outcome) -> Score {
        Score {
            winner: outcome.winner.map(seat_of::<Opok>),
            points: Some([outcome.circles, outcome.squares]),
        }
    }

    fn legal(position: &Self::Position, most: usize) -> Vec<Move<Self>> {
        position.moves().into_iter().take(most).collect()
    }
}

impl OnlineGame for Nim {
    fn score(outcome: &NimOutcome) -> Score {
        Score {
            winner: Some(u8::from(outcome.winner == Mover::Second)),
            points: None,
        }
    }

    fn legal(position: &Self::Position, most: usize) -> Vec<Move<Self>> {
        // A heap may have more moves than memory holds: only `most`.
        position.moves().take(most).collect()
    }
}

/// A game of `G` in progress.
#[derive(Debug)]
struct Table<G: OnlineGame> {
    settings: G::Settings,
    position: G::Position,
    texts: Vec<String>,
}

impl<G: OnlineGame> Table<G> {
    fn new(rules: &str) -> Option<Table<G>> {
        let (settings, record) = decode::<G>(rules).ok()?;
        Some(Table {
            settings,
            position: record.start(),
            texts: Vec::new(),
        })
    }

    fn side(seat: u8) -> G::Side {
        G::sides()[usize::from(seat & 1)]
    }

    /// The position after `mv`, and its text.
    fn step(
        &self,
        position: &G::Position,
        mv: Move<G>,
    ) -> Result<(G::Position, String), MoveError> {
        use crate::session::record::Playable;
        let text = G::moves_text(&self.settings, std::slice::from_ref(&mv));
        let after = position
            .try_play(mv)
            .map_err(|e| MoveError::Illegal(format!("{e:?}")))?;
        Ok((after, text))
    }

    /// The position after `mv` and the passes it forces, and their texts;
    /// `self` unchanged.
    fn attempt(&self, mv: Move<G>) -> Result<(G::Position, Vec<String>), MoveError> {
        let (mut position, text) = self.step(&self.position, mv)?;
        let mut texts = vec![text];
        // At most one pass a move in these games; bounded all the same.
        for _ in 0..2 {
            match G::pass().filter(|_| G::must_pass(&position)) {
                Some(pass) => {
                    let (after, text) = self.step(&position, pass)?;
                    position = after;
                    texts.push(text);
                }
                None => break,
            }
        }
        Ok((position, texts))
    }

    /// The one move `text` reads as here.
    fn read_one(&self, text: &str) -> Result<Move<G>, MoveError> {
        if text.len() > MAX_MOVE_BYTES {
            return Err(MoveError::NotOneMove);
        }
        let moves = G::read_moves(&self.settings, &self.position, text)
            .map_err(|e| MoveError::Illegal(format!("{e:?}")))?;
        match <[Move<G>; 1]>::try_from(moves) {
            Ok([mv]) => Ok(mv),
            Err(_) => Err(MoveError::NotOneMove),
        }
    }
}

impl<G> Board for Table<G>
where
    G: OnlineGame,
    G::Settings: Send + Sync,
    G::Position: Send + Sync,
{
    fn to_move(&self) -> u8 {
        seat_of::<G>(G::side_to_move(&self.position, self.texts.len()))
    }

    fn moves(&self) -> &[String] {
        &self.texts
    }

    fn try_move(&self, text: &str) -> Result<Vec<String>, MoveError> {
        Ok(self.attempt(self.read_one(text)?)?.1)
    }

    fn play(&mut self, text: &str) -> Result<Vec<String>, MoveError> {
        let (position, texts) = self.attempt(self.read_one(text)?)?;
        self.position = position;
        self.texts.extend(texts.iter().cloned());
        Ok(texts)
    }

    fn legal_moves(&self, most: usize) -> Vec<String> {
        let pass = G::pass();
        G::legal(&self.position, most)
            .into_iter()
            .filter(|mv| Some(mv) != pass.as_ref())
            .filter_map(|mv| self.step(&self.position, mv).ok())
            .map(|(_, text)| text)
            .collect()
    }

    fn result(&self) -> Option<Score> {
        G::outcome(&self.settings, &self.position, self.texts.len()).map(|o| G::score(&o))
    }

    fn time_loss(&self, loser: u8) -> Score {
        G::score(&G::time_loss(
            &self.settings,
            &self.position,
            Self::side(loser),
        ))
    }

    fn completed_time_loss(&self, loser: u8) -> Option<Score> {
        G::completed_time_loss(&self.settings, &self.position, Self::side(loser))
            .map(|o| G::score(&o))
    }
}

/// The board at the start of `setup` (checked), with forced passes at the
/// start already played; `None` when its rules do not read.
pub fn board(setup: &Setup) -> Option<Box<dyn Board>> {
    fn start<G>(rules: &str) -> Option<Box<dyn Board>>
    where
        G: OnlineGame,
        G::Settings: Send + Sync + 'static,
        G::Position: Send + Sync + 'static,
    {
        let mut table = Table::<G>::new(rules)?;
        if G::must_pass(&table.position) {
            let (position, texts) = table.attempt(G::pass()?).ok()?;
            table.position = position;
            table.texts = texts;
        }
        Some(Box::new(table))
    }
    match setup.game {
        GameKind::Othello => start::<Othello>(&setup.rules),
        GameKind::Opok => start::<Opok>(&setup.rules),
        GameKind::Nim => start::<Nim>(&setup.rules),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::online::setup::Timing;

    fn board_of(game: GameKind, rules: &str) -> Box<dyn Board> {
        let setup = Setup {
            game,
            rules: rules.into(),
            timing: Timing::Correspondence { days: 1 },
        };
        board(&setup.checked().unwrap()).unwrap()
    }

    #[test]
    fn moves_are_checked_by_the_engine() {
        let mut othello = board_of(GameKind::Othello, "");
        assert_eq!(othello.to_move(), 0);
        assert_eq!(othello.play("F5"), Ok(vec!["f5".to_string()]));
        assert_eq!(othello.to_move(), 1);
        assert!(matches!(othello.play("a1"), Err(MoveError::Illegal(_))));
        assert_eq!(othello.play("d6c3"), Err(MoveError::NotOneMove));
        assert_eq!(othello.play(&"d6".repeat(40)), Err(MoveError::NotOneMove));
        assert_eq!(othello.moves(), ["f5"]);

        let mut opok = board_of(GameKind::Opok, "size=3");
        assert_eq!(opok.play("a1:2:a3"), Ok(vec!["a1:2:a3".to_string()]));
        assert!(opok.play("a1:2:a3").is_err(), "Squares to move");

        let mut nim = board_of(GameKind::Nim, "start=nim:2+nim:2");
        assert_eq!(nim.play("1:2"), Ok(vec!["1:2".to_string()]));
        assert!(nim.result().is_none());
        assert_eq!(nim.play("2:2"), Ok(vec!["2:2".to_string()]));
        assert_eq!(
            nim.result(),
            Some(Score {
                winner: Some(1),
                points: None
            })
        );
    }

    #[test]
    fn legal_moves_are_the_engines_and_each_plays() {
        let othello = board_of(GameKind::Othello, "");
        assert_eq!(othello.legal_moves(10), ["d3", "c4", "f5", "e6"]);
        assert_eq!(othello.legal_moves(2).len(), 2);
        let nim = board_of(GameKind::Nim, "start=nim:2+nim:3");
        assert_eq!(nim.legal_moves(10), ["1:1", "1:2", "2:1", "2:2", "2:3"]);
        let opok = board_of(GameKind::Opok, "size=3");
        assert!(!opok.legal_moves(100).is_empty());
        for mut board in [othello, nim, opok] {
            // Played to the end by the first legal move: never a pass, and
            // nothing legal exactly when the game has its result.
            for _ in 0..500 {
                let moves = board.legal_moves(1);
                assert_eq!(moves.is_empty(), board.result().is_some());
                let Some(mv) = moves.first() else { break };
                assert_ne!(mv, "pass");
                board.play(mv).unwrap();
            }
            assert!(board.result().is_some(), "{board:?}");
        }
    }

    /// A 4×4 line on which a side must pass, found by the engine.
    fn a_line_with_a_pass() -> Vec<String> {
        use crate::engine::othello::{BoardSize, Move, Position, Rules, Variant};
        fn search(position: Position, line: &mut Vec<String>) -> bool {
            if position.must_pass() {
                return true;
            }
            for mv in position.moves() {
                let Move::Place(square) = mv else { continue };
                line.push(square.to_string());
                if search(position.play(mv), line) {
                    return true;
                }
                line.pop();
            }
            false
        }
        let rules = Rules {
            size: BoardSize::from_side(4).unwrap(),
            variant: Variant::Standard,
        };
        let mut line = Vec::new();
        assert!(search(Position::start(rules), &mut line));
        line
    }

    #[test]
    fn forced_passes_are_played_with_the_move() {
        let line = a_line_with_a_pass();
        let mut othello = board_of(GameKind::Othello, "size=4");
        let (last, before) = line.split_last().unwrap();
        for square in before {
            assert_eq!(othello.play(square), Ok(vec![square.clone()]));
        }
        let mover = othello.to_move();
        // The pass is played with the move that forces it: the same side
        // is to move again, and nobody has to send "pass".
        assert_eq!(
            othello.try_move(last),
            Ok(vec![last.clone(), "pass".to_string()])
        );
        othello.play(last).unwrap();
        assert_eq!(othello.moves().last().map(String::as_str), Some("pass"));
        assert!(othello.result().is_some() || othello.to_move() == mover);
    }

    #[test]
    fn time_losses_follow_the_world_rule() {
        let othello = board_of(GameKind::Othello, "");
        // At the start the discs are equal: the winner gets the empties.
        assert_eq!(
            othello.time_loss(0),
            Score {
                winner: Some(1),
                points: Some([2, 62])
            }
        );
        let mut ahead = board_of(GameKind::Othello, "");
        ahead.play("f5").unwrap();
        // Black leads 4-1 and runs out of time: 31-33.
        assert_eq!(ahead.time_loss(0).points, Some([31, 33]));
        assert_eq!(ahead.completed_time_loss(0), None, "not over yet");
        let opok = board_of(GameKind::Opok, "size=5");
        assert_eq!(opok.time_loss(1).winner, Some(0));
    }
}
