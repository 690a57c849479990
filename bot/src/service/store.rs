//! What the service needs from a database: the [`GameStore`] trait, its error, and the set of
//! shards a process serves. Backends live in `crate::storage` (SQLite, PostgreSQL).

use std::fmt;

use async_trait::async_trait;

use super::model::{
    ChallengeEnd, ChallengeRecord, DamagedGame, GameRecord, GameState, StoredGame, Unfinished,
};
use super::{ChannelId, GameId, GuildId};

/// Why a store call failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The game or challenge was changed by another writer since this one read it (another
    /// process, or a newer write): nothing was written.
    #[error(
        "{what} {id} was changed elsewhere (by another bot process) since it was read; \
         nothing was written"
    )]
    Conflict {
        /// `game` or `challenge`.
        what: &'static str,
        /// Its id.
        id: GameId,
    },
    /// The database could not be reached, even after retrying.
    #[error("the database is unreachable: {0}")]
    Unavailable(String),
    /// A stored value this build cannot read.
    #[error("the database holds an unreadable value in {table}.{column}: `{value}`")]
    BadValue {
        /// The table.
        table: &'static str,
        /// The column.
        column: &'static str,
        /// The value as stored.
        value: String,
    },
    /// Any other database failure.
    #[error("database error: {0}")]
    Backend(String),
}

impl StoreError {
    /// True when another writer got there first (the caller should reload).
    pub fn is_conflict(&self) -> bool {
        matches!(self, StoreError::Conflict { .. })
    }

    /// A stored game that cannot be read, where one was needed.
    pub fn unreadable(game: &DamagedGame) -> StoreError {
        StoreError::Backend(format!(
            "stored game {} cannot be read: {}",
            game.id, game.error
        ))
    }

    /// A column that cannot be read as the type stored there.
    pub fn from_sql(e: impl std::fmt::Display) -> StoreError {
        StoreError::Backend(format!("unreadable column: {e}"))
    }
}

/// The servers a process serves, by Discord's shard formula
/// `shard = (guild_id >> 22) % total`; direct messages (no server) belong to shard 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ShardSet {
    /// Every server (one process runs every shard).
    #[default]
    All,
    /// Shards `first..=last` of `total`.
    Range {
        /// The first shard served.
        first: u32,
        /// The last shard served (inclusive).
        last: u32,
        /// The number of shards in all.
        total: u32,
    },
}

impl ShardSet {
    /// The shard of `guild` among `total` shards.
    pub fn shard_of(guild: Option<GuildId>, total: u32) -> u32 {
        match guild {
            None => 0,
            Some(g) => u32::try_from((g >> 22) % u64::from(total.max(1))).unwrap_or(0),
        }
    }

    /// Whether this process serves `guild`.
    pub fn serves(self, guild: Option<GuildId>) -> bool {
        match self {
            ShardSet::All => true,
            ShardSet::Range { first, last, total } => {
                (first..=last).contains(&ShardSet::shard_of(guild, total))
            }
        }
    }
}

impl fmt::Display for ShardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardSet::All => f.write_str("all shards"),
            ShardSet::Range { first, last, total } => {
                write!(f, "shards {first}-{last} of {total}")
            }
        }
    }
}

/// A challenge as stored, with its status (for copying a database whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeEntry {
    /// The challenge.
    pub challenge: ChallengeRecord,
    /// `None` while open, else how it ended.
    pub end: Option<ChallengeEnd>,
}

/// What the service reads from and writes to a database. Every write is committed when the
/// call returns. Writes of a game are conditional: `state.revision` is the revision being
/// written and the stored one must be the revision before it, else [`StoreError::Conflict`]
/// and nothing changes. Closing a challenge likewise requires it to be still open.
#[async_trait]
pub trait GameStore: Send + Sync + fmt::Debug {
    /// A fresh id for a challenge (its game takes the same id), unique across every process
    /// sharing the database.
    async fn new_id(&self) -> Result<GameId, StoreError>;

    /// Stores a new open challenge.
    async fn insert_challenge(&self, challenge: &ChallengeRecord) -> Result<(), StoreError>;

    /// Closes an open challenge that did not lead to a game.
    async fn end_challenge(&self, id: GameId, end: ChallengeEnd) -> Result<(), StoreError>;

    /// Starts a game (at revision 0), closing the open challenge it came from (if any) in the
    /// same transaction.
    async fn start_game(
        &self,
        challenge: Option<GameId>,
        game: &GameRecord,
    ) -> Result<(), StoreError>;

    /// Appends ply number `ply` (0-based, the number of plies already stored) and writes the
    /// game's new state, atomically and only if the stored revision is `state.revision - 1`.
    async fn record_turn(
        &self,
        game: GameId,
        ply: usize,
        notation: &str,
        state: &GameState,
    ) -> Result<(), StoreError>;

    /// Removes every ply from number `keep` on and writes the new state, atomically and
    /// conditionally like [`GameStore::record_turn`].
    async fn take_back(
        &self,
        game: GameId,
        keep: usize,
        state: &GameState,
    ) -> Result<(), StoreError>;

    /// Writes a game's state besides its turns (offers, reminders, result…), conditionally
    /// like [`GameStore::record_turn`].
    async fn update_game(&self, game: GameId, state: &GameState) -> Result<(), StoreError>;

    /// Every open challenge and unfinished game of the servers in `shards`, with their turns;
    /// games that cannot be read are listed apart in `damaged`.
    async fn load_unfinished(&self, shards: ShardSet) -> Result<Unfinished, StoreError>;

    /// The games of the servers in `shards` finished at or after `since_ms` (Unix ms), with
    /// their turns (for `board` and `moves` after a restart); unreadable ones are left out.
    async fn load_finished_since(
        &self,
        shards: ShardSet,
        since_ms: i64,
    ) -> Result<Vec<StoredGame>, StoreError>;

    /// One game, finished or not, with its turns.
    async fn load_game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError>;

    /// The unfinished game or the open challenge in `channel`, if any (for reloading a
    /// channel after a conflict).
    async fn load_channel(&self, channel: ChannelId) -> Result<Unfinished, StoreError>;

    /// Every challenge ever stored, with its status, by id.
    async fn all_challenges(&self) -> Result<Vec<ChallengeEntry>, StoreError>;

    /// Every game ever stored, finished or not, with its turns, by id.
    async fn all_games(&self) -> Result<Vec<StoredGame>, StoreError>;

    /// Copies a challenge in as it is (for `nadare migrate`).
    async fn import_challenge(&self, entry: &ChallengeEntry) -> Result<(), StoreError>;

    /// Copies a game in as it is, with its turns and revision (for `nadare migrate`).
    async fn import_game(&self, game: &StoredGame) -> Result<(), StoreError>;

    /// Makes the next [`GameStore::new_id`] larger than every id stored (after an import).
    async fn reserve_ids(&self) -> Result<(), StoreError>;

    /// Notes that the first `plies` plies of a game have been shown to its players, so a turn
    /// stored but not yet announced when the process died is announced after a restart.
    async fn mark_announced(&self, game: GameId, plies: usize) -> Result<(), StoreError>;

    /// Writes everything out before exit (a checkpoint for SQLite).
    async fn flush(&self) -> Result<(), StoreError>;
}
