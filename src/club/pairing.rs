//! Round-robin pairings by Berger tables: with n players (a bye added when
//! n is odd), n − 1 rounds in which everyone meets everyone once, colours
//! alternating so that nobody has two more games with one colour than with
//! the other. A double round robin plays the table twice, colours swapped.

/// One round: pairs (first player, second player) by index into the
/// players, and the player with the bye, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The games: the first named plays first (Black in Othello).
    pub pairs: Vec<(usize, usize)>,
    /// Who sits out (odd numbers of players).
    pub bye: Option<usize>,
}

/// The rounds of a round robin of `players` (single, or double).
pub fn round_robin(players: usize, double: bool) -> Vec<Round> {
    if players < 2 {
        return Vec::new();
    }
    // An odd field gets a phantom player: meeting it is the bye.
    let n = players + players % 2;
    let phantom = (players % 2 == 1).then_some(n - 1);
    let fixed = n - 1;
    let mut rounds = Vec::new();
    for r in 0..n - 1 {
        let mut pairs = Vec::new();
        let mut bye = None;
        // The fixed player meets the round's pivot, colours alternating by
        // round; the others pair across the circle.
        let mut games = vec![if r % 2 == 0 { (r, fixed) } else { (fixed, r) }];
        for i in 1..n / 2 {
            let a = (r + i) % (n - 1);
            let b = (r + n - 1 - i) % (n - 1);
            games.push(if i % 2 == 1 { (b, a) } else { (a, b) });
        }
        for (a, b) in games {
            match phantom {
                Some(p) if a == p => bye = Some(b),
                Some(p) if b == p => bye = Some(a),
                _ => pairs.push((a, b)),
            }
        }
        rounds.push(Round { pairs, bye });
    }
    if double {
        let second: Vec<Round> = rounds
            .iter()
            .map(|round| Round {
                pairs: round.pairs.iter().map(|&(a, b)| (b, a)).collect(),
                bye: round.bye,
            })
            .collect();
        rounds.extend(second);
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn check(players: usize, double: bool) {
        let rounds = round_robin(players, double);
        let n = players + players % 2;
        assert_eq!(
            rounds.len(),
            (n - 1) * if double { 2 } else { 1 },
            "{players}"
        );
        let mut met: HashMap<(usize, usize), usize> = HashMap::new();
        let mut colour: Vec<i32> = vec![0; players];
        let mut byes = vec![0; players];
        for round in &rounds {
            let mut seen = vec![false; players];
            for &(a, b) in &round.pairs {
                assert!(a < players && b < players && a != b);
                assert!(!seen[a] && !seen[b], "once a round");
                seen[a] = true;
                seen[b] = true;
                *met.entry((a.min(b), a.max(b))).or_default() += 1;
                colour[a] += 1;
                colour[b] -= 1;
            }
            if let Some(p) = round.bye {
                assert!(!seen[p]);
                seen[p] = true;
                byes[p] += 1;
            }
            assert!(seen.iter().all(|&s| s), "everyone plays or has the bye");
        }
        let times = if double { 2 } else { 1 };
        for a in 0..players {
            for b in a + 1..players {
                assert_eq!(met.get(&(a, b)).copied(), Some(times), "{players}: {a}–{b}");
            }
            assert!(
                colour[a].abs() <= 1,
                "{players}: colours of {a}: {}",
                colour[a]
            );
            assert_eq!(byes[a], if players % 2 == 1 { times } else { 0 });
        }
    }

    #[test]
    fn everyone_meets_everyone_once_with_balanced_colours() {
        for players in 2..=16 {
            check(players, false);
            check(players, true);
        }
        assert!(round_robin(1, false).is_empty());
    }
}
