//! Hostile clients: a wrong token, illegal moves, moves for the other
//! side, huge messages, malformed ones, a flood, too many connections, a
//! foreign origin. Each is refused with a clear error, the server stays
//! up, and the game goes on intact.

#![cfg(not(target_arch = "wasm32"))]

mod support;

use mind_sports_core::online::protocol::{
    ApiError, ClientMessage, Colour, CreateRequest, LimitReached, ServerMessage,
};
use mind_sports_core::online::room::{Refusal, Status};
use mind_sports_core::online::setup::{GameKind, NameError};
use mind_sports_server::client::{self, CallError, Live};
use support::*;

fn error_of(message: &ServerMessage) -> Option<ApiError> {
    match message {
        ServerMessage::Error { error } => Some(error.clone()),
        _ => None,
    }
}

/// The WebSocket path of a game.
fn live_path(game: &str) -> String {
    format!("/api/v1/games/{game}/live")
}

/// A connection (from `origin`) that says hello as a frame embedded on
/// the club's site.
async fn embed_frame(at: std::net::SocketAddr, path: &str, origin: Option<&str>) -> Live {
    let mut frame = Live::open(at, path, origin).await.unwrap();
    let hello = ClientMessage::Hello {
        token: None,
        embed: Some("https://club.example".into()),
    };
    frame.send(&hello).await.unwrap();
    frame
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_clients_are_refused_and_the_game_goes_on() {
    let server = TestServer::start(Db::Sqlite, &["--max-messages-per-second", "20"]).await;
    let at = server.address();
    let (eva, petr) = pair(at, setup(GameKind::Othello, "", live("5+3")), true).await;
    let mut black = open(at, &eva.game, Some(&eva.token)).await;
    let mut white = open(at, &eva.game, Some(&petr.token)).await;
    black.act(mv(1, 0, "f5")).await.unwrap();

    // A wrong token: told, and the connection closed.
    let refused = Live::game(at, &eva.game, Some(&"0".repeat(40))).await.err();
    assert_eq!(refused, Some(CallError::Api(0, ApiError::WrongToken)));
    // A watcher may not move; a player not for the other side; illegal
    // and malformed moves are refused by the rules.
    let mut watcher = open(at, &eva.game, None).await;
    let refused = watcher.act(mv(2, 1, "d6")).await.unwrap_err();
    assert!(matches!(
        refused,
        ServerMessage::Refused {
            refusal: Refusal::NotAPlayer,
            ..
        }
    ));
    let refused = black.act(mv(3, 1, "d6")).await.unwrap_err();
    assert!(matches!(
        refused,
        ServerMessage::Refused {
            refusal: Refusal::NotYourTurn,
            ..
        }
    ));
    for bad in ["a1", "z9", "d6f4", "pass", "", "<script>", "ｆ６ｆ６"] {
        let refused = white.act(mv(4, 1, bad)).await.unwrap_err();
        assert!(
            matches!(
                refused,
                ServerMessage::Refused {
                    refusal: Refusal::Move { .. },
                    ..
                }
            ),
            "{bad}: {refused:?}"
        );
    }
    // Messages that do not read, or are too large, are answered as such
    // and the connection stays usable.
    white.send_text("{\"type\":\"move\"".into()).await.unwrap();
    assert!(matches!(
        white.until(error_of).await.unwrap(),
        ApiError::Malformed { .. }
    ));
    white
        .send_text(format!(
            "{{\"type\":\"move\",\"id\":9,\"ply\":1,\"mv\":\"{}\"}}",
            "f".repeat(10_000)
        ))
        .await
        .unwrap();
    assert_eq!(white.until(error_of).await.unwrap(), ApiError::TooLarge);
    white
        .send_text("\u{0}\u{fffd}\u{10ffff}".into())
        .await
        .unwrap();
    assert!(matches!(
        white.until(error_of).await.unwrap(),
        ApiError::Malformed { .. }
    ));

    // A flood: told the limit, then cut off; the others do not notice.
    let mut flooder = open(at, &eva.game, None).await;
    for id in 0..400 {
        if flooder.send(&ClientMessage::Ping { id }).await.is_err() {
            break;
        }
    }
    let mut limited = false;
    let mut closed = false;
    for _ in 0..500 {
        match flooder.next().await {
            Ok(ServerMessage::Error {
                error: ApiError::Limit(LimitReached { what, .. }),
            }) => limited |= what == "messages_per_second",
            Ok(_) => {}
            Err(_) => {
                closed = true;
                break;
            }
        }
    }
    assert!(limited && closed, "limited {limited}, closed {closed}");
    // A frame far over the size is closed by the WebSocket layer.
    let mut huge = open(at, &eva.game, None).await;
    huge.send_text("x".repeat(200_000)).await.unwrap();
    assert!(huge.next().await.is_err());

    white.act(mv(10, 1, "d6")).await.unwrap();
    let view = client::view(at, &eva.game).await.unwrap();
    assert_eq!(view.moves, ["f5", "d6"]);
    assert_eq!(view.brief.status, Status::Playing);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_requests_are_refused() {
    let server = TestServer::start(
        Db::Sqlite,
        &[
            "--max-connections-per-address",
            "4",
            "--max-requests-per-second",
            "50",
        ],
    )
    .await;
    let at = server.address();
    let request = |name: &str| CreateRequest {
        setup: setup(GameKind::Opok, "size=5", live("3+2")),
        name: name.into(),
        colour: Colour::Random,
        public: true,
    };
    let long_name = "x".repeat(40);
    for (name, problem) in [
        ("a\u{1b}[31mb", NameError::Control),
        (long_name.as_str(), NameError::TooLong),
    ] {
        let refused = client::create(at, &request(name)).await.unwrap_err();
        assert_eq!(refused, CallError::Api(400, ApiError::Name { problem }));
    }
    let mut bad_setup = request("Eva");
    bad_setup.setup.rules = "size=99".into();
    assert!(matches!(
        client::create(at, &bad_setup).await,
        Err(CallError::Api(400, ApiError::Setup { .. }))
    ));
    let (status, body) = client::request(at, "POST", "/api/v1/games", Some("{".repeat(5000)))
        .await
        .unwrap();
    assert_eq!((status, body.as_str()), (413, r#"{"error":"too_large"}"#));
    let (status, _) = client::request(
        at,
        "POST",
        "/api/v1/games",
        Some("\"DROP TABLE games; --\"".into()),
    )
    .await
    .unwrap();
    assert_eq!(status, 400);
    let (status, _) = client::request(at, "GET", "/api/v1/games/'%20OR%201=1%20--", None)
        .await
        .unwrap();
    assert_eq!(status, 404);
    let (status, _) = client::request(at, "GET", "/api/v1/nothing", None)
        .await
        .unwrap();
    assert_eq!(status, 404);
    // A name that looks like HTML is kept as text.
    let seated = client::create(at, &request("<img src=x onerror=alert(1)>"))
        .await
        .unwrap();
    let view = client::view(at, &seated.game).await.unwrap();
    assert_eq!(
        view.names[usize::from(seated.seat)].as_deref(),
        Some("<img src=x onerror=alert(1)>")
    );

    // Connections per address.
    let mut open_ones = Vec::new();
    for _ in 0..4 {
        open_ones.push(open(at, &seated.game, None).await);
    }
    let path = live_path(&seated.game);
    let refused = Live::open(at, &path, None).await.err();
    assert!(refused.is_some_and(|e| format!("{e:?}").contains("429")));
    drop(open_ones);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    // A foreign origin may not connect, nor embed live games.
    let foreign = Live::open(at, &path, Some("https://evil.example"))
        .await
        .err();
    assert!(foreign.is_some_and(|e| format!("{e:?}").contains("403")));
    let mut frame = embed_frame(at, &path, None).await;
    assert_eq!(frame.until(error_of).await.unwrap(), ApiError::Origin);
    // Silence instead of hello.
    let mut silent = Live::open(at, &path, None).await.unwrap();
    silent.send(&ClientMessage::Ping { id: 1 }).await.unwrap();
    assert_eq!(silent.until(error_of).await.unwrap(), ApiError::HelloFirst);

    // Requests per second per address.
    let mut limited = false;
    for _ in 0..200 {
        let (status, _) = client::request(
            at,
            "POST",
            "/api/v1/games/zzzzzzzzzzzz/join",
            Some("{}".into()),
        )
        .await
        .unwrap();
        limited |= status == 429;
    }
    assert!(limited);
    // Still up.
    assert!(client::view(at, &seated.game).await.is_ok());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn allowed_origins_and_embeds_are_configurable() {
    let server = TestServer::start(
        Db::Sqlite,
        &[
            "--allow-origin",
            "https://club.example",
            "--embed-origin",
            "https://club.example",
        ],
    )
    .await;
    let at = server.address();
    let (eva, _) = pair(at, setup(GameKind::Nim, "", live("1+1")), false).await;
    let path = live_path(&eva.game);
    let mut frame = embed_frame(at, &path, Some("https://club.example")).await;
    assert!(matches!(
        frame.next().await.unwrap(),
        ServerMessage::Welcome { seat: None, .. }
    ));
    // The server's own origin always may.
    let own = format!("http://{at}");
    assert!(Live::open(at, &path, Some(&own)).await.is_ok());
    server.stop().await;
}
