use proptest::prelude::*;

use super::*;
use crate::club::tournament::{Entry, Format, Player};
use crate::glicko2::{MIN_DEVIATION, SCALE};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.01
}

fn game(round: u32, black: &str, white: &str, score: [f64; 2]) -> Entry {
    Entry::Game {
        round,
        black: black.into(),
        white: white.into(),
        score,
    }
}

fn bye(round: u32, name: &str) -> Entry {
    Entry::Bye {
        round,
        bye: name.into(),
    }
}

/// An event of `game` named `name` with these entries (players listed
/// from them).
fn event(game_name: &str, name: &str, games: Vec<Entry>) -> Tournament {
    let mut t = Tournament::new(game_name, Format::Swiss, 8, 9);
    t.name = Some(name.into());
    let mut names: Vec<String> = Vec::new();
    for entry in &games {
        let seats = match entry {
            Entry::Game { black, white, .. } => vec![black.clone(), white.clone()],
            Entry::Bye { bye, .. } => vec![bye.clone()],
        };
        for n in seats {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    t.players = names.into_iter().map(Player::named).collect();
    t.games = games;
    t
}

/// `games` as one undated event per round (each a period of its own),
/// all named `name`.
fn per_round(game_name: &str, name: &str, games: Vec<Entry>) -> Vec<Tournament> {
    let mut rounds: Vec<u32> = games.iter().map(Entry::round).collect();
    rounds.dedup();
    rounds
        .into_iter()
        .map(|r| {
            let of_round = games.iter().filter(|g| g.round() == r).cloned().collect();
            event(game_name, name, of_round)
        })
        .collect()
}

/// An event dated `date` (`YYYY-MM-DD`).
fn dated(name: &str, date: &str, games: Vec<Entry>) -> Tournament {
    let mut t = event("nim", name, games);
    t.date = Some(crate::club::date::Date::parse(date).unwrap());
    t
}

fn line<'a>(list: &'a RatingList, name: &str) -> &'a PlayerRating {
    let key = text::key(name);
    list.players
        .iter()
        .find(|p| text::key(&p.name) == key)
        .unwrap()
}

/// The hand-worked case of `tests/data/glicko2_two_periods.py` (an
/// independent Python implementation of Glickman's steps): round 1 Ann
/// beats Bob (Cid's bye), round 2 Ann draws Cid (Bob's bye); a game of
/// Nim, or of `game_name` with these scores for the win and the draw.
fn autumn_cup_of(game_name: &str, win: [f64; 2], draw: [f64; 2]) -> Vec<Tournament> {
    per_round(
        game_name,
        "Autumn Cup",
        vec![
            game(1, "Ann", "Bob", win),
            bye(1, "Cid"),
            game(2, "Ann", "Cid", draw),
            bye(2, "Bob"),
        ],
    )
}

fn autumn_cup() -> Vec<Tournament> {
    autumn_cup_of("nim", [1.0, 0.0], [0.5, 0.5])
}

#[test]
fn two_periods_worked_by_hand() {
    let list = rate(&autumn_cup());
    assert_eq!((list.events, list.periods), (2, 2));
    let names: Vec<&str> = list.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Cid", "Bob"]);
    let ann = line(&list, "Ann");
    assert!(close(ann.history[0].rating, 1662.3109), "{ann:?}");
    assert!(close(ann.history[0].deviation, 290.3190), "{ann:?}");
    assert!(
        close(ann.rating, 1623.9965) && close(ann.deviation, 256.3452),
        "{ann:?}"
    );
    assert!((ann.volatility - 0.059999).abs() < 1e-6, "{ann:?}");
    let cid = line(&list, "Cid");
    assert!(
        close(cid.rating, 1557.6215) && close(cid.deviation, 286.9272),
        "{cid:?}"
    );
    // Bob sat round 2 out: his rating stays, his deviation grows.
    let bob = line(&list, "Bob");
    assert!(
        close(bob.rating, 1337.6891) && close(bob.deviation, 290.5060),
        "{bob:?}"
    );
    assert_eq!((ann.games, bob.games, cid.games), (2, 1, 1));
    assert!(ann.provisional && bob.provisional && cid.provisional);
    assert_eq!(
        ann.history[1],
        RoundRating {
            event: 2,
            event_name: Some("Autumn Cup".into()),
            round: 2,
            games: 1,
            score: 0.5,
            rating: ann.rating,
            deviation: ann.deviation,
        }
    );
    assert_eq!(bob.history.len(), 1, "a bye is no round of the history");
    assert_eq!(
        list.players.iter().map(|p| p.rank).collect::<Vec<_>>(),
        [1, 2, 3]
    );
}

#[test]
fn a_draw_between_equals_moves_no_rating_and_narrows_both() {
    let list = rate(&[event("opok", "Draw", vec![game(1, "A", "B", [0.5, 0.5])])]);
    for p in &list.players {
        assert!(
            close(p.rating, 1500.0) && close(p.deviation, 290.3190),
            "{p:?}"
        );
        assert_eq!(p.rank, 1, "equal ratings share the rank");
    }
}

#[test]
fn a_player_who_sits_out_grows_less_certain_each_round() {
    // Ann and Bob play 12 rounds; Bob then misses a 5-round event.
    let settle: Vec<Entry> = (1..=9)
        .map(|r| game(r, "Ann", "Bob", [if r % 2 == 0 { 1.0 } else { 0.0 }, 0.5]))
        .collect();
    let second = per_round(
        "nim",
        "Winter",
        (1..=5).map(|r| game(r, "Ann", "Cid", [0.5, 0.5])).collect(),
    );
    let before = rate(&per_round("nim", "Autumn", settle.clone()));
    let after = rate(&[per_round("nim", "Autumn", settle), second].concat());
    let (bob_before, bob_after) = (line(&before, "Bob"), line(&after, "Bob"));
    let mut deviation = bob_before.deviation / SCALE;
    for _ in 0..5 {
        deviation = (deviation * deviation + bob_before.volatility.powi(2)).sqrt();
    }
    assert!(
        close(bob_after.deviation, deviation * SCALE),
        "{bob_after:?}"
    );
    assert!(bob_after.deviation > bob_before.deviation);
    assert_eq!(bob_after.rating, bob_before.rating);
    assert_eq!(bob_after.history, bob_before.history);
    assert_eq!(after.periods, 14);
}

#[test]
fn othello_results_rate_by_their_discs() {
    let othello = autumn_cup_of("othello", [33.0, 31.0], [32.0, 32.0]);
    assert_eq!(rate(&othello), rate(&autumn_cup()));
    // A win by 64–0 rates as a win by 33–31: a result, not a margin.
    let big = event("othello", "B", vec![game(1, "X", "Y", [64.0, 0.0])]);
    let small = event("othello", "B", vec![game(1, "X", "Y", [33.0, 31.0])]);
    assert_eq!(rate(&[big]), rate(&[small]));
}

#[test]
fn byes_rate_nobody_and_a_round_without_games_is_no_period() {
    let list = rate(&[event(
        "nim",
        "Byes",
        vec![
            bye(1, "Ann"),
            game(2, "Bob", "Cid", [0.0, 1.0]),
            bye(3, "Bob"),
        ],
    )]);
    assert_eq!(list.periods, 1);
    let names: Vec<&str> = list.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Cid", "Bob"], "Ann has no rated game");
    assert!(rate(&[]).players.is_empty());
}

#[test]
fn a_player_is_a_name_key_in_every_event() {
    // The same name in two events is one player, and so is a name
    // differing in letter case, blanks, invisible characters or Unicode
    // form (the key of the event's registration and the member list); the
    // list shows the name as last written.
    let first = event("nim", "1", vec![game(1, "Ann", "Bob", [1.0, 0.0])]);
    let second = event(
        "nim",
        "2",
        vec![
            game(1, " Ann\u{200b}", "Cid", [1.0, 0.0]),
            game(1, "ANN", "Bob", [0.0, 1.0]),
            game(1, "Cid", "Dan\u{301}", [0.0, 1.0]),
            game(1, "Cid", "Da\u{144}", [1.0, 0.0]),
        ],
    );
    let list = rate(&[first, second]);
    assert_eq!(list.players.len(), 4, "{list:?}");
    let ann = line(&list, "ann");
    assert_eq!(ann.name, "ANN", "the least spelling of the last round");
    assert_eq!((ann.games, ann.history.len()), (3, 2));
    assert_eq!(ann.history[1].event_name.as_deref(), Some("2"));
    assert_eq!(ann.history[1].games, 2);
    assert_eq!(line(&list, "Bob").games, 2);
    assert_eq!(line(&list, "Da\u{144}").games, 2, "NFKC: one player");
}

#[test]
fn provisional_until_the_deviation_falls_to_110() {
    // A newcomer against a settled player (60 rounds against the club):
    // provisional for about a dozen games, then not.
    let long = |newcomer_rounds: u32| {
        let games: Vec<Entry> = (1..=60)
            .map(|r| game(r, "Old", &format!("Club{}", r % 7), [0.5, 0.5]))
            .chain((61..=60 + newcomer_rounds).map(|r| {
                game(
                    r,
                    "New",
                    "Old",
                    [[0.5, 0.5], [1.0, 0.0], [0.0, 1.0]][r as usize % 3],
                )
            }))
            .collect();
        rate(&per_round("nim", "Long", games))
    };
    let list = long(20);
    let new = line(&list, "New");
    let settled = new
        .history
        .iter()
        .position(|h| h.deviation <= PROVISIONAL_DEVIATION)
        .unwrap() as u32
        + 1;
    assert!((9..=14).contains(&settled), "{settled}: {new:?}");
    assert!(line(&long(settled - 1), "New").provisional);
    assert!(!line(&long(settled), "New").provisional);
    assert!(
        line(&list, "Club3").provisional,
        "idle for long: uncertain again"
    );
    assert!(!line(&list, "Old").provisional);
}

#[test]
fn the_list_reads_back_from_its_json() {
    let list = rate(&autumn_cup());
    let text = serde_json::to_string(&list).unwrap();
    assert!(
        text.starts_with(r#"{"events":2,"periods":2,"players":[{"rank":1,"name":"Ann","rating":"#)
    );
    assert_eq!(serde_json::from_str::<RatingList>(&text).unwrap(), list);
}

#[test]
fn a_month_is_one_period_and_an_undated_file_another() {
    // Two events in October: one period, Ann's four games rated at once
    // against the ratings of October 1st; an undated event after them is
    // a period of its own.
    let october = [
        dated(
            "Tuesday",
            "2026-10-06",
            vec![
                game(1, "Ann", "Bob", [1.0, 0.0]),
                game(2, "Ann", "Cid", [1.0, 0.0]),
            ],
        ),
        dated(
            "Thursday",
            "2026-10-22",
            vec![
                game(1, "Ann", "Dan", [0.0, 1.0]),
                game(2, "Ann", "Bob", [0.5, 0.5]),
            ],
        ),
    ];
    let one = event(
        "nim",
        "All",
        vec![
            game(1, "Ann", "Bob", [1.0, 0.0]),
            game(1, "Ann", "Cid", [1.0, 0.0]),
            game(1, "Ann", "Dan", [0.0, 1.0]),
            game(1, "Ann", "Bob", [0.5, 0.5]),
        ],
    );
    let list = rate(&october);
    assert_eq!(list.periods, 1);
    let ann = line(&list, "Ann");
    let together = rate(&[one]);
    assert_eq!(ann.rating, line(&together, "Ann").rating);
    assert_eq!(ann.history.len(), 4, "one line a round played");
    assert!(
        ann.history.iter().all(|h| h.rating == ann.rating),
        "after the period"
    );
    let mut later = october.to_vec();
    later.push(event(
        "nim",
        "Undated",
        vec![game(1, "Bob", "Cid", [1.0, 0.0])],
    ));
    assert_eq!(rate(&later).periods, 2);
}

#[test]
fn a_month_nobody_played_makes_everyone_less_certain() {
    let october = dated(
        "October",
        "2026-10-06",
        vec![game(1, "Ann", "Bob", [1.0, 0.0])],
    );
    let next = |date: &str| dated("Later", date, vec![game(1, "Cid", "Dan", [1.0, 0.0])]);
    let november = rate(&[october.clone(), next("2026-11-03")]);
    let january = rate(&[october, next("2027-01-05")]);
    let (near, far) = (line(&november, "Ann"), line(&january, "Ann"));
    assert_eq!(near.rating, far.rating);
    let mut phi = near.deviation / SCALE;
    for _ in 0..2 {
        phi = (phi * phi + near.volatility.powi(2)).sqrt();
    }
    assert!(close(far.deviation, phi * SCALE), "{near:?} {far:?}");
}

#[test]
fn months_of_instants() {
    assert_eq!(
        Period::of_ms(0),
        Period::Month {
            year: 1970,
            month: 1
        }
    );
    // 2026-12-06T02:21:12Z, and the last millisecond of February 2024.
    assert_eq!(
        Period::of_ms(1_796_523_672_000),
        Period::Month {
            year: 2026,
            month: 12
        }
    );
    assert_eq!(
        Period::of_ms(1_709_251_199_999),
        Period::Month {
            year: 2024,
            month: 2
        }
    );
    assert_eq!(
        Period::of_ms(1_709_251_200_000),
        Period::Month {
            year: 2024,
            month: 3
        }
    );
    let m = |year, month| Period::Month { year, month };
    assert_eq!(m(2026, 11).months_between(m(2027, 2)), 2);
    assert_eq!(m(2026, 11).months_between(m(2026, 12)), 0);
    assert_eq!(m(2026, 11).months_between(m(2026, 1)), 0);
    assert_eq!(Period::Event(1).months_between(m(2026, 1)), 0);
}

/// An arbitrary entry: names from a few (and odd ones), rounds from a
/// few, scores of any kind (NaN, infinities, negative).
fn any_entry() -> impl Strategy<Value = Entry> {
    let name = prop_oneof![
        prop::sample::select(vec!["Ann", "Bob", "Cid", "Dan", "ann", " Ann ", ""])
            .prop_map(String::from),
        "\\PC{0,6}",
        "(?s:.{0,4})",
    ];
    let score = prop_oneof![
        prop::sample::select(vec![0.0, 0.5, 1.0, 32.0, 64.0]),
        any::<f64>(),
    ];
    let round = 0u32..5;
    prop_oneof![
        (
            round.clone(),
            name.clone(),
            name.clone(),
            score.clone(),
            score
        )
            .prop_map(|(round, black, white, a, b)| Entry::Game {
                round,
                black,
                white,
                score: [a, b]
            }),
        (round, name).prop_map(|(round, bye)| Entry::Bye { round, bye }),
    ]
}

/// A game of a busy round: four players, two rounds, every result, so
/// that players meet several times a round (sums in another order).
fn busy_game() -> impl Strategy<Value = Entry> {
    let name = prop::sample::select(vec!["Ann", "Bob", "Cid", "Dan"]);
    let score = prop::sample::select(vec![[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]]);
    (1u32..3, name.clone(), name, score)
        .prop_map(|(round, black, white, score)| game(round, black, white, score))
}

proptest! {
    #[test]
    fn any_events_rate_without_panic(
        events in prop::collection::vec(prop::collection::vec(any_entry(), 0..24), 0..4),
    ) {
        let events: Vec<Tournament> = events
            .into_iter()
            .map(|games| { let mut t = Tournament::new("othello", Format::Swiss, 8, 4); t.games = games; t })
            .collect();
        let list = rate(&events);
        for p in &list.players {
            prop_assert!(p.rating.is_finite() && p.volatility.is_finite(), "{:?}", p);
            prop_assert!((MIN_DEVIATION..=START.deviation).contains(&p.deviation), "{:?}", p);
            prop_assert!(p.games as usize >= p.history.len() && !p.history.is_empty());
        }
    }

    #[test]
    fn the_order_of_a_rounds_games_does_not_matter(
        games in prop_oneof![
            prop::collection::vec(any_entry(), 0..30),
            prop::collection::vec(busy_game(), 0..40),
        ]
            .prop_flat_map(|games| (Just(games.clone()), Just(games).prop_shuffle())),
    ) {
        let (entered, shuffled) = games;
        let with = |games| { let mut t = Tournament::new("nim", Format::Swiss, 8, 4); t.games = games; rate(&[t]) };
        prop_assert_eq!(with(entered), with(shuffled));
    }
}
