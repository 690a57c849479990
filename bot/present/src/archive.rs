//! Finished games in words: pages of the archive, a game shown again, replays, analysis links.

use super::Say;
use crate::fluent_args;
use domain::messages::{ArchiveLine, ArchiveMsg};

pub(super) fn words(say: &Say, message: &ArchiveMsg) -> String {
    match message {
        ArchiveMsg::History {
            player,
            page,
            pages,
            total,
            games,
        } => {
            let heading = say.text(
                "archive-history",
                &fluent_args![
                    ("player", whose(say, player.as_deref())),
                    ("total", *total),
                    ("page", *page),
                    ("pages", *pages)
                ],
            );
            let mut lines = vec![say.style.strong(&heading)];
            lines.extend(games.iter().map(|g| line(say, g)));
            lines.join("\n")
        }
        ArchiveMsg::Empty { player } => say.text(
            "archive-empty",
            &fluent_args![("player", whose(say, player.as_deref()))],
        ),
        ArchiveMsg::Shown {
            id,
            players,
            kind,
            outcome,
            date,
        } => say.text(
            "archive-shown",
            &fluent_args![
                ("id", *id),
                ("players", say.players(players)),
                ("kind", say.kind(*kind)),
                ("result", outcome.result_str()),
                ("outcome", say.outcome(outcome)),
                ("date", date.as_str())
            ],
        ),
        ArchiveMsg::Analysis { url } => {
            say.text("archive-analysis", &fluent_args![("url", url.as_str())])
        }
        ArchiveMsg::Replay { id } => say.text("archive-replay", &fluent_args![("id", *id)]),
        ArchiveMsg::ReplayTooLong { turns, limit } => say.text(
            "archive-replay-too-long",
            &fluent_args![("turns", *turns), ("limit", *limit)],
        ),
        ArchiveMsg::ReplayFailed => say.plain("archive-replay-failed"),
        ArchiveMsg::UnknownGame { id } => {
            say.text("archive-unknown-game", &fluent_args![("id", *id)])
        }
        ArchiveMsg::Unavailable => say.plain("archive-unavailable"),
    }
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
