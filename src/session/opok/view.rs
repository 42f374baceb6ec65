//! The Opok board as plain data for the page (tested natively): what each
//! square shows, and the stack being moved with its landing squares.

use crate::engine::opok::{Geometry, Position, Square, Stack};

/// The stack being moved: where from, how many pieces, and where each
/// number of pieces can land (`landings[k]`).
#[derive(Clone, PartialEq, Debug)]
pub struct Selection {
    /// The stack's square.
    pub from: Square,
    /// How many pieces are lifted.
    pub k: u8,
    /// Landing squares by number of pieces lifted.
    pub landings: Vec<u128>,
}

impl Selection {
    /// The selection of the stack on `from`, preferring `preferred_k`
    /// pieces, if the side to move owns a stack there that can move.
    pub fn new(position: &Position, from: Square, preferred_k: u8) -> Option<Selection> {
        let stack = position.stack(from)?;
        if stack.owner != position.side_to_move() || stack.height < 2 {
            return None;
        }
        let max = stack.height - 1;
        let mut landings = vec![0u128; usize::from(max) + 1];
        position.walks(from, max, |k, set| landings[usize::from(k)] = set);
        if landings.iter().all(|&l| l == 0) {
            return None;
        }
        let mut selection = Selection {
            from,
            k: preferred_k,
            landings,
        };
        selection.set_k(preferred_k);
        Some(selection)
    }

    /// The most pieces that may be lifted.
    pub fn max(&self) -> u8 {
        (self.landings.len() - 1) as u8
    }

    /// Sets k within range; when nothing lands for it, the nearest k that
    /// lands (smaller first).
    pub fn set_k(&mut self, k: u8) {
        let k = k.clamp(1, self.max());
        let reachable = |k: u8| self.landings.get(usize::from(k)).is_some_and(|&l| l != 0);
        self.k = (0..=self.max())
            .flat_map(|d| [k.checked_sub(d), k.checked_add(d)])
            .flatten()
            .find(|&c| c >= 1 && reachable(c))
            .unwrap_or(k);
    }

    /// Where the lifted pieces can land.
    pub fn current_landings(&self) -> u128 {
        self.landings[usize::from(self.k)]
    }
}

/// Stacks of the side to move that can move.
pub fn movable(position: &Position) -> u128 {
    let g = position.geometry();
    Geometry::iter(position.occupied_by(position.side_to_move()))
        .filter(|&s| Selection::new(position, s, 1).is_some())
        .fold(0, |m, s| m | 1u128 << s.0)
        & g.all()
}

/// What one square shows (and tells a screen reader).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SquareView {
    /// The square.
    pub square: Square,
    /// The stack on it.
    pub stack: Option<Stack>,
    /// It holds the selected stack.
    pub selected: bool,
    /// The selected pieces can land here.
    pub landing: bool,
    /// A stack of the side to move that can move (a person's turn).
    pub movable: bool,
    /// The last move landed here.
    pub last: bool,
    /// A stack the last move captured, shown leaving.
    pub captured: Option<Stack>,
}

/// Every square of `position`, in reading order.
pub fn squares(
    position: &Position,
    selection: Option<&Selection>,
    people_move: bool,
    last_landing: Option<Square>,
    captured: &[(Square, Stack)],
) -> Vec<SquareView> {
    let g: Geometry = position.geometry();
    let landings = selection.map_or(0, Selection::current_landings);
    let movable = if people_move { movable(position) } else { 0 };
    (0..g.squares())
        .map(|i| {
            let square = Square(i as u8);
            let stack = position.stack(square);
            SquareView {
                square,
                stack,
                selected: selection.is_some_and(|s| s.from == square),
                landing: landings & 1u128 << i != 0,
                movable: movable & 1u128 << i != 0,
                last: last_landing == Some(square),
                captured: captured
                    .iter()
                    .find(|(s, _)| *s == square)
                    .map(|&(_, stack)| stack),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::opok::Side;

    #[test]
    fn a_selection_knows_its_landings_and_clamps_k() {
        let position = Position::start(Geometry::new(5).unwrap());
        let g = position.geometry();
        let a1 = g.parse_square("a1").unwrap();
        let mut selection = Selection::new(&position, a1, 3).unwrap();
        assert_eq!(selection.k, 3);
        assert_eq!(selection.max(), 24);
        let b3 = g.parse_square("b3").unwrap();
        assert!(selection.current_landings() & 1u128 << b3.0 != 0);
        // Too many pieces: the nearest number that can land.
        selection.set_k(99);
        assert!(selection.current_landings() != 0);
        assert!(selection.k <= 24);
        // Not the side to move's stack.
        let e5 = g.parse_square("e5").unwrap();
        assert!(Selection::new(&position, e5, 1).is_none());
        let views = squares(&position, Some(&selection), true, None, &[]);
        assert_eq!(views.len(), 25);
        assert!(views[0].selected && views[0].movable);
        assert_eq!(views[24].stack.map(|s| s.owner), Some(Side::Squares));
        assert!(!views[24].movable);
    }
}
