//! The nadare application: its config, its logging, the wiring of store, renderer, game
//! service and front ([`app`]), and the command-line tools ([`cli`]). `main.rs` parses the
//! command line and calls in here.

pub mod app;
pub mod cli;
pub mod config;
pub mod logging;
