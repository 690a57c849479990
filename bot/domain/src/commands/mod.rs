//! Every command, declared once: its name, its options with their kinds, ranges and choices,
//! where it works and who may use it. The Discord registration, the reading of a slash
//! command, the console's words and both fronts' help are derived from [`COMMANDS`]; a
//! command's words (its name, options and choices in every language) are the catalog
//! messages named after it (`command-NAME`, `command-NAME-OPTION`, `choice-GROUP-ID`).
//!
//! A front reads what was given into [`Args`] (option names and [`Value`]s) and [`build`]
//! makes the service's [`Request`] from them, so what an option means is written once too.

mod args;
mod build;
mod table;

pub use args::{ArgError, Args, Value};
pub use build::build;
pub use table::COMMANDS;

/// Where a command works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Everywhere nadare is: servers, a direct message with the bot, and the direct and
    /// group messages of a user who installed it.
    Everywhere,
    /// In servers only (a server's settings, ratings and tournaments).
    Servers,
}

/// One command.
#[derive(Debug)]
pub struct Spec {
    /// Its name: the slash command, the console's word and the catalog's `command-NAME`.
    pub name: &'static str,
    /// Other words the console reads as this command.
    pub aliases: &'static [&'static str],
    /// Its options (or subcommands), in the order Discord shows them.
    pub options: &'static [Opt],
    /// Where it works.
    pub place: Place,
    /// Only those who may manage the server may use it.
    pub managers_only: bool,
    /// Registered as a slash command (the others are buttons on Discord).
    pub slash: bool,
}

/// One option of a command, or one of its subcommands.
#[derive(Debug)]
pub struct Opt {
    /// Its name: the slash option, the console's `NAME=…` and the catalog's
    /// `command-COMMAND-NAME`.
    pub name: &'static str,
    /// What it takes.
    pub kind: Kind,
    /// It must be given.
    pub required: bool,
    /// Offered on Discord (the others are the console's; Discord answers with buttons).
    pub slash: bool,
}

/// What an option takes.
#[derive(Debug)]
pub enum Kind {
    /// A user of the server.
    User,
    /// A role of the server.
    Role,
    /// Yes or no; the console sets it by the option's name.
    Flag,
    /// A whole number in `min..=max`.
    Number {
        /// The least.
        min: i64,
        /// The most, if any.
        max: Option<i64>,
    },
    /// The computer's level, one of [`crate::LEVELS`], offered with its strength.
    Level,
    /// Free text of at most `max` characters (at least one), read by [`build`].
    Text {
        /// The most characters.
        max: u16,
        /// Discord offers completions as it is typed.
        autocomplete: bool,
    },
    /// One of a list.
    Choice(Choices),
    /// A subcommand with its own options.
    Sub(&'static [Opt]),
}

/// The choices of an option.
#[derive(Debug)]
pub struct Choices {
    /// The catalog's group: choice `ID` is named by `choice-GROUP-ID`.
    pub group: &'static str,
    /// The choices' ids, as Discord sends them back.
    pub ids: &'static [&'static str],
    /// Other words the console reads as a choice: `(word, id)`.
    pub words: &'static [(&'static str, &'static str)],
}

impl Choices {
    /// The choice `word` names (its id or one of its words, in any case).
    pub fn find(&self, word: &str) -> Option<&'static str> {
        let word = word.to_lowercase();
        self.ids.iter().copied().find(|id| *id == word).or_else(|| {
            self.words
                .iter()
                .find(|(w, _)| *w == word)
                .map(|(_, id)| *id)
        })
    }
}

impl Spec {
    /// Its option (or subcommand) called `name`.
    pub fn option(&self, name: &str) -> Option<&'static Opt> {
        self.options.iter().find(|o| o.name == name)
    }
}

/// The command called `name` (its name, or one of its console aliases).
pub fn command(name: &str) -> Option<&'static Spec> {
    COMMANDS
        .iter()
        .find(|c| c.name == name || c.aliases.contains(&name))
}

/// Every console word of every command with the command it names: names first, in the
/// table's order, then aliases.
pub fn words() -> impl Iterator<Item = (&'static str, &'static Spec)> {
    COMMANDS.iter().map(|c| (c.name, c)).chain(
        COMMANDS
            .iter()
            .flat_map(|c| c.aliases.iter().map(move |a| (*a, c))),
    )
}
