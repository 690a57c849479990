//! Durable storage: the service's [`GameStore`](domain::GameStore) on SQLite (embedded,
//! the default: [`Storage`]) or PostgreSQL ([`postgres`], for several processes sharing one
//! database). Each store call is written once per backend; both run the same SQL
//! (`queries`), bind and read the same column values (`codec`, `sql`) and apply the same
//! migrations. A game is stored as its variant, setup, players and the list of its turns in
//! notation; it is replayed on load. Every write is a committed transaction when the call
//! returns, and every write of a game is conditional on the revision it expects.

mod codec;
mod database;
mod error;
mod migrate;
pub mod postgres;
mod queries;
mod sql;
mod sqlite;

pub use database::Database;
pub use error::StorageError;
pub use migrate::LATEST_VERSION;
pub use sqlite::Storage;
pub use sqlite::backup::{Backup, backup};
pub use sqlite::file::APPLICATION_ID;
