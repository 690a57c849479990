//! [`GameStore`] on PostgreSQL, for several bot processes sharing one database.
//!
//! Driver: `tokio-postgres` with a `deadpool-postgres` pool. Not sqlx: sqlx's optional SQLite
//! driver declares `links = "sqlite3"`, which Cargo's resolver counts even with the feature
//! off, clashing with rusqlite's bundled `libsqlite3-sys` that the embedded backend keeps.
//! tokio-postgres is the maintained native async driver (MIT/Apache-2.0), speaks the protocol
//! without a C library, and deadpool adds the bounded pool with wait and connect timeouts.
//!
//! Every call takes a pooled connection and runs in one transaction. A call that fails because
//! the connection broke (or the server restarts, or a serialisation failure) is retried with
//! exponential backoff for `retry_for`; after that it reports [`StoreError::Unavailable`], so
//! the user hears that nothing was saved instead of a turn being dropped silently. A retried
//! write whose first attempt did commit (the acknowledgement was lost) is recognised by the
//! revision it left and counts as done.

mod driver;
mod fail;
mod games;
mod listen;
mod privacy;
mod records;
mod reviews;
mod tournaments;
mod transfer;

use std::future::Future;
use std::time::{Duration, Instant};

use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod, Runtime};
use tokio_postgres::NoTls;

use crate::migrate::{
    CREATE_MIGRATIONS, CURRENT_VERSION, LATEST_VERSION, RECORD, pending, record_values,
};
use crate::sql::pg;
use domain::StoreError;
use fail::{Fail, describe};

/// How to reach PostgreSQL and how patient to be with it. Its `Debug` shows the URL without
/// its password.
#[derive(Clone, PartialEq, Eq)]
pub struct PgOptions {
    /// `postgres://user:password@host:port/database` (libpq URL syntax; `?options=-csearch_path%3Dx`
    /// selects a schema).
    pub url: String,
    /// The most connections this process opens.
    pub pool_size: usize,
    /// How long to wait for a connection to open, or for a free one from the pool.
    pub connect_timeout: Duration,
    /// How long to keep retrying a call whose connection broke before giving up.
    pub retry_for: Duration,
}

impl PgOptions {
    /// The defaults for `url`: 16 connections, 5 s to connect, 10 s of retries.
    pub fn new(url: impl Into<String>) -> PgOptions {
        PgOptions {
            url: url.into(),
            pool_size: 16,
            connect_timeout: Duration::from_secs(5),
            retry_for: Duration::from_secs(10),
        }
    }
}

impl std::fmt::Debug for PgOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgOptions")
            .field("url", &domain::Redacted(&self.url))
            .field("pool_size", &self.pool_size)
            .field("connect_timeout", &self.connect_timeout)
            .field("retry_for", &self.retry_for)
            .finish()
    }
}

/// The PostgreSQL store. Cheap to clone; clones share the pool.
#[derive(Clone)]
pub struct PgStore {
    pool: Pool,
    retry_for: Duration,
    /// What the processes on the database tell each other of games that changed.
    changes: listen::Changes,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("pool", &self.pool.status())
            .finish()
    }
}

impl PgStore {
    /// Connects, and brings the schema up to date (one process at a time, under an advisory
    /// lock). Refuses a database written by a newer nadare.
    pub async fn connect(options: &PgOptions) -> Result<PgStore, StoreError> {
        let mut config: tokio_postgres::Config = options
            .url
            .parse()
            .map_err(|e| StoreError::Backend(format!("`database` is not a PostgreSQL URL: {e}")))?;
        config.connect_timeout(options.connect_timeout);
        if config.get_application_name().is_none() {
            config.application_name("nadare");
        }
        let listening = config.clone();
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(options.pool_size.max(1))
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(options.connect_timeout))
            .create_timeout(Some(options.connect_timeout))
            .recycle_timeout(Some(options.connect_timeout))
            .build()
            .map_err(|e| StoreError::Backend(format!("cannot build the connection pool: {e}")))?;
        let mut store = PgStore {
            pool,
            retry_for: options.retry_for,
            changes: listen::Changes::new(listening, String::new()),
        };
        store.run(|client, _| migrate(client)).await?;
        let schema = store
            .run(|client, _| async move {
                let row = client.query_one("SELECT current_schema()", &[]).await?;
                Ok(row.try_get::<_, Option<String>>(0)?.unwrap_or_default())
            })
            .await?;
        store.changes = listen::Changes::new(store.changes.config().clone(), schema);
        Ok(store)
    }

    /// Runs one attempt after another until one succeeds, fails for good, or `retry_for` has
    /// passed. `op` gets a pooled connection and whether an earlier attempt failed.
    async fn run<T, F, Fut>(&self, mut op: F) -> Result<T, StoreError>
    where
        F: FnMut(Object, bool) -> Fut,
        Fut: Future<Output = Result<T, Fail>>,
    {
        let started = Instant::now();
        let mut pause = Duration::from_millis(50);
        let mut retried = false;
        loop {
            let attempt = match self.pool.get().await {
                Ok(client) => op(client, retried).await,
                Err(e) => Err(Fail::from(e)),
            };
            match attempt {
                Ok(v) => return Ok(v),
                Err(Fail::Stop(e)) => return Err(e),
                Err(Fail::Retry(why)) => {
                    if started.elapsed() + pause > self.retry_for {
                        tracing::error!(error = %why, "PostgreSQL unreachable; giving up");
                        return Err(StoreError::Unavailable(why));
                    }
                    tracing::warn!(error = %why, retry_in = ?pause, "PostgreSQL call failed; retrying");
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(Duration::from_secs(2));
                    retried = true;
                }
            }
        }
    }

    /// Runs the statements of a write in one transaction.
    async fn write_steps(&self, steps: &[crate::sql::Step]) -> Result<(), StoreError> {
        self.run(|mut client, _| async move {
            let tx = client.transaction().await?;
            driver::exec(&tx, steps).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }
}

/// Brings the database to [`LATEST_VERSION`] in one transaction, one process at a time. Run
/// through [`PgStore::run`] like every other call: a connection lost midway leaves the schema
/// as it was, and the migration is tried again from the start.
async fn migrate(mut client: Object) -> Result<(), Fail> {
    let tx = client.transaction().await?;
    // One process migrates at a time; the others wait here, then find nothing to do.
    tx.execute("SELECT pg_advisory_xact_lock(7351442818)", &[])
        .await?;
    tx.batch_execute(CREATE_MIGRATIONS).await?;
    let current: i64 = tx.query_one(CURRENT_VERSION, &[]).await?.try_get(0)?;
    if current > LATEST_VERSION {
        return Err(Fail::Stop(StoreError::Backend(format!(
            "the database has schema version {current}, newer than this nadare knows \
             ({LATEST_VERSION}); run a newer nadare"
        ))));
    }
    for (version, sql) in pending(current) {
        tx.batch_execute(sql).await.map_err(|e| {
            let detail = describe(&e);
            match Fail::from(e) {
                // A lost connection rolled the whole transaction back: the next attempt
                // starts over from the version the database still has.
                Fail::Retry(why) => Fail::Retry(why),
                Fail::Stop(_) => Fail::Stop(StoreError::Backend(format!(
                    "cannot bring the database to schema version {version}: {detail}"
                ))),
            }
        })?;
        tx.execute(&pg(RECORD), &driver::bind(&record_values(version)))
            .await?;
        tracing::info!(version, "applied database migration");
    }
    tx.commit().await?;
    Ok(())
}
