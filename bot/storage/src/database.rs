//! Choosing the database from the configuration (`database = "…"`) and opening it as the
//! service's store.

use std::path::PathBuf;
use std::sync::Arc;

use crate::error::StorageError;
use crate::postgres::{PgOptions, PgStore};
use crate::sqlite::Storage;
use domain::{Redacted, StoreError};

/// Which database to use: an SQLite file (the default) or a PostgreSQL server shared by
/// several processes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file, created if missing.
    Sqlite(PathBuf),
    /// A PostgreSQL server.
    Postgres(PgOptions),
}

impl Database {
    /// Reads `postgres://…` / `postgresql://…` as PostgreSQL (with default pool settings),
    /// `sqlite:FILE` or a bare path as an SQLite file.
    pub fn parse(text: &str) -> Database {
        let text = text.trim();
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Database::Postgres(PgOptions::new(text))
        } else {
            Database::Sqlite(PathBuf::from(text.strip_prefix("sqlite:").unwrap_or(text)))
        }
    }

    /// Opens it, bringing its schema up to date.
    pub async fn open(&self) -> Result<Arc<dyn domain::GameStore>, StorageError> {
        match self {
            Database::Sqlite(path) => {
                let path = path.clone();
                let storage = tokio::task::spawn_blocking(move || Storage::open(&path))
                    .await
                    .map_err(|e| StoreError::Backend(format!("the opening task failed: {e}")))??;
                Ok(Arc::new(storage))
            }
            Database::Postgres(options) => {
                let store = PgStore::connect(options).await.map_err(|e| match e {
                    // Say which server, without its password.
                    StoreError::Unavailable(why) => {
                        StoreError::Unavailable(format!("{self}: {why}"))
                    }
                    other => other,
                })?;
                Ok(Arc::new(store))
            }
        }
    }
}

impl std::fmt::Display for Database {
    /// The file, or the server's URL without its password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(options) => write!(f, "{}", Redacted(&options.url)),
        }
    }
}
