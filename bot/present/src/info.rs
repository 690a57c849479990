//! Help and the rules, from the front's help file and the shared rules file.

use rules::Variant;

use super::Say;
use domain::messages::InfoMsg;

pub(super) fn words(say: &Say, message: &InfoMsg) -> String {
    match message {
        InfoMsg::Help => say.plain("help"),
        InfoMsg::VariantsOverview => say.plain("variants-overview"),
        InfoMsg::Rules(variant) => say.plain(match variant {
            Variant::Standard => "rules-standard",
            Variant::Chess960 => "rules-chess960",
            Variant::Avalanche => "rules-avalanche",
            Variant::AvalancheBalanced => "rules-avalanche-balanced",
            Variant::AvalancheReversed => "rules-avalanche-reversed",
        }),
    }
}
