//! What a front read of a command: its options' values by name, before [`super::build`]
//! gives them their meaning.

use crate::{Role, User};

/// The value given to an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A person.
    User(User),
    /// The computer (nadare itself, picked or named), at the `computer` option's level.
    Computer,
    /// Stockfish, at the `stockfish` option's Elo.
    Stockfish,
    /// A role of the server.
    Role(Role),
    /// Yes or no.
    Flag(bool),
    /// A whole number.
    Number(i64),
    /// Text, as given (a choice's id or word, a duration, a setup…).
    Text(String),
}

/// The options given to a command (and the subcommand chosen, for one that has them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    /// The subcommand chosen.
    pub sub: Option<String>,
    values: Vec<(String, Value)>,
}

impl Args {
    /// No options given.
    pub fn new() -> Args {
        Args::default()
    }

    /// The options of subcommand `sub`.
    pub fn of_sub(sub: &str) -> Args {
        Args {
            sub: Some(sub.to_owned()),
            values: Vec::new(),
        }
    }

    /// Gives option `name` its value (a later value replaces an earlier one).
    pub fn set(&mut self, name: &str, value: Value) {
        self.values.retain(|(n, _)| n != name);
        self.values.push((name.to_owned(), value));
    }

    /// The value of option `name`, if given.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Option `name`'s text (of a text or choice option).
    pub(super) fn text(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Text(text)) => Some(text),
            _ => None,
        }
    }

    /// Option `name`'s number.
    pub(super) fn number(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(Value::Number(n)) => Some(*n),
            _ => None,
        }
    }

    /// Option `name`'s yes or no.
    pub(super) fn flag(&self, name: &str) -> Option<bool> {
        match self.get(name) {
            Some(Value::Flag(flag)) => Some(*flag),
            _ => None,
        }
    }

    /// Option `name`'s person.
    pub(super) fn user(&self, name: &str) -> Option<&User> {
        match self.get(name) {
            Some(Value::User(user)) => Some(user),
            _ => None,
        }
    }

    /// Option `name`'s role.
    pub(super) fn role(&self, name: &str) -> Option<&Role> {
        match self.get(name) {
            Some(Value::Role(role)) => Some(role),
            _ => None,
        }
    }
}

/// Why the options given cannot make a command. Each front words it in its own way.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    /// No such command (or subcommand): the name given.
    #[error("no command `{0}`")]
    Unknown(String),
    /// A required option is missing.
    #[error("`{0}` is missing")]
    Missing(&'static str),
    /// An option's value is not one it takes.
    #[error("`{text}` is not a value of `{option}`")]
    Bad {
        /// The option.
        option: &'static str,
        /// The value as given.
        text: String,
    },
    /// A person and the computer (or Stockfish) both named, or a level with an Elo.
    #[error("a person and the computer named at once")]
    OpponentAndComputer,
    /// A Chess960 setup and a position both asked for.
    #[error("a Chess960 setup and a position asked for at once")]
    SetupAndPosition,
}
