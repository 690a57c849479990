//! The service's own records of challenges and games: what it keeps about them besides the
//! rules' `Game`, and what every [`GameStore`](crate::GameStore) backend stores and returns.

use std::time::Duration;

use rules::{Color, Outcome, Variant};

use crate::timing::{Clocks, TimeControl};
use crate::{ChannelId, ColorChoice, GameId, GuildId, SetupChoice, Shown, User};

/// An open challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRecord {
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
    /// The Chess960 setup or the position asked for.
    pub setup: Option<SetupChoice>,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// The per-turn deadline of the game.
    pub deadline: Option<Duration>,
    /// The game's chess clock, instead of a deadline.
    pub time: Option<TimeControl>,
    /// When it was made (Unix ms).
    pub created_ms: i64,
    /// When it lapses (Unix ms).
    pub expires_ms: i64,
    /// Whether the game it leads to is rated (else casual).
    pub rated: bool,
}

/// How a challenge ended.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantArray,
)]
#[strum(serialize_all = "lowercase")]
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

/// A game's fixed facts: who, what, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
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
    /// The start as FEN, when the game started from a position the challenger gave.
    pub start_fen: Option<String>,
    /// The White player.
    pub white: User,
    /// The Black player.
    pub black: User,
    /// The time each turn may take.
    pub deadline: Option<Duration>,
    /// The game's chess clock, instead of a deadline.
    pub time: Option<TimeControl>,
    /// When it started (Unix ms).
    pub created_ms: i64,
    /// Whether its result changes the players' ratings (never for games against the computer
    /// or against oneself).
    pub rated: bool,
    /// What changes during the game besides the turns.
    pub state: GameState,
}

/// A game's changing facts besides its turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameState {
    /// When the current turn began (Unix ms): the deadline, or the clock of the side to
    /// move, counts from here.
    pub turn_started_ms: i64,
    /// Both sides' remaining times when the current turn began, in a game with a clock.
    pub clocks: Option<Clocks>,
    /// Which sides went berserk (an arena's halved clock without increment): White, Black.
    pub berserk: [bool; 2],
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
    /// How many times the game was written: every write expects the revision it read and
    /// stores the next, so a writer holding an older state is refused (optimistic concurrency).
    pub revision: u64,
}

impl GameState {
    /// A copy to change and write next: the same state with the following revision.
    pub fn next(&self) -> GameState {
        GameState {
            revision: self.revision + 1,
            ..self.clone()
        }
    }
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
    pub row: GameRecord,
    /// Every ply played, in notation.
    pub turns: Vec<String>,
    /// Both sides' remaining times after each ply, in a game with a clock (else empty).
    pub clocks: Vec<Clocks>,
    /// How much of it a front has marked as shown to the players (`None`: nothing yet, not
    /// even its start).
    pub announced: Option<Shown>,
}

/// Everything unfinished: what the service reloads at start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unfinished {
    /// Open challenges.
    pub challenges: Vec<ChallengeRecord>,
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
