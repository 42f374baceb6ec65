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
            let mut p = Position::start(rules);
            while p.empties().count_ones() > empties && !p.is_over() {
                let moves = p.moves();
                p = p.play(*rng.choose(&moves).unwrap());
            }
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
        let mut p = Position::start(Rules::default());
        // 18 empties: deep enough for the evaluation to order moves.
        while p.empties().count_ones() > 18 && !p.is_over() {
            let moves = p.moves();
            p = p.play(*rng.choose(&moves).unwrap());
        }
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
