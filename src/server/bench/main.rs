//! `make bench-online`: simulated players over loopback against one
//! `serve` instance. For each database (SQLite, PostgreSQL) and each number
//! of games, a fresh server; games created and joined over HTTP, both
//! players of each connected live; then every game moves at a human pace
//! (one move every 2-10 s, uniformly) for the measured time. Printed: the
//! games held, moves relayed a second, the relay latency (from the mover's
//! send to the opponent's update: median and 99th percentile), the
//! server's memory per game (its resident memory after the set-up less
//! before, per game, both connections included). Asserts nothing.
//!
//! The players run in two worker processes (this program with `--worker`),
//! each with both seats of half the games, so that no process needs more
//! than its share of open files; their connections come from many
//! loopback addresses (each has its own ephemeral ports).
//!
//! `--soak MINUTES` plays on instead (`soak.rs`): two instances on
//! PostgreSQL with each game's players split between them, watchers,
//! rematches, the resident memory printed each minute.

#[cfg(not(target_arch = "wasm32"))]
mod run;
#[cfg(not(target_arch = "wasm32"))]
mod soak;
#[cfg(not(target_arch = "wasm32"))]
mod worker;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--worker") {
        worker::main(&args[1..]);
    } else {
        run::main(&args);
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
