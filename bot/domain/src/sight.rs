//! A game as a watcher sees it, for a front that draws its own board (the web page): its
//! facts, every turn from its start, what is played and where it stands, and its clocks, as
//! data.

use std::time::Duration;

use rules::Game;

use crate::messages::{GameKind, TurnMsg};
use crate::timing::Clocks;
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
    /// The clocks of a game on a clock (`row.time`); `None` without one.
    pub clocks: Option<SightClocks>,
}

/// A game's clocks as a watcher sees them: enough for a page to run the clock of the side to
/// move by itself between the service's changes, whatever the watcher's own clock says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SightClocks {
    /// Both sides' times at each position of the game, the start first, then after each ply
    /// as stored; the last as the current turn began (`row.state.clocks`), or as the game
    /// ended (a flagged side's at zero).
    pub at: Vec<Clocks>,
    /// How long each side's first turn may take (it is not charged to the clock) before the
    /// game is aborted.
    pub first_turn_limit: Duration,
    /// The service's clock when the sight was taken (Unix ms): less `row.state.turn_started_ms`,
    /// how long the current turn had run by then.
    pub now_ms: i64,
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

    /// How long the current turn had run when the sight was taken, in milliseconds on the
    /// service's clock (never negative), in a game on a clock.
    pub fn turn_elapsed_ms(&self) -> Option<i64> {
        let clocks = self.clocks.as_ref()?;
        Some(
            clocks
                .now_ms
                .saturating_sub(self.row.state.turn_started_ms)
                .max(0),
        )
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
