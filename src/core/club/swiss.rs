//! Swiss pairing by maximum-weight matching.
//!
//! Every possible game of the round (and the bye, when the number of
//! players is odd) is an edge of a complete graph, weighted by how good it
//! would be; the round is the perfect matching of the largest total weight
//! ([`matching`](super::matching)). Pairing this way never gets stuck the
//! way pairing down the list can, and it breaks a rule only when no
//! pairing of the whole round keeps it.
//!
//! The weights are levels, the most important first; each level outweighs
//! all the levels below it together (over a whole round), so the round is
//! the best by the first level, then among those the best by the second,
//! and so on:
//! 1. nobody gets a second bye while a player still playing has had none;
//! 2. nobody's colour difference (games with the first colour minus games
//!    with the second) goes beyond ±2;
//! 3. no rematch (as few games of players who met already as there can be);
//! 4. nobody plays one colour three times in a row;
//! 5. the bye to the lowest-ranked player who can have it;
//! 6. as many games between players of equal points as possible;
//! 7. then the smallest score differences (the sum of their squares);
//! 8. colour preferences met: a player with a colour difference wants the
//!    other colour (strongly), a balanced player the colour not played last;
//! 9. within a score group, the top half meets the bottom half (the first
//!    of each half against each other, and so on); a player who moves down
//!    to a lower group is the lowest of the upper group, and meets the
//!    highest of the lower.
//!
//! The players are ranked by the standings (points, then the tie-breaks),
//! then by rating (unrated last), then by name; the ranking decides the
//! ties, so the same file always gives the same round. Colours: the
//! allocation that keeps the rules and meets the most preferences; on a
//! tie, the higher-ranked player's preference; with no preferences at all
//! (new players), the higher-ranked player plays first on the first board,
//! second on the second, and so on alternately.

use std::collections::HashMap;

use super::matching::{max_weight_matching, Edge};
use super::pairing::{plays_in, Pair, PairError, Pairings};
use super::standings::standings;
use super::tournament::{Entry, Tournament};

/// The most players a Swiss round pairs.
pub const MAX_SWISS_PLAYERS: usize = 64;

/// The side a player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// The first player (Black in Othello).
    First,
    /// The second player.
    Second,
}

impl Colour {
    /// +1 for the first colour, −1 for the second.
    fn sign(self) -> i32 {
        match self {
            Colour::First => 1,
            Colour::Second => -1,
        }
    }
}

/// A player's colours so far, in round order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Colours(pub Vec<Colour>);

impl Colours {
    /// Games with the first colour minus games with the second.
    pub fn difference(&self) -> i32 {
        self.0.iter().map(|c| c.sign()).sum()
    }

    /// Whether colour `c` would take the colour difference beyond ±2 (or
    /// further beyond).
    pub fn beyond_two(&self, c: Colour) -> bool {
        let before = self.difference();
        let after = before + c.sign();
        after.abs() > 2 && after.abs() > before.abs()
    }

    /// Whether colour `c` would be the same colour a third time in a row.
    pub fn third_in_a_row(&self, c: Colour) -> bool {
        self.0.len() >= 2 && self.0[self.0.len() - 2..] == [c, c]
    }

    /// How much colour `c` disappoints: 2 if the player has had more games
    /// with it, 1 if the player is balanced and played it last.
    pub fn disappointment(&self, c: Colour) -> u32 {
        let d = self.difference() * c.sign();
        if d > 0 {
            2
        } else if d == 0 && self.0.last() == Some(&c) {
            1
        } else {
            0
        }
    }

    /// What colour `c` costs the player: a difference beyond ±2, a third
    /// in a row, the disappointment.
    fn cost(&self, c: Colour) -> [u32; 3] {
        [
            self.beyond_two(c).into(),
            self.third_in_a_row(c).into(),
            self.disappointment(c),
        ]
    }

    /// The colour the player wants, if any.
    fn wish(&self) -> Option<Colour> {
        match self.cost(Colour::First).cmp(&self.cost(Colour::Second)) {
            std::cmp::Ordering::Less => Some(Colour::First),
            std::cmp::Ordering::Greater => Some(Colour::Second),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// Every player's colours so far, in round order, from the games of the
/// file (players with no game yet are absent).
pub(super) fn colour_histories(t: &Tournament) -> HashMap<&str, Colours> {
    let mut played: HashMap<&str, Vec<(u32, Colour)>> = HashMap::new();
    for game in t.played_games() {
        played
            .entry(game.black)
            .or_default()
            .push((game.round, Colour::First));
        played
            .entry(game.white)
            .or_default()
            .push((game.round, Colour::Second));
    }
    played
        .into_iter()
        .map(|(name, mut games)| {
            crate::engine::stable_sort::sort_by(&mut games, |a, b| a.0.cmp(&b.0));
            (name, Colours(games.into_iter().map(|(_, c)| c).collect()))
        })
        .collect()
}

/// What the pairing knows of a player still playing.
struct Record<'a> {
    name: &'a str,
    /// Points × 2.
    half_points: i64,
    colours: Colours,
    byes: u32,
    /// The player's score group (0 the highest), place in it and its size.
    group: usize,
    place: usize,
    group_size: usize,
}

/// The levels of the weights, most important first (see the module
/// documentation); each is a cost, clamped to its entry of [`CAPS`].
const LEVELS: usize = 9;
const SECOND_BYE: usize = 0;
const BEYOND_TWO: usize = 1;
const REMATCH: usize = 2;
const THIRD_IN_A_ROW: usize = 3;
const BYE_RANK: usize = 4;
const CROSS_GROUP: usize = 5;
const SCORE_GAP: usize = 6;
const COLOUR_WISHES: usize = 7;
const ARRANGEMENT: usize = 8;

/// The most each level can cost in one edge: byes (at most one a round,
/// and a tournament has at most 100 rounds), players beyond ±2, meetings,
/// players with a third in a row, ranks, one, squared half-point
/// differences (200²), disappointments (2 for each player), places (two,
/// up to 64).
const CAPS: [i128; LEVELS] = [100, 2, 100, 2, 64, 1, 40_000, 4, 128];

/// The edges of a round: at most half the players plus a bye.
const MAX_EDGES: i128 = (MAX_SWISS_PLAYERS / 2 + 1) as i128;

/// The weight of one unit of each level, and the constant every edge
/// starts from: each level's unit exceeds the most all the lower levels
/// can cost together, and the constant exceeds the most all levels can,
/// so every perfect matching outweighs every smaller one.
fn scales() -> ([i128; LEVELS], i128) {
    let mut scale = [1; LEVELS];
    for level in (0..LEVELS - 1).rev() {
        scale[level] = scale[level + 1] * (MAX_EDGES * CAPS[level + 1] + 1);
    }
    (scale, scale[0] * (MAX_EDGES * CAPS[0] + 1))
}

/// The weight of an edge of the given costs.
fn weight(costs: &[i128; LEVELS], scale: &[i128; LEVELS], base: i128) -> i128 {
    base - (0..LEVELS)
        .map(|l| costs[l].clamp(0, CAPS[l]) * scale[l])
        .sum::<i128>()
}

/// What the game costs in colours if `a` plays first and `b` second:
/// players beyond ±2, players with a third in a row, disappointments.
fn allocation_cost(a: &Colours, b: &Colours) -> [u32; 3] {
    let (x, y) = (a.cost(Colour::First), b.cost(Colour::Second));
    [x[0] + y[0], x[1] + y[1], x[2] + y[2]]
}

/// The better of the two allocations of a game: true if `a` (the
/// higher-ranked) plays first. `board` counts from 0.
fn a_plays_first(a: &Colours, b: &Colours, board: usize) -> bool {
    let first = allocation_cost(a, b);
    let second = allocation_cost(b, a);
    if first != second {
        return first < second;
    }
    match (a.wish(), b.wish()) {
        (Some(c), _) => c == Colour::First,
        (None, Some(c)) => c == Colour::Second,
        (None, None) => board % 2 == 0,
    }
}

/// The pairings of Swiss round `round` (see the module documentation).
pub fn pair(t: &Tournament, round: u32) -> Result<Pairings, PairError> {
    let records = records(t, round)?;
    let m = records.len();
    // Games already played by each pair of names.
    let mut met: HashMap<(&str, &str), u32> = HashMap::new();
    for entry in &t.games {
        if let Entry::Game { black, white, .. } = entry {
            let key = if black < white {
                (black.as_str(), white.as_str())
            } else {
                (white.as_str(), black.as_str())
            };
            *met.entry(key).or_default() += 1;
        }
    }
    let meetings = |a: &str, b: &str| {
        let key = if a < b { (a, b) } else { (b, a) };
        met.get(&key).copied().unwrap_or(0)
    };
    let (scale, base) = scales();
    let mut edges: Vec<Edge> = Vec::with_capacity(m * (m + 1) / 2);
    for (i, a) in records.iter().enumerate() {
        for (j, b) in records.iter().enumerate().skip(i + 1) {
            let mut costs = [0i128; LEVELS];
            costs[REMATCH] = meetings(a.name, b.name).into();
            // The better allocation (the levels between the colour levels
            // do not depend on it).
            let [beyond, third, wishes] = allocation_cost(&a.colours, &b.colours)
                .min(allocation_cost(&b.colours, &a.colours));
            costs[BEYOND_TWO] = beyond.into();
            costs[THIRD_IN_A_ROW] = third.into();
            costs[COLOUR_WISHES] = wishes.into();
            let gap = i128::from(a.half_points - b.half_points);
            costs[CROSS_GROUP] = i128::from(a.group != b.group);
            costs[SCORE_GAP] = gap * gap;
            // a ranks above b.
            costs[ARRANGEMENT] = if a.group == b.group {
                // The top half against the bottom half, first against
                // first; two of one half cost half a group more.
                let half = a.group_size / 2;
                let same_half = (a.place < half) == (b.place < half);
                ((b.place - a.place).abs_diff(half) + if same_half { half } else { 0 }) as i128
            } else {
                (a.group_size - 1 - a.place + b.place) as i128
            };
            edges.push((i, j, weight(&costs, &scale, base)));
        }
    }
    if m % 2 == 1 {
        // The bye is a vertex of its own.
        for (i, a) in records.iter().enumerate() {
            let mut costs = [0i128; LEVELS];
            costs[SECOND_BYE] = a.byes.into();
            costs[BYE_RANK] = (m - 1 - i) as i128;
            edges.push((i, m, weight(&costs, &scale, base)));
        }
    }
    let vertices = m + m % 2;
    let mate = max_weight_matching(vertices, &edges);
    let mut pairs = Vec::new();
    let mut bye = None;
    for (i, partner) in mate.iter().enumerate().take(m) {
        let partner = partner.expect("a perfect matching of a complete graph");
        if partner == m {
            bye = Some(records[i].name.to_string());
        } else if i < partner {
            pairs.push((i, partner));
        }
    }
    let pairs = pairs
        .into_iter()
        .enumerate()
        .map(|(board, (i, j))| {
            let (a, b) = (&records[i], &records[j]);
            let (first, second) = if a_plays_first(&a.colours, &b.colours, board) {
                (a, b)
            } else {
                (b, a)
            };
            Pair {
                black: first.name.to_string(),
                white: second.name.to_string(),
            }
        })
        .collect();
    Ok(Pairings { round, pairs, bye })
}

/// The players of round `round`, ranked (see the module documentation),
/// with what the pairing needs to know of them.
fn records(t: &Tournament, round: u32) -> Result<Vec<Record<'_>>, PairError> {
    let active: Vec<_> = t.players.iter().filter(|p| plays_in(p, round)).collect();
    if active.len() > MAX_SWISS_PLAYERS {
        return Err(PairError::TooManyPlayers {
            players: active.len(),
            limit: MAX_SWISS_PLAYERS,
        });
    }
    if active.len() < 2 {
        return Err(PairError::TooFewPlayers {
            round,
            players: active.len(),
        });
    }
    let table = standings(t);
    let standing: HashMap<&str, (usize, f64)> = table
        .iter()
        .map(|s| (s.name.as_str(), (s.rank, s.points)))
        .collect();
    let mut colours = colour_histories(t);
    let mut byes: HashMap<&str, u32> = HashMap::new();
    for entry in &t.games {
        if let Entry::Bye { bye, .. } = entry {
            *byes.entry(bye).or_default() += 1;
        }
    }
    let mut ranked: Vec<_> = active
        .into_iter()
        .map(|p| {
            let (rank, _) = standing
                .get(p.name.as_str())
                .copied()
                .unwrap_or((usize::MAX, 0.0));
            (rank, p)
        })
        .collect();
    crate::engine::stable_sort::sort_by(&mut ranked, |(ra, a), (rb, b)| {
        let rating = |p: &super::tournament::Player| p.rating.unwrap_or(f64::NEG_INFINITY);
        ra.cmp(rb)
            .then_with(|| rating(b).total_cmp(&rating(a)))
            .then_with(|| a.name.cmp(&b.name))
    });
    let mut records: Vec<Record> = ranked
        .into_iter()
        .map(|(_, p)| {
            let name = p.name.as_str();
            Record {
                name,
                half_points: (2.0 * standing.get(name).map_or(0.0, |s| s.1)).round() as i64,
                colours: colours.remove(name).unwrap_or_default(),
                byes: byes.get(name).copied().unwrap_or(0),
                group: 0,
                place: 0,
                group_size: 0,
            }
        })
        .collect();
    // Score groups: the ranking lists them from the most points down; a
    // group is a run of equal points.
    let mut start = 0;
    let mut group = 0;
    while start < records.len() {
        let points = records[start].half_points;
        let end = start
            + records[start..]
                .iter()
                .take_while(|r| r.half_points == points)
                .count();
        for (place, r) in records[start..end].iter_mut().enumerate() {
            r.group = group;
            r.place = place;
            r.group_size = end - start;
        }
        start = end;
        group += 1;
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::super::tournament::parse;
    use super::*;

    /// Entries in short: `round black white score score` or `round bye
    /// name`, separated by `;`, as the file's JSON.
    fn games(short: &str) -> String {
        short
            .split(';')
            .map(|entry| match entry.split_whitespace().collect::<Vec<_>>()[..] {
                [round, "bye", name] => format!(r#"{{"round": {round}, "bye": "{name}"}}"#),
                [round, black, white, b, w] => format!(
                    r#"{{"round": {round}, "black": "{black}", "white": "{white}", "score": [{b}, {w}]}}"#
                ),
                _ => panic!("{entry}"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn file(players: &str, games: &str) -> Tournament {
        parse(&format!(
            r#"{{"game": "nim", "rounds": 9, "players": [{players}], "games": [{games}]}}"#
        ))
        .unwrap()
    }

    fn names(n: usize) -> String {
        (0..n)
            .map(|i| format!(r#"{{"name": "{}"}}"#, (b'A' + i as u8) as char))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn pairs(p: &Pairings) -> Vec<(&str, &str)> {
        p.pairs
            .iter()
            .map(|g| (g.black.as_str(), g.white.as_str()))
            .collect()
    }

    #[test]
    fn the_scales_leave_room_in_an_i128() {
        let (scale, base) = scales();
        assert!(scale.windows(2).all(|w| w[0] > w[1]));
        // Duals and slacks reach a few times the largest weight.
        assert!(base < i128::MAX >> 16, "{base}");
    }

    #[test]
    fn colour_rules_and_wishes() {
        use Colour::{First as B, Second as W};
        let c = |v: &[Colour]| Colours(v.to_vec());
        assert_eq!(c(&[B, B]).cost(B), [1, 1, 2]); // +3 and a third in a row
        assert_eq!(c(&[B, W, B, B]).cost(B), [1, 1, 2]);
        assert_eq!(c(&[B, B, W, B]).cost(B), [1, 0, 2]); // +3 only
        assert_eq!(c(&[W, B, B]).cost(B), [0, 1, 2]); // a third in a row only
        assert_eq!(c(&[B, B]).cost(W), [0, 0, 0]);
        // Back towards balance is never beyond.
        assert!(!c(&[B, B, B, B]).beyond_two(W));
        assert!(c(&[B, B, B, W, B]).beyond_two(B));
        assert_eq!(c(&[B]).disappointment(B), 2);
        assert_eq!(c(&[B, W]).disappointment(W), 1);
        assert_eq!(c(&[B, W]).disappointment(B), 0);
        assert_eq!(c(&[]).wish(), None);
        assert_eq!(c(&[W, B]).wish(), Some(W));
    }

    #[test]
    fn round_one_folds_the_ranking_with_alternating_colours() {
        let t = parse(
            r#"{"game": "othello", "rounds": 5, "players": [
              {"name": "F", "rating": 1500}, {"name": "A", "rating": 2000},
              {"name": "D", "rating": 1700}, {"name": "B", "rating": 1900},
              {"name": "E", "rating": 1600}, {"name": "C", "rating": 1800}],
              "games": []}"#,
        )
        .unwrap();
        let p = pair(&t, 1).unwrap();
        assert_eq!(p.round, 1);
        assert_eq!(p.bye, None);
        assert_eq!(pairs(&p), [("A", "D"), ("E", "B"), ("C", "F")]);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_ranked_player_without_one() {
        // Round 1: A beat B, C beat D, E had the bye. B and D have no
        // points and equal tie-breaks: D ranks last, by name.
        let t = file(&names(5), &games("1 A B 1 0; 1 C D 1 0; 1 bye E"));
        assert_eq!(pair(&t, 2).unwrap().bye.as_deref(), Some("D"));
        // D had the bye in round 1: the next lowest, B, gets it.
        let t = file(&names(5), &games("1 A B 1 0; 1 C E 1 0; 1 bye D"));
        assert_eq!(pair(&t, 2).unwrap().bye.as_deref(), Some("E"));
        let t = file(
            &names(5),
            &games("1 A E 1 0; 1 C B 1 0; 1 bye D; 2 E D 1 0; 2 B A 0 1; 2 bye C"),
        );
        // Points: A 2, C 2, D 1, E 1, B 0: B has had no bye.
        assert_eq!(pair(&t, 3).unwrap().bye.as_deref(), Some("B"));
    }

    #[test]
    fn withdrawn_players_sit_out_and_late_entries_join() {
        // B withdrew after round 1; F entered for round 2.
        let t = file(
            r#"{"name": "A"}, {"name": "B", "withdrawn_after": 1}, {"name": "C"},
               {"name": "D"}, {"name": "E"}, {"name": "F"}"#,
            &games("1 A B 1 0; 1 C D 0.5 0.5; 1 bye E"),
        );
        let p = pair(&t, 2).unwrap();
        assert_eq!(p.seated(), ["A", "C", "D", "E", "F"]);
        // F (no games yet) ranks last and has had no bye.
        assert_eq!(p.bye.as_deref(), Some("F"));
        // In round 1 B still plays.
        assert!(pair(&t, 1)
            .unwrap()
            .pairs
            .iter()
            .any(|g| g.black == "B" || g.white == "B"));
    }

    #[test]
    fn no_rematch_while_one_is_avoidable() {
        // Six players on 1 point each, every pair of round 1 met again in
        // round 2: round 3 pairs them all across.
        let t = file(
            &names(6),
            &games("1 A B 1 0; 1 C D 0 1; 1 E F 1 0; 2 B A 1 0; 2 D C 0 1; 2 F E 1 0"),
        );
        let p = pair(&t, 3).unwrap();
        let met = |x: &str, y: &str| {
            [("A", "B"), ("C", "D"), ("E", "F")]
                .iter()
                .any(|&(a, b)| (x, y) == (a, b) || (x, y) == (b, a))
        };
        assert_eq!(p.pairs.len(), 3);
        assert!(p.pairs.iter().all(|g| !met(&g.black, &g.white)), "{p:?}");
    }

    #[test]
    fn a_rematch_only_when_nothing_else_is_left() {
        // Four players after three rounds have met everyone: round 4
        // repeats the fewest games (one each), still in score order.
        let t = file(
            &names(4),
            &games("1 A B 1 0; 1 C D 1 0; 2 D A 0 1; 2 B C 0 1; 3 A C 1 0; 3 D B 0.5 0.5"),
        );
        let p = pair(&t, 4).unwrap();
        // A 3, C 2, B 0.5, D 0.5: A–C and B–D, the smallest score gaps.
        let mut games: Vec<[&str; 2]> = p
            .pairs
            .iter()
            .map(|g| {
                let mut pair = [g.black.as_str(), g.white.as_str()];
                pair.sort_unstable();
                pair
            })
            .collect();
        games.sort_unstable();
        assert_eq!(games, [["A", "C"], ["B", "D"]]);
    }

    #[test]
    fn same_points_meet_and_colours_decide_within_the_group() {
        // After round 1 (A, B, C, D beat E, F, G, H) winners meet winners,
        // losers losers.
        let t = file(
            &names(8),
            &games("1 A E 1 0; 1 F B 0 1; 1 C G 1 0; 1 H D 0 1"),
        );
        let p = pair(&t, 2).unwrap();
        // A and C played first (they want second), B and D second. The
        // fold A–C, B–D would disappoint two; A–D and B–C (the bottom half
        // exchanged) disappoint nobody. Likewise E–H and F–G.
        assert_eq!(
            pairs(&p),
            [("D", "A"), ("B", "C"), ("E", "H"), ("G", "F")],
            "{p:?}"
        );
    }

    #[test]
    fn a_third_colour_in_a_row_is_avoided_by_the_choice_of_opponents() {
        // Six players, every game drawn. A and D played first twice (they
        // must play second); E and F second twice. The fold of the score
        // group (A–D, B–E, C–F) would break the rule; the one round that
        // keeps it without a rematch is A–C, B–F, D–E.
        let t = file(
            &names(6),
            &games("1 A E 0.5 0.5; 1 D B 0.5 0.5; 1 C F 0.5 0.5; 2 A F 0.5 0.5; 2 D C 0.5 0.5; 2 B E 0.5 0.5"),
        );
        let p = pair(&t, 3).unwrap();
        assert_eq!(pairs(&p), [("C", "A"), ("F", "B"), ("E", "D")]);
    }

    #[test]
    fn the_same_file_in_any_order_gives_the_same_round() {
        let players = [
            r#"{"name": "A"}"#,
            r#"{"name": "B"}"#,
            r#"{"name": "C"}"#,
            r#"{"name": "D"}"#,
            r#"{"name": "E"}"#,
        ];
        let games = ["1 A B 1 0", "1 C D 0.5 0.5", "1 bye E"].map(games);
        let forward = file(&players.join(","), &games.join(","));
        let mut p = players;
        p.reverse();
        let mut g = games;
        g.reverse();
        let backward = file(&p.join(","), &g.join(","));
        assert_eq!(pair(&forward, 2), pair(&backward, 2));
    }

    #[test]
    fn too_few_or_too_many_players() {
        let t = file(r#"{"name": "A"}, {"name": "B", "withdrawn_after": 0}"#, "");
        assert_eq!(
            pair(&t, 1),
            Err(PairError::TooFewPlayers {
                round: 1,
                players: 1
            })
        );
        let t = file(
            &(0..65)
                .map(|i| format!(r#"{{"name": "P{i}"}}"#))
                .collect::<Vec<_>>()
                .join(","),
            "",
        );
        assert!(matches!(
            pair(&t, 1),
            Err(PairError::TooManyPlayers { players: 65, .. })
        ));
    }
}
