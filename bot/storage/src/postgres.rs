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

use std::future::Future;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use deadpool_postgres::{
    GenericClient, Manager, ManagerConfig, Object, Pool, RecyclingMethod, Runtime,
};
use tokio_postgres::error::SqlState;
use tokio_postgres::{NoTls, Row};

use super::codec::{
    CHALLENGE_COLUMNS, GAME_COLUMNS, RawChallenge, RawGame, RawState, announced_out, id_in, ply_in,
    shard_condition, shard_params,
};
use super::extras;
use super::migrate::{LATEST_VERSION, MIGRATIONS};
use super::postgres_extras::{bind, one, rows, run};
use domain::Lang;
use domain::rating::RatingFamily;
use domain::{
    ArchivePage, ArchiveQuery, ArchivedGame, ChallengeEnd, ChallengeEntry, ChallengeRecord,
    ChannelId, DamagedGame, Extras, GameId, GameRatingChange, GameRecord, GameState, GameStore,
    GuildId, GuildSettings, Leaderboard, PlayerRating, RatingUpdate, ShardSet, StoreError,
    StoredGame, Unfinished, UserId, Vacation, VacationAllowance,
};

/// How to reach PostgreSQL and how patient to be with it.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// The PostgreSQL store. Cheap to clone; clones share the pool.
#[derive(Clone)]
pub struct PgStore {
    pool: Pool,
    retry_for: Duration,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("pool", &self.pool.status())
            .finish()
    }
}

/// Why one attempt failed: worth another try, or not.
pub(super) enum Fail {
    /// The connection broke or the server asked to retry.
    Retry(String),
    /// Final.
    Stop(StoreError),
}

impl From<tokio_postgres::Error> for Fail {
    fn from(e: tokio_postgres::Error) -> Fail {
        let transient = e.is_closed()
            || e.code().is_some_and(|c| {
                c.code().starts_with("08")
                    || *c == SqlState::ADMIN_SHUTDOWN
                    || *c == SqlState::CRASH_SHUTDOWN
                    || *c == SqlState::CANNOT_CONNECT_NOW
                    || *c == SqlState::T_R_SERIALIZATION_FAILURE
                    || *c == SqlState::T_R_DEADLOCK_DETECTED
            })
            || std::error::Error::source(&e).is_some_and(|s| s.is::<std::io::Error>());
        if transient {
            Fail::Retry(e.to_string())
        } else {
            Fail::Stop(StoreError::Backend(describe(&e)))
        }
    }
}

impl From<deadpool_postgres::PoolError> for Fail {
    fn from(e: deadpool_postgres::PoolError) -> Fail {
        Fail::Retry(e.to_string())
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail::Stop(e)
    }
}

/// The server's message and detail, when it sent one.
fn describe(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} ({})", db.message(), db.code().code()),
        None => e.to_string(),
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
        let store = PgStore {
            pool,
            retry_for: options.retry_for,
        };
        store.run(|client, _| migrate(client)).await?;
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
}

async fn migrate(mut client: Object) -> Result<(), Fail> {
    let tx = client.transaction().await?;
    // One process migrates at a time; the others wait here, then find nothing to do.
    tx.execute("SELECT pg_advisory_xact_lock(7351442818)", &[])
        .await?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version    BIGINT PRIMARY KEY,
             applied_ms BIGINT NOT NULL
         )",
    )
    .await?;
    let current: i64 = tx
        .query_one(
            "SELECT COALESCE(MAX(version), 0)::BIGINT FROM schema_migrations",
            &[],
        )
        .await?
        .get(0);
    if current > LATEST_VERSION {
        return Err(Fail::Stop(StoreError::Backend(format!(
            "the database has schema version {current}, newer than this nadare knows \
             ({LATEST_VERSION}); run a newer nadare"
        ))));
    }
    for &(version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > current) {
        tx.batch_execute(sql).await.map_err(|e| {
            Fail::Stop(StoreError::Backend(format!(
                "cannot bring the database to schema version {version}: {}",
                describe(&e)
            )))
        })?;
        tx.execute(
            "INSERT INTO schema_migrations (version, applied_ms) VALUES ($1, $2)",
            &[&version, &super::unix_ms_now()],
        )
        .await?;
        tracing::info!(version, "applied database migration");
    }
    tx.commit().await?;
    Ok(())
}

async fn insert_challenge(client: &impl GenericClient, c: &RawChallenge) -> Result<(), Fail> {
    client
        .execute(
            &format!(
                "INSERT INTO challenges ({CHALLENGE_COLUMNS})
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)"
            ),
            &[
                &c.id,
                &c.guild_id,
                &c.channel_id,
                &c.challenger_id,
                &c.challenger_name,
                &c.opponent_id,
                &c.opponent_name,
                &c.variant,
                &c.setup,
                &c.color,
                &c.deadline_secs,
                &c.created_ms,
                &c.expires_ms,
                &c.status,
                &c.rated,
            ],
        )
        .await?;
    Ok(())
}

/// Closes a challenge that must still be open. On a retry, finding it already closed the
/// same way counts as done.
async fn close_challenge(
    client: &impl GenericClient,
    id: GameId,
    end: ChallengeEnd,
    retried: bool,
) -> Result<(), Fail> {
    let changed = client
        .execute(
            "UPDATE challenges SET status = $2 WHERE id = $1 AND status = 'open'",
            &[&id_in(id)?, &end.id()],
        )
        .await?;
    if changed == 0 {
        if retried {
            let status: Option<String> = client
                .query_opt(
                    "SELECT status FROM challenges WHERE id = $1",
                    &[&id_in(id)?],
                )
                .await?
                .map(|r| r.get(0));
            if status.as_deref() == Some(end.id()) {
                return Ok(());
            }
        }
        return Err(Fail::Stop(StoreError::Conflict {
            what: "challenge",
            id,
        }));
    }
    Ok(())
}

async fn insert_game(client: &impl GenericClient, g: &RawGame) -> Result<(), Fail> {
    let s = &g.state;
    client
        .execute(
            &format!(
                "INSERT INTO games ({GAME_COLUMNS})
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                     $17, $18, $19, $20, $21, $22)"
            ),
            &[
                &g.id,
                &g.guild_id,
                &g.channel_id,
                &g.variant,
                &g.chess960,
                &g.white_id,
                &g.white_name,
                &g.black_id,
                &g.black_name,
                &g.deadline_secs,
                &g.created_ms,
                &s.turn_started_ms,
                &s.reminded,
                &s.draw_offer,
                &s.takeback,
                &s.pending,
                &s.status,
                &s.winner,
                &s.end_reason,
                &s.finished_ms,
                &s.revision,
                &g.rated,
            ],
        )
        .await?;
    Ok(())
}

/// What a conditional game write found.
enum Written {
    /// It wrote the new revision.
    Now,
    /// An earlier attempt had already written it (its acknowledgement was lost).
    Before,
}

/// Writes `state` if the stored revision is the one before it. A conflict otherwise, unless
/// this is a retry and the stored revision is already this one.
async fn update_state(
    client: &impl GenericClient,
    game: GameId,
    state: &GameState,
    retried: bool,
) -> Result<Written, Fail> {
    let s = RawState::from_state(state)?;
    let changed = client
        .execute(
            "UPDATE games SET turn_started_ms = $2, reminded = $3, draw_offer = $4,
                 takeback = $5, pending = $6, status = $7, winner = $8, end_reason = $9,
                 finished_ms = $10, revision = $11::BIGINT
             WHERE id = $1 AND revision = $11::BIGINT - 1",
            &[
                &id_in(game)?,
                &s.turn_started_ms,
                &s.reminded,
                &s.draw_offer,
                &s.takeback,
                &s.pending,
                &s.status,
                &s.winner,
                &s.end_reason,
                &s.finished_ms,
                &s.revision,
            ],
        )
        .await?;
    if changed == 1 {
        return Ok(Written::Now);
    }
    if retried {
        let stored: Option<i64> = client
            .query_opt("SELECT revision FROM games WHERE id = $1", &[&id_in(game)?])
            .await?
            .map(|r| r.get(0));
        if stored == Some(s.revision) {
            return Ok(Written::Before);
        }
    }
    Err(Fail::Stop(StoreError::Conflict {
        what: "game",
        id: game,
    }))
}

fn raw_challenge(r: &Row) -> Result<RawChallenge, Fail> {
    Ok(RawChallenge {
        id: r.try_get(0)?,
        guild_id: r.try_get(1)?,
        channel_id: r.try_get(2)?,
        challenger_id: r.try_get(3)?,
        challenger_name: r.try_get(4)?,
        opponent_id: r.try_get(5)?,
        opponent_name: r.try_get(6)?,
        variant: r.try_get(7)?,
        setup: r.try_get(8)?,
        color: r.try_get(9)?,
        deadline_secs: r.try_get(10)?,
        created_ms: r.try_get(11)?,
        expires_ms: r.try_get(12)?,
        status: r.try_get(13)?,
        rated: r.try_get(14)?,
    })
}

fn raw_game(r: &Row) -> Result<RawGame, Fail> {
    Ok(RawGame {
        id: r.try_get(0)?,
        guild_id: r.try_get(1)?,
        channel_id: r.try_get(2)?,
        variant: r.try_get(3)?,
        chess960: r.try_get(4)?,
        white_id: r.try_get(5)?,
        white_name: r.try_get(6)?,
        black_id: r.try_get(7)?,
        black_name: r.try_get(8)?,
        deadline_secs: r.try_get(9)?,
        created_ms: r.try_get(10)?,
        state: RawState {
            turn_started_ms: r.try_get(11)?,
            reminded: r.try_get(12)?,
            draw_offer: r.try_get(13)?,
            takeback: r.try_get(14)?,
            pending: r.try_get(15)?,
            status: r.try_get(16)?,
            winner: r.try_get(17)?,
            end_reason: r.try_get(18)?,
            finished_ms: r.try_get(19)?,
            revision: r.try_get(20)?,
        },
        rated: r.try_get(21)?,
    })
}

async fn query_challenges(
    client: &impl GenericClient,
    condition: &str,
    values: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> Result<Vec<ChallengeEntry>, Fail> {
    let rows = client
        .query(
            &format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE {condition} ORDER BY id"),
            values,
        )
        .await?;
    rows.iter()
        .map(|r| {
            let (challenge, end) = raw_challenge(r)?.into_record()?;
            Ok(ChallengeEntry { challenge, end })
        })
        .collect()
}

/// The games matching `condition`, with their turns (fetched in one more query), and those
/// whose row cannot be read (set aside, not a failure of the whole load).
async fn query_games(
    client: &impl GenericClient,
    condition: &str,
    values: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> Result<(Vec<StoredGame>, Vec<DamagedGame>), Fail> {
    let rows = client
        .query(
            &format!(
                "SELECT {GAME_COLUMNS}, announced_plies FROM games WHERE {condition} ORDER BY id"
            ),
            values,
        )
        .await?;
    let mut games = Vec::with_capacity(rows.len());
    let mut ids = Vec::with_capacity(rows.len());
    let mut damaged = Vec::new();
    for r in &rows {
        let record = raw_game(r)
            .map_err(|e| match e {
                Fail::Stop(e) => e,
                Fail::Retry(why) => StoreError::from_sql(why),
            })
            .and_then(|raw| {
                let announced = r
                    .try_get::<_, Option<i32>>(22)
                    .map_err(StoreError::from_sql)?;
                Ok((raw.id, raw.into_record()?, announced_out(announced)?))
            });
        match record {
            Ok((id, row, announced)) => {
                ids.push(id);
                games.push(StoredGame {
                    row,
                    turns: Vec::new(),
                    announced,
                });
            }
            Err(e) => damaged.push(DamagedGame {
                id: r.try_get(0)?,
                channel: r
                    .try_get::<_, i64>(2)
                    .ok()
                    .and_then(|c| u64::try_from(c).ok()),
                error: e.to_string(),
            }),
        }
    }
    if ids.is_empty() {
        return Ok((games, damaged));
    }
    let turns = client
        .query(
            "SELECT game_id, notation FROM turns WHERE game_id = ANY($1) ORDER BY game_id, ply",
            &[&ids],
        )
        .await?;
    // Both lists are ordered by game id: walk them together.
    let mut at = 0;
    for t in &turns {
        let id: i64 = t.try_get(0)?;
        while at < ids.len() && ids[at] < id {
            at += 1;
        }
        if let Some(game) = games.get_mut(at).filter(|_| ids.get(at) == Some(&id)) {
            game.turns.push(t.try_get(1)?);
        }
    }
    Ok((games, damaged))
}

/// Only the games, or the first that cannot be read as an error (where every game is needed).
fn all_readable(
    (games, damaged): (Vec<StoredGame>, Vec<DamagedGame>),
) -> Result<Vec<StoredGame>, Fail> {
    match damaged.first() {
        Some(d) => Err(Fail::Stop(StoreError::unreadable(d))),
        None => Ok(games),
    }
}

#[async_trait]
impl GameStore for PgStore {
    async fn new_id(&self) -> Result<GameId, StoreError> {
        self.run(|client, _| async move {
            let id: i64 = client
                .query_one(
                    "UPDATE ids SET next_id = next_id + 1 RETURNING next_id - 1",
                    &[],
                )
                .await?
                .try_get(0)?;
            Ok(super::codec::id_out(id, "ids", "next_id")?)
        })
        .await
    }

    async fn insert_challenge(&self, challenge: &ChallengeRecord) -> Result<(), StoreError> {
        let raw = RawChallenge::from_record(challenge, None)?;
        let raw = &raw;
        self.run(|client, retried| async move {
            match insert_challenge(&client, raw).await {
                // A retry finding its own row: the first attempt committed.
                Err(Fail::Stop(_)) if retried => {
                    let found = client
                        .query_opt("SELECT 1 FROM challenges WHERE id = $1", &[&raw.id])
                        .await?;
                    if found.is_some() {
                        Ok(())
                    } else {
                        insert_challenge(&client, raw).await
                    }
                }
                other => other,
            }
        })
        .await
    }

    async fn end_challenge(&self, id: GameId, end: ChallengeEnd) -> Result<(), StoreError> {
        self.run(|client, retried| async move { close_challenge(&client, id, end, retried).await })
            .await
    }

    async fn start_game(
        &self,
        challenge: Option<GameId>,
        game: &GameRecord,
    ) -> Result<(), StoreError> {
        let raw = RawGame::from_record(game)?;
        let raw = &raw;
        self.run(|mut client, retried| async move {
            if retried {
                let found = client
                    .query_opt("SELECT 1 FROM games WHERE id = $1", &[&raw.id])
                    .await?;
                if found.is_some() {
                    return Ok(());
                }
            }
            let tx = client.transaction().await?;
            if let Some(id) = challenge {
                close_challenge(&tx, id, ChallengeEnd::Accepted, false).await?;
            }
            insert_game(&tx, raw).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn record_turn(
        &self,
        game: GameId,
        ply: usize,
        notation: &str,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StoreError> {
        let (id, ply) = (id_in(game)?, ply_in(ply)?);
        self.run(|mut client, retried| async move {
            let tx = client.transaction().await?;
            if let Written::Now = update_state(&tx, game, state, retried).await? {
                tx.execute(
                    "INSERT INTO turns (game_id, ply, notation) VALUES ($1, $2, $3)",
                    &[&id, &ply, &notation],
                )
                .await?;
                write_rating(&tx, game, rating).await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn take_back(
        &self,
        game: GameId,
        keep: usize,
        state: &GameState,
    ) -> Result<(), StoreError> {
        let (id, keep) = (id_in(game)?, ply_in(keep)?);
        self.run(|mut client, retried| async move {
            let tx = client.transaction().await?;
            if let Written::Now = update_state(&tx, game, state, retried).await? {
                tx.execute(
                    "DELETE FROM turns WHERE game_id = $1 AND ply >= $2",
                    &[&id, &keep],
                )
                .await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn update_game(
        &self,
        game: GameId,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StoreError> {
        self.run(|mut client, retried| async move {
            let tx = client.transaction().await?;
            if let Written::Now = update_state(&tx, game, state, retried).await? {
                write_rating(&tx, game, rating).await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn load_unfinished(&self, shards: ShardSet) -> Result<Unfinished, StoreError> {
        let (total, first, last) = shard_params(shards);
        let filter = shard_condition("$1::BIGINT", "$2::BIGINT", "$3::BIGINT");
        let filter = &filter;
        self.run(|mut client, _| async move {
            // One snapshot for both lists.
            let tx = client
                .build_transaction()
                .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await?;
            let values: [&(dyn tokio_postgres::types::ToSql + Sync); 3] = [&total, &first, &last];
            let challenges =
                query_challenges(&tx, &format!("status = 'open' AND {filter}"), &values)
                    .await?
                    .into_iter()
                    .map(|e| e.challenge)
                    .collect();
            let (games, damaged) =
                query_games(&tx, &format!("status = 'active' AND {filter}"), &values).await?;
            tx.commit().await?;
            Ok(Unfinished {
                challenges,
                games,
                damaged,
            })
        })
        .await
    }

    async fn load_finished_since(
        &self,
        shards: ShardSet,
        since_ms: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let (total, first, last) = shard_params(shards);
        let filter = shard_condition("$1::BIGINT", "$2::BIGINT", "$3::BIGINT");
        let condition = format!("status = 'finished' AND finished_ms >= $4::BIGINT AND {filter}");
        let condition = &condition;
        self.run(|client, _| async move {
            let (games, damaged) =
                query_games(&client, condition, &[&total, &first, &last, &since_ms]).await?;
            for d in damaged {
                tracing::warn!(game = d.id, error = %d.error, "cannot read a finished game");
            }
            Ok(games)
        })
        .await
    }

    async fn load_game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        let id = id_in(id)?;
        self.run(|mut client, _| async move {
            let tx = client
                .build_transaction()
                .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await?;
            let games = all_readable(query_games(&tx, "id = $1", &[&id]).await?)?;
            tx.commit().await?;
            Ok(games.into_iter().next())
        })
        .await
    }

    async fn load_channel(&self, channel: ChannelId) -> Result<Unfinished, StoreError> {
        let channel = id_in(channel)?;
        self.run(|mut client, _| async move {
            let tx = client
                .build_transaction()
                .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await?;
            let challenges =
                query_challenges(&tx, "status = 'open' AND channel_id = $1", &[&channel])
                    .await?
                    .into_iter()
                    .map(|e| e.challenge)
                    .collect();
            let (games, damaged) =
                query_games(&tx, "status = 'active' AND channel_id = $1", &[&channel]).await?;
            tx.commit().await?;
            Ok(Unfinished {
                challenges,
                games,
                damaged,
            })
        })
        .await
    }

    async fn all_challenges(&self) -> Result<Vec<ChallengeEntry>, StoreError> {
        self.run(|client, _| async move { query_challenges(&client, "TRUE", &[]).await })
            .await
    }

    async fn all_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.run(|client, _| async move { all_readable(query_games(&client, "TRUE", &[]).await?) })
            .await
    }

    async fn import_challenge(&self, entry: &ChallengeEntry) -> Result<(), StoreError> {
        let raw = RawChallenge::from_record(&entry.challenge, entry.end)?;
        let raw = &raw;
        self.run(|client, _| async move {
            client
                .execute("DELETE FROM challenges WHERE id = $1", &[&raw.id])
                .await?;
            insert_challenge(&client, raw).await
        })
        .await
    }

    async fn import_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        let raw = RawGame::from_record(&game.row)?;
        let (raw, turns, announced) = (&raw, &game.turns, game.announced);
        self.run(|mut client, _| async move {
            let tx = client.transaction().await?;
            // Idempotent: a retried or repeated import replaces what an earlier one wrote.
            tx.execute("DELETE FROM turns WHERE game_id = $1", &[&raw.id])
                .await?;
            tx.execute("DELETE FROM games WHERE id = $1", &[&raw.id])
                .await?;
            insert_game(&tx, raw).await?;
            let insert = tx
                .prepare("INSERT INTO turns (game_id, ply, notation) VALUES ($1, $2, $3)")
                .await?;
            for (ply, notation) in turns.iter().enumerate() {
                tx.execute(&insert, &[&raw.id, &ply_in(ply)?, notation])
                    .await?;
            }
            if let Some(plies) = announced {
                tx.execute(ANNOUNCE, &[&raw.id, &ply_in(plies)?]).await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn reserve_ids(&self) -> Result<(), StoreError> {
        self.run(|client, _| async move {
            client.execute(super::RESERVE_IDS, &[]).await?;
            Ok(())
        })
        .await
    }

    async fn mark_announced(&self, game: GameId, plies: usize) -> Result<(), StoreError> {
        let (id, plies) = (id_in(game)?, ply_in(plies)?);
        self.run(|client, _| async move {
            client.execute(ANNOUNCE, &[&id, &plies]).await?;
            Ok(())
        })
        .await
    }

    async fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }

    async fn user_ratings(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let values = [extras::id_value(guild)?, extras::id_value(user)?];
        let values = &values;
        let mut ratings = self
            .run(|client, _| async move {
                rows(&client, extras::USER_RATINGS, values, extras::read_rating).await
            })
            .await?;
        ratings.sort_by_key(|r| r.family);
        Ok(ratings)
    }

    async fn leaderboard(
        &self,
        guild: GuildId,
        family: RatingFamily,
        top: usize,
        user: Option<UserId>,
    ) -> Result<Leaderboard, StoreError> {
        let board = extras::board_values(guild, family)?;
        let mut leaders = board.clone();
        leaders.push(extras::int_value(i64::try_from(top).unwrap_or(i64::MAX)));
        let place = match user {
            Some(user) => {
                let mut values = board.clone();
                values.push(extras::id_value(user)?);
                Some(values)
            }
            None => None,
        };
        let (board, leaders, place) = (&board, &leaders, &place);
        self.run(|mut client, _| async move {
            let tx = read_snapshot(&mut client).await?;
            let top = rows(&tx, extras::LEADERS, leaders, extras::read_rating).await?;
            let own = match place {
                Some(values) => one(&tx, extras::PLACE, values, extras::read_place).await?,
                None => None,
            };
            let players = one(&tx, extras::PLAYERS, board, extras::read_count)
                .await?
                .unwrap_or(0);
            tx.commit().await?;
            Ok(Leaderboard {
                top: extras::ranked(top),
                own,
                players,
            })
        })
        .await
    }

    async fn game_rating_changes(&self, game: GameId) -> Result<Vec<GameRatingChange>, StoreError> {
        let values = [extras::id_value(game)?];
        let values = &values;
        self.run(|client, _| async move {
            rows(
                &client,
                extras::GAME_CHANGES,
                values,
                extras::read_rating_change,
            )
            .await
        })
        .await
    }

    async fn finished_games(&self, query: &ArchiveQuery) -> Result<ArchivePage, StoreError> {
        let sql = extras::archive_sql(query)?;
        let sql = &sql;
        let (page, per_page) = (query.page, query.per_page.max(1));
        self.run(|mut client, _| async move {
            let tx = read_snapshot(&mut client).await?;
            let total = one(&tx, &sql.count, &sql.count_values, extras::read_count)
                .await?
                .unwrap_or(0);
            let mut games = Vec::new();
            let found = tx
                .query(&extras::pg(&sql.page), &bind(&sql.page_values))
                .await?;
            for r in &found {
                let plies: i64 = r.try_get(22)?;
                games.push(ArchivedGame {
                    row: raw_game(r)?.into_record()?,
                    plies: usize::try_from(plies).unwrap_or(0),
                });
            }
            tx.commit().await?;
            Ok(ArchivePage {
                games,
                total,
                page,
                per_page,
            })
        })
        .await
    }

    async fn start_vacation(&self, vacation: &Vacation) -> Result<(), StoreError> {
        let user = [extras::id_value(vacation.user)?];
        let user = &user;
        self.run(|mut client, retried| async move {
            if retried {
                // A retry finding this very vacation: the first attempt committed.
                let found = one(
                    &client,
                    extras::ACTIVE_VACATION,
                    user,
                    extras::read_vacation,
                )
                .await?;
                if found.as_ref() == Some(vacation) {
                    return Ok(());
                }
            }
            let tx = client.transaction().await?;
            run(&tx, extras::start_vacation_steps(vacation)?).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn end_vacation(&self, user: UserId, days_used: u32) -> Result<Vacation, StoreError> {
        let values = [extras::id_value(user)?];
        let values = &values;
        self.run(|mut client, _| async move {
            let tx = client.transaction().await?;
            let ended = one(&tx, extras::END_VACATION, values, extras::read_vacation)
                .await?
                .ok_or(Fail::Stop(StoreError::Conflict {
                    what: "vacation",
                    id: user,
                }))?;
            run(&tx, [extras::end_vacation_step(&ended, days_used)?]).await?;
            tx.commit().await?;
            Ok(ended)
        })
        .await
    }

    async fn vacation_allowance(
        &self,
        user: UserId,
        year: i32,
    ) -> Result<VacationAllowance, StoreError> {
        let id = [extras::id_value(user)?];
        let days = [extras::id_value(user)?, extras::int_value(year)];
        let (id, days) = (&id, &days);
        self.run(|mut client, _| async move {
            let tx = read_snapshot(&mut client).await?;
            let active = one(&tx, extras::ACTIVE_VACATION, id, extras::read_vacation).await?;
            let days_used = one(&tx, extras::DAYS_USED, days, extras::read_days_used)
                .await?
                .unwrap_or(0);
            tx.commit().await?;
            Ok(VacationAllowance { active, days_used })
        })
        .await
    }

    async fn active_vacations(&self) -> Result<Vec<Vacation>, StoreError> {
        self.run(|client, _| async move {
            rows(
                &client,
                extras::ACTIVE_VACATIONS,
                &[],
                extras::read_vacation,
            )
            .await
        })
        .await
    }

    async fn set_guild_lang(&self, guild: GuildId, lang: Option<Lang>) -> Result<(), StoreError> {
        self.run(
            |client, _| async move { run(&client, [extras::set_lang_step(guild, lang)?]).await },
        )
        .await
    }

    async fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        let values = [extras::id_value(guild)?];
        let values = &values;
        let lang = self
            .run(|client, _| async move {
                one(&client, extras::GUILD_LANG, values, |r| {
                    extras::lang_out(r.text(0)?)
                })
                .await
            })
            .await?
            .flatten();
        Ok(GuildSettings { guild, lang })
    }

    async fn load_guild_settings(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<GuildSettings>, StoreError> {
        let (total, first, last) = shard_params(shards);
        let filter = shard_condition("?1::BIGINT", "?2::BIGINT", "?3::BIGINT");
        let sql =
            format!("SELECT guild_id, lang FROM guild_settings WHERE {filter} ORDER BY guild_id");
        let values = [
            extras::int_value(total),
            extras::int_value(first),
            extras::int_value(last),
        ];
        let (sql, values) = (&sql, &values);
        self.run(|client, _| async move { rows(&client, sql, values, extras::read_settings).await })
            .await
    }

    async fn all_extras(&self) -> Result<Extras, StoreError> {
        let [ratings, changes, vacations, days, settings] = extras::all_extras_sql();
        let queries = (&ratings, &changes, &vacations, &days, &settings);
        self.run(|mut client, _| async move {
            let (ratings, changes, vacations, days, settings) = queries;
            let tx = read_snapshot(&mut client).await?;
            let extras = Extras {
                ratings: rows(&tx, ratings, &[], extras::read_rating).await?,
                rating_changes: rows(&tx, changes, &[], extras::read_rating_change).await?,
                vacations: rows(&tx, vacations, &[], extras::read_vacation).await?,
                vacation_days: rows(&tx, days, &[], extras::read_days).await?,
                guild_settings: rows(&tx, settings, &[], extras::read_settings).await?,
            };
            tx.commit().await?;
            Ok(extras)
        })
        .await
    }

    async fn import_extras(&self, extras: &Extras) -> Result<(), StoreError> {
        self.run(|mut client, _| async move {
            // Idempotent: a retry clears what an earlier attempt wrote.
            let tx = client.transaction().await?;
            tx.batch_execute(extras::CLEAR_EXTRAS).await?;
            run(&tx, extras::import_steps(extras)?).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }
}

/// Writes a rated game's rating update (inside the transaction writing its result).
async fn write_rating(
    client: &impl GenericClient,
    game: GameId,
    rating: Option<&RatingUpdate>,
) -> Result<(), Fail> {
    match rating {
        Some(update) => run(client, extras::rating_steps(game, update)?).await,
        None => Ok(()),
    }
}

/// A read-only transaction on one snapshot, for reads of several queries.
async fn read_snapshot(client: &mut Object) -> Result<deadpool_postgres::Transaction<'_>, Fail> {
    Ok(client
        .build_transaction()
        .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await?)
}

/// Writes how many plies of a game its players have been shown.
const ANNOUNCE: &str = "UPDATE games SET announced_plies = $2 WHERE id = $1";
