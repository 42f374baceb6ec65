//! `serve backup` while the server runs and moves are made, `serve
//! restore` into a fresh folder and over the old one (refused while a
//! server holds the folder), the restored server playing on; bad backups
//! refused with a sentence. For PostgreSQL the documented `pg_dump` and
//! `pg_restore` commands, run the same way.

#![cfg(not(target_arch = "wasm32"))]

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use mind_sports_core::online::protocol::Seated;
use mind_sports_core::online::setup::GameKind;
use mind_sports_server::client;
use support::*;

fn args(dir: &Path, state: &Path, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["--dir", dir.to_str().unwrap(), "--port", "0", "--state"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.push(state.display().to_string());
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// Runs `serve <task> --state STATE FILE`: success, and what it said.
fn task(task: &str, state: &Path, file: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_serve"))
        .args([task, "--state"])
        .arg(state)
        .arg(file)
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), said)
}

/// Plays `squares` in turn from the start of game `seated.0`.
async fn play(at: std::net::SocketAddr, seated: &(Seated, Seated), from: usize, squares: &[&str]) {
    let (eva, petr) = seated;
    let mut black = open(at, &eva.game, Some(&eva.token)).await;
    let mut white = open(at, &eva.game, Some(&petr.token)).await;
    for (i, square) in squares.iter().enumerate() {
        let ply = from + i;
        let mover = if ply % 2 == 0 { &mut black } else { &mut white };
        mover.act(mv(ply as u32, ply, square)).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_while_serving_and_restore() {
    let dir = scratch_dir("backup");
    let state = dir.join("state");
    let file = dir.join("backups").join("mind-sports.sqlite3");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let server = Process::start(&args(&dir, &state, &[]));
    let at = server.address;
    let game = pair(at, setup(GameKind::Othello, "", live("10+0")), false).await;
    play(at, &game, 0, &["f5", "d6", "c3", "d3", "c4"]).await;

    // While the server runs and a second game moves meanwhile.
    let busy = pair(at, setup(GameKind::Othello, "", live("10+0")), false).await;
    let busy_game = busy.0.game.clone();
    let moving = tokio::spawn(async move {
        play(at, &busy, 0, &["f5", "d6", "c3", "d3", "c4", "f4"]).await;
    });
    let (done, said) = task("backup", &state, &file);
    assert!(done, "{said}");
    assert!(
        said.starts_with("backed up") && said.contains("games"),
        "{said}"
    );
    moving.await.unwrap();
    // A backup again replaces the file, whole.
    let (done, said) = task("backup", &state, &file);
    assert!(done && said.contains("2 games (15 events)"), "{said}");
    let leftovers: Vec<_> = std::fs::read_dir(file.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "{leftovers:?}");

    // A move after the backup is not in it.
    play(at, &game, 5, &["f4"]).await;
    // Refused while the server holds the folder, which is unchanged.
    let (done, said) = task("restore", &state, &file);
    assert!(!done && said.contains("another serve"), "{said}");
    assert_eq!(client::view(at, &game.0.game).await.unwrap().moves.len(), 6);

    // Into a fresh folder: a server there has both games as backed up.
    let fresh = dir.join("fresh");
    let (done, said) = task("restore", &fresh, &file);
    assert!(done && said.contains("2 games"), "{said}");
    assert!(!said.contains("kept as"), "{said}");
    let second = Process::start(&args(&dir, &fresh, &[]));
    let view = client::view(second.address, &game.0.game).await.unwrap();
    assert_eq!(view.moves, ["f5", "d6", "c3", "d3", "c4"]);
    let view = client::view(second.address, &busy_game).await.unwrap();
    assert_eq!(view.moves.len(), 6);
    // The restored server plays on.
    play(second.address, &game, 5, &["f4"]).await;
    second.terminate();

    // Over the old folder once its server stopped: the old database kept.
    server.terminate();
    let (done, said) = task("restore", &state, &file);
    assert!(done && said.contains("kept as"), "{said}");
    let kept: Vec<PathBuf> = std::fs::read_dir(&state)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("before-restore"))
        .collect();
    assert!(!kept.is_empty(), "the replaced database is kept");
    let server = Process::start(&args(&dir, &state, &[]));
    let view = client::view(server.address, &game.0.game).await.unwrap();
    assert_eq!(view.moves.len(), 5, "as backed up");
    server.terminate();
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_backups_and_folders_are_refused_with_a_sentence() {
    let dir = scratch_dir("badbackup");
    let state = dir.join("state");
    // Nothing to back up.
    let (done, said) = task("backup", &state, &dir.join("b.sqlite3"));
    assert!(!done && said.contains("no database in"), "{said}");
    // Not a backup: missing, random bytes, an SQLite file of something else.
    let (done, said) = task("restore", &state, &dir.join("missing"));
    assert!(!done && said.contains("no such file"), "{said}");
    let junk = dir.join("junk");
    std::fs::write(&junk, vec![7u8; 10_000]).unwrap();
    let (done, said) = task("restore", &state, &junk);
    assert!(!done && said.contains("not an SQLite database"), "{said}");
    let other = dir.join("other.sqlite3");
    {
        use sqlx::{ConnectOptions, Connection};
        let mut db = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&other)
            .create_if_missing(true)
            .connect()
            .await
            .unwrap();
        sqlx::query("CREATE TABLE t (x)")
            .execute(&mut db)
            .await
            .unwrap();
        db.close().await.unwrap();
    }
    let (done, said) = task("restore", &state, &other);
    assert!(!done && said.contains("not a database of serve"), "{said}");
    assert!(
        !state.join("online.sqlite3").exists(),
        "nothing restored from a bad backup"
    );
    // The folder held (by a server, or another restore).
    std::fs::create_dir_all(&state).unwrap();
    let held = mind_sports_server::state_folder::Guard::claim(&state, 0).unwrap();
    let server_dir = scratch_dir("badbackup-src");
    let source = Process::start(&args(&server_dir, &server_dir.join("state"), &[]));
    let good = dir.join("good.sqlite3");
    assert!(task("backup", &server_dir.join("state"), &good).0);
    source.terminate();
    let (done, said) = task("restore", &state, &good);
    assert!(!done && said.contains("another serve"), "{said}");
    drop(held);
    assert!(task("restore", &state, &good).0);
    // A backup of another database over it: the folder's record of its
    // database follows, so the server starts on the restored one.
    let other_dir = scratch_dir("badbackup-other");
    let other_source = Process::start(&args(&other_dir, &other_dir.join("state"), &[]));
    let game = pair(
        other_source.address,
        setup(GameKind::Nim, "", live("5+0")),
        false,
    )
    .await;
    let second = dir.join("second.sqlite3");
    assert!(task("backup", &other_dir.join("state"), &second).0);
    other_source.terminate();
    // The database restored above carries its source's last heartbeat
    // (taken while it ran): a restore over it waits as the sentence says.
    tokio::time::sleep(std::time::Duration::from_millis(3100)).await;
    let (done, said) = task("restore", &state, &second);
    assert!(done && said.contains("kept as"), "{said}");
    let server = Process::start(&args(&dir, &state, &[]));
    assert!(client::view(server.address, &game.0.game).await.is_ok());
    server.terminate();
    let _ = std::fs::remove_dir_all(other_dir);
    // PostgreSQL's data is not in a folder: the sentence says what to use.
    let out = Command::new(env!("CARGO_BIN_EXE_serve"))
        .args(["backup", "--state"])
        .arg(&state)
        .arg(dir.join("pg"))
        .env("DATABASE_URL", "postgres://u@db.example/mindsports")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pg_dump"));
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(server_dir);
}

/// PostgreSQL's programs, for the documented commands.
fn postgres_program(name: &str) -> PathBuf {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .unwrap()
        .map(|e| e.unwrap().path().join("bin").join(name))
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found.pop().expect("PostgreSQL is installed")
}

/// Runs one of PostgreSQL's programs, which must succeed.
fn run_postgres(name: &str, args: &[&str]) {
    let out = Command::new(postgres_program(name))
        .args(args)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}: {said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_pg_dump_and_pg_restore_as_documented() {
    let url = postgres_database();
    let dir = scratch_dir("pgdump");
    let on = |url: &str| {
        let args = [
            "--dir",
            &dir.display().to_string(),
            "--port",
            "0",
            "--database",
            url,
        ]
        .map(str::to_string);
        Process::start(&args)
    };
    let server = on(&url);
    let at = server.address;
    let game = pair(at, setup(GameKind::Othello, "", live("10+0")), false).await;
    play(at, &game, 0, &["f5", "d6", "c3"]).await;
    // docs/online.md, "Backups": while the server runs.
    let dump = dir.join("mind-sports.dump");
    let dump_text = dump.display().to_string();
    run_postgres("pg_dump", &["--format=custom", "--file", &dump_text, &url]);
    server.terminate();
    let restored = postgres_database();
    run_postgres(
        "pg_restore",
        &["--no-owner", "--dbname", &restored, &dump_text],
    );
    let server = on(&restored);
    let view = client::view(server.address, &game.0.game).await.unwrap();
    assert_eq!(view.moves, ["f5", "d6", "c3"]);
    play(server.address, &game, 3, &["d3"]).await;
    server.terminate();
    let _ = std::fs::remove_dir_all(dir);
}
