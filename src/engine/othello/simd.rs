//! The move generator's two kernels, the flips of a move and the legal
//! moves, in wasm SIMD128 (the wasm builds enable it: `.cargo/config.toml`).
//! Native builds keep the scalar kernels of [`super::bitboard`], which
//! these replace one for one, with the same results.
//!
//! Both work on a pair of lanes: the board as it is and the board mirrored
//! top to bottom (its bytes reversed, one shuffle). A shift towards higher
//! squares in the mirrored lane is a shift towards lower squares on the
//! board, so three shifts cover six of the eight directions, and only the
//! row is done as before. Wasm has no byte swap for 64-bit integers, but
//! the shuffle mirrors a lane in one instruction.

use core::arch::wasm32::{
    i64x2_add, i64x2_ne, i64x2_neg, i8x16_shuffle, u64x2, u64x2_extract_lane, u64x2_shl,
    u64x2_splat, v128, v128_and, v128_andnot, v128_or,
};

use super::bitboard::{flanking, INNER_COLUMNS};
use super::lines::{gather_row, line_flips, scatter_row};

/// `[player, opponent]` as `([player, mirrored player], [opponent,
/// mirrored opponent])`.
#[inline(always)]
fn with_mirrors(player: u64, opponent: u64) -> (v128, v128) {
    let both = u64x2(player, opponent);
    (
        i8x16_shuffle::<0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0>(both, both),
        i8x16_shuffle::<8, 9, 10, 11, 12, 13, 14, 15, 15, 14, 13, 12, 11, 10, 9, 8>(both, both),
    )
}

/// The board lane OR the mirrored lane mirrored back: squares found in
/// either sense, as one bitboard.
#[inline(always)]
fn unmirror(pair: v128) -> u64 {
    let back =
        i8x16_shuffle::<15, 14, 13, 12, 11, 10, 9, 8, 15, 14, 13, 12, 11, 10, 9, 8>(pair, pair);
    u64x2_extract_lane::<0>(v128_or(pair, back))
}

/// The squares `step` (8: up a column, 9 and 7: the diagonals) beyond
/// `square`, towards higher squares, not counting `square`.
const fn ray(square: usize, step: usize) -> u64 {
    let (dx, dy): (i32, i32) = match step {
        8 => (0, 1),
        9 => (1, 1),
        _ => (-1, 1),
    };
    let (mut x, mut y) = ((square % 8) as i32 + dx, (square / 8) as i32 + dy);
    let mut bits = 0;
    while x >= 0 && x < 8 && y < 8 {
        bits |= 1u64 << (y * 8 + x);
        x += dx;
        y += dy;
    }
    bits
}

/// `RAYS[s]`: for each of the steps 8, 9 and 7, the ray from `s` in the
/// board lane and the ray from the mirrored square in the mirrored lane.
static RAYS: [[v128; 3]; 64] = {
    let mut rays = [[u64x2(0, 0); 3]; 64];
    let mut square = 0;
    while square < 64 {
        let steps = [8, 9, 7];
        let mut i = 0;
        while i < 3 {
            rays[square][i] = u64x2(ray(square, steps[i]), ray(square ^ 56, steps[i]));
            i += 1;
        }
        square += 1;
    }
    rays
};

/// The opponent discs flipped along `ray` in each lane: those before the
/// ray's first square without an opponent disc, if a player disc is there
/// (the nearest such square is the lowest bit: the rays go up).
#[inline(always)]
fn ray_flips(player: v128, opponent: v128, ray: v128) -> v128 {
    let not_opponent = v128_andnot(ray, opponent);
    let nearest = v128_and(not_opponent, i64x2_neg(not_opponent));
    let outflank = v128_and(nearest, player);
    // outflank − 1 where there is one (all bits below it), else 0.
    let closed = i64x2_ne(outflank, u64x2_splat(0));
    v128_and(ray, i64x2_add(outflank, closed))
}

/// The opponent discs flipped when `player` plays on empty square `square`
/// (0 when the move is illegal): [`super::bitboard::flips`] in SIMD.
#[inline(always)]
pub fn flips(player: u64, opponent: u64, square: usize) -> u64 {
    let (p, o) = with_mirrors(player, opponent);
    let [column_ray, diagonal_ray, anti_diagonal_ray] = RAYS[square];
    let lanes = v128_or(
        ray_flips(p, o, column_ray),
        v128_or(
            ray_flips(p, o, diagonal_ray),
            ray_flips(p, o, anti_diagonal_ray),
        ),
    );
    let row = square >> 3;
    let on_row = line_flips(
        square & 7,
        gather_row(player, row),
        gather_row(opponent, row),
    );
    unmirror(lanes) | scatter_row(on_row, row)
}

/// The discs beyond a line of `mask` discs that starts next to a `player`
/// disc, `STEP` squares up in each lane ([`flanking`]'s forward half).
#[inline(always)]
fn flanking_up<const STEP: u32>(player: v128, mask: v128) -> v128 {
    let mut line = v128_and(mask, u64x2_shl(player, STEP));
    line = v128_or(line, v128_and(mask, u64x2_shl(line, STEP)));
    let pairs = v128_and(mask, u64x2_shl(mask, STEP));
    line = v128_or(line, v128_and(pairs, u64x2_shl(line, 2 * STEP)));
    line = v128_or(line, v128_and(pairs, u64x2_shl(line, 2 * STEP)));
    u64x2_shl(line, STEP)
}

/// The legal moves of `player` against `opponent` on the squares of
/// `board`: [`super::bitboard::legal_moves`] in SIMD.
#[inline]
pub fn legal_moves(player: u64, opponent: u64, board: u64) -> u64 {
    let empty = board & !(player | opponent);
    let (p, o) = with_mirrors(player, opponent);
    let inner = v128_and(o, u64x2_splat(INNER_COLUMNS));
    let lanes = v128_or(
        flanking_up::<8>(p, o),
        v128_or(flanking_up::<9>(p, inner), flanking_up::<7>(p, inner)),
    );
    (unmirror(lanes) | flanking(player, opponent & INNER_COLUMNS, 1)) & empty
}
