//! Every service command can be asked for in the console: for each [`CommandKind`] a line
//! that gives it, read the way the console reads a typed line. A new kind of command fails to
//! compile here until the console has a way to ask for it.

use strum::IntoEnumIterator;

use super::line::{Request, parse_line};
use domain::CommandKind;

/// A console command giving a command of `kind`.
fn sample(kind: CommandKind) -> &'static str {
    match kind {
        CommandKind::Challenge => "challenge bob avalanche",
        CommandKind::Accept => "accept",
        CommandKind::Decline => "decline",
        CommandKind::Cancel => "cancel",
        CommandKind::Move => "move Nf3/a6",
        CommandKind::Promote => "promote Q",
        CommandKind::ConfirmPush => "confirm",
        CommandKind::CancelPush => "cancel-push",
        CommandKind::Resign => "resign",
        CommandKind::Draw => "draw offer",
        CommandKind::Takeback => "takeback request",
        CommandKind::Abort => "abort",
        CommandKind::Hint => "hint",
        CommandKind::Board => "board flip",
        CommandKind::Moves => "moves",
        CommandKind::Games => "games",
        CommandKind::Chess960 => "chess960 518",
        CommandKind::Help => "help",
        CommandKind::Rules => "rules avalanche",
        CommandKind::Rematch => "rematch",
        CommandKind::Gif => "gif 12",
        CommandKind::History => "history bob 2",
        CommandKind::ShowGame => "game #12",
        CommandKind::Vacation => "vacation 3",
        CommandKind::Rating => "rating @bob avalanche",
        CommandKind::Leaderboard => "leaderboard chess960",
        CommandKind::Language => "language ja",
        CommandKind::Avatars => "avatars off",
    }
}

#[test]
fn every_service_command_has_a_console_command() {
    for kind in CommandKind::iter() {
        let line = format!("alice> {}", sample(kind));
        let parsed = parse_line(&line).unwrap_or_else(|e| panic!("`{line}` refused: {e}"));
        let Request::Game(command) = &parsed.command else {
            panic!("`{line}` is not a game command");
        };
        assert_eq!(CommandKind::from(command), kind, "`{line}`");
    }
}
