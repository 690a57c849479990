//! Why nothing happened, in words.

use super::Say;
use crate::fluent_args;
use domain::messages::Refusal;

pub(super) fn words(say: &Say, refusal: &Refusal) -> String {
    let one = |key: &str, name: &'static str, value: &str| {
        say.text(key, &fluent_args![(name, say.name(value))])
    };
    match refusal {
        Refusal::NoGame => say.plain("refusal-no-game"),
        Refusal::OwnChallengeOpen => say.plain("refusal-own-challenge-open"),
        Refusal::ChallengeOpen { challenger } => {
            one("refusal-challenge-open", "challenger", challenger)
        }
        Refusal::GameGoingOn { players } => say.text(
            "refusal-game-going-on",
            &fluent_args![("players", say.players(players))],
        ),
        Refusal::NoStockfish => say.plain("refusal-no-stockfish"),
        Refusal::StockfishChessOnly { variant } => say.text(
            "refusal-stockfish-chess-only",
            &fluent_args![("variant", say.variant(*variant))],
        ),
        Refusal::TooManyChallenges { limit } => say.text(
            "refusal-too-many-challenges",
            &fluent_args![("limit", *limit)],
        ),
        Refusal::DeadlineOutOfRange { min, max } => say.text(
            "refusal-deadline-out-of-range",
            &fluent_args![("min", say.duration(*min)), ("max", say.duration(*max))],
        ),
        Refusal::FixedSetup { variant } => say.text(
            "refusal-fixed-setup",
            &fluent_args![("variant", say.variant(*variant))],
        ),
        Refusal::BadSetup(error) => say.setup_error(error),
        Refusal::AlreadyStarted => say.plain("refusal-already-started"),
        Refusal::NoChallengeToAccept => say.plain("refusal-no-challenge-to-accept"),
        Refusal::NotYoursToAccept { opponent } => {
            one("refusal-not-yours-to-accept", "opponent", opponent)
        }
        Refusal::OwnChallengeAccept => say.plain("refusal-own-challenge-accept"),
        Refusal::NoChallengeToDecline => say.plain("refusal-no-challenge-to-decline"),
        Refusal::OwnChallengeDecline => say.plain("refusal-own-challenge-decline"),
        Refusal::OpenChallengeDecline => say.plain("refusal-open-challenge-decline"),
        Refusal::NotYoursToDecline { opponent } => {
            one("refusal-not-yours-to-decline", "opponent", opponent)
        }
        Refusal::OnlyChallengerCancels { challenger } => {
            one("refusal-only-challenger-cancels", "challenger", challenger)
        }
        Refusal::NothingToCancel => say.plain("refusal-nothing-to-cancel"),
        Refusal::NotStarted { challenger } => one("refusal-not-started", "challenger", challenger),
        Refusal::NotPlaying { players } => say.text(
            "refusal-not-playing",
            &fluent_args![("players", say.players(players))],
        ),
        Refusal::NotYourTurn { player, color } => say.text(
            "refusal-not-your-turn",
            &fluent_args![("player", say.player(player, *color))],
        ),
        Refusal::GameOver(outcome) => say.text(
            "refusal-game-over",
            &fluent_args![
                ("outcome", say.outcome(outcome)),
                ("result", outcome.result_str())
            ],
        ),
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
            format!("{error}\n{close}")
        }
        Refusal::NoTurnToConfirm => say.plain("refusal-no-turn-to-confirm"),
        Refusal::NoHalfTurn => say.plain("refusal-no-half-turn"),
        Refusal::TooLateToAbort => say.plain("refusal-too-late-to-abort"),
        Refusal::DrawOfferStands => say.plain("refusal-draw-offer-stands"),
        Refusal::NoDrawOffer => say.plain("refusal-no-draw-offer"),
        Refusal::TakebackStands => say.plain("refusal-takeback-stands"),
        Refusal::NoTakebackRequest => say.plain("refusal-no-takeback-request"),
        Refusal::NothingToTakeBack => say.plain("refusal-nothing-to-take-back"),
        Refusal::HintsAgainstComputerOnly => say.plain("refusal-hints-against-computer-only"),
        Refusal::NoHint => say.plain("refusal-no-hint"),
        Refusal::Misrouted => say.plain("refusal-misrouted"),
        Refusal::Conflict => say.plain("refusal-conflict"),
        Refusal::SaveFailed => say.plain("refusal-save-failed"),
    }
}
