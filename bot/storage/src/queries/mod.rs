//! The SQL both backends run, by concern, with the values each statement binds and how each
//! row reads back. A backend only runs these statements in its own transactions, so SQLite
//! and PostgreSQL store exactly the same thing.

pub(crate) mod archive;
pub(crate) mod games;
pub(crate) mod privacy;
pub(crate) mod ratings;
pub(crate) mod reviews;
pub(crate) mod settings;
pub(crate) mod tournaments;
pub(crate) mod transfer;
pub(crate) mod vacations;
pub(crate) mod web;
