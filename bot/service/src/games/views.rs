//! What anyone may look at in a channel: the board, the games under way in a server, and the
//! turns the player to move may type (for autocomplete).

use domain::messages::{ChallengeLine, GameLine, ViewMsg};
use domain::{
    ChannelId, GameId, Origin, Reply, ReviewStatus, Sight, StoredReview, UserId, suggest,
};

use super::play::candidates;
use super::{Games, clocks};
use crate::live::{Live, Slot};
use crate::replies::{board_reply, shown_game};

/// The most games `games` lists.
const GAMES_LIMIT: usize = 25;

/// How long autocomplete waits for a busy game: Discord drops answers after three seconds.
pub const SUGGESTIONS_WAIT: std::time::Duration = std::time::Duration::from_millis(800);

/// The board of the game in `slot`: as its channel sees it ([`Live::shown_side`]), or with
/// `flip` turned around, only for the one who asked.
///
/// [`Live::shown_side`]: crate::live::Live::shown_side
pub(crate) fn board(slot: &Slot, flip: bool) -> Reply {
    let live = match shown_game(slot) {
        Ok(live) => live,
        Err(reply) => return *reply,
    };
    let mut orientation = live.shown_side();
    if flip {
        orientation = orientation.opposite();
    }
    let moved = live.game.turns().len();
    let last = live
        .game
        .notations()
        .last()
        .map(|n| live.ply(moved.saturating_sub(1), n));
    let heading = ViewMsg::Game {
        players: live.players(),
        kind: live.kind(),
        last,
    };
    let messages = vec![heading.into(), live.status().into()];
    let mut reply = board_reply(live, orientation, messages);
    reply.mentions.clear();
    reply.private = flip;
    reply
}

impl Games {
    /// The games under way and the open challenges `origin` may see: the server's, or
    /// outside any server the caller's own.
    pub(crate) async fn list(&self, origin: &Origin) -> Reply {
        let all = self.all_slots();
        // In a server: its games. Outside any server: only the caller's own games.
        let visible = |guild: Option<u64>, players: &[u64]| match origin.guild {
            Some(g) => guild == Some(g),
            None => guild.is_none() && players.contains(&origin.user.id),
        };
        let mut games = Vec::new();
        let mut challenges = Vec::new();
        for (channel, slot) in all {
            let guard = slot.lock().await;
            match &*guard {
                Slot::Game(live)
                    if live.outcome().is_none()
                        && visible(live.row.guild, &[live.row.white.id, live.row.black.id]) =>
                {
                    games.push(GameLine {
                        id: live.row.id,
                        players: live.players(),
                        kind: live.kind(),
                        move_number: live.game.position().fullmove_number(),
                        to_move: live.player(live.to_move()).name.clone(),
                        channel,
                    });
                }
                Slot::Challenge(c)
                    if visible(
                        c.guild,
                        &[c.challenger.id, c.opponent.as_ref().map_or(0, |o| o.id)],
                    ) =>
                {
                    challenges.push(ChallengeLine {
                        id: c.id,
                        challenger: c.challenger.name.clone(),
                        opponent: c.opponent.as_ref().map(|o| o.name.clone()),
                        variant: c.variant,
                        channel,
                    });
                }
                _ => {}
            }
        }
        if games.is_empty() && challenges.is_empty() {
            return Reply::public(ViewMsg::NoGames);
        }
        games.sort_by_key(|g| g.id);
        challenges.sort_by_key(|c| c.id);
        let more = games.len().saturating_sub(GAMES_LIMIT);
        games.truncate(GAMES_LIMIT);
        challenges.truncate(GAMES_LIMIT);
        Reply::public(ViewMsg::Games {
            games,
            more,
            challenges,
        })
    }

    /// The turns the player to move in `origin`'s channel may have begun typing (see
    /// [`GameService::move_suggestions`](crate::GameService::move_suggestions)); empty rather
    /// than later than [`SUGGESTIONS_WAIT`].
    pub(crate) async fn move_suggestions(
        &self,
        origin: &Origin,
        typed: &str,
        limit: usize,
    ) -> Vec<String> {
        let Ok(Some(guard)) =
            tokio::time::timeout(SUGGESTIONS_WAIT, self.existing_slot(origin.channel)).await
        else {
            return Vec::new();
        };
        let Slot::Game(live) = &*guard else {
            return Vec::new();
        };
        if live.outcome().is_some() || !live.colors_of(origin.user.id).contains(&live.to_move()) {
            return Vec::new();
        }
        let candidates = candidates(live, typed.trim().is_empty());
        suggest::complete(typed, &candidates, limit)
    }

    /// Whether `user` is the player to move in the game in `channel` (for typed moves).
    pub(crate) async fn is_player_to_move(&self, channel: ChannelId, user: UserId) -> bool {
        let Some(guard) = self.existing_slot(channel).await else {
            return false;
        };
        match &*guard {
            Slot::Game(live) => live.outcome().is_none() && live.player(live.to_move()).id == user,
            _ => false,
        }
    }
}

impl Games {
    /// `game` as a watcher sees it: as held here, or as stored (a game finished long ago, or
    /// played through another process); `None` for an id that is no game.
    pub(crate) async fn sight(&self, game: GameId) -> Option<Sight> {
        let mut sight = self.sight_of_game(game).await?;
        if sight.played.outcome().is_some() {
            sight.review = match self.ctx.db().review(game).await {
                Ok(Some(StoredReview {
                    status: ReviewStatus::Done { review, .. },
                    ..
                })) => Some(review),
                Ok(_) => None,
                Err(e) => {
                    tracing::warn!(game, error = %e, "could not load a game's review to show");
                    None
                }
            };
        }
        Some(sight)
    }

    /// `game` as held here, or as stored.
    async fn sight_of_game(&self, game: GameId) -> Option<Sight> {
        if let Some(channel) = self.channel_of_game(game)
            && let Some(mut guard) = self.existing_slot(channel).await
        {
            // What another process changed is shown as stored.
            self.reload_if_conflicted(&mut guard, channel).await;
            if let Slot::Game(live) = &*guard
                && live.row.id == game
            {
                return Some(live.sight(clocks::sight(&self.ctx, live)));
            }
        }
        let stored = match self.ctx.db().load_game(game).await {
            Ok(stored) => stored?,
            Err(e) => {
                tracing::warn!(game, error = %e, "could not load a game to watch");
                return None;
            }
        };
        match Live::restore(stored) {
            Ok(live) => Some(live.sight(clocks::sight(&self.ctx, &live))),
            Err(e) => {
                tracing::warn!(game, error = %e, "a game to watch does not replay");
                None
            }
        }
    }
}
