//! Othello puzzles: positions from real games whose answer is proved, by
//! the exact solver or (for corners) by a complete search of the replies.
//!
//! A position becomes a puzzle of the first kind it qualifies for, in the
//! order of [`Kind::ALL`]:
//! * `wipeout`: the side to move can leave the opponent without a disc;
//! * `corner`: no corner is playable now, but exactly one move forces a
//!   corner within `n` of the mover's moves, whatever the replies;
//! * `parity`: an endgame in several regions of empty squares where the
//!   only best move is in a region with an odd number of empties, and every
//!   move in an even region does worse;
//! * `only-move`: one move keeps the result (win, or draw), all others lose
//!   it;
//! * `exact-score`: a single best move; the answer includes the final score;
//! * `best-move`: a single best move, at least [`CLEAR_MARGIN`] discs
//!   better than the next.
//!
//! Puzzles are compared under the board's eight symmetries: two that map
//! onto each other are the same puzzle ([`canonical`]).

use super::bitboard;
use super::pattern::features::views;
use super::{Analyzer, Color, Move, Position, Rules, Square};
use crate::search::Budget;

/// The kinds of puzzle, in the order a position is tried against them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// Wipe the opponent out.
    Wipeout,
    /// Force a corner within a few moves.
    Corner,
    /// Win the endgame by playing in the odd region.
    Parity,
    /// The only move that keeps the win (or the draw).
    OnlyMove,
    /// The best move and the final score.
    ExactScore,
    /// A clearly best move.
    BestMove,
}

impl Kind {
    /// Every kind, in the order a position is tried against them.
    pub const ALL: [Kind; 6] = [
        Kind::Wipeout,
        Kind::Corner,
        Kind::Parity,
        Kind::OnlyMove,
        Kind::ExactScore,
        Kind::BestMove,
    ];

    /// The kind's name in files and links.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Wipeout => "wipeout",
            Kind::Corner => "corner",
            Kind::Parity => "parity",
            Kind::OnlyMove => "only-move",
            Kind::ExactScore => "exact-score",
            Kind::BestMove => "best-move",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// How much better than the next move a `best-move` answer must be, in discs.
pub const CLEAR_MARGIN: i32 = 4;
/// The most moves a `corner` puzzle may need (the corner move included).
pub const CORNER_TURNS: u32 = 3;
/// The most empty squares of a `parity` endgame.
pub const PARITY_EMPTIES: u32 = 12;
/// The most empty squares of an `exact-score` puzzle.
pub const EXACT_SCORE_EMPTIES: u32 = 14;

const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;

/// Whether `square` is a corner of the 8×8 board.
pub fn is_corner(square: Square) -> bool {
    CORNERS & square.bit() != 0
}

/// A puzzle: a position, what kind of question it asks and its answer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// The position (8×8, standard rules), the solver's side to move.
    pub position: Position,
    /// The question.
    pub kind: Kind,
    /// The answer first, then the expected line (for `corner`: a line
    /// that takes the corner).
    pub solution: Vec<Move>,
    /// The final disc difference for the side to move with perfect play
    /// (`corner` puzzles: `None`, they are not solved to the end).
    pub score: Option<i32>,
    /// For `corner`: within how many of the mover's moves.
    pub turns: Option<u32>,
}

/// Every legal move's exact final score (discs, for the side to move) and
/// the perfect line after it, best first; `None` if the budget (shared by
/// the moves) runs out.
pub fn exact_scores(
    analyzer: &mut Analyzer,
    position: &Position,
    budget: &Budget,
) -> Option<Vec<(Move, i32, Vec<Move>)>> {
    let mut scores = Vec::new();
    let mut nodes = 0;
    for mv in position.moves() {
        let child = position.play(mv);
        let solution = analyzer.solve(&child, &budget.child(budget.remaining(nodes)))?;
        nodes += solution.nodes;
        let mut line = vec![mv];
        line.extend(solution.pv);
        scores.push((mv, -solution.score, line));
    }
    // Ties keep the board order, so that the result does not depend on
    // the solver's move ordering.
    scores.sort_by_key(|&(mv, score, _)| (std::cmp::Reverse(score), move_index(mv)));
    Some(scores)
}

fn move_index(mv: Move) -> usize {
    match mv {
        Move::Place(square) => square.index(),
        Move::Pass => 64,
    }
}

/// The puzzle `position` makes, if any. `scores` are its exact move scores
/// ([`exact_scores`]), when they could be computed.
pub fn classify(position: &Position, scores: Option<&[(Move, i32, Vec<Move>)]>) -> Option<Puzzle> {
    if position.rules() != Rules::default() || position.legal_squares().count_ones() < 2 {
        return None;
    }
    let empties = position.empties().count_ones();
    let puzzle = |kind, solution: &Vec<Move>, score| Puzzle {
        position: *position,
        kind,
        solution: solution.clone(),
        score: Some(score),
        turns: None,
    };
    if let Some(scores) = scores {
        let (best, second) = (&scores[0], &scores[1]);
        let unique = best.1 > second.1;
        if best.1 == 64 && unique {
            return Some(puzzle(Kind::Wipeout, &best.2, best.1));
        }
        if unique && empties <= PARITY_EMPTIES && is_parity_answer(position, scores) {
            return Some(puzzle(Kind::Parity, &best.2, best.1));
        }
        // The result (win, draw or loss) of the best move, and of no other.
        if best.1 >= 0 && second.1.signum() < best.1.signum() {
            return Some(puzzle(Kind::OnlyMove, &best.2, best.1));
        }
        if unique && empties <= EXACT_SCORE_EMPTIES {
            return Some(puzzle(Kind::ExactScore, &best.2, best.1));
        }
        if best.1 - second.1 >= CLEAR_MARGIN {
            return Some(puzzle(Kind::BestMove, &best.2, best.1));
        }
        return None;
    }
    corner_puzzle(position)
}

/// The `corner` puzzle of `position`, if it is one.
pub fn corner_puzzle(position: &Position) -> Option<Puzzle> {
    if position.legal_squares() & CORNERS != 0 {
        return None;
    }
    let side = position.side_to_move();
    let turns = (2..=CORNER_TURNS).find(|&n| forces_corner(position, side, n))?;
    let forcing: Vec<Move> = position
        .moves()
        .into_iter()
        .filter(|&mv| forces_corner(&position.play(mv), side, turns - 1))
        .collect();
    let [answer] = forcing[..] else {
        return None;
    };
    Some(Puzzle {
        position: *position,
        kind: Kind::Corner,
        solution: corner_line(&position.play(answer), side, turns - 1, vec![answer]),
        score: None,
        turns: Some(turns),
    })
}

/// Whether `side` takes a corner within `turns` of its own moves (a forced
/// pass uses one), whatever the opponent plays.
pub fn forces_corner(position: &Position, side: Color, turns: u32) -> bool {
    if position.is_over() {
        return false;
    }
    if position.side_to_move() == side {
        turns > 0
            && (position.legal_squares() & CORNERS != 0
                || position
                    .moves()
                    .into_iter()
                    .any(|mv| forces_corner(&position.play(mv), side, turns - 1)))
    } else {
        position
            .moves()
            .into_iter()
            .all(|mv| forces_corner(&position.play(mv), side, turns))
    }
}

/// A line after the answer that ends with `side` taking a corner: the
/// opponent's first reply (in board order) each time, `side`'s first
/// forcing move.
fn corner_line(position: &Position, side: Color, turns: u32, mut line: Vec<Move>) -> Vec<Move> {
    let mut position = *position;
    let mut turns = turns;
    while !position.is_over() {
        let mv = if position.side_to_move() == side {
            if let Some(corner) = Square::iter(position.legal_squares() & CORNERS).next() {
                line.push(Move::Place(corner));
                break;
            }
            let next = position
                .moves()
                .into_iter()
                .find(|&mv| forces_corner(&position.play(mv), side, turns - 1));
            turns -= 1;
            match next {
                Some(mv) => mv,
                None => break,
            }
        } else {
            position.moves()[0]
        };
        line.push(mv);
        position = position.play(mv);
    }
    line
}

/// The regions of empty squares (8-connected), as bitboards.
pub fn regions(empties: u64) -> Vec<u64> {
    let mut rest = empties;
    let mut found = Vec::new();
    while rest != 0 {
        let mut region = rest & rest.wrapping_neg();
        loop {
            let grown = (region | bitboard::neighbours(region)) & empties;
            if grown == region {
                break;
            }
            region = grown;
        }
        rest &= !region;
        found.push(region);
    }
    found
}

/// Whether the best move answers by parity: several regions, the best move
/// in an odd one, and every move in an even region worse.
fn is_parity_answer(position: &Position, scores: &[(Move, i32, Vec<Move>)]) -> bool {
    let regions = regions(position.empties());
    if regions.len() < 2 {
        return false;
    }
    let odd = |mv: Move| match mv {
        Move::Place(square) => regions
            .iter()
            .any(|r| r & square.bit() != 0 && r.count_ones() % 2 == 1),
        Move::Pass => false,
    };
    let best = scores[0].1;
    odd(scores[0].0)
        && scores.iter().filter(|s| !odd(s.0)).all(|s| s.1 < best)
        && scores.iter().any(|s| !odd(s.0))
}

/// The position under each of the board's eight symmetries (8×8: the
/// views of the pattern evaluation, [`views`]).
pub fn symmetries(position: &Position) -> [Position; 8] {
    let setup = position.to_setup();
    let (black, white) = (views(setup.black), views(setup.white));
    std::array::from_fn(|k| {
        Position::from_setup(
            super::Setup {
                black: black[k],
                white: white[k],
                ..setup
            },
            position.rules().variant,
        )
        .expect("a symmetric board is as legal")
    })
}

/// The same representative for a position and all its symmetric images:
/// the smallest (black, white, side) among them.
pub fn canonical(position: &Position) -> (u64, u64, u8) {
    let setup = position.to_setup();
    let (black, white) = (views(setup.black), views(setup.white));
    (0..8)
        .map(|k| (black[k], white[k], setup.side_to_move as u8))
        .min()
        .expect("eight images")
}

/// A first estimate of how hard a puzzle is, on the Glicko scale (1500 is
/// average); learners' results then move it. Longer and wider positions are
/// harder, an answer that is not the greedy (most discs flipped) move is
/// harder, and the kinds differ.
pub fn initial_rating(puzzle: &Puzzle) -> u32 {
    let position = &puzzle.position;
    let empties = position.empties().count_ones() as i32;
    let choices = position.legal_squares().count_ones().min(12) as i32;
    let greedy = Square::iter(position.legal_squares())
        .max_by_key(|&s| (position.flips(s).count_ones(), std::cmp::Reverse(s.index())))
        .map(Move::Place);
    let surprising = greedy != puzzle.solution.first().copied();
    let kind = match puzzle.kind {
        Kind::Wipeout => -150,
        Kind::Corner => 50 * puzzle.turns.unwrap_or(2) as i32 - 100,
        Kind::Parity => 150,
        Kind::OnlyMove => 100,
        Kind::ExactScore => 250,
        Kind::BestMove => 0,
    };
    (900 + 20 * empties + 30 * choices + if surprising { 200 } else { 0 } + kind).clamp(600, 2600)
        as u32
}

/// Why a stored puzzle does not hold.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VerifyError {
    /// The solver ran out of budget.
    Unsolved,
    /// The position makes another puzzle (or none).
    Kind(Option<Kind>),
    /// Its answer or score differs from the stored one.
    Answer,
}

/// Checks a stored puzzle from scratch: its position makes a puzzle of the
/// same kind, with the same answer and score.
pub fn verify(
    puzzle: &Puzzle,
    analyzer: &mut Analyzer,
    budget: &Budget,
) -> Result<(), VerifyError> {
    let found = if puzzle.kind == Kind::Corner {
        corner_puzzle(&puzzle.position)
    } else {
        let scores =
            exact_scores(analyzer, &puzzle.position, budget).ok_or(VerifyError::Unsolved)?;
        classify(&puzzle.position, Some(&scores))
    };
    match found {
        Some(found) if found.kind == puzzle.kind => {
            let same = found.solution.first() == puzzle.solution.first()
                && found.score == puzzle.score
                && found.turns == puzzle.turns;
            if same {
                Ok(())
            } else {
                Err(VerifyError::Answer)
            }
        }
        other => Err(VerifyError::Kind(other.map(|p| p.kind))),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::clock::SystemClock;
    use crate::othello::notation::replay_from_start;
    use crate::search::Limits;

    fn after(moves: &str) -> Position {
        replay_from_start(Rules::default(), moves).unwrap().last()
    }

    #[test]
    fn the_eight_symmetries_are_a_group() {
        // Views 1, 2 and 4: columns reversed, rows reversed, transposed.
        let (mirror_horizontal, flip_vertical, transpose) =
            (|b| views(b)[1], |b| views(b)[2], |b| views(b)[4]);
        let b = 0x0123_4567_89ab_cdefu64;
        assert_eq!(flip_vertical(flip_vertical(b)), b);
        assert_eq!(mirror_horizontal(mirror_horizontal(b)), b);
        assert_eq!(transpose(transpose(b)), b);
        // a1 → h1, a1 → a8, b1 → a2.
        assert_eq!(mirror_horizontal(1), 1 << 7);
        assert_eq!(flip_vertical(1), 1 << 56);
        assert_eq!(transpose(1 << 1), 1 << 8);
        // The four first moves are one; f5 d6 and f5 f6 are not.
        let f5 = canonical(&after("f5"));
        for other in ["e6", "d3", "c4"] {
            assert_eq!(canonical(&after(other)), f5, "{other}");
        }
        assert_ne!(canonical(&after("f5d6")), canonical(&after("f5f6")));
        assert_eq!(canonical(&after("f5d6")), canonical(&after("c4e3")));
        let start = Position::start(Rules::default());
        let same = |p: Position| symmetries(&p).iter().filter(|q| **q == p).count();
        // The start: the identity, the half turn and the two diagonals.
        assert_eq!(same(start), 4);
        assert_eq!(same(after("f5")), 1);
    }

    #[test]
    fn regions_of_empty_squares() {
        let a1 = 1u64;
        let h8 = 1u64 << 63;
        let b2 = 1u64 << 9;
        assert_eq!(regions(a1 | h8).len(), 2);
        assert_eq!(regions(a1 | b2).len(), 1);
        assert_eq!(regions(0).len(), 0);
    }

    #[test]
    fn kinds_are_judged_from_exact_scores() {
        // A full board but for two squares: the side to move has two moves.
        let clock = SystemClock::new();
        let budget = Budget::new(Limits::nodes(10_000_000), &clock);
        let mut analyzer = Analyzer::new(16);
        // Ten empties, from a game where each side plays its first legal move.
        let mut position = Position::start(Rules::default());
        while position.empties().count_ones() > 10 {
            position = position.play(position.moves()[0]);
        }
        let scores = exact_scores(&mut analyzer, &position, &budget).unwrap();
        assert!(scores.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
        for (mv, score, line) in &scores {
            assert_eq!(line[0], *mv);
            let end = line.iter().fold(position, |p, &m| p.play(m));
            assert!(end.is_over());
            let sign = if end.side_to_move() == position.side_to_move() {
                1
            } else {
                -1
            };
            assert_eq!(sign * end.final_disc_score(), *score);
        }
        if let Some(puzzle) = classify(&position, Some(&scores)) {
            assert_eq!(verify(&puzzle, &mut analyzer, &budget), Ok(()));
        }
    }

    fn board(text: &str) -> Position {
        crate::othello::notation::parse_board(text, crate::othello::Variant::Standard).unwrap()
    }

    #[test]
    fn forced_corners() {
        // From the shipped set: X takes a1 after a3 whatever O replies; O
        // takes a8 after h4.
        let cases = [
            (
                "--X-----O-X------OXXXXO-OOOOOOOO-OOOOOXO-OOOOXOX-OOOOOOOO--OOOOO X",
                "a3",
            ),
            (
                "----OX-XO-OOXXX-OOXOXXXXOOOXXXX-OOXXXOX-OOXOOOOX-XXOO----------- O",
                "h4",
            ),
        ];
        let clock = SystemClock::new();
        let budget = Budget::new(Limits::nodes(1), &clock);
        let mut analyzer = Analyzer::new(10);
        for (text, answer) in cases {
            let position = board(text);
            let side = position.side_to_move();
            let puzzle = corner_puzzle(&position).expect("a corner puzzle");
            assert_eq!(puzzle.solution[0].to_string(), answer);
            assert_eq!(puzzle.turns, Some(2));
            assert!(!forces_corner(&position, side, 1), "no corner at once");
            for mv in position.moves() {
                let forces = forces_corner(&position.play(mv), side, 1);
                assert_eq!(forces, mv == puzzle.solution[0], "{mv}");
            }
            let end = puzzle.solution.iter().fold(position, |p, &m| p.play(m));
            assert_ne!(
                end.discs(side) & CORNERS & !position.discs(side),
                0,
                "the line takes a corner"
            );
            assert_eq!(verify(&puzzle, &mut analyzer, &budget), Ok(()));
        }
    }

    #[test]
    fn a_parity_endgame() {
        // From the shipped set: d1 is the only best move (−4); it is in the
        // odd region, and the moves of the even one do worse.
        let position = board("XOX-OX---OOOX----OXXOXXXOOXXOXXOXXOOXXXOXXXXXXXXOOXOXXXXOOOOOOOO X");
        let clock = SystemClock::new();
        let budget = Budget::new(Limits::nodes(50_000_000), &clock);
        let mut analyzer = Analyzer::new(16);
        let scores = exact_scores(&mut analyzer, &position, &budget).unwrap();
        let puzzle = classify(&position, Some(&scores)).unwrap();
        assert_eq!(puzzle.kind, Kind::Parity);
        assert_eq!(
            (puzzle.solution[0].to_string(), puzzle.score),
            ("d1".to_string(), Some(-4))
        );
        assert!(regions(position.empties()).len() >= 2);
    }
}
