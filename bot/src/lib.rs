//! The nadare bot: game service, storage, fronts and command-line tools.

pub mod config;
pub mod service;
pub mod storage;
pub mod discord;
