//! Nothing acknowledged is lost, whatever the disk does. The `serve`
//! binary keeps its state on a small disk of the test's own while six
//! games are played; the disk fills up (and is freed), writes fail with
//! EROFS or EIO (strace's fault injection), PostgreSQL's data folder fills
//! up. While the fault lasts writes are refused and the games stay as they
//! were; once it is gone every write succeeds again; another reader of the
//! database sees every acknowledged move; and after a kill -9 and a
//! restart every acknowledged move is there.

#![cfg(not(target_arch = "wasm32"))]

mod support;

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use mind_sports_core::online::protocol::{ApiError, Colour, CreateRequest, ServerMessage};
use mind_sports_core::online::setup::{GameKind, Setup};
use mind_sports_server::client::{self, Live};
use support::faults::{InjectedErrors, SmallDisk};
use support::*;

/// The game every table plays.
fn othello() -> Setup {
    setup(GameKind::Othello, "", live("30+0"))
}

/// A game being played, and the moves it acknowledged (ply, move).
struct Table {
    id: String,
    tokens: [String; 2],
    players: [Live; 2],
    acked: Vec<(usize, String)>,
}

/// How a round of moves went.
#[derive(Debug, Default)]
struct Round {
    acked: usize,
    refused: usize,
}

async fn tables(at: SocketAddr, count: usize) -> Vec<Table> {
    let mut tables = Vec::new();
    for _ in 0..count {
        let (eva, petr) = pair(at, othello(), false).await;
        let players = [
            open(at, &eva.game, Some(&eva.token)).await,
            open(at, &eva.game, Some(&petr.token)).await,
        ];
        tables.push(Table {
            id: eva.game,
            tokens: [eva.token, petr.token],
            players,
            acked: Vec::new(),
        });
    }
    tables
}

/// One move in each game, by the side to move, from the position the
/// server shows; a move not acknowledged must be refused as unavailable.
async fn play_round(at: SocketAddr, tables: &mut [Table]) -> Round {
    let mut round = Round::default();
    for table in tables.iter_mut() {
        let view = client::view(at, &table.id).await.unwrap();
        let seat = usize::from(view.brief.to_move.expect("a game in progress"));
        let ply = view.moves.len();
        let Some(square) = legal_move(&othello(), &view.moves) else {
            continue;
        };
        let id = ply as u32 + 1000;
        let waited = tokio::time::timeout(
            Duration::from_secs(40),
            table.players[seat].act(mv(id, ply, &square)),
        )
        .await;
        let Ok(answer) = waited else {
            panic!("no answer to a move in {}", table.id);
        };
        match answer {
            Ok(()) => {
                table.acked.push((ply, square));
                round.acked += 1;
            }
            Err(ServerMessage::Error {
                error: ApiError::Unavailable,
            }) => round.refused += 1,
            Err(other) => panic!("a move in {} answered {other:?}", table.id),
        }
    }
    round
}

/// Every acknowledged move is in the game as the server now shows it.
async fn all_kept(at: SocketAddr, tables: &[Table]) {
    for table in tables {
        let view = client::view(at, &table.id).await.unwrap();
        for (ply, square) in &table.acked {
            assert_eq!(
                view.moves.get(*ply),
                Some(square),
                "acknowledged move {ply} of {} lost: {:?}",
                table.id,
                view.moves
            );
        }
    }
}

/// Another reader of the SQLite file sees every acknowledged move.
async fn another_reader_sees(database: &Path, tables: &[Table]) {
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}?mode=ro", database.display());
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    for table in tables {
        let rows: Vec<(String,)> =
            sqlx::query_as("SELECT body FROM events WHERE game_id = $1 ORDER BY seq")
                .bind(&table.id)
                .fetch_all(&pool)
                .await
                .unwrap();
        let mut moves = Vec::new();
        for (body,) in rows {
            if let Ok(mind_sports_core::online::room::Event::Moved { moves: m, .. }) =
                serde_json::from_str(&body)
            {
                moves.extend(m);
            }
        }
        for (ply, square) in &table.acked {
            assert_eq!(
                moves.get(*ply),
                Some(square),
                "another reader misses move {ply} of {}",
                table.id
            );
        }
    }
    pool.close().await;
}

fn serve_args(dir: &Path, port: u16, database: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "--dir",
        &dir.display().to_string(),
        "--port",
        &port.to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(database.iter().map(|s| s.to_string()));
    args
}

async fn create_one(at: SocketAddr) -> Result<(), client::CallError> {
    let request = CreateRequest {
        setup: othello(),
        name: "Eva".into(),
        colour: Colour::First,
        public: false,
    };
    client::create(at, &request).await.map(|_| ())
}

/// The sweeper looks at the disk every two seconds.
async fn sweep() {
    tokio::time::sleep(Duration::from_millis(2_500)).await;
}

/// What a fault scenario does to the disk under a running server.
enum Fault {
    /// Fills the disk, then frees it.
    FullDisk,
    /// Every write and sync fails with this errno while it lasts.
    Injected(&'static str),
}

/// Six games on SQLite on a small disk: the fault, then writes succeed,
/// then a kill -9 loses nothing acknowledged.
async fn sqlite_under(fault: Fault) {
    let disk = SmallDisk::mount(24);
    let site = scratch_dir("site");
    let state = disk.dir.join("state");
    let state_text = state.display().to_string();
    let args = serve_args(
        &site,
        free_port(),
        &["--state", &state_text, "--min-free-space", "4"],
    );
    let server = Process::start(&args);
    let at = server.address;
    let mut tables = tables(at, 6).await;
    for _ in 0..2 {
        let round = play_round(at, &mut tables).await;
        assert_eq!(round.acked, 6, "before the fault: {round:?}");
    }
    let mut refused = 0;
    match fault {
        Fault::FullDisk => {
            // Nearly full: new games refused, the games in progress go on.
            disk.fill(2 * 1024 * 1024);
            sweep().await;
            let error = create_one(at)
                .await
                .expect_err("a new game on a nearly full disk");
            assert!(matches!(error, client::CallError::Api(503, _)), "{error:?}");
            let round = play_round(at, &mut tables).await;
            assert_eq!(round.acked, 6, "moves on a nearly full disk: {round:?}");
            // Full: writes refused until the space is back.
            disk.fill(0);
            for _ in 0..6 {
                refused += play_round(at, &mut tables).await.refused;
            }
            disk.free();
            sweep().await;
        }
        Fault::Injected(errno) => {
            let injected = InjectedErrors::start(server.child.id(), errno);
            for _ in 0..2 {
                refused += play_round(at, &mut tables).await.refused;
            }
            drop(injected);
        }
    }
    assert!(refused >= 6, "the fault refused {refused} writes");
    all_kept(at, &tables).await;
    for _ in 0..4 {
        let round = play_round(at, &mut tables).await;
        assert_eq!(round.acked, 6, "once the fault is gone: {round:?}");
    }
    create_one(at)
        .await
        .expect("a new game once the fault is gone");
    another_reader_sees(&state.join("online.sqlite3"), &tables).await;
    server.kill();
    let server = Process::start(&args);
    all_kept(server.address, &tables).await;
    let mut tables = tables_again(server.address, &tables).await;
    let after = play_round(server.address, &mut tables).await;
    assert_eq!(after.acked, 6, "after the restart: {after:?}");
    server.terminate();
    drop(disk);
    let _ = std::fs::remove_dir_all(site);
}

/// The same games with the players connected to a restarted server.
async fn tables_again(at: SocketAddr, tables: &[Table]) -> Vec<Table> {
    let mut again = Vec::new();
    for table in tables {
        again.push(Table {
            id: table.id.clone(),
            tokens: table.tokens.clone(),
            players: [
                reconnect(at, &table.id, &table.tokens[0]).await,
                reconnect(at, &table.id, &table.tokens[1]).await,
            ],
            acked: table.acked.clone(),
        });
    }
    again
}

async fn reconnect(at: SocketAddr, game: &str, token: &str) -> Live {
    for _ in 0..100 {
        if let Ok((live, _, _)) = Live::game(at, game, Some(token)).await {
            return live;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server did not come back");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_full_disk_then_space() {
    sqlite_under(Fault::FullDisk).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_read_only_disk() {
    sqlite_under(Fault::Injected("EROFS")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_io_errors() {
    sqlite_under(Fault::Injected("EIO")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_full_disk_then_space() {
    let disk = SmallDisk::mount(96);
    let cluster = mind_sports_server::scratch::Cluster::start_on_small_disk(&disk.dir)
        .unwrap_or_else(|e| panic!("PostgreSQL did not start: {e}"));
    let url = cluster.database("faults").unwrap();
    let site = scratch_dir("site");
    let args = serve_args(&site, free_port(), &["--database", &url]);
    let server = Process::start(&args);
    let at = server.address;
    let mut tables = tables(at, 6).await;
    for _ in 0..2 {
        assert_eq!(play_round(at, &mut tables).await.acked, 6);
    }
    disk.fill(0);
    let mut refused = 0;
    for _ in 0..8 {
        refused += play_round(at, &mut tables).await.refused;
    }
    disk.free();
    assert!(refused >= 1, "the full disk refused {refused} writes");
    all_kept(at, &tables).await;
    // PostgreSQL may have restarted itself: writes succeed once it is back.
    let mut acked = 0;
    for _ in 0..20 {
        acked += play_round(at, &mut tables).await.acked;
        if acked >= 24 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert!(
        acked >= 24,
        "once the space is back {acked} moves were acknowledged"
    );
    server.kill();
    let server = Process::start(&args);
    all_kept(server.address, &tables).await;
    server.terminate();
    drop(cluster);
    drop(disk);
    let _ = std::fs::remove_dir_all(site);
}
