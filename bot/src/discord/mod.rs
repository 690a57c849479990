//! The Discord front: slash commands, autocomplete, buttons, threads and typed moves on top of
//! the game service.

mod buttons;
mod commands;
mod replies;
