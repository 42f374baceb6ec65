//! Two instances race on one game (PostgreSQL): the same player moves on
//! both at once, a resignation meets a move, and a flag falls on both
//! instances at the same moment. Whoever wins, every connection on both
//! instances sees every event once, in order, and the same events.

#![cfg(not(target_arch = "wasm32"))]

mod support;

use std::collections::BTreeMap;
use std::time::Duration;

use mind_sports_core::online::protocol::ServerMessage;
use mind_sports_core::online::room::{Event, Reason, Status};
use mind_sports_core::online::setup::{GameKind, Setup};
use mind_sports_server::client::{self, Live};
use support::*;

/// Two in-process instances on one database, their wall clocks moved
/// together.
struct Pair {
    a: TestServer,
    b: TestServer,
}

impl Pair {
    async fn start() -> Pair {
        let a = TestServer::start(Db::Postgres, &[]).await;
        let b = a.another_instance().await;
        Pair { a, b }
    }

    fn advance(&self, ms: u64) {
        self.a.wall.advance(ms);
        self.b.wall.advance(ms);
    }

    async fn stop(self) {
        self.a.stop().await;
        self.b.stop().await;
    }
}

/// A connection that only reads, and what it saw: each update by its
/// number, checked to come once and in order.
struct Observer {
    name: String,
    live: Live,
    next: u64,
    seen: BTreeMap<u64, Event>,
}

impl Observer {
    async fn open(
        name: &str,
        at: std::net::SocketAddr,
        game: &str,
        token: Option<&str>,
    ) -> Observer {
        let (live, _, view) = Live::game(at, game, token).await.unwrap();
        Observer {
            name: name.into(),
            live,
            next: view.seq,
            seen: BTreeMap::new(),
        }
    }

    /// Reads until it has seen the updates before `seq`.
    async fn read_to(&mut self, seq: u64) {
        while self.next < seq {
            let message = tokio::time::timeout(Duration::from_secs(20), self.live.next())
                .await
                .unwrap_or_else(|_| panic!("{} waits for update {} of {seq}", self.name, self.next))
                .unwrap();
            match message {
                ServerMessage::Update { seq, event, .. } => {
                    assert_eq!(seq, self.next, "{}: update {seq} out of order", self.name);
                    assert!(
                        self.seen.insert(seq, event).is_none(),
                        "{} twice",
                        self.name
                    );
                    self.next += 1;
                }
                ServerMessage::Welcome { game, .. } => {
                    panic!(
                        "{} was sent the whole game again (at {})",
                        self.name, game.seq
                    )
                }
                _ => {}
            }
        }
    }
}

/// Reads every observer to the game's end of events, and checks they
/// agree.
async fn all_agree(observers: &mut [Observer], at: std::net::SocketAddr, game: &str) {
    let seq = client::view(at, game).await.unwrap().seq;
    for observer in observers.iter_mut() {
        observer.read_to(seq).await;
    }
    let first = &observers[0];
    for other in &observers[1..] {
        let common: Vec<_> = first
            .seen
            .keys()
            .filter(|k| other.seen.contains_key(k))
            .collect();
        for seq in common {
            assert_eq!(
                first.seen[seq], other.seen[seq],
                "{} and {} differ at {seq}",
                first.name, other.name
            );
        }
    }
}

fn nim() -> Setup {
    setup(GameKind::Nim, "", live("1+0"))
}

/// Observers on both instances: a watcher and each player's second tab.
async fn observers(pair: &Pair, game: &str, tokens: [&str; 2]) -> Vec<Observer> {
    let mut all = Vec::new();
    for (name, server) in [("A", &pair.a), ("B", &pair.b)] {
        let at = server.address();
        all.push(Observer::open(&format!("{name} watcher"), at, game, None).await);
        all.push(Observer::open(&format!("{name} first"), at, game, Some(tokens[0])).await);
        all.push(Observer::open(&format!("{name} second"), at, game, Some(tokens[1])).await);
    }
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_and_resignations_race_on_two_instances() {
    let pair = Pair::start().await;
    let (a, b) = (pair.a.address(), pair.b.address());
    let (eva, petr) = support::pair(a, nim(), false).await;
    let mut observers = observers(&pair, &eva.game, [&eva.token, &petr.token]).await;
    let mut eva_a = open(a, &eva.game, Some(&eva.token)).await;
    let mut eva_b = open(b, &eva.game, Some(&eva.token)).await;
    let mut petr_a = open(a, &eva.game, Some(&petr.token)).await;
    let mut petr_b = open(b, &eva.game, Some(&petr.token)).await;
    let mut id = 0;
    for round in 0..6 {
        // The player to move moves on both instances at once, two
        // different moves: one is played, the other refused.
        let view = client::view(a, &eva.game).await.unwrap();
        let Some(to_move) = view.brief.to_move else {
            break;
        };
        let ply = view.moves.len();
        let moves = legal_moves(&nim(), &view.moves);
        let (first, second) = (moves[0].clone(), moves[moves.len() - 1].clone());
        let (on_a, on_b) = if to_move == 0 {
            (&mut eva_a, &mut eva_b)
        } else {
            (&mut petr_a, &mut petr_b)
        };
        id += 2;
        let (x, y) = tokio::join!(
            on_a.act(mv(id, ply, &first)),
            on_b.act(mv(id + 1, ply, &second))
        );
        let played = [x.is_ok(), y.is_ok()];
        if first != second {
            assert_eq!(
                played.iter().filter(|p| **p).count(),
                1,
                "round {round}: {x:?} {y:?}"
            );
        }
        all_agree(&mut observers, a, &eva.game).await;
    }
    // A resignation on one instance meets the opponent's move on the other.
    let view = client::view(a, &eva.game).await.unwrap();
    if let Some(to_move) = view.brief.to_move {
        let square = legal_moves(&nim(), &view.moves)[0].clone();
        let ply = view.moves.len();
        let (mover, resigner) = if to_move == 0 {
            (&mut eva_a, &mut petr_b)
        } else {
            (&mut petr_a, &mut eva_b)
        };
        let resign = mind_sports_core::online::protocol::ClientMessage::Resign { id: 900 };
        let (moved, resigned) =
            tokio::join!(mover.act(mv(901, ply, &square)), resigner.act(resign));
        assert!(resigned.is_ok(), "the resignation stands: {resigned:?}");
        let _ = moved;
        all_agree(&mut observers, a, &eva.game).await;
        let view = client::view(b, &eva.game).await.unwrap();
        assert!(matches!(view.brief.status, Status::Over(e) if e.reason == Reason::Resigned));
    }
    pair.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_once_on_two_instances() {
    let pair = Pair::start().await;
    let (a, b) = (pair.a.address(), pair.b.address());
    let (eva, petr) = support::pair(a, nim(), false).await;
    let mut observers = observers(&pair, &eva.game, [&eva.token, &petr.token]).await;
    let mut eva_b = open(b, &eva.game, Some(&eva.token)).await;
    let view = client::view(a, &eva.game).await.unwrap();
    let square = legal_moves(&nim(), &view.moves)[0].clone();
    eva_b.act(mv(1, 0, &square)).await.unwrap();
    // Petr's minute runs out on both instances' clocks at once.
    pair.advance(61_000);
    let mut over = false;
    for _ in 0..100 {
        let view = client::view(b, &eva.game).await.unwrap();
        if matches!(view.brief.status, Status::Over(e) if e.reason == Reason::Time) {
            over = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(over, "the flag fell");
    all_agree(&mut observers, a, &eva.game).await;
    for observer in &observers {
        let flags = observer
            .seen
            .values()
            .filter(|e| matches!(e, Event::Flagged { .. }))
            .count();
        assert_eq!(flags, 1, "{} saw {flags} flags", observer.name);
    }
    pair.stop().await;
}
