//! The Opok evaluation, in hundredths of a square for the side to move:
//! occupied squares, pieces still able to spread (height in reserve on
//! stacks that can move), reachable squares, and stacks the opponent could
//! capture on their next move.

use super::geometry::{Direction, Geometry};
use super::position::{Position, Side};

/// One occupied square, in evaluation units.
pub const SQUARE: i32 = 100;

/// What one side has on the board, as the evaluation sees it.
struct Assessment {
    occupied: i32,
    mobile_reserve: i32,
    blocked_reserve: i32,
    reach: i32,
    exposed: i32,
}

fn assess(position: &Position, side: Side) -> Assessment {
    let g = position.geometry();
    let occupied_all = position.occupied();
    let empty = g.all() & !occupied_all;
    let mine = position.occupied_by(side);
    let theirs = position.occupied_by(side.opponent());
    let cells = position.cells();
    let height = |s: super::geometry::Square| i32::from(cells[s.index()].unsigned_abs());
    // The tallest enemy stack bounds how far (and how strongly) they can land.
    let enemy_lift = Geometry::iter(theirs)
        .map(|s| height(s) - 1)
        .max()
        .unwrap_or(0);

    let mut assessment = Assessment {
        occupied: mine.count_ones() as i32,
        mobile_reserve: 0,
        blocked_reserve: 0,
        reach: 0,
        exposed: 0,
    };
    let mut reach = 0u128;
    for s in Geometry::iter(mine) {
        let h = height(s);
        let bit = 1u128 << s.0;
        let free_neighbours = Direction::ALL.iter().any(|&d| g.shift(bit, d) & empty != 0);
        if h >= 2 {
            if free_neighbours {
                assessment.mobile_reserve += h - 1;
                // Squares reachable in one or two steps: a cheap stand-in for
                // the full walk sets.
                let one = Direction::ALL.iter().fold(0, |m, &d| m | g.shift(bit, d)) & empty;
                let two = Direction::ALL.iter().fold(0, |m, &d| m | g.shift(one, d)) & empty;
                reach |= one | if h >= 3 { two } else { 0 };
            } else {
                assessment.blocked_reserve += h - 1;
            }
        }
        // Exposed: an enemy stack on one side and an empty square on the
        // other, where a landing enemy stack plus that one outweigh it.
        for (a, b) in [
            (Direction::Left, Direction::Right),
            (Direction::Up, Direction::Down),
        ] {
            let (sa, sb) = (g.step(s, a), g.step(s, b));
            let (Some(sa), Some(sb)) = (sa, sb) else {
                continue;
            };
            for (enemy, open) in [(sa, sb), (sb, sa)] {
                if theirs & 1u128 << enemy.0 != 0
                    && empty & 1u128 << open.0 != 0
                    && height(enemy) + enemy_lift > h
                {
                    assessment.exposed += 1;
                    break;
                }
            }
        }
    }
    assessment.reach = reach.count_ones() as i32;
    assessment
}

/// The heuristic value of an unfinished position for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    let side = position.side_to_move();
    let me = assess(position, side);
    let them = assess(position, side.opponent());
    SQUARE * (me.occupied - them.occupied)
        + 35 * (me.mobile_reserve.min(40) - them.mobile_reserve.min(40))
        + 8 * (me.blocked_reserve - them.blocked_reserve)
        + 12 * (me.reach - them.reach)
        - 45 * (me.exposed - them.exposed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opok::notation::parse_position;

    #[test]
    fn more_squares_is_better() {
        let spread = parse_position("c3,c1,./.,c1,./.,.,s5 c").unwrap();
        let heaped = parse_position("c5,.,./.,.,./.,.,s5 c").unwrap();
        assert!(evaluate(&spread) > evaluate(&heaped));
    }

    #[test]
    fn the_evaluation_is_the_same_for_either_side_in_mirrored_positions() {
        // Circles to move in one, Squares to move in the point reflection.
        let a = parse_position("c4,c2,./.,s1,./.,.,s5 c").unwrap();
        let b = parse_position("c5,.,./.,c1,./.,s2,s4 s").unwrap();
        assert_eq!(evaluate(&a), evaluate(&b));
    }
}
