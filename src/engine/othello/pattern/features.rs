//! The features of the pattern evaluation and how a board becomes one
//! table index per feature.
//!
//! A pattern family is a shape of squares (an edge with its two X-squares,
//! a corner's 3×3 block, …). Its instances are the shape's images under
//! the 8 symmetries of the board, and they all read the same weight table:
//! an edge is worth the same on any side. The squares of an instance are
//! read as base-3 digits (0 empty, 1 the side to move's disc, 2 the
//! opponent's), digit `i` weighing `3^i`.
//!
//! Rather than listing every instance's squares, the evaluation reads the
//! base instance's squares on the 8 symmetric views of the board (see
//! [`views`]): reading view `k` is reading the instance that symmetry `k`
//! maps onto the base shape. Each family's base squares are chosen so
//! that reading them is a shift and a mask, or one multiplication for a
//! diagonal.
//!
//! Besides the patterns there are small tables: the mobility of each side
//! (how many moves it has); the number of empty squares, which carries the
//! side to move's tempo and parity; and, for each of the 10 classes of
//! symmetric squares, how many discs each side has there. The last are
//! seen in every position, so they learn a sound base value of the discs
//! that the patterns then correct where they have seen enough.

use std::sync::LazyLock;

use crate::othello::bitboard::legal_moves;

/// The pattern families, in table order.
#[rustfmt::skip]
pub const FAMILIES: [Family; 11] = [
    Family::new("edge+2X",    &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],   &[0, 2, 4, 5]),
    Family::new("corner 3x3", &[0, 1, 2, 8, 9, 10, 16, 17, 18],   &[0, 1, 2, 3]),
    Family::new("corner 2x5", &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12], &[0, 1, 2, 3, 4, 5, 6, 7]),
    Family::new("line 2",     &[8, 9, 10, 11, 12, 13, 14, 15],    &[0, 2, 4, 5]),
    Family::new("line 3",     &[16, 17, 18, 19, 20, 21, 22, 23],  &[0, 2, 4, 5]),
    Family::new("line 4",     &[24, 25, 26, 27, 28, 29, 30, 31],  &[0, 2, 4, 5]),
    Family::new("diagonal 8", &[0, 9, 18, 27, 36, 45, 54, 63],    &[0, 1]),
    Family::new("diagonal 7", &[1, 10, 19, 28, 37, 46, 55],       &[0, 1, 2, 3]),
    Family::new("diagonal 6", &[2, 11, 20, 29, 38, 47],           &[0, 1, 2, 3]),
    Family::new("diagonal 5", &[3, 12, 21, 30, 39],               &[0, 1, 2, 3]),
    Family::new("diagonal 4", &[4, 13, 22, 31],                   &[0, 1, 2, 3]),
];

const EDGE: usize = 0;
const CORNER_3X3: usize = 1;
const CORNER_2X5: usize = 2;
const LINE_2: usize = 3;
const LINE_3: usize = 4;
const LINE_4: usize = 5;
const DIAGONAL_8: usize = 6;
const DIAGONAL_7: usize = 7;
const DIAGONAL_6: usize = 8;
const DIAGONAL_5: usize = 9;
const DIAGONAL_4: usize = 10;

/// A pattern family: a shape whose symmetric instances share one table.
#[derive(Debug)]
pub struct Family {
    /// A name for reports.
    pub name: &'static str,
    /// The squares of the base instance, in digit order.
    pub base: &'static [u8],
    /// The views (see [`views`]) in which the base squares are a distinct
    /// instance; together they cover every symmetric image of the shape.
    pub views: &'static [u8],
}

impl Family {
    /// A family named `name` of the shape `base`, read in `views`.
    pub const fn new(name: &'static str, base: &'static [u8], views: &'static [u8]) -> Family {
        Family { name, base, views }
    }

    /// The number of configurations: `3^squares`.
    pub const fn size(&self) -> usize {
        3usize.pow(self.base.len() as u32)
    }
}

/// Mobility is counted up to this many moves (more are rare and alike).
pub const MOBILITY_CAP: usize = 31;

/// The squares of the board in 10 classes that the symmetries of the
/// board map onto themselves: a1 (the corners), b1 (C-squares), c1, d1,
/// b2 (X-squares), c2, d2, c3, d3, d4 (the centre).
pub const SQUARE_CLASSES: [u64; 10] = [
    0x8100_0000_0000_0081,
    0x4281_0000_0000_8142,
    0x2400_8100_0081_0024,
    0x1800_0081_8100_0018,
    0x0042_0000_0000_4200,
    0x0024_4200_0042_2400,
    0x0018_0042_4200_1800,
    0x0000_2400_0024_0000,
    0x0000_1824_2418_0000,
    0x0000_0018_1800_0000,
];

/// The small tables after the patterns, in table order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Extra {
    /// The number of moves of the side to move, capped at [`MOBILITY_CAP`].
    PlayerMobility,
    /// The number of moves of the opponent, capped at [`MOBILITY_CAP`].
    OpponentMobility,
    /// The number of empty squares (0–60): tempo and parity.
    Empties,
    /// How many discs each side has on the squares of class `c` of
    /// [`SQUARE_CLASSES`]: a coarse value of the discs, square by square,
    /// that every position trains, so that pattern configurations seen
    /// rarely or never still have a sensible base to add to.
    Squares(u8),
}

impl Extra {
    /// Every extra table, in table order.
    pub const ALL: [Extra; 13] = [
        Extra::PlayerMobility,
        Extra::OpponentMobility,
        Extra::Empties,
        Extra::Squares(0),
        Extra::Squares(1),
        Extra::Squares(2),
        Extra::Squares(3),
        Extra::Squares(4),
        Extra::Squares(5),
        Extra::Squares(6),
        Extra::Squares(7),
        Extra::Squares(8),
        Extra::Squares(9),
    ];

    /// The number of entries.
    pub const fn size(self) -> usize {
        match self {
            Extra::PlayerMobility | Extra::OpponentMobility => MOBILITY_CAP + 1,
            Extra::Empties => 61,
            Extra::Squares(c) => {
                let per_side = SQUARE_CLASSES[c as usize].count_ones() as usize + 1;
                per_side * per_side
            }
        }
    }

    /// A name for reports.
    pub fn name(self) -> String {
        match self {
            Extra::PlayerMobility => "mobility (to move)".into(),
            Extra::OpponentMobility => "mobility (opponent)".into(),
            Extra::Empties => "empties".into(),
            Extra::Squares(c) => {
                let first = SQUARE_CLASSES[c as usize].trailing_zeros();
                let column = (b'a' + (first % 8) as u8) as char;
                format!("discs on {column}{}-squares", first / 8 + 1)
            }
        }
    }
}

/// The number of pattern instances read per position.
pub const PATTERN_INSTANCES: usize = {
    let mut n = 0;
    let mut f = 0;
    while f < FAMILIES.len() {
        n += FAMILIES[f].views.len();
        f += 1;
    }
    n
};

/// The number of table entries a position adds up: one per pattern
/// instance and one per extra table.
pub const FEATURES: usize = PATTERN_INSTANCES + Extra::ALL.len();

/// Where each family's table starts in a phase's table.
pub const FAMILY_OFFSETS: [usize; FAMILIES.len()] = {
    let mut offsets = [0; FAMILIES.len()];
    let mut f = 1;
    while f < FAMILIES.len() {
        offsets[f] = offsets[f - 1] + FAMILIES[f - 1].size();
        f += 1;
    }
    offsets
};

/// Where each extra table starts in a phase's table.
pub const EXTRA_OFFSETS: [usize; Extra::ALL.len()] = {
    let last = FAMILIES.len() - 1;
    let mut offsets = [0; Extra::ALL.len()];
    offsets[0] = FAMILY_OFFSETS[last] + FAMILIES[last].size();
    let mut e = 1;
    while e < Extra::ALL.len() {
        offsets[e] = offsets[e - 1] + Extra::ALL[e - 1].size();
        e += 1;
    }
    offsets
};

/// The number of entries in one phase's table.
pub const TABLE_LEN: usize = {
    let last = Extra::ALL.len() - 1;
    EXTRA_OFFSETS[last] + Extra::ALL[last].size()
};

/// `TERNARY[bits]`: the base-3 number with the digits of `bits` (each 0 or
/// 1), so that a pattern's index is `TERNARY[own] + 2 * TERNARY[theirs]`.
static TERNARY: [u32; 1024] = {
    let mut table = [0; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let mut value = 0;
        let mut power = 1;
        let mut i = 0;
        while i < 10 {
            if bits >> i & 1 == 1 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};

/// Columns reversed (a ↔ h).
#[inline(always)]
fn mirror(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let b = ((b >> 1) & K1) | ((b & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Rows reversed (1 ↔ 8).
#[inline(always)]
fn flip(b: u64) -> u64 {
    b.swap_bytes()
}

/// Reflected in the a1–h8 diagonal: square (c, r) goes to (r, c).
#[inline(always)]
fn transpose(b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    let mut b = b;
    let t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = K1 & (b ^ (b << 7));
    b ^ t ^ (t >> 7)
}

/// The 8 symmetric views of a bitboard: view `k` is the board mirrored if
/// bit 0 of `k` is set, then flipped if bit 1 is, then transposed if bit 2
/// is. View 0 is the board itself.
#[inline(always)]
pub fn views(b: u64) -> [u64; 8] {
    let m = mirror(b);
    let f = flip(b);
    let mf = flip(m);
    [
        b,
        m,
        f,
        mf,
        transpose(b),
        transpose(m),
        transpose(f),
        transpose(mf),
    ]
}

/// The base squares of `family` on a view, as bits in digit order.
#[inline(always)]
fn gather(family: usize, b: u64) -> usize {
    /// Moves the squares of a diagonal into the top byte, in column order.
    #[inline(always)]
    fn diagonal(b: u64, mask: u64, shift: u32) -> usize {
        ((b & mask).wrapping_mul(0x0101_0101_0101_0101) >> shift) as usize
    }
    let bits = match family {
        EDGE => (b & 0xFF) | ((b >> 9) & 1) << 8 | ((b >> 14) & 1) << 9,
        CORNER_3X3 => (b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1C0),
        CORNER_2X5 => (b & 0x1F) | ((b >> 3) & 0x3E0),
        LINE_2 => (b >> 8) & 0xFF,
        LINE_3 => (b >> 16) & 0xFF,
        LINE_4 => (b >> 24) & 0xFF,
        DIAGONAL_8 => return diagonal(b, 0x8040_2010_0804_0201, 56),
        DIAGONAL_7 => return diagonal(b, 0x0080_4020_1008_0402, 57),
        DIAGONAL_6 => return diagonal(b, 0x0000_8040_2010_0804, 58),
        DIAGONAL_5 => return diagonal(b, 0x0000_0080_4020_1008, 59),
        DIAGONAL_4 => return diagonal(b, 0x0000_0000_8040_2010, 60),
        _ => unreachable!("no family {family}"),
    };
    bits as usize
}

/// The table index of every feature of the position with `player` to move
/// against `opponent` (8×8), each within one phase's table of
/// [`TABLE_LEN`] entries. The evaluation is the sum of those entries.
pub fn indices(player: u64, opponent: u64) -> [u32; FEATURES] {
    let mut out = [0u32; FEATURES];
    let mut n = 0;
    for_each_index(player, opponent, |index| {
        out[n] = index as u32;
        n += 1;
    });
    out
}

/// Calls `visit` with the table index of every feature, in the order of
/// [`indices`]; the evaluation adds up the entries as they come.
#[inline(always)]
pub fn for_each_index(player: u64, opponent: u64, mut visit: impl FnMut(usize)) {
    let own = views(player);
    let theirs = views(opponent);
    // One call per family with the family as a constant, so that each
    // reads its squares with straight-line code.
    #[inline(always)]
    fn family<const F: usize>(own: &[u64; 8], theirs: &[u64; 8], visit: &mut impl FnMut(usize)) {
        let offset = FAMILY_OFFSETS[F];
        for &view in FAMILIES[F].views {
            let view = usize::from(view);
            visit(
                offset
                    + TERNARY[gather(F, own[view])] as usize
                    + 2 * TERNARY[gather(F, theirs[view])] as usize,
            );
        }
    }
    family::<EDGE>(&own, &theirs, &mut visit);
    family::<CORNER_3X3>(&own, &theirs, &mut visit);
    family::<CORNER_2X5>(&own, &theirs, &mut visit);
    family::<LINE_2>(&own, &theirs, &mut visit);
    family::<LINE_3>(&own, &theirs, &mut visit);
    family::<LINE_4>(&own, &theirs, &mut visit);
    family::<DIAGONAL_8>(&own, &theirs, &mut visit);
    family::<DIAGONAL_7>(&own, &theirs, &mut visit);
    family::<DIAGONAL_6>(&own, &theirs, &mut visit);
    family::<DIAGONAL_5>(&own, &theirs, &mut visit);
    family::<DIAGONAL_4>(&own, &theirs, &mut visit);

    let mobility = |a, b| (legal_moves(a, b, !0).count_ones() as usize).min(MOBILITY_CAP);
    let empties = (!(player | opponent)).count_ones() as usize;
    visit(EXTRA_OFFSETS[0] + mobility(player, opponent));
    visit(EXTRA_OFFSETS[1] + mobility(opponent, player));
    visit(EXTRA_OFFSETS[2] + empties.min(60));
    for (c, &class) in SQUARE_CLASSES.iter().enumerate() {
        let per_side = class.count_ones() as usize + 1;
        let own = (player & class).count_ones() as usize;
        let theirs = (opponent & class).count_ones() as usize;
        visit(EXTRA_OFFSETS[3 + c] + own * per_side + theirs);
    }
}

/// The square that view `view` shows at `square`: reading `square` on the
/// view reads this square of the board.
pub fn source_square(view: usize, square: usize) -> usize {
    let shown = 1u64 << square;
    (0..64)
        .find(|&s| views(1u64 << s)[view] == shown)
        .expect("views permute the squares")
}

/// `CANONICAL[i]`: the smallest index of a phase table that must hold the
/// same weight as index `i`. Symmetries that map a family's shape onto
/// itself (an edge read from the other end) reorder its digits; the board
/// looks the same to the evaluation either way, so those configurations
/// share one weight. Training fits only canonical entries and the weights
/// file stores only those.
pub static CANONICAL: LazyLock<Vec<u32>> = LazyLock::new(|| {
    let mut canonical: Vec<u32> = (0..TABLE_LEN as u32).collect();
    for (family, spec) in FAMILIES.iter().enumerate() {
        let base = spec.base;
        // The digit permutations of the symmetries that keep the shape.
        let permutations: Vec<Vec<usize>> = (0..8)
            .filter_map(|view| {
                base.iter()
                    .map(|&s| {
                        let source = source_square(view, usize::from(s));
                        base.iter().position(|&b| usize::from(b) == source)
                    })
                    .collect::<Option<Vec<usize>>>()
            })
            .collect();
        let offset = FAMILY_OFFSETS[family];
        let mut digits = vec![0usize; base.len()];
        for index in 0..spec.size() {
            let mut rest = index;
            for digit in digits.iter_mut() {
                *digit = rest % 3;
                rest /= 3;
            }
            let smallest = permutations
                .iter()
                .map(|permutation| {
                    permutation
                        .iter()
                        .rev()
                        .fold(0, |value, &from| value * 3 + digits[from])
                })
                .min()
                .expect("the identity keeps the shape");
            canonical[offset + index] = (offset + smallest) as u32;
        }
    }
    canonical
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::bitboard::Grid;
    use crate::rng::Rng;

    fn random_board(rng: &mut Rng) -> (u64, u64) {
        let occupied = rng.next_u64() | rng.next_u64();
        let player = occupied & rng.next_u64();
        (player, occupied & !player)
    }

    #[test]
    fn the_views_are_the_eight_symmetries() {
        let slow = |view: usize, b: u64| {
            (0..64).fold(0u64, |out, s: usize| {
                let (c, r) = (s % 8, s / 8);
                let (c, r) = if view & 1 == 1 { (7 - c, r) } else { (c, r) };
                let (c, r) = if view & 2 == 2 { (c, 7 - r) } else { (c, r) };
                let (c, r) = if view & 4 == 4 { (r, c) } else { (c, r) };
                out | (b >> s & 1) << (r * 8 + c)
            })
        };
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            let b = rng.next_u64();
            for (view, fast) in views(b).into_iter().enumerate() {
                assert_eq!(Grid(fast), Grid(slow(view, b)), "view {view}");
            }
        }
    }

    #[test]
    fn every_family_covers_all_images_of_its_shape_once() {
        for spec in &FAMILIES {
            let image = |view: usize| -> u64 {
                spec.base
                    .iter()
                    .map(|&s| 1u64 << source_square(view, usize::from(s)))
                    .sum()
            };
            let listed: Vec<u64> = spec.views.iter().map(|&v| image(usize::from(v))).collect();
            let mut distinct = listed.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), listed.len(), "{} repeats", spec.name);
            for view in 0..8 {
                assert!(listed.contains(&image(view)), "{} misses a view", spec.name);
            }
        }
    }

    #[test]
    fn fast_indices_match_reading_the_squares_one_by_one() {
        let mut rng = Rng::new(17);
        for _ in 0..500 {
            let (player, opponent) = random_board(&mut rng);
            let fast = indices(player, opponent);
            let mut n = 0;
            for (family, spec) in FAMILIES.iter().enumerate() {
                for &view in spec.views {
                    let index = spec.base.iter().rev().fold(0, |value, &s| {
                        let square = source_square(usize::from(view), usize::from(s));
                        let digit = (player >> square & 1) + 2 * (opponent >> square & 1);
                        value * 3 + digit as usize
                    });
                    assert_eq!(
                        fast[n] as usize,
                        FAMILY_OFFSETS[family] + index,
                        "{}",
                        spec.name
                    );
                    n += 1;
                }
            }
            assert_eq!(n, PATTERN_INSTANCES);
        }
    }

    #[test]
    fn the_layout_is_the_documented_one() {
        assert_eq!(PATTERN_INSTANCES, 46);
        assert_eq!(FEATURES, 59);
        assert_eq!(TABLE_LEN, 167_265 + 32 + 32 + 61 + 4 * 25 + 6 * 81);
    }

    #[test]
    fn the_square_classes_are_the_symmetric_classes_of_the_board() {
        assert_eq!(SQUARE_CLASSES.iter().fold(0, |all, c| all | c), !0);
        assert_eq!(
            SQUARE_CLASSES.iter().map(|c| c.count_ones()).sum::<u32>(),
            64
        );
        for &class in &SQUARE_CLASSES {
            let first = class.trailing_zeros() as usize;
            let images = (0..8).fold(0u64, |all, view| all | 1 << source_square(view, first));
            assert_eq!(Grid(images), Grid(class));
        }
        assert_eq!(Extra::Squares(4).name(), "discs on b2-squares");
    }

    #[test]
    fn canonical_indices_are_the_smallest_of_their_class() {
        let canonical = &*CANONICAL;
        for (i, &c) in canonical.iter().enumerate() {
            assert!(c as usize <= i);
            assert_eq!(
                canonical[c as usize], c,
                "canonical of {i} is not canonical"
            );
        }
        // An edge read from the other end: a1 alone is h1 alone.
        let edge_a1 = 1;
        let edge_h1 = 3usize.pow(7);
        assert_eq!(canonical[edge_h1], edge_a1 as u32);
        // The 2×5 corner has no symmetry of its own.
        let start = FAMILY_OFFSETS[CORNER_2X5];
        assert!((start..start + FAMILIES[CORNER_2X5].size()).all(|i| canonical[i] as usize == i));
    }
}
