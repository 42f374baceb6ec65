//! A benchmark worker: sets up its games (`ready` on stdout), waits for
//! `go` on stdin, plays at a human pace for the given seconds, then prints
//! one line of JSON with its moves and latencies.

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mind_sports::engine::rng::Rng;
use mind_sports::online::protocol::{
    ClientMessage, Colour, CreateRequest, JoinRequest, ServerMessage,
};
use mind_sports::online::room::Event;
use mind_sports::online::rules::board;
use mind_sports::online::setup::{GameKind, Setup, Timing};
use mind_sports_server::client::{self, Live};
use serde::Serialize;

/// What a worker reports.
#[derive(Serialize, Default)]
pub struct Report {
    /// Games set up.
    pub games: usize,
    /// Moves relayed while measuring.
    pub moves: usize,
    /// Relay latencies, microseconds.
    pub latencies_us: Vec<u32>,
    /// Moves refused or connections lost.
    pub failures: usize,
    /// Seconds the set-up took.
    pub setup_s: f64,
}

struct Options {
    server: SocketAddr,
    games: usize,
    seconds: u64,
    /// This worker's number (its loopback addresses and random seed).
    index: u8,
}

fn options(args: &[String]) -> Options {
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .unwrap_or_else(|| panic!("{name} missing"))
    };
    Options {
        server: value("--server").parse().expect("--server ADDRESS"),
        games: value("--games").parse().expect("--games N"),
        seconds: value("--seconds").parse().expect("--seconds N"),
        index: value("--index").parse().expect("--index N"),
    }
}

/// The loopback source address of connection `n` of worker `index`.
fn source(index: u8, n: usize) -> Option<IpAddr> {
    Some(IpAddr::from([
        127,
        1 + index,
        (n / 250 % 250) as u8,
        (n % 250) as u8 + 2,
    ]))
}

/// The benchmark's game: Othello with an hour each, so that no flag falls.
fn the_setup() -> Setup {
    Setup {
        game: GameKind::Othello,
        rules: String::new(),
        timing: Timing::Live {
            control: "60+0".into(),
            completes: false,
        },
    }
}

/// Creates and joins a game and opens both players' connections.
async fn set_up(options: &Options, n: usize) -> Result<(Live, Live), String> {
    let server = options.server;
    let request = CreateRequest {
        setup: the_setup(),
        name: format!("bench {n}"),
        colour: Colour::First,
        public: false,
    };
    let body = Some(mind_sports::online::protocol::encode(&request));
    let eva: mind_sports::online::protocol::Seated = client::call_from(
        server,
        source(options.index, 4 * n),
        "POST",
        "/api/v1/games",
        body,
    )
    .await
    .map_err(|e| format!("{e:?}"))?;
    let join = JoinRequest {
        name: format!("opponent {n}"),
        invite: eva.invite.clone(),
    };
    let path = format!("/api/v1/games/{}/join", eva.game);
    let body = Some(mind_sports::online::protocol::encode(&join));
    let petr: mind_sports::online::protocol::Seated = client::call_from(
        server,
        source(options.index, 4 * n + 1),
        "POST",
        &path,
        body,
    )
    .await
    .map_err(|e| format!("{e:?}"))?;
    let (black, _, _) = Live::game_from(
        server,
        source(options.index, 4 * n + 2),
        &eva.game,
        Some(&eva.token),
    )
    .await
    .map_err(|e| format!("{e:?}"))?;
    let (white, _, _) = Live::game_from(
        server,
        source(options.index, 4 * n + 3),
        &eva.game,
        Some(&petr.token),
    )
    .await
    .map_err(|e| format!("{e:?}"))?;
    Ok((black, white))
}

/// Plays one game at a human pace until `until`.
async fn play(mut players: [Live; 2], seed: u64, until: Instant, report: Arc<Mutex<Report>>) {
    let mut rng = Rng::new(seed);
    let mut position = board(&the_setup()).expect("the setup reads");
    let squares: Vec<String> = (0..64)
        .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1))
        .collect();
    // Spread the first moves over the first pause.
    tokio::time::sleep(Duration::from_millis(rng.below(10_000))).await;
    let mut id = 0;
    while Instant::now() < until && position.result().is_none() {
        let mover = usize::from(position.to_move());
        let start = rng.below(64) as usize;
        let Some(square) = (0..64)
            .map(|i| &squares[(start + i) % 64])
            .find(|s| position.try_move(s).is_ok())
        else {
            break;
        };
        id += 1;
        let ply = position.moves().len();
        let sent = Instant::now();
        let message = ClientMessage::Move {
            id,
            ply,
            mv: square.clone(),
        };
        let relayed = async {
            players[mover].send(&message).await.ok()?;
            let other = &mut players[1 - mover];
            other
                .until(|m| {
                    matches!(
                        m,
                        ServerMessage::Update {
                            event: Event::Moved { .. },
                            ..
                        }
                    )
                    .then_some(())
                })
                .await
                .ok()?;
            let latency = sent.elapsed();
            players[mover]
                .until(|m| matches!(m, ServerMessage::Ack { .. }).then_some(()))
                .await
                .ok()?;
            Some(latency)
        };
        match relayed.await {
            Some(latency) => {
                position.play(square).expect("a legal move");
                let mut report = report.lock().expect("not poisoned");
                report.moves += 1;
                report
                    .latencies_us
                    .push(latency.as_micros().min(u32::MAX as u128) as u32);
            }
            None => {
                report.lock().expect("not poisoned").failures += 1;
                return;
            }
        }
        let pause = Instant::now() + Duration::from_millis(2_000 + rng.below(8_000));
        tokio::time::sleep_until(pause.min(until).into()).await;
    }
}

/// Runs a worker.
pub fn main(args: &[String]) {
    let options = options(args);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async move {
        let started = Instant::now();
        let options = Arc::new(options);
        let mut pairs = Vec::with_capacity(options.games);
        // Set up 64 games at a time.
        for chunk in (0..options.games).collect::<Vec<_>>().chunks(64) {
            let jobs: Vec<_> = chunk
                .iter()
                .map(|&n| {
                    let options = options.clone();
                    tokio::spawn(async move { set_up(&options, n).await })
                })
                .collect();
            for job in jobs {
                match job.await.expect("a set-up task") {
                    Ok(pair) => pairs.push(pair),
                    Err(error) => eprintln!("bench worker {}: {error}", options.index),
                }
            }
        }
        let report = Arc::new(Mutex::new(Report {
            games: pairs.len(),
            setup_s: started.elapsed().as_secs_f64(),
            ..Report::default()
        }));
        println!("ready");
        let mut line = String::new();
        let _ = std::io::stdin().read_line(&mut line);
        let until = Instant::now() + Duration::from_secs(options.seconds);
        let games: Vec<_> = pairs
            .into_iter()
            .enumerate()
            .map(|(n, (black, white))| {
                let seed = (u64::from(options.index) << 32) + n as u64 + 1;
                tokio::spawn(play([black, white], seed, until, report.clone()))
            })
            .collect();
        for game in games {
            let _ = game.await;
        }
        let report = report.lock().expect("not poisoned");
        println!("{}", serde_json::to_string(&*report).expect("a report"));
    });
}
