//! Why the database could not be opened, read or written.

use std::path::PathBuf;

use domain::StoreError;

/// A storage failure. Opening failures name the file and say what to do.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// SQLite found damaged pages in the file.
    #[error(
        "the database {path} is damaged ({detail}); nadare changed nothing in it. Keep a copy, \
         then restore it from a backup or try `sqlite3 FILE .recover`"
    )]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What SQLite reported.
        detail: String,
    },
    /// The file is not an SQLite database at all.
    #[error(
        "{path} is not an SQLite database, so not a nadare one; nadare changed nothing in it. \
         Choose another file, or if it was nadare's database, restore it from a backup"
    )]
    NotADatabase {
        /// The file.
        path: PathBuf,
    },
    /// The file is another program's SQLite database.
    #[error(
        "{path} is not a nadare database ({detail}); nadare changed nothing in it. Choose \
         another file for nadare's games"
    )]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What the file holds instead.
        detail: String,
    },
    /// The file is empty and nadare did not create it.
    #[error(
        "{path} is an empty file that nadare did not create; nadare changed nothing. Delete it \
         to let nadare create its database there, or choose another file"
    )]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// Reading or writing the file or its side files is not permitted.
    #[error(
        "nadare may not write the database {path} ({detail}): it needs to write the file and \
         to create `-wal` and `-shm` files beside it in its folder. Check the permissions of \
         both and that the disk is not mounted read-only; the data in the file is untouched"
    )]
    Permission {
        /// The file.
        path: PathBuf,
        /// What the system reported.
        detail: String,
    },
    /// Another nadare process has the file open.
    #[error(
        "the database {path} is in use by another nadare process; one SQLite database serves \
         one process at a time: stop the other process or choose another file"
    )]
    InUse {
        /// The file.
        path: PathBuf,
    },
    /// Another program holds an SQLite lock on the file.
    #[error(
        "the database {path} is locked by another program ({detail}); try again once it is done"
    )]
    Busy {
        /// The file.
        path: PathBuf,
        /// What SQLite reported.
        detail: String,
    },
    /// The folder of the file does not exist.
    #[error("cannot create the database {path}: its folder does not exist")]
    NoFolder {
        /// The file.
        path: PathBuf,
    },
    /// The file cannot be opened for another reason.
    #[error("cannot open the database {path}: {detail}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        detail: String,
    },
    /// There is no database to read at the path.
    #[error("there is no database at {path}")]
    Missing {
        /// The path.
        path: PathBuf,
    },
    /// A backup would replace a file already there.
    #[error("{path} exists already; nadare does not replace it unless told to")]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// A backup could not be written, or the copy failed its check.
    #[error("cannot back the database up to {path}: {detail}")]
    Backup {
        /// The copy.
        path: PathBuf,
        /// What went wrong.
        detail: String,
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
    #[error("cannot bring the database {path} to schema version {version}: {detail}")]
    Migration {
        /// The file.
        path: PathBuf,
        /// The migration that failed.
        version: i64,
        /// What SQLite reported.
        detail: String,
    },
    /// A conflict or an unreadable value, as the service's store reports it.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Any other SQLite failure while reading or writing.
    #[error("database error: {0}")]
    Sql(rusqlite::Error),
}

/// Not `#[from]`: that would make the SQLite error a source too, and a report of the chain
/// would say the same thing twice.
impl From<rusqlite::Error> for StorageError {
    fn from(e: rusqlite::Error) -> StorageError {
        StorageError::Sql(e)
    }
}

impl From<StorageError> for StoreError {
    fn from(e: StorageError) -> StoreError {
        match e {
            StorageError::Store(e) => e,
            other => StoreError::Backend(other.to_string()),
        }
    }
}
