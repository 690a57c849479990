//! The engine's workshop, apart from the engine the bot plays with: what nadare's
//! command-line tools use to measure and improve it. [`arena`] plays engine against engine
//! (`nadare match`), [`stats`] turns a match's score into an Elo difference and a sequential
//! test, and [`tune`] plays the self-play games that train the network and fit the linear
//! evaluation's weights (`nadare tune`). Only the `nadare` binary (and tests) depend on this
//! crate, so the Discord bot's libraries build without it.

pub mod arena;
mod jobs;
pub mod stats;
pub mod tune;
