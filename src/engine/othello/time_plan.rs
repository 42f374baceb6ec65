//! How the strongest level spreads its thinking time over a game.
//!
//! A per-move time `ms` is a mean, not a cap on every move. The 20–26-empty
//! zone decides most games (issue 18: the Egaroucid web engine spends 60%
//! of its game there, on one selective solve at 23–24 empties), so the
//! plan gives the opening and early midgame a little less than `ms` and
//! spends it on an exact solve from [`SOLVE_AHEAD_EMPTIES`] empties on.
//! When that solve cannot finish, the move comes from the midgame search
//! that ran first with a share of the same, larger, budget: never from a
//! shallower search than a plain move would have had.

/// Empties from which the strongest level tries an exact solve with a
/// larger budget than a plain move ([`SOLVE_AHEAD_FACTOR`]).
pub const SOLVE_AHEAD_EMPTIES: u32 = 24;

/// The budget of a solve ahead, in per-move times: a solve of 23–24
/// empties takes 0.5–5 s here from cold tables (median about 2 s), less
/// after the midgame searches that led to it.
pub const SOLVE_AHEAD_FACTOR: f64 = 8.0;

/// Empties above which a move is "early": it gets [`EARLY_SHARE`] of the
/// per-move time, which pays for the solve ahead.
pub const EARLY_EMPTIES: u32 = 30;

/// The share of the per-move time an early move gets.
pub const EARLY_SHARE: f64 = 0.75;

/// The least time a solve is given, in milliseconds, so that short
/// per-move times still end the game perfectly (the app's rule since the
/// first endgame solver).
pub const MIN_SOLVE_MS: f64 = 2000.0;

/// What the strongest level does with a position of `empties` empty
/// squares.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Plan {
    /// The exact solver is tried (after a midgame search with a share of
    /// the time).
    pub solve: bool,
    /// The time of this move, in milliseconds.
    pub ms: f64,
}

/// The plan for a move with `empties` empty squares, `ms` milliseconds a
/// move on average, exact from `exact_empties` empties (the level's own).
pub fn plan(empties: u32, ms: f64, exact_empties: u32) -> Plan {
    if empties <= exact_empties {
        Plan {
            solve: true,
            ms: ms.max(MIN_SOLVE_MS),
        }
    } else if empties <= SOLVE_AHEAD_EMPTIES {
        Plan {
            solve: true,
            ms: (ms * SOLVE_AHEAD_FACTOR).max(MIN_SOLVE_MS),
        }
    } else if empties > EARLY_EMPTIES {
        Plan {
            solve: false,
            ms: ms * EARLY_SHARE,
        }
    } else {
        Plan { solve: false, ms }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_solves_from_the_zone_that_decides_games_and_saves_early() {
        assert_eq!(
            plan(20, 500.0, 22),
            Plan {
                solve: true,
                ms: 2000.0
            }
        );
        assert_eq!(
            plan(22, 5000.0, 22),
            Plan {
                solve: true,
                ms: 5000.0
            }
        );
        assert_eq!(
            plan(24, 500.0, 22),
            Plan {
                solve: true,
                ms: 4000.0
            }
        );
        assert_eq!(
            plan(23, 100.0, 22),
            Plan {
                solve: true,
                ms: 2000.0
            }
        );
        assert_eq!(
            plan(25, 500.0, 22),
            Plan {
                solve: false,
                ms: 500.0
            }
        );
        assert_eq!(
            plan(30, 500.0, 22),
            Plan {
                solve: false,
                ms: 500.0
            }
        );
        assert_eq!(
            plan(31, 500.0, 22),
            Plan {
                solve: false,
                ms: 375.0
            }
        );
    }
}
