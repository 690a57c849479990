//! Why the database could not be opened, read or written.

use std::path::PathBuf;

use crate::service::StoreError;

/// A storage failure. Opening failures name the file and say what to do.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// The file exists but is not an SQLite database, or its pages are damaged.
    #[error(
        "the database file {path} is corrupt or not a nadare database ({detail}); \
         restore it from a backup or move it away to start with an empty one"
    )]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What SQLite reported.
        detail: String,
    },
    /// The file cannot be opened or created (permissions, missing directory…).
    #[error("cannot open the database file {path}: {source}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: rusqlite::Error,
    },
    /// The database was written by a newer nadare with a schema this build does not know.
    #[error(
        "the database {path} has schema version {found}, newer than this nadare knows ({known}); \
         run a newer nadare"
    )]
    NewerSchema {
        /// The file.
        path: PathBuf,
        /// The version found in the file.
        found: i64,
        /// The newest version this build knows.
        known: i64,
    },
    /// A migration failed to apply.
    #[error("cannot bring the database {path} to schema version {version}: {source}")]
    Migration {
        /// The file.
        path: PathBuf,
        /// The migration that failed.
        version: i64,
        /// The underlying error.
        source: rusqlite::Error,
    },
    /// A conflict or an unreadable value, as the service's store reports it.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Any other SQLite failure while reading or writing.
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
}

impl From<StorageError> for StoreError {
    fn from(e: StorageError) -> StoreError {
        match e {
            StorageError::Store(e) => e,
            other => StoreError::Backend(other.to_string()),
        }
    }
}
