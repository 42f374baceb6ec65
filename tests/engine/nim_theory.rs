//! Take-away games: the closed forms against the definition, periods
//! against direct computation, the theory against brute force.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use mind_sports_engine::clock::ManualClock;
use mind_sports_engine::nim::game::{NimGame, Theory};
use mind_sports_engine::nim::grundy::{grundy, mex};
use mind_sports_engine::nim::period::Periodicity;
use mind_sports_engine::nim::theory::{
    analyse_misere, analyse_normal, takes_to_value, DEFAULT_BUDGET,
};
use mind_sports_engine::nim::{parse_position, Heap, Move, Outcome, Position, Rule};
use mind_sports_engine::rng::Rng;
use mind_sports_engine::search::{Budget, Limits, Searcher};

/// g(0..=limit) by the definition: mex over the moves.
fn mex_values(rule: &Rule, limit: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=limit {
        let value = mex(rule.takes(n).map(|c| g[(n - c) as usize]));
        g.push(value);
    }
    g
}

fn periodicity(set: &[u64]) -> Periodicity {
    match Rule::subtraction(set).unwrap() {
        Rule::Subtraction(s) => s.periodicity().clone(),
        _ => unreachable!(),
    }
}

fn rules() -> Vec<Rule> {
    let mut rules = vec![
        Rule::Nim,
        Rule::Dim,
        Rule::Aliquot,
        Rule::EvenOdd,
        Rule::Half,
    ];
    for set in [
        &[1, 2, 3][..],
        &[1, 3, 4],
        &[2, 5, 7],
        &[1, 4],
        &[3, 5, 8],
        &[2, 3],
        &[1, 2, 5, 11],
    ] {
        rules.push(Rule::subtraction(set).unwrap());
    }
    rules
}

#[test]
fn closed_forms_and_periods_match_the_definition_up_to_1000() {
    for rule in rules() {
        let direct = mex_values(&rule, 1000);
        for (n, &v) in direct.iter().enumerate() {
            assert_eq!(grundy(&rule, n as u64), v, "{rule} at {n}");
        }
    }
}

#[test]
fn the_closed_forms_of_the_rules_file() {
    for n in 1..=1000u64 {
        let nu2 = u64::from(n.trailing_zeros());
        assert_eq!(grundy(&Rule::Dim, n), nu2 + 1);
        assert_eq!(grundy(&Rule::Aliquot, n), nu2);
        if n % 2 == 0 {
            assert_eq!(grundy(&Rule::Half, n), n / 2);
            assert_eq!(grundy(&Rule::EvenOdd, n), n / 2 - 1);
        } else {
            assert_eq!(grundy(&Rule::Half, n), grundy(&Rule::Half, n / 2));
            assert_eq!(grundy(&Rule::EvenOdd, n), n / 2 + 1);
        }
        assert_eq!(grundy(&Rule::subtraction(&[1, 2, 3]).unwrap(), n), n % 4);
    }
}

#[test]
fn periods_are_verified_far_beyond_where_they_were_found() {
    for set in [
        &[1, 3, 4][..],
        &[2, 5, 7],
        &[3, 5, 8],
        &[1, 2, 5, 11],
        &[4, 9, 13],
    ] {
        let p = periodicity(set);
        let rule = Rule::subtraction(set).unwrap();
        let horizon = p.preperiod + 20 * p.period + 50;
        let direct = mex_values(&rule, horizon);
        for (n, &v) in direct.iter().enumerate() {
            assert_eq!(p.at(n as u64), v, "{set:?} at {n}");
        }
    }
    // {1, 3, 4}: period 7 from the start (0 1 0 1 2 3 2).
    let p = periodicity(&[1, 3, 4]);
    assert_eq!((p.preperiod, p.period), (0, 7));
}

#[test]
fn moves_to_a_value_are_exactly_the_moves_reaching_it() {
    for rule in rules() {
        for n in 0..=300u64 {
            for target in 0..12 {
                let brute: Vec<u64> = rule
                    .takes(n)
                    .filter(|&c| grundy(&rule, n - c) == target)
                    .collect();
                assert_eq!(
                    takes_to_value(&rule, n, target),
                    brute,
                    "{rule} n={n} t={target}"
                );
            }
        }
    }
}

/// Brute force: does the player to move win? (Memoised on sorted heaps.)
fn brute_wins(heaps: &[Heap], misere: bool, memo: &mut HashMap<Vec<Heap>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    for (i, h) in heaps.iter().enumerate() {
        for c in h.rule.takes(h.size) {
            any_move = true;
            let mut next = heaps.to_vec();
            next[i].size -= c;
            if !brute_wins(&next, misere, memo) {
                wins = true;
            }
        }
    }
    let result = if any_move { wins } else { misere };
    memo.insert(key, result);
    result
}

fn brute_winning_moves(
    position: &Position,
    misere: bool,
    memo: &mut HashMap<Vec<Heap>, bool>,
) -> Vec<Move> {
    position
        .moves()
        .filter(|&m| !brute_wins(position.play_unchecked(m).heaps(), misere, memo))
        .collect()
}

fn random_sum(rng: &mut Rng, max_size: u64) -> Position {
    let all = rules();
    let heaps = (0..1 + rng.below(3))
        .map(|_| Heap {
            rule: rng.choose(&all).unwrap().clone(),
            size: rng.below(max_size + 1),
        })
        .collect();
    Position::new(heaps).unwrap()
}

#[test]
fn normal_play_theory_agrees_with_brute_force_on_random_sums() {
    let mut rng = Rng::new(21);
    let mut memo = HashMap::new();
    for _ in 0..400 {
        let p = random_sum(&mut rng, 20);
        let a = analyse_normal(&p);
        let wins = brute_wins(p.heaps(), false, &mut memo);
        assert_eq!(a.outcome == Outcome::N, wins, "{p}");
        let mut expected = brute_winning_moves(&p, false, &mut memo);
        let mut got = a.winning_moves.clone();
        expected.sort_by_key(|m| (m.heap, m.take));
        got.sort_by_key(|m| (m.heap, m.take));
        assert_eq!(got, expected, "{p}");
        // Winning moves lead to P-positions; P-positions have none.
        for m in &a.winning_moves {
            assert_eq!(analyse_normal(&p.play_unchecked(*m)).outcome, Outcome::P);
        }
        if a.outcome == Outcome::P {
            assert!(a.winning_moves.is_empty());
        }
    }
}

#[test]
fn misere_nim_rule_agrees_with_brute_force_on_all_small_positions() {
    let mut memo = HashMap::new();
    for a in 0..=5 {
        for b in 0..=5 {
            for c in 0..=5 {
                for d in 0..=3 {
                    let p = Position::nim(&[a, b, c, d]).unwrap();
                    let theory = analyse_misere(&p, DEFAULT_BUDGET).unwrap();
                    assert_eq!(
                        theory.outcome == Outcome::N,
                        brute_wins(p.heaps(), true, &mut memo),
                        "{p}"
                    );
                    let mut expected = brute_winning_moves(&p, true, &mut memo);
                    let mut got = theory.winning_moves.clone();
                    expected.sort_by_key(|m| (m.heap, m.take));
                    got.sort_by_key(|m| (m.heap, m.take));
                    assert_eq!(got, expected, "{p}");
                }
            }
        }
    }
}

#[test]
fn misere_search_agrees_with_brute_force_on_random_sums() {
    let mut rng = Rng::new(8);
    let mut memo = HashMap::new();
    for _ in 0..200 {
        let p = random_sum(&mut rng, 14);
        let a = analyse_misere(&p, DEFAULT_BUDGET).unwrap();
        assert_eq!(
            a.outcome == Outcome::N,
            brute_wins(p.heaps(), true, &mut memo),
            "{p}"
        );
        for m in &a.winning_moves {
            assert!(
                !brute_wins(p.play_unchecked(*m).heaps(), true, &mut memo),
                "{p} {m}"
            );
        }
    }
}

/// Issue 27, item 18: sums of six small components (each heap at most 8,
/// up to 9^6 = 531 441 positions) were refused as too large, their moves
/// counted against the budget beside their positions.
#[test]
fn misere_sums_of_six_small_components_are_decided() {
    let mut memo = HashMap::new();
    for text in [
        "nim:8 dim:8 aliquot:8 evenodd:8 half:8 sub{1,3,4}:8",
        "nim:8 dim:8 aliquot:8 evenodd:8 half:8 sub{1,2}:8",
        "nim:7 dim:8 aliquot:6 evenodd:7 half:8 sub{2,5}:8",
        "half:8 half:8 dim:8 dim:7 evenodd:8 sub{1,2,3,4,5,6,7,8}:8",
    ] {
        let p = parse_position(text).unwrap();
        let started = std::time::Instant::now();
        let a = analyse_misere(&p, DEFAULT_BUDGET).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(
            started.elapsed().as_secs_f64() < 5.0,
            "{text}: {:?}",
            started.elapsed()
        );
        assert_eq!(
            a.outcome == Outcome::N,
            brute_wins(p.heaps(), true, &mut memo),
            "{text}"
        );
        assert_eq!(
            a.winning_moves,
            brute_winning_moves(&p, true, &mut memo),
            "{text}"
        );
    }
    // What really is too large is still refused.
    let p = parse_position("nim:99 dim:99 half:99 evenodd:99").unwrap();
    assert!(analyse_misere(&p, DEFAULT_BUDGET).is_err());
}

#[test]
fn huge_heaps_are_instant() {
    let p = parse_position("nim:1000000000000 dim:999999999999 half:987654321098 evenodd:123456789012 aliquot:600000000000 sub{1,3,4}:999999999999").unwrap();
    let a = analyse_normal(&p);
    assert_eq!(a.outcome, Outcome::N);
    for m in &a.winning_moves {
        let next = p.try_play(*m).unwrap();
        assert_eq!(analyse_normal(&next).nimsum, Some(0));
    }
    assert!(!a.winning_moves.is_empty());
}

#[test]
fn the_shared_search_plays_nim_perfectly() {
    let clock = ManualClock::new();
    let mut rng = Rng::new(4);
    for _ in 0..50 {
        let p = random_sum(&mut rng, 8);
        let game = NimGame {
            position: p.clone(),
            misere: false,
        };
        let mut searcher = Searcher::new(12, Theory);
        let result = searcher.search(&game, &Budget::new(Limits::depth(2), &clock), &mut |_| {});
        let a = analyse_normal(&p);
        if a.outcome == Outcome::N {
            assert!(a.winning_moves.contains(&result.best.unwrap()), "{p}");
        }
    }
}
