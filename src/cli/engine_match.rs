//! `engine match`: two engine configurations play each other from a fixed
//! set of balanced openings (`engine openings`), every opening once with
//! each colour, and the result is reported from the first configuration's
//! side: wins, draws and losses, the score rate and the mean final disc
//! difference with its standard error. Either side may be a player in
//! another process (`--player-command`, `--opponent-command`): `engine
//! player othello` of another build (the previous version), or a peer's
//! line-protocol driver.

use std::sync::atomic::{AtomicU32, Ordering};

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::othello::eval::Evaluator;
use crate::engine::othello::{Analyzer, Color, Move, Position};
use crate::engine::search::{Budget, Limits};

use super::args::{number_in, on_off, Args, ArgsError};
use super::external::{External, DEFAULT_REQUEST};
use super::matches::{play_game, PlayerFn, Tally};
use super::openings::{first_player_colour, openings_from_args, play_from_openings};
use super::parallel::wants_progress;
use super::{evaluation, CliError, Report};

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
        let number = |what: &str| {
            value
                .parse::<f64>()
                .ok()
                .filter(|v| *v >= 0.0)
                .ok_or_else(|| bad_spec(spec, what))
        };
        match key {
            "eval" => {
                config.evaluator = evaluation::evaluator(value)?;
                eval_name = Some(value.to_string());
            }
            "depth" => config.limits.depth = Some(number("a depth")? as u32).filter(|&d| d > 0),
            "time-ms" => {
                config.limits.time_ms = Some(number("a time in milliseconds")?).filter(|&t| t > 0.0)
            }
            "nodes" => {
                config.limits.nodes = Some(number("a node count")? as u64).filter(|&n| n > 0)
            }
            "exact" => config.exact_empties = number("a number of empties")? as u32,
            "selective" => {
                config.selective =
                    on_off(value).ok_or_else(|| bad_spec(spec, "selective=on or selective=off"))?
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
    /// Reads `--<side>` or `--<side>-command` (one of them).
    fn read(args: &Args, side: &str, defaults: &Config) -> Result<Spec, CliError> {
        let config = args.option(&format!("--{side}"));
        let command = args.option(&format!("--{side}-command"));
        match (config, command) {
            (Some(config), None) => Ok(Spec::Engine(parse_config(config, defaults)?)),
            (None, Some(command)) => {
                let request = args
                    .option(&format!("--{side}-request"))
                    .unwrap_or(DEFAULT_REQUEST);
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
pub fn run_match(words: &[String]) -> Result<Report, CliError> {
    let args = Args::parse(
        words,
        &[
            "player",
            "opponent",
            "openings",
            "count",
            "depth",
            "time-ms",
            "nodes",
            "exact",
            "threads",
            "player-command",
            "opponent-command",
            "player-request",
            "opponent-request",
        ],
        &["json", "progress"],
    )?;
    args.finish()?;
    let defaults = Config {
        evaluator: Evaluator::Standard,
        limits: Limits {
            depth: args.parsed("--depth", "a depth from 1 to 60", number_in(1u32, 60))?,
            nodes: args.parsed("--nodes", "a node count", number_in(1u64, u64::MAX))?,
            time_ms: args.parsed(
                "--time-ms",
                "a time in milliseconds",
                number_in(1.0f64, 1e9),
            )?,
        },
        exact_empties: args
            .parsed(
                "--exact",
                "a number of empties up to 30",
                number_in(0u32, 30),
            )?
            .unwrap_or(0),
        selective: true,
    };
    let player = Spec::read(&args, "player", &defaults)?;
    let opponent = Spec::read(&args, "opponent", &defaults)?;
    let faults = AtomicU32::new(0);
    let (openings_path, openings) = openings_from_args(&args, None)?;
    let threads = args.threads(1)?;
    let progress = wants_progress(args.switch("--progress")).then_some("games");

    let clock = SystemClock::new();
    let margins = play_from_openings(
        &openings,
        threads,
        progress,
        || (player.side(), opponent.side()),
        |(ours, theirs), _, start, player_first| {
            ours.new_game();
            theirs.new_game();
            play_game(
                start,
                &mut ours.player(&faults),
                &mut theirs.player(&faults),
                player_first,
            )
        },
    );
    let seconds = clock.elapsed_seconds();

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
