//! Finished games in words: pages of the archive, a game shown again, replays, analysis links.

use super::Say;
use crate::fluent_args;
use domain::messages::{ArchiveLine, ArchiveMsg};

pub(super) fn words(say: &Say, message: &ArchiveMsg) -> String {
    let args = match message {
        ArchiveMsg::History {
            player,
            page,
            pages,
            total,
            games,
        } => {
            let heading = say.says(
                message,
                &fluent_args![
                    ("player", whose(say, player.as_deref())),
                    ("total", *total),
                    ("page", *page),
                    ("pages", *pages)
                ],
            );
            let mut lines = vec![say.style.strong(&heading)];
            lines.extend(games.iter().map(|g| line(say, g)));
            return lines.join("\n");
        }
        ArchiveMsg::Empty { player } => fluent_args![("player", whose(say, player.as_deref()))],
        ArchiveMsg::Shown {
            id,
            players,
            kind,
            outcome,
            date,
        } => fluent_args![
            ("id", *id),
            ("players", say.players(players)),
            ("kind", say.kind(*kind)),
            ("result", outcome.result_str()),
            ("outcome", say.outcome(outcome)),
            ("date", date.as_str())
        ],
        ArchiveMsg::Analysis { url } => fluent_args![("url", url.as_str())],
        ArchiveMsg::Replay { id } | ArchiveMsg::UnknownGame { id } => fluent_args![("id", *id)],
        ArchiveMsg::ReplayTooLong { turns, limit } => {
            fluent_args![("turns", *turns), ("limit", *limit)]
        }
        ArchiveMsg::ReplayFailed | ArchiveMsg::Unavailable => fluent_args![],
    };
    say.says(message, &args)
}

/// The player whose games are listed, or `all` for everyone's.
fn whose(say: &Say, player: Option<&str>) -> String {
    player.map_or_else(|| "all".to_owned(), |p| say.name(p))
}

fn line(say: &Say, game: &ArchiveLine) -> String {
    say.text(
        "archive-line",
        &fluent_args![
            ("id", game.id),
            ("players", say.players(&game.players)),
            ("kind", say.kind(game.kind)),
            ("result", game.outcome.result_str()),
            ("outcome", say.outcome(&game.outcome)),
            ("turns", game.plies),
            ("date", game.date.as_str())
        ],
    )
}
