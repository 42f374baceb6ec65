//! How the strongest level spreads its thinking time over a game.
//!
//! A per-move time `ms` is a mean, not a cap on every move. The 20–26-empty
//! zone decides most games (issue 18: the Egaroucid web engine spends 60%
//! of its game there, on one selective solve at 23–24 empties), so the
//! plan gives the opening and early midgame a little less than `ms` and
//! spends it on the endgame solver's ladder from [`SELECTIVE_EMPTIES`]
//! empties on: selective solves from the loosest to exact (see
//! `endgame::Selectivity`), the move from the surest one that finished.
//! At 24 empties the loosest finishes in a fifth of a second and errs
//! less than a midgame search of 3 s (on 20 positions of refereed games:
//! 5 inferior moves losing 12 discs in all, against 9 losing 26). When
//! not even the loosest finishes, the move comes from the midgame search
//! that ran first with a share of the same, larger, budget: never from a
//! shallower search than a plain move would have had.

/// Empties from which the strongest level runs the solver's ladder
/// (selective solves, then exact) with [`SELECTIVE_FACTOR`] per-move
/// times instead of a midgame search.
pub const SELECTIVE_EMPTIES: u32 = 26;

/// The budget of a selective move, in per-move times: the midgame search
/// that runs first gets 0.3 of it, about a plain move's time, and the
/// loosest solve of 25–26 empties takes 0.6 s from cold tables (median of
/// 12 positions of refereed games; mean 0.8 s).
pub const SELECTIVE_FACTOR: f64 = 3.0;

/// Empties from which the ladder gets [`SOLVE_AHEAD_FACTOR`] per-move
/// times, to end it with an exact solve where it can.
pub const SOLVE_AHEAD_EMPTIES: u32 = 24;

/// The budget of a solve ahead, in per-move times: a solve of 23–24
/// empties takes 0.5–5 s here from cold tables (median about 2 s), less
/// after the searches that led to it.
pub const SOLVE_AHEAD_FACTOR: f64 = 8.0;

/// Empties above which a move is "early": it gets [`EARLY_SHARE`] of the
/// per-move time, which pays for the solves ahead.
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
    /// The solver's ladder runs (after a midgame search with a share of
    /// the time): selective solves, then exact.
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
    } else if empties <= SELECTIVE_EMPTIES {
        Plan {
            solve: true,
            ms: ms * SELECTIVE_FACTOR,
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
        for (empties, ms, solve, planned) in [
            (20, 500.0, true, 2000.0),
            (22, 5000.0, true, 5000.0),
            (24, 500.0, true, 4000.0),
            (23, 100.0, true, 2000.0),
            (25, 500.0, true, 1500.0),
            (27, 500.0, false, 500.0),
            (30, 500.0, false, 500.0),
            (31, 500.0, false, 375.0),
        ] {
            let expected = Plan { solve, ms: planned };
            assert_eq!(
                plan(empties, ms, 22),
                expected,
                "{empties} empties, {ms} ms"
            );
        }
    }
}
