//! Othello as a [`Game`] for the shared search, and its evaluations as
//! [`crate::game::Evaluator`]s.

use crate::game::{Game, ProbCut, Score, TableMove};
use crate::hashing::mix;

use super::eval::{Evaluator, DISC};
use super::position::{Move, Position};
use super::rules::Variant;
use super::square::Square;

/// Key of the pass move in the history table (squares use 0..64).
const PASS_KEY: usize = 64;

/// The hash of a board seen from the side to move. Othello's rules treat the
/// colours alike, so the colour itself is not part of it.
#[inline]
pub fn board_hash(player: u64, opponent: u64) -> u64 {
    mix(player ^ mix(opponent.wrapping_add(0x9E37_79B9_7F4A_7C15)))
}

impl TableMove for Move {
    fn code(self) -> Option<u32> {
        Some(match self {
            Move::Place(square) => square.index() as u32,
            Move::Pass => PASS_KEY as u32,
        })
    }

    fn from_code(code: u32) -> Move {
        u8::try_from(code)
            .ok()
            .and_then(Square::from_index)
            .map_or(Move::Pass, Move::Place)
    }
}

impl Game for Position {
    type Move = Move;
    const MOVE_KEYS: usize = 65;
    const PASS: Option<Move> = Some(Move::Pass);

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        let squares = self.legal_squares();
        if squares != 0 {
            moves.extend(Square::iter(squares).map(Move::Place));
        } else if !self.is_over() {
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
        self.final_disc_score() * DISC
    }

    fn hash(&self) -> u64 {
        let rules = self.rules();
        let salt = (rules.size.side() as u64) << 8 | rules.variant as u64;
        board_hash(self.player(), self.opponent()) ^ salt
    }

    fn move_key(&self, mv: Move) -> usize {
        match mv {
            Move::Place(square) => square.index(),
            Move::Pass => PASS_KEY,
        }
    }

    fn moves_left_bound(&self) -> Option<u32> {
        Some(self.empties().count_ones())
    }
}

/// The shallowest search ProbCut uses, and the depths it predicts from.
const PROBCUT_MIN_DEPTH: i32 = 4;

/// How many standard deviations beyond the window the shallow result must
/// lie: at 1.5 about 7% of the cuts are wrong, each by a small amount.
const PROBCUT_CONFIDENCE: f64 = 1.5;

/// ProbCut for a search `depth` deep with `empties` empty squares: the
/// shallow depth has the same parity (even and odd depths judge a
/// position differently), and the margin is the spread of
/// `score(depth) − score(shallow)` measured by `engine calibrate othello`
/// with the standard evaluation, a linear fit in empties and both depths
/// (400 positions, depths up to 10, every phase; see docs/strength.md).
fn probcut(depth: i32, empties: i32) -> Option<ProbCut> {
    if depth < PROBCUT_MIN_DEPTH || depth >= empties {
        return None;
    }
    let shallow = 2 * (depth / 4) + (depth & 1);
    let sigma_discs = (5.36 - 0.0606 * f64::from(empties) + 0.378 * f64::from(depth)
        - 0.621 * f64::from(shallow))
    .max(1.0);
    Some(ProbCut {
        depth: shallow,
        margin: (PROBCUT_CONFIDENCE * sigma_discs * f64::from(DISC)).round() as Score,
    })
}

/// Fastest first: the fewer replies the opponent has, the better;
/// corners are good, squares next to empty corners bad.
fn move_order_hint(position: &Position, mv: Move) -> i32 {
    let Move::Place(square) = mv else { return 0 };
    let after = position.play_unchecked(mv);
    let replies = after.legal_squares().count_ones() as i32;
    let n = position.rules().size.side();
    let edge = |v: u8| v == 0 || v == n - 1;
    let near = |v: u8| v == 1 || v == n - 2;
    let (c, r) = (square.column(), square.row());
    let anti = position.rules().variant == Variant::Anti;
    let corner_bonus = if edge(c) && edge(r) {
        if anti {
            -200
        } else {
            600
        }
    } else if near(c) && near(r) {
        -300
    } else {
        0
    };
    corner_bonus - 100 * replies
}

/// The evaluations judge Othello positions for the shared search, with the
/// search heuristics measured for them.
impl crate::game::Evaluator<Position> for Evaluator {
    fn evaluate(&self, position: &Position) -> Score {
        Evaluator::evaluate(*self, position)
    }

    /// Nothing one move from the leaves: there the mobility count costs
    /// as much as the evaluations it might save (on 24 midgame positions
    /// at depth 13: 3% more nodes, 20% less time).
    fn move_order_hint(&self, position: &Position, mv: Move, depth: i32) -> i32 {
        if depth < 2 {
            return 0;
        }
        move_order_hint(position, mv)
    }

    /// No: a move's worth depends on the whole board, and with the
    /// history table the search above visits 10% more nodes.
    fn uses_history(&self) -> bool {
        false
    }

    /// The margins were measured with the trained evaluation; the
    /// hand-made one (kept for comparisons) searches without ProbCut.
    fn probcut(&self, position: &Position, depth: i32) -> Option<ProbCut> {
        match self {
            Evaluator::HandMade => None,
            _ => probcut(depth, position.empties().count_ones() as i32),
        }
    }

    /// Two discs either side of the last same-parity score.
    fn aspiration_window(&self, _position: &Position) -> Option<Score> {
        Some(2 * DISC)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::othello::notation::parse_board;
    use crate::search::{Budget, Limits, Searcher};

    #[test]
    fn probcut_predicts_from_a_shallower_search_of_the_same_parity() {
        for depth in PROBCUT_MIN_DEPTH..30 {
            let cut = probcut(depth, 60).expect("a midgame depth");
            assert!(cut.depth >= 2 && cut.depth < depth, "depth {depth}");
            assert_eq!((depth - cut.depth) % 2, 0, "depth {depth}");
            assert!(cut.margin >= DISC, "depth {depth}: margin {}", cut.margin);
        }
        assert_eq!(probcut(PROBCUT_MIN_DEPTH - 1, 60), None);
    }

    #[test]
    fn searches_that_reach_the_end_are_never_selective() {
        for empties in 1..=20 {
            for depth in empties..=empties + 3 {
                assert_eq!(probcut(depth, empties), None);
            }
        }
        // A selective search to the end gives the exact score, the same as
        // the full search.
        // FFO #1 with four squares of its last row filled: 10 empties.
        let position = parse_board(
            "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--XOOXX---- X",
            Variant::Standard,
        )
        .expect("a board");
        let empties = position.empties().count_ones();
        let clock = ManualClock::new();
        let mut scores = Vec::new();
        for selective in [false, true] {
            let mut searcher = Searcher::new(16, Evaluator::Standard);
            searcher.set_selective(selective);
            let result = searcher.search(
                &position,
                &Budget::new(Limits::depth(empties), &clock),
                &mut |_| {},
            );
            assert!(result.exact);
            scores.push(result.score);
        }
        assert_eq!(scores[0], scores[1]);
    }
}
