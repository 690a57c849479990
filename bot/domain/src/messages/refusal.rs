//! Why a command changed nothing.

use std::time::Duration;

use rules::{FenError, MoveError, Outcome, SetupError, Variant};

use super::Players;

/// A refusal: the command was not carried out, and why.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "refusal-")]
pub enum Refusal {
    /// There is no game or challenge in the channel.
    NoGame,
    /// The caller's own challenge is open in the channel already.
    OwnChallengeOpen,
    /// Someone else's challenge is open in the channel.
    ChallengeOpen {
        /// Whose.
        challenger: String,
    },
    /// A game is going on in the channel.
    GameGoingOn {
        /// Its players.
        players: Players,
    },
    /// The caller has as many challenges open as allowed.
    TooManyChallenges {
        /// The limit.
        limit: usize,
    },
    /// The deadline asked for is out of range.
    DeadlineOutOfRange {
        /// The shortest allowed.
        min: Duration,
        /// The longest allowed.
        max: Duration,
    },
    /// Stockfish was challenged where the install has none.
    NoStockfish,
    /// Stockfish was challenged to a variant it does not play.
    StockfishChessOnly {
        /// The variant.
        variant: Variant,
    },
    /// The variant cannot start from a Chess960 setup.
    FixedSetup {
        /// The variant.
        variant: Variant,
    },
    /// The game cannot be set up as asked.
    BadSetup(SetupError),
    /// The position asked for cannot be read, or cannot arise in the variant.
    BadPosition(FenError),
    /// The position asked for is already over: nothing is left to play.
    PositionOver {
        /// How the rules end it.
        outcome: Outcome,
    },
    /// The game in the channel has started already.
    AlreadyStarted,
    /// There is no challenge to accept.
    NoChallengeToAccept,
    /// The challenge is for someone else to accept.
    NotYoursToAccept {
        /// The challenged player.
        opponent: String,
    },
    /// The challenger tried to accept their own open challenge.
    OwnChallengeAccept,
    /// There is no challenge to decline.
    NoChallengeToDecline,
    /// The challenger tried to decline their own challenge.
    OwnChallengeDecline,
    /// Nobody declines an open challenge.
    OpenChallengeDecline,
    /// The challenge is for someone else to decline.
    NotYoursToDecline {
        /// The challenged player.
        opponent: String,
    },
    /// Only the challenger may withdraw a challenge.
    OnlyChallengerCancels {
        /// The challenger.
        challenger: String,
    },
    /// There is nothing of the caller's to cancel.
    NothingToCancel,
    /// The game has not started; a challenge waits.
    NotStarted {
        /// Whose challenge it is.
        challenger: String,
    },
    /// The caller does not play in this game.
    NotPlaying {
        /// The players.
        players: Players,
    },
    /// It is the other side's turn.
    NotYourTurn {
        /// The player to move.
        player: String,
        /// Their colour.
        color: rules::Color,
    },
    /// The game is over.
    GameOver(Outcome),
    /// The turn cannot be played; legal input close to what was typed.
    Illegal {
        /// Why not.
        error: MoveError,
        /// Legal input close to it, best first.
        suggestions: Vec<String>,
    },
    /// No turn waits for confirmation.
    NoTurnToConfirm,
    /// No half-entered turn to drop.
    NoHalfTurn,
    /// Both sides have moved; the game can no longer be aborted.
    TooLateToAbort,
    /// The caller's draw offer stands already.
    DrawOfferStands,
    /// There is no draw offer from the opponent.
    NoDrawOffer,
    /// The caller's takeback request stands already.
    TakebackStands,
    /// There is no takeback request from the opponent.
    NoTakebackRequest,
    /// The caller has no turn to take back.
    NothingToTakeBack,
    /// Hints are for games against the computer only.
    HintsAgainstComputerOnly,
    /// The engine found no hint.
    NoHint,
    /// The command is not answered here (a front sent it to the wrong place).
    Misrouted,
    /// Another process changed the game first; it was reloaded.
    Conflict,
    /// Storage failed; nothing changed.
    SaveFailed,
}
