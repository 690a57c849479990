//! Channels, threads and servers the bot lost: a deleted channel or thread (or one Discord
//! says no longer exists) takes its challenge and its game with it, and a server the bot was
//! removed from takes all of them, its tournaments and its settings. Nothing is posted there
//! any more, so no deadline fires into the void.
//!
//! Decisions: such a game is aborted (no result, unrated) at once, as a game nobody can reach
//! any more: there is no grace period, since nothing can be posted there meanwhile and a
//! deadline running out unseen would decide it instead; a tournament game aborted so is a
//! double forfeit, as any aborted tournament game. A server's finished games, ratings and
//! tournaments stay (its history, and its players' data, which each player may have deleted
//! with `forget`); its settings go.

use domain::{ChannelId, GuildId};

use super::Sweep;

impl Sweep {
    /// Ends what channel `channel` of `guild` held, and the tournaments announced there (see
    /// [`GameService::channel_gone`](crate::GameService::channel_gone)).
    pub(crate) async fn channel_gone(&self, guild: Option<GuildId>, channel: ChannelId) {
        // Cancelled first, so that the game ending below pairs no next round there.
        if let Some(guild) = guild {
            self.tournaments.cancel_in(guild, Some(channel)).await;
        }
        if let Some(mut guard) = self.games.existing_slot(channel).await {
            self.games.close(&mut guard, channel).await;
        }
        let follow = self.tournaments.settle_tournaments().await;
        self.ctx.outbox.queue(follow);
    }

    /// Ends every challenge, game and tournament of server `guild`, and forgets its settings
    /// (see [`GameService::guild_gone`](crate::GameService::guild_gone)).
    pub(crate) async fn guild_gone(&self, guild: GuildId) {
        self.tournaments.cancel_in(guild, None).await;
        for (channel, slot) in self.games.all_slots() {
            let mut guard = slot.lock_owned().await;
            if guard.guild() == Some(guild) {
                self.games.close(&mut guard, channel).await;
            }
        }
        self.settings.forget_guild(guild).await;
        tracing::info!(
            guild,
            "left a server: its games are aborted, its tournaments cancelled and its settings \
             removed"
        );
    }
}
