//! Resignations, draws, takebacks and aborts in words.

use super::Say;
use crate::fluent_args;
use domain::messages::OfferMsg;

pub(super) fn words(say: &Say, message: &OfferMsg) -> String {
    let args = match message {
        OfferMsg::Resigned { player, color } => {
            fluent_args![("player", say.player(player, *color))]
        }
        OfferMsg::Aborted { player }
        | OfferMsg::SelfDraw { player }
        | OfferMsg::SelfTakeback { player } => fluent_args![("player", say.name(player))],
        OfferMsg::DrawOffered { by, to } | OfferMsg::TakebackRequested { by, to } => {
            fluent_args![("by", say.name(by)), ("to", say.name(to))]
        }
        OfferMsg::DrawAccepted { by, offerer } | OfferMsg::DrawDeclined { by, offerer } => {
            fluent_args![("by", say.name(by)), ("offerer", say.name(offerer))]
        }
        OfferMsg::TakebackGranted { by, requester }
        | OfferMsg::TakebackDeclined { by, requester } => {
            fluent_args![("by", say.name(by)), ("requester", say.name(requester))]
        }
    };
    say.says(message, &args)
}
