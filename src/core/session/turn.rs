//! Whose turn it is and what they must do, for any two-player game with
//! forced passes.

/// What happens next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn<S> {
    /// A person must move.
    HumanMove(S),
    /// A person cannot move and must confirm a pass.
    HumanPass(S),
    /// The computer must move (or pass).
    Computer(S),
    /// The game is over.
    Over,
}

impl<S: Copy> Turn<S> {
    /// The turn in a position: `over`, who is `to_move`, whether they must
    /// pass, and whether the computer plays them.
    pub fn of(over: bool, to_move: S, must_pass: bool, computer: bool) -> Turn<S> {
        match () {
            _ if over => Turn::Over,
            _ if computer => Turn::Computer(to_move),
            _ if must_pass => Turn::HumanPass(to_move),
            _ => Turn::HumanMove(to_move),
        }
    }

    /// True when a person is to act (move or confirm a pass).
    pub fn is_human(self) -> bool {
        matches!(self, Turn::HumanMove(_) | Turn::HumanPass(_))
    }
}
