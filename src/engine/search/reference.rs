//! Plain, obviously correct algorithms that the optimised ones are tested
//! against, and perft.

use crate::game::{Evaluator, Game, Score};

use super::limits::{Budget, Checkpoint};

/// Fixed-depth minimax (negamax form) without pruning, with the same depth
/// rules as the real search: a pass does not use up depth, and at depth 0 a
/// finished game gets its exact score, an unfinished one the evaluation.
pub fn minimax<G: Game>(position: &G, evaluator: &impl Evaluator<G>, depth: u32) -> Score {
    if depth == 0 {
        return if position.is_over() {
            position.final_score()
        } else {
            evaluator.evaluate(position)
        };
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    if moves.is_empty() {
        return position.final_score();
    }
    moves
        .iter()
        .map(|&m| {
            let next_depth = if position.is_pass(m) {
                depth
            } else {
                depth - 1
            };
            -minimax(&position.play(m), evaluator, next_depth)
        })
        .max()
        .expect("at least one move")
}

/// Counts the leaves of the move tree `depth` plies deep. A forced pass is a
/// ply and a finished game above that depth is one leaf.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    perft_with(position, depth, &mut buffers, &mut Checkpoint::new(None))
}

/// [`perft`] within `budget`: `None` when it runs out first.
pub fn perft_within<G: Game>(position: &G, depth: u32, budget: &Budget) -> Option<u64> {
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    let mut checkpoint = Checkpoint::new(Some(budget));
    let count = perft_with(position, depth, &mut buffers, &mut checkpoint);
    (!checkpoint.stopped()).then_some(count)
}

fn perft_with<G: Game>(
    position: &G,
    depth: u32,
    buffers: &mut [Vec<G::Move>],
    checkpoint: &mut Checkpoint,
) -> u64 {
    if depth == 0 || checkpoint.stop() {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    position.legal_moves(moves);
    if moves.is_empty() {
        return 1;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| perft_with(&position.play(m), depth - 1, rest, checkpoint))
        .sum()
}
