//! The dev-only kit of nadare's tests, compiled once and shared by every test binary: the
//! fake Discord, the service harness (a service on a temporary database with a hand-driven
//! clock, driven by console command lines), the store backends a test runs against, and a
//! real browser for the web board and the board served on loopback. Nothing here ships.

pub mod browser;
pub mod fake_discord;
pub mod harness;
pub mod stores;
pub mod web;
