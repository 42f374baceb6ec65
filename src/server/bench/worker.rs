//! A benchmark worker: sets up its games (`ready` on stdout), waits for
//! `go` on stdin, plays at a human pace for the given seconds, then prints
//! one line of JSON with its moves and latencies.
//!
//! For the soak (`--server-b`, `--watch-every`, `--rematch`): each game's
//! creator plays on the first server and the other player on the second
//! (every move crosses instances), a watcher follows every tenth game, and
//! a finished game is followed by its rematch, so that play goes on for
//! the whole time.

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mind_sports_core::engine::rng::Rng;
use mind_sports_core::online::protocol::{
    ClientMessage, Colour, CreateRequest, JoinRequest, Seated, ServerMessage,
};
use mind_sports_core::online::room::Event;
use mind_sports_core::online::rules::board;
use mind_sports_core::online::setup::{GameKind, Setup, Timing};
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
    /// Games played to their end (the soak's rematches follow them).
    pub finished: usize,
    /// Updates the watchers received.
    pub watched: usize,
    /// Watchers' connections lost or refused.
    pub watch_failures: usize,
}

struct Options {
    server: SocketAddr,
    /// Where the second player of each game plays.
    server_b: SocketAddr,
    games: usize,
    seconds: u64,
    /// This worker's number (its loopback addresses and random seed).
    index: u8,
    /// A watcher on every n-th game (0: none).
    watch_every: usize,
    /// Finished games are followed by their rematch.
    rematch: bool,
}

fn options(args: &[String]) -> Options {
    let find = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
    };
    let value = |name: &str| find(name).unwrap_or_else(|| panic!("{name} missing"));
    let server = value("--server").parse().expect("--server ADDRESS");
    Options {
        server,
        server_b: find("--server-b").map_or(server, |b| b.parse().expect("--server-b ADDRESS")),
        games: value("--games").parse().expect("--games N"),
        seconds: value("--seconds").parse().expect("--seconds N"),
        index: value("--index").parse().expect("--index N"),
        watch_every: find("--watch-every").map_or(0, |n| n.parse().expect("--watch-every N")),
        rematch: args.iter().any(|a| a == "--rematch"),
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

/// One player: the server and address they play from, their seat's token
/// and live connection.
struct Player {
    server: SocketAddr,
    source: Option<IpAddr>,
    token: String,
    live: Live,
}

impl Player {
    async fn enter(
        server: SocketAddr,
        source: Option<IpAddr>,
        game: &str,
        token: String,
    ) -> Result<Player, String> {
        let (live, _, _) = Live::game_from(server, source, game, Some(&token))
            .await
            .map_err(|e| format!("{e:?}"))?;
        Ok(Player {
            server,
            source,
            token,
            live,
        })
    }
}

/// A set-up game: its id and both players, by colour.
struct Game {
    id: String,
    players: [Player; 2],
}

/// Creates and joins a game and opens both players' connections.
async fn set_up(options: &Options, n: usize) -> Result<Game, String> {
    let request = CreateRequest {
        setup: the_setup(),
        name: format!("bench {n}"),
        colour: Colour::First,
        public: false,
    };
    let body = Some(mind_sports_core::online::protocol::encode(&request));
    let (a, b) = (options.server, options.server_b);
    let eva: Seated = client::call_from(
        a,
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
    let body = Some(mind_sports_core::online::protocol::encode(&join));
    let petr: Seated = client::call_from(b, source(options.index, 4 * n + 1), "POST", &path, body)
        .await
        .map_err(|e| format!("{e:?}"))?;
    let black = Player::enter(a, source(options.index, 4 * n + 2), &eva.game, eva.token).await?;
    let white = Player::enter(b, source(options.index, 4 * n + 3), &eva.game, petr.token).await?;
    Ok(Game {
        id: eva.game,
        players: [black, white],
    })
}

/// How a game's play ended.
enum Played {
    /// The game is over.
    Finished,
    /// The measured time is up.
    TimeUp,
    /// A move was refused or a connection lost.
    Failed,
}

/// Plays one game at a human pace until it ends or `until`.
async fn play(
    players: &mut [Player; 2],
    rng: &mut Rng,
    until: Instant,
    report: &Mutex<Report>,
) -> Played {
    let mut position = board(&the_setup()).expect("the setup reads");
    let squares: Vec<String> = (0..64)
        .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1))
        .collect();
    let mut id = 0;
    loop {
        if Instant::now() >= until {
            return Played::TimeUp;
        }
        let mover = usize::from(position.to_move());
        let start = rng.below(64) as usize;
        let Some(square) = (0..64)
            .map(|i| &squares[(start + i) % 64])
            .find(|s| position.try_move(s).is_ok())
        else {
            return Played::Finished;
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
            players[mover].live.send(&message).await.ok()?;
            let other = &mut players[1 - mover].live;
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
                .live
                .until(|m| matches!(m, ServerMessage::Ack { .. }).then_some(()))
                .await
                .ok()?;
            Some(latency)
        };
        let Some(latency) = relayed.await else {
            report.lock().expect("not poisoned").failures += 1;
            return Played::Failed;
        };
        position.play(square).expect("a legal move");
        {
            let mut report = report.lock().expect("not poisoned");
            report.moves += 1;
            report
                .latencies_us
                .push(latency.as_micros().min(u32::MAX as u128) as u32);
        }
        if position.result().is_some() {
            return Played::Finished;
        }
        let pause = Instant::now() + Duration::from_millis(2_000 + rng.below(8_000));
        tokio::time::sleep_until(pause.min(until).into()).await;
    }
}

/// Both players ask for a rematch: the new game's id.
async fn rematch(players: &mut [Player; 2]) -> Option<String> {
    players[0]
        .live
        .act(ClientMessage::Rematch { id: 1_000 })
        .await
        .ok()?;
    let second = &mut players[1].live;
    second
        .send(&ClientMessage::Rematch { id: 1_001 })
        .await
        .ok()?;
    second
        .until(|m| match m {
            ServerMessage::Update {
                event: Event::Rematched { game, .. },
                ..
            } => Some(game.clone()),
            _ => None,
        })
        .await
        .ok()
}

/// Plays `game` until `until`; with `again`, each finished game's rematch
/// after it (colours swapped: each player keeps their server and token).
async fn play_on(
    mut game: Game,
    seed: u64,
    until: Instant,
    again: bool,
    report: Arc<Mutex<Report>>,
) {
    let mut rng = Rng::new(seed);
    // Spread the first moves over the first pause.
    tokio::time::sleep(Duration::from_millis(rng.below(10_000))).await;
    loop {
        match play(&mut game.players, &mut rng, until, &report).await {
            Played::Finished => report.lock().expect("not poisoned").finished += 1,
            Played::TimeUp | Played::Failed => return,
        }
        if !again || Instant::now() >= until {
            return;
        }
        let Some(next) = rematch(&mut game.players).await else {
            report.lock().expect("not poisoned").failures += 1;
            return;
        };
        let [black, white] = game.players;
        let mut players = Vec::with_capacity(2);
        // The new game's first player is the old game's second.
        for old in [white, black] {
            old.live.close().await;
            match Player::enter(old.server, old.source, &next, old.token).await {
                Ok(player) => players.push(player),
                Err(_) => {
                    report.lock().expect("not poisoned").failures += 1;
                    return;
                }
            }
        }
        let players: [Player; 2] = players.try_into().ok().expect("two players");
        game = Game { id: next, players };
        tokio::time::sleep(Duration::from_millis(2_000 + rng.below(8_000))).await;
    }
}

/// A watcher of game `game` on `server`: reads every update until
/// `until`, following the game's rematches.
async fn watch(
    server: SocketAddr,
    source: Option<IpAddr>,
    mut game: String,
    until: Instant,
    report: Arc<Mutex<Report>>,
) {
    let failed = || report.lock().expect("not poisoned").watch_failures += 1;
    while Instant::now() < until {
        let Ok((mut live, _, _)) = Live::game_from(server, source, &game, None).await else {
            failed();
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        // A finished game waits a while for its rematch.
        live.patience = Duration::from_secs(60);
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, live.next()).await {
                Err(_) => return,
                Ok(Ok(ServerMessage::Update { event, .. })) => {
                    report.lock().expect("not poisoned").watched += 1;
                    if let Event::Rematched { game: next, .. } = event {
                        game = next;
                        break;
                    }
                }
                Ok(Ok(_)) => {}
                Ok(Err(_)) => {
                    failed();
                    break;
                }
            }
        }
        live.close().await;
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
        let mut games = Vec::with_capacity(options.games);
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
                    Ok(game) => games.push(game),
                    Err(error) => eprintln!("bench worker {}: {error}", options.index),
                }
            }
        }
        let report = Arc::new(Mutex::new(Report {
            games: games.len(),
            setup_s: started.elapsed().as_secs_f64(),
            ..Report::default()
        }));
        println!("ready");
        let mut line = String::new();
        let _ = std::io::stdin().read_line(&mut line);
        let until = Instant::now() + Duration::from_secs(options.seconds);
        let mut tasks = Vec::new();
        for (n, game) in games.into_iter().enumerate() {
            if options.watch_every > 0 && n % options.watch_every == 0 {
                // Watchers alternate between the servers.
                let server = if n / options.watch_every % 2 == 0 {
                    options.server
                } else {
                    options.server_b
                };
                let source = source(options.index, 4 * options.games + n);
                let watcher = watch(server, source, game.id.clone(), until, report.clone());
                tasks.push(tokio::spawn(watcher));
            }
            let seed = (u64::from(options.index) << 32) + n as u64 + 1;
            let player = play_on(game, seed, until, options.rematch, report.clone());
            tasks.push(tokio::spawn(player));
        }
        for task in tasks {
            let _ = task.await;
        }
        let report = report.lock().expect("not poisoned");
        println!("{}", serde_json::to_string(&*report).expect("a report"));
    });
}
