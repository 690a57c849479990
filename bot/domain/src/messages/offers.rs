//! Resignations, draws, takebacks and aborts.

use rules::Color;

/// What is said when a player ends or rewinds the game by their word.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "offer-")]
pub enum OfferMsg {
    /// A player resigned.
    Resigned {
        /// Who.
        player: String,
        /// Their colour.
        color: Color,
    },
    /// A player called the game off before both sides moved.
    Aborted {
        /// Who.
        player: String,
    },
    /// A player practising alone agreed a draw with themself.
    SelfDraw {
        /// Who.
        player: String,
    },
    /// A player offered a draw.
    DrawOffered {
        /// Who offers.
        by: String,
        /// Who may answer.
        to: String,
    },
    /// A player accepted the draw offered.
    DrawAccepted {
        /// Who accepts.
        by: String,
        /// Who had offered.
        offerer: String,
    },
    /// A player declined the draw offered.
    DrawDeclined {
        /// Who declines.
        by: String,
        /// Who had offered.
        offerer: String,
    },
    /// A player practising alone took back a turn.
    SelfTakeback {
        /// Who.
        player: String,
    },
    /// A player asked to take back their last turn.
    TakebackRequested {
        /// Who asks.
        by: String,
        /// Who may answer.
        to: String,
    },
    /// A takeback was granted.
    TakebackGranted {
        /// Who grants it.
        by: String,
        /// Who had asked.
        requester: String,
    },
    /// A takeback request was declined.
    TakebackDeclined {
        /// Who declines.
        by: String,
        /// Who had asked.
        requester: String,
    },
}
