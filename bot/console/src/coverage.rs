//! Every service command can be asked for in the console: each command
//! [`domain::commands::COMMANDS`] declares, typed with what it needs, is read the way the
//! console reads a typed line, and together they give every [`CommandKind`] (and a line of
//! each [`TournamentAskKind`]).

use std::collections::HashSet;

use strum::IntoEnumIterator;

use super::line::{Request, parse_line};
use domain::commands::{COMMANDS, Kind, Opt};
use domain::{CommandKind, TournamentAskKind};

/// A sample value for each of `options` that must be given, as words after the command.
fn required(options: &[Opt]) -> String {
    options
        .iter()
        .filter(|o| o.required)
        .filter_map(|o| match &o.kind {
            Kind::Choice(choices) => choices.ids.first().map(|id| id.to_string()),
            Kind::Number { min, .. } => Some(min.to_string()),
            Kind::Text { .. } => Some("3".into()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every declared command is a console command, read into the service's requests: together
/// they ask for every kind of command.
#[test]
fn every_service_command_has_a_console_command() {
    let mut kinds = HashSet::new();
    for spec in COMMANDS.iter().filter(|c| c.name != "tournament") {
        let line = format!("alice> {} {}", spec.name, required(spec.options));
        let parsed = parse_line(&line).unwrap_or_else(|e| panic!("`{line}` refused: {e}"));
        let Request::Game(command) = &parsed.command else {
            panic!("`{line}` is not a game command");
        };
        kinds.insert(CommandKind::from(command));
    }
    for kind in CommandKind::iter() {
        assert!(kinds.contains(&kind), "{kind:?} has no console command");
    }
}

/// A console command giving a tournament ask of `kind`.
fn tournament_sample(kind: TournamentAskKind) -> &'static str {
    match kind {
        TournamentAskKind::Create => "tournament create Spring chess960 swiss rounds 3",
        TournamentAskKind::Join => "tournament join",
        TournamentAskKind::Leave => "tournament leave",
        TournamentAskKind::Start => "tournament start",
        TournamentAskKind::Standings => "tournament standings #7",
        TournamentAskKind::Pairings => "tournament pairings 2 #7",
        TournamentAskKind::Info => "tournament info #7",
        TournamentAskKind::Cancel => "tournament cancel",
        TournamentAskKind::Organisers => "tournament organisers arbiters",
    }
}

#[test]
fn every_tournament_ask_has_a_console_command() {
    for kind in TournamentAskKind::iter() {
        let line = format!("alice> {}", tournament_sample(kind));
        let parsed = parse_line(&line).unwrap_or_else(|e| panic!("`{line}` refused: {e}"));
        let Request::Tournament(ask) = &parsed.command else {
            panic!("`{line}` is not a tournament command");
        };
        assert_eq!(TournamentAskKind::from(ask), kind, "`{line}`");
    }
}
