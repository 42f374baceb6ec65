//! `engine player othello`: the engine as a line-protocol player for
//! external referees (such as `shared/tools/peers/referee.py`), playing as
//! the app does: the web worker's `levels::choose_move` with one
//! [`Analyzer`] of the worker's size kept between the moves of a game, on
//! `--threads N` threads (1 unless given).
//!
//! After `= ready`, one answer line per command:
//!
//! | command | answer |
//! |---|---|
//! | `new` | `= ok` (a new game: the tables are cleared) |
//! | `play BOARD SIDE MS` | `= MOVE SCORE EXACT MS`: the current level (the app's strongest unless `level` says otherwise) with MS per move |
//! | `search BOARD SIDE MS` | the same fields from a plain search limited to MS, without the levels' rules |
//! | `level N` | `= ok` (1 to 7) |
//! | `ping` | `= pong` |
//! | `quit` | none: the session ends |
//!
//! BOARD is 64 characters `X`, `O`, `-` from a1, SIDE `X` or `O`; MOVE a
//! square, `pass`, or `none` when the game is over; SCORE the engine's
//! score in discs for the side to move (`-` when it did not search); EXACT
//! `1` when the score is proved; MS the time taken. Anything else is
//! answered `? reason` and the session goes on.

use std::io::{self, BufRead, Write};

use crate::engine::clock::SystemClock;
use crate::engine::othello::eval::DISC;
use crate::engine::othello::levels::choose_move;
use crate::engine::othello::notation::parse_board;
use crate::engine::othello::{Analyzer, Level, Position, Variant};
use crate::engine::rng::Rng;
use crate::engine::search::{Budget, Limits};
use crate::engine::strength::ThinkTime;
use mind_sports_core::worker::{OTHELLO_EXACT_EMPTIES, TABLE_BITS};

use super::common::{Threads, SEARCH_THREADS_HELP};
use super::nboard::{read_line, Line, MAX_LINE};

/// The longest think time accepted, in milliseconds (an hour).
const MAX_THINK_MS: f64 = 3_600_000.0;

/// One player session: the tables and the level.
pub struct Player {
    analyzer: Analyzer,
    level: Level,
    rng: Rng,
}

impl Default for Player {
    fn default() -> Player {
        Player::new(1)
    }
}

/// `engine player othello`.
#[derive(clap::Args, Debug)]
#[command(after_help = SEARCH_THREADS_HELP)]
pub struct PlayerArgs {
    /// The searches' threads.
    #[command(flatten)]
    pub threads: Threads,
}

impl Player {
    /// A session whose searches and solves run on `threads` threads.
    pub fn new(threads: usize) -> Player {
        Player {
            analyzer: Analyzer::new(TABLE_BITS)
                .with_exact_empties(OTHELLO_EXACT_EMPTIES)
                .with_threads(threads),
            level: Level::MAX,
            rng: Rng::new(1),
        }
    }

    /// How many threads its searches use.
    pub fn threads(&self) -> usize {
        self.analyzer.threads()
    }

    /// The answer to one command line; `None` for `quit`.
    pub fn handle(&mut self, line: &str) -> Option<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        Some(match words.as_slice() {
            ["quit"] => return None,
            [] => "? empty line".into(),
            ["ping"] => "= pong".into(),
            ["new"] => {
                self.analyzer.clear();
                "= ok".into()
            }
            ["level", n] => match n.parse::<u8>().ok().and_then(Level::new) {
                Some(level) => {
                    self.level = level;
                    "= ok".into()
                }
                None => format!("? no level {n:?}: levels are 1 to 7"),
            },
            [command @ ("play" | "search"), board, side, ms] => match read_job(board, side, ms) {
                Ok((position, ms)) if *command == "play" => self.play(&position, ms),
                Ok((position, ms)) => self.search(&position, ms),
                Err(reason) => format!("? {reason}"),
            },
            [command @ ("play" | "search"), ..] => {
                format!("? {command} needs BOARD SIDE MS")
            }
            [other, ..] => format!(
                "? unknown command {:?}",
                crate::engine::text::excerpt(other, 30)
            ),
        })
    }

    /// The current level's move, as the app's worker chooses it.
    fn play(&mut self, position: &Position, ms: f64) -> String {
        let clock = SystemClock::new();
        let choice = choose_move(
            &mut self.analyzer,
            position,
            self.level,
            ThinkTime::new(ms),
            &clock,
            &mut self.rng,
            &mut |_| {},
        );
        let mv = choice.best.map(|m| m.to_string());
        answer(mv, choice.score, choice.exact, &clock)
    }

    /// A plain search limited to `ms`.
    fn search(&mut self, position: &Position, ms: f64) -> String {
        let clock = SystemClock::new();
        let budget = Budget::new(Limits::time_ms(ms), &clock);
        let result = self.analyzer.analyse(position, &budget, &mut |_| {});
        let best = result.best.or_else(|| position.moves().first().copied());
        let score = best.map(|_| result.score);
        answer(best.map(|m| m.to_string()), score, result.exact, &clock)
    }
}

/// `= MOVE SCORE EXACT MS`.
fn answer(mv: Option<String>, score: Option<i32>, exact: bool, clock: &SystemClock) -> String {
    let score = score.map_or("-".to_string(), |s| {
        format!("{:.2}", f64::from(s) / f64::from(DISC))
    });
    format!(
        "= {} {score} {} {:.3}",
        mv.as_deref().unwrap_or("none"),
        u8::from(exact),
        clock.elapsed_seconds() * 1000.0
    )
}

/// The position and think time of a `play` or `search` command.
fn read_job(board: &str, side: &str, ms: &str) -> Result<(Position, f64), String> {
    if board.chars().count() != 64 {
        return Err("BOARD must be 64 characters X O - from a1".into());
    }
    let position =
        parse_board(&format!("{board} {side}"), Variant::Standard).map_err(|e| e.to_string())?;
    let ms: f64 = ms
        .parse()
        .ok()
        .filter(|ms: &f64| ms.is_finite() && *ms > 0.0 && *ms <= MAX_THINK_MS)
        .ok_or_else(|| format!("MS must be a number of milliseconds from 0 to {MAX_THINK_MS}"))?;
    Ok((position, ms))
}

/// Runs a session of `player`: `= ready`, then an answer to every line of
/// `input` until `quit` or its end. Lines that are not UTF-8 or too long
/// are answered with an error; only an I/O error ends the session early.
pub fn serve<R: BufRead, W: Write>(
    mut player: Player,
    mut input: R,
    mut output: W,
) -> io::Result<()> {
    writeln!(output, "= ready")?;
    output.flush()?;
    let mut bytes = Vec::new();
    loop {
        let reply = match read_line(&mut input, &mut bytes)? {
            Line::End => return Ok(()),
            Line::TooLong(length) => {
                format!("? a line of {length} bytes was skipped (at most {MAX_LINE})")
            }
            Line::Read => match std::str::from_utf8(&bytes) {
                Ok(line) => match player.handle(line) {
                    Some(reply) => reply,
                    None => return Ok(()),
                },
                Err(_) => "? not UTF-8".into(),
            },
        };
        writeln!(output, "{reply}")?;
        output.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "---------------------------OX------XO---------------------------";

    fn session(input: &str) -> Vec<String> {
        let mut out = Vec::new();
        serve(Player::default(), input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }

    #[test]
    fn a_session_answers_every_line() {
        let lines = session(&format!(
            "ping\nnew\nlevel 3\nplay {START} X 50\nsearch {START} X 50\nlevel 9\nfly\nquit\nping\n"
        ));
        assert_eq!(lines[..4], ["= ready", "= pong", "= ok", "= ok"]);
        for line in &lines[4..6] {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 5, "{line}");
            assert!(["d3", "c4", "f5", "e6"].contains(&fields[1]), "{line}");
            assert!(
                fields[2] == "-" || fields[2].parse::<f64>().is_ok(),
                "{line}"
            );
            assert!(fields[3] == "0" || fields[3] == "1", "{line}");
            assert!(fields[4].parse::<f64>().is_ok(), "{line}");
        }
        assert!(lines[6].starts_with("? no level"));
        assert!(lines[7].starts_with("? unknown command"));
        // Nothing after quit.
        assert_eq!(lines.len(), 8);
    }

    #[test]
    fn an_endgame_is_played_and_proved() {
        // Black takes h8 on a full board but one square: 64-0 for black.
        // The level plays an only move without searching; a search proves it.
        let board = format!("{}O-", "X".repeat(62));
        let mut player = Player::default();
        let reply = player.handle(&format!("play {board} X 100")).unwrap();
        assert!(reply.starts_with("= h8 - 0 "), "{reply}");
        let reply = player.handle(&format!("search {board} X 100")).unwrap();
        let fields: Vec<&str> = reply.split(' ').collect();
        assert_eq!(fields[..4], ["=", "h8", "64.00", "1"], "{reply}");
        // White has no move there: it passes.
        let board = format!("{}O-", "X".repeat(62));
        let reply = player.handle(&format!("search {board} O 100")).unwrap();
        assert!(reply.starts_with("= pass "), "{reply}");
        // A finished game: no move.
        let reply = player
            .handle(&format!("play {} X 100", "X".repeat(64)))
            .unwrap();
        assert!(reply.starts_with("= none - "), "{reply}");
    }

    #[test]
    fn bad_commands_are_answered_and_the_session_goes_on() {
        let mut player = Player::default();
        for line in [
            "play",
            "play XO X 10",
            &format!("play {START} Z 10"),
            &format!("play {START} X -5"),
            &format!("play {START} X NaN"),
            &format!("search {START} X 1e99"),
            &format!("play {} X 10", "Ж".repeat(64)),
            "level x",
        ] {
            let reply = player.handle(line).unwrap();
            assert!(reply.starts_with("? "), "{line}: {reply}");
        }
        assert_eq!(player.handle("ping").unwrap(), "= pong");
        let long = format!("{}\nping\n", "x".repeat(MAX_LINE + 10));
        let lines = session(&long);
        assert!(lines[1].starts_with("? a line of"));
        assert_eq!(lines[2], "= pong");
        let mut out = Vec::new();
        serve(Player::default(), &b"\xff\xfe\nping\n"[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("? not UTF-8") && text.ends_with("= pong\n"));
    }
}
