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

use rules::{EndReason, Outcome};

use super::live::Slot;
use super::{ChallengeEnd, ChannelId, GameService, GuildId, SlotGuard};

impl GameService {
    /// Channel (or thread) `channel` of `guild` was deleted: its open challenge lapses and
    /// its game under way is aborted, both stored, and the channel is forgotten; a tournament
    /// announced there is cancelled (its games' threads went with it). What follows in a
    /// tournament's channel is queued for the next sweep.
    pub async fn channel_gone(&self, guild: Option<GuildId>, channel: ChannelId) {
        // Cancelled first, so that the game ending below pairs no next round there.
        if let Some(guild) = guild {
            self.cancel_tournaments(guild, Some(channel)).await;
        }
        if let Some(mut guard) = self.existing_slot(channel).await {
            self.close(&mut guard, channel).await;
        }
        let follow = self.settle_tournaments().await;
        self.queue_notices(follow);
    }

    /// The bot left server `guild` (removed, or the server deleted; not an outage): every
    /// challenge and game there ends as in [`GameService::channel_gone`], its open or running
    /// tournaments are cancelled, and its settings are removed (a server that adds the bot
    /// again starts from the defaults).
    pub async fn guild_gone(&self, guild: GuildId) {
        self.cancel_tournaments(guild, None).await;
        for (channel, slot) in self.all_slots() {
            let mut guard = slot.lock_owned().await;
            if guard.guild() == Some(guild) {
                self.close(&mut guard, channel).await;
            }
        }
        if let Err(e) = self.db().remove_guild_settings(guild).await {
            tracing::error!(guild, error = %e, "could not remove the settings of a server left");
        }
        self.shared.guild_overrides.remove(&guild);
        self.shared.hidden_faces.remove(&guild);
        self.shared.guild_langs.remove(&guild);
        tracing::info!(
            guild,
            "left a server: its games are aborted, its tournaments cancelled and its settings \
             removed"
        );
    }

    /// Cancels the open and running tournaments of `guild` (only those announced in
    /// `channel`, when given).
    async fn cancel_tournaments(&self, guild: GuildId, channel: Option<ChannelId>) {
        let list = match self.db().guild_tournaments(guild).await {
            Ok(list) => list,
            Err(e) => {
                tracing::error!(guild, error = %e, "could not read the tournaments of a place gone");
                return;
            }
        };
        let live = list
            .iter()
            .filter(|t| t.state.is_live() && channel.is_none_or(|c| c == t.channel));
        for t in live {
            let cancelled = self.cancel_tournament(t).await;
            match cancelled {
                Ok(()) => tracing::info!(
                    tournament = t.id,
                    "cancelled a tournament whose place is gone"
                ),
                Err(e) => {
                    tracing::warn!(tournament = t.id, error = %e, "could not cancel a tournament whose place is gone")
                }
            }
        }
    }

    /// Ends what `channel`'s slot holds (a challenge lapses, a game under way is aborted) and
    /// retires the slot. A store failure leaves it as it was, for the next try.
    async fn close(&self, guard: &mut SlotGuard, channel: ChannelId) {
        match &mut **guard {
            Slot::Challenge(c) => {
                let id = c.id;
                if let Err(e) = self
                    .store(self.db().end_challenge(id, ChallengeEnd::Expired))
                    .await
                {
                    tracing::warn!(challenge = id, error = %e, "could not end a challenge whose channel is gone");
                    return;
                }
            }
            Slot::Game(live) if live.outcome().is_none() => {
                let outcome = Outcome {
                    winner: None,
                    reason: EndReason::Aborted,
                };
                let state = self.ended_state(live, outcome);
                if let Err(e) = self.save_state(live, state).await {
                    tracing::warn!(game = live.row.id, error = %e, "could not abort a game whose channel is gone");
                    return;
                }
                live.game.set_outcome(outcome);
                live.pending = None;
                tracing::info!(
                    game = live.row.id,
                    channel,
                    "aborted a game whose channel is gone"
                );
            }
            Slot::Game(_) | Slot::Free | Slot::Retired => {}
        }
        self.retire(guard, channel);
    }
}
