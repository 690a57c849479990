//! A game as a watcher sees it, for a front that draws its own board (the web page): its
//! facts, every turn from its start, what is played and where it stands, as data.

use rules::Game;

use crate::messages::{GameKind, TurnMsg};
use crate::{GameId, GameRecord, GameReview, UserId};

/// A game as it stands, for watching it: the service hands it out, a front lays it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    /// The stored facts: players, server and channel, standing offers, the result.
    pub row: GameRecord,
    /// The game from its start, every turn played.
    pub played: Game,
    /// What is played: the variant and the setup.
    pub kind: GameKind,
    /// Whose turn it is (with check, a pending promotion, the deadline), or the result.
    pub status: TurnMsg,
    /// The engine's review of the finished game, when one was made.
    pub review: Option<GameReview>,
}

impl Sight {
    /// The game's id.
    pub fn id(&self) -> GameId {
        self.row.id
    }

    /// Whether only its players may watch it: a game outside any server (a DM or group DM).
    pub fn is_private(&self) -> bool {
        self.row.guild.is_none()
    }

    /// Whether `user` plays in it.
    pub fn is_player(&self, user: UserId) -> bool {
        self.row.white.id == user || self.row.black.id == user
    }
}

/// How long a play link is good for, in minutes.
pub const PLAY_LINK_MINUTES: u32 = 10;

/// Where a game can be watched and played on the web, for a front that links to it (the
/// Discord board's buttons). The web front makes the addresses; fronts only pass them on.
pub trait WebLinks: Send + Sync + std::fmt::Debug {
    /// The address of `game`'s page, which anyone may watch (outside a server, its players).
    fn watch(&self, game: GameId) -> String;

    /// A personal address that lets `user` play `game` on the web: signed, short-lived and
    /// good for one visit.
    fn play(&self, game: GameId, user: UserId) -> String;
}
