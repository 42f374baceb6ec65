//! The exact endgame solver: perfect play to the last disc.
//!
//! Negamax alpha-beta on bare bitboards with principal variation search,
//! a transposition table holding bounds, fastest-first move ordering where
//! the tree is wide, parity ordering and no move lists near the leaves, and
//! a direct count for the last empty square. Scores are final disc
//! differences for the side to move (empties to the winner; anti-Othello:
//! opponent's discs minus own).

use crate::engine::search::limits::Budget;

use super::bitboard::{flips, legal_moves};
use super::game::board_hash;
use super::position::{Move, Position};
use super::rules::Variant;
use super::square::Square;

/// Below this many empties the solver iterates over the empty squares
/// directly, without move lists, ordering or the table.
const SHALLOW_EMPTIES: u32 = 6;
/// From this many empties on, moves are sorted by the opponent's mobility.
const SORT_EMPTIES: u32 = 7;
/// How often (in nodes) the budget is checked; a power of two minus one.
const CHECK_INTERVAL: u64 = 4095;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
}

/// The exact result of a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// A best move (`None` only when the game is over).
    pub best: Option<Move>,
    /// The final disc difference with perfect play, for the side to move.
    pub score: i32,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// Nodes visited.
    pub nodes: u64,
}

/// An endgame solver with its transposition table; reuse it across solves.
pub struct EndgameSolver {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
    aborted: bool,
    anti: bool,
    board: u64,
    /// Empty squares ordered by the region parity rule, refreshed per node.
    quadrant_of: [u64; 4],
}

impl EndgameSolver {
    /// A solver with a table of `2^bits` entries.
    pub fn new(bits: u32) -> EndgameSolver {
        let len = 1usize << bits;
        EndgameSolver {
            table: vec![Entry::default(); len],
            mask: len - 1,
            nodes: 0,
            aborted: false,
            anti: false,
            board: !0,
            quadrant_of: [0; 4],
        }
    }

    /// Nodes visited by the last solve, finished or not.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Solves `position` exactly, or returns `None` when the budget runs out
    /// first.
    pub fn solve(&mut self, position: &Position, budget: &Budget) -> Option<Solution> {
        self.solve_window(position, -64, 64, budget)
    }

    /// Solves `position` within the window `alpha..beta` (disc scores): the
    /// score is exact when strictly inside, otherwise a bound on the side it
    /// fell. A window of `-1..1` decides win, draw or loss.
    pub fn solve_window(
        &mut self,
        position: &Position,
        alpha: i32,
        beta: i32,
        budget: &Budget,
    ) -> Option<Solution> {
        let rules = position.rules();
        if rules.variant == Variant::Reversi
            && (position.player() | position.opponent()).count_ones() < 4
        {
            return None;
        }
        self.nodes = 0;
        self.aborted = false;
        self.anti = rules.variant == Variant::Anti;
        self.board = rules.size.mask();
        let n = rules.size.side();
        let half = n / 2;
        for (q, quadrant) in self.quadrant_of.iter_mut().enumerate() {
            *quadrant = rules
                .size
                .squares_in_order()
                .filter(|s| (s.column() >= half) as usize + 2 * (s.row() >= half) as usize == q)
                .fold(0, |m, s| m | s.bit());
        }
        let (p, o) = (position.player(), position.opponent());
        let moves = legal_moves(p, o, self.board);
        let empties = (self.board & !(p | o)).count_ones();
        if moves == 0 {
            if legal_moves(o, p, self.board) == 0 {
                return Some(Solution {
                    best: None,
                    score: self.final_score(p, o),
                    pv: Vec::new(),
                    nodes: 1,
                });
            }
            let score = -self.search(o, p, -beta, -alpha, empties, budget);
            return (!self.aborted).then(|| Solution {
                best: Some(Move::Pass),
                score,
                pv: self.principal_variation(position.play_unchecked(Move::Pass), Some(Move::Pass)),
                nodes: self.nodes,
            });
        }
        let mut alpha = alpha;
        let mut best = None;
        let mut best_score = -65;
        for square in self.ordered_moves(p, o, moves, None) {
            let f = flips(p, o, square);
            let (np, no) = (o ^ f, p | f | 1 << square);
            let score = if best.is_none() {
                -self.search(np, no, -beta, -alpha, empties - 1, budget)
            } else {
                let probe = -self.search(np, no, -alpha - 1, -alpha, empties - 1, budget);
                if probe > alpha && probe < beta {
                    -self.search(np, no, -beta, -alpha, empties - 1, budget)
                } else {
                    probe
                }
            };
            if self.aborted {
                return None;
            }
            if score > best_score {
                best_score = score;
                best = Some(square);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let best = best.map(|s| Move::Place(Square::from_index(s as u8).expect("a board square")));
        let after = position.play_unchecked(best.expect("a legal move"));
        Some(Solution {
            best,
            score: best_score,
            pv: self.principal_variation(after, best),
            nodes: self.nodes,
        })
    }

    /// The best line: the table's moves while it has them, then (near the
    /// end, where it is cheap) moves found by solving again.
    fn principal_variation(&mut self, mut position: Position, first: Option<Move>) -> Vec<Move> {
        let mut pv: Vec<Move> = first.into_iter().collect();
        while pv.len() < 64 && !position.is_over() {
            let mv = if position.must_pass() {
                Move::Pass
            } else {
                match self
                    .table_move(&position)
                    .or_else(|| self.best_by_solving(&position))
                {
                    Some(mv) => mv,
                    None => break,
                }
            };
            pv.push(mv);
            position = position.play_unchecked(mv);
        }
        pv
    }

    fn table_move(&self, position: &Position) -> Option<Move> {
        let key = board_hash(position.player(), position.opponent());
        let entry = self.table[key as usize & self.mask];
        let square =
            Square::from_index(entry.best).filter(|s| position.legal_squares() & s.bit() != 0);
        (entry.key == key)
            .then_some(square)
            .flatten()
            .map(Move::Place)
    }

    /// The best move of a position with few empties, by a full-window solve
    /// of each move.
    fn best_by_solving(&mut self, position: &Position) -> Option<Move> {
        let empties = position.empties().count_ones();
        if empties > 12 {
            return None;
        }
        let clock = crate::engine::clock::ManualClock::new();
        let unlimited = Budget::new(crate::engine::search::Limits::default(), &clock);
        let (p, o) = (position.player(), position.opponent());
        Square::iter(position.legal_squares())
            .map(|s| {
                let f = flips(p, o, s.index());
                let score = -self.search(o ^ f, p | f | s.bit(), -64, 64, empties - 1, &unlimited);
                (score, s)
            })
            .max_by_key(|&(score, _)| score)
            .map(|(_, s)| Move::Place(s))
    }

    #[inline]
    fn final_score(&self, p: u64, o: u64) -> i32 {
        let own = p.count_ones() as i32;
        let theirs = o.count_ones() as i32;
        if self.anti {
            return theirs - own;
        }
        let empties = (self.board & !(p | o)).count_ones() as i32;
        let diff = own - theirs;
        if diff > 0 {
            diff + empties
        } else if diff < 0 {
            diff - empties
        } else {
            0
        }
    }

    #[inline]
    fn tick(&mut self, budget: &Budget) {
        self.nodes += 1;
        if self.nodes & CHECK_INTERVAL == 0 && budget.exhausted(self.nodes) {
            self.aborted = true;
        }
    }

    /// Moves sorted fastest-first: fewest opponent replies, corners first,
    /// the table's move before all.
    fn ordered_moves(
        &self,
        p: u64,
        o: u64,
        moves: u64,
        table_move: Option<usize>,
    ) -> impl Iterator<Item = usize> {
        let mut keyed: [(i32, usize); 32] = [(0, 0); 32];
        let mut count = 0;
        let mut rest = moves;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, square);
            let (np, no) = (o ^ f, p | f | 1 << square);
            let replies = legal_moves(np, no, self.board);
            let mut key =
                -16 * (replies.count_ones() as i32 + (replies & CORNERS).count_ones() as i32);
            if CORNERS & 1 << square != 0 {
                key += 8;
            }
            if Some(square) == table_move {
                key = i32::MAX;
            }
            if count < keyed.len() {
                keyed[count] = (key, square);
                count += 1;
            }
        }
        let slice = &mut keyed[..count];
        slice.sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
        let ordered: Vec<usize> = slice.iter().map(|&(_, s)| s).collect();
        ordered.into_iter()
    }

    fn search(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
        budget: &Budget,
    ) -> i32 {
        if empties <= SHALLOW_EMPTIES {
            return self.shallow(p, o, alpha, beta, self.board & !(p | o), false, budget);
        }
        self.tick(budget);
        if self.aborted {
            return 0;
        }
        let moves = legal_moves(p, o, self.board);
        if moves == 0 {
            if legal_moves(o, p, self.board) == 0 {
                return self.final_score(p, o);
            }
            return -self.search(o, p, -beta, -alpha, empties, budget);
        }

        let key = board_hash(p, o);
        let slot = key as usize & self.mask;
        let mut table_move = None;
        let entry = self.table[slot];
        if entry.key == key {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            if alpha >= beta {
                return alpha;
            }
            table_move = Some(entry.best as usize);
        }

        let alpha_start = alpha;
        let mut best_score = -65;
        let mut best_square = 64;
        let ordered: Vec<usize> = if empties >= SORT_EMPTIES {
            self.ordered_moves(p, o, moves, table_move).collect()
        } else {
            let mut list = Vec::with_capacity(moves.count_ones() as usize);
            list.extend(super::square::Square::iter(moves).map(Square::index));
            list
        };
        for (i, &square) in ordered.iter().enumerate() {
            let f = flips(p, o, square);
            let (np, no) = (o ^ f, p | f | 1 << square);
            let score = if i == 0 {
                -self.search(np, no, -beta, -alpha, empties - 1, budget)
            } else {
                let probe = -self.search(np, no, -alpha - 1, -alpha, empties - 1, budget);
                if probe > alpha && probe < beta {
                    -self.search(np, no, -beta, -alpha, empties - 1, budget)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_square = square;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }

        let (lower, upper) = if best_score <= alpha_start {
            (-64, best_score)
        } else if best_score >= beta {
            (best_score, 64)
        } else {
            (best_score, best_score)
        };
        let old = &mut self.table[slot];
        if old.key == key || old.empties as u32 <= empties {
            *old = Entry {
                key,
                lower: lower as i8,
                upper: upper as i8,
                best: best_square as u8,
                empties: empties as u8,
            };
        }
        best_score
    }

    /// The last few empties: no move list, no table; squares in regions with
    /// an odd number of empties first (parity).
    #[allow(clippy::too_many_arguments)]
    fn shallow(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empty: u64,
        passed: bool,
        budget: &Budget,
    ) -> i32 {
        self.tick(budget);
        if self.aborted {
            return 0;
        }
        if empty == 0 {
            return self.final_score(p, o);
        }
        if empty & (empty - 1) == 0 {
            return self.last_square(p, o, empty.trailing_zeros() as usize);
        }
        let mut odd = 0;
        for quadrant in self.quadrant_of {
            if (empty & quadrant).count_ones() & 1 == 1 {
                odd |= empty & quadrant;
            }
        }
        let mut best = -65;
        for group in [empty & odd, empty & !odd] {
            let mut rest = group;
            while rest != 0 {
                let square = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let f = flips(p, o, square);
                if f == 0 {
                    continue;
                }
                let bit = 1u64 << square;
                let score = -self.shallow(
                    o ^ f,
                    p | f | bit,
                    -beta,
                    -alpha,
                    empty ^ bit,
                    false,
                    budget,
                );
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if best == -65 {
            return if passed {
                self.final_score(p, o)
            } else {
                -self.shallow(o, p, -beta, -alpha, empty, true, budget)
            };
        }
        best
    }

    /// The score when only `square` is empty: whoever can play there does.
    #[inline]
    fn last_square(&mut self, p: u64, o: u64, square: usize) -> i32 {
        self.nodes += 1;
        let bit = 1u64 << square;
        let f = flips(p, o, square);
        if f != 0 {
            return self.final_score(p | f | bit, o ^ f);
        }
        let f = flips(o, p, square);
        if f != 0 {
            return self.final_score(p ^ f, o | f | bit);
        }
        self.final_score(p, o)
    }
}

/// The four corners of the 8×8 board.
const CORNERS: u64 = 0x8100_0000_0000_0081;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::clock::ManualClock;
    use crate::engine::othello::rules::{BoardSize, Rules};
    use crate::engine::search::limits::Limits;

    /// Plain negamax to the end, through the public position API.
    fn brute_force(position: &Position) -> i32 {
        if position.is_over() {
            return position.final_disc_score();
        }
        position
            .moves()
            .into_iter()
            .map(|m| -brute_force(&position.play(m)))
            .max()
            .unwrap()
    }

    #[test]
    fn agrees_with_brute_force_on_random_late_positions() {
        let clock = ManualClock::new();
        let budget = Budget::new(Limits::default(), &clock);
        let mut solver = EndgameSolver::new(12);
        let mut rng = crate::engine::rng::Rng::new(2024);
        for (size, variant, empties) in [
            (BoardSize::Eight, Variant::Standard, 9),
            (BoardSize::Eight, Variant::Anti, 8),
            (BoardSize::Six, Variant::Standard, 10),
            (BoardSize::Four, Variant::Standard, 12),
        ] {
            let rules = Rules::new(size, variant);
            let mut checked = 0;
            while checked < 25 {
                let mut p = Position::start(rules);
                while p.empties().count_ones() > empties && !p.is_over() {
                    let moves = p.moves();
                    p = p.play(*rng.choose(&moves).unwrap());
                }
                if p.is_over() {
                    continue;
                }
                let solution = solver.solve(&p, &budget).unwrap();
                assert_eq!(solution.score, brute_force(&p), "{p:?}");
                let best = solution.best.unwrap();
                assert_eq!(
                    -brute_force(&p.play(best)),
                    solution.score,
                    "best move {best} in {p:?}"
                );
                checked += 1;
            }
        }
    }
}
