//! Why nothing happened, in words.

use super::Say;
use crate::fluent_args;
use domain::messages::Refusal;

pub(super) fn words(say: &Say, refusal: &Refusal) -> String {
    let args = match refusal {
        Refusal::BadSetup(error) => return say.setup_error(error),
        Refusal::Illegal { error, suggestions } => {
            let error = say.move_error(error);
            if suggestions.is_empty() {
                return error;
            }
            let list = suggestions.iter().map(|s| say.code(s)).collect::<Vec<_>>();
            let close = say.text(
                "refusal-suggestions",
                &fluent_args![("suggestions", list.join(", "))],
            );
            return format!("{error}\n{close}");
        }
        Refusal::NoGame
        | Refusal::OwnChallengeOpen
        | Refusal::NoStockfish
        | Refusal::AlreadyStarted
        | Refusal::NoChallengeToAccept
        | Refusal::OwnChallengeAccept
        | Refusal::NoChallengeToDecline
        | Refusal::OwnChallengeDecline
        | Refusal::OpenChallengeDecline
        | Refusal::NothingToCancel
        | Refusal::NoTurnToConfirm
        | Refusal::NoHalfTurn
        | Refusal::TooLateToAbort
        | Refusal::DrawOfferStands
        | Refusal::NoDrawOffer
        | Refusal::TakebackStands
        | Refusal::NoTakebackRequest
        | Refusal::NothingToTakeBack
        | Refusal::HintsAgainstComputerOnly
        | Refusal::NoHint
        | Refusal::Misrouted
        | Refusal::Conflict
        | Refusal::SaveFailed => fluent_args![],
        Refusal::ChallengeOpen { challenger }
        | Refusal::OnlyChallengerCancels { challenger }
        | Refusal::NotStarted { challenger } => fluent_args![("challenger", say.name(challenger))],
        Refusal::NotYoursToAccept { opponent } | Refusal::NotYoursToDecline { opponent } => {
            fluent_args![("opponent", say.name(opponent))]
        }
        Refusal::GameGoingOn { players } | Refusal::NotPlaying { players } => {
            fluent_args![("players", say.players(players))]
        }
        Refusal::StockfishChessOnly { variant } | Refusal::FixedSetup { variant } => {
            fluent_args![("variant", say.variant(*variant))]
        }
        Refusal::TooManyChallenges { limit } => fluent_args![("limit", *limit)],
        Refusal::DeadlineOutOfRange { min, max } => {
            fluent_args![("min", say.duration(*min)), ("max", say.duration(*max))]
        }
        Refusal::NotYourTurn { player, color } => {
            fluent_args![("player", say.player(player, *color))]
        }
        Refusal::BadPosition(error) => fluent_args![("reason", say.fen_error(error))],
        Refusal::PositionOver { outcome } => fluent_args![("outcome", say.outcome(outcome))],
        Refusal::GameOver(outcome) => fluent_args![
            ("outcome", say.outcome(outcome)),
            ("result", outcome.result_str())
        ],
    };
    say.says(refusal, &args)
}
