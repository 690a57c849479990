//! nadare's end-to-end and service tests, one binary: each former test file is a module, so
//! `cargo test --workspace -- e2e_discord` still runs that suite.

mod after_game;
mod architecture;
mod authorization;
mod avalanche;
mod boards;
mod concurrency;
mod deadlines;
mod e2e_discord;
mod e2e_discord_direct;
mod e2e_discord_gateway;
mod e2e_discord_messages;
mod e2e_discord_permissions;
mod e2e_discord_tournament;
mod e2e_processes;
mod games;
mod japanese;
mod offers;
mod positions;
mod privacy;
mod ratings;
mod restart;
mod reviews;
mod schema_setup;
mod shared_database;
mod stockfish;
mod storage;
mod store_conformance;
mod store_privacy;
mod store_records;
mod store_reviews;
mod store_tournaments;
mod token_logs;
mod tournaments;
mod typed_input;
mod views;
