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

use crate::search::limits::Budget;
use crate::table_memory::table_vec;

use super::bitboard::{flips, legal_moves};
use super::eval::{self, Evaluator};
use super::game::board_hash;
use super::last_flip::count_last_flips;
use super::position::{Move, Position};
use super::rules::{BoardSize, Rules, Variant};
use super::square::{Color, Square};
use super::stability::stable_discs;

/// How far below the estimate (in discs) MTD(f) starts probing (FFO
/// #25–#49: 2 saves 11% of the nodes, 4 no more; with the round-11
/// evaluation #25–#39 are unchanged and #45+#48+#49 save 12%).
const MTD_UNDERSHOOT: i32 = 2;
/// At most this many empties: the parity-ordered search without move lists
/// or table.
const SHALLOW_EMPTIES: u32 = 7;
/// From this many empties on: enhanced transposition cut-offs.
const ETC_EMPTIES: u32 = 11;
/// From this many empties on, the evaluation after a shallow search joins
/// the fastest-first key: a search `(empties − 15) / 3` plies deep (0 at
/// 16–17 empties, 1 at 18–20, …), worth `EVAL_ORDER_WEIGHT` key units per
/// disc (a reply less for the opponent is worth 16). Tuned with the
/// trained evaluation on FFO #44–#48 (weights 1 to 16 tried).
const EVAL_ORDER_EMPTIES: u32 = 16;
const EVAL_ORDER_WEIGHT: i32 = 8;
/// Fastest-first weights: the opponent's replies (corners count double),
/// the opponent's potential mobility, the mover's stable corner discs, and
/// a corner move itself.
const WEIGHT_MOBILITY: i32 = 16;
const WEIGHT_POTENTIAL: i32 = 4;
const WEIGHT_CORNER_DISCS: i32 = 8;
const WEIGHT_CORNER_MOVE: i32 = 8;
/// At most this many empties: the tail, with the squares in a fixed array.
const TAIL_EMPTIES: usize = 4;

/// The 8 neighbours of each square: a move needs an opponent disc among them.
static NEIGHBOURHOOD: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (column, row) = ((square % 8) as i32, (square / 8) as i32);
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                let (c, r) = (column + dx, row + dy);
                if (dx != 0 || dy != 0) && c >= 0 && c < 8 && r >= 0 && r < 8 {
                    table[square] |= 1u64 << (r * 8 + c);
                }
                dx += 1;
            }
            dy += 1;
        }
        square += 1;
    }
    table
};

/// How often (in nodes) the budget is checked; a power of two minus one.
const CHECK_INTERVAL: u64 = 4095;
/// Scores lie within ±64 (any board size up to 8×8).
const MAX_SCORE: i32 = 64;

/// More than any position's legal moves (33 is the most known).
const MAX_MOVES: usize = 48;

/// A move in the order the search tries it, with the discs it flips.
#[derive(Clone, Copy, Default)]
struct OrderedMove {
    key: i32,
    square: u8,
    flips: u64,
}

/// The four corners of the 8×8 board.
const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Edge squares next to a corner the owner of `discs` holds (they are stable
/// too when the owner's disc is on them).
#[inline]
fn corner_neighbours(discs: u64) -> u64 {
    let mut near = 0;
    if discs & 1 != 0 {
        near |= 0x0000_0000_0000_0102;
    }
    if discs & 0x80 != 0 {
        near |= 0x0000_0000_0000_8040;
    }
    if discs & 0x0100_0000_0000_0000 != 0 {
        near |= 0x0201_0000_0000_0000;
    }
    if discs & 0x8000_0000_0000_0000 != 0 {
        near |= 0x4080_0000_0000_0000;
    }
    near
}

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

/// The deepest ordering search (a deeper one costs more than it saves, and
/// far from the end it would dominate the solve).
const MAX_ORDER_DEPTH: u32 = 4;

/// An endgame solver with its transposition table; reuse it across solves.
pub struct EndgameSolver {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
    /// Nodes of the ordering and estimating midgame searches: not counted
    /// as solver nodes, but they too check the budget.
    midgame_nodes: u64,
    aborted: bool,
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
}

impl EndgameSolver {
    /// A solver with a table of `2^bits` entries.
    pub fn new(bits: u32) -> EndgameSolver {
        let len = 1usize << bits.max(2);
        EndgameSolver {
            table: table_vec(len, Entry::default()),
            mask: (len - 1) & !1,
            nodes: 0,
            midgame_nodes: 0,
            aborted: false,
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
        }
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
            self.table.fill(Entry::default());
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
        if !self.start(position) {
            return None;
        }
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
        let wld = self.root(position, -1, 1, budget)?;
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
            let probe = self.root(position, beta - 1, beta, budget)?;
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
            best = self.root(position, lower - 1, lower + 1, budget)?;
        }
        best.score = lower;
        if let Some(first) = best.best {
            best.pv = self.principal_variation(position, first, lower, budget)?;
        }
        best.nodes = self.nodes;
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
        let mut solution = self.root(position, alpha, beta, budget)?;
        if let Some(first) = solution
            .best
            .filter(|_| alpha < solution.score && solution.score < beta)
        {
            solution.pv = self.principal_variation(position, first, solution.score, budget)?;
        }
        solution.nodes = self.nodes;
        Some(solution)
    }

    /// One root search within `alpha..beta` (after `start`).
    fn root(
        &mut self,
        position: &Position,
        alpha: i32,
        beta: i32,
        budget: &Budget,
    ) -> Option<Solution> {
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
                nodes: self.nodes,
            });
        }
        let mut ordered = [OrderedMove::default(); MAX_MOVES];
        let table_move = self.table_move(p, o);
        let count = self.order(p, o, moves, empties, table_move, &mut ordered, budget);
        if self.aborted {
            return None;
        }
        let alpha_start = alpha;
        let mut alpha = alpha;
        let mut best = None;
        let mut best_score = -MAX_SCORE - 1;
        for (i, m) in ordered[..count].iter().enumerate() {
            let (square, f) = (usize::from(m.square), m.flips);
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
        let best_square = best.expect("at least one legal move");
        self.store(p, o, empties, alpha_start, best_score, beta, best_square);
        let best = Move::Place(Square::from_index(best_square as u8).expect("a board square"));
        Some(Solution {
            best: Some(best),
            score: best_score,
            pv: vec![best],
            nodes: self.nodes,
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
                found.expect("a move keeps the exact value")
            };
            pv.push(mv);
            position = position.play_unchecked(mv);
            score = -score;
        }
        Some(pv)
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
        match diff.signum() {
            1 => diff + empties,
            -1 => diff - empties,
            _ => 0,
        }
    }

    #[inline]
    fn tick(&mut self, budget: &Budget) {
        self.nodes += 1;
        if self.nodes & CHECK_INTERVAL == 0 && budget.exhausted(self.nodes) {
            self.aborted = true;
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize ^ (key >> 32) as usize) & self.mask
    }

    /// Starts loading the table slot of `key` into the cache, so that a
    /// later probe does not wait for memory (the table is far bigger than
    /// the cache, and probes are most of the deep nodes' cost).
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `slot` is at most `mask` < `table.len()`, so the pointer
        // is inside the table; prefetching never faults anyway.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.table.as_ptr().add(self.slot(key)).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.slot(key);
        self.table[b..b + 2].iter().find(|e| e.key == key).copied()
    }

    fn table_move(&self, p: u64, o: u64) -> Option<usize> {
        self.probe(board_hash(p, o))
            .map(|e| usize::from(e.best))
            .filter(|&s| s < 64)
    }

    /// Stores what a search of `alpha_start..beta` found: `best_score` with
    /// `best_square`.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        p: u64,
        o: u64,
        empties: u32,
        alpha_start: i32,
        best_score: i32,
        beta: i32,
        best_square: usize,
    ) {
        let key = board_hash(p, o);
        let (lower, upper) = if best_score <= alpha_start {
            (-MAX_SCORE, best_score)
        } else if best_score >= beta {
            (best_score, MAX_SCORE)
        } else {
            (best_score, best_score)
        };
        let b = self.slot(key);
        let entry = Entry {
            key,
            lower: lower as i8,
            upper: upper as i8,
            best: best_square as u8,
            empties: empties as u8,
        };
        // Slot 0 keeps the deepest result, slot 1 always takes the newest.
        let slot = if self.table[b].key == key || u32::from(self.table[b].empties) <= empties {
            if self.table[b].key != key {
                self.table[b + 1] = self.table[b];
            }
            b
        } else {
            b + 1
        };
        self.table[slot] = entry;
    }

    /// A quick estimate of the final score: a shallow midgame search with
    /// the evaluation, in discs.
    fn estimate(&mut self, p: u64, o: u64, empties: u32, budget: &Budget) -> i32 {
        let depth = if empties > 16 { 4 } else { 2 };
        let value = self.midgame(p, o, depth, -eval::DISC * 200, eval::DISC * 200, budget);
        ((value / eval::DISC) & !1).clamp(-MAX_SCORE, MAX_SCORE)
    }

    /// A small negamax on the heuristic evaluation (hundredths of a disc),
    /// used to order moves near the root and to estimate the score. It
    /// checks the budget too (its nodes are counted apart), returning 0 at
    /// once when it runs out.
    fn midgame(
        &mut self,
        p: u64,
        o: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        budget: &Budget,
    ) -> i32 {
        self.midgame_nodes += 1;
        if self.midgame_nodes & CHECK_INTERVAL == 0 && budget.exhausted(self.nodes) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let moves = legal_moves(p, o, self.board);
        if depth == 0 || moves == 0 {
            if moves == 0 && legal_moves(o, p, self.board) == 0 {
                return self.final_score(p, o) * eval::DISC;
            }
            if moves == 0 {
                return -self.midgame(o, p, depth, -beta, -alpha, budget);
            }
            let position = Position::from_bitboards(p, o, Color::Black, self.rules);
            return self.evaluator.evaluate(&position);
        }
        let mut best = i32::MIN + 1;
        let mut rest = moves;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, square);
            let score = -self.midgame(o ^ f, p | f | 1 << square, depth - 1, -beta, -alpha, budget);
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Sorts the moves best-first into `out`: the table's
    /// move first, then fastest-first (fewest and poorest replies), from
    /// `EVAL_ORDER_EMPTIES` on with a shallow search's evaluation added.
    /// Returns how many.
    #[allow(clippy::too_many_arguments)]
    fn order(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        empties: u32,
        table_move: Option<usize>,
        out: &mut [OrderedMove; MAX_MOVES],
        budget: &Budget,
    ) -> usize {
        let mut count = 0;
        let mut rest = moves;
        while rest != 0 && count < out.len() {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, square);
            let (np, no) = (o ^ f, p | f | 1 << square);
            if empties > SHALLOW_EMPTIES + 1 {
                // The child will probe the table: start loading its slot
                // now, while the other moves are ordered.
                self.prefetch(board_hash(np, no));
            }
            let key = if Some(square) == table_move {
                i32::MAX
            } else if empties >= EVAL_ORDER_EMPTIES {
                let depth = ((empties - 15) / 3).min(MAX_ORDER_DEPTH);
                let value =
                    -self.midgame(np, no, depth, -eval::DISC * 200, eval::DISC * 200, budget);
                self.fastest_first_key(np, no, square) + value * EVAL_ORDER_WEIGHT / eval::DISC
            } else {
                self.fastest_first_key(np, no, square)
            };
            out[count] = OrderedMove {
                key,
                square: square as u8,
                flips: f,
            };
            count += 1;
        }
        out[..count].sort_unstable_by_key(|m| std::cmp::Reverse(m.key));
        count
    }

    /// How promising a move is for the mover, from the position after it
    /// (`np` the opponent to move, `no` the mover): few and poor replies
    /// (weighted mobility, corners counted twice), few squares next to the
    /// mover's discs (the opponent's potential mobility), and stable corners.
    #[inline]
    fn fastest_first_key(&self, np: u64, no: u64, square: usize) -> i32 {
        let empty = self.board & !(np | no);
        let replies = legal_moves(np, no, self.board);
        let weighted = replies.count_ones() as i32 + (replies & CORNERS).count_ones() as i32;
        let potential = (super::bitboard::neighbours(no) & empty).count_ones() as i32;
        let corners =
            (no & CORNERS).count_ones() as i32 + (no & corner_neighbours(no)).count_ones() as i32;
        let mut key = (36 - weighted) * WEIGHT_MOBILITY
            + (36 - potential) * WEIGHT_POTENTIAL
            + corners * WEIGHT_CORNER_DISCS;
        if CORNERS & 1 << square != 0 {
            key += WEIGHT_CORNER_MOVE;
        }
        key
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
            let empty = self.board & !(p | o);
            let parity = self.parity_of(empty);
            if empties as usize <= TAIL_EMPTIES {
                let mut squares = [0u8; TAIL_EMPTIES];
                let count = self.tail_order(empty, parity, &mut squares);
                return self.tail(p, o, alpha, beta, &squares[..count]);
            }
            return self.shallow(p, o, alpha, beta, empty, parity, false);
        }
        let key = board_hash(p, o);
        self.prefetch(key);
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

        if let Some(cap) = self.stability_cap(p, o, alpha, 2 * empties as i32 - 2) {
            if cap <= alpha {
                return cap;
            }
            beta = beta.min(cap);
        }

        let mut table_move = None;
        if let Some(entry) = self.probe(key) {
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
            table_move = Some(usize::from(entry.best)).filter(|&s| s < 64);
        }

        let mut ordered = [OrderedMove::default(); MAX_MOVES];
        let count = self.order(p, o, moves, empties, table_move, &mut ordered, budget);

        // Enhanced transposition cut-off: a child already known to be bad
        // enough for the opponent refutes this node without searching.
        if empties >= ETC_EMPTIES {
            for m in &ordered[..count] {
                let f = m.flips;
                if let Some(child) = self.probe(board_hash(o ^ f, p | f | 1 << m.square)) {
                    let bound = -i32::from(child.upper);
                    if bound >= beta {
                        return bound;
                    }
                }
            }
        }

        let alpha_start = alpha;
        let mut best_score = -MAX_SCORE - 1;
        let mut best_square = usize::from(ordered[0].square);
        for (i, m) in ordered[..count].iter().enumerate() {
            let (square, f) = (usize::from(m.square), m.flips);
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
        self.store(p, o, empties, alpha_start, best_score, beta, best_square);
        best_score
    }

    /// The cap on the score from the opponent's stable discs (never ours),
    /// computed only when alpha reaches `threshold`: below, the cap seldom
    /// cuts and costs more than it saves.
    #[inline(always)]
    fn stability_cap(&self, p: u64, o: u64, alpha: i32, threshold: i32) -> Option<i32> {
        (self.use_stability && alpha >= threshold)
            .then(|| 64 - 2 * stable_discs(o, p).count_ones() as i32)
    }

    /// A stability cut-off in the 3–7-empty searches: the cap when it is at
    /// most `alpha`. Tried from alpha `2·empties − 6` (FFO #45, #46, #48:
    /// 10%, 22%, 22% fewer nodes than from `2·empties − 2`, the threshold
    /// of the deeper search, and none at 3 empties; trying still more
    /// eagerly costs more than it saves, e.g. 7% more instructions on #44).
    #[inline(always)]
    fn stability_cut(&self, p: u64, o: u64, alpha: i32, empties: i32) -> Option<i32> {
        self.stability_cap(p, o, alpha, 2 * empties - 6)
            .filter(|&cap| cap <= alpha)
    }

    /// The parity bits (one per quadrant with an odd number of empties).
    fn parity_of(&self, empty: u64) -> u8 {
        let mut parity = 0;
        for (q, quadrant) in self.quadrants.iter().enumerate() {
            parity |= (((empty & quadrant).count_ones() & 1) as u8) << q;
        }
        parity
    }

    /// The empties of the quadrants whose parity bit is set.
    #[inline]
    fn odd_squares(&self, empty: u64, parity: u8) -> u64 {
        empty & self.parity_squares[usize::from(parity)]
    }

    /// The last few empties (more than [`TAIL_EMPTIES`]): no move list, no
    /// table; squares in quadrants with an odd number of empties first
    /// (parity), then the rest.
    #[allow(clippy::too_many_arguments)]
    fn shallow(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empty: u64,
        parity: u8,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let child_empties = empty.count_ones() - 1;
        if let Some(cap) = self.stability_cut(p, o, alpha, child_empties as i32 + 1) {
            return cap;
        }
        let odd = self.odd_squares(empty, parity);
        let mut best = -MAX_SCORE - 1;
        for group in [odd, empty & !odd] {
            let mut rest = group;
            while rest != 0 {
                let square = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if o & NEIGHBOURHOOD[square] == 0 {
                    continue;
                }
                let f = flips(p, o, square);
                if f == 0 {
                    continue;
                }
                let bit = 1u64 << square;
                let (np, no) = (o ^ f, p | f | bit);
                let child_parity = parity ^ self.quadrant_bit[square];
                let score = if child_empties as usize <= TAIL_EMPTIES {
                    let mut squares = [0u8; TAIL_EMPTIES];
                    let count = self.tail_order(empty ^ bit, child_parity, &mut squares);
                    -self.tail(np, no, -beta, -alpha, &squares[..count])
                } else {
                    -self.shallow(np, no, -beta, -alpha, empty ^ bit, child_parity, false)
                };
                if raise(&mut best, &mut alpha, score, beta) {
                    return best;
                }
            }
        }
        if best == -MAX_SCORE - 1 {
            return if passed {
                self.final_score(p, o)
            } else {
                -self.shallow(o, p, -beta, -alpha, empty, parity, true)
            };
        }
        best
    }

    /// The empty squares in the order the tail tries them: odd quadrants
    /// first. Returns how many.
    #[inline]
    fn tail_order(&self, empty: u64, parity: u8, out: &mut [u8; TAIL_EMPTIES]) -> usize {
        let odd = self.odd_squares(empty, parity);
        let mut count = 0;
        for group in [odd, empty & !odd] {
            let mut rest = group;
            while rest != 0 && count < TAIL_EMPTIES {
                out[count] = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                count += 1;
            }
        }
        count
    }

    /// At most [`TAIL_EMPTIES`] empties, given in the order to try them: the
    /// tightest loops of the solver, one function per number of empties so
    /// that the squares stay in registers.
    fn tail(&mut self, p: u64, o: u64, alpha: i32, beta: i32, squares: &[u8]) -> i32 {
        match *squares {
            [] => self.final_score(p, o),
            [a] => self.last_square(p, o, usize::from(a)),
            [a, b] => self.solve2(p, o, alpha, beta, [a, b], false),
            [a, b, c] => self.solve3(p, o, alpha, beta, [a, b, c], false),
            [a, b, c, d] => self.solve4(p, o, alpha, beta, [a, b, c, d], false),
            _ => unreachable!("at most {TAIL_EMPTIES} empties in the tail"),
        }
    }

    /// The score when only `square` is empty: whoever can play there does.
    #[inline]
    fn last_square(&mut self, p: u64, o: u64, square: usize) -> i32 {
        self.nodes += 1;
        if self.full_board {
            // Every other square is taken: count flips instead of making
            // the move.
            let sign = if self.anti { -1 } else { 1 };
            let n = count_last_flips(p, square);
            if n != 0 {
                return sign * (2 * (p.count_ones() + n) as i32 + 2 - 64);
            }
            let n = count_last_flips(o, square);
            if n != 0 {
                return sign * (64 - 2 - 2 * (o.count_ones() + n) as i32);
            }
            return self.final_score(p, o);
        }
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

/// Takes a move's `score` into the node's `best` score and `alpha`; true
/// when it reaches `beta` (a cut-off). The no-table searches' step.
#[inline(always)]
fn raise(best: &mut i32, alpha: &mut i32, score: i32, beta: i32) -> bool {
    if score > *best {
        *best = score;
        if score > *alpha {
            *alpha = score;
            return score >= beta;
        }
    }
    false
}

/// One tail search over exactly `$n` empties: each legal square in the
/// given order, the rest passed on in the same order to `$child`; a pass
/// when none is legal, the final score when neither side can move.
macro_rules! tail_solver {
    ($name:ident, $n:literal, $child:ident) => {
        impl EndgameSolver {
            #[allow(clippy::too_many_arguments)]
            fn $name(
                &mut self,
                p: u64,
                o: u64,
                mut alpha: i32,
                beta: i32,
                squares: [u8; $n],
                passed: bool,
            ) -> i32 {
                self.nodes += 1;
                if $n >= 3 {
                    if let Some(cap) = self.stability_cut(p, o, alpha, $n) {
                        return cap;
                    }
                }
                let mut best = -MAX_SCORE - 1;
                for i in 0..$n {
                    let square = usize::from(squares[i]);
                    if o & NEIGHBOURHOOD[square] == 0 {
                        continue;
                    }
                    let f = flips(p, o, square);
                    if f == 0 {
                        continue;
                    }
                    let mut rest = [0u8; $n - 1];
                    for j in 0..$n - 1 {
                        rest[j] = squares[j + (j >= i) as usize];
                    }
                    let score = -tail_solver!(@child $child, self, o ^ f, p | f | 1 << square, -beta, -alpha, rest);
                    if raise(&mut best, &mut alpha, score, beta) {
                        return best;
                    }
                }
                if best == -MAX_SCORE - 1 {
                    return if passed {
                        self.final_score(p, o)
                    } else {
                        -self.$name(o, p, -beta, -alpha, squares, true)
                    };
                }
                best
            }
        }
    };
    (@child last_square, $solver:ident, $p:expr, $o:expr, $alpha:expr, $beta:expr, $rest:ident) => {
        $solver.last_square($p, $o, usize::from($rest[0]))
    };
    (@child $child:ident, $solver:ident, $p:expr, $o:expr, $alpha:expr, $beta:expr, $rest:ident) => {
        $solver.$child($p, $o, $alpha, $beta, $rest, false)
    };
}

tail_solver!(solve2, 2, last_square);
tail_solver!(solve3, 3, solve2);
tail_solver!(solve4, 4, solve3);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::othello::rules::{BoardSize, Rules};
    use crate::search::limits::Limits;

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
        let mut rng = crate::rng::Rng::new(2024);
        for (size, variant, empties) in [
            (BoardSize::Eight, Variant::Standard, 10),
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
                let exact = brute_force(&p);
                let solution = solver.solve(&p, &budget).unwrap();
                assert_eq!(solution.score, exact, "{p:?}");
                let best = solution.best.unwrap();
                assert_eq!(
                    -brute_force(&p.play(best)),
                    solution.score,
                    "best move {best} in {p:?}"
                );
                // Windows give bounds on the right side.
                for (alpha, beta) in [
                    (-1, 1),
                    (exact - 1, exact + 1),
                    (exact + 1, exact + 3),
                    (exact - 3, exact - 1),
                ] {
                    let bounded = solver.solve_window(&p, alpha, beta, &budget).unwrap().score;
                    if exact <= alpha {
                        assert!(
                            bounded <= alpha,
                            "{p:?} ({alpha},{beta}): {bounded} vs {exact}"
                        );
                    } else if exact >= beta {
                        assert!(
                            bounded >= beta,
                            "{p:?} ({alpha},{beta}): {bounded} vs {exact}"
                        );
                    } else {
                        assert_eq!(bounded, exact, "{p:?} ({alpha},{beta})");
                    }
                }
                checked += 1;
            }
        }
    }

    #[test]
    fn the_ordering_evaluation_changes_the_work_not_the_result() {
        let clock = ManualClock::new();
        let budget = Budget::new(Limits::default(), &clock);
        let mut standard = EndgameSolver::new(16);
        let mut hand_made = EndgameSolver::new(16);
        hand_made.set_evaluator(Evaluator::HandMade);
        let mut rng = crate::rng::Rng::new(99);
        let mut differed = false;
        for _ in 0..12 {
            let mut p = Position::start(Rules::default());
            // 18 empties: deep enough for the evaluation to order moves.
            while p.empties().count_ones() > 18 && !p.is_over() {
                let moves = p.moves();
                p = p.play(*rng.choose(&moves).unwrap());
            }
            if p.is_over() {
                continue;
            }
            let a = standard.solve(&p, &budget).unwrap();
            let b = hand_made.solve(&p, &budget).unwrap();
            assert_eq!(a.score, b.score, "{p:?}");
            differed |= a.nodes != b.nodes;
        }
        assert!(differed, "the evaluator was not used");
    }
}
