//! The exact endgame solver: perfect play to the last disc.
//!
//! Negamax alpha-beta on bare bitboards, organised by how many squares are
//! empty, as the fast solvers are:
//!
//! * 1 empty: the final count directly; 2–4: the squares in a small array,
//!   tried in parity order (quadrants with an odd number of empties first);
//!   5–7: the same order over a bitboard of empties, with the quadrant
//!   parities updated move by move; stability cut-offs from 3 empties on;
//! * 8 and more: the move list sorted fastest-first (fewest and poorest
//!   replies for the opponent), a two-way transposition table of bounds,
//!   stability cut-offs (the opponent's stable discs cap the score), from 11
//!   empties enhanced transposition cut-offs, and from 16 empties the
//!   evaluation after a shallow search added to the ordering key;
//! * at the root: win/draw/loss first with a null window, then the exact
//!   score by MTD(f) probes from a shallow search's estimate.
//!
//! Scores are final disc differences for the side to move (empties to the
//! winner; anti-Othello: the opponent's discs minus one's own).
//!
//! The work is split by job, as Edax splits it: this module drives a solve
//! (win/draw/loss, MTD(f), the principal variation); [`table`] is its
//! transposition table; [`ordering`] orders moves and estimates scores;
//! [`deep`] searches positions of 8 and more empties; [`kernels`] finishes
//! the last 7.

mod deep;
mod kernels;
mod ordering;
#[cfg(not(target_arch = "wasm32"))]
mod parallel;
mod selective;
mod table;
#[cfg(test)]
pub(super) mod tests;

use std::ops::Range;
use std::sync::Arc;

use crate::search::limits::Budget;
use crate::shared_table::SharedTable;

use super::bitboard::{flips, legal_moves};
use super::eval::Evaluator;
use super::position::{Move, Position};
use super::rules::{BoardSize, Rules, Variant};
use super::square::Square;

use ordering::OrderedMove;
pub use selective::Selectivity;

/// How far below the estimate (in discs) MTD(f) starts probing (FFO
/// #25–#49: 2 saves 11% of the nodes, 4 no more; with the round-11
/// evaluation #25–#39 are unchanged and #45+#48+#49 save 12%).
const MTD_UNDERSHOOT: i32 = 2;

/// How often (in nodes) the budget is checked; a power of two minus one.
pub(super) const CHECK_INTERVAL: u64 = 4095;
/// Scores lie within ±64 (any board size up to 8×8).
pub(super) const MAX_SCORE: i32 = 64;

/// More than any position's legal moves (33 is the most known).
pub(super) const MAX_MOVES: usize = 48;

/// The exact result of a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// A best move (`None` only when the game is over).
    pub best: Option<Move>,
    /// The final disc difference with perfect play, for the side to move.
    pub score: i32,
    /// The principal variation, starting with `best`: a whole game ending in
    /// `score` (just `best` when the score is only a bound).
    pub pv: Vec<Move>,
    /// Nodes visited.
    pub nodes: u64,
}

/// What a solve proved about the score before its budget ran out (or in
/// the end): `lower ≤ score ≤ upper`, and a move that achieves `lower`
/// once a probe has proved more than the worst case.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bounds {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// A move proved to reach `lower`.
    pub best: Option<Move>,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            lower: -MAX_SCORE,
            upper: MAX_SCORE,
            best: None,
        }
    }
}

/// An endgame solver with its transposition table; reuse it across solves.
pub struct EndgameSolver {
    /// The transposition table, shared with the threads of a parallel
    /// solve.
    table: Arc<SharedTable>,
    nodes: u64,
    /// Nodes of the ordering and estimating midgame searches: not counted
    /// as solver nodes, but they too check the budget.
    midgame_nodes: u64,
    aborted: bool,
    /// How sure the running solve is (exact unless a selective solve).
    selectivity: Selectivity,
    /// What the last solve proved, finished or not.
    proven: Bounds,
    anti: bool,
    rules: Rules,
    board: u64,
    /// Stability cut-offs need the 8×8 geometry and standard scoring.
    use_stability: bool,
    /// The evaluation behind the ordering searches and the estimate.
    evaluator: Evaluator,
    /// The whole 8×8 board is in play (the last square's flips can be
    /// counted from the mover's discs alone).
    full_board: bool,
    /// Whether the table may hold anything (a solve ran since the last
    /// clear), so that clearing an unused solver costs nothing.
    used: bool,
    /// The squares of each quarter of the board (parity regions).
    quadrants: [u64; 4],
    /// The parity bit of each square's quadrant.
    quadrant_bit: [u8; 64],
    /// For each set of parity bits, the squares of those quadrants.
    parity_squares: [u64; 16],
    /// How many threads a solve uses (see `parallel`; 1 on wasm).
    threads: usize,
    /// The threads of the running parallel solve.
    #[cfg(not(target_arch = "wasm32"))]
    pool: Option<Arc<parallel::Pool>>,
    /// The split point this thread works under, in a parallel solve.
    #[cfg(not(target_arch = "wasm32"))]
    split: Option<Arc<parallel::SplitPoint>>,
}

impl EndgameSolver {
    /// A solver with a table of `2^bits` entries.
    pub fn new(bits: u32) -> EndgameSolver {
        EndgameSolver {
            table: Arc::new(SharedTable::new(bits)),
            nodes: 0,
            midgame_nodes: 0,
            aborted: false,
            selectivity: Selectivity::EXACT,
            proven: Bounds::default(),
            anti: false,
            rules: Rules::default(),
            board: !0,
            use_stability: true,
            full_board: true,
            evaluator: Evaluator::Standard,
            used: false,
            quadrants: [0; 4],
            quadrant_bit: [0; 64],
            parity_squares: [0; 16],
            threads: 1,
            #[cfg(not(target_arch = "wasm32"))]
            pool: None,
            #[cfg(not(target_arch = "wasm32"))]
            split: None,
        }
    }

    /// Solves with `threads` threads from now on (natively; wasm has one).
    /// The scores are the same with any number; the nodes and, between
    /// equal moves, the best move may differ.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = if cfg!(target_arch = "wasm32") {
            1
        } else {
            threads.clamp(1, crate::search::MAX_THREADS)
        };
    }

    /// How many threads a solve uses.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Orders moves and estimates scores with `evaluator` (the standard
    /// evaluation unless set). Only the speed depends on it, never a result.
    pub fn set_evaluator(&mut self, evaluator: Evaluator) {
        self.evaluator = evaluator;
    }

    /// Forgets every stored result (the table is zeroed in place, when
    /// a solve has used it).
    pub fn clear(&mut self) {
        if self.used {
            match Arc::get_mut(&mut self.table) {
                Some(table) => table.clear(),
                None => self.table.clear_shared(),
            }
            self.used = false;
        }
    }

    /// Nodes visited by the last solve, finished or not.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// What the last solve proved about the score, finished or not.
    pub fn proven(&self) -> Bounds {
        self.proven
    }

    /// Gets ready to solve `position`: counters, variant and board
    /// geometry. `false` when the solver cannot take it (the historical
    /// Reversi opening before its four discs are placed).
    fn start(&mut self, position: &Position) -> bool {
        let rules = position.rules();
        self.used = true;
        self.nodes = 0;
        self.midgame_nodes = 0;
        self.aborted = false;
        self.selectivity = Selectivity::EXACT;
        self.proven = Bounds::default();
        self.anti = rules.variant == Variant::Anti;
        self.rules = rules;
        self.board = rules.size.mask();
        self.use_stability = !self.anti && rules.size == BoardSize::Eight;
        self.full_board = rules.size == BoardSize::Eight;
        let half = rules.size.side() / 2;
        for (q, quadrant) in self.quadrants.iter_mut().enumerate() {
            *quadrant = rules
                .size
                .squares_in_order()
                .filter(|s| (s.column() >= half) as usize + 2 * (s.row() >= half) as usize == q)
                .fold(0, |m, s| m | s.bit());
        }
        for square in 0..64 {
            self.quadrant_bit[square] = self
                .quadrants
                .iter()
                .position(|q| q & 1 << square != 0)
                .map_or(0, |q| 1 << q);
        }
        for (bits, squares) in self.parity_squares.iter_mut().enumerate() {
            *squares = (0..4)
                .filter(|q| bits & 1 << q != 0)
                .fold(0, |m, q| m | self.quadrants[q]);
        }
        rules.variant != Variant::Reversi
            || (position.player() | position.opponent()).count_ones() >= 4
    }

    /// Solves `position` exactly, or returns `None` when the budget runs out
    /// first. Win, draw or loss is settled first, then the exact score.
    pub fn solve(&mut self, position: &Position, budget: &Budget) -> Option<Solution> {
        self.solve_from(position, None, budget)
    }

    /// [`EndgameSolver::solve`] with the first null windows set from
    /// `estimate` (discs for the side to move, from a search the caller
    /// ran), or from a small search of its own when `None`. The closer the
    /// estimate, the fewer windows: each costs a search of the whole tree.
    pub fn solve_from(
        &mut self,
        position: &Position,
        estimate: Option<i32>,
        budget: &Budget,
    ) -> Option<Solution> {
        self.solve_selective(position, estimate, Selectivity::EXACT, budget)
    }

    /// [`EndgameSolver::solve_from`] at `selectivity`: below
    /// [`Selectivity::EXACT`] the score and move are those of perfect play
    /// only with the level's confidence, and the line may stop short of
    /// the end.
    pub fn solve_selective(
        &mut self,
        position: &Position,
        estimate: Option<i32>,
        selectivity: Selectivity,
        budget: &Budget,
    ) -> Option<Solution> {
        if !self.start(position) {
            return None;
        }
        self.selectivity = selectivity;
        self.with_helpers(|solver| solver.solve_started(position, estimate, budget))
    }

    /// [`EndgameSolver::solve_selective`] after `start`.
    fn solve_started(
        &mut self,
        position: &Position,
        estimate: Option<i32>,
        budget: &Budget,
    ) -> Option<Solution> {
        let (p, o) = (position.player(), position.opponent());
        let empties = (self.board & !(p | o)).count_ones();
        let guess = match estimate {
            Some(discs) => (discs & !1).clamp(-MAX_SCORE, MAX_SCORE),
            None => self.estimate(p, o, empties, budget),
        };
        if self.aborted {
            return None;
        }
        // Win, draw or loss: a null window around 0 (MTD(f) then starts on
        // the right side of it).
        let wld = self.root(position, -1..1, budget)?;
        let (mut lower, mut upper) = match wld.score.signum() {
            1 => (wld.score.max(1), MAX_SCORE),
            -1 => (-MAX_SCORE, wld.score.min(-1)),
            _ => (0, 0),
        };
        self.proven = Bounds {
            lower,
            upper,
            best: wld.best.filter(|_| wld.score >= 0),
        };
        let mut best = wld;
        // MTD(f): null-window probes until the bounds meet, from a little
        // below the estimate: a probe that fails low must refute every
        // move, one that fails high needs one good move, so undershooting
        // costs less than overshooting. (A probe that fails high seldom
        // proves much more than its bound, but wider steps cost more in
        // failed-low probes.)
        let mut beta = guess - MTD_UNDERSHOOT;
        while lower < upper {
            beta = beta.clamp(lower + 1, upper);
            let probe = self.root(position, beta - 1..beta, budget)?;
            let score = probe.score;
            if score < beta {
                upper = score;
            } else {
                lower = score;
                self.proven.best = probe.best;
                best = probe;
            }
            self.proven.lower = lower;
            self.proven.upper = upper;
            beta = score;
        }
        if best.score != lower {
            // The last successful probe set the move; make sure the score and
            // line match the final value.
            best = self.root(position, lower - 1..lower + 1, budget)?;
        }
        best.score = lower;
        if let Some(first) = best.best {
            best.pv = self.principal_variation(position, first, lower, budget)?;
        }
        best.nodes = self.total_nodes();
        Some(best)
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
        if !self.start(position) {
            return None;
        }
        self.with_helpers(|solver| {
            let mut solution = solver.root(position, alpha..beta, budget)?;
            if let Some(first) = solution
                .best
                .filter(|_| alpha < solution.score && solution.score < beta)
            {
                solution.pv =
                    solver.principal_variation(position, first, solution.score, budget)?;
            }
            solution.nodes = solver.total_nodes();
            Some(solution)
        })
    }

    /// One root search within `window` (after `start`).
    fn root(
        &mut self,
        position: &Position,
        window: Range<i32>,
        budget: &Budget,
    ) -> Option<Solution> {
        let Range {
            start: alpha,
            end: beta,
        } = window;
        let (p, o) = (position.player(), position.opponent());
        let empties = (self.board & !(p | o)).count_ones();
        let moves = legal_moves(p, o, self.board);
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
                pv: vec![Move::Pass],
                nodes: self.total_nodes(),
            });
        }
        let mut ordered = [OrderedMove::default(); MAX_MOVES];
        let table_move = self.table_move(p, o);
        let count = self.order(p, o, moves, empties, table_move, &mut ordered, budget);
        if self.aborted {
            return None;
        }
        let (best_score, best_square) =
            self.search_moves(p, o, alpha, beta, empties, &ordered[..count], budget);
        if self.aborted {
            return None;
        }
        self.store(p, o, empties, alpha, best_score, beta, best_square);
        let best = Move::Place(Square::from_index(best_square as u8).expect("a board square"));
        Some(Solution {
            best: Some(best),
            score: best_score,
            pv: vec![best],
            nodes: self.total_nodes(),
        })
    }

    /// The best line after `first`, whose exact value is `score`: at each
    /// step the move (the table's first) whose small-window solve proves it
    /// keeps the value, so the line always ends in the score. `None` when
    /// the budget runs out on the way.
    fn principal_variation(
        &mut self,
        position: &Position,
        first: Move,
        score: i32,
        budget: &Budget,
    ) -> Option<Vec<Move>> {
        let mut pv = vec![first];
        let mut position = position.play_unchecked(first);
        let mut score = -score;
        while !position.is_over() {
            let mv = if position.must_pass() {
                Move::Pass
            } else {
                let (p, o) = (position.player(), position.opponent());
                let empties = position.empties().count_ones();
                let table = self.table_move(p, o).map(|s| 1u64 << s).unwrap_or(0);
                let legal = position.legal_squares();
                let mut found = None;
                for square in Square::iter(legal & table).chain(Square::iter(legal & !table)) {
                    let f = flips(p, o, square.index());
                    let value = -self.search(
                        o ^ f,
                        p | f | square.bit(),
                        -score - 1,
                        -score + 1,
                        empties - 1,
                        budget,
                    );
                    if self.aborted {
                        return None;
                    }
                    if value == score {
                        found = Some(Move::Place(square));
                        break;
                    }
                }
                match found {
                    Some(mv) => mv,
                    // Cuts may disagree between searches: the line stops
                    // where they do.
                    None if self.selectivity < Selectivity::EXACT => break,
                    None => unreachable!("a move keeps the exact value"),
                }
            };
            pv.push(mv);
            position = position.play_unchecked(mv);
            score = -score;
        }
        Some(pv)
    }

    #[inline]
    pub(super) fn final_score(&self, p: u64, o: u64) -> i32 {
        let own = p.count_ones() as i32;
        let theirs = o.count_ones() as i32;
        if self.anti {
            return theirs - own;
        }
        let empties = (self.board & !(p | o)).count_ones() as i32;
        let diff = own - theirs;
        match diff.signum() {
            1 => diff + empties,
            -1 => diff - empties,
            _ => 0,
        }
    }

    #[inline]
    pub(super) fn tick(&mut self, budget: &Budget) {
        self.nodes += 1;
        if self.nodes & CHECK_INTERVAL == 0 && budget.exhausted(self.nodes) {
            self.abort();
        }
    }

    /// The budget ran out: this search stops, and with it every thread of
    /// a parallel solve.
    #[cold]
    pub(super) fn abort(&mut self) {
        self.aborted = true;
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(pool) = &self.pool {
            pool.stop();
        }
    }

    /// The nodes of the running solve, the helper threads' included.
    fn total_nodes(&self) -> u64 {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(pool) = &self.pool {
            return self.nodes + pool.helper_nodes();
        }
        self.nodes
    }

    /// Runs `solve` (one thread on wasm).
    #[cfg(target_arch = "wasm32")]
    fn with_helpers<T>(&mut self, solve: impl FnOnce(&mut EndgameSolver) -> T) -> T {
        solve(self)
    }
}
