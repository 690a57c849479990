//! What a deployment may tune in the service.

use std::time::Duration;

use crate::StockfishSettings;
use domain::ShardSet;

/// The service's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceConfig {
    /// How long a challenge waits for an answer (default 10 minutes).
    pub challenge_ttl: Duration,
    /// The move deadline of games whose challenge names none (default none).
    pub default_deadline: Option<Duration>,
    /// How long before a deadline the player to move is reminded (default 1 hour; a deadline
    /// shorter than twice this is reminded at half time).
    pub reminder_before: Duration,
    /// How long a finished game stays in its channel for `board` and `moves` before a new
    /// challenge is needed to see anything there (default 1 hour).
    pub finished_retention: Duration,
    /// The shortest move deadline a challenge may ask for (default 1 minute).
    pub min_deadline: Duration,
    /// The longest move deadline a challenge may ask for (default 30 days).
    pub max_deadline: Duration,
    /// The servers whose games this process loads at start (default all).
    pub shards: ShardSet,
    /// How many challenges one user may have open at once, across channels and threads
    /// (default 3), so nobody fills a server with challenge threads.
    pub max_open_challenges: usize,
    /// How many vacation days each player has per calendar year (default 14).
    pub vacation_days_per_year: u32,
    /// The depth a review searches each position to; `None` (the default) for the engine's
    /// own per variant (`engine::review::default_depth`: 11 in standard chess and Chess960,
    /// 5 in Avalanche).
    pub review_depth: Option<u32>,
    /// How long each side has for its first turn in a game with a clock before the game is
    /// aborted (default 1 minute); the clocks run from each side's second turn.
    pub first_turn_limit: Duration,
    /// How much of each turn a person plays on a clock is not charged (default 0.5 s): the
    /// round trip of the board to the player and of their turn back to the bot.
    pub lag_allowance: Duration,
    /// Stockfish for games against it in standard chess and Chess960 (default none: the
    /// computer is nadare's own engine only).
    pub stockfish: Option<StockfishSettings>,
}

impl Default for ServiceConfig {
    fn default() -> ServiceConfig {
        ServiceConfig {
            challenge_ttl: Duration::from_secs(10 * 60),
            default_deadline: None,
            reminder_before: Duration::from_secs(60 * 60),
            finished_retention: Duration::from_secs(60 * 60),
            min_deadline: Duration::from_secs(60),
            max_deadline: Duration::from_secs(30 * 24 * 60 * 60),
            shards: ShardSet::All,
            max_open_challenges: 3,
            vacation_days_per_year: 14,
            review_depth: None,
            first_turn_limit: Duration::from_secs(60),
            lag_allowance: Duration::from_millis(500),
            stockfish: None,
        }
    }
}

impl ServiceConfig {
    /// When, before a deadline of `deadline`, the reminder goes out.
    pub fn reminder_lead(&self, deadline: Duration) -> Duration {
        if self.reminder_before * 2 <= deadline {
            self.reminder_before
        } else {
            deadline / 2
        }
    }
}
