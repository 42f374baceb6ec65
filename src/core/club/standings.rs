//! Standings: points (win 1, draw ½, loss 0, bye 1), then for Othello the
//! Brightwell quotient and the disc total, for the other games Buchholz and
//! Sonneborn–Berger.
//!
//! The Brightwell quotient, exactly as RULES.md §4 (from seed 004) defines
//! it, for a tournament of R rounds on a board of Q squares:
//! 1. c is the integer nearest to Q / R, a half rounding up;
//! 2. the player's games against opponents who withdrew (at any time) and
//!    the player's byes are set aside;
//! 3. BQ = the player's discs in every other game + c × the sum of those
//!    opponents' final points (an opponent met twice counts twice);
//! 4. + Q / 2 + c × the player's own final points for each game set aside.
//!
//! **[interpretation]** The disc total (the last tie-break) counts the
//! discs of the games played; a bye counts none.

use std::collections::{HashMap, HashSet};

use super::tournament::{Entry, Tournament};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1 for the best; players equal on every criterion share a rank.
    pub rank: usize,
    /// The player's place in the tournament's list (`t.players[player]`).
    pub player: usize,
    /// The player.
    pub name: String,
    /// Points.
    pub points: f64,
    /// Othello: the Brightwell quotient.
    pub brightwell: Option<f64>,
    /// Othello: the Brightwell quotient as its sum.
    pub brightwell_sum: Option<BrightwellSum>,
    /// Othello: the discs of the games played.
    pub discs: Option<f64>,
    /// The sum of the opponents' points.
    pub buchholz: f64,
    /// The points of the opponents beaten, plus half those of the opponents
    /// drawn.
    pub sonneborn_berger: f64,
}

/// A player's Brightwell quotient as RULES.md §4 adds it up, so that it
/// can be checked by hand: `discs + c × opponents_points + set_aside ×
/// (Q / 2 + c × own_points)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BrightwellSum {
    /// The constant c of the tournament.
    pub c: u32,
    /// Q / 2: half the board's squares.
    pub half_board: f64,
    /// The discs of the games that count (not set aside).
    pub discs: f64,
    /// The final points of the opponents of those games.
    pub opponents_points: f64,
    /// The games set aside: against an opponent who withdrew, and byes.
    pub set_aside: u32,
    /// The player's own final points (what a game set aside counts).
    pub own_points: f64,
}

impl BrightwellSum {
    /// What one game set aside counts: Q / 2 + c × the player's own points.
    pub fn set_aside_worth(&self) -> f64 {
        self.half_board + f64::from(self.c) * self.own_points
    }

    /// The quotient: the sum of its parts.
    pub fn total(&self) -> f64 {
        self.discs
            + f64::from(self.c) * self.opponents_points
            + f64::from(self.set_aside) * self.set_aside_worth()
            + 0.0
    }
}

/// One game (or bye) of a player as the Brightwell quotient counts it.
#[derive(Clone, Debug, PartialEq)]
pub struct BrightwellGame {
    /// The round.
    pub round: u32,
    /// The opponent (`None` for a bye).
    pub opponent: Option<String>,
    /// The player's discs (`None` for a bye).
    pub discs: Option<f64>,
    /// The opponent's final points.
    pub opponent_points: f64,
    /// Set aside (the opponent withdrew, or a bye): the game counts
    /// Q / 2 + c × the player's own points instead.
    pub set_aside: bool,
}

/// A game from one player's side: the opponent, the player's score (discs
/// or 1/½/0) and the points it earned.
struct Played<'a> {
    round: u32,
    opponent: &'a str,
    own: f64,
    points: f64,
}

/// The points a result earns (Othello: compare the discs).
fn points(t: &Tournament, own: f64, theirs: f64) -> f64 {
    if t.is_othello() {
        match own.partial_cmp(&theirs) {
            Some(std::cmp::Ordering::Greater) => 1.0,
            Some(std::cmp::Ordering::Equal) => 0.5,
            _ => 0.0,
        }
    } else {
        own
    }
}

/// c: the integer nearest to Q / R, a half rounding up.
pub fn brightwell_constant(squares: u32, rounds: u32) -> u32 {
    (2 * squares + rounds) / (2 * rounds)
}

/// A sum of numbers, 0 (not −0) when there are none: `Iterator::sum` of
/// no `f64` is −0, which would be shown as "-0".
fn total(values: impl Iterator<Item = f64>) -> f64 {
    values.sum::<f64>() + 0.0
}

/// What the standings are computed from: every player's games and byes,
/// their points, and who withdrew.
struct Results<'a> {
    played: HashMap<&'a str, Vec<Played<'a>>>,
    byes: HashMap<&'a str, Vec<u32>>,
    points: HashMap<&'a str, f64>,
    withdrawn: HashSet<&'a str>,
}

impl<'a> Results<'a> {
    fn of(t: &'a Tournament) -> Results<'a> {
        let mut played: HashMap<&str, Vec<Played>> = HashMap::new();
        let mut byes: HashMap<&str, Vec<u32>> = HashMap::new();
        for game in t.played_games() {
            let [b, w] = game.score;
            for (player, opponent, own, theirs) in [
                (game.black, game.white, b, w),
                (game.white, game.black, w, b),
            ] {
                played.entry(player).or_default().push(Played {
                    round: game.round,
                    opponent,
                    own,
                    points: points(t, own, theirs),
                });
            }
        }
        for entry in &t.games {
            if let Entry::Bye { round, bye } = entry {
                byes.entry(bye).or_default().push(*round);
            }
        }
        let mut results = Results {
            played,
            byes,
            points: HashMap::new(),
            withdrawn: t
                .players
                .iter()
                .filter(|p| p.withdrawn_after.is_some())
                .map(|p| p.name.as_str())
                .collect(),
        };
        results.points = t
            .players
            .iter()
            .map(|p| {
                let name = p.name.as_str();
                let from_games = total(results.games(name).iter().map(|g| g.points));
                (name, from_games + results.byes(name).len() as f64)
            })
            .collect();
        results
    }

    fn games(&self, name: &str) -> &[Played<'a>] {
        self.played.get(name).map(Vec::as_slice).unwrap_or_default()
    }

    fn byes(&self, name: &str) -> &[u32] {
        self.byes.get(name).map(Vec::as_slice).unwrap_or_default()
    }

    fn points_of(&self, name: &str) -> f64 {
        self.points.get(name).copied().unwrap_or(0.0)
    }

    /// The Brightwell quotient of `name` as its sum.
    fn brightwell(&self, t: &Tournament, name: &str) -> BrightwellSum {
        let games = self.games(name);
        let counted = || {
            games
                .iter()
                .filter(|g| !self.withdrawn.contains(g.opponent))
        };
        BrightwellSum {
            c: brightwell_constant(t.squares(), t.rounds),
            half_board: f64::from(t.squares()) / 2.0,
            discs: total(counted().map(|g| g.own)),
            opponents_points: total(counted().map(|g| self.points_of(g.opponent))),
            set_aside: (games.len() - counted().count() + self.byes(name).len()) as u32,
            own_points: self.points_of(name),
        }
    }
}

/// The standings, best first.
pub fn standings(t: &Tournament) -> Vec<Standing> {
    let results = Results::of(t);
    let mut lines: Vec<Standing> = t
        .players
        .iter()
        .enumerate()
        .map(|(player, p)| {
            let name = p.name.as_str();
            let games = results.games(name);
            let opponents = |g: &Played| results.points_of(g.opponent);
            let sum = t.is_othello().then(|| results.brightwell(t, name));
            Standing {
                rank: 0,
                player,
                name: p.name.clone(),
                points: results.points_of(name),
                brightwell: sum.map(|s| s.total()),
                brightwell_sum: sum,
                discs: t.is_othello().then(|| total(games.iter().map(|g| g.own))),
                buchholz: total(games.iter().map(opponents)),
                sonneborn_berger: total(games.iter().map(|g| g.points * opponents(g))),
            }
        })
        .collect();
    let key = |s: &Standing| -> [f64; 3] {
        match (s.brightwell, s.discs) {
            (Some(bq), Some(discs)) => [s.points, bq, discs],
            _ => [s.points, s.buchholz, s.sonneborn_berger],
        }
    };
    crate::engine::stable_sort::sort_by(&mut lines, |a, b| {
        key(b)
            .partial_cmp(&key(a))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then_with(|| a.name.cmp(&b.name))
    });
    // Sorted best first: a line's rank is one more than the lines before
    // it with a better key (equal keys are neighbours).
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && key(&lines[i]) == key(&lines[i - 1]) {
            lines[i - 1].rank
        } else {
            i + 1
        };
    }
    lines
}

/// The games and byes of `player` as the Brightwell quotient counts them,
/// in round order (for the standings' details; [`BrightwellSum`] adds them
/// up).
pub fn brightwell_games(t: &Tournament, player: &str) -> Vec<BrightwellGame> {
    let results = Results::of(t);
    let mut games: Vec<BrightwellGame> = results
        .games(player)
        .iter()
        .map(|g| BrightwellGame {
            round: g.round,
            opponent: Some(g.opponent.to_string()),
            discs: Some(g.own),
            opponent_points: results.points_of(g.opponent),
            set_aside: results.withdrawn.contains(g.opponent),
        })
        .chain(results.byes(player).iter().map(|&round| BrightwellGame {
            round,
            opponent: None,
            discs: None,
            opponent_points: 0.0,
            set_aside: true,
        }))
        .collect();
    crate::engine::stable_sort::sort_by(&mut games, |a, b| a.round.cmp(&b.round));
    games
}

/// The standings `lines` of `t` ([`standings`]) as JSON, as `engine
/// standings --json` prints them and the server's club events answer them:
/// a row a player, and Othello's Brightwell constant.
pub fn standings_json(t: &Tournament, lines: &[Standing]) -> serde_json::Value {
    use serde_json::{json, Value};
    let rows: Vec<Value> = lines
        .iter()
        .map(|s| {
            let mut row = json!({
                "rank": s.rank,
                "name": s.name,
                "points": s.points,
                "buchholz": s.buchholz,
                "sonneborn_berger": s.sonneborn_berger,
            });
            if let (Some(sum), Some(discs)) = (s.brightwell_sum, s.discs) {
                row["brightwell"] = json!(sum.total());
                row["discs"] = json!(discs);
                row["brightwell_sum"] = json!({
                    "discs": sum.discs,
                    "opponents_points": sum.opponents_points,
                    "set_aside": sum.set_aside,
                    "set_aside_worth": sum.set_aside_worth(),
                });
            }
            row
        })
        .collect();
    let mut json = json!({ "standings": rows });
    if t.is_othello() {
        json["brightwell_c"] = json!(brightwell_constant(t.squares(), t.rounds));
    }
    json
}

#[cfg(test)]
mod tests {
    use super::super::tournament::parse;
    use super::*;

    fn find<'a>(lines: &'a [Standing], name: &str) -> &'a Standing {
        lines.iter().find(|s| s.name == name).unwrap()
    }

    /// A round robin of A, B, C and D on 8×8 over 3 rounds: A–B and C–D,
    /// A–C and B–D, A–D and B–C, with these scores.
    fn four_players(game: &str, scores: [[f64; 2]; 6]) -> Tournament {
        let pairs = [
            ("A", "B"),
            ("C", "D"),
            ("A", "C"),
            ("B", "D"),
            ("A", "D"),
            ("B", "C"),
        ];
        let games: Vec<String> = pairs
            .iter()
            .zip(scores)
            .enumerate()
            .map(|(i, ((black, white), [b, w]))| {
                let round = i / 2 + 1;
                format!(r#"{{"round": {round}, "black": "{black}", "white": "{white}", "score": [{b}, {w}]}}"#)
            })
            .collect();
        parse(&format!(
            r#"{{"game": "{game}", "size": 8, "rounds": 3,
            "players": [{{"name": "A"}}, {{"name": "B"}}, {{"name": "C"}}, {{"name": "D"}}],
            "games": [{}]}}"#,
            games.join(", ")
        ))
        .unwrap()
    }

    #[test]
    fn the_constant_rounds_a_half_up() {
        assert_eq!(brightwell_constant(64, 13), 5); // 4.92
        assert_eq!(brightwell_constant(64, 3), 21); // 21.33
        assert_eq!(brightwell_constant(36, 8), 5); // 4.5 → 5
        assert_eq!(brightwell_constant(64, 5), 13); // 12.8
        assert_eq!(brightwell_constant(16, 32), 1); // 0.5 → 1
    }

    #[test]
    fn a_small_round_robin_by_hand() {
        // 8×8, 3 rounds: c = 21.
        let t = four_players(
            "othello",
            [[40, 24], [32, 32], [20, 44], [50, 14], [33, 31], [0, 64]].map(|s| s.map(f64::from)),
        );
        let lines = standings(&t);
        // Points: A 2, B 1, C 2.5, D 0.5.
        // BQ(A) = 40 + 20 + 33 + 21 × (1 + 2.5 + 0.5) = 177
        // BQ(B) = 24 + 50 + 0 + 21 × (2 + 0.5 + 2.5) = 179
        // BQ(C) = 32 + 44 + 64 + 21 × (0.5 + 2 + 1) = 213.5
        // BQ(D) = 32 + 14 + 31 + 21 × (2.5 + 1 + 2) = 192.5
        let expected = [
            ("C", 2.5, 213.5, 1),
            ("A", 2.0, 177.0, 2),
            ("B", 1.0, 179.0, 3),
            ("D", 0.5, 192.5, 4),
        ];
        for (i, (name, points, bq, rank)) in expected.into_iter().enumerate() {
            let line = &lines[i];
            assert_eq!(
                (line.name.as_str(), line.points, line.brightwell, line.rank),
                (name, points, Some(bq), rank)
            );
        }
        assert_eq!(find(&lines, "A").discs, Some(93.0));
        // Buchholz and SB are computed for Othello too.
        assert_eq!(find(&lines, "C").buchholz, 3.5);
        assert_eq!(find(&lines, "C").sonneborn_berger, 0.5 * 0.5 + 2.0 + 1.0);
    }

    #[test]
    fn a_corrected_result_is_counted_anew() {
        // The round robin above, with A–B (round 1, board 1) corrected
        // from 40–24 to 24–40.
        let scores = [[40, 24], [32, 32], [20, 44], [50, 14], [33, 31], [0, 64]];
        let mut t = four_players("othello", scores.map(|s| s.map(f64::from)));
        let before = standings(&t);
        assert_eq!(
            (
                find(&before, "A").buchholz,
                find(&before, "A").sonneborn_berger
            ),
            (4.0, 1.5)
        );
        t.correct(1, 1, [24.0, 40.0]).unwrap();
        let lines = standings(&t);
        // Points: A 1, B 2, C 2.5, D 0.5; c = 21.
        // BQ(A) = 24 + 20 + 33 + 21 × (2 + 2.5 + 0.5) = 182
        // BQ(B) = 40 + 50 + 0 + 21 × (1 + 0.5 + 2.5) = 174
        // BQ(C) = 32 + 44 + 64 + 21 × (0.5 + 1 + 2) = 213.5
        // BQ(D) = 32 + 14 + 31 + 21 × (2.5 + 2 + 1) = 192.5
        let expected = [
            ("C", 2.5, 213.5, 1),
            ("B", 2.0, 174.0, 2),
            ("A", 1.0, 182.0, 3),
            ("D", 0.5, 192.5, 4),
        ];
        for (line, (name, points, bq, rank)) in lines.iter().zip(expected) {
            assert_eq!(
                (line.name.as_str(), line.points, line.brightwell, line.rank),
                (name, points, Some(bq), rank)
            );
        }
        // Buchholz and SB follow: A's opponents have 2 + 2.5 + 0.5, and A
        // beat only D; B beat A and D.
        let (a, b) = (find(&lines, "A"), find(&lines, "B"));
        assert_eq!((a.buchholz, a.sonneborn_berger), (5.0, 0.5));
        assert_eq!((b.buchholz, b.sonneborn_berger), (4.0, 1.5));
        assert_eq!(a.discs, Some(77.0));
        // The same as the tournament entered with that result from the start.
        let mut scores = scores;
        scores[0] = [24, 40];
        let fresh = four_players("othello", scores.map(|s| s.map(f64::from)));
        assert_eq!(t, fresh);
        assert_eq!(lines, standings(&fresh));
    }

    #[test]
    fn a_correction_changes_one_score_and_nothing_else() {
        use super::super::tournament::CorrectError;
        let scores = [[1, 0], [1, 0], [0, 1], [1, 0], [1, 0], [0, 1]];
        let t = four_players("opok", scores.map(|s| s.map(f64::from)));
        // Round 1, board 1 (A–B) becomes a draw: only its score changes,
        // the pairings and every other game stay as they were.
        let mut corrected = t.clone();
        corrected.correct(1, 1, [0.5, 0.5]).unwrap();
        let changed: Vec<usize> = (0..t.games.len())
            .filter(|&i| t.games[i] != corrected.games[i])
            .collect();
        assert_eq!(changed, [0]);
        assert_eq!(
            corrected.games[0],
            Entry::Game {
                round: 1,
                black: "A".into(),
                white: "B".into(),
                score: [0.5, 0.5]
            }
        );
        assert_eq!(
            corrected.boards(1).map(|b| b.score).collect::<Vec<_>>(),
            [[0.5, 0.5], [1.0, 0.0]]
        );
        // Before: A 2 (beat B and D), B 1, C 3, D 0; A's Buchholz 1 + 3 + 0,
        // SB 1 + 0. After: A 1½, B 1½; A's Buchholz 1½ + 3 + 0, SB ½ × 1½.
        let before = find(&standings(&t), "A").clone();
        assert_eq!(
            (before.points, before.buchholz, before.sonneborn_berger),
            (2.0, 4.0, 1.0)
        );
        let lines = standings(&corrected);
        let (a, b) = (find(&lines, "A"), find(&lines, "B"));
        assert_eq!((a.points, a.buchholz, a.sonneborn_berger), (1.5, 4.5, 0.75));
        assert_eq!((b.points, b.buchholz, b.sonneborn_berger), (1.5, 4.5, 0.75));
        assert_eq!(lines[0].name, "C");
        // Refusals leave the tournament as it was.
        let mut same = t.clone();
        let refusals = [
            (2, 3, [1.0, 0.0]),
            (2, 0, [1.0, 0.0]),
            (4, 1, [1.0, 0.0]),
            (1, 1, [1.0, 1.0]),
            (1, 1, [f64::NAN, 0.0]),
        ];
        for (round, board, score) in refusals {
            let error = same.correct(round, board, score).unwrap_err();
            match error {
                CorrectError::NoSuchGame { .. } => {
                    assert_eq!(
                        error.to_string(),
                        format!("Round {round} has no game on board {board}.")
                    )
                }
                CorrectError::Score(_) => assert!(score[0] + score[1] != 1.0 || score[0].is_nan()),
            }
            assert_eq!(same, t);
        }
        // Othello: whole disc counts, together at most the board's squares.
        let mut othello = four_players("othello", [[33.0, 31.0]; 6]);
        let kept = othello.clone();
        for score in [[60.0, 31.0], [32.5, 31.5], [-1.0, 40.0]] {
            assert!(matches!(
                othello.correct(1, 1, score),
                Err(CorrectError::Score(_))
            ));
        }
        assert_eq!(othello, kept);
        othello.correct(3, 2, [0.0, 64.0]).unwrap();
        assert_eq!(
            othello
                .boards(3)
                .nth(1)
                .map(|b| (b.black, b.white, b.score)),
            Some(("B", "C", [0.0, 64.0]))
        );
    }

    /// 6×6 over 8 rounds: A beat B (who withdrew after round 1) 20–16 while
    /// C had a bye; A and C drew 18–18 in round 2.
    fn six_by_six_with_a_withdrawal() -> Tournament {
        parse(include_str!(
            "../../../tests/data/club/six-by-six-withdrawal.json"
        ))
        .unwrap()
    }

    #[test]
    fn withdrawals_and_byes_on_six_by_six_with_a_half() {
        // 6×6, 8 rounds: Q / R = 4.5, so c = 5; Q / 2 = 18.
        let t = six_by_six_with_a_withdrawal();
        let lines = standings(&t);
        // A: 1.5 points. The game with B (withdrawn) is set aside:
        // 18 + 5 × 1.5 = 25.5; against C: 18 + 5 × 1.5 = 25.5. BQ 51.
        // C: 1.5 points. The bye: 18 + 5 × 1.5 = 25.5; against A:
        // 18 + 5 × 1.5 = 25.5. BQ 51; fewer discs (18 against 38).
        // B: 16 + 5 × 1.5 = 23.5 (A did not withdraw).
        let a = find(&lines, "A");
        let c = find(&lines, "C");
        assert_eq!(
            (a.points, a.brightwell, a.discs, a.rank),
            (1.5, Some(51.0), Some(38.0), 1)
        );
        assert_eq!(
            (c.points, c.brightwell, c.discs, c.rank),
            (1.5, Some(51.0), Some(18.0), 2)
        );
        assert_eq!(find(&lines, "B").brightwell, Some(23.5));
    }

    #[test]
    fn an_opponent_met_twice_counts_twice() {
        let t = parse(
            r#"{"game": "othello", "size": 8, "rounds": 2,
            "players": [{"name": "A"}, {"name": "B"}],
            "games": [
              {"round": 1, "black": "A", "white": "B", "score": [33, 31]},
              {"round": 2, "black": "B", "white": "A", "score": [40, 24]}]}"#,
        )
        .unwrap();
        let lines = standings(&t);
        // c = 32. A: 1 point; BQ = 33 + 24 + 32 × (1 + 1) = 121.
        assert_eq!(find(&lines, "A").brightwell, Some(121.0));
        // Equal points; B's 71 + 64 = 135 is better.
        assert_eq!(
            (lines[0].name.as_str(), lines[0].rank, lines[1].rank),
            ("B", 1, 2)
        );
    }

    #[test]
    fn other_games_rank_by_buchholz_then_sonneborn_berger() {
        let t = four_players(
            "opok",
            [
                [1.0, 0.0],
                [0.5, 0.5],
                [0.0, 1.0],
                [1.0, 0.0],
                [1.0, 0.0],
                [0.0, 1.0],
            ],
        );
        let lines = standings(&t);
        assert_eq!(lines[0].name, "C");
        let a = find(&lines, "A");
        // A beat B (1) and D (0.5), lost to C: Buchholz 1 + 2.5 + 0.5.
        assert_eq!((a.points, a.buchholz, a.sonneborn_berger), (2.0, 4.0, 1.5));
        assert_eq!(a.brightwell, None);
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        use super::super::tournament::TournamentError as E;
        let base = |game: &str, extra: &str| {
            format!(
                r#"{{"game": "{game}", "rounds": 2, "players": [{{"name": "A"}}, {{"name": "B"}}], "games": [{extra}]}}"#
            )
        };
        let game = |players: &str, score: &str| {
            format!(r#"{{"round": 1, "black": "A", "white": "{players}", "score": {score}}}"#)
        };
        /// A game, its entries, and the refusal they must get.
        type Case = (&'static str, String, fn(&E) -> bool);
        let cases: [Case; 6] = [
            ("chess", String::new(), |e| matches!(e, E::UnknownGame(_))),
            ("othello", game("Z", "[33, 31]"), |e| {
                matches!(e, E::UnknownPlayer(_))
            }),
            ("othello", game("B", "[60, 31]"), |e| {
                matches!(e, E::Score { othello: true, .. })
            }),
            ("opok", game("B", "[1, 1]"), |e| {
                matches!(e, E::Score { othello: false, .. })
            }),
            (
                "nim",
                game("B", "[1, 0]") + r#", {"round": 1, "bye": "A"}"#,
                |e| matches!(e, E::PairedTwice { round: 1, .. }),
            ),
            ("nim", r#"{"round": 3, "bye": "A"}"#.into(), |e| {
                matches!(
                    e,
                    E::EntryRound {
                        round: 3,
                        rounds: 2
                    }
                )
            }),
        ];
        for (game, entries, expected) in cases {
            let error = parse(&base(game, &entries)).unwrap_err();
            assert!(expected(&error), "{game} {entries}: {error}");
        }
        assert!(matches!(parse("{"), Err(E::Json(_))));
    }

    #[test]
    fn a_player_with_no_game_has_zero_not_minus_zero() {
        // Round 1 of five players: Eva has the bye, nobody has played yet
        // in the other sense; a sum of no numbers is 0, never −0.
        let t = parse(
            r#"{"game": "othello", "rounds": 4,
            "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}, {"name": "D"}, {"name": "Eva"}],
            "games": [{"round": 1, "black": "A", "white": "B", "score": [40, 24]},
                      {"round": 1, "black": "C", "white": "D", "score": [33, 31]},
                      {"round": 1, "bye": "Eva"}]}"#,
        )
        .unwrap();
        let eva = find(&standings(&t), "Eva").clone();
        for value in [
            eva.discs.unwrap(),
            eva.buchholz,
            eva.sonneborn_berger,
            eva.brightwell_sum.unwrap().discs,
            eva.brightwell_sum.unwrap().opponents_points,
        ] {
            assert!(value == 0.0 && value.is_sign_positive(), "{eva:?}");
            assert_eq!(value.to_string(), "0");
        }
        let fresh =
            parse(r#"{"game": "othello", "rounds": 4, "players": [{"name": "A"}], "games": []}"#)
                .unwrap();
        let a = &standings(&fresh)[0];
        assert!(a.discs.unwrap().is_sign_positive() && a.brightwell.unwrap().is_sign_positive());
    }

    #[test]
    fn the_brightwell_quotient_is_its_sum_and_its_games() {
        // 6×6, 8 rounds (c = 5, Q/2 = 18): A met B (who withdrew) and C; C
        // had a bye.
        let t = six_by_six_with_a_withdrawal();
        let lines = standings(&t);
        let a = find(&lines, "A");
        let sum = a.brightwell_sum.unwrap();
        assert_eq!(
            sum,
            BrightwellSum {
                c: 5,
                half_board: 18.0,
                discs: 18.0,
                opponents_points: 1.5,
                set_aside: 1,
                own_points: 1.5
            }
        );
        // 18 + 5 × 1.5 + 1 × (18 + 5 × 1.5) = 51.
        assert_eq!(
            (sum.set_aside_worth(), sum.total(), a.brightwell),
            (25.5, 51.0, Some(51.0))
        );
        for line in &lines {
            assert_eq!(line.brightwell, line.brightwell_sum.map(|s| s.total()));
            assert_eq!(t.players[line.player].name, line.name);
        }
        assert_eq!(
            brightwell_games(&t, "A"),
            [
                BrightwellGame {
                    round: 1,
                    opponent: Some("B".into()),
                    discs: Some(20.0),
                    opponent_points: 0.0,
                    set_aside: true
                },
                BrightwellGame {
                    round: 2,
                    opponent: Some("C".into()),
                    discs: Some(18.0),
                    opponent_points: 1.5,
                    set_aside: false
                }
            ]
        );
        assert_eq!(
            brightwell_games(&t, "C")[0],
            BrightwellGame {
                round: 1,
                opponent: None,
                discs: None,
                opponent_points: 0.0,
                set_aside: true
            }
        );
        // Not Othello: no quotient.
        let nim = four_players("nim", [[1.0, 0.0]; 6]);
        assert!(standings(&nim).iter().all(|s| s.brightwell_sum.is_none()));
    }
}
