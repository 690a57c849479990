//! Challenges made, answered and withdrawn, and the games they start.

use std::time::Duration;

use rules::Variant;

use super::{GameKind, Players};
use crate::timing::TimeControl;
use crate::{ColorChoice, SetupChoice};

/// What is said about a challenge and the start of its game.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "challenge-")]
pub enum ChallengeMsg {
    /// A challenge was made in the channel.
    Challenged {
        /// Who challenges.
        challenger: String,
        /// Who is challenged; `None` for anyone.
        opponent: Option<String>,
        /// The rule set.
        variant: Variant,
        /// The Chess960 setup or the position asked for.
        setup: Option<SetupChoice>,
        /// The challenger's colour.
        color: ColorChoice,
        /// The time for each turn.
        deadline: Option<Duration>,
        /// The chess clock, instead of deadlines.
        time: Option<TimeControl>,
    },
    /// How to answer a challenge, and for how long it stands.
    AnswerWithin {
        /// The challenged player; `None` when anyone may accept.
        opponent: Option<String>,
        /// How long the challenge stands.
        ttl: Duration,
    },
    /// A game between two players started.
    Started {
        /// The players.
        players: Players,
        /// What they play.
        kind: GameKind,
    },
    /// A practice game, one player on both sides, started.
    PracticeStarted {
        /// The player.
        player: String,
        /// What they play.
        kind: GameKind,
    },
    /// Each turn must be played within this time.
    TurnDeadline {
        /// The time for each turn.
        deadline: Duration,
    },
    /// The game is played on a chess clock, and each side's first turn has a time limit.
    Clock {
        /// The time control.
        time: TimeControl,
        /// The time each side has for its first turn before the game is aborted.
        first_turn: Duration,
    },
    /// The challenged player declined.
    Declined {
        /// Who declined.
        by: String,
        /// Whose challenge it was.
        challenger: String,
    },
    /// The challenger withdrew their challenge.
    Withdrawn {
        /// The challenger.
        by: String,
    },
}
