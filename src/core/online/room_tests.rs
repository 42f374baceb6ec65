//! The room on an injected clock: moves, clocks and flags with the world
//! rules' score, resignation, abort, rematch, claims, correspondence
//! deadlines and seed 004's completion; and a stored log folds into the
//! same room.

use super::*;
use crate::online::rules::Score;
use crate::online::setup::{GameKind, Timing};

/// A game and its log, driven as the server drives it: what is due
/// first, then the action; every event stored, then applied.
struct Game {
    room: Room,
    log: Vec<Event>,
}

impl Game {
    fn new(game: GameKind, rules: &str, timing: Timing) -> Game {
        let created = Event::Created {
            setup: Setup {
                game,
                rules: rules.into(),
                timing,
            },
            public: true,
            names: [Some("Eva".into()), None],
            at: 0,
            event: None,
            waits: false,
        };
        let room = Room::new(&created).unwrap();
        Game {
            room,
            log: vec![created],
        }
    }

    fn live(game: GameKind, rules: &str, control: &str) -> Game {
        let timing = Timing::Live {
            control: control.into(),
            completes: false,
        };
        let mut game = Game::new(game, rules, timing);
        game.act(None, join(), 0).unwrap();
        game
    }

    fn store(&mut self, event: Event) {
        self.room.apply(&event).unwrap();
        self.log.push(event);
    }

    fn tick(&mut self, now: u64) {
        if let Some(event) = self.room.due(now) {
            self.store(event);
        }
    }

    fn act(&mut self, seat: Option<Seat>, action: Action, now: u64) -> Result<(), Refusal> {
        self.tick(now);
        for event in self.room.decide(seat, action, now)? {
            self.store(event);
        }
        Ok(())
    }

    fn play(&mut self, seat: Seat, mv: &str, now: u64) -> Result<(), Refusal> {
        let ply = self.room.moves().len();
        self.act(Some(seat), Action::Move { ply, mv: mv.into() }, now)
    }

    fn ending(&self) -> Option<Ending> {
        match self.room.status() {
            Status::Over(ending) => Some(ending),
            _ => None,
        }
    }
}

fn join() -> Action {
    Action::Join {
        name: "Petr".into(),
    }
}

fn claim(absent_ms: Option<u64>) -> Action {
    Action::Claim {
        absent_ms,
        after_ms: 60_000,
    }
}

#[test]
fn a_game_is_played_to_its_end() {
    let mut game = Game::live(GameKind::Othello, "size=4", "5+0");
    assert_eq!(game.room.status(), Status::Playing);
    assert_eq!(game.room.names()[1].as_deref(), Some("Petr"));
    let mut now = 0;
    while game.ending().is_none() {
        now += 1_000;
        let seat = game.room.to_move().unwrap();
        let squares = [
            "a1", "a2", "a3", "a4", "b1", "b4", "c1", "c4", "d1", "d2", "d3", "d4",
        ];
        let legal = squares
            .iter()
            .find(|s| game.play(seat, s, now).is_ok())
            .copied();
        assert!(legal.is_some(), "a move at {:?}", game.room.moves());
    }
    let ending = game.ending().unwrap();
    assert_eq!(ending.reason, Reason::Finished);
    assert_eq!(ending.score.points.map(|[a, b]| a + b), Some(16));
    assert_eq!(game.room.to_move(), None);
    assert_eq!(game.room.clock().unwrap().running(), None);
    // The log folds into the same game.
    let folded = Room::fold(&game.log).unwrap();
    assert_eq!(folded.moves(), game.room.moves());
    assert_eq!(folded.status(), game.room.status());
    assert_eq!(folded.events(), game.log.len() as u64);
}

#[test]
fn only_the_side_to_move_moves_and_only_from_the_position_it_saw() {
    let mut game = Game::live(GameKind::Othello, "", "5+0");
    assert_eq!(game.play(1, "f5", 10), Err(Refusal::NotYourTurn));
    assert_eq!(
        game.act(
            None,
            Action::Move {
                ply: 0,
                mv: "f5".into()
            },
            10
        ),
        Err(Refusal::NotAPlayer)
    );
    assert!(matches!(game.play(0, "a1", 10), Err(Refusal::Move { .. })));
    game.play(0, "f5", 10).unwrap();
    // A move made offline against the start is refused: the game moved on.
    assert_eq!(
        game.act(
            Some(0),
            Action::Move {
                ply: 0,
                mv: "d3".into()
            },
            20
        ),
        Err(Refusal::MovedOn { ply: 1 })
    );
    assert_eq!(game.act(None, join(), 30), Err(Refusal::NotOpen));
    assert_eq!(game.room.moves(), ["f5"]);
}

#[test]
fn the_flag_falls_at_the_exact_moment_with_the_world_rule_s_score() {
    let mut game = Game::live(GameKind::Othello, "", "1+0");
    game.play(0, "f5", 5_000).unwrap(); // black leads 4-1
    game.play(1, "d6", 10_000).unwrap(); // 3-3
    game.tick(64_999);
    assert_eq!(game.room.status(), Status::Playing);
    assert_eq!(game.room.next_due(), Some(65_000));
    // Black's minute ran out at 65 s: a move after it is refused.
    assert_eq!(game.play(0, "c3", 70_000), Err(Refusal::NotPlaying));
    let ending = game.ending().unwrap();
    assert_eq!((ending.reason, ending.at), (Reason::Time, 65_000));
    // Equal discs do not favour the loser: the winner gets the empties.
    assert_eq!(
        ending.score,
        Score {
            winner: Some(1),
            points: Some([3, 61])
        }
    );

    let mut ahead = Game::live(GameKind::Othello, "", "1+0");
    ahead.play(0, "f5", 1_000).unwrap();
    ahead.tick(61_000);
    // White ran out with black ahead 4-1: the winner leads, so the discs
    // stand and the winner gets the empty squares.
    let ending = ahead.ending().unwrap();
    assert_eq!(ending.score.winner, Some(0));
    assert_eq!(ending.score.points, Some([63, 1]));
}

#[test]
fn a_flag_while_the_loser_leads_records_33_31() {
    // Find an opening after which the side to move leads on discs.
    let setup = Setup {
        game: GameKind::Othello,
        rules: String::new(),
        timing: Timing::Correspondence { days: 1 },
    };
    let mut probe = crate::online::rules::board(&setup.checked().unwrap()).unwrap();
    let order = [
        "c4", "e3", "f6", "d6", "c5", "f4", "c3", "d3", "e6", "f5", "b4", "c6", "f3", "e2", "g4",
    ];
    let mut line = Vec::new();
    while probe
        .time_loss(probe.to_move())
        .points
        .is_some_and(|[a, b]| a.max(b) != 33)
    {
        let square = order
            .iter()
            .find(|s| probe.try_move(s).is_ok())
            .expect("a move");
        probe.play(square).unwrap();
        line.push(*square);
        assert!(line.len() < 12, "{line:?}");
    }
    let mut game = Game::live(GameKind::Othello, "", "1+0");
    for (ply, square) in line.iter().enumerate() {
        let seat = game.room.to_move().unwrap();
        game.play(seat, square, 100 * ply as u64 + 100).unwrap();
    }
    let loser = game.room.to_move().unwrap();
    game.tick(1_000_000);
    let ending = game.ending().unwrap();
    assert_eq!(ending.reason, Reason::Time);
    assert_eq!(ending.score.winner, Some(1 - loser));
    let mut points = [31, 31];
    points[usize::from(1 - loser)] = 33;
    assert_eq!(ending.score.points, Some(points), "after {line:?}");
}

#[test]
fn other_games_lose_on_time_too() {
    let mut nim = Game::live(GameKind::Nim, "start=nim:5", "0.5+0");
    nim.play(0, "1:1", 1_000).unwrap();
    nim.tick(31_000);
    let ending = nim.ending().unwrap();
    assert_eq!(
        ending.score,
        Score {
            winner: Some(0),
            points: None
        }
    );
    let mut opok = Game::live(GameKind::Opok, "size=3", "0.5+1");
    opok.play(0, "a1:2:a3", 1_000).unwrap();
    opok.tick(60_000);
    let ending = opok.ending().unwrap();
    assert_eq!(ending.score.winner, Some(0));
    assert_eq!(ending.score.points, Some([2, 1]));
}

#[test]
fn a_game_whose_first_move_never_came_is_aborted_not_lost() {
    let mut game = Game::live(GameKind::Othello, "", "0.1+0");
    game.tick(6_000);
    let ending = game.ending().unwrap();
    assert_eq!((ending.reason, ending.at), (Reason::Aborted, 6_000));
    assert_eq!(ending.score.winner, None);
    assert_eq!(
        game.log.last(),
        Some(&Event::Aborted { seat: 0, at: 6_000 })
    );
    let day = crate::online::clock::DAY_MS;
    let mut letter = Game::new(
        GameKind::Nim,
        "start=nim:3",
        Timing::Correspondence { days: 1 },
    );
    letter.act(None, join(), 0).unwrap();
    letter.tick(day);
    assert_eq!(letter.ending().unwrap().reason, Reason::Aborted);
    // Once a move is made, a flag is a loss as before (the second player
    // who never moved loses: the first did start).
    let mut started = Game::live(GameKind::Othello, "", "0.1+0");
    started.play(0, "f5", 1_000).unwrap();
    started.tick(60_000);
    assert_eq!(started.ending().unwrap().reason, Reason::Time);
    assert_eq!(
        Room::fold(&started.log).unwrap().status(),
        started.room.status()
    );
}

#[test]
fn a_move_sent_again_is_answered_as_played_not_moved_on() {
    let mut game = Game::live(GameKind::Othello, "", "5+0");
    game.play(0, "f5", 10).unwrap();
    let again = |ply: usize, mv: &str| Action::Move { ply, mv: mv.into() };
    // Its acknowledgement was lost: the same move after the same ply.
    assert_eq!(
        game.room.decide(Some(0), again(0, "f5"), 20),
        Ok(Vec::new())
    );
    assert_eq!(
        game.room.decide(Some(0), again(0, "F5"), 20),
        Ok(Vec::new())
    );
    // Another move against that position did move on; so does the same
    // square claimed by the other seat.
    assert_eq!(
        game.room.decide(Some(0), again(0, "d3"), 20),
        Err(Refusal::MovedOn { ply: 1 })
    );
    assert_eq!(
        game.room.decide(Some(1), again(0, "f5"), 20),
        Err(Refusal::MovedOn { ply: 1 })
    );
    game.play(1, "d6", 30).unwrap();
    assert_eq!(
        game.room.decide(Some(0), again(0, "f5"), 40),
        Ok(Vec::new())
    );
    assert_eq!(
        game.room.decide(Some(1), again(1, "d6"), 40),
        Ok(Vec::new())
    );
    // Even after the game ended, the last move sent again is its own.
    game.act(Some(1), Action::Resign, 50).unwrap();
    assert_eq!(
        game.room.decide(Some(1), again(1, "d6"), 60),
        Ok(Vec::new())
    );
    assert_eq!(
        game.room.decide(Some(0), again(2, "c3"), 60),
        Err(Refusal::NotPlaying)
    );
    assert_eq!(game.room.moves(), ["f5", "d6"]);
}

#[test]
fn fischer_and_delay_clocks_run_on_the_server() {
    let mut game = Game::live(GameKind::Othello, "", "1+5");
    game.play(0, "f5", 10_000).unwrap();
    let left = game.room.clock().unwrap().left(10_000);
    assert_eq!(left, [55_000, 60_000]);
    assert_eq!(game.room.next_due(), Some(70_000));
    let mut delay = Game::live(GameKind::Othello, "", "1d5");
    delay.play(0, "f5", 4_000).unwrap();
    assert_eq!(delay.room.clock().unwrap().left(4_000), [60_000, 60_000]);
}

#[test]
fn resign_abort_and_rematch() {
    let mut game = Game::live(GameKind::Othello, "", "5+0");
    assert_eq!(game.act(Some(1), Action::Abort, 10), Ok(()));
    assert_eq!(game.ending().unwrap().reason, Reason::Aborted);
    assert_eq!(game.ending().unwrap().score.winner, None);

    let mut game = Game::live(GameKind::Othello, "", "5+0");
    game.play(0, "f5", 10).unwrap();
    assert_eq!(
        game.act(Some(0), Action::Abort, 20),
        Err(Refusal::TooLateToAbort)
    );
    assert_eq!(
        game.act(Some(0), Action::Rematch, 20),
        Err(Refusal::NoRematch)
    );
    game.act(Some(1), Action::Resign, 30).unwrap();
    let ending = game.ending().unwrap();
    assert_eq!(
        (ending.reason, ending.score.winner),
        (Reason::Resigned, Some(0))
    );
    assert_eq!(
        game.act(Some(1), Action::Resign, 40),
        Err(Refusal::NotPlaying)
    );

    game.act(Some(1), Action::Rematch, 50).unwrap();
    assert!(!game.room.rematch_agreed());
    assert_eq!(
        game.act(Some(1), Action::Rematch, 60),
        Err(Refusal::NoRematch)
    );
    game.act(Some(0), Action::Rematch, 70).unwrap();
    assert!(game.room.rematch_agreed());
    let created = game.room.rematch_created(80);
    let next = Room::new(&created).unwrap();
    assert_eq!(next.names(), &[Some("Petr".into()), Some("Eva".into())]);
    assert_eq!(next.status(), Status::Playing);
    assert!(next.is_waiting(), "its clock waits for both players");
    assert!(!next.is_public());
    game.store(Event::Rematched {
        game: "next".into(),
        at: 80,
    });
    assert_eq!(game.room.rematch(), ([true, true], Some("next")));
    assert!(!game.room.rematch_agreed());
}

#[test]
fn a_win_is_claimed_only_when_the_opponent_has_been_gone_long_enough() {
    let mut game = Game::live(GameKind::Opok, "", "10+0");
    assert_eq!(
        game.act(Some(0), claim(None), 10),
        Err(Refusal::OpponentPresent)
    );
    assert_eq!(
        game.act(Some(0), claim(Some(45_000)), 10),
        Err(Refusal::ClaimTooEarly { wait_ms: 15_000 })
    );
    game.act(Some(0), claim(Some(60_000)), 10).unwrap();
    let ending = game.ending().unwrap();
    assert_eq!(
        (ending.reason, ending.score.winner),
        (Reason::Abandoned, Some(0))
    );

    let mut slow = Game::new(GameKind::Opok, "", Timing::Correspondence { days: 1 });
    slow.act(None, join(), 0).unwrap();
    assert_eq!(
        slow.act(Some(1), claim(Some(1 << 40)), 10),
        Err(Refusal::NotLive)
    );
}

#[test]
fn correspondence_deadlines_are_days_a_move() {
    let day = crate::online::clock::DAY_MS;
    let mut game = Game::new(
        GameKind::Nim,
        "start=nim:3+nim:4",
        Timing::Correspondence { days: 2 },
    );
    assert_eq!(game.room.status(), Status::Open);
    assert_eq!(
        game.room.next_due(),
        Some(CORRESPONDENCE_OPEN_MS),
        "no clock before the game starts: only the challenge's expiry"
    );
    game.act(None, join(), day).unwrap();
    assert_eq!(game.room.next_due(), Some(3 * day));
    game.play(0, "1:1", 2 * day).unwrap();
    assert_eq!(game.room.next_due(), Some(4 * day));
    game.tick(4 * day - 1);
    assert_eq!(game.room.status(), Status::Playing);
    game.tick(4 * day);
    let ending = game.ending().unwrap();
    assert_eq!(
        (ending.reason, ending.score.winner),
        (Reason::Time, Some(0))
    );
}

#[test]
fn the_winner_completes_a_game_lost_on_time_when_created_so() {
    let timing = Timing::Live {
        control: "1+0".into(),
        completes: true,
    };
    let mut game = Game::new(GameKind::Othello, "size=4", timing);
    game.act(None, join(), 0).unwrap();
    game.play(0, "b1", 1_000).unwrap();
    game.tick(100_000);
    assert_eq!(game.room.status(), Status::Completing { loser: 1 });
    assert_eq!(game.room.clock().unwrap().running(), None);
    // The loser may not move; the winner plays both sides.
    let seat = game.room.to_move().unwrap();
    assert_eq!(seat, 1);
    let squares = [
        "a1", "a2", "a3", "a4", "b4", "c1", "c4", "d1", "d2", "d3", "d4", "b1",
    ];
    assert_eq!(game.play(1, "a1", 100_100), Err(Refusal::WrongSeat));
    let mut now = 100_000;
    while game.ending().is_none() {
        now += 100;
        assert!(squares.iter().any(|s| game.play(0, s, now).is_ok()));
    }
    let ending = game.ending().unwrap();
    assert_eq!(ending.reason, Reason::Completed);
    assert_eq!(ending.score.winner, Some(0), "at least a one-disc win");
    let [black, white] = ending.score.points.unwrap();
    assert!(black > white && black + white == 16, "{black}-{white}");
}

#[test]
fn a_completion_is_settled_on_request_or_when_left_idle() {
    let timing = Timing::Live {
        control: "1+0".into(),
        completes: true,
    };
    let mut game = Game::new(GameKind::Othello, "", timing.clone());
    game.act(None, join(), 0).unwrap();
    game.play(0, "f5", 1_000).unwrap();
    game.tick(61_000);
    assert_eq!(game.room.status(), Status::Completing { loser: 1 });
    assert_eq!(
        game.act(Some(1), Action::Settle, 61_001),
        Err(Refusal::NotCompleting)
    );
    game.act(Some(0), Action::Settle, 61_002).unwrap();
    let ending = game.ending().unwrap();
    assert_eq!(
        (ending.reason, ending.score.points),
        (Reason::Time, Some([63, 1]))
    );

    let mut idle = Game::new(GameKind::Othello, "", timing);
    idle.act(None, join(), 0).unwrap();
    idle.play(0, "f5", 1_000).unwrap();
    idle.tick(61_000);
    idle.tick(61_000 + COMPLETION_IDLE_MS);
    assert_eq!(idle.ending().unwrap().reason, Reason::Time);
}

#[test]
fn an_open_challenge_is_cancelled_by_its_creator_only() {
    let mut game = Game::new(GameKind::Opok, "", Timing::Correspondence { days: 7 });
    assert_eq!(game.act(None, Action::Cancel, 5), Err(Refusal::NotAPlayer));
    game.act(Some(0), Action::Cancel, 5).unwrap();
    assert_eq!(game.ending().unwrap().reason, Reason::Cancelled);
    assert_eq!(game.act(None, join(), 6), Err(Refusal::NotOpen));
    assert_eq!(
        game.act(Some(0), Action::Rematch, 7),
        Err(Refusal::NoRematch)
    );
}

#[test]
fn open_challenges_expire_a_day_or_a_week_after_they_are_made() {
    let live = Timing::Live {
        control: "5+0".into(),
        completes: false,
    };
    let mut game = Game::new(GameKind::Othello, "", live);
    assert_eq!(game.room.next_due(), Some(LIVE_OPEN_MS));
    assert_eq!(game.room.expires_at(), Some(LIVE_OPEN_MS));
    game.tick(LIVE_OPEN_MS - 1);
    assert_eq!(game.room.status(), Status::Open);
    // Taken the moment it expires (before its timer stored it): refused.
    assert_eq!(
        game.room.decide(None, join(), LIVE_OPEN_MS),
        Err(Refusal::NotOpen)
    );
    game.tick(LIVE_OPEN_MS + 500);
    let ending = game.ending().unwrap();
    assert_eq!((ending.reason, ending.at), (Reason::Expired, LIVE_OPEN_MS));
    assert_eq!(ending.score.winner, None);
    assert_eq!(game.room.next_due(), None);
    assert_eq!(
        game.act(Some(0), Action::Cancel, LIVE_OPEN_MS + 1),
        Err(Refusal::NotOpen)
    );
    assert_eq!(
        game.act(Some(0), Action::Rematch, LIVE_OPEN_MS + 1),
        Err(Refusal::NoRematch)
    );
    // The stored log folds into the same room.
    assert_eq!(Room::fold(&game.log).unwrap().status(), game.room.status());

    let mut letters = Game::new(GameKind::Opok, "", Timing::Correspondence { days: 3 });
    assert_eq!(letters.room.expires_at(), Some(CORRESPONDENCE_OPEN_MS));
    letters.tick(LIVE_OPEN_MS);
    assert_eq!(letters.room.status(), Status::Open);
    letters
        .act(None, join(), CORRESPONDENCE_OPEN_MS - 1)
        .unwrap();
    assert_eq!(letters.room.expires_at(), None);
    // Expired only fits an open game.
    let mut log = letters.log.clone();
    log.push(Event::Expired {
        at: CORRESPONDENCE_OPEN_MS,
    });
    assert!(Room::fold(&log).is_err());
}

#[test]
fn damaged_logs_are_refused() {
    let game = Game::live(GameKind::Othello, "", "5+0");
    let mut log = game.log.clone();
    log.push(Event::Moved {
        seat: 0,
        moves: vec!["a1".into()],
        at: 5,
    });
    assert!(Room::fold(&log).is_err());
    assert!(Room::fold(&log[1..]).is_err());
    assert!(Room::fold(&[]).is_err());
    let mut forged = game.log.clone();
    forged.push(Event::Moved {
        seat: 0,
        moves: vec!["f5".into(), "pass".into()],
        at: 5,
    });
    assert!(Room::fold(&forged).is_err(), "a pass that was not forced");
}

/// A game created with both names whose clock waits (an event's board
/// when `event`, else a rematch).
fn waiting(event: bool) -> Game {
    let created = Event::Created {
        setup: Setup {
            game: GameKind::Othello,
            rules: String::new(),
            timing: Timing::Live {
                control: "1+0".into(),
                completes: false,
            },
        },
        public: false,
        names: [Some("Eva".into()), Some("Petr".into())],
        at: 1_000,
        event: event.then(|| EventBoard {
            event: "ev".into(),
            round: 2,
            board: 3,
        }),
        waits: true,
    };
    Game {
        room: Room::new(&created).unwrap(),
        log: vec![created],
    }
}

#[test]
fn a_waiting_clock_starts_with_both_players_or_the_first_move() {
    let mut game = waiting(true);
    assert!(game.room.is_waiting());
    assert_eq!(game.room.next_due(), None, "the event's start limit rules");
    // An hour later, nobody has lost any time.
    game.tick(3_600_000);
    assert_eq!(game.room.clock().unwrap().left(3_600_000), [60_000, 60_000]);
    assert_eq!(
        game.act(Some(0), claim(Some(999_999)), 3_600_000),
        Err(Refusal::NotPlaying)
    );
    game.act(None, Action::Start, 3_600_000).unwrap();
    assert!(!game.room.is_waiting());
    assert_eq!(game.room.next_due(), Some(3_660_000));
    assert_eq!(
        game.act(None, Action::Start, 3_600_001),
        Err(Refusal::NotPlaying)
    );

    // The first move starts it too: the other side's time runs.
    let mut game = waiting(false);
    game.play(0, "f5", 500_000).unwrap();
    assert_eq!(game.room.clock().unwrap().running(), Some(1));
    assert_eq!(game.room.clock().unwrap().left(510_000), [60_000, 50_000]);
    assert_eq!(Room::fold(&game.log).unwrap().clock(), game.room.clock());
}

#[test]
fn a_rematch_nobody_opens_is_aborted_not_lost() {
    let mut game = waiting(false);
    assert_eq!(game.room.next_due(), Some(1_000 + LIVE_OPEN_MS));
    game.tick(1_000 + LIVE_OPEN_MS);
    assert_eq!(game.ending().unwrap().reason, Reason::Aborted);
    assert_eq!(game.ending().unwrap().score.winner, None);
}

#[test]
fn an_event_game_is_forfeited_not_aborted_and_has_no_rematch() {
    let mut game = waiting(true);
    game.act(Some(1), Action::Abort, 2_000).unwrap();
    let ending = game.ending().unwrap();
    assert_eq!(
        (ending.reason, ending.score.winner),
        (Reason::Forfeit, Some(0))
    );
    assert_eq!(
        game.act(Some(0), Action::Rematch, 3_000),
        Err(Refusal::NoRematch)
    );

    // Absent at the start limit: one side, or both (no winner).
    let mut game = waiting(true);
    game.act(
        None,
        Action::Forfeit {
            absent: [true, false],
        },
        2_000,
    )
    .unwrap();
    assert_eq!(game.ending().unwrap().score.winner, Some(1));
    let mut game = waiting(true);
    assert_eq!(
        game.act(
            None,
            Action::Forfeit {
                absent: [false, false]
            },
            2_000
        ),
        Err(Refusal::NotPlaying)
    );
    game.act(
        None,
        Action::Forfeit {
            absent: [true, true],
        },
        2_000,
    )
    .unwrap();
    let ending = game.ending().unwrap();
    assert_eq!(
        (ending.reason, ending.score.winner),
        (Reason::DoubleForfeit, None)
    );
    // A started game is not forfeited by the start limit.
    let mut game = waiting(true);
    game.act(None, Action::Start, 2_000).unwrap();
    assert_eq!(
        game.act(
            None,
            Action::Forfeit {
                absent: [true, false]
            },
            3_000
        ),
        Err(Refusal::NotPlaying)
    );
    // Its first side never moving: a forfeit too, not "aborted".
    game.tick(62_000);
    assert_eq!(game.ending().unwrap().reason, Reason::Forfeit);
    assert_eq!(Room::fold(&game.log).unwrap().status(), game.room.status());
}

#[test]
fn the_organiser_s_result_ends_a_running_game() {
    let mut game = waiting(true);
    game.act(None, Action::Start, 2_000).unwrap();
    game.play(0, "f5", 3_000).unwrap();
    let score = Score {
        winner: Some(1),
        points: Some([20, 44]),
    };
    game.act(None, Action::Decide { score }, 4_000).unwrap();
    let ending = game.ending().unwrap();
    assert_eq!((ending.reason, ending.score), (Reason::Decided, score));
    assert_eq!(game.room.clock().unwrap().running(), None);
    assert_eq!(
        game.act(None, Action::Decide { score }, 5_000),
        Err(Refusal::NotPlaying)
    );
    assert_eq!(Room::fold(&game.log).unwrap().status(), game.room.status());
}
