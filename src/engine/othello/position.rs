//! The checked Othello position and the unchecked setup it is built from.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::bitboard;
use super::rules::{BoardSize, Rules, Variant};
use super::square::{Color, Square};

/// An Othello move: a disc on a square, or a pass when no disc can be placed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Move {
    /// Place a disc on the square.
    Place(Square),
    /// Pass (legal only when the side to move has no legal placement).
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(square) => square.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// A board as typed in or parsed, not yet checked against the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The board size.
    pub size: BoardSize,
    /// Black discs.
    pub black: u64,
    /// White discs.
    pub white: u64,
    /// Who moves next.
    pub side_to_move: Color,
}

/// Why a [`Setup`] is not a position of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// A square holds both a black and a white disc.
    Overlap(Square),
    /// A disc lies outside the n×n board.
    OffBoard(Square),
    /// A centre square is empty, which no game can reach (except early in
    /// historical Reversi).
    EmptyCentre(Square),
    /// In historical Reversi, a disc outside the centre before the centre is full.
    OutsideCentreTooEarly(Square),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Overlap(s) => write!(f, "{s} holds both a black and a white disc"),
            PositionError::OffBoard(s) => write!(f, "{s} is off the board"),
            PositionError::EmptyCentre(s) => {
                write!(f, "centre square {s} is empty, which no game can reach")
            }
            PositionError::OutsideCentreTooEarly(s) => write!(
                f,
                "{s} is outside the centre, but reversi fills the centre first"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a move cannot be played in a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// The game is over; nothing can be played.
    GameOver,
    /// The square is occupied or flips nothing.
    Illegal(Square, Color),
    /// A pass while a disc can be placed.
    PassNotAllowed(Color),
    /// A placement while the side to move has none (it must pass).
    MustPass(Color),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::Illegal(s, c) => write!(f, "{s} is illegal for {c}"),
            PlayError::PassNotAllowed(c) => write!(f, "{c} has a legal move and cannot pass"),
            PlayError::MustPass(c) => write!(f, "{c} has no legal move and must pass"),
        }
    }
}

impl std::error::Error for PlayError {}

/// The final result of a game under its variant's scoring.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// Black's score (world scoring: empties added to the winner's discs,
    /// except in anti-Othello where the discs are shown as they are).
    pub black: u32,
    /// White's score.
    pub white: u32,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}

/// A legal Othello position: discs of the side to move and of the opponent,
/// plus the rules. Only [`Position::start`], [`Position::from_setup`] and
/// playing moves create one, so it always satisfies the rules' invariants.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    player: u64,
    opponent: u64,
    side_to_move: Color,
    rules: Rules,
}

impl Position {
    /// The starting position: four centre discs (white on the top-left to
    /// bottom-right diagonal), or an empty board for historical Reversi.
    pub fn start(rules: Rules) -> Position {
        let (black, white) = if rules.variant == Variant::Reversi {
            (0, 0)
        } else {
            let h = rules.size.side() / 2;
            let bit = |c, r| Square::new(c, r).map_or(0, Square::bit);
            (bit(h, h - 1) | bit(h - 1, h), bit(h - 1, h - 1) | bit(h, h))
        };
        Position {
            player: black,
            opponent: white,
            side_to_move: Color::Black,
            rules,
        }
    }

    /// Checks a setup against the rules of `variant`.
    pub fn from_setup(setup: Setup, variant: Variant) -> Result<Position, PositionError> {
        let Setup {
            size,
            black,
            white,
            side_to_move,
        } = setup;
        if let Some(s) = Square::iter(black & white).next() {
            return Err(PositionError::Overlap(s));
        }
        let discs = black | white;
        if let Some(s) = Square::iter(discs & !size.mask()).next() {
            return Err(PositionError::OffBoard(s));
        }
        let empty_centre = size.centre() & !discs;
        if empty_centre != 0 {
            let first = Square::iter(empty_centre).next().expect("non-empty");
            if variant != Variant::Reversi {
                return Err(PositionError::EmptyCentre(first));
            }
            if let Some(s) = Square::iter(discs & !size.centre()).next() {
                return Err(PositionError::OutsideCentreTooEarly(s));
            }
        }
        let (player, opponent) = match side_to_move {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        Ok(Position {
            player,
            opponent,
            side_to_move,
            rules: Rules::new(size, variant),
        })
    }

    /// A position from raw bitboards, unchecked: for the engine's own use on
    /// boards derived from legal positions.
    pub(crate) fn from_bitboards(
        player: u64,
        opponent: u64,
        side_to_move: Color,
        rules: Rules,
    ) -> Position {
        Position {
            player,
            opponent,
            side_to_move,
            rules,
        }
    }

    /// The unchecked view of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            size: self.rules.size,
            black: self.discs(Color::Black),
            white: self.discs(Color::White),
            side_to_move: self.side_to_move,
        }
    }

    /// The same position with the colours exchanged, the other colour to
    /// move: equal for every colour-blind judgement (evaluation tests).
    /// Built through the colour-named [`Setup`], so that a test comparing
    /// the two also checks that the colours reach the mover's and the
    /// opponent's discs the right way round.
    #[cfg(test)]
    pub(crate) fn colours_swapped(&self) -> Position {
        let setup = self.to_setup();
        let swapped = Setup {
            black: setup.white,
            white: setup.black,
            side_to_move: setup.side_to_move.opponent(),
            ..setup
        };
        Position::from_setup(swapped, self.rules.variant).expect("the swapped board is as legal")
    }

    /// Board size and variant.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The colour whose turn it is (who may have to pass).
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Discs of the side to move.
    pub fn player(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move.
    pub fn opponent(&self) -> u64 {
        self.opponent
    }

    /// The discs of `color`.
    pub fn discs(&self, color: Color) -> u64 {
        if color == self.side_to_move {
            self.player
        } else {
            self.opponent
        }
    }

    /// The number of discs of `color`.
    pub fn count(&self, color: Color) -> u32 {
        self.discs(color).count_ones()
    }

    /// Empty squares of the board.
    pub fn empties(&self) -> u64 {
        self.rules.size.mask() & !(self.player | self.opponent)
    }

    /// What is on `square`: a disc's colour or `None`.
    pub fn at(&self, square: Square) -> Option<Color> {
        if self.player & square.bit() != 0 {
            Some(self.side_to_move)
        } else if self.opponent & square.bit() != 0 {
            Some(self.side_to_move.opponent())
        } else {
            None
        }
    }

    fn in_reversi_opening(&self) -> bool {
        self.rules.variant == Variant::Reversi && (self.player | self.opponent).count_ones() < 4
    }

    /// The squares where the side to move may place a disc.
    pub fn legal_squares(&self) -> u64 {
        if self.in_reversi_opening() {
            self.rules.size.centre() & self.empties()
        } else {
            bitboard::legal_moves(self.player, self.opponent, self.rules.size.mask())
        }
    }

    /// The legal moves: the placements, or a single pass when there are none
    /// but the opponent can move, or nothing when the game is over.
    pub fn moves(&self) -> Vec<Move> {
        let squares = self.legal_squares();
        if squares != 0 {
            Square::iter(squares).map(Move::Place).collect()
        } else if self.is_over() {
            Vec::new()
        } else {
            vec![Move::Pass]
        }
    }

    /// True when the side to move has no placement but the opponent has.
    pub fn must_pass(&self) -> bool {
        self.legal_squares() == 0 && self.passed().legal_squares() != 0
    }

    /// True when neither side can place a disc.
    pub fn is_over(&self) -> bool {
        self.legal_squares() == 0 && self.passed().legal_squares() == 0
    }

    /// The opponent discs that a disc of the side to move on `square` flips.
    pub fn flips(&self, square: Square) -> u64 {
        if self.in_reversi_opening() {
            0
        } else {
            bitboard::flips(self.player, self.opponent, square.index())
        }
    }

    /// Plays `mv` after checking it: the way to play user input.
    pub fn try_play(&self, mv: Move) -> Result<Position, PlayError> {
        let squares = self.legal_squares();
        match mv {
            _ if self.is_over() => Err(PlayError::GameOver),
            Move::Pass if squares == 0 => Ok(self.passed()),
            Move::Pass => Err(PlayError::PassNotAllowed(self.side_to_move)),
            Move::Place(_) if squares == 0 => Err(PlayError::MustPass(self.side_to_move)),
            Move::Place(s) if squares & s.bit() == 0 => {
                Err(PlayError::Illegal(s, self.side_to_move))
            }
            Move::Place(_) => Ok(self.play_unchecked(mv)),
        }
    }

    /// Plays a legal move.
    ///
    /// # Panics
    /// When `mv` is illegal; use [`Position::try_play`] for unchecked input.
    pub fn play(&self, mv: Move) -> Position {
        match self.try_play(mv) {
            Ok(p) => p,
            Err(e) => panic!("{mv} in {self:?}: {e}"),
        }
    }

    /// Plays `mv` without checking it (the search's hot path): an illegal
    /// placement still puts a disc there and flips what it would flip.
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Position {
        match mv {
            Move::Pass => self.passed(),
            Move::Place(square) => {
                let flipped = self.flips(square);
                Position {
                    player: self.opponent ^ flipped,
                    opponent: self.player | flipped | square.bit(),
                    side_to_move: self.side_to_move.opponent(),
                    rules: self.rules,
                }
            }
        }
    }

    /// The same board with the other side to move.
    #[inline]
    pub fn passed(&self) -> Position {
        Position {
            player: self.opponent,
            opponent: self.player,
            side_to_move: self.side_to_move.opponent(),
            rules: self.rules,
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let black = self.count(Color::Black);
        let white = self.count(Color::White);
        let empties = self.empties().count_ones();
        Some(match self.rules.variant {
            Variant::Anti => Outcome {
                black,
                white,
                winner: match black.cmp(&white) {
                    std::cmp::Ordering::Less => Some(Color::Black),
                    std::cmp::Ordering::Greater => Some(Color::White),
                    std::cmp::Ordering::Equal => None,
                },
            },
            Variant::Standard | Variant::Reversi => match black.cmp(&white) {
                std::cmp::Ordering::Greater => Outcome {
                    black: black + empties,
                    white,
                    winner: Some(Color::Black),
                },
                std::cmp::Ordering::Less => Outcome {
                    black,
                    white: white + empties,
                    winner: Some(Color::White),
                },
                std::cmp::Ordering::Equal => Outcome {
                    black: black + empties / 2,
                    white: white + empties / 2,
                    winner: None,
                },
            },
        })
    }

    /// The recorded result when `loser` runs out of time (RULES.md §1, the
    /// world rules): if the discs on the board favour the loser, the winner
    /// is recorded n²/2 + 1 to n²/2 − 1 (33–31 on 8×8); otherwise (equal
    /// discs included) the discs as they are, the empty squares to the
    /// winner. Defined for standard Othello and the Reversi opening, where
    /// more discs is better; `None` in anti-Othello.
    pub fn time_loss_outcome(&self, loser: Color) -> Option<Outcome> {
        let winner = loser.opponent();
        let (won, lost) = (self.count(winner), self.count(loser));
        let stands = (won >= lost).then(|| (won + self.empties().count_ones(), lost));
        self.time_loss_result(winner, stands)
    }

    /// The recorded score of a game that `loser` lost on time and the
    /// winner then completed, playing both sides (the procedure at the board
    /// of seed 004, RULES.md §1): for the winner the larger of the completed
    /// game's result and a one-disc win, n²/2 + 1 to n²/2 − 1. `self` is the
    /// completed game's last position; `None` before the end and in
    /// anti-Othello.
    pub fn completed_time_loss_outcome(&self, loser: Color) -> Option<Outcome> {
        let played = self.outcome()?;
        let (won, lost) = match loser.opponent() {
            Color::Black => (played.black, played.white),
            Color::White => (played.white, played.black),
        };
        self.time_loss_result(loser.opponent(), (won > lost).then_some((won, lost)))
    }

    /// A time-loss result for `winner`: the score `stands` (the winner's
    /// first) if given, else a one-disc win, n²/2 + 1 to n²/2 − 1; `None`
    /// in anti-Othello, which has no time-loss score of its own.
    fn time_loss_result(&self, winner: Color, stands: Option<(u32, u32)>) -> Option<Outcome> {
        if self.rules.variant == Variant::Anti {
            return None;
        }
        let half = self.rules.size.squares() / 2;
        let (won, lost) = stands.unwrap_or((half + 1, half - 1));
        let (black, white) = match winner {
            Color::Black => (won, lost),
            Color::White => (lost, won),
        };
        Some(Outcome {
            black,
            white,
            winner: Some(winner),
        })
    }

    /// The final score in discs for the side to move, assuming the game is
    /// over: world-scored disc difference (anti-Othello: opponent's discs
    /// minus own discs).
    #[inline]
    pub fn final_disc_score(&self) -> i32 {
        let own = self.player.count_ones() as i32;
        let theirs = self.opponent.count_ones() as i32;
        match self.rules.variant {
            Variant::Anti => theirs - own,
            Variant::Standard | Variant::Reversi => {
                let empties = self.rules.size.squares() as i32 - own - theirs;
                let diff = own - theirs;
                match diff.cmp(&0) {
                    std::cmp::Ordering::Greater => diff + empties,
                    std::cmp::Ordering::Less => diff - empties,
                    std::cmp::Ordering::Equal => 0,
                }
            }
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", super::notation::board_text(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(b[0] - b'a', b[1] - b'1').unwrap()
    }

    fn standard() -> Position {
        Position::start(Rules::default())
    }

    #[test]
    fn a_completed_game_lost_on_time_records_at_least_a_one_disc_win() {
        for size in BoardSize::ALL {
            for pick in [0usize, 1, 2] {
                // A whole game: always the pick-th legal move.
                let mut end = Position::start(Rules::new(size, Variant::Standard));
                while !end.is_over() {
                    let moves = end.moves();
                    end = end.play(moves[pick % moves.len()]);
                }
                let played = end.outcome().unwrap();
                let half = size.squares() / 2;
                for loser in [Color::Black, Color::White] {
                    let winner = loser.opponent();
                    let got = end.completed_time_loss_outcome(loser).unwrap();
                    assert_eq!(got.winner, Some(winner));
                    assert_eq!(got.black + got.white, size.squares());
                    let won = if winner == Color::Black {
                        got.black
                    } else {
                        got.white
                    };
                    if played.winner == Some(winner) {
                        assert_eq!(got, played, "the completed game's own result");
                    } else {
                        assert_eq!(won, half + 1, "a one-disc win");
                    }
                }
            }
        }
        // Not before the end, nor in anti-Othello.
        assert_eq!(standard().completed_time_loss_outcome(Color::Black), None);
    }

    #[test]
    fn start_positions_are_centred_with_black_to_move() {
        for size in BoardSize::ALL {
            let p = Position::start(Rules::new(size, Variant::Standard));
            assert_eq!(p.count(Color::Black), 2);
            assert_eq!(p.count(Color::White), 2);
            assert_eq!(p.side_to_move(), Color::Black);
            assert_eq!(p.legal_squares().count_ones(), 4);
        }
        let p = standard();
        assert_eq!(p.at(square("d4")), Some(Color::White));
        assert_eq!(p.at(square("e5")), Some(Color::White));
        assert_eq!(p.at(square("d5")), Some(Color::Black));
        assert_eq!(p.at(square("e4")), Some(Color::Black));
    }

    #[test]
    fn try_play_rejects_illegal_moves_with_reasons() {
        let p = standard();
        assert_eq!(
            p.try_play(Move::Place(square("a1"))),
            Err(PlayError::Illegal(square("a1"), Color::Black))
        );
        assert_eq!(
            p.try_play(Move::Pass),
            Err(PlayError::PassNotAllowed(Color::Black))
        );
        let after = p.try_play(Move::Place(square("d3"))).unwrap();
        assert_eq!(after.count(Color::Black), 4);
        assert_eq!(after.count(Color::White), 1);
        assert_eq!(after.side_to_move(), Color::White);
    }

    #[test]
    fn setup_validation_names_the_problem() {
        let start = standard().to_setup();
        let overlap = Setup {
            white: start.white | square("d5").bit(),
            ..start
        };
        assert_eq!(
            Position::from_setup(overlap, Variant::Standard),
            Err(PositionError::Overlap(square("d5")))
        );
        let small = Position::start(Rules::new(BoardSize::Four, Variant::Standard)).to_setup();
        let off = Setup {
            black: small.black | square("e1").bit(),
            ..small
        };
        assert_eq!(
            Position::from_setup(off, Variant::Standard),
            Err(PositionError::OffBoard(square("e1")))
        );
        let empty_centre = Setup {
            white: start.white & !square("d4").bit(),
            ..start
        };
        assert_eq!(
            Position::from_setup(empty_centre, Variant::Standard),
            Err(PositionError::EmptyCentre(square("d4")))
        );
    }

    #[test]
    fn world_scoring_gives_empties_to_the_winner() {
        // Black wiped out after 4 moves: f5 d6 c5 f4 e3 f6 d3? Use a constructed board.
        let setup = Setup {
            size: BoardSize::Eight,
            black: square("a1").bit()
                | square("d4").bit()
                | square("d5").bit()
                | square("e4").bit()
                | square("e5").bit(),
            white: 0,
            side_to_move: Color::White,
        };
        let p = Position::from_setup(setup, Variant::Standard).unwrap();
        assert!(p.is_over());
        assert_eq!(
            p.outcome(),
            Some(Outcome {
                black: 64,
                white: 0,
                winner: Some(Color::Black)
            })
        );
        assert_eq!(p.final_disc_score(), -64);
        let anti = Position::from_setup(setup, Variant::Anti).unwrap();
        assert_eq!(
            anti.outcome(),
            Some(Outcome {
                black: 5,
                white: 0,
                winner: Some(Color::White)
            })
        );
        assert_eq!(anti.final_disc_score(), 5);
    }

    #[test]
    fn reversi_opening_fills_the_centre_without_flipping() {
        let p = Position::start(Rules::new(BoardSize::Eight, Variant::Reversi));
        assert_eq!(p.legal_squares(), BoardSize::Eight.centre());
        let p = p.play(Move::Place(square("d4")));
        let p = p.play(Move::Place(square("e4")));
        let p = p.play(Move::Place(square("e5")));
        assert_eq!(p.legal_squares(), square("d5").bit());
        let p = p.play(Move::Place(square("d5")));
        assert_eq!(p.count(Color::Black), 2);
        assert_eq!(p.count(Color::White), 2);
        // Black on d4 and e5 (the diagonal): normal rules from here on.
        assert_eq!(p.legal_squares().count_ones(), 4);
        assert_eq!(p.at(square("d4")), Some(Color::Black));
    }
}
