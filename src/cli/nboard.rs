//! `engine nboard`: the NBoard protocol (version 2), one message a line on
//! stdin and stdout, so the NBoard GUI can use the engine as a player and
//! for hints.
//!
//! The GUI sends the whole game with `set game <GGF>`, single moves with
//! `move`, and asks for a move with `go` or for move scores with `hint`.
//! Searches run to the depth set with `set depth`, synchronously: a `ping`
//! is answered only after the search before it, as the protocol asks.
//! `set threads N` (or `set cores N`, the same) runs them on N threads.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

use crate::engine::clock::SystemClock;
use crate::engine::othello::eval::DISC;
use crate::engine::othello::ggf;
use crate::engine::othello::{Analyzer, Move, Position, Rules};
use crate::engine::search::{Budget, Limits, MAX_THREADS};

/// The name the engine gives the GUI.
const NAME: &str = "MindSports";

/// The search depth until the GUI sets one.
const DEFAULT_DEPTH: u32 = 12;

/// The deepest `set depth` accepted (a whole game).
const MAX_DEPTH: u32 = 60;

/// A time cap on every search, so that a depth the position cannot afford
/// (say 60 from the start, which would hand it to the exact solver) still
/// answers with the deepest result reached.
const TIME_CAP_MS: f64 = 60_000.0;

/// Size of the analyzer's tables: `2^TT_BITS` entries each.
const TT_BITS: u32 = 20;

/// The game and settings of one session. Only the current position is
/// kept: the GUI owns the record and resends it with `set game`.
struct Session {
    position: Position,
    depth: u32,
    analyzer: Analyzer,
}

/// The longest message read; a longer line is skipped with an error reply
/// (a GGF game of 60 moves with evaluations and times is about 2 KB).
pub const MAX_LINE: usize = 64 * 1024;

/// Runs a session: reads messages from `input` until `quit` or the end of
/// the input and writes the replies to `output`, flushing after each
/// message. Lines that are not UTF-8, not understood or too long do not end
/// it; only an I/O error does.
pub fn serve<R: BufRead, W: Write>(input: R, output: W) -> io::Result<()> {
    serve_on_threads(1, input, output)
}

/// [`serve`] with searches on `threads` threads until `set threads`
/// says otherwise (`engine nboard --threads N`).
pub fn serve_on_threads<R: BufRead, W: Write>(
    threads: usize,
    mut input: R,
    mut output: W,
) -> io::Result<()> {
    let mut session = Session {
        position: Position::start(Rules::default()),
        depth: DEFAULT_DEPTH,
        analyzer: Analyzer::new(TT_BITS).with_threads(threads),
    };
    let mut bytes = Vec::new();
    loop {
        let mut replies = String::new();
        let go_on = match read_line(&mut input, &mut bytes)? {
            Line::End => return Ok(()),
            Line::TooLong(length) => {
                reply(
                    &mut replies,
                    format_args!(
                        "status error: a line of {length} bytes was skipped (at most {MAX_LINE})"
                    ),
                );
                true
            }
            Line::Read => session.handle(String::from_utf8_lossy(&bytes).trim(), &mut replies),
        };
        output.write_all(replies.as_bytes())?;
        output.flush()?;
        if !go_on {
            return Ok(());
        }
    }
}

/// What [`read_line`] found.
pub(super) enum Line {
    /// A line, in the buffer, without its end.
    Read,
    /// A line longer than [`MAX_LINE`] bytes (so many), read past.
    TooLong(usize),
    /// The end of the input.
    End,
}

/// Reads one line into `bytes`, keeping at most [`MAX_LINE`] bytes of it
/// in memory however long it is.
pub(super) fn read_line<R: BufRead>(input: &mut R, bytes: &mut Vec<u8>) -> io::Result<Line> {
    bytes.clear();
    let mut length = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match length {
                0 => Line::End,
                n if n > MAX_LINE => Line::TooLong(n),
                _ => Line::Read,
            });
        }
        let (part, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        length += part.len();
        if length <= MAX_LINE {
            bytes.extend_from_slice(part);
        }
        let used = ended.unwrap_or(part.len());
        input.consume(used);
        if ended.is_some() {
            return Ok(if length > MAX_LINE {
                Line::TooLong(length)
            } else {
                Line::Read
            });
        }
    }
}

impl Session {
    /// Answers one message into `out` (whole lines); false on `quit`.
    fn handle(&mut self, line: &str, out: &mut String) -> bool {
        let (command, rest) = split_word(line);
        match command {
            "" | "learn" | "analyze" => {}
            "quit" => return false,
            "nboard" => reply(out, format_args!("set myname {NAME}")),
            "ping" => match rest {
                "" => reply(out, format_args!("pong")),
                n => reply(out, format_args!("pong {n}")),
            },
            "set" => self.set(rest, out),
            "move" => self.play(rest, out),
            "hint" => self.hint(rest, out),
            "go" => self.go(out),
            other => {
                let shown: String = other.chars().take(40).collect();
                reply(out, format_args!("status unknown command {shown}"));
            }
        }
        true
    }

    /// `set depth N`, `set game GGF`, `set threads N` or `set cores N`;
    /// other settings (`set contempt N`, …) are ignored so that newer GUIs
    /// still work.
    fn set(&mut self, rest: &str, out: &mut String) {
        let (what, value) = split_word(rest);
        match what {
            "threads" | "cores" => match crate::engine::text::parse_number::<usize>(value) {
                Some(threads) if (1..=MAX_THREADS).contains(&threads) => {
                    self.analyzer.set_threads(threads)
                }
                _ => reply(
                    out,
                    format_args!("status error: {what} must be from 1 to {MAX_THREADS}"),
                ),
            },
            "depth" => match value.parse::<u32>() {
                Ok(depth) if (1..=MAX_DEPTH).contains(&depth) => self.depth = depth,
                _ => reply(
                    out,
                    format_args!("status error: depth must be from 1 to {MAX_DEPTH}"),
                ),
            },
            "game" => match ggf::parse(value) {
                Ok(game) => self.position = game.last(),
                Err(e) => reply(out, format_args!("status error: {e}")),
            },
            _ => {}
        }
    }

    /// `move MV[/EVAL[/TIME]]`: plays a move on the current game.
    fn play(&mut self, rest: &str, out: &mut String) {
        let Some(mv) = ggf::parse_move(rest) else {
            let shown: String = rest.chars().take(40).collect();
            reply(out, format_args!("status error: {shown:?} is not a move"));
            return;
        };
        match self.position.try_play(mv) {
            Ok(next) => self.position = next,
            Err(e) => reply(out, format_args!("status error: {e}")),
        }
    }

    /// The limits of every search: the set depth under the time cap.
    fn limits(&self) -> Limits {
        Limits::depth(self.depth).with_time_ms(TIME_CAP_MS)
    }

    /// `hint N`: the N best moves with their scores, best first; nothing
    /// when the game is over.
    fn hint(&mut self, rest: &str, out: &mut String) {
        let count = match rest.parse::<usize>() {
            Ok(n) => n,
            Err(_) => {
                reply(
                    out,
                    format_args!("status error: hint needs a number of moves"),
                );
                return;
            }
        };
        if count == 0 || self.position.is_over() {
            return;
        }
        let clock = SystemClock::new();
        let budget = Budget::new(self.limits(), &clock);
        let Some(scores) = self
            .analyzer
            .score_moves(&self.position, &budget, &mut |_| {})
        else {
            return;
        };
        for &(mv, score) in scores.scores.iter().take(count) {
            reply(
                out,
                format_args!(
                    "search {} {} 0 {}",
                    move_text(mv),
                    discs(score),
                    scores.depth
                ),
            );
        }
    }

    /// `go`: the best move, its score and the time taken; the game is left
    /// as it is (the GUI sends the move back).
    fn go(&mut self, out: &mut String) {
        if self.position.is_over() {
            reply(out, format_args!("status error: the game is over"));
            return;
        }
        let clock = SystemClock::new();
        let budget = Budget::new(self.limits(), &clock);
        let result = self.analyzer.analyse(&self.position, &budget, &mut |_| {});
        // A search always has a move when the game is not over; the first
        // legal one is a safe answer should that ever change.
        let best = result
            .best
            .or_else(|| self.position.moves().first().copied())
            .unwrap_or(Move::Pass);
        reply(
            out,
            format_args!(
                "=== {}/{}/{:.2}",
                move_text(best),
                discs(result.score),
                clock.elapsed_seconds()
            ),
        );
    }
}

/// Appends one line to the replies. Control characters (from the GUI's
/// own text quoted back) are replaced, so a reply is always one line of
/// printable text.
fn reply(out: &mut String, line: std::fmt::Arguments<'_>) {
    let mut text = String::new();
    // Writing to a String cannot fail.
    let _ = text.write_fmt(line);
    out.extend(
        text.chars()
            .map(|c| if c.is_control() { '\u{FFFD}' } else { c }),
    );
    out.push('\n');
}

/// The first word of `text` and the rest, trimmed.
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim();
    match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    }
}

/// A move as NBoard writes it: `F5`, or `PA` for a pass.
fn move_text(mv: Move) -> String {
    match mv {
        Move::Place(square) => square.to_string().to_ascii_uppercase(),
        Move::Pass => "PA".to_string(),
    }
}

/// A score in hundredths of a disc as discs with two decimals.
fn discs(score: i32) -> String {
    format!("{:.2}", f64::from(score) / f64::from(DISC))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session {
            position: Position::start(Rules::default()),
            depth: DEFAULT_DEPTH,
            analyzer: Analyzer::new(16),
        }
    }

    #[test]
    fn set_threads_and_set_cores_set_the_searches_threads() {
        let mut session = session();
        let mut out = String::new();
        assert_eq!(session.analyzer.threads(), 1);
        assert!(session.handle("set threads 2", &mut out));
        assert_eq!((session.analyzer.threads(), out.as_str()), (2, ""));
        assert!(session.handle("set cores 3", &mut out));
        assert_eq!((session.analyzer.threads(), out.as_str()), (3, ""));
        // The threads are the ones the next search runs on: it answers.
        session.handle("set depth 6", &mut out);
        session.handle("go", &mut out);
        assert!(out.starts_with("=== "), "{out}");
        for bad in ["0", "65", "x", "+2", ""] {
            let mut out = String::new();
            session.handle(&format!("set threads {bad}"), &mut out);
            assert_eq!(
                out, "status error: threads must be from 1 to 64\n",
                "{bad:?}"
            );
            assert_eq!(session.analyzer.threads(), 3);
        }
        let mut out = String::new();
        session.handle("set cores 0", &mut out);
        assert_eq!(out, "status error: cores must be from 1 to 64\n");
    }
}
