//! The solver against brute force, and the evaluation it orders with.

use super::*;
use crate::clock::ManualClock;
use crate::othello::rules::{BoardSize, Rules};
use crate::search::limits::Limits;

/// Plain negamax to the end, through the public position API.
fn brute_force(position: &Position) -> i32 {
    if position.is_over() {
        return position.final_disc_score();
    }
    position
        .moves()
        .into_iter()
        .map(|m| -brute_force(&position.play(m)))
        .max()
        .unwrap()
}

/// A game of random moves from the start, stopped at `empties` empty
/// squares or at its end.
fn play_randomly_to(rng: &mut crate::rng::Rng, rules: Rules, empties: u32) -> Position {
    let mut p = Position::start(rules);
    while p.empties().count_ones() > empties && !p.is_over() {
        let moves = p.moves();
        p = p.play(*rng.choose(&moves).unwrap());
    }
    p
}

/// FFO position `number` (the parallel solver's tests, native only).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn ffo_position(number: u32) -> Position {
    crate::othello::ffo::positions()
        .find(|p| p.number == number)
        .expect("an FFO number")
        .position
}

#[test]
fn agrees_with_brute_force_on_random_late_positions() {
    let clock = ManualClock::new();
    let budget = Budget::new(Limits::default(), &clock);
    let mut solver = EndgameSolver::new(12);
    let mut rng = crate::rng::Rng::new(2024);
    for (size, variant, empties) in [
        (BoardSize::Eight, Variant::Standard, 10),
        (BoardSize::Eight, Variant::Anti, 8),
        (BoardSize::Six, Variant::Standard, 10),
        (BoardSize::Four, Variant::Standard, 12),
    ] {
        let rules = Rules::new(size, variant);
        let mut checked = 0;
        while checked < 25 {
            let p = play_randomly_to(&mut rng, rules, empties);
            if p.is_over() {
                continue;
            }
            let exact = brute_force(&p);
            let solution = solver.solve(&p, &budget).unwrap();
            assert_eq!(solution.score, exact, "{p:?}");
            let best = solution.best.unwrap();
            assert_eq!(
                -brute_force(&p.play(best)),
                solution.score,
                "best move {best} in {p:?}"
            );
            // Windows give bounds on the right side.
            for (alpha, beta) in [
                (-1, 1),
                (exact - 1, exact + 1),
                (exact + 1, exact + 3),
                (exact - 3, exact - 1),
            ] {
                let bounded = solver.solve_window(&p, alpha, beta, &budget).unwrap().score;
                if exact <= alpha {
                    assert!(
                        bounded <= alpha,
                        "{p:?} ({alpha},{beta}): {bounded} vs {exact}"
                    );
                } else if exact >= beta {
                    assert!(
                        bounded >= beta,
                        "{p:?} ({alpha},{beta}): {bounded} vs {exact}"
                    );
                } else {
                    assert_eq!(bounded, exact, "{p:?} ({alpha},{beta})");
                }
            }
            checked += 1;
        }
    }
}

#[test]
fn the_ordering_evaluation_changes_the_work_not_the_result() {
    let clock = ManualClock::new();
    let budget = Budget::new(Limits::default(), &clock);
    let mut standard = EndgameSolver::new(16);
    let mut hand_made = EndgameSolver::new(16);
    hand_made.set_evaluator(Evaluator::HandMade);
    let mut rng = crate::rng::Rng::new(99);
    let mut differed = false;
    for _ in 0..12 {
        // 18 empties: deep enough for the evaluation to order moves.
        let p = play_randomly_to(&mut rng, Rules::default(), 18);
        if p.is_over() {
            continue;
        }
        let a = standard.solve(&p, &budget).unwrap();
        let b = hand_made.solve(&p, &budget).unwrap();
        assert_eq!(a.score, b.score, "{p:?}");
        differed |= a.nodes != b.nodes;
    }
    assert!(differed, "the evaluator was not used");
}

/// Positions of `empties` empty squares after random games from the start.
pub(in crate::othello) fn random_positions(seed: u64, empties: u32, count: usize) -> Vec<Position> {
    let mut rng = crate::rng::Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let p = play_randomly_to(&mut rng, Rules::default(), empties);
        if !p.is_over() && !p.must_pass() {
            out.push(p);
        }
    }
    out
}

#[test]
fn selective_solves_are_close_and_leave_exact_solves_exact() {
    let clock = ManualClock::new();
    let budget = Budget::new(Limits::default(), &clock);
    let mut ladder = EndgameSolver::new(16);
    let mut fresh = EndgameSolver::new(16);
    for position in random_positions(7, 18, 12) {
        let exact = fresh.solve(&position, &budget).unwrap().score;
        ladder.clear();
        let mut estimate = None;
        for selectivity in Selectivity::all() {
            let solution = ladder
                .solve_selective(&position, estimate, selectivity, &budget)
                .unwrap();
            let best = solution.best.unwrap();
            assert!(position.try_play(best).is_ok(), "{selectivity:?}: {best}");
            // Random positions are lopsided: a wrong cut errs by a few
            // discs, not by the whole board.
            assert!(
                (solution.score - exact).abs() <= 24,
                "{selectivity:?}: {} vs {exact} in {position:?}",
                solution.score
            );
            estimate = Some(solution.score);
            if selectivity == Selectivity::EXACT {
                // The selective searches' bounds were in the table: the
                // exact solve must not have trusted them.
                assert_eq!(solution.score, exact, "{position:?}");
            }
        }
    }
}

#[test]
fn a_selective_solve_visits_fewer_nodes_than_an_exact_one() {
    let clock = ManualClock::new();
    let budget = Budget::new(Limits::default(), &clock);
    let mut solver = EndgameSolver::new(18);
    let (mut selective, mut exact) = (0, 0);
    for position in random_positions(11, 20, 6) {
        solver.clear();
        selective += solver
            .solve_selective(&position, None, Selectivity::LOOSEST, &budget)
            .unwrap()
            .nodes;
        solver.clear();
        exact += solver.solve(&position, &budget).unwrap().nodes;
    }
    assert!(selective < exact, "{selective} nodes against {exact}");
}
