//! The recursive search: fail-soft negamax alpha-beta with principal
//! variation search, transposition-table cut-offs and move ordering.

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
    pub(super) fn negamax(
        &mut self,
        position: &G,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        budget: &Budget,
    ) -> Score {
        self.nodes += 1;
        if self.nodes & self.pace.mask == 0 {
            self.checkpoint(budget);
        }
        if self.aborted {
            return 0;
        }
        if self.pv.len() <= ply + 1 {
            self.pv.resize_with(ply + 2, Vec::new);
            self.move_lists.resize_with(ply + 2, Vec::new);
        }
        self.pv[ply].clear();
        if depth <= 0 {
            return if position.is_over() {
                position.final_score()
            } else {
                self.evaluator.evaluate(position)
            };
        }

        let key = position.hash();
        let mut table_move = None;
        if let Some(entry) = self.tt.probe(key) {
            table_move = entry.best;
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
                    return entry.score;
                }
            }
        }

        if self.selective && ply > 0 && beta - alpha == 1 {
            if let Some(cut) = self.evaluator.probcut(position, depth) {
                if let Some(score) = self.probcut(position, cut, alpha, beta, ply, budget) {
                    return score;
                }
            }
        }

        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
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

        let alpha_start = alpha;
        let mut best_score = -SCORE_INFINITY;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            let child = position.play(mv);
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
                self.move_lists[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        self.ordering.reward(position, mv, ply, depth);
                        break;
                    }
                }
            }
        }
        self.move_lists[ply] = moves;

        let bound = if best_score <= alpha_start {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt
            .store(key, best_move, best_score, depth as i16, bound);
        best_score
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
