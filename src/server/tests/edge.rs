//! The server's edge (issue 36): behind a proxy a spoofed
//! `X-Forwarded-For` never lifts a limit, an IPv6 /64 counts as one
//! address, the own-origin check follows `--public-url` and a trusted
//! proxy's forwarded host; half-sent requests and bodies time out and
//! never hold more than their address's share of connections; GETs and
//! live connections are rate-limited before anything is loaded; every
//! refusal under `/api/` is JSON; static files stay inside their folder;
//! event, club and lobby streams close when their client goes silent;
//! open challenges expire; address hashes are salted.

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use mind_sports_core::online::protocol::{
    encode, ApiError, Colour, CreateRequest, LimitReached, Lobby, ServerMessage,
};
use mind_sports_core::online::room::{open_for_ms, Reason, Status, LIVE_OPEN_MS};
use mind_sports_core::online::setup::{GameKind, Timing};
use mind_sports_server::client::{self, CallError, Live};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use support::*;

/// A loopback address of its own for a part of a test (every address of
/// 127.0.0.0/8 is this machine's), so that one part's limits are not
/// another's.
fn source(n: u8) -> Option<IpAddr> {
    Some(IpAddr::from([127, 0, 0, n]))
}

/// A public live challenge.
fn challenge(public: bool) -> CreateRequest {
    CreateRequest {
        setup: setup(GameKind::Othello, "", live("5+0")),
        name: "Eva".into(),
        colour: Colour::First,
        public,
    }
}

/// Creates a challenge with the request headers `headers`; the status and
/// the answer.
async fn create_with(at: SocketAddr, headers: &[(&str, &str)]) -> (u16, Value) {
    let body = Some(encode(&challenge(false)));
    let answer = client::exchange(at, None, "POST", "/api/v1/games", headers, body)
        .await
        .unwrap();
    (answer.status, serde_json::from_str(&answer.body).unwrap())
}

fn limit(what: &str, value: u32) -> Value {
    serde_json::to_value(ApiError::Limit(LimitReached::new(what, value))).unwrap()
}

async fn spoofed_forwarded_for_never_lifts_a_limit(db: Db) {
    let extra = ["--trusted-proxies", "1", "--max-open-challenges", "1"];
    let server = TestServer::start(db, &extra).await;
    let at = server.address();
    let too_many = limit("open_challenges_per_address", 1);
    // The issue's spoof: the client writes addresses, the one proxy
    // appends the address it saw (the same client each time).
    let spoof = |left: &str| format!("{left}, 198.51.100.7");
    let first = spoof("203.0.113.1");
    assert_eq!(create_with(at, &[("x-forwarded-for", &first)]).await.0, 201);
    for left in ["203.0.113.2", "203.0.113.3", "198.51.100.8, 203.0.113.4"] {
        let (status, answer) = create_with(at, &[("x-forwarded-for", &spoof(left))]).await;
        assert_eq!((status, &answer), (429, &too_many), "{left}");
    }
    // Several header lines: the last one is the proxy's.
    let (status, _) = create_with(
        at,
        &[
            ("x-forwarded-for", "203.0.113.9"),
            ("x-forwarded-for", "198.51.100.7"),
        ],
    )
    .await;
    assert_eq!(status, 429);
    // Another client of the proxy is another address.
    let other = [("x-forwarded-for", "198.51.100.99")];
    assert_eq!(create_with(at, &other).await.0, 201);
    // An IPv6 /64 is one address.
    let v6 = |a: &'static str| [("x-forwarded-for", a)];
    assert_eq!(create_with(at, &v6("2001:db8:1:2::1")).await.0, 201);
    assert_eq!(create_with(at, &v6("2001:db8:1:2:ffff::9")).await.0, 429);
    assert_eq!(create_with(at, &v6("2001:db8:1:3::1")).await.0, 201);

    // The addresses are kept salted: the salt is in the database, and no
    // creator is kept as the plain hash of its address.
    let store = server.running.as_ref().unwrap().service.store();
    let salt = store
        .text_of(
            "SELECT value FROM server_settings WHERE name = $1",
            "address_salt",
        )
        .await
        .unwrap()
        .expect("a salt");
    assert_eq!(salt.len(), 40);
    let plain = mind_sports_server::tokens::hash("address:198.51.100.7")[..16].to_string();
    let salted = mind_sports_server::tokens::address_key(&salt, &"198.51.100.7".parse().unwrap());
    assert_ne!(plain, salted);
    let kept = store
        .text_of(
            "SELECT creator_address FROM games WHERE creator_address = $1",
            &salted,
        )
        .await
        .unwrap();
    assert_eq!(kept.as_deref(), Some(salted.as_str()));
    let unsalted = store
        .text_of(
            "SELECT creator_address FROM games WHERE creator_address = $1",
            &plain,
        )
        .await
        .unwrap();
    assert_eq!(unsalted, None);
    server.stop().await;

    // Without a trusted proxy the header is the client's own: ignored.
    let server = TestServer::start(db, &["--max-open-challenges", "1"]).await;
    let at = server.address();
    assert_eq!(create_with(at, &[]).await.0, 201);
    let (status, answer) = create_with(at, &[("x-forwarded-for", "198.51.100.7")]).await;
    assert_eq!((status, answer), (429, too_many));
    server.stop().await;
}

both!(spoofed_forwarded_for_never_lifts_a_limit);

/// Whether a lobby connection with `headers` is let in: `Ok`, or the
/// refusal's text.
async fn lobby_with(at: SocketAddr, headers: &[(&str, &str)]) -> Result<(), String> {
    match Live::open_with(at, None, "/api/v1/lobby/live", headers).await {
        Ok(mut live) => {
            let first = live.next().await.map_err(|e| format!("{e:?}"))?;
            assert!(matches!(first, ServerMessage::Lobby { .. }), "{first:?}");
            Ok(())
        }
        Err(error) => Err(format!("{error:?}")),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_own_origin_is_known_behind_a_proxy() {
    // nginx's default: Host is the upstream's address (the test client
    // sends 127.0.0.1:port); Caddy's: X-Forwarded-Host.
    let origin = ("origin", "https://games.example");
    let server = TestServer::start(Db::Sqlite, &["--trusted-proxies", "127.0.0.1"]).await;
    let at = server.address();
    let refused = lobby_with(at, &[origin]).await.unwrap_err();
    assert!(refused.contains("403"), "{refused}");
    lobby_with(at, &[origin, ("x-forwarded-host", "games.example")])
        .await
        .unwrap();
    let evil = [origin, ("x-forwarded-host", "evil.example")];
    assert!(lobby_with(at, &evil).await.unwrap_err().contains("403"));
    server.stop().await;

    let public = ["--public-url", "https://games.example"];
    let server = TestServer::start(Db::Sqlite, &public).await;
    let at = server.address();
    lobby_with(at, &[origin]).await.unwrap();
    let evil = [("origin", "https://evil.example")];
    assert!(lobby_with(at, &evil).await.unwrap_err().contains("403"));
    // Not from a trusted proxy: its forwarded host is nobody's word.
    let claimed = [
        ("origin", "https://other.example"),
        ("x-forwarded-host", "other.example"),
    ];
    assert!(lobby_with(at, &claimed).await.unwrap_err().contains("403"));
    server.stop().await;
}

/// Opens a connection from `from` and sends `text` (a request cut short).
async fn half_sent(at: SocketAddr, from: Option<IpAddr>, text: &str) -> TcpStream {
    let mut stream = client::connect(at, from).await.unwrap();
    stream.write_all(text.as_bytes()).await.unwrap();
    stream
}

/// What the server sends on `stream` until it closes it (within 20 s).
async fn until_closed(stream: &mut TcpStream) -> String {
    let mut got = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut got)).await;
    assert!(read.is_ok(), "the server kept the connection open");
    String::from_utf8_lossy(&got).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_time_out_and_hold_their_share_only() {
    let server = TestServer::start(
        Db::Sqlite,
        &[
            "--max-open-connections-per-address",
            "20",
            "--request-head-timeout",
            "1",
            "--request-body-timeout",
            "1",
        ],
    )
    .await;
    let at = server.address();
    // 300 half-sent heads from one address: 20 are held, the rest told.
    let mut held = Vec::new();
    for _ in 0..300 {
        held.push(half_sent(at, source(3), "GET / HTTP/1.1\r\nHost: x\r\n").await);
    }
    // Another address is served at once meanwhile.
    let (status, _) = client::request_from(at, source(4), "GET", "/", None)
        .await
        .unwrap();
    assert_eq!(status, 200);
    let mut told = 0;
    for stream in &mut held {
        let said = until_closed(stream).await;
        if said.starts_with("HTTP/1.1 429") {
            assert!(said.contains(r#""what":"open_connections_per_address","limit":20"#));
            told += 1;
        }
    }
    // All but the 20 held are told (a few more may be let in if the 300
    // took longer to open than the 1 s the first ones are held).
    assert!((250..=280).contains(&told), "{told} told the limit");
    // The address is served again once they are gone.
    let (status, _) = client::request_from(at, source(3), "GET", "/", None)
        .await
        .unwrap();
    assert_eq!(status, 200);

    // A body that stops coming: told so, as JSON.
    let head = "POST /api/v1/games HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n\
                content-length: 100\r\n\r\n{\"setup\":";
    let mut slow = half_sent(at, source(5), head).await;
    let said = until_closed(&mut slow).await;
    assert!(said.starts_with("HTTP/1.1 408"), "{said}");
    assert!(
        said.contains(r#"{"error":"malformed","detail":"the body did not arrive within 1 s"}"#),
        "{said}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_and_upgrades_are_rate_limited_before_anything_is_loaded() {
    let server = TestServer::start(Db::Sqlite, &["--max-reads-per-second", "5"]).await;
    let at = server.address();
    let mut limited = false;
    for _ in 0..100 {
        let (status, body) = client::request_from(at, source(6), "GET", "/api/v1/challenges", None)
            .await
            .unwrap();
        if status == 429 {
            assert_eq!(
                serde_json::from_str::<Value>(&body).unwrap(),
                limit("reads_per_second", 5)
            );
            limited = true;
            break;
        }
        assert_eq!(status, 200);
    }
    assert!(limited, "GETs are limited");
    // A live connection to a game that does not exist: over the rate it is
    // refused for the rate, before the game is looked for.
    let refused = Live::open_from(at, source(6), "/api/v1/games/zzzzzzzzzzzz/live", None)
        .await
        .err()
        .expect("refused");
    assert!(format!("{refused:?}").contains("429"), "{refused:?}");
    // Another address is not limited by it.
    let (status, _) = client::request_from(at, source(7), "GET", "/api/v1/challenges", None)
        .await
        .unwrap();
    assert_eq!(status, 200);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_api_refusal_is_json_and_files_stay_inside() {
    let server = TestServer::start(Db::Sqlite, &["--max-reads-per-second", "1000"]).await;
    let at = server.address();
    let upload = format!(
        "{{\"file\":\"{}\",\"timing\":{{\"kind\":\"live\",\"control\":\"5+0\"}}}}",
        "x".repeat(300 * 1024)
    );
    let long = format!("/api/v1/{}", "a".repeat(300));
    for (method, path, body, status, error) in [
        (
            "POST",
            "/api/v1/games",
            Some("{".repeat(5000)),
            413,
            "too_large",
        ),
        (
            "POST",
            "/api/v1/events/import",
            Some(upload),
            413,
            "too_large",
        ),
        ("PUT", "/api/v1/games", None, 405, "malformed"),
        (
            "DELETE",
            "/api/v1/clubs/zzzzzzzzzzzz",
            None,
            405,
            "malformed",
        ),
        (
            "GET",
            "/api/v1/games/zzzzzzzzzzzz/live",
            None,
            400,
            "malformed",
        ),
        ("GET", "/api/v1/lobby/live", None, 400, "malformed"),
        ("GET", "/api/v1/clubs/%FF%FE", None, 400, "malformed"),
        (
            "GET",
            "/api/v1/clubs/zzzzzzzzzzzz/ratings?page=x",
            None,
            400,
            "malformed",
        ),
        ("GET", long.as_str(), None, 404, "not_found"),
    ] {
        let answer = client::exchange(at, source(8), method, path, &[], body)
            .await
            .unwrap();
        let kind = answer
            .headers
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string());
        assert_eq!(kind.as_deref(), Some("application/json"), "{method} {path}");
        let read: Value = serde_json::from_str(&answer.body)
            .unwrap_or_else(|_| panic!("{method} {path}: {}", answer.body));
        assert_eq!(
            (answer.status, read["error"].as_str()),
            (status, Some(error)),
            "{method} {path}: {read}"
        );
    }

    // Static files: a long segment is not found (not a server error), and
    // neither is a file reached through a link out of the folder.
    let outside = server
        .dir
        .parent()
        .unwrap()
        .join(format!("secret-{}", std::process::id()));
    std::fs::write(&outside, "secret").unwrap();
    std::os::unix::fs::symlink(&outside, server.dir.join("out.txt")).unwrap();
    let long_file = format!("/{}", "b".repeat(300));
    for (path, status) in [
        ("/", 200),
        ("/index.html", 200),
        ("/out.txt", 404),
        (long_file.as_str(), 404),
    ] {
        let (got, body) = client::request_from(at, source(8), "GET", path, None)
            .await
            .unwrap();
        assert_eq!(got, status, "{path}");
        assert!(!body.contains("secret"));
    }
    let _ = std::fs::remove_file(outside);
    server.stop().await;
}

/// Whether `live` was closed by the server: what it sent is read, then
/// the close (within 10 s).
async fn closed_by_server(live: &mut Live) -> bool {
    live.patience = Duration::from_secs(10);
    loop {
        match live.next_text().await {
            Ok(_) => continue,
            Err(CallError::Io(why)) => return !why.contains("no message in time"),
            Err(other) => panic!("{other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_live_streams_are_closed() {
    let server = TestServer::start(
        Db::Sqlite,
        &[
            "--live-idle-timeout",
            "1",
            "--max-requests-per-second",
            "1000",
        ],
    )
    .await;
    let at = server.address();
    let (status, text) = client::request(
        at,
        "POST",
        "/api/v1/events",
        Some(
            json!({"name": "Cup", "game": "nim", "rounds": 1,
                "timing": {"kind": "correspondence", "days": 1}})
            .to_string(),
        ),
    )
    .await
    .unwrap();
    assert_eq!(status, 201, "{text}");
    let event: Value = serde_json::from_str(&text).unwrap();
    let (_, text) = client::request(at, "POST", "/api/v1/clubs", Some(r#"{"name":"C"}"#.into()))
        .await
        .unwrap();
    let club: Value = serde_json::from_str(&text).unwrap();
    let paths = [
        format!("/api/v1/events/{}/live", event["event"].as_str().unwrap()),
        format!("/api/v1/clubs/{}/live", club["club"].as_str().unwrap()),
        "/api/v1/lobby/live".to_string(),
    ];
    // Clients that neither speak nor read (a dead one): closed.
    let mut silent = Vec::new();
    for path in &paths {
        silent.push(Live::open(at, path, None).await.unwrap());
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    for (live, path) in silent.iter_mut().zip(&paths) {
        assert!(closed_by_server(live).await, "{path}");
    }
    // Clients that only read (their WebSocket answers the server's pings
    // by itself, as a browser's does): kept, for three idle times.
    let mut reading = Vec::new();
    for path in &paths {
        let mut live = Live::open(at, path, None).await.unwrap();
        live.patience = Duration::from_millis(100);
        reading.push(live);
    }
    let until = tokio::time::Instant::now() + Duration::from_secs(3);
    while tokio::time::Instant::now() < until {
        for (live, path) in reading.iter_mut().zip(&paths) {
            match live.next_text().await {
                Ok(_) => {}
                Err(CallError::Io(why)) => {
                    assert!(why.contains("no message in time"), "{path}: {why}")
                }
                Err(other) => panic!("{path}: {other:?}"),
            }
        }
    }
    // A client that sends `ping` (the pages do) stays too, and is answered.
    let mut lobby = Live::open(at, "/api/v1/lobby/live", None).await.unwrap();
    for id in 0..6 {
        lobby
            .send(&mind_sports_core::online::protocol::ClientMessage::Ping { id })
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(400)).await;
    }
    lobby.patience = Duration::from_millis(300);
    let mut pongs = 0;
    while let Ok(text) = lobby.next_text().await {
        pongs += usize::from(text.contains("pong"));
    }
    assert_eq!(pongs, 6, "still open after 2.4 s of pings");
    server.stop().await;
}

/// The lobby's challenges.
async fn lobby(at: SocketAddr) -> Lobby {
    client::call(at, "GET", "/api/v1/challenges", None)
        .await
        .unwrap()
}

/// Waits (up to 10 s: the sweeper looks every 2 s) until game `id` is
/// over; its ending's reason.
async fn ended(at: SocketAddr, id: &str) -> Reason {
    for _ in 0..100 {
        if let Status::Over(ending) = client::view(at, id).await.unwrap().brief.status {
            return ending.reason;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("game {id} did not end");
}

async fn open_challenges_expire(db: Db) {
    let server = TestServer::start(db, &["--max-open-challenges", "2"]).await;
    let at = server.address();
    let live_one = client::create(at, &challenge(true)).await.unwrap();
    let mut letters = challenge(true);
    letters.setup = setup(GameKind::Opok, "", Timing::Correspondence { days: 3 });
    let letter_one = client::create(at, &letters).await.unwrap();
    let listed = lobby(at).await.challenges;
    assert_eq!(listed.len(), 2);
    for c in &listed {
        assert_eq!(c.expires_ms, c.created_ms + open_for_ms(&c.setup.timing));
    }
    let view = client::view(at, &live_one.game).await.unwrap();
    assert_eq!(view.expires_ms, Some(listed[1].expires_ms));
    // The address's two challenges are open: a third is refused.
    assert!(matches!(
        client::create(at, &challenge(false)).await,
        Err(CallError::Api(429, _))
    ));

    // A day on: the live challenge expires (the lobby is told), the
    // correspondence one waits for its week.
    let mut watching = Live::open(at, "/api/v1/lobby/live", None).await.unwrap();
    watching.next().await.unwrap();
    server.wall.advance(LIVE_OPEN_MS + 1000);
    assert_eq!(ended(at, &live_one.game).await, Reason::Expired);
    let closed = watching
        .until(|m| match m {
            ServerMessage::ChallengeClosed { game } => Some(game.clone()),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(closed, live_one.game);
    let listed = lobby(at).await.challenges;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].game, letter_one.game);
    // Its place is free again; nobody can take the expired one.
    client::create(at, &challenge(false)).await.unwrap();
    let join = mind_sports_core::online::protocol::JoinRequest {
        name: "Petr".into(),
        invite: None,
    };
    assert!(matches!(
        client::join(at, &live_one.game, &join).await,
        Err(CallError::Api(409, _))
    ));
    server
        .wall
        .advance(open_for_ms(&letters.setup.timing) - LIVE_OPEN_MS);
    assert_eq!(ended(at, &letter_one.game).await, Reason::Expired);
    server.stop().await;
}

both!(open_challenges_expire);
