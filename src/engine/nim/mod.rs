//! Nim and the other take-away games (RULES.md §3): heaps with rules,
//! disjunctive sums, normal and misère play.
//!
//! * [`rules`]: subtraction sets, Dim, Nim, Aliquot, Even/Odd, Half.
//! * [`position`]: heaps, moves `heap:taken`, the text format.
//! * [`grundy`]: Sprague–Grundy values: mex, closed forms, periods.
//! * [`theory`]: P/N, nim-sums, winning moves; misère play;
//!   [`misere`]: the exact misère search of other sums.
//! * [`game`]: the sum as a [`Game`](crate::game::Game);
//!   [`levels`]: from a player who makes mistakes to a perfect one.

pub mod divisors;
pub mod game;
pub mod grundy;
pub mod levels;
pub mod misere;
pub mod period;
pub mod position;
pub mod rules;
pub mod theory;

pub use position::{
    parse_move, parse_move_numbered, parse_position, Heap, Move, Numbering, PlayError, Position,
    PositionError,
};
pub use rules::{Refusal, Rule, RuleError, SubtractionSet, MAX_HEAPS};
pub use theory::{analyse, Analysis, BudgetExhausted, Outcome};
