//! Command-line arguments: positional words and `--flag value` options,
//! checked against what each command accepts.

use std::collections::BTreeMap;
use std::fmt;

/// A command-line mistake, with a message that says what to fix.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ArgsError {
    /// No command was given.
    MissingCommand,
    /// The first word is not a command.
    UnknownCommand(String),
    /// A game name that the command does not support.
    UnknownGame(String),
    /// A required positional argument is missing.
    MissingArgument(&'static str),
    /// More positional arguments than the command takes.
    UnexpectedArgument(String),
    /// An option the command does not take.
    UnknownOption(String),
    /// An option given without its value.
    MissingValue(String),
    /// An option given twice.
    RepeatedOption(String),
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
            ArgsError::MissingCommand => f.write_str("no command given (try `engine help`)"),
            ArgsError::UnknownCommand(c) => write!(f, "unknown command {c:?} (try `engine help`)"),
            ArgsError::UnknownGame(g) => write!(f, "unknown game {g:?} for this command"),
            ArgsError::MissingArgument(a) => write!(f, "missing argument: {a}"),
            ArgsError::UnexpectedArgument(a) => write!(f, "unexpected argument {a:?}"),
            ArgsError::UnknownOption(o) => write!(f, "unknown option {o}"),
            ArgsError::MissingValue(o) => write!(f, "option {o} needs a value"),
            ArgsError::RepeatedOption(o) => write!(f, "option {o} given more than once"),
            ArgsError::BadValue {
                name,
                value,
                expected,
            } => write!(f, "{name}: {value:?} is not {expected}"),
            ArgsError::Conflict(m) => f.write_str(m),
            ArgsError::NotUtf8(n) => write!(f, "argument {n} is not valid UTF-8 text"),
        }
    }
}

impl std::error::Error for ArgsError {}

/// Parsed arguments of one command.
#[derive(Debug, Default)]
pub struct Args {
    positional: Vec<String>,
    options: BTreeMap<String, String>,
    switches: Vec<String>,
    next_positional: usize,
}

impl Args {
    /// Splits `words` into positionals, options taking a value (`valued`) and
    /// switches (`switches`); anything else starting with `--` is an error.
    pub fn parse(words: &[String], valued: &[&str], switches: &[&str]) -> Result<Args, ArgsError> {
        let mut args = Args::default();
        let mut i = 0;
        while i < words.len() {
            let word = &words[i];
            // Board strings may start with "--": only `--name` or
            // `--name=value` with a lowercase name is an option.
            let option = word.strip_prefix("--").filter(|rest| {
                rest.split('=').next().is_some_and(|n| {
                    !n.is_empty() && n.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                })
            });
            if let Some(name) = option {
                let (name, inline) = match name.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (name, None),
                };
                let flag = format!("--{name}");
                if switches.contains(&name) {
                    if args.switches.contains(&flag) {
                        return Err(ArgsError::RepeatedOption(flag));
                    }
                    args.switches.push(flag);
                } else if valued.contains(&name) {
                    let value = match inline {
                        Some(v) => v,
                        None => {
                            i += 1;
                            words
                                .get(i)
                                .cloned()
                                .ok_or_else(|| ArgsError::MissingValue(flag.clone()))?
                        }
                    };
                    if args.options.insert(flag.clone(), value).is_some() {
                        return Err(ArgsError::RepeatedOption(flag));
                    }
                } else {
                    return Err(ArgsError::UnknownOption(flag));
                }
            } else {
                args.positional.push(word.clone());
            }
            i += 1;
        }
        Ok(args)
    }

    /// True when the switch (`--json`) was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    /// The next positional argument, required.
    pub fn positional(&mut self, what: &'static str) -> Result<String, ArgsError> {
        let value = self
            .positional
            .get(self.next_positional)
            .cloned()
            .ok_or(ArgsError::MissingArgument(what))?;
        self.next_positional += 1;
        Ok(value)
    }

    /// Fails if positional arguments are left over.
    pub fn finish(&self) -> Result<(), ArgsError> {
        match self.positional.get(self.next_positional) {
            Some(extra) => Err(ArgsError::UnexpectedArgument(extra.clone())),
            None => Ok(()),
        }
    }

    /// The raw value of an option.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }

    /// `--threads` (1 to 64), or `default` when absent.
    pub fn threads(&self, default: usize) -> Result<usize, ArgsError> {
        Ok(self
            .parsed("--threads", "a number of threads", number_in(1usize, 64))?
            .unwrap_or(default))
    }

    /// `--seed` (any whole number), or 1 when absent: every seeded command
    /// starts from the same default.
    pub fn seed(&self) -> Result<u64, ArgsError> {
        Ok(self
            .parsed("--seed", "a whole number", number_in(0u64, u64::MAX))?
            .unwrap_or(1))
    }

    /// An option parsed with `parse`, whose failure is reported as `expected`.
    pub fn parsed<T>(
        &self,
        name: &str,
        expected: &str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<Option<T>, ArgsError> {
        self.option(name)
            .map(|v| {
                parse(v).ok_or_else(|| ArgsError::BadValue {
                    name: name.to_string(),
                    value: v.to_string(),
                    expected: expected.to_string(),
                })
            })
            .transpose()
    }
}

/// Parses `on` or `off`, for [`Args::parsed`].
pub fn on_off(s: &str) -> Option<bool> {
    match s.trim() {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// Parses a whole number within `min..=max`, for [`Args::parsed`].
pub fn number_in<T: std::str::FromStr + PartialOrd>(min: T, max: T) -> impl Fn(&str) -> Option<T> {
    move |s| {
        s.trim()
            .parse::<T>()
            .ok()
            .filter(|v| *v >= min && *v <= max)
    }
}

/// Parses `MIN-MAX` (or a single number, meaning both) of whole numbers
/// within `min..=max`, `MIN` not above `MAX`, for [`Args::parsed`].
pub fn range_in<T: std::str::FromStr + PartialOrd + Copy>(
    min: T,
    max: T,
) -> impl Fn(&str) -> Option<(T, T)> {
    move |text| {
        let (low, high) = text.split_once('-').unwrap_or((text, text));
        let (low, high) = (number_in(min, max)(low)?, number_in(min, max)(high)?);
        (low <= high).then_some((low, high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_switches_and_positionals_are_separated() {
        let mut a = Args::parse(
            &words("othello 5 --size 6 --json --variant=anti"),
            &["size", "variant"],
            &["json"],
        )
        .unwrap();
        assert_eq!(a.positional("game").unwrap(), "othello");
        assert_eq!(a.positional("depth").unwrap(), "5");
        assert!(a.finish().is_ok());
        assert!(a.switch("--json"));
        assert_eq!(a.option("--size"), Some("6"));
        assert_eq!(a.option("--variant"), Some("anti"));
    }

    #[test]
    fn board_strings_starting_with_dashes_are_not_options() {
        let board =
            "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X".to_string();
        let mut a = Args::parse(&[board.clone(), "--json".into()], &[], &["json"]).unwrap();
        assert_eq!(a.positional("board").unwrap(), board);
        assert!(a.switch("--json"));
    }

    #[test]
    fn mistakes_are_named() {
        let e = Args::parse(&words("--bogus 1"), &[], &[]).unwrap_err();
        assert_eq!(e.to_string(), "unknown option --bogus");
        let e = Args::parse(&words("--size"), &["size"], &[]).unwrap_err();
        assert_eq!(e.to_string(), "option --size needs a value");
        let e = Args::parse(&words("--size 4 --size 6"), &["size"], &[]).unwrap_err();
        assert_eq!(e.to_string(), "option --size given more than once");
        let a = Args::parse(&words("--depth x"), &["depth"], &[]).unwrap();
        let e = a
            .parsed("--depth", "a depth from 1 to 60", number_in(1u32, 60))
            .unwrap_err();
        assert_eq!(e.to_string(), "--depth: \"x\" is not a depth from 1 to 60");
        let mut a = Args::parse(&words("a b"), &[], &[]).unwrap();
        a.positional("x").unwrap();
        assert_eq!(
            a.finish().unwrap_err().to_string(),
            "unexpected argument \"b\""
        );
    }
}
