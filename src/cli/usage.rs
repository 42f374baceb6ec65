//! Mistakes on the command line, in one line that says what to fix: the
//! ones clap finds while reading the words ([`describe`]) and the ones a
//! command finds in what it was given ([`ArgsError`]).

use std::fmt;

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// A command-line mistake a command finds, with a message that says what
/// to fix.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ArgsError {
    /// The words do not make a command (clap's finding, in words).
    Usage(String),
    /// A required argument is missing.
    MissingArgument(&'static str),
    /// A value that does not parse.
    BadValue {
        /// The option or argument name.
        name: String,
        /// The value given.
        value: String,
        /// What was expected.
        expected: String,
    },
    /// Options that exclude each other, or a required choice not made.
    Conflict(String),
    /// The argument at this position (from 1) is not valid UTF-8.
    NotUtf8(usize),
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgsError::Usage(m) | ArgsError::Conflict(m) => f.write_str(m),
            ArgsError::MissingArgument(a) => write!(f, "missing argument: {a}"),
            ArgsError::BadValue {
                name,
                value,
                expected,
            } => write!(f, "{name}: {value:?} is not {expected}"),
            ArgsError::NotUtf8(n) => write!(f, "argument {n} is not valid UTF-8 text"),
        }
    }
}

impl std::error::Error for ArgsError {}

/// The name of an argument as clap shows it: `--size <N>` is `--size`,
/// `<DEPTH>` is `DEPTH`.
fn name(shown: &str) -> String {
    let first = shown.split_whitespace().next().unwrap_or(shown);
    first.trim_matches(|c| c == '<' || c == '>').to_string()
}

fn context(error: &clap::Error, kind: ContextKind) -> Option<String> {
    match error.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(list) => Some(list.join(", ")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(list) => Some(
            list.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ContextValue::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// What clap found wrong, in one line in the command's own words: a value
/// is `NAME: "value" is not what was expected`, a word that is not a
/// command or game says so. `words` are the command's words (to tell a
/// command from a game).
pub fn describe(error: &clap::Error, words: &[String]) -> String {
    let arg = context(error, ContextKind::InvalidArg).map(|a| name(&a));
    let value = context(error, ContextKind::InvalidValue);
    match error.kind() {
        ErrorKind::ValueValidation | ErrorKind::InvalidValue => {
            let expected = std::error::Error::source(error)
                .map(ToString::to_string)
                .or_else(|| {
                    context(error, ContextKind::ValidValue).map(|valid| format!("one of {valid}"))
                })
                .unwrap_or_else(|| "a value it takes".into());
            format!(
                "{}: {:?} is not {expected}",
                arg.unwrap_or_default(),
                value.unwrap_or_default()
            )
        }
        ErrorKind::InvalidSubcommand => {
            let word = context(error, ContextKind::InvalidSubcommand).unwrap_or_default();
            unknown_subcommand(&word, words)
        }
        ErrorKind::UnknownArgument => {
            let word = arg.unwrap_or_default();
            if word.starts_with('-') {
                format!("unknown option {word}")
            } else {
                format!("unexpected argument {word:?}")
            }
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            if subcommands(words).0.is_empty() =>
        {
            "no command given (try `engine help`)".into()
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let (path, choices, kind) = subcommands(words);
            format!("missing argument: the {kind} of engine {path} ({choices})")
        }
        ErrorKind::MissingRequiredArgument => format!(
            "missing argument: {}",
            context(error, ContextKind::InvalidArg).unwrap_or_default()
        ),
        ErrorKind::ArgumentConflict => format!(
            "{} cannot be given with {}",
            arg.unwrap_or_default(),
            context(error, ContextKind::PriorArg)
                .map(|a| name(&a))
                .unwrap_or_default()
        ),
        _ => first_line(error),
    }
}

/// A word that is not a command, or not a game or step of its command:
/// `unknown game "chess" for engine perft (othello or opok)`.
fn unknown_subcommand(word: &str, words: &[String]) -> String {
    let at = words.iter().position(|w| w == word).unwrap_or(0);
    let (path, choices, kind) = subcommands(&words[..at]);
    if path.is_empty() {
        return format!("unknown command {word:?} (try `engine help`)");
    }
    format!("unknown {kind} {word:?} for engine {path} ({choices})")
}

/// The command `words` name (the words that are subcommands, in order),
/// what may follow it (`othello or opok`) and what that is called (a game
/// or a step).
fn subcommands(words: &[String]) -> (String, String, &'static str) {
    let mut command = <super::Cli as clap::CommandFactory>::command();
    let mut path = Vec::new();
    for word in words {
        if let Some(child) = command.find_subcommand(word).cloned() {
            path.push(word.as_str());
            command = child;
        }
    }
    let mut names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|name| name != "help")
        .collect();
    let last = names.pop().unwrap_or_default();
    let choices = match names.is_empty() {
        true => last,
        false => format!("{} or {last}", names.join(", ")),
    };
    let kind = match path.last() {
        Some(&("train" | "puzzles" | "lessons")) => "step",
        _ => "game",
    };
    (path.join(" "), choices, kind)
}

/// Clap's own message, without its `error: ` and the lines of advice.
fn first_line(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let line = rendered.lines().next().unwrap_or_default();
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}

/// Clap's advice after its message (the usage, a tip, where to find
/// help), for people: what follows the message's paragraph.
pub fn advice(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    match rendered.split_once("\n\n") {
        Some((_, rest)) => rest.trim().to_string(),
        None => String::new(),
    }
}
