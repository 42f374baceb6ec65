//! Stable discs: discs that can never be flipped again. A disc is stable
//! when, in each of the four line directions, its line is full or it touches
//! the board's edge or a stable disc of its own colour along that line (the
//! run it belongs to then can never be flanked). The endgame solver uses the
//! opponent's stable discs as an upper bound on its own final score.

/// Squares of column a and column h.
const COLUMN_A: u64 = 0x0101_0101_0101_0101;
const COLUMN_H: u64 = 0x8080_8080_8080_8080;
const ROW_1: u64 = 0x0000_0000_0000_00FF;
const ROW_8: u64 = 0xFF00_0000_0000_0000;
const EDGES: u64 = COLUMN_A | COLUMN_H | ROW_1 | ROW_8;

/// The 15 diagonals of each direction, as masks: a1-h8 direction first.
static DIAGONALS: ([u64; 15], [u64; 15]) = build_diagonals();

const fn build_diagonals() -> ([u64; 15], [u64; 15]) {
    let mut down = [0u64; 15];
    let mut up = [0u64; 15];
    let mut s = 0;
    while s < 64 {
        let (c, r) = (s % 8, s / 8);
        down[7 + c - r] |= 1u64 << s;
        up[c + r] |= 1u64 << s;
        s += 1;
    }
    (down, up)
}

/// Squares on full lines, for each of the four directions:
/// (horizontal, vertical, a1-h8 diagonal, h1-a8 diagonal).
#[inline]
fn full_lines(filled: u64) -> (u64, u64, u64, u64) {
    let mut horizontal = 0;
    let mut vertical = 0;
    for i in 0..8 {
        let row = ROW_1 << (8 * i);
        if filled & row == row {
            horizontal |= row;
        }
        let column = COLUMN_A << i;
        if filled & column == column {
            vertical |= column;
        }
    }
    let mut down = 0;
    let mut up = 0;
    for i in 0..15 {
        let d = DIAGONALS.0[i];
        if filled & d == d {
            down |= d;
        }
        let u = DIAGONALS.1[i];
        if filled & u == u {
            up |= u;
        }
    }
    (horizontal, vertical, down, up)
}

/// The stable discs of `player` (8×8 board) facing `opponent`.
pub fn stable_discs(player: u64, opponent: u64) -> u64 {
    let filled = player | opponent;
    let (full_h, full_v, full_d, full_u) = full_lines(filled);
    // Along each direction, the edge squares are safe on their outer side.
    let safe_h = full_h | COLUMN_A | COLUMN_H;
    let safe_v = full_v | ROW_1 | ROW_8;
    let safe_d = full_d | EDGES;
    let safe_u = full_u | EDGES;
    let mut stable = 0u64;
    loop {
        let h = safe_h | ((stable << 1) & !COLUMN_A) | ((stable >> 1) & !COLUMN_H);
        let v = safe_v | (stable << 8) | (stable >> 8);
        let d = safe_d | ((stable << 9) & !COLUMN_A) | ((stable >> 9) & !COLUMN_H);
        let u = safe_u | ((stable << 7) & !COLUMN_H) | ((stable >> 7) & !COLUMN_A);
        let next = player & h & v & d & u;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::othello::bitboard::{flips, legal_moves};
    use crate::engine::rng::Rng;

    /// One random move (or a forced pass) of the side to move `a`: the
    /// boards after it, the other side to move; `None` when the game is over.
    fn random_step(rng: &mut Rng, a: u64, b: u64) -> Option<(u64, u64)> {
        let moves = legal_moves(a, b, !0);
        if moves == 0 {
            return (legal_moves(b, a, !0) != 0).then_some((b, a));
        }
        let squares: Vec<u32> = (0..64).filter(|s| moves >> s & 1 == 1).collect();
        let s = squares[rng.below(squares.len() as u64) as usize] as usize;
        let f = flips(a, b, s);
        Some((b ^ f, a | f | 1 << s))
    }

    /// A disc is really stable if no sequence of moves flips it: checked by
    /// playing random continuations from random positions.
    #[test]
    fn stable_discs_are_never_flipped() {
        let mut rng = Rng::new(17);
        let mut found = 0;
        for _ in 0..300 {
            // A random late position.
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            for _ in 0..40 + rng.below(20) {
                let Some(next) = random_step(&mut rng, p, o) else {
                    break;
                };
                (p, o) = next;
            }
            let stable_p = stable_discs(p, o);
            let stable_o = stable_discs(o, p);
            assert_eq!(stable_p & !p, 0);
            found += stable_p.count_ones() + stable_o.count_ones();
            // Play out 20 random continuations; stable discs keep their colour.
            for _ in 0..20 {
                let (mut a, mut b) = (p, o);
                let mut a_is_p = true;
                while let Some(next) = random_step(&mut rng, a, b) {
                    (a, b) = next;
                    a_is_p = !a_is_p;
                }
                let (final_p, final_o) = if a_is_p { (a, b) } else { (b, a) };
                assert_eq!(final_p & stable_p, stable_p, "a stable disc was flipped");
                assert_eq!(final_o & stable_o, stable_o, "a stable disc was flipped");
            }
        }
        assert!(
            found > 1000,
            "only {found} stable discs found: the test would prove nothing"
        );
    }

    #[test]
    fn corners_and_full_edges_are_stable() {
        assert_eq!(stable_discs(1, 0), 1);
        // A full top row of the player's discs is stable.
        assert_eq!(stable_discs(ROW_1, 0) & ROW_1, ROW_1);
        // A lone centre disc is not.
        assert_eq!(stable_discs(1 << 27, 1 << 28), 0);
    }
}
