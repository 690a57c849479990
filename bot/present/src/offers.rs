//! Resignations, draws, takebacks and aborts in words.

use super::Say;
use crate::fluent_args;
use domain::messages::OfferMsg;

pub(super) fn words(say: &Say, message: &OfferMsg) -> String {
    let two = |key: &str, a: (&'static str, &str), b: (&'static str, &str)| {
        say.text(
            key,
            &fluent_args![(a.0, say.name(a.1)), (b.0, say.name(b.1))],
        )
    };
    match message {
        OfferMsg::Resigned { player, color } => say.text(
            "offer-resigned",
            &fluent_args![("player", say.player(player, *color))],
        ),
        OfferMsg::Aborted { player } => {
            say.text("offer-aborted", &fluent_args![("player", say.name(player))])
        }
        OfferMsg::SelfDraw { player } => say.text(
            "offer-self-draw",
            &fluent_args![("player", say.name(player))],
        ),
        OfferMsg::SelfTakeback { player } => say.text(
            "offer-self-takeback",
            &fluent_args![("player", say.name(player))],
        ),
        OfferMsg::DrawOffered { by, to } => two("offer-draw-offered", ("by", by), ("to", to)),
        OfferMsg::DrawAccepted { by, offerer } => {
            two("offer-draw-accepted", ("by", by), ("offerer", offerer))
        }
        OfferMsg::DrawDeclined { by, offerer } => {
            two("offer-draw-declined", ("by", by), ("offerer", offerer))
        }
        OfferMsg::TakebackRequested { by, to } => {
            two("offer-takeback-requested", ("by", by), ("to", to))
        }
        OfferMsg::TakebackGranted { by, requester } => two(
            "offer-takeback-granted",
            ("by", by),
            ("requester", requester),
        ),
        OfferMsg::TakebackDeclined { by, requester } => two(
            "offer-takeback-declined",
            ("by", by),
            ("requester", requester),
        ),
    }
}
