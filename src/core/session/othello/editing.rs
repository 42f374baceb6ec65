//! Setting up an Othello position by hand: what a square holds, painting
//! it, and the sizes and starts the editor offers.

use crate::engine::othello::{BoardSize, Color, Position, Rules, Setup, Square, Variant};
use crate::session::core::Action;

use super::{Othello, Settings};

/// The disc on `square`, if any.
pub fn disc_at(setup: &Setup, square: Square) -> Option<Color> {
    if setup.black & square.bit() != 0 {
        Some(Color::Black)
    } else if setup.white & square.bit() != 0 {
        Some(Color::White)
    } else {
        None
    }
}

/// `setup` with `square` painted with `paint` (a disc or empty); painting
/// a square with what it already holds empties it, so a second click
/// undoes the first.
pub fn painted(setup: Setup, square: Square, paint: Option<Color>) -> Setup {
    let bit = square.bit();
    let wanted = if disc_at(&setup, square) == paint {
        None
    } else {
        paint
    };
    let mut next = Setup {
        black: setup.black & !bit,
        white: setup.white & !bit,
        ..setup
    };
    match wanted {
        Some(Color::Black) => next.black |= bit,
        Some(Color::White) => next.white |= bit,
        None => {}
    }
    next
}

/// The starting position of `size` in `variant` (Reversi's is an empty
/// centre).
pub fn start_setup(size: BoardSize, variant: Variant) -> Setup {
    Position::start(Rules::new(size, variant)).to_setup()
}

/// The action that starts a game from a position set up by hand, with the
/// players of `settings` and the position's own rules.
pub fn play_from(settings: Settings, start: Position) -> Action<Othello> {
    let settings = Settings {
        rules: start.rules(),
        ..settings
    };
    Action::NewGame(settings, Some(start))
}

/// The board emptied, the size and side to move kept.
pub fn cleared(setup: Setup) -> Setup {
    Setup {
        black: 0,
        white: 0,
        ..setup
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn painting_twice_empties_the_square() {
        let setup = cleared(start_setup(BoardSize::Six, Variant::Standard));
        let a1 = Square::new(0, 0).unwrap();
        let black = painted(setup, a1, Some(Color::Black));
        assert_eq!(disc_at(&black, a1), Some(Color::Black));
        let white = painted(black, a1, Some(Color::White));
        assert_eq!(disc_at(&white, a1), Some(Color::White));
        assert_eq!(white.black, 0);
        assert_eq!(disc_at(&painted(white, a1, Some(Color::White)), a1), None);
        assert_eq!(disc_at(&painted(white, a1, None), a1), None);
    }

    #[test]
    fn each_variant_starts_from_its_own_position() {
        for (variant, discs) in [
            (Variant::Standard, 4),
            (Variant::Anti, 4),
            (Variant::Reversi, 0),
        ] {
            let setup = start_setup(BoardSize::Eight, variant);
            assert_eq!(
                (setup.black | setup.white).count_ones(),
                discs,
                "{variant:?}"
            );
        }
    }
}
