//! Every service command can be asked for in the console: for each [`CommandKind`] a line
//! that gives it, read the way the console reads a typed line. A command of
//! [`Command::PLAIN`] is its name; any other new kind of command fails the test until the
//! console has a way to ask for it.

use strum::IntoEnumIterator;

use super::line::{Request, parse_line};
use domain::{Command, CommandKind, TournamentAskKind};

/// A console command giving a command of `kind`: the lines below, else its name in
/// [`Command::PLAIN`]; `None` when it has neither.
fn sample(kind: CommandKind) -> Option<&'static str> {
    Some(match kind {
        CommandKind::Challenge => "challenge bob avalanche",
        CommandKind::Move => "move Nf3/a6",
        CommandKind::Promote => "promote Q",
        CommandKind::ConfirmPush => "confirm",
        CommandKind::CancelPush => "cancel-push",
        CommandKind::Draw => "draw offer",
        CommandKind::Takeback => "takeback request",
        CommandKind::Board => "board flip",
        CommandKind::Chess960 => "chess960 518",
        CommandKind::Help => "help",
        CommandKind::Rules => "rules avalanche",
        CommandKind::Gif => "gif 12",
        CommandKind::Review => "review 12",
        CommandKind::History => "history bob 2",
        CommandKind::ShowGame => "game #12",
        CommandKind::Vacation => "vacation 3",
        CommandKind::Rating => "rating @bob avalanche",
        CommandKind::Leaderboard => "leaderboard chess960",
        CommandKind::Language => "language ja",
        CommandKind::Avatars => "avatars off",
        CommandKind::Forget => "forget confirm",
        _ => {
            Command::PLAIN
                .iter()
                .find(|(_, command)| CommandKind::from(command) == kind)?
                .0
        }
    })
}

#[test]
fn every_service_command_has_a_console_command() {
    for kind in CommandKind::iter() {
        let Some(sample) = sample(kind) else {
            panic!("{kind:?} has no console command");
        };
        let line = format!("alice> {sample}");
        let parsed = parse_line(&line).unwrap_or_else(|e| panic!("`{line}` refused: {e}"));
        let Request::Game(command) = &parsed.command else {
            panic!("`{line}` is not a game command");
        };
        assert_eq!(CommandKind::from(command), kind, "`{line}`");
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
