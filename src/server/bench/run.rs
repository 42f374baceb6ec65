//! The benchmark's driver: a fresh server per database and size, two
//! workers, the server's memory before and after the set-up, the figures.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use mind_sports_server::scratch::Cluster;
use serde::Deserialize;

/// A worker's report (see `worker::Report`).
#[derive(Deserialize, Default)]
pub(crate) struct Report {
    pub games: usize,
    pub moves: usize,
    pub latencies_us: Vec<u32>,
    pub failures: usize,
    pub setup_s: f64,
    #[serde(default)]
    pub finished: usize,
    #[serde(default)]
    pub watched: usize,
    #[serde(default)]
    pub watch_failures: usize,
}

impl Report {
    /// Adds a worker's report to the total.
    pub fn add(&mut self, report: Report) {
        self.games += report.games;
        self.moves += report.moves;
        self.failures += report.failures;
        self.latencies_us.extend(report.latencies_us);
        self.setup_s = self.setup_s.max(report.setup_s);
        self.finished += report.finished;
        self.watched += report.watched;
        self.watch_failures += report.watch_failures;
    }

    /// The median and the 99th percentile of the latencies, ms.
    pub fn quantiles(&mut self) -> (f64, f64) {
        self.latencies_us.sort_unstable();
        let n = self.latencies_us.len();
        let quantile = |q: f64| {
            if n == 0 {
                return f64::NAN;
            }
            f64::from(self.latencies_us[((n - 1) as f64 * q) as usize]) / 1000.0
        };
        (quantile(0.5), quantile(0.99))
    }
}

pub(crate) struct Settings {
    sizes: Vec<usize>,
    seconds: u64,
    databases: Vec<String>,
    pub serve: PathBuf,
    /// The soak's minutes (`--soak N`), instead of the table.
    soak: Option<u64>,
}

/// What `bench-online --help` prints.
const USAGE: &str = "usage: bench-online [--games N,N,…] [--seconds N] \
[--databases sqlite,postgres] [--serve PATH] [--soak MINUTES]
  --games       games (two players each) per row (100,1000,9900 unless given;
                the soak: the first, 1000 unless given)
  --seconds     seconds of moves per row after the set-up (60 unless given)
  --databases   which databases, in order (sqlite,postgres unless given;
                the soak: postgres, two instances, unless given)
  --serve       the server to start (target/release/serve unless given)
  --soak        play on for MINUTES (rematches, a watcher on every tenth
                game), resident memory printed each minute";

/// Reads the command line: every option takes a value; an unknown option,
/// a missing value or a number that is not one is an error to print with
/// the usage, never a panic or a silently ignored word.
fn settings(args: &[String]) -> Result<Settings, String> {
    let mut settings = Settings {
        sizes: vec![100, 1000, 9900],
        seconds: 60,
        databases: vec!["sqlite".into(), "postgres".into()],
        serve: PathBuf::from("target/release/serve"),
        soak: None,
    };
    let (mut databases_given, mut games_given) = (false, false);
    let mut words = args.iter();
    while let Some(name) = words.next() {
        if name == "--help" || name == "-h" {
            return Err(String::new());
        }
        let value = words
            .next()
            .ok_or_else(|| format!("{name} needs a value"))?;
        let number = |text: &str| {
            text.parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{name}: {text:?} is not a positive whole number"))
        };
        match name.as_str() {
            "--games" => {
                games_given = true;
                settings.sizes = value
                    .split(',')
                    .map(|n| number(n).map(|n| n as usize))
                    .collect::<Result<_, _>>()?;
            }
            "--seconds" => settings.seconds = number(value)?,
            "--databases" => {
                databases_given = true;
                settings.databases = value.split(',').map(str::to_string).collect();
                if let Some(other) = settings
                    .databases
                    .iter()
                    .find(|d| *d != "sqlite" && *d != "postgres")
                {
                    return Err(format!(
                        "--databases: {other:?} is neither sqlite nor postgres"
                    ));
                }
            }
            "--serve" => settings.serve = PathBuf::from(value),
            "--soak" => settings.soak = Some(number(value)?),
            _ => return Err(format!("unknown option {name:?}")),
        }
    }
    if settings.soak.is_some() && !databases_given {
        settings.databases = vec!["postgres".into()];
    }
    if settings.soak.is_some() && !games_given {
        settings.sizes = vec![1000];
    }
    Ok(settings)
}

/// The server's resident memory, KiB.
pub(crate) fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The CPU time a process has used, seconds (user and system).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime
    // are the 12th and 13th of them, in clock ticks (100 a second here).
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// The machine's load average over the last minute (other work shares
/// these two cores).
pub(crate) fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .unwrap_or(f64::NAN)
}

/// A `serve` started for the benchmark.
pub(crate) struct Server {
    pub child: Child,
    /// Where it serves (`IP:PORT`).
    pub address: String,
    /// Where its `/metrics` are.
    pub metrics: std::net::SocketAddr,
}

impl Server {
    /// Stops it (SIGTERM) and waits.
    pub fn stop(&mut self) {
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        let _ = self.child.wait();
    }
}

/// Starts `serve` with the limits lifted for the simulated players, its
/// metrics on a loopback port of their own.
pub(crate) fn start_server(serve: &Path, dir: &Path, database: Option<&str>) -> Server {
    std::fs::create_dir_all(dir).expect("a scratch folder");
    std::fs::write(dir.join("index.html"), "<!doctype html>").expect("a page");
    let mut command = Command::new(serve);
    command.args(["--dir", &dir.display().to_string(), "--port", "0"]);
    match database {
        Some(url) => command.args(["--database", url]),
        None => command.args(["--state", &dir.join("state").display().to_string()]),
    };
    command.args([
        "--max-connections-per-address",
        "1000",
        "--max-open-challenges",
        "100000",
        "--max-requests-per-second",
        "100000",
        "--max-games-per-invitation",
        "100000",
        "--metrics-address",
        "127.0.0.1:0",
    ]);
    let mut child = command
        .stdout(Stdio::piped())
        .env("RUST_LOG", "warn")
        .spawn()
        .expect("serve starts (make server)");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut address = None;
    let mut metrics = None;
    for line in lines.by_ref().take(3) {
        let line = line.expect("serve's first lines");
        let at = line.split("http://").nth(1).map(|rest| {
            rest.trim()
                .trim_end_matches("/metrics")
                .trim_end_matches('/')
                .to_string()
        });
        if line.starts_with("serving") {
            address = at;
        } else if line.starts_with("metrics on") {
            metrics = at.and_then(|at| at.parse().ok());
        }
    }
    Server {
        child,
        address: address.expect("serve's address"),
        metrics: metrics.expect("serve's metrics address"),
    }
}

/// Starts a worker on `address` (`extra`: the soak's options).
pub(crate) fn start_worker(
    address: &str,
    games: usize,
    seconds: u64,
    index: usize,
    extra: &[String],
) -> Worker {
    let mut child = Command::new(std::env::current_exe().expect("this program"))
        .args([
            "--worker",
            "--server",
            address,
            "--games",
            &games.to_string(),
        ])
        .args([
            "--seconds",
            &seconds.to_string(),
            "--index",
            &index.to_string(),
        ])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("a worker");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    (child, stdin, stdout)
}

/// A started worker: the process, its standard input and output.
pub(crate) type Worker = (Child, ChildStdin, BufReader<ChildStdout>);

/// Waits until every worker has set up its games.
pub(crate) fn ready(workers: &mut [Worker]) {
    for (_, _, stdout) in workers {
        let mut line = String::new();
        stdout.read_line(&mut line).expect("ready");
    }
}

/// Tells every worker to play.
pub(crate) fn go(workers: &mut [Worker]) {
    for (_, stdin, _) in workers {
        let _ = writeln!(stdin, "go");
    }
}

/// The workers' reports added up, once each has ended.
pub(crate) fn reports(workers: Vec<Worker>) -> Report {
    let mut total = Report::default();
    for (mut child, _, mut stdout) in workers {
        let mut line = String::new();
        stdout.read_line(&mut line).expect("a report");
        total.add(serde_json::from_str(&line).unwrap_or_default());
        let _ = child.wait();
    }
    total
}

/// One database at one size: the figures' row.
fn measure(settings: &Settings, database: &str, games: usize, cluster: Option<&Cluster>) -> String {
    let dir = std::env::temp_dir().join(format!(
        "mind-sports-bench-{}-{database}-{games}",
        std::process::id()
    ));
    let url = cluster.map(|c| c.database(&format!("bench_{games}")).expect("a database"));
    let mut server = start_server(&settings.serve, &dir, url.as_deref());
    let before = resident_kib(server.child.id());
    let started = Instant::now();
    let mut workers: Vec<_> = (0..2)
        .map(|i| {
            start_worker(
                &server.address,
                games / 2 + games % 2 * (1 - i),
                settings.seconds,
                i,
                &[],
            )
        })
        .collect();
    ready(&mut workers);
    let setup_s = started.elapsed().as_secs_f64();
    let after = resident_kib(server.child.id());
    let cpu_before = cpu_seconds(server.child.id());
    go(&mut workers);
    let mut total = reports(workers);
    let server_cpu = (cpu_seconds(server.child.id()) - cpu_before) / settings.seconds as f64;
    let load = load_average();
    server.stop();
    let _ = std::fs::remove_dir_all(&dir);
    let (p50, p99) = total.quantiles();
    let per_game = after.saturating_sub(before) as f64 / total.games.max(1) as f64;
    format!(
        "| {database} | {} | {} | {:.0} | {:.1} | {:.1} | {:.0} KiB | {:.0}% | {:.1} | {:.0} s | {} |",
        total.games,
        2 * total.games,
        total.moves as f64 / settings.seconds as f64,
        p50,
        p99,
        per_game,
        100.0 * server_cpu,
        load,
        setup_s,
        total.failures
    )
}

/// Runs the benchmark.
pub fn main(args: &[String]) {
    let settings = match settings(args) {
        Ok(settings) => settings,
        Err(problem) if problem.is_empty() => {
            println!("{USAGE}");
            return;
        }
        Err(problem) => {
            eprintln!("bench-online: {problem}\n{USAGE}");
            std::process::exit(2);
        }
    };
    if let Some(minutes) = settings.soak {
        for database in &settings.databases {
            crate::soak::soak(&settings, database, settings.sizes[0], minutes);
        }
        return;
    }
    println!("{} s of moves at a human pace per row; latency from the mover's send to the opponent's update", settings.seconds);
    println!(
        "| database | games | connections | moves/s | median ms | p99 ms | memory per game | server CPU | load | set-up | failures |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for database in &settings.databases {
        let cluster =
            (database == "postgres").then(|| Cluster::start(true).expect("PostgreSQL starts"));
        for &games in &settings.sizes {
            println!("{}", measure(&settings, database, games, cluster.as_ref()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::settings;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn the_defaults_and_each_option_are_read() {
        let quiet = settings(&[]).unwrap();
        assert_eq!(quiet.sizes, [100, 1000, 9900]);
        assert_eq!((quiet.seconds, quiet.databases.len()), (60, 2));
        let chosen = settings(&words("--games 10,20 --seconds 5 --databases postgres")).unwrap();
        assert_eq!((chosen.sizes, chosen.seconds), (vec![10, 20], 5));
        assert_eq!(chosen.databases, ["postgres"]);
        assert_eq!(chosen.soak, None);
        let soak = settings(&words("--soak 20")).unwrap();
        assert_eq!(
            (soak.soak, soak.databases),
            (Some(20), vec!["postgres".to_string()])
        );
        assert_eq!(soak.sizes, [1000]);
        let soak = settings(&words("--soak 1 --databases sqlite")).unwrap();
        assert_eq!(soak.databases, ["sqlite"]);
    }

    #[test]
    fn a_wrong_command_line_is_an_error_not_a_run() {
        for line in [
            "--help",
            "--gmaes 10",
            "--games",
            "--games 10,x",
            "--seconds 0",
            "--databases mysql",
            "--soak",
            "--soak 0",
        ] {
            assert!(settings(&words(line)).is_err(), "{line}");
        }
    }
}
