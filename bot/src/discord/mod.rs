//! The Discord front: slash commands, autocomplete, buttons, threads and typed moves on top of
//! the game service, with graceful shutdown and sharding.
//!
//! [`run`] is the `nadare run` subcommand; [`Bot`] is the same bot as a value, for tests and
//! embedding.

mod autocomplete;
mod bot;
mod buttons;
mod commands;
#[cfg(test)]
mod coverage;
mod front;
mod handler;
mod help;
mod inflight;
mod langs;
mod registration;
mod replies;
mod respond;
mod slash;
mod sweeper;
mod threads;
mod typed;

use std::path::PathBuf;

pub use bot::{Bot, FrontError, Timing};

use crate::config::Config;

/// Options of `nadare run`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct RunArgs {
    /// The config file (default: ./nadare.toml if it exists; DISCORD_TOKEN and NADARE_*
    /// environment variables override it).
    #[arg(long, short, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// Runs the bot until SIGINT or SIGTERM, then shuts down gracefully.
pub async fn run(args: RunArgs) -> anyhow::Result<()> {
    let config = Config::load(args.config.as_deref())?;
    tracing::info!(
        database = %config.database,
        shards = ?config.shards,
        threads = config.threads,
        typed_moves = config.typed_moves,
        "starting nadare"
    );
    let bot = Bot::start(&config).await?;
    bot.run_until_signal().await?;
    tracing::info!("stopped");
    Ok(())
}
