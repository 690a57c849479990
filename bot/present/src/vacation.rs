//! Vacations in words.

use super::Say;
use crate::fluent_args;
use domain::messages::VacationMsg;

pub(super) fn words(say: &Say, message: &VacationMsg) -> String {
    let args = match message {
        VacationMsg::Started {
            player,
            days,
            games,
            left,
        } => fluent_args![
            ("player", say.name(player)),
            ("days", *days),
            ("games", *games),
            ("left", *left)
        ],
        VacationMsg::Paused { player, days } => {
            fluent_args![("player", say.name(player)), ("days", *days)]
        }
        VacationMsg::Ended {
            player,
            days_used,
            left,
        } => fluent_args![
            ("player", say.name(player)),
            ("used", *days_used),
            ("left", *left)
        ],
        VacationMsg::Resumed { player } => fluent_args![("player", say.name(player))],
        VacationMsg::TooLong { asked, left } => fluent_args![("asked", *asked), ("left", *left)],
        VacationMsg::NoDays | VacationMsg::AlreadyOn | VacationMsg::NotOn => fluent_args![],
    };
    say.says(message, &args)
}
