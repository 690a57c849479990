//! Vacations in words.

use super::Say;
use crate::fluent_args;
use domain::messages::VacationMsg;

pub(super) fn words(say: &Say, message: &VacationMsg) -> String {
    match message {
        VacationMsg::Started {
            player,
            days,
            games,
            left,
        } => say.text(
            "vacation-started",
            &fluent_args![
                ("player", say.name(player)),
                ("days", *days),
                ("games", *games),
                ("left", *left)
            ],
        ),
        VacationMsg::Paused { player, days } => say.text(
            "vacation-paused",
            &fluent_args![("player", say.name(player)), ("days", *days)],
        ),
        VacationMsg::Ended {
            player,
            days_used,
            left,
        } => say.text(
            "vacation-ended",
            &fluent_args![
                ("player", say.name(player)),
                ("used", *days_used),
                ("left", *left)
            ],
        ),
        VacationMsg::Resumed { player } => say.text(
            "vacation-resumed",
            &fluent_args![("player", say.name(player))],
        ),
        VacationMsg::TooLong { asked, left } => say.text(
            "vacation-too-long",
            &fluent_args![("asked", *asked), ("left", *left)],
        ),
        VacationMsg::NoDays => say.plain("vacation-no-days"),
        VacationMsg::AlreadyOn => say.plain("vacation-already-on"),
        VacationMsg::NotOn => say.plain("vacation-not-on"),
    }
}
