//! Opok as a [`Game`] for the shared search.

use crate::game::{Game, Score, TableMove};

use super::eval::{self, SQUARE};
use super::geometry::{Geometry, Square, MAX_SQUARES};
use super::position::{Move, Position, Side};

/// History keys: origin × landing square, plus one for the pass.
const PASS_KEY: usize = MAX_SQUARES * MAX_SQUARES;

/// Table codes: origin, pieces lifted and landing square, 7 bits each
/// (at most 81 squares); the pass has all bits set.
const PASS_CODE: u32 = (1 << 21) - 1;

impl TableMove for Move {
    fn code(self) -> Option<u32> {
        Some(match self {
            Move::Step { from, k, to } => {
                u32::from(from.0) << 14 | u32::from(k) << 7 | u32::from(to.0)
            }
            Move::Pass => PASS_CODE,
        })
    }

    fn from_code(code: u32) -> Move {
        if code == PASS_CODE {
            return Move::Pass;
        }
        let part = |shift: u32| (code >> shift & 0x7F) as u8;
        Move::Step {
            from: Square(part(14)),
            k: part(7),
            to: Square(part(0)),
        }
    }
}

impl Game for Position {
    type Move = Move;
    const MOVE_KEYS: usize = PASS_KEY + 1;
    const PASS: Option<Move> = Some(Move::Pass);

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.steps(moves);
        if moves.is_empty() && self.passed().can_move() {
            moves.push(Move::Pass);
        }
    }

    fn play(&self, mv: Move) -> Position {
        self.play_unchecked(mv)
    }

    fn is_over(&self) -> bool {
        Position::is_over(self)
    }

    fn final_score(&self) -> Score {
        let side = self.side_to_move();
        SQUARE * (self.score(side) as i32 - self.score(side.opponent()) as i32)
    }

    fn hash(&self) -> u64 {
        let seed = 0x243F_6A88_85A3_08D3u64 ^ u64::from(self.geometry().size());
        let mut h = crate::hashing::words(
            seed,
            self.cells().chunks(8).map(|chunk| {
                chunk
                    .iter()
                    .enumerate()
                    .fold(0u64, |word, (i, &c)| word | u64::from(c as u8) << (8 * i))
            }),
        );
        if self.side_to_move() == Side::Squares {
            h = !h;
        }
        h
    }

    fn move_key(&self, mv: Move) -> usize {
        match mv {
            Move::Step { from, to, .. } => from.index() * MAX_SQUARES + to.index(),
            Move::Pass => PASS_KEY,
        }
    }

    fn moves_left_bound(&self) -> Option<u32> {
        Some(Position::moves_left_bound(self))
    }
}

/// The evaluation of Opok positions (`opok::eval`), for the shared search.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpokEvaluator;

impl crate::game::Evaluator<Position> for OpokEvaluator {
    fn evaluate(&self, position: &Position) -> Score {
        eval::evaluate(position)
    }

    fn move_order_hint(&self, position: &Position, mv: Move, _depth: i32) -> i32 {
        let Move::Step { k, to, .. } = mv else {
            return 0;
        };
        let captured = Geometry::iter(position.captures(mv)).count() as i32;
        // Captures first; then landings with room around them, spending
        // few pieces.
        let g = position.geometry();
        let occupied = position.occupied();
        let room = super::geometry::Direction::ALL
            .iter()
            .filter(|&&d| g.shift(1u128 << to.0, d) & !occupied & g.all() != 0)
            .count() as i32;
        1000 * captured + 20 * room - i32::from(k)
    }
}
