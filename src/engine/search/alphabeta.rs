//! The recursive search: fail-soft negamax alpha-beta with principal
//! variation search, transposition-table cut-offs and move ordering.

use std::ops::ControlFlow;

use crate::game::{Evaluator, Game, ProbCut, Score, SCORE_INFINITY};

use super::driver::Searcher;
use super::limits::Budget;
use super::tt::Bound;

/// Checks further apart than this, in milliseconds, make them more
/// frequent.
const CHECK_EVERY_MS: f64 = 2.0;

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// The negamax value of `position` searched `depth` moves deep, within
    /// the window `alpha..beta`. Sets `self.aborted` (and returns garbage)
    /// when the budget runs out.
    ///
    /// Its steps are helpers marked `#[inline(always)]`: this is the
    /// hottest code of every search, and inlined they cost no call and no
    /// stack frame of their own (the recursion keeps one frame per node).
    pub(super) fn negamax(
        &mut self,
        position: &G,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        budget: &Budget,
    ) -> Score {
        if !self.enter_node(ply, budget) {
            return 0;
        }
        if depth <= 0 {
            return self.leaf_score(position);
        }

        let key = position.hash();
        let table_move = match self.probe_table(key, depth, alpha, beta, ply) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(table_move) => table_move,
        };

        if self.selective && ply > 0 && beta - alpha == 1 {
            if let Some(cut) = self.evaluator.probcut(position, depth) {
                if let Some(score) = self.probcut(position, cut, alpha, beta, ply, budget) {
                    return score;
                }
            }
        }

        // This ply's move list, lent out for the loop (the children use
        // the lists of the plies below).
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            // A forced pass is a move: no legal move means the game is over.
            self.move_lists[ply] = moves;
            return position.final_score();
        }
        self.ordering.sort(
            position,
            &self.evaluator,
            &mut moves,
            table_move,
            ply,
            depth,
        );
        let best = self.search_moves(position, &moves, depth, (alpha, beta), ply, budget);
        self.move_lists[ply] = moves;

        let Some((best_score, best_move)) = best else {
            return 0;
        };
        self.store_result(key, best_move, best_score, depth, alpha, beta);
        best_score
    }

    /// Counts the node, checks the budget now and then, and readies the
    /// principal variation and move list of `ply`. False when the search
    /// has been aborted.
    #[inline(always)]
    fn enter_node(&mut self, ply: usize, budget: &Budget) -> bool {
        self.nodes += 1;
        if self.nodes & self.pace.mask == 0 {
            self.checkpoint(budget);
        }
        if self.aborted {
            return false;
        }
        // `ply + 1` too: a node splices its child's line into its own.
        if self.pv.len() <= ply + 1 {
            self.pv.resize_with(ply + 2, Vec::new);
            self.move_lists.resize_with(ply + 2, Vec::new);
        }
        self.pv[ply].clear();
        true
    }

    /// The value of a node at depth 0: the final score when the game is
    /// over (exact, so better than any evaluation), else the evaluation.
    #[inline(always)]
    fn leaf_score(&self, position: &G) -> Score {
        if position.is_over() {
            position.final_score()
        } else {
            self.evaluator.evaluate(position)
        }
    }

    /// The transposition table's word on `key`: `Break` with its score
    /// when an entry searched at least `depth` deep settles the window
    /// (never at the root, which must find a move and its line), else
    /// `Continue` with its best move to try first, if any.
    #[inline(always)]
    fn probe_table(
        &mut self,
        key: u64,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> ControlFlow<Score, Option<G::Move>> {
        let Some(entry) = self.tt.probe(key) else {
            return ControlFlow::Continue(None);
        };
        if ply > 0 && i32::from(entry.depth) >= depth {
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if cut {
                if let Some(m) = entry.best {
                    self.pv[ply].push(m);
                }
                return ControlFlow::Break(entry.score);
            }
        }
        ControlFlow::Continue(entry.best)
    }

    /// Principal variation search over `moves` (ordered, not empty): the
    /// first with the whole window, the others with a null window first
    /// and searched again only when they beat alpha. Stops at the first
    /// beta cut-off (rewarding the move in the ordering tables). The best
    /// score and move (fail-soft), or `None` when the search was aborted.
    #[inline(always)]
    fn search_moves(
        &mut self,
        position: &G,
        moves: &[G::Move],
        depth: i32,
        (mut alpha, beta): (Score, Score),
        ply: usize,
        budget: &Budget,
    ) -> Option<(Score, Option<G::Move>)> {
        let mut best_score = -SCORE_INFINITY;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            let child = position.play(mv);
            // A pass uses no depth: the same side moves one ply later.
            let child_depth = if position.is_pass(mv) {
                depth
            } else {
                depth - 1
            };
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, child_depth, -beta, -alpha, ply + 1, budget);
            } else {
                score = -self.negamax(&child, child_depth, -alpha - 1, -alpha, ply + 1, budget);
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(&child, child_depth, -beta, -alpha, ply + 1, budget);
                }
            }
            if self.aborted {
                return None;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.extend_pv(ply, mv);
                    if alpha >= beta {
                        self.ordering.reward(position, mv, ply, depth);
                        break;
                    }
                }
            }
        }
        Some((best_score, best_move))
    }

    /// The line of `ply` becomes `mv` followed by the line its child just
    /// found.
    #[inline(always)]
    fn extend_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// Stores a finished node's result, its bound read against the window
    /// `alpha..beta` it was searched with: at most alpha is an upper bound,
    /// at least beta a lower one.
    #[inline(always)]
    fn store_result(
        &self,
        key: u64,
        best_move: Option<G::Move>,
        best_score: Score,
        depth: i32,
        alpha: Score,
        beta: Score,
    ) {
        let bound = if best_score <= alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt
            .store(key, best_move, best_score, depth as i16, bound);
    }

    /// Every so many nodes (see [`Pace`](super::driver::Pace)): a helper
    /// thread adds its new nodes to the parallel search's count; the
    /// search stops when its budget has run out. Under a time limit, checks
    /// more than [`CHECK_EVERY_MS`] apart come four times as often from
    /// then on (a node limit keeps its fixed pace: its stopping point must
    /// not depend on the machine).
    #[cold]
    fn checkpoint(&mut self, budget: &Budget) {
        if self.helper {
            if let Some(count) = &self.helper_nodes {
                let new = self.nodes - self.pace.counted;
                count.fetch_add(new, std::sync::atomic::Ordering::Relaxed);
                self.pace.counted = self.nodes;
            }
        }
        if budget.exhausted(self.nodes) {
            self.aborted = true;
        }
        if budget.limits().time_ms.is_some() && self.pace.mask > 0 {
            let now = budget.elapsed_ms();
            if now - self.pace.last_ms > CHECK_EVERY_MS {
                self.pace.mask >>= 2;
            }
            self.pace.last_ms = now;
        }
    }

    /// ProbCut at a null-window node: when the shallow search says the
    /// value lies beyond the window by the margin, answer the window's
    /// bound without the deep search.
    fn probcut(
        &mut self,
        position: &G,
        cut: ProbCut,
        alpha: Score,
        beta: Score,
        ply: usize,
        budget: &Budget,
    ) -> Option<Score> {
        let high = beta.saturating_add(cut.margin);
        if high < SCORE_INFINITY
            && self.negamax(position, cut.depth, high - 1, high, ply, budget) >= high
        {
            return (!self.aborted).then_some(beta);
        }
        let low = alpha.saturating_sub(cut.margin);
        if low > -SCORE_INFINITY
            && self.negamax(position, cut.depth, low, low + 1, ply, budget) <= low
        {
            return (!self.aborted).then_some(alpha);
        }
        None
    }
}
