//! Swiss pairings over simulated events (issue 17): 8–64 players, 5–13
//! rounds, random results (the stronger player more often winning),
//! withdrawals and late entries. Every round is checked: everyone still
//! playing has one game or the bye and nobody else is paired; nobody gets
//! a second bye while a player still playing has had none; nobody's colour
//! difference goes beyond ±2; no pairing is repeated while a round without
//! a repeat exists that keeps those two rules, and nobody plays one colour
//! a third time in a row while a round without that exists that keeps the
//! other three (such rounds are found independently: by trying every
//! matching for up to 20 players, by the matching of the graph of the
//! allowed games above).

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use super::matching::max_weight_matching;
use super::pairing::{next_round, plays_in, PairError, Pairings};
use super::standings::standings;
use super::swiss::{colour_histories, Colour, Colours};
use super::tournament::{Entry, Format, Player, Tournament};
use crate::engine::rng::Rng;

/// What the simulated events came to.
#[derive(Debug, Default)]
struct Figures {
    events: usize,
    rounds: usize,
    games: usize,
    /// Games between players of equal points.
    equal_points: usize,
    byes: usize,
    /// Byes to a player who had one (only when everyone had one).
    second_byes: usize,
    /// Repeated pairings (only when no round without one existed).
    rematches: usize,
    /// Of those, the ones only the colour difference rule forced.
    rematches_for_colours: usize,
    withdrawals: usize,
    late_entries: usize,
    /// The largest colour difference anyone reached.
    max_colour_difference: i32,
    /// Players who had one colour the third time in a row (only when no
    /// round without a rematch or a difference beyond ±2 avoided it).
    third_in_a_row: usize,
}

/// Plays one event of seed `seed` and checks every round.
fn simulate(seed: u64, figures: &mut Figures) {
    let mut rng = Rng::new(seed);
    let players = 8 + rng.below(57) as usize;
    let rounds = 5 + rng.below(9) as u32;
    let othello = rng.below(2) == 0;
    let rated = rng.below(2) == 0;
    let withdraw_chance = [0.0, 0.02, 0.05, 0.1][rng.below(4) as usize];
    let late_entries = (rng.below(4) as usize).min(64 - players);
    let mut strength: HashMap<String, f64> = HashMap::new();
    let new_player = |rng: &mut Rng, strength: &mut HashMap<String, f64>, i: usize| {
        let name = format!("P{i:02}");
        let s = rng.gaussian();
        strength.insert(name.clone(), s);
        Player {
            name,
            rating: rated.then(|| (1500.0 + 200.0 * s).round()),
            club: None,
            withdrawn_after: None,
        }
    };
    let mut t = Tournament::new(
        if othello { "othello" } else { "nim" },
        Format::Swiss,
        8,
        rounds,
    );
    t.players = (0..players)
        .map(|i| new_player(&mut rng, &mut strength, i))
        .collect();
    // Late entries join before round 2 or 3.
    let joins: Vec<u32> = (0..late_entries).map(|_| 2 + rng.below(2) as u32).collect();
    figures.events += 1;
    for round in 1..=rounds {
        for _ in joins.iter().filter(|&&r| r == round) {
            let i = t.players.len();
            t.players.push(new_player(&mut rng, &mut strength, i));
            figures.late_entries += 1;
        }
        let pairings = match next_round(&t) {
            Ok(p) => p,
            // Withdrawals left fewer than two.
            Err(PairError::TooFewPlayers { .. }) => break,
            Err(e) => panic!("seed {seed}, round {round}: {e}"),
        };
        assert_eq!(pairings.round, round);
        check_round(&t, &pairings, figures, seed);
        figures.rounds += 1;
        for g in &pairings.pairs {
            let edge = strength[&g.black] - strength[&g.white];
            let first_wins = rng.unit() < 1.0 / (1.0 + (-edge).exp());
            let draw = rng.unit() < 0.08;
            let score = if othello {
                let winner = 33 + rng.below(32) as u32;
                let loser = rng.below(u64::from(64 - winner) + 1) as u32;
                match (draw, first_wins) {
                    (true, _) => [32.0, 32.0],
                    (_, true) => [f64::from(winner), f64::from(loser)],
                    _ => [f64::from(loser), f64::from(winner)],
                }
            } else {
                match (draw, first_wins) {
                    (true, _) => [0.5, 0.5],
                    (_, true) => [1.0, 0.0],
                    _ => [0.0, 1.0],
                }
            };
            t.games.push(Entry::Game {
                round,
                black: g.black.clone(),
                white: g.white.clone(),
                score,
            });
        }
        if let Some(bye) = &pairings.bye {
            t.games.push(Entry::Bye {
                round,
                bye: bye.clone(),
            });
        }
        check_colours(&t, &pairings, figures, seed);
        for p in &mut t.players {
            if plays_in(p, round + 1) && rng.unit() < withdraw_chance {
                p.withdrawn_after = Some(round);
                figures.withdrawals += 1;
            }
        }
    }
}

/// The checks of one round's pairings, before its results.
fn check_round(t: &Tournament, p: &Pairings, figures: &mut Figures, seed: u64) {
    let context = format!("seed {seed}, round {}", p.round);
    let active: Vec<&str> = t
        .players
        .iter()
        .filter(|pl| plays_in(pl, p.round))
        .map(|pl| pl.name.as_str())
        .collect();
    let mut expected = active.clone();
    expected.sort_unstable();
    assert_eq!(
        p.seated(),
        expected,
        "{context}: everyone once, nobody else"
    );
    assert_eq!(p.bye.is_some(), active.len() % 2 == 1, "{context}");

    let mut had_bye: HashSet<&str> = HashSet::new();
    let mut met: HashSet<(&str, &str)> = HashSet::new();
    for e in &t.games {
        match e {
            Entry::Bye { bye, .. } => {
                had_bye.insert(bye);
            }
            Entry::Game { black, white, .. } => {
                met.insert((black, white));
                met.insert((white, black));
            }
        }
    }
    let colours = colour_histories(t);
    let none = Colours::default();
    let of = |name: &str| colours.get(name).unwrap_or(&none);
    // Whether the two can play without either going beyond ±2 (and, with
    // `strict`, without a third colour in a row).
    let colours_allow = |a: &str, b: &str, strict: bool| {
        let (a, b) = (of(a), of(b));
        let keeps = |x: &Colours, c: Colour| !(x.beyond_two(c) || (strict && x.third_in_a_row(c)));
        (keeps(a, Colour::First) && keeps(b, Colour::Second))
            || (keeps(b, Colour::First) && keeps(a, Colour::Second))
    };
    // Whether a round without a rematch exists whose games all keep those
    // colour rules.
    let round_keeping_colours = |strict: bool| {
        round_without_rematch(&active, &had_bye, |a, b| {
            !met.contains(&(a, b)) && colours_allow(a, b, strict)
        })
    };
    if let Some(bye) = p.bye.as_deref() {
        figures.byes += 1;
        if had_bye.contains(bye) {
            assert!(
                active.iter().all(|a| had_bye.contains(a)),
                "{context}: a second bye to {bye} while someone had none"
            );
            figures.second_byes += 1;
        }
    }
    figures.games += p.pairs.len();
    let points: HashMap<String, f64> = standings(t)
        .into_iter()
        .map(|s| (s.name, s.points))
        .collect();
    figures.equal_points += p
        .pairs
        .iter()
        .filter(|g| points[&g.black] == points[&g.white])
        .count();
    let rematches = p
        .pairs
        .iter()
        .filter(|g| met.contains(&(g.black.as_str(), g.white.as_str())))
        .count();
    if rematches > 0 {
        assert!(
            !round_keeping_colours(false),
            "{context}: {rematches} rematch(es), but a round without any exists"
        );
        figures.rematches += rematches;
        if round_without_rematch(&active, &had_bye, |a, b| !met.contains(&(a, b))) {
            figures.rematches_for_colours += rematches;
        }
    }
    let thirds = p
        .pairs
        .iter()
        .map(|g| {
            usize::from(of(&g.black).third_in_a_row(Colour::First))
                + usize::from(of(&g.white).third_in_a_row(Colour::Second))
        })
        .sum::<usize>();
    if thirds > 0 {
        assert!(
            !round_keeping_colours(true),
            "{context}: a third colour in a row, but a round without one exists"
        );
        figures.third_in_a_row += thirds;
    }
}

/// Whether the players can all be paired (with a bye, to a player who has
/// had none if anyone has had none, when their number is odd) in games
/// that `allowed` allows.
fn round_without_rematch(
    active: &[&str],
    had_bye: &HashSet<&str>,
    allowed: impl Fn(&str, &str) -> bool,
) -> bool {
    let m = active.len();
    let anyone_without_bye = active.iter().any(|a| !had_bye.contains(a));
    let vertices = m + m % 2;
    let allowed = |i: usize, j: usize| {
        if j == m {
            !anyone_without_bye || !had_bye.contains(active[i])
        } else {
            allowed(active[i], active[j])
        }
    };
    if vertices <= 20 {
        // Every matching: the lowest free vertex takes each partner in turn.
        let mut adjacent = vec![0u32; vertices];
        for i in 0..vertices {
            for j in i + 1..vertices {
                if allowed(i, j) {
                    adjacent[i] |= 1 << j;
                    adjacent[j] |= 1 << i;
                }
            }
        }
        fn pairable(free: u32, adjacent: &[u32], known: &mut [u8]) -> bool {
            if free == 0 {
                return true;
            }
            if known[free as usize] != 0 {
                return known[free as usize] == 2;
            }
            let v = free.trailing_zeros();
            let rest = free & !(1 << v);
            let mut partners = adjacent[v as usize] & rest;
            let mut found = false;
            while partners != 0 && !found {
                let w = partners.trailing_zeros();
                partners &= partners - 1;
                found = pairable(rest & !(1 << w), adjacent, known);
            }
            known[free as usize] = if found { 2 } else { 1 };
            found
        }
        let mut known = vec![0u8; 1 << vertices];
        pairable((1u32 << vertices) - 1, &adjacent, &mut known)
    } else {
        let edges: Vec<_> = (0..vertices)
            .flat_map(|i| (i + 1..vertices).map(move |j| (i, j)))
            .filter(|&(i, j)| allowed(i, j))
            .map(|(i, j)| (i, j, 1))
            .collect();
        max_weight_matching(vertices, &edges)
            .iter()
            .all(Option::is_some)
    }
}

/// The colour checks after a round's games.
fn check_colours(t: &Tournament, p: &Pairings, figures: &mut Figures, seed: u64) {
    let colours = colour_histories(t);
    for g in &p.pairs {
        for name in [&g.black, &g.white] {
            let d = colours[name.as_str()].difference();
            assert!(
                d.abs() <= 2,
                "seed {seed}, round {}: {name} has the colour difference {d}",
                p.round
            );
            figures.max_colour_difference = figures.max_colour_difference.max(d.abs());
        }
    }
}

fn run(seeds: std::ops::Range<u64>) -> Figures {
    let start = Instant::now();
    let mut figures = Figures::default();
    for seed in seeds {
        simulate(seed, &mut figures);
    }
    eprintln!("{figures:?} in {:.2} s", start.elapsed().as_secs_f64());
    assert_eq!(
        figures.max_colour_difference,
        2.min(figures.max_colour_difference)
    );
    figures
}

#[test]
fn simulated_swiss_events_keep_the_rules() {
    let figures = run(0..200);
    assert_eq!(figures.events, 200);
    assert!(figures.rounds > 1000 && figures.byes > 200 && figures.withdrawals > 100);
    assert!(figures.equal_points * 10 > figures.games * 7, "{figures:?}");
}

/// Many more events: `cargo test --release -- --ignored`.
#[test]
#[ignore = "a few thousand events; run with --release -- --ignored"]
fn many_simulated_swiss_events_keep_the_rules() {
    run(1000..6000);
}
