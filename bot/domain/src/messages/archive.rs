//! The archive: pages of finished games, one game shown again, its replay and analysis link.

use rules::Outcome;

use super::{GameKind, Players};
use crate::GameId;

/// What is said about finished games.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "archive-")]
pub enum ArchiveMsg {
    /// A page of finished games, newest first.
    History {
        /// Whose games, when only one player's are listed.
        player: Option<String>,
        /// The page shown, from 1.
        page: u32,
        /// How many pages there are.
        pages: u64,
        /// How many games match in all.
        total: u64,
        /// The games of the page.
        games: Vec<ArchiveLine>,
    },
    /// No finished game matches.
    Empty {
        /// Whose games were asked for, when only one player's.
        player: Option<String>,
    },
    /// The heading of one finished game shown again.
    Shown {
        /// The game.
        id: GameId,
        /// Its players.
        players: Players,
        /// What they played.
        kind: GameKind,
        /// How it ended.
        outcome: Outcome,
        /// When it ended, as `YYYY-MM-DD` (UTC).
        date: String,
    },
    /// A link to an analysis board at the game's final position.
    Analysis {
        /// The address.
        url: String,
    },
    /// The animated replay of a game is attached.
    Replay {
        /// The game.
        id: GameId,
    },
    /// The game is too long for an animated replay.
    ReplayTooLong {
        /// Its turns.
        turns: usize,
        /// The most turns a replay shows.
        limit: usize,
    },
    /// The replay could not be drawn.
    ReplayFailed,
    /// No game with that id is visible from here.
    UnknownGame {
        /// The id asked for.
        id: GameId,
    },
    /// The archive could not be read.
    Unavailable,
}

/// A finished game in a page of the archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveLine {
    /// The game.
    pub id: GameId,
    /// Its players.
    pub players: Players,
    /// What they played.
    pub kind: GameKind,
    /// How it ended.
    pub outcome: Outcome,
    /// How many turns were played.
    pub plies: usize,
    /// When it ended, as `YYYY-MM-DD` (UTC).
    pub date: String,
}
