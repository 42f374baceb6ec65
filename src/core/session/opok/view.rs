//! The Opok board as plain data for the page (tested natively): what each
//! square shows, and the stack being moved with its landing squares.

use crate::engine::opok::{Geometry, Move, Position, Square, Stack};

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

/// What a click on a square does while a person is to move.
#[derive(Clone, PartialEq, Debug)]
pub enum Click {
    /// Play this move (the selected pieces land here).
    Play(Move),
    /// Select this stack, or nothing (the same stack again, or a square
    /// with no stack that can move).
    Select(Option<Selection>),
}

impl Click {
    /// A click on `square` with `selection` current; a new selection
    /// lifts `last_k` pieces if it can.
    pub fn on(
        position: &Position,
        selection: Option<&Selection>,
        square: Square,
        last_k: u8,
    ) -> Click {
        match selection {
            Some(sel) if sel.current_landings() & 1u128 << square.0 != 0 => {
                Click::Play(Move::Step {
                    from: sel.from,
                    k: sel.k,
                    to: square,
                })
            }
            Some(sel) if sel.from == square => Click::Select(None),
            _ => Click::Select(Selection::new(position, square, last_k)),
        }
    }
}

/// The number of pieces typed as digits: a digit within a second of the
/// last one (at `now`, in milliseconds) extends the number while it stays
/// at most `max`; `typed` keeps the number and the time.
pub fn typed_k(typed: &mut (u8, f64), digit: u8, max: u8, now: f64) -> u8 {
    let extended = u16::from(typed.0) * 10 + u16::from(digit);
    let value = if now - typed.1 < 1000.0 && extended <= u16::from(max) {
        extended as u8
    } else {
        digit
    };
    *typed = (value, now);
    value
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
    /// Picked out by a lesson (a hint's region).
    pub shown: bool,
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
                shown: false,
            }
        })
        .collect()
}

/// Every square of the position a game shows, with its last landing and
/// the stacks its last move captured (the game page's and a frame's board).
pub fn game_squares(
    state: &super::OpokState,
    selection: Option<&Selection>,
    people_move: bool,
) -> Vec<SquareView> {
    let last_landing = match state.record.last_move() {
        Some(Move::Step { to, .. }) => Some(to),
        _ => None,
    };
    let captured = state.last_effect.clone().unwrap_or_default();
    squares(
        &state.position(),
        selection,
        people_move,
        last_landing,
        &captured,
    )
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

    #[test]
    fn clicks_select_a_stack_then_land_it() {
        let position = Position::start(Geometry::new(5).unwrap());
        let g = position.geometry();
        let [a1, b3, c3] = ["a1", "b3", "c3"].map(|n| g.parse_square(n).unwrap());
        let Click::Select(Some(selection)) = Click::on(&position, None, a1, 3) else {
            panic!("a1 holds a stack that can move");
        };
        assert_eq!(selection.k, 3);
        assert_eq!(
            Click::on(&position, Some(&selection), b3, 3),
            Click::Play(Move::Step {
                from: a1,
                k: 3,
                to: b3
            })
        );
        assert_eq!(
            Click::on(&position, Some(&selection), a1, 3),
            Click::Select(None)
        );
        // Not a landing square and no stack of the side to move there.
        assert_eq!(
            Click::on(&position, Some(&selection), c3, 3),
            Click::Select(None)
        );
    }

    #[test]
    fn digits_typed_quickly_form_one_number_within_range() {
        let mut typed = (0, -10_000.0);
        assert_eq!(typed_k(&mut typed, 1, 24, 0.0), 1);
        assert_eq!(typed_k(&mut typed, 2, 24, 500.0), 12);
        // Out of range: the digit alone.
        assert_eq!(typed_k(&mut typed, 5, 24, 900.0), 5);
        // Too late: a new number.
        assert_eq!(typed_k(&mut typed, 2, 24, 2500.0), 2);
        assert_eq!(typed_k(&mut typed, 0, 24, 2600.0), 20);
    }
}
