//! The nadare bot: game service, storage, fronts and command-line tools.

pub mod cli;
pub mod config;
pub mod console;
pub mod discord;
pub mod i18n;
pub mod input;
pub mod logging;
pub mod present;
pub mod rating;
pub mod service;
pub mod storage;
