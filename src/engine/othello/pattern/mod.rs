//! The pattern evaluation of standard 8×8 Othello: a sum of trained
//! weights, one per feature of the position, with a separate set of
//! weights for each stretch of the game ([`weights::PHASES`]).
//!
//! The features ([`features`]) are the configurations of 46 pattern
//! instances (the edges with their X-squares, the corners' 3×3 and 2×5
//! blocks, the diagonals of length 4 to 8, the second to fourth rows and
//! columns), the mobility of each side and the number of empty squares.
//! Symmetric instances share their weights, so the evaluation of a board
//! does not change when the board is rotated or reflected.
//!
//! The weights ([`weights`]) were fitted by the engine's own training
//! pipeline on positions from its own self-play, labelled by the exact
//! endgame solver and by searches; nothing comes from other engines. See
//! "Training the evaluation" in the README for the commands that remade
//! `data/othello-eval.bin`.

pub mod features;
pub mod weights;

use super::eval::DISC;
use super::position::Position;

pub use weights::Weights;

/// The largest evaluation: one disc short of the biggest possible win, so
/// that a heuristic score never looks better than a real result.
pub const MAX_EVAL: i32 = 64 * DISC - 1;

/// The value of `position` (8×8; any other size is read as its top-left
/// corner of an 8×8 board) for the side to move, in hundredths of a disc.
#[inline]
pub fn evaluate(position: &Position, weights: &Weights) -> i32 {
    let (player, opponent) = (position.player(), position.opponent());
    let empties = 64 - (player | opponent).count_ones();
    let table = weights.table(weights::phase_of(empties));
    let mut sum = 0i32;
    features::for_each_index(player, opponent, |i| sum += i32::from(table[i]));
    (sum * weights.unit()).clamp(-MAX_EVAL, MAX_EVAL)
}

#[cfg(test)]
mod tests {
    use super::features::TABLE_LEN;
    use super::weights::{shipped, PHASES};
    use super::*;
    use crate::othello::position::Setup;
    use crate::othello::rules::Variant;
    use crate::rng::Rng;

    /// Positions from random games, at every stage.
    fn random_positions(seed: u64, count: usize) -> Vec<Position> {
        let mut rng = Rng::new(seed);
        let mut positions = Vec::new();
        while positions.len() < count {
            let mut p = Position::start(Default::default());
            for _ in 0..rng.below(60) {
                match rng.choose(&p.moves()) {
                    Some(&m) => p = p.play(m),
                    None => break,
                }
            }
            if !p.is_over() {
                positions.push(p);
            }
        }
        positions
    }

    fn random_weights(seed: u64) -> Weights {
        let mut rng = Rng::new(seed);
        let values: Vec<f64> = (0..PHASES * TABLE_LEN)
            .map(|_| rng.gaussian() * 2.0)
            .collect();
        Weights::from_canonical(1, |phase, index| values[phase * TABLE_LEN + index])
    }

    #[test]
    fn the_eight_symmetric_images_of_a_position_score_the_same() {
        let random = random_weights(1);
        for weights in [&random, shipped()] {
            for p in random_positions(2, 300) {
                let setup = p.to_setup();
                let (black, white) = (features::views(setup.black), features::views(setup.white));
                let score = evaluate(&p, weights);
                for k in 1..8 {
                    let image = Setup {
                        black: black[k],
                        white: white[k],
                        ..setup
                    };
                    let image = Position::from_setup(image, Variant::Standard).unwrap();
                    assert_eq!(evaluate(&image, weights), score, "image {k} of {p:?}");
                }
            }
        }
    }

    #[test]
    fn swapping_the_colours_and_the_side_to_move_keeps_the_score() {
        let weights = random_weights(3);
        for p in random_positions(4, 300) {
            assert_eq!(
                evaluate(&p.colours_swapped(), &weights),
                evaluate(&p, &weights)
            );
        }
    }

    #[test]
    fn the_evaluation_stays_within_the_range_of_results() {
        // Random weights add up to far more than 64 discs now and then.
        let weights = random_weights(5);
        let shipped = shipped();
        for p in random_positions(6, 1000) {
            for w in [&weights, shipped] {
                let score = evaluate(&p, w);
                assert!((-MAX_EVAL..=MAX_EVAL).contains(&score), "{score}");
            }
        }
    }
}
