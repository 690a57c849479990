//! The backends a test can run against: SQLite in a temporary folder, and PostgreSQL in a
//! schema of its own on the server at `NADARE_TEST_POSTGRES_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`). Without a reachable server the PostgreSQL tests
//! print "PostgreSQL tests skipped: …" and pass, unless `NADARE_TEST_POSTGRES=required` (set by
//! CI), when they fail instead.

use std::future::Future;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use domain::GameStore;
use storage::Storage;
use storage::postgres::{PgOptions, PgStore};
use tokio_postgres::NoTls;
use tokio_postgres::error::SqlState;

/// The server the PostgreSQL tests use.
pub fn postgres_url() -> String {
    std::env::var("NADARE_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string())
}

/// A database for one test.
pub enum Backend {
    /// An SQLite file; every handle shares its one connection.
    Sqlite {
        /// The store.
        storage: Storage,
        /// Its folder, removed at the end.
        _dir: tempfile::TempDir,
    },
    /// A schema of its own on the PostgreSQL server; every handle is a separate pool, like
    /// another process.
    Postgres {
        /// The server URL, selecting the schema.
        url: String,
        /// The schema.
        schema: String,
    },
}

impl Backend {
    /// A fresh SQLite database.
    pub fn sqlite() -> Backend {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = Storage::open(&dir.path().join("nadare.db")).expect("open sqlite");
        Backend::Sqlite { storage, _dir: dir }
    }

    /// A fresh schema named after `test` on the PostgreSQL server, or `None` (after saying so)
    /// when there is no server and it is not required.
    pub async fn postgres(test: &str) -> Option<Backend> {
        let base = postgres_url();
        let schema = format!("nadare_test_{test}");
        match admin(
            &base,
            &format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"),
        )
        .await
        {
            Ok(()) => {}
            Err(e) => return skip(&base, &e),
        }
        let separator = if base.contains('?') { '&' } else { '?' };
        let url =
            format!("{base}{separator}options=-csearch_path%3D{schema}&application_name={schema}");
        Some(Backend::Postgres { url, schema })
    }

    /// A handle on the database: the shared SQLite store, or a new PostgreSQL pool.
    pub async fn handle(&self) -> Arc<dyn GameStore> {
        match self {
            Backend::Sqlite { storage, .. } => Arc::new(storage.clone()),
            Backend::Postgres { url, .. } => Arc::new(self.pg(url).await),
        }
    }

    async fn pg(&self, url: &str) -> PgStore {
        let mut options = PgOptions::new(url);
        options.pool_size = 4;
        PgStore::connect(&options)
            .await
            .expect("connect to PostgreSQL")
    }

    /// The PostgreSQL URL, for tests that start bot processes.
    pub fn url(&self) -> Option<&str> {
        match self {
            Backend::Sqlite { .. } => None,
            Backend::Postgres { url, .. } => Some(url),
        }
    }

    /// Cuts every connection the handles of this backend hold, as a server restart or a
    /// network failure would. Returns how many were cut.
    pub async fn cut_connections(&self) -> i64 {
        let Backend::Postgres { schema, .. } = self else {
            return 0;
        };
        let (client, connection) = tokio_postgres::connect(&postgres_url(), NoTls)
            .await
            .expect("connect to cut connections");
        let task = tokio::spawn(connection);
        let cut: i64 = client
            .query_one(
                "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity \
                 WHERE application_name = $1",
                &[schema],
            )
            .await
            .expect("terminate")
            .get(0);
        drop(client);
        let _ = task.await;
        cut
    }

    /// Removes the schema (SQLite's folder goes when the backend is dropped).
    pub async fn cleanup(self) {
        if let Backend::Postgres { schema, .. } = self {
            admin(
                &postgres_url(),
                &format!("DROP SCHEMA IF EXISTS {schema} CASCADE"),
            )
            .await
            .expect("drop schema");
        }
    }
}

/// Runs `sql` on the server at `url` on a connection of its own. A connection lost or
/// terminated on the way (a server restarting, a backend terminated by another test) is tried
/// again for up to 10 s, as the store retries its own calls; a server that does not answer is
/// reported at once.
pub async fn admin(url: &str, sql: &str) -> Result<(), String> {
    let started = Instant::now();
    loop {
        let attempt = async {
            let (client, connection) = tokio_postgres::connect(url, NoTls)
                .await
                .map_err(|e| (lost(&e), e.to_string()))?;
            let task = tokio::spawn(connection);
            let done = client
                .batch_execute(sql)
                .await
                .map_err(|e| (lost(&e) || e.is_closed(), e.to_string()));
            drop(client);
            let _ = task.await;
            done
        };
        match tokio::time::timeout(Duration::from_secs(5), attempt).await {
            Ok(Ok(())) => return Ok(()),
            Ok(Err((true, _))) if started.elapsed() < Duration::from_secs(10) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Ok(Err((_, why))) => return Err(why),
            Err(_) => return Err("no answer within 5 s".to_string()),
        }
    }
}

/// Whether the server ended the session or is restarting (worth another try), as opposed to
/// an error in the statement or no server at all.
fn lost(e: &tokio_postgres::Error) -> bool {
    e.code().is_some_and(|c| {
        c.code().starts_with("08")
            || *c == SqlState::ADMIN_SHUTDOWN
            || *c == SqlState::CRASH_SHUTDOWN
            || *c == SqlState::CANNOT_CONNECT_NOW
    })
}

/// Says the PostgreSQL test is skipped, or fails it when CI requires the server.
fn skip(url: &str, why: &str) -> Option<Backend> {
    if std::env::var("NADARE_TEST_POSTGRES").as_deref() == Ok("required") {
        panic!(
            "PostgreSQL is required (NADARE_TEST_POSTGRES=required) but {url} is unreachable: {why}"
        );
    }
    // Straight to standard error, past the test harness's capture, so `cargo test` shows it.
    let _ = writeln!(
        std::io::stderr(),
        "PostgreSQL tests skipped: {url} is unreachable ({why}); start a server there or set \
         NADARE_TEST_POSTGRES_URL to run them"
    );
    None
}

/// Runs `check` on SQLite and on PostgreSQL (when reachable), each in its own database.
#[macro_export]
macro_rules! on_both_backends {
    ($($check:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $check() {
                    let backend = $crate::stores::Backend::sqlite();
                    super::$check(&backend).await;
                    backend.cleanup().await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $check() {
                    let Some(backend) = $crate::stores::Backend::postgres(stringify!($check)).await else {
                        return;
                    };
                    super::$check(&backend).await;
                    backend.cleanup().await;
                }
            )*
        }
    };
}

#[allow(unused_imports)]
pub(crate) use on_both_backends;

/// Runs a store call to its end from a test that is not async (one that drives nadare
/// processes), on a runtime of its own.
pub fn block_on<F: Future>(call: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime for the store call")
        .block_on(call)
}
