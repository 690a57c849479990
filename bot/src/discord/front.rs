//! What every handler shares: the game service and the front's settings.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serenity::all::{Member, User as DiscordUser};

use super::inflight::InFlight;
use crate::service::{GameId, GameService, User};

/// The state of the Discord front.
pub struct Front {
    /// The game service every command goes to.
    pub service: GameService,
    /// Open a thread per game where the bot may.
    pub threads: bool,
    /// Play messages that are only a move.
    pub typed_moves: bool,
    /// Register commands to this guild only.
    pub development_guild: Option<u64>,
    /// Interactions whose work takes longer are deferred.
    pub defer_after: Duration,
    /// The handlers at work.
    pub in_flight: Arc<InFlight>,
    registered: AtomicBool,
}

impl Front {
    /// The front over `service` with these settings.
    pub fn new(
        service: GameService,
        threads: bool,
        typed_moves: bool,
        development_guild: Option<u64>,
        defer_after: Duration,
    ) -> Front {
        Front {
            service,
            threads,
            typed_moves,
            development_guild,
            defer_after,
            in_flight: Arc::new(InFlight::default()),
            registered: AtomicBool::new(false),
        }
    }

    /// True the first time only: commands are registered once per process.
    pub fn first_registration(&self) -> bool {
        !self.registered.swap(true, Ordering::AcqRel)
    }

    /// Marks the turns a reply showed announced once it was delivered (a game and how many of
    /// its turns), so a restart announces only turns stored after them.
    pub async fn delivered(&self, shown: Option<(GameId, usize)>) {
        if let Some((game, plies)) = shown {
            self.service.mark_shown(game, plies).await;
        }
    }
}

/// A Discord user as the service knows them, named as the server shows them (the member's
/// nickname first). The name is kept as it is; the presentation escapes it.
pub fn person(user: &DiscordUser, member: Option<&Member>) -> User {
    let name = member.map_or_else(|| user.display_name(), Member::display_name);
    User {
        id: user.id.get(),
        name: name.to_owned(),
    }
}
