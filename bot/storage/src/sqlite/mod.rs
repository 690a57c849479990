//! The SQLite backend (embedded, the default), through `rusqlite`: [`Storage`] owns one
//! connection, and each store call runs its statements in one closure on tokio's blocking
//! pool, so the async runtime threads never wait on the disk.
//!
//! The database runs in WAL mode with `synchronous=NORMAL`: a committed write survives the
//! process being killed at any point; only a power cut may lose the latest commits. One
//! process at a time uses a database file (an advisory lock), and nothing is written to a file
//! that is not nadare's own (see the `file` module).

pub(crate) mod backup;
mod driver;
pub(crate) mod file;
mod games;
mod privacy;
mod records;
mod reviews;
mod tournaments;
mod transfer;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use crate::error::StorageError;
use crate::migrate::{
    CREATE_MIGRATIONS, CURRENT_VERSION, LATEST_VERSION, RECORD, pending, record_values,
};
use crate::sql::{Columns, SqlValue, Step};
use domain::StoreError;
use file::APPLICATION_ID;

/// The SQLite database. Cheap to clone; clones share one connection. It is the service's
/// [`GameStore`](domain::GameStore); opening it and a checkpoint are its own, blocking,
/// methods.
#[derive(Clone, Debug)]
pub struct Storage {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    path: PathBuf,
    /// Declared before the lock: the connection must close first.
    conn: Mutex<Connection>,
    _lock: Option<Arc<file::FileLock>>,
}

impl Storage {
    /// Opens (creating it if needed) the database at `path` and brings its schema up to date.
    ///
    /// Nothing is written to a file that is not nadare's (another program's database, a file
    /// that is not a database, an empty file nadare did not create); damaged pages, missing
    /// permissions (of the folder or of the file itself), locks and another nadare process
    /// using the file are each their own error. A new database appears whole or not at all.
    /// The file stays locked for this process until every clone of the storage is dropped.
    pub fn open(path: &Path) -> Result<Storage, StorageError> {
        let lock = file::claim(path)?;
        let fail = |e| file::sql_failure(path, e);
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(fail)?;
        conn.busy_timeout(Duration::from_secs(5)).map_err(fail)?;
        file::check_writable(&conn, path)?;
        if file::check_ownership(&conn, path)? {
            // Written before the switch to WAL, so the id lands in the main file at once.
            conn.pragma_update(None, "application_id", APPLICATION_ID)
                .map_err(fail)?;
        }
        Storage::prepare(conn, path, Some(lock))
    }

    /// A private database in memory, for tests and benchmarks.
    pub fn open_in_memory() -> Result<Storage, StorageError> {
        let conn = Connection::open_in_memory()?;
        Storage::prepare(conn, Path::new(":memory:"), None)
    }

    fn prepare(
        mut conn: Connection,
        path: &Path,
        lock: Option<Arc<file::FileLock>>,
    ) -> Result<Storage, StorageError> {
        let fail = |e| file::sql_failure(path, e);
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(fail)?;
        let check: String = conn
            .query_row("PRAGMA quick_check", [], |r| r.get(0))
            .map_err(fail)?;
        if check != "ok" {
            return Err(StorageError::Corrupt {
                path: path.to_path_buf(),
                detail: check,
            });
        }
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(fail)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(fail)?;
        migrate(&mut conn, path)?;
        Ok(Storage {
            inner: Arc::new(Inner {
                path: path.to_path_buf(),
                conn: Mutex::new(conn),
                _lock: lock,
            }),
        })
    }

    /// The file this storage lives in (`:memory:` for an in-memory one).
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Writes everything to the main file and empties the write-ahead log.
    pub fn checkpoint(&self) -> Result<(), StorageError> {
        checkpoint(&mut self.inner.lock())
    }

    /// Runs `f` on the connection, on the blocking pool.
    async fn run<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, StorageError> + Send + 'static,
    {
        let inner = Arc::clone(&self.inner);
        tokio::task::spawn_blocking(move || f(&mut inner.lock()))
            .await
            .map_err(|e| StoreError::Backend(format!("the storage task failed: {e}")))?
            .map_err(StoreError::from)
    }

    /// Runs the statements of a write in one transaction.
    async fn write(&self, steps: Vec<Step>) -> Result<(), StoreError> {
        self.run(move |conn| {
            let tx = conn.transaction()?;
            driver::exec(&tx, &steps)?;
            tx.commit()?;
            Ok(())
        })
        .await
    }

    /// The rows of one query, each read by `read`.
    async fn query<T, S>(
        &self,
        sql: S,
        values: Vec<SqlValue>,
        read: fn(&dyn Columns) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError>
    where
        T: Send + 'static,
        S: AsRef<str> + Send + 'static,
    {
        self.run(move |conn| driver::rows(conn, sql.as_ref(), &values, read))
            .await
    }
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: SQLite rolls back.
        self.conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Writes everything to the main file and empties the write-ahead log; an error when a reader
/// kept part of the log from being written.
fn checkpoint(conn: &mut Connection) -> Result<(), StorageError> {
    let busy: i64 = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0))?;
    if busy != 0 {
        return Err(StorageError::Store(StoreError::Backend(
            "the checkpoint could not finish: another connection is reading the database".into(),
        )));
    }
    Ok(())
}

/// Brings the database to [`LATEST_VERSION`], each migration in its own transaction,
/// refusing one written by a newer build.
fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StorageError> {
    conn.execute_batch(CREATE_MIGRATIONS)?;
    let current: i64 = conn.query_row(CURRENT_VERSION, [], |r| r.get(0))?;
    if current > LATEST_VERSION {
        return Err(StorageError::NewerSchema {
            path: path.to_path_buf(),
            found: current,
            known: LATEST_VERSION,
        });
    }
    for (version, sql) in pending(current) {
        let fail = |e: rusqlite::Error| StorageError::Migration {
            path: path.to_path_buf(),
            version,
            detail: e.to_string(),
        };
        let tx = conn.transaction().map_err(fail)?;
        tx.execute_batch(sql).map_err(fail)?;
        tx.execute(RECORD, rusqlite::params_from_iter(record_values(version)))
            .map_err(fail)?;
        tx.commit().map_err(fail)?;
        tracing::info!(version, "applied database migration");
    }
    Ok(())
}
