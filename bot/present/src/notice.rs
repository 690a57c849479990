//! What is said unasked, in words.

use super::Say;
use crate::fluent_args;
use domain::messages::NoticeMsg;

pub(super) fn words(say: &Say, message: &NoticeMsg) -> String {
    match message {
        NoticeMsg::ChallengeExpired {
            challenger,
            opponent,
        } => say.text(
            "notice-challenge-expired",
            &fluent_args![
                ("challenger", say.name(challenger)),
                (
                    "opponent",
                    opponent
                        .as_deref()
                        .map_or_else(|| "none".to_owned(), |o| say.name(o))
                )
            ],
        ),
        NoticeMsg::LostOnTime {
            player,
            color,
            deadline,
        } => say.text(
            "notice-lost-on-time",
            &fluent_args![
                ("player", say.player(player, *color)),
                ("deadline", say.duration(*deadline))
            ],
        ),
        NoticeMsg::Reminder {
            player,
            game,
            players,
            left,
        } => say.text(
            "notice-reminder",
            &fluent_args![
                ("player", say.name(player)),
                ("game", *game),
                ("players", say.players(players)),
                ("left", say.duration(*left))
            ],
        ),
        NoticeMsg::SetAside { game, detail } => say.text(
            "notice-set-aside",
            &fluent_args![("game", *game), ("detail", detail.as_str())],
        ),
        NoticeMsg::AnnouncedAfterRestart => say.plain("notice-announced-after-restart"),
        NoticeMsg::AnnouncedLate => say.plain("notice-announced-late"),
    }
}
