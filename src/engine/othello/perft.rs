//! Perft on bitboards: counts leaves of the move tree as fast as possible,
//! with the same conventions as the generic
//! [`perft`](crate::search::reference::perft): a forced pass is a
//! ply, a finished game above the depth is one leaf, and the last ply is
//! counted, not played (as Edax does).

use crate::search::limits::{Budget, Checkpoint};

use super::bitboard::{flips, legal_moves};
use super::position::Position;
use super::rules::Variant;

/// Leaves of the move tree of `position`, `depth` plies deep.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if position.rules().variant == Variant::Reversi {
        // The opening's special moves are rare; let the position handle them.
        return crate::search::reference::perft(position, depth);
    }
    count(
        position.player(),
        position.opponent(),
        position.rules().size.mask(),
        depth,
        &mut || false,
    )
}

/// [`perft`] within `budget`: `None` when it runs out first.
pub fn perft_within(position: &Position, depth: u32, budget: &Budget) -> Option<u64> {
    if position.rules().variant == Variant::Reversi {
        return crate::search::reference::perft_within(position, depth, budget);
    }
    let mut checkpoint = Checkpoint::new(Some(budget));
    let total = count(
        position.player(),
        position.opponent(),
        position.rules().size.mask(),
        depth,
        &mut || checkpoint.stop(),
    );
    (!checkpoint.stopped()).then_some(total)
}

/// The leaves below a node; `stop` is asked at every node at least three
/// plies from the leaves (rarely enough to cost nothing measurable).
fn count(
    player: u64,
    opponent: u64,
    board: u64,
    depth: u32,
    stop: &mut impl FnMut() -> bool,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth >= 3 && stop() {
        return 0;
    }
    let moves = legal_moves(player, opponent, board);
    if moves == 0 {
        return if legal_moves(opponent, player, board) == 0 {
            1
        } else {
            count(opponent, player, board, depth - 1, stop)
        };
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut total = 0;
    let mut rest = moves;
    while rest != 0 {
        let square = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let flipped = flips(player, opponent, square);
        total += count(
            opponent ^ flipped,
            player | flipped | (1 << square),
            board,
            depth - 1,
            stop,
        );
    }
    total
}
