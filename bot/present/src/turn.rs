//! Turns and the state of play in words.

use rules::Role;

use super::Say;
use crate::fluent_args;
use domain::messages::TurnMsg;

pub(super) fn words(say: &Say, message: &TurnMsg) -> String {
    let args = match message {
        TurnMsg::Played { ply, player } => fluent_args![
            ("turn", say.style.strong(&say.ply(ply))),
            ("player", say.player(player, ply.mover))
        ],
        TurnMsg::DrawOfferLapsed { player } => fluent_args![("player", say.name(player))],
        TurnMsg::ToMove {
            player,
            color,
            check,
            promotion,
            deadline,
            clock,
        } => fluent_args![
            (
                "clock",
                clock.map_or_else(|| "none".to_owned(), domain::timing::clock_face)
            ),
            ("check", if *check { "yes" } else { "no" }),
            ("player", say.player(player, *color)),
            (
                "promotion",
                promotion.map_or_else(|| "none".to_owned(), |s| s.to_string())
            ),
            (
                "deadline",
                deadline.map_or_else(|| "none".to_owned(), |d| say.duration(d))
            )
        ],
        TurnMsg::Over(outcome) => fluent_args![
            ("result", say.style.strong(outcome.result_str())),
            ("outcome", say.outcome(outcome))
        ],
        TurnMsg::LosingPush { notation } | TurnMsg::Hint { notation } => {
            fluent_args![("turn", say.code(notation))]
        }
        TurnMsg::PromotionChosen { square, role } => fluent_args![
            (
                "square",
                square.map_or_else(|| "none".to_owned(), |s| s.to_string())
            ),
            ("piece", say.piece(*role))
        ],
        TurnMsg::MoveNoted {
            input,
            opponent,
            pushes,
        } => {
            let choices = pushes
                .iter()
                .map(|p| {
                    let key = if p.loses {
                        "turn-push-choice-loses"
                    } else {
                        "turn-push-choice"
                    };
                    say.text(key, &fluent_args![("square", say.code(&p.to.to_string()))])
                })
                .collect();
            let example = pushes
                .first()
                .map(|p| say.move_command(&p.to.to_string()))
                .unwrap_or_default();
            fluent_args![
                ("input", say.code(input.trim())),
                ("opponent", say.name(opponent)),
                ("pushes", say.alternatives(choices)),
                ("example", example)
            ]
        }
        TurnMsg::Dropped => fluent_args![],
    };
    say.says(message, &args)
}

impl Say {
    /// "queen", 「クイーン」.
    pub(crate) fn piece(&self, role: Role) -> String {
        self.plain(match role {
            Role::Queen => "piece-queen",
            Role::Rook => "piece-rook",
            Role::Bishop => "piece-bishop",
            Role::Knight => "piece-knight",
            Role::King => "piece-king",
            Role::Pawn => "piece-pawn",
        })
    }

    /// The front's command that plays `turn`: "`/move a6`", "move a6".
    pub(crate) fn move_command(&self, turn: &str) -> String {
        self.text("move-command", &fluent_args![("turn", turn)])
    }
}
