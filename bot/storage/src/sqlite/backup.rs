//! Copying a database safely, even while a nadare process is using it: `VACUUM INTO` writes one
//! consistent snapshot (the main file and its write-ahead log together) to a temporary file
//! beside the copy; the copy is reopened and checked, written to disk, and only then given its
//! name. Copying the database file by hand may miss the turns still in its `-wal` file.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use super::file::{self, beside};
use crate::error::StorageError;
use crate::migrate::CURRENT_VERSION;

/// The suffix of the file a copy is written to before it gets its name.
const PARTIAL: &str = "-partial";

/// What a verified copy holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backup {
    /// The copy.
    pub path: PathBuf,
    /// Its schema version.
    pub version: i64,
    /// The games in it, finished or not.
    pub games: i64,
    /// Their turns.
    pub turns: i64,
    /// Its size in bytes.
    pub bytes: u64,
}

/// Copies the nadare database at `from` to a new file `to`, and checks the copy: SQLite's
/// integrity check, nadare's application id and the source's schema version. A file already
/// at `to` is replaced only when `replace` is set. The source is only read, and may be in use
/// by a running nadare.
pub fn backup(from: &Path, to: &Path, replace: bool) -> Result<Backup, StorageError> {
    let fail = |e| file::sql_failure(from, e);
    if !from.try_exists().unwrap_or(false) {
        return Err(StorageError::Missing {
            path: from.to_path_buf(),
        });
    }
    if let (Ok(a), Ok(b)) = (from.canonicalize(), to.canonicalize())
        && a == b
    {
        return Err(failed(to, "it is the database itself".into()));
    }
    // Checked again, without a race, when the copy gets its name.
    if !replace && to.try_exists().unwrap_or(false) {
        return Err(StorageError::Exists {
            path: to.to_path_buf(),
        });
    }
    // Read-write without create: a reader of a database in WAL mode needs its `-shm` file,
    // which it may have to make; nothing is written to the database itself.
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let source = Connection::open_with_flags(from, flags).map_err(fail)?;
    source
        .busy_timeout(std::time::Duration::from_secs(5))
        .map_err(fail)?;
    file::check_ownership(&source, from)?;
    let temp = beside(to, PARTIAL);
    let copied = copy(&source, from, &temp, to, replace);
    let removed = file::remove_with_side_files(&temp);
    let copied = copied?;
    removed.map_err(|e| failed(to, format!("cannot remove {}: {e}", temp.display())))?;
    Ok(copied)
}

/// Writes the snapshot to `temp`, checks it and names it `to`.
fn copy(
    source: &Connection,
    from: &Path,
    temp: &Path,
    to: &Path,
    replace: bool,
) -> Result<Backup, StorageError> {
    let fail = |e| file::sql_failure(from, e);
    // What a killed backup left.
    file::remove_with_side_files(temp).map_err(|e| failed(to, e.to_string()))?;
    let text = temp
        .to_str()
        .ok_or_else(|| failed(to, "the file name is not UTF-8".into()))?;
    source
        .execute("VACUUM INTO ?1", [text])
        .map_err(|e| failed(to, e.to_string()))?;
    let id: i32 = source
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .map_err(fail)?;
    let version: i64 = source
        .query_row(CURRENT_VERSION, [], |r| r.get(0))
        .map_err(fail)?;
    let mut backup = check(temp, id, version).map_err(|e| failed(to, e))?;
    std::fs::File::open(temp)
        .and_then(|f| f.sync_all())
        .map_err(|e| failed(to, e.to_string()))?;
    if replace {
        // A stale write-ahead log beside the old file would be read as the new one's.
        file::remove_side_files(to).map_err(|e| failed(to, e.to_string()))?;
    }
    match file::publish(temp, to, replace) {
        Ok(true) => {}
        Ok(false) => {
            return Err(StorageError::Exists {
                path: to.to_path_buf(),
            });
        }
        Err(e) => return Err(failed(to, e.to_string())),
    }
    backup.path = to.to_path_buf();
    backup.bytes = std::fs::metadata(to).map_or(0, |m| m.len());
    Ok(backup)
}

/// Reopens the copy at `temp`, leaves it a single file (rollback journal) and checks that it
/// is whole and is the source's database: application id `id`, schema version `version`.
fn check(temp: &Path, id: i32, version: i64) -> Result<Backup, String> {
    let text = |e: rusqlite::Error| e.to_string();
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(temp, flags).map_err(text)?;
    conn.pragma_update_and_check(None, "journal_mode", "DELETE", |r| r.get::<_, String>(0))
        .map_err(text)?;
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(text)?;
    if integrity != "ok" {
        return Err(format!(
            "the copy fails SQLite's integrity check: {integrity}"
        ));
    }
    let copied_id: i32 = conn
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .map_err(text)?;
    if copied_id != id {
        return Err(format!(
            "the copy's application id is {copied_id:#010x}, the database's {id:#010x}"
        ));
    }
    let copied_version: i64 = conn
        .query_row(CURRENT_VERSION, [], |r| r.get(0))
        .map_err(text)?;
    if copied_version != version {
        return Err(format!(
            "the copy has schema version {copied_version}, the database {version}"
        ));
    }
    let count = |sql| {
        conn.query_row(sql, [], |r| r.get::<_, i64>(0))
            .map_err(text)
    };
    let games = count("SELECT COUNT(*) FROM games")?;
    let turns = count("SELECT COUNT(*) FROM turns")?;
    conn.close().map_err(|(_, e)| text(e))?;
    Ok(Backup {
        path: temp.to_path_buf(),
        version,
        games,
        turns,
        bytes: 0,
    })
}

/// The error for a copy that could not be made or failed its check.
fn failed(to: &Path, detail: String) -> StorageError {
    StorageError::Backup {
        path: to.to_path_buf(),
        detail,
    }
}
