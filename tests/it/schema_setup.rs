//! Issue 19, item 11: bringing a PostgreSQL schema up is retried like every other call. A
//! backend terminated in the middle of a migration rolls the migration back whole, and the
//! next attempt brings the schema up. Skipped (and says so) without a reachable PostgreSQL.

use std::time::{Duration, Instant};

use storage::LATEST_VERSION;
use storage::postgres::{PgOptions, PgStore};
use testkit::stores::{Backend, admin, postgres_url};
use tokio_postgres::NoTls;

/// A session of its own on the test server, with its connection driven in the background.
async fn session() -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(&postgres_url(), NoTls)
        .await
        .expect("connect");
    tokio::spawn(connection);
    client
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_migration_whose_connection_is_terminated_is_retried() {
    let Some(backend) = Backend::postgres("schema_setup_retried").await else {
        return;
    };
    let (Some(url), Backend::Postgres { schema, .. }) = (backend.url(), &backend) else {
        unreachable!("a PostgreSQL backend");
    };
    // The schema as version 3 left it: version 4 alters its tables.
    admin(
        &postgres_url(),
        &format!(
            "SET search_path TO {schema};
             CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL);
             {}{}{}
             INSERT INTO schema_migrations VALUES (1, 0), (2, 0), (3, 0);",
            include_str!("../../bot/storage/migrations/0001_initial.sql"),
            include_str!("../../bot/storage/migrations/0002_shared.sql"),
            include_str!("../../bot/storage/migrations/0003_announced.sql"),
        ),
    )
    .await
    .expect("schema version 3");
    // Another session holds the tables, so the migration waits inside its transaction.
    let mut holder = session().await;
    let hold = holder.transaction().await.expect("begin");
    hold.batch_execute(&format!(
        "LOCK TABLE {schema}.challenges, {schema}.games IN ACCESS SHARE MODE"
    ))
    .await
    .expect("lock");

    let options = PgOptions::new(url);
    let migrating = tokio::spawn(async move { PgStore::connect(&options).await });
    let killer = session().await;
    let started = Instant::now();
    let terminated = loop {
        let killed: i64 = killer
            .query_one(
                "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity \
                 WHERE application_name = $1 AND wait_event_type = 'Lock'",
                &[schema],
            )
            .await
            .expect("terminate")
            .get(0);
        if killed > 0 || started.elapsed() > Duration::from_secs(10) {
            break killed;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(
        terminated, 1,
        "the migrating backend was found and terminated"
    );
    hold.commit().await.expect("release");

    let store = migrating.await.expect("task");
    assert!(store.is_ok(), "migrate fails: {:?}", store.err());
    let version: i64 = killer
        .query_one(
            &format!("SELECT MAX(version) FROM {schema}.schema_migrations"),
            &[],
        )
        .await
        .expect("version")
        .get(0);
    assert_eq!(version, LATEST_VERSION);
    drop(store);
    backend.cleanup().await;
}
