//! Claiming the database file: one process at a time, a new database that appears whole or not
//! at all, and never a write to a file that is not nadare's or that this process may not
//! write. A file is nadare's when it carries nadare's SQLite application id, or when it holds
//! the tables of a nadare from before the id was stamped.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use rusqlite::{Connection, ErrorCode, OpenFlags};

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

/// The suffix of the file a new database is built in, beside where it will live.
const CREATING: &str = "-creating";

/// Locks the database file at `path` for this process, creating the database when there is
/// none.
///
/// A new database is built whole under a temporary name in the same folder (application id and
/// schema), written to disk, and only then renamed into place, so a process killed at any
/// moment of its first start leaves either no database or a complete one. What such a start
/// left under the temporary name is removed by the next one.
pub(crate) fn claim(path: &Path) -> Result<Arc<FileLock>, StorageError> {
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    held.retain(|(_, lock)| lock.strong_count() > 0);
    if let Ok(canonical) = path.canonicalize()
        && let Some(lock) = held
            .iter()
            .find(|(p, _)| *p == canonical)
            .and_then(|(_, l)| l.upgrade())
    {
        return Ok(lock);
    }
    let io = |e: std::io::Error| io_failure(path, e);
    remove_leftover(path)?;
    let created = if path.try_exists().map_err(io)? {
        None
    } else {
        create(path)?
    };
    let file = match created {
        Some(file) => file,
        None => lock_existing(path)?,
    };
    if file.metadata().map_err(io)?.len() == 0 && !has_wal(path) {
        return Err(StorageError::Empty {
            path: path.to_path_buf(),
        });
    }
    let lock = Arc::new(FileLock { _file: file });
    held.push((path.canonicalize().map_err(io)?, Arc::downgrade(&lock)));
    Ok(lock)
}

/// How long [`lock_existing`] waits for a lock another holder is letting go.
const LOCK_WAIT: Duration = Duration::from_secs(1);

/// Opens the database file at `path` and takes its lock, refused while another process holds it.
///
/// A lock found taken is tried again for up to [`LOCK_WAIT`] before the refusal: a lock can
/// outlive its holder for moments, in a process that is still exiting (a supervisor's restart)
/// or in a child the holder forked, which shares it until the child starts its program.
fn lock_existing(path: &Path) -> Result<File, StorageError> {
    let io = |e: std::io::Error| io_failure(path, e);
    let file = OpenOptions::new().read(true).open(path).map_err(io)?;
    let deadline = Instant::now() + LOCK_WAIT;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(StorageError::InUse {
                    path: path.to_path_buf(),
                });
            }
            Err(TryLockError::Error(e)) => return Err(io(e)),
        }
    }
}

/// Builds a new database for `path` under its temporary name and renames it into place, and
/// gives back the file still locked, now under its name: the lock is never let go between the
/// build and the claim. Letting it go and taking it again could be refused by this very
/// process, since a child it forks meanwhile shares the lock until the child starts its
/// program. A file that appeared at `path` meanwhile is left alone (`None`), for [`claim`] to
/// check.
///
/// Only the process that created the temporary file builds: another first start finds it
/// there (or locked) and is refused as a second process. The rename cannot replace another
/// nadare's new database: that one's rename removed the temporary name before this process
/// could create it again, so the check of `path` after creating it sees the database. The
/// temporary file is never a second name of the database, so a leftover of a killed start is
/// always safe to remove.
fn create(path: &Path) -> Result<Option<File>, StorageError> {
    let io = |e: std::io::Error| io_failure(path, e);
    let in_use = || StorageError::InUse {
        path: path.to_path_buf(),
    };
    let temp = beside(path, CREATING);
    let file = match OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&temp)
    {
        Ok(file) => file,
        // Another process is creating it right now.
        Err(e) if e.kind() == ErrorKind::AlreadyExists => return Err(in_use()),
        Err(e) => return Err(io(e)),
    };
    match file.try_lock() {
        Ok(()) => {}
        // Another first start is removing it as a leftover, and will build its own.
        Err(TryLockError::WouldBlock) => return Err(in_use()),
        Err(TryLockError::Error(e)) => return Err(io(e)),
    }
    let built = match path.try_exists() {
        Ok(true) => Ok(false),
        Ok(false) => build(&temp, path)
            .and_then(|()| file.sync_all().map_err(io))
            .and_then(|()| std::fs::rename(&temp, path).map_err(io))
            .and_then(|()| sync_folder(path).map_err(io))
            .map(|()| true),
        Err(e) => Err(io(e)),
    };
    // Still holding its lock, so no other start takes it for its own (gone after a rename).
    let removed = remove_with_side_files(&temp);
    let renamed = built.and_then(|renamed| removed.map(|()| renamed).map_err(io))?;
    Ok(renamed.then_some(file))
}

/// Sets up a new database in the empty file `temp`: nadare's application id and the whole
/// schema, all in the file itself. Neither a journal on disk nor a sync is needed while it is
/// built: a build that does not finish is thrown away, and [`create`] syncs the file before it
/// gets its name.
fn build(temp: &Path, path: &Path) -> Result<(), StorageError> {
    let fail = |e| sql_failure(path, e);
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut conn = Connection::open_with_flags(temp, flags).map_err(fail)?;
    conn.pragma_update_and_check(None, "journal_mode", "MEMORY", |_| Ok(()))
        .map_err(fail)?;
    conn.pragma_update(None, "synchronous", "OFF")
        .map_err(fail)?;
    conn.pragma_update(None, "application_id", APPLICATION_ID)
        .map_err(fail)?;
    super::migrate(&mut conn, path)?;
    conn.close().map_err(|(_, e)| fail(e))
}

/// Removes what a first start killed before it was done left under the temporary name,
/// unless another process is still building there.
fn remove_leftover(path: &Path) -> Result<(), StorageError> {
    let io = |e: std::io::Error| io_failure(path, e);
    let temp = beside(path, CREATING);
    let file = match File::open(&temp) {
        Ok(file) => file,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io(e)),
    };
    match file.try_lock() {
        Ok(()) => remove_with_side_files(&temp).map_err(io),
        Err(TryLockError::WouldBlock) => Err(StorageError::InUse {
            path: path.to_path_buf(),
        }),
        Err(TryLockError::Error(e)) => Err(io(e)),
    }
}

/// Removes the file at `path` and SQLite's side files beside it; missing ones are no error.
pub(crate) fn remove_with_side_files(path: &Path) -> std::io::Result<()> {
    remove_side_files(path)?;
    remove_if_there(path)
}

/// Removes SQLite's side files beside `path` (journal, write-ahead log, shared memory), so
/// that none of them is read as belonging to a file that takes that name later; missing ones
/// are no error.
pub(crate) fn remove_side_files(path: &Path) -> std::io::Result<()> {
    for side in ["-journal", "-wal", "-shm"] {
        remove_if_there(&beside(path, side))?;
    }
    Ok(())
}

/// Removes the file at `path`, if there is one.
fn remove_if_there(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// `path` with `suffix` appended to its name.
pub(crate) fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Gives the finished file `temp` the name `path`, then makes the folder's new entry durable.
/// Without `replace`, a file already at `path` is kept and `false` returned; `temp` then keeps
/// its name too, as it does when the file system has hard links: the caller removes it.
pub(crate) fn publish(temp: &Path, path: &Path, replace: bool) -> std::io::Result<bool> {
    if replace {
        std::fs::rename(temp, path)?;
    } else {
        // A hard link never replaces a file, where a rename would.
        match std::fs::hard_link(temp, path) {
            Ok(()) => {}
            Err(e) if e.kind() == ErrorKind::AlreadyExists => return Ok(false),
            // A file system without hard links.
            Err(_) if !path.try_exists()? => std::fs::rename(temp, path)?,
            Err(e) => return Err(e),
        }
    }
    sync_folder(path)?;
    Ok(true)
}

/// Makes the entries of the folder holding `path` durable.
fn sync_folder(path: &Path) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    File::open(folder)?.sync_all()
}

/// Refuses a database this process may not write (a read-only file, or one owned by another
/// user): SQLite would open it for reading only and every later write would fail. Checked
/// before anything is read, so no side file is made either.
pub(crate) fn check_writable(conn: &Connection, path: &Path) -> Result<(), StorageError> {
    if conn.is_readonly("main").map_err(|e| sql_failure(path, e))? {
        return Err(StorageError::Permission {
            path: path.to_path_buf(),
            detail: "the file is read-only for this user".to_string(),
        });
    }
    Ok(())
}

/// Whether a write-ahead log beside `path` may hold the database's pages.
fn has_wal(path: &Path) -> bool {
    std::fs::metadata(beside(path, "-wal")).is_ok_and(|m| m.len() > 0)
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
