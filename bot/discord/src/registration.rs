//! Registering the slash commands where the settings say, and removing copies an earlier run
//! left elsewhere so no command shows twice.
//!
//! A development guild gets the commands at once; global commands take a while to appear.
//! Global commands say where each works (servers, a DM with the bot, users' own DMs and group
//! DMs) and which installs offer it (a server's, a user's); guild commands carry neither.
//! Switching between the two would leave the other set behind: with a development guild the
//! global commands are cleared, and with global registration (or another development guild)
//! the guild commands the bot holds in the servers of its Ready event are cleared. That costs
//! one call per server, so it is done only for a bot in at most [`MAX_GUILDS_CLEARED`]
//! servers (a development bot); a bigger bot logs that it skipped it. Registration runs on
//! the first shard's Ready, so with several shards only that shard's servers are looked at.

use serenity::all::{Command as SlashCommand, GuildId, Http};

use super::commands::{self, Scope};

/// The most servers whose leftover guild commands are cleared at start.
pub const MAX_GUILDS_CLEARED: usize = 25;

/// Registers the commands to `development_guild`, or globally without one, then clears the
/// commands left by an earlier run: the global ones, or those of the other servers in
/// `guilds` (the servers of the Ready event).
pub async fn register(http: &Http, development_guild: Option<u64>, guilds: &[GuildId]) {
    let registered = match development_guild {
        Some(guild) => {
            // Guild commands work in that server only: Discord takes no DM contexts or user
            // install for them.
            let definitions = commands::definitions(Scope::Guild);
            // Global commands left from an earlier run would show every command twice.
            if let Err(error) = SlashCommand::set_global_commands(http, Vec::new()).await {
                tracing::warn!(%error, "could not clear the global commands");
            }
            GuildId::new(guild).set_commands(http, definitions).await
        }
        None => {
            let definitions = commands::definitions(Scope::Global);
            SlashCommand::set_global_commands(http, definitions).await
        }
    };
    match registered {
        Ok(commands) => tracing::info!(
            count = commands.len(),
            guild = ?development_guild,
            "slash commands registered"
        ),
        Err(error) => tracing::error!(%error, "could not register the slash commands"),
    }
    let others: Vec<GuildId> = guilds
        .iter()
        .copied()
        .filter(|guild| Some(guild.get()) != development_guild)
        .collect();
    if others.len() > MAX_GUILDS_CLEARED {
        tracing::info!(
            servers = others.len(),
            "too many servers to clear leftover guild commands in; clear them by hand if any"
        );
        return;
    }
    for guild in others {
        // A development guild of an earlier run would show every command twice.
        if let Err(error) = guild.set_commands(http, Vec::new()).await {
            tracing::warn!(%error, %guild, "could not clear a server's commands");
        }
    }
}
