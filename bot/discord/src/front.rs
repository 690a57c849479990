//! What every handler shares: the game service, the renderer and the front's settings.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use domain::{Command, EarlyPrivacy, GameId, Origin, Reply, User};
use render::Renderer;
use serenity::all::{Member, User as DiscordUser};
use service::GameService;

use super::inflight::InFlight;

/// The state of the Discord front.
pub struct Front {
    /// The game service every command goes to.
    pub service: GameService,
    /// Draws the boards and replays of the service's replies.
    pub renderer: Arc<Renderer>,
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
        renderer: Arc<Renderer>,
        settings: &crate::Settings,
        defer_after: Duration,
    ) -> Front {
        Front {
            service,
            renderer,
            threads: settings.threads,
            typed_moves: settings.typed_moves,
            development_guild: settings.development_guild,
            defer_after,
            in_flight: Arc::new(InFlight::default()),
            registered: AtomicBool::new(false),
        }
    }

    /// The service's reply to `command`, its pictures drawn once the game is let go.
    pub async fn execute(&self, origin: &Origin, command: Command) -> Reply {
        self.execute_noting(origin, command, &EarlyPrivacy::default())
            .await
    }

    /// [`Front::execute`], raising `early` as soon as the reply is known to be private.
    pub async fn execute_noting(
        &self,
        origin: &Origin,
        command: Command,
        early: &EarlyPrivacy,
    ) -> Reply {
        let mut reply = self.service.execute_noting(origin, command, early).await;
        present::draw(&self.renderer, &mut reply).await;
        reply
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
