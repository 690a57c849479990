//! Durable storage: SQLite through `rusqlite`, schema versioned by migrations, SQL kept
//! portable to PostgreSQL. A game is stored as its variant, setup, players and the list of its
//! turns in notation; it is replayed on load. Every write is a committed transaction when the
//! call returns.
//!
//! The database runs in WAL mode with `synchronous=NORMAL`: a committed write survives the
//! process being killed at any point; only a power cut may lose the latest commits. One
//! process at a time uses a database file (an advisory lock), and nothing is written to a file
//! that is not nadare's own (see the `file` module).

mod error;
mod file;
mod migrate;
mod rows;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rules::{Color, EndReason, Outcome, Variant};
use rusqlite::{Connection, OpenFlags, OptionalExtension, Row, params};

pub use error::StorageError;
pub use file::APPLICATION_ID;
pub use migrate::LATEST_VERSION;
pub use rows::{
    ChallengeEnd, ChallengeRow, DamagedGame, Finished, GameRow, GameState, StoredGame, Unfinished,
};

use crate::service::{ColorChoice, GameId, SetupChoice, User};

/// The database. Cheap to clone; clones share one connection. Calls block: call them from
/// `spawn_blocking` in async code.
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
    to_unix_ms(SystemTime::now())
}

/// A time as Unix milliseconds (times before 1970 count as 0).
pub fn to_unix_ms(t: SystemTime) -> i64 {
    t.duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Unix milliseconds as a time (negative values count as the epoch).
pub fn from_unix_ms(ms: i64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis(u64::try_from(ms).unwrap_or(0))
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
            conn.pragma_update(None, "application_id", file::APPLICATION_ID)
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

    /// The smallest id no challenge or game has used.
    pub fn next_id(&self) -> Result<GameId, StorageError> {
        let conn = self.conn();
        let max = |table: &str| -> Result<i64, StorageError> {
            let sql = format!("SELECT MAX(id) FROM {table}");
            Ok(conn
                .query_row(&sql, [], |r| r.get::<_, Option<i64>>(0))?
                .unwrap_or(0))
        };
        let top = max("games")?.max(max("challenges")?);
        Ok(u64::try_from(top).unwrap_or(0) + 1)
    }

    /// Stores a new open challenge.
    pub fn insert_challenge(&self, c: &ChallengeRow) -> Result<(), StorageError> {
        let conn = self.conn();
        conn.execute(
            "INSERT INTO challenges (id, guild_id, channel_id, challenger_id, challenger_name,
                 opponent_id, opponent_name, variant, setup, color, deadline_secs, created_ms,
                 expires_ms, status)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 'open')",
            params![
                id_in(c.id)?,
                c.guild.map(id_in).transpose()?,
                id_in(c.channel)?,
                id_in(c.challenger.id)?,
                c.challenger.name,
                c.opponent.as_ref().map(|u| id_in(u.id)).transpose()?,
                c.opponent.as_ref().map(|u| u.name.as_str()),
                c.variant.id(),
                setup_out(c.setup),
                c.color.id(),
                c.deadline.map(secs_out),
                c.created_ms,
                c.expires_ms,
            ],
        )?;
        Ok(())
    }

    /// Closes an open challenge that did not lead to a game.
    pub fn end_challenge(&self, id: GameId, end: ChallengeEnd) -> Result<(), StorageError> {
        self.conn().execute(
            "UPDATE challenges SET status = ?2 WHERE id = ?1",
            params![id_in(id)?, end.id()],
        )?;
        Ok(())
    }

    /// Starts a game, closing the challenge it came from (if any) in the same transaction.
    pub fn start_game(
        &self,
        challenge: Option<GameId>,
        game: &GameRow,
    ) -> Result<(), StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        if let Some(id) = challenge {
            tx.execute(
                "UPDATE challenges SET status = 'accepted' WHERE id = ?1",
                params![id_in(id)?],
            )?;
        }
        let s = &game.state;
        tx.execute(
            "INSERT INTO games (id, guild_id, channel_id, variant, chess960, white_id, white_name,
                 black_id, black_name, deadline_secs, created_ms, turn_started_ms, reminded,
                 draw_offer, takeback, pending, status, winner, end_reason, finished_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                 ?17, ?18, ?19, ?20)",
            params![
                id_in(game.id)?,
                game.guild.map(id_in).transpose()?,
                id_in(game.channel)?,
                game.variant.id(),
                game.chess960,
                id_in(game.white.id)?,
                game.white.name,
                id_in(game.black.id)?,
                game.black.name,
                game.deadline.map(secs_out),
                game.created_ms,
                s.turn_started_ms,
                s.reminded,
                s.draw_offer.map(color_out),
                s.takeback.map(color_out),
                s.pending,
                status_out(s),
                s.finished.map(|f| winner_out(f.outcome.winner)),
                s.finished.map(|f| f.outcome.reason.id()),
                s.finished.map(|f| f.at_ms),
            ],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Appends ply number `ply` (0-based) to a game and saves its new state, atomically.
    pub fn record_turn(
        &self,
        game: GameId,
        ply: usize,
        notation: &str,
        state: &GameState,
    ) -> Result<(), StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO turns (game_id, ply, notation) VALUES (?1, ?2, ?3)",
            params![id_in(game)?, ply_in(ply)?, notation],
        )?;
        update_state(&tx, game, state)?;
        tx.commit()?;
        Ok(())
    }

    /// Removes every ply from number `keep` on and saves the game's new state, atomically.
    pub fn take_back(
        &self,
        game: GameId,
        keep: usize,
        state: &GameState,
    ) -> Result<(), StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM turns WHERE game_id = ?1 AND ply >= ?2",
            params![id_in(game)?, ply_in(keep)?],
        )?;
        update_state(&tx, game, state)?;
        tx.commit()?;
        Ok(())
    }

    /// Saves a game's state besides its turns (offers, reminders, result…).
    pub fn update_game(&self, game: GameId, state: &GameState) -> Result<(), StorageError> {
        update_state(&self.conn(), game, state)
    }

    /// Every open challenge and every unfinished game, with their turns.
    pub fn load_unfinished(&self) -> Result<Unfinished, StorageError> {
        let conn = self.conn();
        let mut challenges = Vec::new();
        let mut stmt = conn.prepare(
            "SELECT id, guild_id, channel_id, challenger_id, challenger_name, opponent_id,
                 opponent_name, variant, setup, color, deadline_secs, created_ms, expires_ms
             FROM challenges WHERE status = 'open' ORDER BY id",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            challenges.push(challenge_in(r)?);
        }
        drop(rows);
        drop(stmt);
        let (games, damaged) = games_where(&conn, "status = 'active'", [])?;
        Ok(Unfinished {
            challenges,
            games,
            damaged,
        })
    }

    /// The games finished at or after `since_ms` (Unix ms), with their turns; a game whose
    /// row cannot be read is logged and left out.
    pub fn load_finished_since(&self, since_ms: i64) -> Result<Vec<StoredGame>, StorageError> {
        let conn = self.conn();
        let (games, damaged) = games_where(
            &conn,
            "status = 'finished' AND finished_ms >= ?1",
            [since_ms],
        )?;
        for d in damaged {
            tracing::warn!(game = d.id, error = %d.error, "cannot read a finished game");
        }
        Ok(games)
    }

    /// One game, finished or not, with its turns.
    pub fn load_game(&self, id: GameId) -> Result<Option<StoredGame>, StorageError> {
        let conn = self.conn();
        let row = conn
            .query_row(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
                params![id_in(id)?],
                |r| Ok(game_in(r)),
            )
            .optional()?
            .transpose()?;
        match row {
            Some(row) => {
                let turns = turns_of(&conn, id)?;
                Ok(Some(StoredGame { row, turns }))
            }
            None => Ok(None),
        }
    }

    /// Writes everything to the main file and empties the write-ahead log.
    pub fn checkpoint(&self) -> Result<(), StorageError> {
        self.conn()
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }
}

const GAME_COLUMNS: &str = "id, guild_id, channel_id, variant, chess960, white_id, white_name,
    black_id, black_name, deadline_secs, created_ms, turn_started_ms, reminded, draw_offer,
    takeback, pending, winner, end_reason, finished_ms";

fn update_state(conn: &Connection, game: GameId, s: &GameState) -> Result<(), StorageError> {
    conn.execute(
        "UPDATE games SET turn_started_ms = ?2, reminded = ?3, draw_offer = ?4, takeback = ?5,
             pending = ?6, status = ?7, winner = ?8, end_reason = ?9, finished_ms = ?10
         WHERE id = ?1",
        params![
            id_in(game)?,
            s.turn_started_ms,
            s.reminded,
            s.draw_offer.map(color_out),
            s.takeback.map(color_out),
            s.pending,
            status_out(s),
            s.finished.map(|f| winner_out(f.outcome.winner)),
            s.finished.map(|f| f.outcome.reason.id()),
            s.finished.map(|f| f.at_ms),
        ],
    )?;
    Ok(())
}

/// The games matching the SQL condition `filter`, with their turns, and those whose row or
/// turns cannot be read.
fn games_where(
    conn: &Connection,
    filter: &str,
    args: impl rusqlite::Params,
) -> Result<(Vec<StoredGame>, Vec<DamagedGame>), StorageError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE {filter} ORDER BY id"
    ))?;
    let mut rows = stmt.query(args)?;
    let mut read = Vec::new();
    let mut damaged = Vec::new();
    while let Some(r) = rows.next()? {
        match game_in(r) {
            Ok(row) => read.push(row),
            Err(e) => damaged.push(DamagedGame {
                id: r.get::<_, i64>(0)?,
                channel: r.get::<_, i64>(2).ok().and_then(|c| u64::try_from(c).ok()),
                error: e.to_string(),
            }),
        }
    }
    let mut games = Vec::new();
    for row in read {
        match turns_of(conn, row.id) {
            Ok(turns) => games.push(StoredGame { row, turns }),
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

fn challenge_in(r: &Row<'_>) -> Result<ChallengeRow, StorageError> {
    let opponent = match (r.get::<_, Option<i64>>(5)?, r.get::<_, Option<String>>(6)?) {
        (Some(id), Some(name)) => Some(User {
            id: id_out(id, "challenges", "opponent_id")?,
            name,
        }),
        _ => None,
    };
    let setup: String = r.get(8)?;
    let color: String = r.get(9)?;
    Ok(ChallengeRow {
        id: id_out(r.get(0)?, "challenges", "id")?,
        guild: r
            .get::<_, Option<i64>>(1)?
            .map(|g| id_out(g, "challenges", "guild_id"))
            .transpose()?,
        channel: id_out(r.get(2)?, "challenges", "channel_id")?,
        challenger: User {
            id: id_out(r.get(3)?, "challenges", "challenger_id")?,
            name: r.get(4)?,
        },
        opponent,
        variant: variant_in(r.get(7)?, "challenges")?,
        setup: setup_in(&setup)?,
        color: ColorChoice::from_id(&color).ok_or(StorageError::BadValue {
            table: "challenges",
            column: "color",
            value: color,
        })?,
        deadline: secs_in(r.get(10)?),
        created_ms: r.get(11)?,
        expires_ms: r.get(12)?,
    })
}

fn game_in(r: &Row<'_>) -> Result<GameRow, StorageError> {
    let t = "games";
    let finished = match (
        r.get::<_, Option<String>>(16)?,
        r.get::<_, Option<String>>(17)?,
        r.get::<_, Option<i64>>(18)?,
    ) {
        (Some(winner), Some(reason), Some(at_ms)) => Some(Finished {
            outcome: Outcome {
                winner: winner_in(&winner)?,
                reason: EndReason::from_id(&reason).ok_or(StorageError::BadValue {
                    table: t,
                    column: "end_reason",
                    value: reason.clone(),
                })?,
            },
            at_ms,
        }),
        _ => None,
    };
    Ok(GameRow {
        id: id_out(r.get(0)?, t, "id")?,
        guild: r
            .get::<_, Option<i64>>(1)?
            .map(|g| id_out(g, t, "guild_id"))
            .transpose()?,
        channel: id_out(r.get(2)?, t, "channel_id")?,
        variant: variant_in(r.get(3)?, t)?,
        chess960: r.get(4)?,
        white: User {
            id: id_out(r.get(5)?, t, "white_id")?,
            name: r.get(6)?,
        },
        black: User {
            id: id_out(r.get(7)?, t, "black_id")?,
            name: r.get(8)?,
        },
        deadline: secs_in(r.get(9)?),
        created_ms: r.get(10)?,
        state: GameState {
            turn_started_ms: r.get(11)?,
            reminded: r.get(12)?,
            draw_offer: r
                .get::<_, Option<String>>(13)?
                .map(|c| color_in(&c, "draw_offer"))
                .transpose()?,
            takeback: r
                .get::<_, Option<String>>(14)?
                .map(|c| color_in(&c, "takeback"))
                .transpose()?,
            pending: r.get(15)?,
            finished,
        },
    })
}

fn id_in(id: u64) -> Result<i64, StorageError> {
    i64::try_from(id).map_err(|_| StorageError::IdOutOfRange(id))
}

fn id_out(id: i64, table: &'static str, column: &'static str) -> Result<u64, StorageError> {
    u64::try_from(id).map_err(|_| StorageError::BadValue {
        table,
        column,
        value: id.to_string(),
    })
}

fn ply_in(ply: usize) -> Result<i64, StorageError> {
    i64::try_from(ply).map_err(|_| StorageError::IdOutOfRange(ply as u64))
}

fn secs_out(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

fn secs_in(secs: Option<i64>) -> Option<Duration> {
    secs.and_then(|s| u64::try_from(s).ok())
        .map(Duration::from_secs)
}

fn variant_in(id: String, table: &'static str) -> Result<Variant, StorageError> {
    id.parse().map_err(|_| StorageError::BadValue {
        table,
        column: "variant",
        value: id,
    })
}

fn setup_out(setup: Option<SetupChoice>) -> String {
    match setup {
        None => "none".to_string(),
        Some(SetupChoice::Random) => "random".to_string(),
        Some(SetupChoice::Number(n)) => n.to_string(),
    }
}

fn setup_in(s: &str) -> Result<Option<SetupChoice>, StorageError> {
    match s {
        "none" => Ok(None),
        "random" => Ok(Some(SetupChoice::Random)),
        n => n
            .parse()
            .map(|n| Some(SetupChoice::Number(n)))
            .map_err(|_| StorageError::BadValue {
                table: "challenges",
                column: "setup",
                value: s.to_string(),
            }),
    }
}

fn color_out(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn color_in(s: &str, column: &'static str) -> Result<Color, StorageError> {
    match s {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(StorageError::BadValue {
            table: "games",
            column,
            value: s.to_string(),
        }),
    }
}

fn winner_out(w: Option<Color>) -> &'static str {
    w.map(color_out).unwrap_or("none")
}

fn winner_in(s: &str) -> Result<Option<Color>, StorageError> {
    match s {
        "none" => Ok(None),
        c => color_in(c, "winner").map(Some),
    }
}

fn status_out(s: &GameState) -> &'static str {
    if s.finished.is_some() {
        "finished"
    } else {
        "active"
    }
}
