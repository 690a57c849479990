//! The records the database holds, as the service reads and writes them.

use std::time::Duration;

use rules::{Color, Outcome, Variant};

use crate::service::{ChannelId, ColorChoice, GameId, GuildId, SetupChoice, User};

/// An open challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// The id; the game started from it takes the same id.
    pub id: GameId,
    /// The server.
    pub guild: Option<GuildId>,
    /// The channel it was made in.
    pub channel: ChannelId,
    /// Who challenged.
    pub challenger: User,
    /// Who was challenged; `None` for an open challenge.
    pub opponent: Option<User>,
    /// The rule set.
    pub variant: Variant,
    /// The Chess960 setup asked for.
    pub setup: Option<SetupChoice>,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// The per-turn deadline of the game.
    pub deadline: Option<Duration>,
    /// When it was made (Unix ms).
    pub created_ms: i64,
    /// When it lapses (Unix ms).
    pub expires_ms: i64,
}

/// How a challenge ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeEnd {
    /// Accepted: a game started.
    Accepted,
    /// The challenged player said no.
    Declined,
    /// The challenger withdrew it.
    Cancelled,
    /// Nobody answered in time.
    Expired,
}

impl ChallengeEnd {
    /// The status stored for it.
    pub const fn id(self) -> &'static str {
        match self {
            ChallengeEnd::Accepted => "accepted",
            ChallengeEnd::Declined => "declined",
            ChallengeEnd::Cancelled => "cancelled",
            ChallengeEnd::Expired => "expired",
        }
    }
}

/// A game's fixed facts: who, what, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The id.
    pub id: GameId,
    /// The server.
    pub guild: Option<GuildId>,
    /// The channel the game is played in.
    pub channel: ChannelId,
    /// The rule set.
    pub variant: Variant,
    /// The Chess960 setup number, when the game started from one.
    pub chess960: Option<u16>,
    /// The White player.
    pub white: User,
    /// The Black player.
    pub black: User,
    /// The time each turn may take.
    pub deadline: Option<Duration>,
    /// When it started (Unix ms).
    pub created_ms: i64,
    /// What changes during the game besides the turns.
    pub state: GameState,
}

/// A game's changing facts besides its turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameState {
    /// When the current turn began (Unix ms): the deadline counts from here.
    pub turn_started_ms: i64,
    /// Whether the player to move has been reminded of the deadline this turn.
    pub reminded: bool,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The side whose takeback request stands.
    pub takeback: Option<Color>,
    /// A half-entered turn of the player to move, in the service's own encoding.
    pub pending: Option<String>,
    /// The result, once the game is over.
    pub finished: Option<Finished>,
}

/// How and when a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The result.
    pub outcome: Outcome,
    /// When (Unix ms).
    pub at_ms: i64,
}

/// A game as loaded: its facts and the canonical notation of each ply, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The facts.
    pub row: GameRow,
    /// Every ply played, in notation.
    pub turns: Vec<String>,
}

/// Everything unfinished: what the service reloads at start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unfinished {
    /// Open challenges.
    pub challenges: Vec<ChallengeRow>,
    /// Games in progress.
    pub games: Vec<StoredGame>,
    /// Games in progress whose row or turns cannot be read; they stay in the database as
    /// they are.
    pub damaged: Vec<DamagedGame>,
}

/// A stored game that cannot be read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedGame {
    /// The id as stored.
    pub id: i64,
    /// Its channel, when that much can be read.
    pub channel: Option<ChannelId>,
    /// What is wrong.
    pub error: String,
}
