//! `engine match`: two engine configurations play each other from a fixed
//! set of balanced openings (`engine openings`), every opening once with
//! each colour, and the result is reported from the first configuration's
//! side: wins, draws and losses, the score rate and the mean final disc
//! difference with its standard error. Either side may be a player in
//! another process (`--player-command`, `--opponent-command`): `engine
//! player othello` of another build (the previous version), or a peer's
//! line-protocol driver.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::othello::eval::Evaluator;
use crate::engine::othello::{Analyzer, Color, Move, Position};
use crate::engine::search::{Budget, Limits};

use super::common::{Progress, SearchLimits, Threads};
use super::external::{External, DEFAULT_REQUEST};
use super::matches::{play_recorded_game, PlayerFn, Tally};
use super::numbers::whole;
use super::openings::{first_player_colour, openings_from_args, play_from_openings, OpeningsFile};
use super::usage::ArgsError;
use super::{evaluation, CliError, Report};

/// `engine match`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "CONFIG: an evaluation E, or eval=E,depth=D,time-ms=T,nodes=N,exact=EMPTIES,selective=on|off \
(what it does not set comes from --depth, --time-ms, --nodes, --exact).\n\
--player-command/--opponent-command CMD instead: a line-protocol player in another process, e.g. \
\"old/engine player othello\", asked \"play {board} {side} {ms}\" with {ms} from --time-ms (1000 unless given); \
--player-request/--opponent-request TEMPLATE for another request, with {board} (64 squares X O - from a1), \
{side} (X or O) and {ms}, e.g. \"play {board} {side} 600\" for twice the time of the other side."
)]
pub struct MatchArgs {
    /// The first side's configuration (results are from its side)
    #[arg(long, value_name = "CONFIG")]
    pub player: Option<String>,
    /// The second side's configuration
    #[arg(long, value_name = "CONFIG")]
    pub opponent: Option<String>,
    /// The first side as a line-protocol player in another process
    #[arg(long = "player-command", value_name = "CMD")]
    pub player_command: Option<String>,
    /// The second side as a line-protocol player in another process
    #[arg(long = "opponent-command", value_name = "CMD")]
    pub opponent_command: Option<String>,
    /// The request sent to --player-command (play {board} {side} {ms}
    /// unless given)
    #[arg(long = "player-request", value_name = "TEMPLATE")]
    pub player_request: Option<String>,
    /// The request sent to --opponent-command
    #[arg(long = "opponent-request", value_name = "TEMPLATE")]
    pub opponent_request: Option<String>,
    /// The openings (all of the file unless --count).
    #[command(flatten)]
    pub openings: OpeningsFile,
    /// Both sides' limits, where their CONFIG does not say.
    #[command(flatten)]
    pub limits: SearchLimits,
    /// Solve exactly from this many empties (0 to 30)
    #[arg(long, value_name = "EMPTIES", value_parser = whole(0u32, 30, "a number of empties"))]
    pub exact: Option<u32>,
    /// Threads (1 unless given).
    #[command(flatten)]
    pub threads: Threads,
    /// Progress.
    #[command(flatten)]
    pub progress: Progress,
}

/// One side of a match: how it evaluates and how long it searches.
#[derive(Clone, Copy, Debug)]
struct Config {
    evaluator: Evaluator,
    limits: Limits,
    /// Solve exactly from this many empties before searching (0: leave it
    /// to the analyzer, which solves when the search can reach the end,
    /// or from 20 empties under a time or node limit).
    exact_empties: u32,
    /// Whether the midgame search is selective (ProbCut).
    selective: bool,
}

/// A configuration and how the command line gave it, for reports.
struct Described {
    config: Config,
    text: String,
}

fn bad_spec(spec: &str, why: &str) -> CliError {
    ArgsError::BadValue {
        name: "configuration".into(),
        value: spec.into(),
        expected: why.into(),
    }
    .into()
}

/// Reads a configuration: an evaluation name (`pattern`, `handmade`,
/// `standard`, a weights file) or `key=value` pairs separated by commas
/// (`eval=…`, `depth=…`, `time-ms=…`, `nodes=…`, `exact=…`,
/// `selective=on|off`); what it does
/// not set comes from `defaults`.
fn parse_config(spec: &str, defaults: &Config) -> Result<Described, CliError> {
    let mut config = *defaults;
    let mut eval_name = None;
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((key, value)) = part.split_once('=') else {
            config.evaluator = evaluation::evaluator(part)?;
            eval_name = Some(part.to_string());
            continue;
        };
        // The command line's numbers, read the one way (0: not set).
        let number = |max: u64, what: &'static str| {
            whole(0u64, max, what)(value).map_err(|expected| bad_spec(spec, &expected))
        };
        match key {
            "eval" => {
                config.evaluator = evaluation::evaluator(value)?;
                eval_name = Some(value.to_string());
            }
            "depth" => config.limits.depth = Some(number(60, "a depth")? as u32).filter(|&d| d > 0),
            "time-ms" => {
                config.limits.time_ms = Some(number(1_000_000_000, "a time in milliseconds")?)
                    .filter(|&t| t > 0)
                    .map(|t| t as f64)
            }
            "nodes" => {
                config.limits.nodes = Some(number(u64::MAX, "a node count")?).filter(|&n| n > 0)
            }
            "exact" => config.exact_empties = number(30, "a number of empties")? as u32,
            "selective" => {
                config.selective = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad_spec(spec, "selective=on or selective=off")),
                }
            }
            _ => {
                return Err(bad_spec(
                    spec,
                    "eval=, depth=, time-ms=, nodes=, exact= or selective=",
                ))
            }
        }
    }
    if config.limits == Limits::default() {
        return Err(ArgsError::Conflict(format!(
            "no search limit for {spec:?}: give --depth, --time-ms or --nodes"
        ))
        .into());
    }
    let mut text = eval_name.unwrap_or_else(|| "standard".into());
    let Limits {
        depth,
        nodes,
        time_ms,
    } = config.limits;
    if let Some(d) = depth {
        text += &format!(" depth {d}");
    }
    if let Some(t) = time_ms {
        text += &format!(" {t} ms");
    }
    if let Some(n) = nodes {
        text += &format!(" {n} nodes");
    }
    if config.exact_empties > 0 {
        text += &format!(" exact from {}", config.exact_empties);
    }
    if config.selective != defaults.selective {
        text += if config.selective {
            " selective"
        } else {
            " not selective"
        };
    }
    Ok(Described { config, text })
}

/// The move `config` plays in `position`.
fn choose_move(analyzer: &mut Analyzer, config: &Config, position: &Position) -> Move {
    let clock = SystemClock::new();
    let empties = position.empties().count_ones();
    if empties <= config.exact_empties {
        if let Some(solution) = analyzer.solve(position, &Budget::new(Limits::default(), &clock)) {
            return solution.best.unwrap_or(Move::Pass);
        }
    }
    let budget = Budget::new(config.limits, &clock);
    analyzer
        .analyse(position, &budget, &mut |_| {})
        .best
        .expect("the game is not over")
}

/// One side of a match as the command line gives it.
enum Spec {
    /// The engine in this process.
    Engine(Described),
    /// A line-protocol player in another process.
    External {
        command: String,
        request: String,
        think_ms: f64,
    },
}

impl Spec {
    /// Reads `--<side>` (`config`) or `--<side>-command` (`command`, with
    /// its `request`): one of them.
    fn read(
        side: &str,
        config: Option<&str>,
        command: Option<&str>,
        request: Option<&str>,
        defaults: &Config,
    ) -> Result<Spec, CliError> {
        match (config, command) {
            (Some(config), None) => Ok(Spec::Engine(parse_config(config, defaults)?)),
            (None, Some(command)) => {
                let request = request.unwrap_or(DEFAULT_REQUEST);
                // A request without the position would be refused at every
                // move of every game.
                if !(request.contains("{board}") && request.contains("{side}")) {
                    return Err(ArgsError::BadValue {
                        name: format!("--{side}-request"),
                        value: request.to_string(),
                        expected:
                            "a request with {board} and {side} (e.g. play {board} {side} {ms})"
                                .into(),
                    }
                    .into());
                }
                let think_ms = defaults.limits.time_ms.unwrap_or(1000.0);
                // Started once here, so that a command that does not work
                // is an error of the command line, not of every game.
                External::start(command, request, think_ms)?;
                Ok(Spec::External {
                    command: command.to_string(),
                    request: request.to_string(),
                    think_ms,
                })
            }
            (Some(_), Some(_)) => Err(ArgsError::Conflict(format!(
                "--{side} and --{side}-command: one of them"
            ))
            .into()),
            (None, None) => {
                Err(ArgsError::MissingArgument("--player/--opponent CONFIG or COMMAND").into())
            }
        }
    }

    fn text(&self) -> String {
        match self {
            Spec::Engine(described) => described.text.clone(),
            Spec::External {
                command, think_ms, ..
            } => format!("`{command}` ({think_ms} ms a move)"),
        }
    }

    /// A side ready to play games (on one thread).
    fn side(&self) -> Side {
        match self {
            Spec::Engine(described) => Side::Engine(
                Box::new(
                    Analyzer::new(18)
                        .with_evaluator(described.config.evaluator)
                        .with_selective(described.config.selective),
                ),
                described.config,
            ),
            Spec::External {
                command,
                request,
                think_ms,
            } => Side::External(
                External::start(command, request, *think_ms)
                    .expect("the command started when the match began"),
            ),
        }
    }
}

/// One side of a match, playing.
enum Side {
    Engine(Box<Analyzer>, Config),
    External(External),
}

impl Side {
    /// Ready for a new game: fresh tables, so that each game is the same
    /// whatever ran before it (and on whichever thread).
    fn new_game(&mut self) {
        match self {
            Side::Engine(analyzer, _) => analyzer.clear(),
            Side::External(external) => external.new_game(),
        }
    }

    fn player<'a>(&'a mut self, faults: &'a AtomicU32) -> PlayerFn<'a, Position> {
        match self {
            Side::Engine(analyzer, config) => {
                let config = *config;
                Box::new(move |position: &Position| choose_move(analyzer, &config, position))
            }
            Side::External(external) => {
                Box::new(move |position: &Position| external.choose(position, faults))
            }
        }
    }
}

/// Runs `engine match`.
pub fn run_match(args: &MatchArgs) -> Result<Report, CliError> {
    let defaults = Config {
        evaluator: Evaluator::Standard,
        limits: Limits {
            depth: args.limits.depth,
            nodes: args.limits.nodes,
            time_ms: args.limits.time_ms.map(|t| t as f64),
        },
        exact_empties: args.exact.unwrap_or(0),
        selective: true,
    };
    let player = Spec::read(
        "player",
        args.player.as_deref(),
        args.player_command.as_deref(),
        args.player_request.as_deref(),
        &defaults,
    )?;
    let opponent = Spec::read(
        "opponent",
        args.opponent.as_deref(),
        args.opponent_command.as_deref(),
        args.opponent_request.as_deref(),
        &defaults,
    )?;
    let faults = AtomicU32::new(0);
    let (openings_path, openings) = openings_from_args(&args.openings, None)?;
    let threads = args.threads.threads.unwrap_or(1);
    let progress = args.progress.of("games");

    let clock = SystemClock::new();
    // Each game's moves after its opening, in game order.
    let records = Mutex::new(vec![String::new(); 2 * openings.len()]);
    let margins = play_from_openings(
        &openings,
        threads,
        progress,
        || (player.side(), opponent.side()),
        |(ours, theirs), game, start, player_first| {
            ours.new_game();
            theirs.new_game();
            let (margin, moves) = play_recorded_game(
                start,
                &mut ours.player(&faults),
                &mut theirs.player(&faults),
                player_first,
            );
            let moves: Vec<String> = moves.iter().map(Move::to_string).collect();
            records.lock().expect("no game panics holding it")[game] = moves.join(" ");
            margin
        },
    );
    let seconds = clock.elapsed_seconds();
    let records = records.into_inner().expect("no game panicked holding it");

    let mut tally = Tally::default();
    let mut games = Vec::new();
    for (game, &margin) in margins.iter().enumerate() {
        tally.add(margin);
        games.push(json!({
            "opening": openings[game / 2].0,
            "player_colour": match first_player_colour(game) {
                Color::Black => "black",
                Color::White => "white",
            },
            "disc_difference": margin,
            "moves": records[game],
        }));
    }
    let (mean, error) = tally.margin();
    let rate = tally.score_rate();
    let elo = (rate > 0.0 && rate < 1.0).then(|| -400.0 * (1.0 / rate - 1.0).log10());
    let text = format!(
        "{} vs {}: {} games from {} openings ({openings_path}), each with both colours, {seconds:.1} s\n{}-{}-{} (W-D-L), score {:.1}%{}, disc difference {mean:+.2} ± {error:.2} per game{}",
        player.text(),
        opponent.text(),
        tally.games(),
        openings.len(),
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * rate,
        elo.map(|e| format!(" (Elo {e:+.0})")).unwrap_or_default(),
        match faults.load(Ordering::Relaxed) {
            0 => String::new(),
            n => format!("\n{n} answers of an external player were not legal moves"),
        },
    );
    Ok(Report {
        json: json!({
            "player": player.text(),
            "opponent": opponent.text(),
            "faults": faults.load(Ordering::Relaxed),
            "openings": openings.len(),
            "games": tally.games(),
            "wins": tally.wins,
            "draws": tally.draws,
            "losses": tally.losses,
            "score_rate": rate,
            "elo": elo,
            "disc_difference": mean,
            "disc_difference_error": error,
            "seconds": seconds,
            "results": games,
        }),
        text,
    })
}
