//! What is said unasked, in words.

use super::Say;
use crate::fluent_args;
use domain::messages::NoticeMsg;

pub(super) fn words(say: &Say, message: &NoticeMsg) -> String {
    let args = match message {
        NoticeMsg::ChallengeExpired {
            challenger,
            opponent,
        } => fluent_args![
            ("challenger", say.name(challenger)),
            (
                "opponent",
                opponent
                    .as_deref()
                    .map_or_else(|| "none".to_owned(), |o| say.name(o))
            )
        ],
        NoticeMsg::LostOnTime {
            player,
            color,
            deadline,
        } => fluent_args![
            ("player", say.player(player, *color)),
            ("deadline", say.duration(*deadline))
        ],
        NoticeMsg::Flagged {
            player,
            color,
            drawn,
        } => fluent_args![
            ("player", say.player(player, *color)),
            ("drawn", if *drawn { "yes" } else { "no" })
        ],
        NoticeMsg::FirstTurnMissed {
            player,
            color,
            limit,
        } => fluent_args![
            ("player", say.player(player, *color)),
            ("limit", say.duration(*limit))
        ],
        NoticeMsg::Reminder {
            player,
            game,
            players,
            left,
        } => fluent_args![
            ("player", say.name(player)),
            ("game", *game),
            ("players", say.players(players)),
            ("left", say.duration(*left))
        ],
        NoticeMsg::SetAside { game, detail } => {
            fluent_args![("game", *game), ("detail", detail.as_str())]
        }
        NoticeMsg::AnnouncedAfterRestart | NoticeMsg::AnnouncedLate => fluent_args![],
    };
    say.says(message, &args)
}
