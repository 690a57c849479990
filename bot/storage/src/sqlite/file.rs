//! Claiming the database file: one process at a time, and never a write to a file that is not
//! nadare's. A file is nadare's when nadare created it here, when it carries nadare's SQLite
//! application id, or when it holds the tables of a nadare from before the id was stamped.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, Weak};

use rusqlite::{Connection, ErrorCode};

use crate::error::StorageError;

/// nadare's SQLite application id ("ndre"), stamped in every database it creates.
pub const APPLICATION_ID: i32 = 0x6e64_7265;

/// The tables that make an unstamped file a database of an earlier nadare.
const OWN_TABLES: [&str; 4] = ["schema_migrations", "challenges", "games", "turns"];

/// This process's exclusive advisory lock (`flock`) on a database file, shared by every
/// storage of the process on that file and released when the last one closes.
///
/// The lock is taken on the database file itself, through the one descriptor kept open as long
/// as a connection may be: closing another descriptor of the file would drop SQLite's own
/// POSIX locks. `flock` and SQLite's POSIX locks do not interfere, so other programs (a backup
/// with the `sqlite3` shell) can still read the file.
#[derive(Debug)]
pub(crate) struct FileLock {
    _file: File,
}

/// The files this process holds, by canonical path.
static HELD: Mutex<Vec<(PathBuf, Weak<FileLock>)>> = Mutex::new(Vec::new());

/// What [`claim`] found.
pub(crate) enum Claimed {
    /// A file nadare just created: empty, to be set up.
    New(Arc<FileLock>),
    /// An existing file, to be checked with [`check_ownership`] before any write.
    Existing(Arc<FileLock>),
}

/// Locks the file at `path` for this process, creating it when there is none.
pub(crate) fn claim(path: &Path) -> Result<Claimed, StorageError> {
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    held.retain(|(_, lock)| lock.strong_count() > 0);
    if let Ok(canonical) = path.canonicalize()
        && let Some(lock) = held
            .iter()
            .find(|(p, _)| *p == canonical)
            .and_then(|(_, l)| l.upgrade())
    {
        return Ok(Claimed::Existing(lock));
    }
    let io = |e: std::io::Error| io_failure(path, e);
    let (file, created) = match OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(file) => (file, true),
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {
            (OpenOptions::new().read(true).open(path).map_err(io)?, false)
        }
        Err(e) => return Err(io(e)),
    };
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            return Err(StorageError::InUse {
                path: path.to_path_buf(),
            });
        }
        Err(TryLockError::Error(e)) => return Err(io(e)),
    }
    if !created && file.metadata().map_err(io)?.len() == 0 && !has_wal(path) {
        return Err(StorageError::Empty {
            path: path.to_path_buf(),
        });
    }
    let lock = Arc::new(FileLock { _file: file });
    held.push((path.canonicalize().map_err(io)?, Arc::downgrade(&lock)));
    Ok(if created {
        Claimed::New(lock)
    } else {
        Claimed::Existing(lock)
    })
}

/// Whether a write-ahead log beside `path` may hold the database's pages.
fn has_wal(path: &Path) -> bool {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    std::fs::metadata(PathBuf::from(wal)).is_ok_and(|m| m.len() > 0)
}

/// Checks, reading only, that an existing file is nadare's database. Returns whether it still
/// needs nadare's application id stamped (a database of an earlier nadare).
pub(crate) fn check_ownership(conn: &Connection, path: &Path) -> Result<bool, StorageError> {
    let fail = |e| sql_failure(path, e);
    let id: i32 = conn
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .map_err(fail)?;
    if id == APPLICATION_ID {
        return Ok(false);
    }
    let foreign = |detail: String| StorageError::Foreign {
        path: path.to_path_buf(),
        detail,
    };
    if id != 0 {
        return Err(foreign(format!(
            "it is another program's SQLite database, application id {id:#010x}"
        )));
    }
    let mut stmt = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .map_err(fail)?;
    let tables = stmt
        .query_map([], |r| r.get::<_, String>(0))
        .map_err(fail)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(fail)?;
    if OWN_TABLES.iter().all(|t| tables.iter().any(|n| n == t)) {
        return Ok(true);
    }
    Err(foreign(if tables.is_empty() {
        "it is an SQLite database without tables that nadare did not create".to_string()
    } else {
        format!(
            "it is an SQLite database with the tables {}",
            tables.join(", ")
        )
    }))
}

/// The error for a failed SQLite call on the file, by what SQLite says went wrong.
pub(crate) fn sql_failure(path: &Path, e: rusqlite::Error) -> StorageError {
    let path = path.to_path_buf();
    let detail = e.to_string();
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => StorageError::NotADatabase { path },
        Some(ErrorCode::DatabaseCorrupt) => StorageError::Corrupt { path, detail },
        Some(ErrorCode::CannotOpen | ErrorCode::ReadOnly | ErrorCode::PermissionDenied) => {
            StorageError::Permission { path, detail }
        }
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => {
            StorageError::Busy { path, detail }
        }
        _ => StorageError::Unreadable { path, detail },
    }
}

/// The error for a failed file-system call on the file.
fn io_failure(path: &Path, e: std::io::Error) -> StorageError {
    let path = path.to_path_buf();
    let detail = e.to_string();
    match e.kind() {
        ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem => {
            StorageError::Permission { path, detail }
        }
        ErrorKind::NotFound => StorageError::NoFolder { path },
        _ => StorageError::Unreadable { path, detail },
    }
}
