//! Durable storage: the service's [`GameStore`](domain::GameStore) on SQLite (embedded,
//! the default: this module, through `rusqlite`) or PostgreSQL ([`postgres`], for several
//! processes sharing one database). Both apply the same migrations and store the same columns
//! ([`codec`]). A game is stored as its variant, setup, players and the list of its turns in
//! notation; it is replayed on load. Every write is a committed transaction when the call
//! returns, and every write of a game is conditional on the revision it expects.
//!
//! The database runs in WAL mode with `synchronous=NORMAL`: a committed write survives the
//! process being killed at any point; only a power cut may lose the latest commits. One
//! process at a time uses a database file (an advisory lock), and nothing is written to a file
//! that is not nadare's own (see the `file` module).

mod codec;
mod error;
mod extras;
mod file;
mod migrate;
pub mod postgres;
mod postgres_extras;
mod sqlite;
mod sqlite_extras;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, Row, params};

pub use error::StorageError;
pub use file::APPLICATION_ID;
pub use migrate::LATEST_VERSION;

use codec::{
    CHALLENGE_COLUMNS, GAME_COLUMNS, RawChallenge, RawGame, RawState, announced_out, id_in, ply_in,
    shard_condition, shard_params,
};
use domain::clock::to_unix_ms;
use domain::{
    ChallengeEnd, ChallengeEntry, ChallengeRecord, ChannelId, DamagedGame, GameId, GameRecord,
    GameState, RatingUpdate, ShardSet, StoreError, StoredGame, Unfinished,
};

/// The SQLite database. Cheap to clone; clones share one connection. Its own methods block;
/// its [`GameStore`](domain::GameStore) implementation runs them on the blocking pool.
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

/// Milliseconds since the Unix epoch, now.
fn unix_ms_now() -> i64 {
    to_unix_ms(std::time::SystemTime::now())
}

impl Storage {
    /// Opens (creating it if needed) the database at `path` and brings its schema up to date.
    ///
    /// Nothing is written to a file that is not nadare's (another program's database, a file
    /// that is not a database, an empty file nadare did not create); damaged pages, missing
    /// permissions, locks and another nadare process using the file are each their own error.
    /// The file stays locked for this process until every clone of the storage is dropped.
    pub fn open(path: &Path) -> Result<Storage, StorageError> {
        let (lock, created) = match file::claim(path)? {
            file::Claimed::New(lock) => (lock, true),
            file::Claimed::Existing(lock) => (lock, false),
        };
        let opened = Storage::open_claimed(path, created, lock);
        if opened.is_err() && created {
            // Leave no half-made file behind: the next start would call it foreign.
            let _ = std::fs::remove_file(path);
        }
        opened
    }

    fn open_claimed(
        path: &Path,
        created: bool,
        lock: Arc<file::FileLock>,
    ) -> Result<Storage, StorageError> {
        let fail = |e| file::sql_failure(path, e);
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(fail)?;
        conn.busy_timeout(Duration::from_secs(5)).map_err(fail)?;
        let stamp = created || file::check_ownership(&conn, path)?;
        if stamp {
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
        migrate::migrate(&mut conn, path)?;
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

    fn conn(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: SQLite rolls back.
        self.inner
            .conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A fresh id, never handed out before.
    pub fn next_id(&self) -> Result<GameId, StorageError> {
        let id: i64 = self.conn().query_row(
            "UPDATE ids SET next_id = next_id + 1 RETURNING next_id - 1",
            [],
            |r| r.get(0),
        )?;
        Ok(codec::id_out(id, "ids", "next_id")?)
    }

    /// Makes the next id larger than every id stored.
    pub fn reserve_ids(&self) -> Result<(), StorageError> {
        self.conn().execute(RESERVE_IDS, [])?;
        Ok(())
    }

    /// Stores a new open challenge.
    pub fn insert_challenge(&self, c: &ChallengeRecord) -> Result<(), StorageError> {
        insert_challenge(&self.conn(), &RawChallenge::from_record(c, None)?)
    }

    /// Closes an open challenge that did not lead to a game.
    pub fn end_challenge(&self, id: GameId, end: ChallengeEnd) -> Result<(), StorageError> {
        close_challenge(&self.conn(), id, end)
    }

    /// Starts a game, closing the open challenge it came from (if any) in the same
    /// transaction.
    pub fn start_game(
        &self,
        challenge: Option<GameId>,
        game: &GameRecord,
    ) -> Result<(), StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        if let Some(id) = challenge {
            close_challenge(&tx, id, ChallengeEnd::Accepted)?;
        }
        insert_game(&tx, &RawGame::from_record(game)?)?;
        tx.commit()?;
        Ok(())
    }

    /// Appends ply number `ply` (0-based) to a game and saves its new state, atomically, if
    /// the stored revision is the one before `state.revision`, with the rating update of a
    /// rated game it finishes.
    pub fn record_turn(
        &self,
        game: GameId,
        ply: usize,
        notation: &str,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        update_state(&tx, game, state)?;
        tx.execute(
            "INSERT INTO turns (game_id, ply, notation) VALUES (?1, ?2, ?3)",
            params![id_in(game)?, ply_in(ply)?, notation],
        )?;
        sqlite_extras::write_rating(&tx, game, rating)?;
        tx.commit()?;
        Ok(())
    }

    /// Removes every ply from number `keep` on and saves the game's new state, atomically and
    /// conditionally like [`Storage::record_turn`].
    pub fn take_back(
        &self,
        game: GameId,
        keep: usize,
        state: &GameState,
    ) -> Result<(), StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        update_state(&tx, game, state)?;
        tx.execute(
            "DELETE FROM turns WHERE game_id = ?1 AND ply >= ?2",
            params![id_in(game)?, ply_in(keep)?],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Saves a game's state besides its turns (offers, reminders, result…), conditionally
    /// like [`Storage::record_turn`], with the rating update of a rated game it finishes.
    pub fn update_game(
        &self,
        game: GameId,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        update_state(&tx, game, state)?;
        sqlite_extras::write_rating(&tx, game, rating)?;
        tx.commit()?;
        Ok(())
    }

    /// Every open challenge and every unfinished game of the servers in `shards`, with their
    /// turns.
    pub fn load_unfinished(&self, shards: ShardSet) -> Result<Unfinished, StorageError> {
        let (total, first, last) = shard_params(shards);
        let filter = shard_condition("?1", "?2", "?3");
        self.load_where(
            &format!("status = 'open' AND {filter}"),
            &format!("status = 'active' AND {filter}"),
            params![total, first, last],
        )
    }

    /// The open challenge and the unfinished game in `channel`, if any.
    pub fn load_channel(&self, channel: ChannelId) -> Result<Unfinished, StorageError> {
        self.load_where(
            "status = 'open' AND channel_id = ?1",
            "status = 'active' AND channel_id = ?1",
            params![id_in(channel)?],
        )
    }

    fn load_where(
        &self,
        challenges_where: &str,
        games_where: &str,
        values: &[&dyn rusqlite::ToSql],
    ) -> Result<Unfinished, StorageError> {
        let conn = self.conn();
        let challenges = query_challenges(&conn, challenges_where, values)?
            .into_iter()
            .map(|entry| entry.challenge)
            .collect();
        let (games, damaged) = query_games(&conn, games_where, values)?;
        Ok(Unfinished {
            challenges,
            games,
            damaged,
        })
    }

    /// The games of the servers in `shards` finished at or after `since_ms` (Unix ms), with
    /// their turns; a game that cannot be read is logged and left out.
    pub fn load_finished_since(
        &self,
        shards: ShardSet,
        since_ms: i64,
    ) -> Result<Vec<StoredGame>, StorageError> {
        let (total, first, last) = shard_params(shards);
        let filter = shard_condition("?1", "?2", "?3");
        let (games, damaged) = query_games(
            &self.conn(),
            &format!("status = 'finished' AND finished_ms >= ?4 AND {filter}"),
            params![total, first, last, since_ms],
        )?;
        for d in damaged {
            tracing::warn!(game = d.id, error = %d.error, "cannot read a finished game");
        }
        Ok(games)
    }

    /// One game, finished or not, with its turns.
    pub fn load_game(&self, id: GameId) -> Result<Option<StoredGame>, StorageError> {
        let conn = self.conn();
        let (games, damaged) = query_games(&conn, "id = ?1", params![id_in(id)?])?;
        if let Some(d) = damaged.into_iter().next() {
            return Err(StoreError::unreadable(&d).into());
        }
        Ok(games.into_iter().next())
    }

    /// Every challenge, with its status, by id.
    pub fn all_challenges(&self) -> Result<Vec<ChallengeEntry>, StorageError> {
        query_challenges(&self.conn(), "1 = 1", params![])
    }

    /// Every game, with its turns, by id.
    pub fn all_games(&self) -> Result<Vec<StoredGame>, StorageError> {
        let (games, damaged) = query_games(&self.conn(), "1 = 1", params![])?;
        match damaged.first() {
            Some(d) => Err(StoreError::unreadable(d).into()),
            None => Ok(games),
        }
    }

    /// Copies a challenge in as it is.
    pub fn import_challenge(&self, entry: &ChallengeEntry) -> Result<(), StorageError> {
        insert_challenge(
            &self.conn(),
            &RawChallenge::from_record(&entry.challenge, entry.end)?,
        )
    }

    /// Copies a game in as it is, with its turns.
    pub fn import_game(&self, game: &StoredGame) -> Result<(), StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        insert_game(&tx, &RawGame::from_record(&game.row)?)?;
        for (ply, notation) in game.turns.iter().enumerate() {
            tx.execute(
                "INSERT INTO turns (game_id, ply, notation) VALUES (?1, ?2, ?3)",
                params![id_in(game.row.id)?, ply_in(ply)?, notation],
            )?;
        }
        if let Some(plies) = game.announced {
            set_announced(&tx, game.row.id, plies)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Notes that the first `plies` plies of a game have been shown to its players.
    pub fn mark_announced(&self, game: GameId, plies: usize) -> Result<(), StorageError> {
        set_announced(&self.conn(), game, plies)
    }

    /// Writes everything to the main file and empties the write-ahead log.
    pub fn checkpoint(&self) -> Result<(), StorageError> {
        self.conn()
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }
}

/// Raises the id counter above every stored id (portable SQL, shared with PostgreSQL).
const RESERVE_IDS: &str = "UPDATE ids SET next_id = (
    SELECT MAX(n) FROM (
        SELECT next_id AS n FROM ids
        UNION ALL SELECT COALESCE(MAX(id), 0) + 1 FROM games
        UNION ALL SELECT COALESCE(MAX(id), 0) + 1 FROM challenges
    ) AS candidates
)";

fn insert_challenge(conn: &Connection, c: &RawChallenge) -> Result<(), StorageError> {
    conn.execute(
        &format!(
            "INSERT INTO challenges ({CHALLENGE_COLUMNS})
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)"
        ),
        params![
            c.id,
            c.guild_id,
            c.channel_id,
            c.challenger_id,
            c.challenger_name,
            c.opponent_id,
            c.opponent_name,
            c.variant,
            c.setup,
            c.color,
            c.deadline_secs,
            c.created_ms,
            c.expires_ms,
            c.status,
            c.rated,
        ],
    )?;
    Ok(())
}

/// Closes a challenge that must still be open.
fn close_challenge(conn: &Connection, id: GameId, end: ChallengeEnd) -> Result<(), StorageError> {
    let changed = conn.execute(
        "UPDATE challenges SET status = ?2 WHERE id = ?1 AND status = 'open'",
        params![id_in(id)?, end.id()],
    )?;
    if changed == 0 {
        return Err(StoreError::Conflict {
            what: "challenge",
            id,
        }
        .into());
    }
    Ok(())
}

fn insert_game(conn: &Connection, g: &RawGame) -> Result<(), StorageError> {
    let s = &g.state;
    conn.execute(
        &format!(
            "INSERT INTO games ({GAME_COLUMNS})
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                 ?17, ?18, ?19, ?20, ?21, ?22)"
        ),
        params![
            g.id,
            g.guild_id,
            g.channel_id,
            g.variant,
            g.chess960,
            g.white_id,
            g.white_name,
            g.black_id,
            g.black_name,
            g.deadline_secs,
            g.created_ms,
            s.turn_started_ms,
            s.reminded,
            s.draw_offer,
            s.takeback,
            s.pending,
            s.status,
            s.winner,
            s.end_reason,
            s.finished_ms,
            s.revision,
            g.rated,
        ],
    )?;
    Ok(())
}

/// Writes `state` if the stored revision is the one before it; a conflict otherwise.
fn update_state(conn: &Connection, game: GameId, state: &GameState) -> Result<(), StorageError> {
    let s = RawState::from_state(state)?;
    let changed = conn.execute(
        "UPDATE games SET turn_started_ms = ?2, reminded = ?3, draw_offer = ?4, takeback = ?5,
             pending = ?6, status = ?7, winner = ?8, end_reason = ?9, finished_ms = ?10,
             revision = ?11
         WHERE id = ?1 AND revision = ?11 - 1",
        params![
            id_in(game)?,
            s.turn_started_ms,
            s.reminded,
            s.draw_offer,
            s.takeback,
            s.pending,
            s.status,
            s.winner,
            s.end_reason,
            s.finished_ms,
            s.revision,
        ],
    )?;
    if changed == 0 {
        return Err(StoreError::Conflict {
            what: "game",
            id: game,
        }
        .into());
    }
    Ok(())
}

fn query_challenges(
    conn: &Connection,
    condition: &str,
    values: &[&dyn rusqlite::ToSql],
) -> Result<Vec<ChallengeEntry>, StorageError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE {condition} ORDER BY id"
    ))?;
    let mut rows = stmt.query(values)?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        let (challenge, end) = raw_challenge(r)?.into_record()?;
        out.push(ChallengeEntry { challenge, end });
    }
    Ok(out)
}

/// The games matching `condition`, with their turns, and those whose row or turns cannot be
/// read (a stored game set aside, not a failure of the whole load).
fn query_games(
    conn: &Connection,
    condition: &str,
    values: &[&dyn rusqlite::ToSql],
) -> Result<(Vec<StoredGame>, Vec<DamagedGame>), StorageError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {GAME_COLUMNS}, announced_plies FROM games WHERE {condition} ORDER BY id"
    ))?;
    let mut rows = stmt.query(values)?;
    let mut records = Vec::new();
    let mut damaged = Vec::new();
    while let Some(r) = rows.next()? {
        let record = raw_game(r)
            .and_then(|raw| Ok((raw, r.get::<_, Option<i32>>(22)?)))
            .map_err(StoreError::from_sql)
            .and_then(|(raw, announced)| Ok((raw.into_record()?, announced_out(announced)?)));
        match record {
            Ok(row) => records.push(row),
            Err(e) => damaged.push(DamagedGame {
                id: r.get::<_, i64>(0)?,
                channel: r.get::<_, i64>(2).ok().and_then(|c| u64::try_from(c).ok()),
                error: e.to_string(),
            }),
        }
    }
    drop(rows);
    drop(stmt);
    let mut games = Vec::new();
    for (row, announced) in records {
        match turns_of(conn, row.id) {
            Ok(turns) => games.push(StoredGame {
                row,
                turns,
                announced,
            }),
            Err(e) => damaged.push(DamagedGame {
                id: id_in(row.id)?,
                channel: Some(row.channel),
                error: e.to_string(),
            }),
        }
    }
    Ok((games, damaged))
}

fn turns_of(conn: &Connection, game: GameId) -> Result<Vec<String>, StorageError> {
    let mut stmt = conn.prepare("SELECT notation FROM turns WHERE game_id = ?1 ORDER BY ply")?;
    let turns = stmt
        .query_map(params![id_in(game)?], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(turns)
}

fn raw_challenge(r: &Row<'_>) -> rusqlite::Result<RawChallenge> {
    Ok(RawChallenge {
        id: r.get(0)?,
        guild_id: r.get(1)?,
        channel_id: r.get(2)?,
        challenger_id: r.get(3)?,
        challenger_name: r.get(4)?,
        opponent_id: r.get(5)?,
        opponent_name: r.get(6)?,
        variant: r.get(7)?,
        setup: r.get(8)?,
        color: r.get(9)?,
        deadline_secs: r.get(10)?,
        created_ms: r.get(11)?,
        expires_ms: r.get(12)?,
        status: r.get(13)?,
        rated: r.get(14)?,
    })
}

/// Writes how many plies of a game its players have been shown.
fn set_announced(conn: &Connection, game: GameId, plies: usize) -> Result<(), StorageError> {
    conn.execute(
        "UPDATE games SET announced_plies = ?2 WHERE id = ?1",
        params![id_in(game)?, ply_in(plies)?],
    )?;
    Ok(())
}

/// The [`codec::GAME_COLUMNS`] at the start of a row.
fn raw_game(r: &Row<'_>) -> rusqlite::Result<RawGame> {
    Ok(RawGame {
        id: r.get(0)?,
        guild_id: r.get(1)?,
        channel_id: r.get(2)?,
        variant: r.get(3)?,
        chess960: r.get(4)?,
        white_id: r.get(5)?,
        white_name: r.get(6)?,
        black_id: r.get(7)?,
        black_name: r.get(8)?,
        deadline_secs: r.get(9)?,
        created_ms: r.get(10)?,
        state: RawState {
            turn_started_ms: r.get(11)?,
            reminded: r.get(12)?,
            draw_offer: r.get(13)?,
            takeback: r.get(14)?,
            pending: r.get(15)?,
            status: r.get(16)?,
            winner: r.get(17)?,
            end_reason: r.get(18)?,
            finished_ms: r.get(19)?,
            revision: r.get(20)?,
        },
        rated: r.get(21)?,
    })
}

/// Which database to use: an SQLite file (the default) or a PostgreSQL server shared by
/// several processes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file, created if missing.
    Sqlite(PathBuf),
    /// A PostgreSQL server.
    Postgres(postgres::PgOptions),
}

impl Database {
    /// Reads `postgres://…` / `postgresql://…` as PostgreSQL (with default pool settings),
    /// `sqlite:FILE` or a bare path as an SQLite file.
    pub fn parse(text: &str) -> Database {
        let text = text.trim();
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Database::Postgres(postgres::PgOptions::new(text))
        } else {
            Database::Sqlite(PathBuf::from(text.strip_prefix("sqlite:").unwrap_or(text)))
        }
    }

    /// Opens it, bringing its schema up to date.
    pub async fn open(&self) -> Result<Arc<dyn domain::GameStore>, StorageError> {
        match self {
            Database::Sqlite(path) => {
                let path = path.clone();
                let storage = tokio::task::spawn_blocking(move || Storage::open(&path))
                    .await
                    .map_err(|e| StoreError::Backend(format!("the opening task failed: {e}")))??;
                Ok(Arc::new(storage))
            }
            Database::Postgres(options) => {
                let store = postgres::PgStore::connect(options)
                    .await
                    .map_err(|e| match e {
                        // Say which server, without its password.
                        StoreError::Unavailable(why) => {
                            StoreError::Unavailable(format!("{self}: {why}"))
                        }
                        other => other,
                    })?;
                Ok(Arc::new(store))
            }
        }
    }
}

impl std::fmt::Display for Database {
    /// The file, or the server's URL without its password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(options) => {
                let url = &options.url;
                let hidden = url.split_once("://").and_then(|(scheme, rest)| {
                    let (creds, host) = rest.split_once('@')?;
                    let user = creds.split(':').next().unwrap_or_default();
                    Some(format!("{scheme}://{user}@{host}"))
                });
                f.write_str(hidden.as_deref().unwrap_or(url))
            }
        }
    }
}
