//! What the online tests share: a server in this process on an injected
//! wall clock (SQLite in a temporary folder, or a database of a throwaway
//! PostgreSQL cluster), the `serve` binary for the restart and
//! multi-instance tests, and shortcuts of the protocol's client.

#![allow(dead_code)]

/// Runs a scenario against SQLite and against PostgreSQL.
#[allow(unused_macros)]
macro_rules! both {
    ($name:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name(super::Db::Sqlite).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$name(super::Db::Postgres).await;
            }
        }
    };
}

pub mod events;
pub mod faults;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

use mind_sports_core::online::protocol::{
    ClientMessage, Colour, CreateRequest, JoinRequest, Seated,
};
use mind_sports_core::online::setup::{GameKind, Setup, Timing};
use mind_sports_server::client::{self, Live};
use mind_sports_server::options::{Command as ServeCommand, Options};
use mind_sports_server::scratch::Cluster;
use mind_sports_server::time::ManualWall;
use mind_sports_server::Running;

/// Which database a test runs against.
#[derive(Clone, Copy, Debug)]
pub enum Db {
    /// A file in a fresh folder.
    Sqlite,
    /// A fresh database of the shared cluster.
    Postgres,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
static NEXT: AtomicU32 = AtomicU32::new(0);

/// A fresh folder under the system's temporary one.
pub fn scratch_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "mind-sports-{what}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>test</title>").unwrap();
    dir
}

/// The URL of a fresh PostgreSQL database; the cluster starts on first use
/// and a failure to start it fails the test with the reason.
pub fn postgres_database() -> String {
    let cluster = CLUSTER.get_or_init(|| Cluster::start(false));
    let cluster = cluster
        .as_ref()
        .unwrap_or_else(|e| panic!("PostgreSQL did not start: {e}"));
    let name = format!(
        "test_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    );
    cluster
        .database(&name)
        .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}"))
}

/// The command line of a test server: a static folder, port 0, and the
/// database; `extra` options after.
pub fn options(db: Db, dir: &Path, extra: &[&str]) -> Options {
    let mut args: Vec<String> = vec![
        "--dir".into(),
        dir.display().to_string(),
        "--port".into(),
        "0".into(),
    ];
    match db {
        Db::Sqlite => args.extend(["--state".into(), dir.join("state").display().to_string()]),
        Db::Postgres => args.extend(["--database".into(), postgres_database()]),
    }
    args.extend(extra.iter().map(|s| s.to_string()));
    // A test's client may leave a live stream unread for minutes on a
    // loaded machine (edge.rs tests the idle timeout itself).
    if !extra.contains(&"--live-idle-timeout") {
        args.extend(["--live-idle-timeout".into(), "900".into()]);
    }
    match Options::parse(args) {
        Ok(ServeCommand::Serve(options)) => *options,
        other => panic!("{other:?}"),
    }
}

/// The per-address request limits lifted: a test makes requests faster
/// than people do, all from one address.
pub const LIFTED: [&str; 4] = [
    "--max-requests-per-second",
    "100000",
    "--max-reads-per-second",
    "100000",
];

/// A server in this process whose wall clock the test moves.
pub struct TestServer {
    pub running: Option<Running>,
    pub wall: Arc<ManualWall>,
    pub dir: PathBuf,
}

impl TestServer {
    /// Starts one on `db` with the limits raised for tests unless `extra`
    /// sets them.
    pub async fn start(db: Db, extra: &[&str]) -> TestServer {
        let dir = scratch_dir("server");
        let wall = Arc::new(ManualWall::at(1_800_000_000_000));
        let running = mind_sports_server::start(options(db, &dir, extra), wall.clone())
            .await
            .unwrap();
        TestServer {
            running: Some(running),
            wall,
            dir,
        }
    }

    /// Another instance on the same PostgreSQL database, its wall clock at
    /// this one's time (the test moves both).
    pub async fn another_instance(&self) -> TestServer {
        let dir = scratch_dir("server");
        let wall = Arc::new(ManualWall::at(self.wall_now()));
        let url = self.database_url();
        let mut options = options(Db::Sqlite, &dir, &[]);
        options.online.database = Some(url);
        let running = mind_sports_server::start(options, wall.clone())
            .await
            .unwrap();
        TestServer {
            running: Some(running),
            wall,
            dir,
        }
    }

    /// The database's URL (another instance opens the same one).
    pub fn database_url(&self) -> String {
        let running = self.running.as_ref().expect("running");
        running.service.store().url().to_string()
    }

    /// Wall time now.
    pub fn wall_now(&self) -> u64 {
        use mind_sports_server::time::Wall;
        self.wall.now_ms()
    }

    pub fn address(&self) -> SocketAddr {
        self.running.as_ref().unwrap().address
    }

    pub async fn stop(mut self) {
        if let Some(running) = self.running.take() {
            running.stop().await.unwrap();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A setup.
pub fn setup(game: GameKind, rules: &str, timing: Timing) -> Setup {
    Setup {
        game,
        rules: rules.into(),
        timing,
    }
}

/// A live timing.
pub fn live(control: &str) -> Timing {
    Timing::Live {
        control: control.into(),
        completes: false,
    }
}

/// Creates a game as "Eva" playing first, joined by "Petr": both seats.
pub async fn pair(server: SocketAddr, setup: Setup, public: bool) -> (Seated, Seated) {
    let request = CreateRequest {
        setup,
        name: "Eva".into(),
        colour: Colour::First,
        public,
    };
    let first = client::create(server, &request).await.unwrap();
    let join = JoinRequest {
        name: "Petr".into(),
        invite: first.invite.clone(),
    };
    let second = client::join(server, &first.game, &join).await.unwrap();
    (first, second)
}

/// A move message.
pub fn mv(id: u32, ply: usize, text: &str) -> ClientMessage {
    ClientMessage::Move {
        id,
        ply,
        mv: text.into(),
    }
}

/// Opens the game for a seat (or a watcher with `None`).
pub async fn open(server: SocketAddr, game: &str, token: Option<&str>) -> Live {
    Live::game(server, game, token).await.unwrap().0
}

/// A port nothing listens on now (a server restarted on it keeps its
/// address).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The `serve` binary, started with `args`; its address read from its
/// first line.
pub struct Process {
    pub child: Child,
    pub address: SocketAddr,
}

impl Process {
    pub fn start(args: &[String]) -> Process {
        use std::io::BufRead;
        let mut child = Command::new(env!("CARGO_BIN_EXE_serve"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        // Keep reading what it says (nothing is lost to a closed pipe).
        std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.trim().trim_end_matches('/').parse().ok())
            .unwrap_or_else(|| panic!("serve said {line:?}"));
        Process { child, address }
    }

    /// Kills it at once (SIGKILL).
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Stops it as an operator does (SIGTERM) and waits.
    pub fn terminate(mut self) {
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        self.child.wait().unwrap();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A legal move after `moves` in a game of `setup`: the engine's first.
pub fn legal_move(setup: &Setup, moves: &[String]) -> Option<String> {
    legal_moves(setup, moves).into_iter().next()
}

/// Some of the legal moves after `moves` in a game of `setup` (up to 32).
pub fn legal_moves(setup: &Setup, moves: &[String]) -> Vec<String> {
    let Some(mut board) = setup
        .checked()
        .ok()
        .and_then(|setup| mind_sports_core::online::rules::board(&setup))
    else {
        return Vec::new();
    };
    for text in moves.iter().filter(|m| *m != "pass") {
        if board.play(text).is_err() {
            return Vec::new();
        }
    }
    board.legal_moves(32)
}

/// The `engine` binary of this build (built if the tests of the server
/// alone were built).
pub fn engine_binary() -> std::path::PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile = exe.parent().unwrap().parent().unwrap();
    let engine = profile.join("engine");
    if !engine.is_file() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let built = std::process::Command::new(cargo)
            .args(["build", "--bin", "engine", "-p", "mind-sports-cli"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .unwrap();
        assert!(built.success());
    }
    engine
}

/// What the `engine` binary prints for `args` (a `--json` command), read
/// as JSON; the command must succeed.
pub fn engine_json<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> serde_json::Value {
    let out = Command::new(engine_binary()).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}
