//! The Discord front: slash commands, autocomplete, buttons, threads and typed moves on top of
//! the game service, with graceful shutdown and sharding.
//!
//! [`Bot`] is the running bot: the binary builds the service, storage and renderer and hands
//! them over with the front's [`Settings`].

mod access;
mod arrivals;
mod autocomplete;
mod avatars;
mod boards;
mod bot;
mod buttons;
mod commands;
mod components;
#[cfg(test)]
mod coverage;
mod direct;
mod front;
mod handler;
mod help;
mod inflight;
mod langs;
mod own_posts;
mod pace;
mod registration;
mod replies;
mod respond;
mod rooms;
mod slash;
mod sweeper;
mod threads;
mod typed;

use std::time::Duration;

pub use bot::{Bot, FrontError, Timing, Transport};

/// What the Discord front needs to know, from the config. (No `Debug`: it holds the token.)
#[derive(Clone)]
pub struct Settings {
    /// The bot token.
    pub token: String,
    /// A proxy for Discord's REST API (`http://…`), which then does the rate limiting.
    pub api_proxy: Option<String>,
    /// The shards this process runs.
    pub shards: Shards,
    /// Open a thread per game where the bot may.
    pub threads: bool,
    /// Play messages that are only a move (needs the Message Content intent).
    pub typed_moves: bool,
    /// Register commands to this guild only, at once, instead of globally.
    pub development_guild: Option<u64>,
    /// How often deadlines and expiries are looked for.
    pub sweep_interval: Duration,
    /// Where players' pictures are fetched from (Discord's CDN); `None` shows icons.
    pub avatars: Option<String>,
    /// The web board's links, when it is served at a public address: boards then carry
    /// "Watch live" and "Play on the web".
    pub web: Option<std::sync::Arc<dyn domain::WebLinks>>,
}

/// Which gateway shards this process runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shards {
    /// Ask Discord for the recommended shard count and run them all here.
    #[default]
    Auto,
    /// Run shards `first..=last` of `total` here; other processes run the rest.
    Range {
        /// First shard id run by this process.
        first: u32,
        /// Last shard id run by this process (inclusive).
        last: u32,
        /// Shard count of the whole bot.
        total: u32,
    },
}

impl Shards {
    /// Reads `auto`, `N/TOTAL` or `FIRST-LAST/TOTAL` (shard ids from 0).
    pub fn parse(text: &str) -> Option<Shards> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("auto") {
            return Some(Shards::Auto);
        }
        let (range, total) = text.split_once('/')?;
        let total: u32 = total.trim().parse().ok()?;
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (first.trim().parse().ok()?, last.trim().parse().ok()?),
            None => {
                let only = range.trim().parse().ok()?;
                (only, only)
            }
        };
        (first <= last && last < total).then_some(Shards::Range { first, last, total })
    }
}
