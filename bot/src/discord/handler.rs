//! The gateway event handler: registers commands when ready and routes interactions and
//! messages.

use std::sync::Arc;

use serenity::all::{
    Command as SlashCommand, Context, CreateInteractionResponse, EventHandler, GuildId,
    Interaction, Message, Ready,
};
use serenity::async_trait;

use super::front::Front;
use super::replies::Outgoing;
use super::{autocomplete, buttons, commands, slash, typed};

/// Routes gateway events to the front.
pub struct Handler(pub Arc<Front>);

const RESTARTING: &str = "nadare is restarting; try again in a moment.";

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(
            user = %ready.user.name,
            shard = ?ready.shard.map(|s| (s.id.0, s.total)),
            "connected to Discord"
        );
        let first_shard = ready.shard.is_none_or(|s| s.id.0 == 0);
        if !first_shard || !self.0.first_registration() {
            return;
        }
        let definitions = commands::definitions();
        let registered = match self.0.development_guild {
            Some(guild) => {
                // Global commands left from an earlier run would show every command twice.
                if let Err(error) = SlashCommand::set_global_commands(&ctx.http, Vec::new()).await {
                    tracing::warn!(%error, "could not clear the global commands");
                }
                GuildId::new(guild)
                    .set_commands(&ctx.http, definitions)
                    .await
            }
            None => SlashCommand::set_global_commands(&ctx.http, definitions).await,
        };
        match registered {
            Ok(commands) => tracing::info!(
                count = commands.len(),
                guild = ?self.0.development_guild,
                "slash commands registered"
            ),
            Err(error) => tracing::error!(%error, "could not register the slash commands"),
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let Some(_ticket) = self.0.in_flight.enter() else {
            let refusal =
                CreateInteractionResponse::Message(Outgoing::private(RESTARTING).interaction());
            let answered = match &interaction {
                Interaction::Command(c) => c.create_response(&ctx.http, refusal).await,
                Interaction::Component(c) => c.create_response(&ctx.http, refusal).await,
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

    async fn message(&self, ctx: Context, message: Message) {
        typed::handle(&self.0, &ctx.http, &message).await;
    }
}
