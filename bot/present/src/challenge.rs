//! Challenges and the start of games in words.

use super::Say;
use crate::fluent_args;
use domain::Id;
use domain::messages::ChallengeMsg;
use domain::{ColorChoice, SetupChoice};

pub(super) fn words(say: &Say, message: &ChallengeMsg) -> String {
    let args = match message {
        ChallengeMsg::Challenged {
            challenger,
            opponent,
            variant,
            setup,
            color,
            deadline,
            time,
        } => {
            let (setup, number, fen) = match setup {
                Some(SetupChoice::Number(n)) => ("number", i64::from(*n), ""),
                // A Chess960 game is always from some setup: nothing to add.
                Some(SetupChoice::Random) if *variant != rules::Variant::Chess960 => {
                    ("random", 0, "")
                }
                Some(SetupChoice::Position(fen)) => ("position", 0, fen.as_str()),
                _ => ("none", 0, ""),
            };
            let side = match color {
                ColorChoice::White => say.color(rules::Color::White),
                ColorChoice::Black => say.color(rules::Color::Black),
                ColorChoice::Random => String::new(),
            };
            let deadline = deadline.map_or_else(|| "none".to_owned(), |d| say.duration(d));
            fluent_args![
                ("challenger", say.name(challenger)),
                ("opponent", say.name_or_anyone(opponent.as_deref())),
                ("variant", say.variant(*variant)),
                ("setup", setup),
                ("number", number),
                ("fen", say.code(fen)),
                ("color", color.id()),
                ("side", side),
                ("deadline", deadline),
                (
                    "time",
                    time.map_or_else(|| "none".to_owned(), |t| t.to_string())
                )
            ]
        }
        ChallengeMsg::AnswerWithin { opponent, ttl } => {
            let ttl = say.duration(*ttl);
            return match opponent {
                Some(o) => say.says_form(
                    message,
                    "named",
                    &fluent_args![("opponent", say.name(o)), ("ttl", ttl)],
                ),
                None => say.says_form(message, "anyone", &fluent_args![("ttl", ttl)]),
            };
        }
        ChallengeMsg::Started { players, kind } => {
            fluent_args![("players", say.players(players)), ("kind", say.kind(*kind))]
        }
        ChallengeMsg::PracticeStarted { player, kind } => {
            fluent_args![("player", say.name(player)), ("kind", say.kind(*kind))]
        }
        ChallengeMsg::TurnDeadline { deadline } => {
            fluent_args![("deadline", say.duration(*deadline))]
        }
        ChallengeMsg::Clock { time, first_turn } => fluent_args![
            ("time", time.to_string()),
            ("base", say.duration(time.base)),
            ("increment", time.increment.as_secs()),
            ("first", say.duration(*first_turn))
        ],
        ChallengeMsg::Declined { by, challenger } => {
            fluent_args![("by", say.name(by)), ("challenger", say.name(challenger))]
        }
        ChallengeMsg::Withdrawn { by } => fluent_args![("by", say.name(by))],
    };
    say.says(message, &args)
}
