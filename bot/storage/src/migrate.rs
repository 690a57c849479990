//! Schema migrations: numbered SQL files applied in order, each in its own transaction,
//! recorded in `schema_migrations`.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension};

use super::StorageError;

/// Every migration this build knows, oldest first: (version, SQL).
/// The same files are applied to PostgreSQL (`super::postgres`): the schemas stay in step.
pub(super) const MIGRATIONS: &[(i64, &str)] = &[
    (1, include_str!("../migrations/0001_initial.sql")),
    (2, include_str!("../migrations/0002_shared.sql")),
    (3, include_str!("../migrations/0003_announced.sql")),
    (
        4,
        include_str!("../migrations/0004_ratings_archive_vacations.sql"),
    ),
];

/// The newest schema version this build knows.
pub const LATEST_VERSION: i64 = 4;

/// Brings the database to [`LATEST_VERSION`], refusing one written by a newer build.
pub(super) fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StorageError> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version    BIGINT PRIMARY KEY,
             applied_ms BIGINT NOT NULL
         )",
    )?;
    let current: i64 = conn
        .query_row("SELECT MAX(version) FROM schema_migrations", [], |r| {
            r.get::<_, Option<i64>>(0)
        })
        .optional()?
        .flatten()
        .unwrap_or(0);
    if current > LATEST_VERSION {
        return Err(StorageError::NewerSchema {
            path: path.to_path_buf(),
            found: current,
            known: LATEST_VERSION,
        });
    }
    for &(version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > current) {
        let fail = |e: rusqlite::Error| StorageError::Migration {
            path: path.to_path_buf(),
            version,
            detail: e.to_string(),
        };
        let tx = conn.transaction().map_err(fail)?;
        tx.execute_batch(sql).map_err(fail)?;
        tx.execute(
            "INSERT INTO schema_migrations (version, applied_ms) VALUES (?1, ?2)",
            (version, super::unix_ms_now()),
        )
        .map_err(fail)?;
        tx.commit().map_err(fail)?;
        tracing::info!(version, "applied database migration");
    }
    Ok(())
}
