//! The gateway event handler: registers commands when ready, routes interactions and
//! messages, and tells the service of channels, threads and servers the bot lost.

use std::sync::Arc;

use serenity::all::{
    Context, CreateInteractionResponse, EventHandler, Guild, GuildChannel, GuildId, Interaction,
    Message, PartialGuildChannel, Ready, UnavailableGuild,
};
use serenity::async_trait;

use super::front::Front;
use super::replies::Outgoing;
use super::{autocomplete, buttons, registration, slash, typed};
use present::i18n::{self, Lang, Surface};

/// Routes gateway events to the front.
pub struct Handler(pub Arc<Front>);

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(
            user = %ready.user.name,
            shard = ?ready.shard.map(|s| (s.id.0, s.total)),
            "connected to Discord"
        );
        self.0
            .arrivals
            .ready(ready.guilds.iter().map(|guild| guild.id.get()));
        let first_shard = ready.shard.is_none_or(|s| s.id.0 == 0);
        if !first_shard || !self.0.first_registration() {
            return;
        }
        let guilds: Vec<GuildId> = ready.guilds.iter().map(|guild| guild.id).collect();
        registration::register(&ctx.http, self.0.development_guild, &guilds).await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let Some(_ticket) = self.0.in_flight.enter() else {
            let refusal = |locale: &str| {
                let lang = Lang::from_locale(locale).unwrap_or_default();
                let text = i18n::plain(lang, Surface::Discord, "front-restarting");
                CreateInteractionResponse::Message(Outgoing::private(text).interaction())
            };
            let answered = match &interaction {
                Interaction::Command(c) => c.create_response(&ctx.http, refusal(&c.locale)).await,
                Interaction::Component(c) => c.create_response(&ctx.http, refusal(&c.locale)).await,
                _ => Ok(()),
            };
            if let Err(error) = answered {
                tracing::debug!(%error, "could not refuse an interaction during shutdown");
            }
            return;
        };
        match interaction {
            Interaction::Command(command) => slash::handle(&self.0, &ctx.http, &command).await,
            Interaction::Autocomplete(request) => {
                autocomplete::handle(&self.0, &ctx.http, &request).await;
            }
            Interaction::Component(press) => buttons::handle(&self.0, &ctx.http, &press).await,
            _ => {}
        }
    }

    async fn guild_create(&self, _ctx: Context, guild: Guild, _is_new: Option<bool>) {
        // The service words what it says there (notices, answers to typed moves) in the
        // server's language, possibly before anyone there has used a command.
        if let Some(lang) = Lang::from_locale(&guild.preferred_locale) {
            self.0.service.note_server_lang(guild.id.get(), lang);
        }
        self.0.arrivals.arrived(guild.id.get());
    }

    async fn channel_delete(
        &self,
        _ctx: Context,
        channel: GuildChannel,
        _messages: Option<Vec<Message>>,
    ) {
        let service = &self.0.service;
        service
            .channel_gone(Some(channel.guild_id.get()), channel.id.get())
            .await;
    }

    async fn thread_delete(
        &self,
        _ctx: Context,
        thread: PartialGuildChannel,
        _full: Option<GuildChannel>,
    ) {
        let service = &self.0.service;
        service
            .channel_gone(Some(thread.guild_id.get()), thread.id.get())
            .await;
    }

    async fn guild_delete(
        &self,
        _ctx: Context,
        incomplete: UnavailableGuild,
        _full: Option<Guild>,
    ) {
        // An outage says `unavailable`: the server comes back, and so do its games.
        if !incomplete.unavailable {
            self.0.service.guild_gone(incomplete.id.get()).await;
        }
    }

    async fn message(&self, ctx: Context, message: Message) {
        typed::handle(&self.0, &ctx.http, &message).await;
    }
}
