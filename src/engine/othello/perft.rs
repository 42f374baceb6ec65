//! Perft on bitboards: counts leaves of the move tree as fast as possible,
//! with the same conventions as the generic
//! [`perft`](crate::engine::search::reference::perft): a forced pass is a
//! ply, a finished game above the depth is one leaf, and the last ply is
//! counted, not played (as Edax does).

use super::bitboard::{flips, legal_moves};
use super::position::Position;
use super::rules::Variant;

/// Leaves of the move tree of `position`, `depth` plies deep.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if position.rules().variant == Variant::Reversi {
        // The opening's special moves are rare; let the position handle them.
        return crate::engine::search::reference::perft(position, depth);
    }
    count(
        position.player(),
        position.opponent(),
        position.rules().size.mask(),
        depth,
    )
}

fn count(player: u64, opponent: u64, board: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(player, opponent, board);
    if moves == 0 {
        return if legal_moves(opponent, player, board) == 0 {
            1
        } else {
            count(opponent, player, board, depth - 1)
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
        );
    }
    total
}
