//! `scratch-postgres`: a throwaway PostgreSQL cluster for the browser tests
//! of several server instances (`tests/e2e/online-instances.mjs`). Starts
//! the cluster (see `scratch`), creates one database, prints its URL on a
//! line of its own, and keeps the cluster until its standard input closes;
//! the cluster's watchdog cleans up however this process ends.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use mind_sports_server::scratch::Cluster;
    use std::io::Read;

    let cluster = match Cluster::start(false) {
        Ok(cluster) => cluster,
        Err(why) => {
            eprintln!("PostgreSQL did not start: {why}");
            std::process::exit(1);
        }
    };
    match cluster.database("e2e") {
        Ok(url) => println!("{url}"),
        Err(why) => {
            eprintln!("CREATE DATABASE e2e: {why}");
            std::process::exit(1);
        }
    }
    // Until the test closes our standard input (or ends).
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
    drop(cluster);
}

/// A native program only: the workspace is also linted for wasm32.
#[cfg(target_arch = "wasm32")]
fn main() {}
