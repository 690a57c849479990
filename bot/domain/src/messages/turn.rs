//! Turns: played, entered in steps, and where the game stands after them.

use std::time::Duration;

use rules::{Color, Outcome, Role, Square};

use super::Ply;

/// What is said about a turn and the state of play.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "turn-")]
pub enum TurnMsg {
    /// A turn was played.
    Played {
        /// The turn.
        ply: Ply,
        /// Who played it.
        player: String,
    },
    /// A draw offer lapsed because the side it was made to moved instead of answering.
    DrawOfferLapsed {
        /// Who had offered the draw.
        player: String,
    },
    /// The game goes on: whose turn it is.
    ToMove {
        /// The player to move.
        player: String,
        /// Their colour.
        color: Color,
        /// Whether their king is in check.
        check: bool,
        /// Their pawn waiting on its last rank for a piece (Avalanche), if any.
        promotion: Option<Square>,
        /// The time for each turn, if the game has one.
        deadline: Option<Duration>,
        /// On a chess clock, the time they have left as their turn begins (none on a side's
        /// untimed first turn), in milliseconds.
        clock: Option<i64>,
    },
    /// The game is over.
    Over(Outcome),
    /// The turn entered would lose at once by its push; the player is asked to confirm.
    LosingPush {
        /// The turn.
        notation: String,
    },
    /// The piece for the waiting pawn is chosen; now the move.
    PromotionChosen {
        /// The pawn's square.
        square: Option<Square>,
        /// The piece it becomes.
        role: Role,
    },
    /// The move is noted; now the push.
    MoveNoted {
        /// The move as typed.
        input: String,
        /// The opponent whose pawns may be pushed.
        opponent: String,
        /// The pushes possible.
        pushes: Vec<PushChoice>,
    },
    /// The half-entered turn was dropped.
    Dropped,
    /// A turn the engine suggests.
    Hint {
        /// The turn.
        notation: String,
    },
}

/// A push the player may choose after their move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushChoice {
    /// The square the pushed pawn lands on.
    pub to: Square,
    /// Whether this push leaves the pusher's own king attacked, losing at once.
    pub loses: bool,
}
