//! Stable discs: discs that can never be flipped again. A disc is stable
//! when, in each of the four line directions, its line is full or it touches
//! the board's edge or a stable disc of its own colour along that line (the
//! run it belongs to then can never be flanked). The endgame solver uses the
//! opponent's stable discs as an upper bound on its own final score.

use super::lines::{gather_column, gather_row, scatter_column, scatter_row};

/// Squares of column a and column h.
const COLUMN_A: u64 = 0x0101_0101_0101_0101;
const COLUMN_H: u64 = 0x8080_8080_8080_8080;
const ROW_1: u64 = 0x0000_0000_0000_00FF;
const ROW_8: u64 = 0xFF00_0000_0000_0000;
const EDGES: u64 = COLUMN_A | COLUMN_H | ROW_1 | ROW_8;

/// The four line directions as (column step, row step, index shift):
/// horizontal, vertical, a1–h8 diagonal, h1–a8 diagonal.
const LINE_DIRECTIONS: [(i32, i32, u32); 4] = [(1, 0, 1), (0, 1, 8), (1, 1, 9), (-1, 1, 7)];

/// `BEYOND_EDGE[direction][sense][j]`: the squares whose `2^j`-th
/// neighbour along the direction (sense 0: towards higher indices, 1:
/// lower) is off the board.
static BEYOND_EDGE: [[[u64; 3]; 2]; 4] = {
    let mut masks = [[[0u64; 3]; 2]; 4];
    let mut direction = 0;
    while direction < 4 {
        let (dx, dy, _) = LINE_DIRECTIONS[direction];
        let mut sense = 0;
        while sense < 2 {
            let sign = if sense == 0 { 1 } else { -1 };
            let mut j = 0;
            while j < 3 {
                let steps = sign * (1 << j);
                let mut square = 0;
                while square < 64 {
                    let c = square % 8 + dx * steps;
                    let r = square / 8 + dy * steps;
                    if c < 0 || c >= 8 || r < 0 || r >= 8 {
                        masks[direction][sense][j] |= 1u64 << square;
                    }
                    square += 1;
                }
                j += 1;
            }
            sense += 1;
        }
        direction += 1;
    }
    masks
};

/// The squares of `filled` whose whole line along `direction` is filled:
/// filled up to the edge on both sides, found by doubling the stretch
/// looked at (1, 2, then 4 squares further).
#[inline(always)]
fn full_line(filled: u64, direction: usize) -> u64 {
    let shift = LINE_DIRECTIONS[direction].2;
    let edges = &BEYOND_EDGE[direction];
    let (mut up, mut down) = (filled, filled);
    for (j, (up_edge, down_edge)) in edges[0].iter().zip(&edges[1]).enumerate() {
        let distance = shift << j;
        up &= (up >> distance) | up_edge;
        down &= (down << distance) | down_edge;
    }
    up & down
}

/// Squares on full lines, for each of the four directions:
/// (horizontal, vertical, a1-h8 diagonal, h1-a8 diagonal).
#[inline]
fn full_lines(filled: u64) -> (u64, u64, u64, u64) {
    (
        full_line(filled, 0),
        full_line(filled, 1),
        full_line(filled, 2),
        full_line(filled, 3),
    )
}

/// The discs of `discs` in unbroken runs along an edge from a corner.
#[inline(always)]
fn corner_runs(discs: u64) -> u64 {
    /// The runs from either end of a line byte.
    fn from_ends(line: u8) -> u8 {
        let from_low = line & !line.wrapping_add(1);
        let from_high = !(0xFFu32 >> line.leading_ones()) as u8;
        from_low | from_high
    }
    scatter_row(from_ends(gather_row(discs, 0)), 0)
        | scatter_row(from_ends(gather_row(discs, 7)), 7)
        | scatter_column(from_ends(gather_column(discs, 0)), 0)
        | scatter_column(from_ends(gather_column(discs, 7)), 7)
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
    // Start from the runs along the edges that hold a corner: they are
    // stable, and growing them one square per round is the slowest part.
    let mut stable = corner_runs(player);
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
    use crate::othello::bitboard::{flips, legal_moves};
    use crate::rng::Rng;

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

    /// Full lines square by square: walk each line through each square.
    fn slow_full_line(filled: u64, dx: i32, dy: i32, square: i32) -> bool {
        [1, -1].iter().all(|&sign| {
            let (mut c, mut r) = (square % 8, square / 8);
            while (0..8).contains(&c) && (0..8).contains(&r) {
                if filled >> (r * 8 + c) & 1 == 0 {
                    return false;
                }
                c += sign * dx;
                r += sign * dy;
            }
            true
        })
    }

    #[test]
    fn full_lines_match_a_square_by_square_walk() {
        let mut rng = Rng::new(3);
        for _ in 0..3_000 {
            // Mostly filled boards, so that full lines occur.
            let filled = !(rng.next_u64() & rng.next_u64() & rng.next_u64());
            let lines = full_lines(filled);
            for (direction, found) in [lines.0, lines.1, lines.2, lines.3].into_iter().enumerate() {
                let (dx, dy, _) = LINE_DIRECTIONS[direction];
                let expected = (0..64)
                    .filter(|&s| slow_full_line(filled, dx, dy, s))
                    .fold(0u64, |m, s| m | 1 << s);
                assert_eq!(found, expected, "direction {direction}, filled {filled:#x}");
            }
        }
    }

    #[test]
    fn corner_runs_stop_at_the_first_gap() {
        // a1 b1 c1 _ e1 … h1 g1: runs of 3 and 2 on row 1; column a: a1 a2.
        let row = 0b1100_0111u64;
        let column_a = 1u64 << 8;
        assert_eq!(corner_runs(row | column_a), row | column_a);
        // Without the corners, nothing.
        assert_eq!(corner_runs(0b0110_0110 | 1u64 << 16), 0);
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
