//! A hand-made evaluation: mobility, potential mobility, corners and the
//! squares next to them, stable edge discs, parity and, late in the game,
//! the discs themselves. Scores are in hundredths of a disc for the side to
//! move. Used where no trained weights exist: 4×4, 6×6 and anti-Othello
//! (and on 8×8 when asked for, to compare with the pattern evaluation).

use super::DISC;
use crate::othello::bitboard::{legal_moves, neighbours};
use crate::othello::position::Position;
use crate::othello::rules::{BoardSize, Variant};

/// Corner, X-square and C-squares of one corner of the board.
#[derive(Clone, Copy)]
struct CornerRegion {
    corner: u64,
    x_square: u64,
    c_squares: u64,
    /// The two edges leaving the corner, as (step, squares) for the scan of
    /// stable discs: squares in order moving away from the corner.
    edges: [[u64; 8]; 2],
    edge_len: usize,
}

fn corner_regions(size: BoardSize) -> [CornerRegion; 4] {
    let n = size.side() as i32;
    let bit = |c: i32, r: i32| 1u64 << (r * 8 + c);
    let mut regions = [CornerRegion {
        corner: 0,
        x_square: 0,
        c_squares: 0,
        edges: [[0; 8]; 2],
        edge_len: n as usize,
    }; 4];
    for (i, (c, r, dc, dr)) in [
        (0, 0, 1, 1),
        (n - 1, 0, -1, 1),
        (0, n - 1, 1, -1),
        (n - 1, n - 1, -1, -1),
    ]
    .into_iter()
    .enumerate()
    {
        let region = &mut regions[i];
        region.corner = bit(c, r);
        region.x_square = bit(c + dc, r + dr);
        region.c_squares = bit(c + dc, r) | bit(c, r + dr);
        for k in 0..n as usize {
            region.edges[0][k] = bit(c + dc * k as i32, r);
            region.edges[1][k] = bit(c, r + dr * k as i32);
        }
    }
    regions
}

/// Discs of `owner` on the edges that form an unbroken line from a corner
/// they hold: such discs can never be flipped.
fn anchored_edge_discs(owner: u64, regions: &[CornerRegion; 4]) -> u64 {
    let mut stable = 0;
    for region in regions {
        if owner & region.corner == 0 {
            continue;
        }
        for edge in &region.edges {
            for &square in &edge[..region.edge_len] {
                if owner & square == 0 {
                    break;
                }
                stable |= square;
            }
        }
    }
    stable
}

/// The heuristic value of an unfinished position for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    let rules = position.rules();
    let size = rules.size;
    let me = position.player();
    let them = position.opponent();
    let empty = position.empties();
    let squares = size.squares() as i32;
    let empties = empty.count_ones() as i32;
    let filled = squares - empties;
    // 0 at the start, 1 at the end.
    let phase = filled as f64 / squares as f64;

    let my_moves = legal_moves(me, them, size.mask()).count_ones() as i32;
    let their_moves = legal_moves(them, me, size.mask()).count_ones() as i32;
    let mobility = 100 * (my_moves - their_moves) / (my_moves + their_moves + 2);
    let frontier = (neighbours(them) & empty).count_ones() as i32
        - (neighbours(me) & empty).count_ones() as i32;

    let regions = corner_regions(size);
    let mut corners = 0;
    let mut near_corners = 0;
    for region in &regions {
        corners += (me & region.corner != 0) as i32 - (them & region.corner != 0) as i32;
        if empty & region.corner != 0 {
            near_corners -= 3
                * ((me & region.x_square).count_ones() as i32
                    - (them & region.x_square).count_ones() as i32);
            near_corners -= (me & region.c_squares).count_ones() as i32
                - (them & region.c_squares).count_ones() as i32;
        }
    }
    let stable = anchored_edge_discs(me, &regions).count_ones() as i32
        - anchored_edge_discs(them, &regions).count_ones() as i32;
    let parity = if empties % 2 == 1 { 1 } else { -1 };
    let discs = me.count_ones() as i32 - them.count_ones() as i32;

    let (corner_w, near_w, stable_w, disc_sign) = match rules.variant {
        // Fewer discs win: corners and stable discs are liabilities.
        Variant::Anti => (-350, -60, -80, -1),
        Variant::Standard | Variant::Reversi => (800, 120, 150, 1),
    };
    let score = 12.0 * mobility as f64 * (1.2 - phase)
        + 25.0 * frontier as f64 * (1.0 - 0.5 * phase)
        + (corner_w * corners) as f64
        + (near_w * near_corners) as f64 * (1.0 - phase)
        + (stable_w * stable) as f64
        + if empties < 18 {
            60.0 * parity as f64
        } else {
            0.0
        }
        + disc_sign as f64 * discs as f64 * DISC as f64 * phase.powi(4);
    score.round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::position::Setup;

    #[test]
    fn owning_a_corner_is_good() {
        let start = Position::start(Default::default()).to_setup();
        let with_corner = Setup {
            black: start.black | 1,
            ..start
        };
        let with_corner = Position::from_setup(with_corner, Variant::Standard).unwrap();
        let without = Position::from_setup(start, Variant::Standard).unwrap();
        assert!(evaluate(&with_corner) > evaluate(&without) + 400);
    }

    #[test]
    fn evaluation_depends_on_the_discs_not_on_their_colour() {
        let mut rng = crate::rng::Rng::new(9);
        for _ in 0..200 {
            let mut p = Position::start(Default::default());
            for _ in 0..rng.below(50) {
                let moves = p.moves();
                match rng.choose(&moves) {
                    Some(&m) => p = p.play(m),
                    None => break,
                }
            }
            assert_eq!(evaluate(&p), evaluate(&p.colours_swapped()));
        }
    }
}
