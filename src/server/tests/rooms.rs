//! The game rooms through the real server, on an injected wall clock,
//! against both databases: whole games, the server's clocks and flags with
//! the world rules' score, resignation, abort, rematch, claims,
//! correspondence deadlines, invitations, the lobby, and migrations from
//! an empty database.

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use mind_sports_core::online::protocol::{
    ApiError, ClientMessage, Colour, CreateRequest, JoinRequest, LimitReached, ServerMessage,
};
use mind_sports_core::online::room::{Ending, Event, Reason, Refusal, Status};
use mind_sports_core::online::rules::Score;
use mind_sports_core::online::setup::{GameKind, Setup, Timing};
use mind_sports_server::client::{self, CallError, Live};
use support::*;

both!(a_whole_game_is_played_and_watched);
both!(the_flag_falls_with_the_world_rules_score);
both!(resign_abort_and_rematch);
both!(a_win_is_claimed_against_a_player_gone_long_enough);
both!(correspondence_deadlines_pass_by_days);
both!(invitations_and_the_lobby);
both!(migrations_run_on_an_empty_database_and_again);
both!(a_dropped_player_resumes_where_the_game_is);

/// The next update's event and brief.
async fn update(live: &mut Live) -> (Event, mind_sports_core::online::protocol::Brief) {
    live.until(|m| match m {
        ServerMessage::Update { event, brief, .. } => Some((event.clone(), brief.clone())),
        _ => None,
    })
    .await
    .unwrap()
}

/// Every game to its end through the server, each move relayed to the
/// opponent and a watcher: Othello and Opok live, a take-away game by
/// correspondence.
async fn a_whole_game_is_played_and_watched(db: Db) {
    let server = TestServer::start(db, &[]).await;
    let othello = setup(GameKind::Othello, "size=4", live("5+0"));
    let ending = play_to_the_end(&server, othello).await;
    assert_eq!(ending.score.points.map(|[a, b]| a + b), Some(16));
    let opok = setup(GameKind::Opok, "size=4", live("4+0"));
    let ending = play_to_the_end(&server, opok).await;
    assert!(ending.score.points.is_some(), "{ending:?}");
    let days = Timing::Correspondence { days: 1 };
    let take_away = setup(GameKind::Nim, "start=nim:3+sub{1,2}:5", days);
    let ending = play_to_the_end(&server, take_away).await;
    assert!(ending.score.winner.is_some(), "{ending:?}");
    server.stop().await;
}

/// Plays a game of `game_setup` between two players to its end, two
/// seconds a move, and watches it; its ending.
async fn play_to_the_end(server: &TestServer, game_setup: Setup) -> Ending {
    let at = server.address();
    let (eva, petr) = pair(at, game_setup.clone(), false).await;
    let mut black = open(at, &eva.game, Some(&eva.token)).await;
    let mut white = open(at, &eva.game, Some(&petr.token)).await;
    let (mut watcher, seat, view) = Live::game(at, &eva.game, None).await.unwrap();
    assert_eq!(seat, None);
    assert_eq!(view.names, [Some("Eva".into()), Some("Petr".into())]);
    assert_eq!(view.brief.status, Status::Playing);
    let full = view.brief.clock.unwrap().left_ms;
    let mut ply = 0;
    let mut id = 0;
    loop {
        server.wall.advance(2_000);
        let view = client::view(at, &eva.game).await.unwrap();
        if matches!(view.brief.status, Status::Over(_)) {
            break;
        }
        let to_move = usize::from(view.brief.to_move.unwrap());
        let (mover, other) = if to_move == 0 {
            (&mut black, &mut white)
        } else {
            (&mut white, &mut black)
        };
        id += 1;
        let square = legal_move(&game_setup, &view.moves).expect("a legal move");
        mover.act(mv(id, ply, &square)).await.unwrap();
        let (event, brief) = update(other).await;
        let Event::Moved { moves, .. } = &event else {
            panic!("{event:?}");
        };
        let (seen, _) = update(&mut watcher).await;
        assert_eq!(seen, event, "the watcher sees the same move");
        let clock = brief.clock.unwrap();
        if matches!(game_setup.timing, Timing::Live { .. }) {
            // The mover's clock was charged for the two seconds.
            assert!(clock.left_ms[to_move] <= full[to_move] - 2_000, "{clock:?}");
        } else if brief.to_move.is_some() {
            // The opponent has the whole day again.
            assert_eq!(clock.left_ms[1 - to_move], full[0], "{clock:?}");
        }
        ply += moves.len();
    }
    let view = client::view(at, &eva.game).await.unwrap();
    let Status::Over(ending) = view.brief.status else {
        panic!("{view:?}");
    };
    assert_eq!(ending.reason, Reason::Finished);
    assert_eq!(view.moves.len(), ply);
    ending
}

async fn the_flag_falls_with_the_world_rules_score(db: Db) {
    let server = TestServer::start(db, &[]).await;
    let at = server.address();
    let (eva, petr) = pair(at, setup(GameKind::Othello, "", live("1+0")), true).await;
    let mut black = open(at, &eva.game, Some(&eva.token)).await;
    let mut white = open(at, &eva.game, Some(&petr.token)).await;
    server.wall.advance(1_000);
    black.act(mv(1, 0, "f5")).await.unwrap();
    // White thinks for a minute: the server lets the flag fall (its
    // sweeper or its timer) at exactly 60 s after black's move.
    server.wall.advance(60_500);
    let (event, brief) = update(&mut white).await;
    let (event, brief) = match event {
        Event::Moved { .. } => update(&mut white).await,
        _ => (event, brief),
    };
    assert!(matches!(event, Event::Flagged { seat: 1, .. }), "{event:?}");
    let Status::Over(ending) = brief.status else {
        panic!("{brief:?}");
    };
    assert_eq!(ending.reason, Reason::Time);
    // Black leads 4-1 when white's time runs out: black's discs and the
    // empty squares, 63-1 (RULES.md §1).
    assert_eq!(
        ending.score,
        Score {
            winner: Some(0),
            points: Some([63, 1])
        }
    );
    let refused = white.act(mv(2, 1, "d6")).await.unwrap_err();
    assert!(matches!(
        refused,
        ServerMessage::Refused {
            refusal: Refusal::NotPlaying,
            ..
        }
    ));
    server.stop().await;
}

async fn resign_abort_and_rematch(db: Db) {
    let server = TestServer::start(db, &[]).await;
    let at = server.address();
    let (eva, petr) = pair(at, setup(GameKind::Opok, "size=5", live("10+5")), false).await;
    let mut circles = open(at, &eva.game, Some(&eva.token)).await;
    let mut squares = open(at, &eva.game, Some(&petr.token)).await;
    circles.act(mv(1, 0, "a1:3:b3")).await.unwrap();
    let refused = circles
        .act(ClientMessage::Abort { id: 2 })
        .await
        .unwrap_err();
    assert!(matches!(
        refused,
        ServerMessage::Refused {
            refusal: Refusal::TooLateToAbort,
            ..
        }
    ));
    squares.act(ClientMessage::Resign { id: 3 }).await.unwrap();
    let view = client::view(at, &eva.game).await.unwrap();
    let Status::Over(ending) = view.brief.status else {
        panic!("{view:?}");
    };
    assert_eq!(
        (ending.reason, ending.score.winner),
        (Reason::Resigned, Some(0))
    );
    // Rematch: both ask; the new game has the colours swapped and the
    // same tokens.
    squares.act(ClientMessage::Rematch { id: 4 }).await.unwrap();
    circles.act(ClientMessage::Rematch { id: 5 }).await.unwrap();
    let next = squares
        .until(|m| match m {
            ServerMessage::Update { brief, .. } => brief.next_game.clone(),
            _ => None,
        })
        .await
        .unwrap();
    let (mut again, seat, view) = Live::game(at, &next, Some(&petr.token)).await.unwrap();
    assert_eq!(seat, Some(0), "Petr moves first now");
    assert_eq!(view.names, [Some("Petr".into()), Some("Eva".into())]);
    assert!(!view.public);
    let (_, seat, _) = Live::game(at, &next, Some(&eva.token)).await.unwrap();
    assert_eq!(seat, Some(1));
    again.act(ClientMessage::Abort { id: 1 }).await.unwrap();
    let view = client::view(at, &next).await.unwrap();
    assert!(matches!(view.brief.status, Status::Over(e) if e.reason == Reason::Aborted));
    server.stop().await;
}

async fn a_win_is_claimed_against_a_player_gone_long_enough(db: Db) {
    let server = TestServer::start(db, &["--claim-after", "60"]).await;
    let at = server.address();
    let (eva, petr) = pair(
        at,
        setup(GameKind::Nim, "start=nim:5+nim:7", live("30+0")),
        false,
    )
    .await;
    let mut first = open(at, &eva.game, Some(&eva.token)).await;
    let second = open(at, &eva.game, Some(&petr.token)).await;
    first.act(mv(1, 0, "1:2")).await.unwrap();
    let refused = first.act(ClientMessage::Claim { id: 2 }).await.unwrap_err();
    assert!(matches!(
        refused,
        ServerMessage::Refused {
            refusal: Refusal::OpponentPresent,
            ..
        }
    ));
    second.close().await;
    let present = first
        .until(|m| match m {
            ServerMessage::Presence { brief } => Some(brief.present),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(present, [true, false]);
    server.wall.advance(30_000);
    let refused = first.act(ClientMessage::Claim { id: 3 }).await.unwrap_err();
    assert!(
        matches!(refused, ServerMessage::Refused { refusal: Refusal::ClaimTooEarly { wait_ms }, .. } if wait_ms <= 30_000),
        "{refused:?}"
    );
    server.wall.advance(30_000);
    first.act(ClientMessage::Claim { id: 4 }).await.unwrap();
    let view = client::view(at, &eva.game).await.unwrap();
    assert!(
        matches!(view.brief.status, Status::Over(e) if e.reason == Reason::Abandoned && e.score.winner == Some(0))
    );
    server.stop().await;
}

async fn correspondence_deadlines_pass_by_days(db: Db) {
    let server = TestServer::start(db, &[]).await;
    let at = server.address();
    let day = 86_400_000;
    let timing = Timing::Correspondence { days: 2 };
    let (eva, petr) = pair(at, setup(GameKind::Othello, "size=6", timing), false).await;
    // Nobody keeps the page open: moves are made by coming back.
    let mut black = open(at, &eva.game, Some(&eva.token)).await;
    server.wall.advance(day);
    black
        .act(mv(1, 0, "c2"))
        .await
        .unwrap_or_else(|e| panic!("{e:?}"));
    black.close().await;
    let view = client::view(at, &eva.game).await.unwrap();
    let clock = view.brief.clock.unwrap();
    assert_eq!(clock.running, Some(1));
    assert_eq!(clock.left_ms[1], 2 * day as i64);
    let deadline = clock.deadline_ms.unwrap();
    assert_eq!(deadline, server.wall_now() + 2 * day);
    let (mut white, _, _) = Live::game(at, &eva.game, Some(&petr.token)).await.unwrap();
    server.wall.advance(2 * day + 1);
    let (event, brief) = update(&mut white).await;
    assert!(matches!(event, Event::Flagged { seat: 1, .. }), "{event:?}");
    assert!(
        matches!(brief.status, Status::Over(e) if e.reason == Reason::Time && e.score.winner == Some(0))
    );
    server.stop().await;
}

async fn invitations_and_the_lobby(db: Db) {
    let server = TestServer::start(db, &["--max-open-challenges", "2"]).await;
    let at = server.address();
    let request = |public| CreateRequest {
        setup: setup(
            GameKind::Nim,
            "misere=1&start=nim:3+nim:4+nim:5",
            Timing::Correspondence { days: 3 },
        ),
        name: "Ivan".into(),
        colour: Colour::Second,
        public,
    };
    let mut lobby = Live::open(at, "/api/v1/lobby/live", None).await.unwrap();
    assert!(
        matches!(lobby.next().await.unwrap(), ServerMessage::Lobby { challenges } if challenges.is_empty())
    );
    let public = client::create(at, &request(true)).await.unwrap();
    assert_eq!((public.seat, public.invite.as_ref()), (1, None));
    let opened = lobby.next().await.unwrap();
    assert!(
        matches!(&opened, ServerMessage::ChallengeOpened { challenge } if challenge.game == public.game && challenge.seat == 0 && challenge.name == "Ivan"),
        "{opened:?}"
    );
    let private = client::create(at, &request(false)).await.unwrap();
    let listed: mind_sports_core::online::protocol::Lobby =
        client::call(at, "GET", "/api/v1/challenges", None)
            .await
            .unwrap();
    assert_eq!(listed.challenges.len(), 1, "private games are not listed");
    // A third open challenge from the same address is over the limit.
    let refused = client::create(at, &request(true)).await.unwrap_err();
    assert!(
        matches!(&refused, CallError::Api(429, ApiError::Limit(LimitReached { what, limit: 2 })) if what == "open_challenges_per_address"),
        "{refused:?}"
    );
    // A private game needs its invitation's secret.
    let join = |invite: Option<&str>| JoinRequest {
        name: "Olga".into(),
        invite: invite.map(str::to_string),
    };
    let refused = client::join(at, &private.game, &join(None))
        .await
        .unwrap_err();
    assert_eq!(refused, CallError::Api(403, ApiError::WrongInvite));
    let refused = client::join(at, &private.game, &join(Some("00")))
        .await
        .unwrap_err();
    assert_eq!(refused, CallError::Api(403, ApiError::WrongInvite));
    let olga = client::join(at, &private.game, &join(private.invite.as_deref()))
        .await
        .unwrap();
    assert_eq!(olga.seat, 0);
    let refused = client::join(at, &private.game, &join(private.invite.as_deref()))
        .await
        .unwrap_err();
    assert!(matches!(
        refused,
        CallError::Api(
            409,
            ApiError::Refused {
                refusal: Refusal::NotOpen
            }
        )
    ));
    // Anyone accepts a public one; it leaves the lobby.
    client::join(at, &public.game, &join(None)).await.unwrap();
    let closed = lobby.next().await.unwrap();
    assert_eq!(
        closed,
        ServerMessage::ChallengeClosed {
            game: public.game.clone()
        }
    );
    // Withdrawing needs the creator's token.
    let third = client::create(at, &request(true)).await.unwrap();
    let cancel = |token: &str| format!(r#"{{"token":"{token}"}}"#);
    let path = format!("/api/v1/games/{}/cancel", third.game);
    let (status, _) = client::request(at, "POST", &path, Some(cancel("ab")))
        .await
        .unwrap();
    assert_eq!(status, 403);
    let (status, _) = client::request(at, "POST", &path, Some(cancel(&third.token)))
        .await
        .unwrap();
    assert_eq!(status, 200);
    let view = client::view(at, &third.game).await.unwrap();
    assert!(matches!(view.brief.status, Status::Over(e) if e.reason == Reason::Cancelled));
    let missing = client::view(at, "zzzzzzzzzzzz").await.unwrap_err();
    assert_eq!(missing, CallError::Api(404, ApiError::NotFound));
    server.stop().await;
}

async fn migrations_run_on_an_empty_database_and_again(db: Db) {
    let dir = scratch_dir("migrations");
    let options = support::options(db, &dir, &[]);
    let wall = std::sync::Arc::new(mind_sports_server::time::SystemWall);
    let first = mind_sports_server::start(options.clone(), wall.clone())
        .await
        .unwrap();
    let at = first.address;
    let (eva, _) = pair(at, setup(GameKind::Othello, "", live("5+0")), false).await;
    first.stop().await.unwrap();
    // Started again on the same database: the migrations are not run
    // twice and the game is there.
    let again = mind_sports_server::start(options, wall).await.unwrap();
    let view = client::view(again.address, &eva.game).await.unwrap();
    assert_eq!(view.brief.status, Status::Playing);
    let applied = again
        .service
        .store()
        .numbers("SELECT COUNT(*) FROM _sqlx_migrations", &[])
        .await
        .unwrap();
    // 0001_online, 0002_events (club events), 0003_clubs, 0004_meta,
    // 0005_edge and 0006_club_members, each once.
    assert_eq!(applied, [Some(6)]);
    again.stop().await.unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

async fn a_dropped_player_resumes_where_the_game_is(db: Db) {
    let server = TestServer::start(db, &[]).await;
    let at = server.address();
    let (eva, petr) = pair(at, setup(GameKind::Opok, "size=5", live("5+0")), false).await;
    let mut circles = open(at, &eva.game, Some(&eva.token)).await;
    let mut squares = open(at, &eva.game, Some(&petr.token)).await;
    circles.act(mv(1, 0, "a1:3:b3")).await.unwrap();
    // Circles' phone sleeps; Squares moves meanwhile.
    circles.close().await;
    squares.act(mv(2, 1, "e5:2:e3")).await.unwrap();
    server.wall.advance(10_000);
    // Back: the page resumes from the welcome, which has every move.
    let (mut circles, seat, view) = Live::game(at, &eva.game, Some(&eva.token)).await.unwrap();
    assert_eq!(seat, Some(0));
    assert_eq!(view.moves, ["a1:3:b3", "e5:2:e3"]);
    assert_eq!(view.brief.to_move, Some(0));
    // A move made offline against the old position is refused, clearly…
    let refused = circles.act(mv(3, 1, "a1:1:a2")).await.unwrap_err();
    assert!(
        matches!(
            refused,
            ServerMessage::Refused {
                refusal: Refusal::MovedOn { ply: 2 },
                ..
            }
        ),
        "{refused:?}"
    );
    // …and one made for the position as it is goes through.
    circles.act(mv(4, 2, "a1:1:a2")).await.unwrap();
    let (event, _) = update(&mut squares).await;
    assert!(matches!(event, Event::Moved { seat: 0, .. }));
    server.stop().await;
}
