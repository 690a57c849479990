//! What the service says unasked: reminders, timeouts, expiries, reports after a restart.

use std::time::Duration;

use rules::Color;

use super::Players;
use crate::GameId;

/// Announcements nobody asked for.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "notice-")]
pub enum NoticeMsg {
    /// A challenge lapsed unanswered.
    ChallengeExpired {
        /// Whose challenge it was.
        challenger: String,
        /// Who was challenged; `None` for an open challenge.
        opponent: Option<String>,
    },
    /// A player did not move within the deadline and lost on time.
    LostOnTime {
        /// Who.
        player: String,
        /// Their colour.
        color: Color,
        /// The time they had for the turn.
        deadline: Duration,
    },
    /// A player's clock ran out: they lose, or draw when the other side could not have won.
    Flagged {
        /// Who.
        player: String,
        /// Their colour.
        color: Color,
        /// True when the game is drawn (the other side could not have won).
        drawn: bool,
    },
    /// A player did not make their first turn in time: the game is called off.
    FirstTurnMissed {
        /// Who.
        player: String,
        /// Their colour.
        color: Color,
        /// The time the first turn had.
        limit: Duration,
    },
    /// A player's time for their turn runs out soon.
    Reminder {
        /// The player to move.
        player: String,
        /// The game.
        game: GameId,
        /// Its players.
        players: Players,
        /// The time left.
        left: Duration,
    },
    /// A stored game could not be restored after a restart; it is kept unchanged.
    SetAside {
        /// The game's id as stored (a damaged row's id may not be a valid game id).
        game: i64,
        /// What is wrong with it, for the bot's operator (technical, not translated).
        detail: String,
    },
    /// The turns that follow were stored but not shown before a restart.
    AnnouncedAfterRestart,
    /// The turns that follow were stored, but their answer did not reach the channel.
    AnnouncedLate,
}
