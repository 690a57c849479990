//! What the service needs from a database: the [`GameStore`] trait, its error, and the set of
//! shards a process serves. Backends live in the `storage` crate (SQLite, PostgreSQL).

use std::fmt;

use async_trait::async_trait;

use crate::Lang;
use crate::model::{
    ChallengeEnd, ChallengeRecord, DamagedGame, GameRecord, GameState, StoredGame, Unfinished,
};
use crate::rating::RatingFamily;
use crate::records::{
    ArchivePage, ArchiveQuery, Extras, GameRatingChange, GuildSettings, Leaderboard, PlayerRating,
    RatingUpdate, UserData, Vacation, VacationAllowance,
};
use crate::review::{GameReview, StoredReview};
use crate::tournaments::{
    BoardResult, RoundShown, TournamentBoard, TournamentId, TournamentRecord, TournamentState,
    Withdrawal,
};
use crate::{ChannelId, GameId, GuildId, Shown, User, UserId};

/// Why a store call failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The game, challenge, rating or vacation was changed by another writer since this one
    /// read it (another process, or a newer write): nothing was written.
    #[error(
        "{what} {id} was changed elsewhere (by another bot process) since it was read; \
         nothing was written"
    )]
    Conflict {
        /// `game`, `challenge`, `rating` or `vacation`.
        what: &'static str,
        /// The id of the game or challenge, or of the user whose rating or vacation it is.
        id: u64,
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
    pub fn from_sql(e: impl fmt::Display) -> StoreError {
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

/// What the service reads from and writes to a database, by concern: its games
/// ([`Games`]), ratings ([`Ratings`]), archive ([`Archive`]), vacations ([`Vacations`]),
/// server settings ([`Settings`]), tournaments ([`Tournaments`]), games' reviews
/// ([`Reviews`]), what is stored about one user ([`Privacy`]), whole-database copies
/// ([`Transfer`]), and the web board's key and links ([`Web`]). Every type with all ten is a
/// `GameStore`; the service holds one as `Arc<dyn GameStore>`.
///
/// Every write is committed when the call returns. Writes of a game are conditional:
/// `state.revision` is the revision being written and the stored one must be the revision
/// before it, else [`StoreError::Conflict`] and nothing changes. Closing a challenge likewise
/// requires it to be still open.
pub trait GameStore:
    Games + Ratings + Archive + Vacations + Settings + Tournaments + Reviews + Privacy + Transfer + Web
{
}

impl<
    T: Games
        + Ratings
        + Archive
        + Vacations
        + Settings
        + Tournaments
        + Reviews
        + Privacy
        + Transfer
        + Web,
> GameStore for T
{
}

/// What the web board keeps: the key it signs with, and the single-use links already used.
/// Nothing here is about a user.
#[async_trait]
pub trait Web: Send + Sync {
    /// The secret called `name`: the one stored, else `fresh`, stored now. Every process on
    /// the database gets the same one (the first writer's).
    async fn secret(&self, name: &str, fresh: &str) -> Result<String, StoreError>;

    /// Spends the single-use token `nonce`, valid until `expires_ms`: `true` the first time,
    /// `false` once spent (by any process). Tokens expired before `now_ms` are forgotten.
    async fn spend_token(
        &self,
        nonce: &str,
        expires_ms: i64,
        now_ms: i64,
    ) -> Result<bool, StoreError>;

    /// Tells the other processes on the database that `game`'s stored state changed, so
    /// their pages update. Where no other process writes (SQLite) it does nothing.
    async fn tell_changed(&self, game: GameId) -> Result<(), StoreError>;

    /// From now on, passes what other processes tell ([`Web::tell_changed`]) to `heard`: a
    /// game's id, or `None` when some may have been missed (the listening connection was lost
    /// and is back). Where no other process writes, `heard` is never called.
    fn hear_changes(&self, heard: Heard);
}

/// Where a store passes the changes other processes tell ([`Web::hear_changes`]).
pub type Heard = Box<dyn Fn(Option<GameId>) + Send + Sync>;

/// Challenges, games and their turns: what a process plays.
#[async_trait]
pub trait Games: Send + Sync + fmt::Debug {
    /// A fresh id for a challenge (its game takes the same id), unique across every process
    /// sharing the database.
    async fn new_id(&self) -> Result<GameId, StoreError>;

    /// Stores a new open challenge.
    async fn insert_challenge(&self, challenge: &ChallengeRecord) -> Result<(), StoreError>;

    /// Closes an open challenge that did not lead to a game. A lapse
    /// ([`ChallengeEnd::Expired`]) is stored as owed to its players until
    /// [`Games::mark_lapse_announced`].
    async fn end_challenge(&self, id: GameId, end: ChallengeEnd) -> Result<(), StoreError>;

    /// Notes that a challenge's lapse has been shown to its players.
    async fn mark_lapse_announced(&self, id: GameId) -> Result<(), StoreError>;

    /// The challenges of the servers in `shards` that lapsed and whose lapse was never marked
    /// shown (to announce after a restart), by id.
    async fn unannounced_lapses(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<ChallengeRecord>, StoreError>;

    /// Starts a game (at revision 0), closing the open challenge it came from (if any) in the
    /// same transaction.
    async fn start_game(
        &self,
        challenge: Option<GameId>,
        game: &GameRecord,
    ) -> Result<(), StoreError>;

    /// Appends ply number `ply` (0-based, the number of plies already stored) and writes the
    /// game's new state, atomically and only if the stored revision is `state.revision - 1`.
    /// A turn that ends a rated game brings its `rating` update, written in the same
    /// transaction (see [`RatingUpdate`]): both are stored or neither.
    async fn record_turn(
        &self,
        game: GameId,
        ply: usize,
        notation: &str,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StoreError>;

    /// Removes every ply from number `keep` on and writes the new state, atomically and
    /// conditionally like [`Games::record_turn`].
    async fn take_back(
        &self,
        game: GameId,
        keep: usize,
        state: &GameState,
    ) -> Result<(), StoreError>;

    /// Writes a game's state besides its turns (offers, reminders, result…), conditionally
    /// like [`Games::record_turn`], with the `rating` update of a rated game it finishes
    /// (resignation, agreed draw, timeout) in the same transaction.
    async fn update_game(
        &self,
        game: GameId,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StoreError>;

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

    /// Notes how much of a game has been shown to its players (its turns, and its result),
    /// so a turn or a result stored but not yet announced when the process died is announced
    /// after a restart.
    async fn mark_announced(&self, game: GameId, shown: Shown) -> Result<(), StoreError>;

    /// Writes everything out before exit (a checkpoint for SQLite).
    async fn flush(&self) -> Result<(), StoreError>;
}

/// Players' ratings in each server, and what each rated game changed.
#[async_trait]
pub trait Ratings: Send + Sync {
    /// A user's ratings in a server, one per family they have played rated games in.
    async fn user_ratings(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<PlayerRating>, StoreError>;

    /// The `top` best-rated players of a family in a server, and `user`'s own place in it
    /// (wherever it is). Places follow the rating, highest first, ties by user id.
    async fn leaderboard(
        &self,
        guild: GuildId,
        family: RatingFamily,
        top: usize,
        user: Option<UserId>,
    ) -> Result<Leaderboard, StoreError>;

    /// The rating changes a game made (none for a casual or unfinished game).
    async fn game_rating_changes(&self, game: GameId) -> Result<Vec<GameRatingChange>, StoreError>;
}

/// The finished games of a server, page by page.
#[async_trait]
pub trait Archive: Send + Sync {
    /// One page of the finished games of a server (optionally of one user), newest first,
    /// with the count of all that match. A game by id, in any state, is
    /// [`Games::load_game`].
    async fn finished_games(&self, query: &ArchiveQuery) -> Result<ArchivePage, StoreError>;
}

/// Players' vacations, which pause the deadlines of their games.
#[async_trait]
pub trait Vacations: Send + Sync {
    /// Starts a vacation and adds its days to its year's count, atomically; a
    /// [`StoreError::Conflict`] (`vacation`) if the user already has one under way.
    async fn start_vacation(&self, vacation: &Vacation) -> Result<(), StoreError>;

    /// Ends `user`'s vacation, of which `days_used` days were used: the year's count is
    /// corrected by `days_used - vacation.days` (unused days come back). Returns the vacation
    /// ended; a [`StoreError::Conflict`] (`vacation`) if none is under way.
    async fn end_vacation(&self, user: UserId, days_used: u32) -> Result<Vacation, StoreError>;

    /// A user's vacation under way and the days used in `year`.
    async fn vacation_allowance(
        &self,
        user: UserId,
        year: i32,
    ) -> Result<VacationAllowance, StoreError>;

    /// Every vacation under way (a process pauses the deadlines of those players' games).
    async fn active_vacations(&self) -> Result<Vec<Vacation>, StoreError>;
}

/// Per-server settings.
#[async_trait]
pub trait Settings: Send + Sync {
    /// Sets (or with `None`, clears) the language of a server's public messages.
    async fn set_guild_lang(&self, guild: GuildId, lang: Option<Lang>) -> Result<(), StoreError>;

    /// Turns players' pictures on a server's boards on or off.
    async fn set_guild_avatars(&self, guild: GuildId, shown: bool) -> Result<(), StoreError>;

    /// Sets (or with `None`, clears) the role whose members may create a server's
    /// tournaments.
    async fn set_organiser_role(
        &self,
        guild: GuildId,
        role: Option<crate::RoleId>,
    ) -> Result<(), StoreError>;

    /// A server's settings (the defaults when it has none stored).
    async fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError>;

    /// The stored settings of every server in `shards`.
    async fn load_guild_settings(&self, shards: ShardSet)
    -> Result<Vec<GuildSettings>, StoreError>;

    /// Removes a server's settings (the bot left it): it has the defaults from then on.
    async fn remove_guild_settings(&self, guild: GuildId) -> Result<(), StoreError>;
}

/// Tournaments: their players, and each round's boards. Every change of a tournament's
/// round or state is conditional on the round and state it was read in, so a round is paired
/// once however many processes see its last game end.
#[async_trait]
pub trait Tournaments: Send + Sync {
    /// Stores a new tournament (with its players and boards, usually none yet).
    async fn create_tournament(&self, tournament: &TournamentRecord) -> Result<(), StoreError>;

    /// One tournament with its players and boards.
    async fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRecord>, StoreError>;

    /// A server's tournaments, newest first.
    async fn guild_tournaments(&self, guild: GuildId) -> Result<Vec<TournamentRecord>, StoreError>;

    /// The running tournaments of the servers in `shards` (to carry on after a restart).
    async fn running_tournaments(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<TournamentRecord>, StoreError>;

    /// The open tournaments of the servers in `shards` whose start time is at or before
    /// `now_ms`.
    async fn due_tournaments(
        &self,
        shards: ShardSet,
        now_ms: i64,
    ) -> Result<Vec<TournamentRecord>, StoreError>;

    /// Clears tournament `id`'s start time, once: a conflict if it has none (another process
    /// tried that start).
    async fn clear_tournament_start(&self, id: TournamentId) -> Result<(), StoreError>;

    /// Adds `user` to an open tournament, after the players there, or to a running arena
    /// (late, or back from a pause: a paused player plays again); a
    /// [`StoreError::Conflict`] (`tournament`) if it takes no player now or they are in
    /// already.
    async fn join_tournament(&self, id: TournamentId, user: &User) -> Result<(), StoreError>;

    /// Takes `user` out of an open tournament; a conflict if it is not open or they are not
    /// in it.
    async fn leave_tournament(&self, id: TournamentId, user: UserId) -> Result<(), StoreError>;

    /// Marks `user` withdrawn from a running tournament (paired no more), stored as owed to
    /// the players until [`Tournaments::mark_withdrawal_announced`]; a conflict if they are
    /// not in it or withdrawn already.
    async fn withdraw_player(
        &self,
        id: TournamentId,
        user: UserId,
        why: Withdrawal,
    ) -> Result<(), StoreError>;

    /// Notes that the withdrawal of the player with entry number `seq` has been shown.
    async fn mark_withdrawal_announced(&self, id: TournamentId, seq: u32)
    -> Result<(), StoreError>;

    /// The withdrawals from tournaments of the servers in `shards` never marked shown (to
    /// announce after a restart): the tournament, the player's entry number and why, by
    /// tournament and entry number.
    async fn unannounced_withdrawals(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<(TournamentId, u32, Withdrawal)>, StoreError>;

    /// Moves a tournament from round and state `from` to `to` and stores the boards of the
    /// round it enters, in one transaction, only if it is still at `from`: else a
    /// [`StoreError::Conflict`] (`tournament`) and nothing changes.
    async fn advance_tournament(
        &self,
        id: TournamentId,
        from: (u32, TournamentState),
        to: (u32, TournamentState),
        boards: &[TournamentBoard],
    ) -> Result<(), StoreError>;

    /// Stores a board's result, with the sides that went berserk in its game (White,
    /// Black), only if it has none yet (else a conflict).
    async fn record_board(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        result: BoardResult,
        berserk: [bool; 2],
    ) -> Result<(), StoreError>;

    /// Sets when running arena `id` stops pairing, once: a conflict if it has an end
    /// already (another process started it).
    async fn set_tournament_end(&self, id: TournamentId, ends_ms: i64) -> Result<(), StoreError>;

    /// Notes how far a tournament's announcements have been shown.
    async fn mark_round_shown(&self, shown: RoundShown) -> Result<(), StoreError>;

    /// The running and finished tournaments of the servers in `shards` whose latest round
    /// start, or end, was stored and never marked shown (to announce after a restart).
    async fn unannounced_tournaments(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<TournamentRecord>, StoreError>;

    /// The tournament, round and board a game was paired for, if any.
    async fn board_of_game(
        &self,
        game: GameId,
    ) -> Result<Option<(TournamentId, u32, u32)>, StoreError>;
}

/// Reviews of finished games: stored as under way before they are searched, so a restart
/// finds and restarts them, and stored done, so a second request is answered at once.
#[async_trait]
pub trait Reviews: Send + Sync {
    /// Stores that the review of `game` at `depth` is under way since `started_ms`; a
    /// [`StoreError::Conflict`] (`review`) if the game has a review stored already (under way
    /// or done).
    async fn begin_review(
        &self,
        game: GameId,
        depth: u32,
        started_ms: i64,
    ) -> Result<(), StoreError>;

    /// Stores the finished review of `game`, begun by [`Reviews::begin_review`] (a
    /// [`StoreError::Conflict`] if it was not).
    async fn finish_review(
        &self,
        game: GameId,
        finished_ms: i64,
        review: &GameReview,
    ) -> Result<(), StoreError>;

    /// The review of `game`, under way or done, if one was begun.
    async fn review(&self, game: GameId) -> Result<Option<StoredReview>, StoreError>;

    /// The games of the servers in `shards` whose review is under way, oldest begun first.
    async fn reviews_under_way(&self, shards: ShardSet) -> Result<Vec<GameId>, StoreError>;
}

/// What is stored about one user, read whole (`/mydata`) or forgotten (`/forget`).
#[async_trait]
pub trait Privacy: Send + Sync {
    /// Everything stored about `user`, in every server, read on one snapshot.
    async fn user_data(&self, user: UserId) -> Result<UserData, StoreError>;

    /// Forgets `user`, in one transaction: their closed challenges, ratings, rating changes,
    /// vacations and vacation days are deleted, and in their finished games and in the
    /// tournaments they played or created a stand-in ([`forgotten`](crate::forgotten), with
    /// a fresh id from the id sequence) takes their id and name. Returns the stand-in.
    ///
    /// Whatever is still under way must be ended first: an open challenge by or to them, an
    /// unfinished game of theirs, or a place in an open tournament or a running one they
    /// have not withdrawn from makes it a [`StoreError::Conflict`] (`challenge`, `game` or
    /// `tournament`, with its id), and nothing changes.
    async fn forget_user(&self, user: UserId) -> Result<User, StoreError>;
}

/// Copying a whole database into another (`nadare migrate`).
#[async_trait]
pub trait Transfer: Send + Sync {
    /// Every challenge ever stored, with its status, by id.
    async fn all_challenges(&self) -> Result<Vec<ChallengeEntry>, StoreError>;

    /// Every game ever stored, finished or not, with its turns, by id.
    async fn all_games(&self) -> Result<Vec<StoredGame>, StoreError>;

    /// Everything stored besides challenges and games.
    async fn all_extras(&self) -> Result<Extras, StoreError>;

    /// Copies a challenge in as it is.
    async fn import_challenge(&self, entry: &ChallengeEntry) -> Result<(), StoreError>;

    /// Copies a game in as it is, with its turns and revision.
    async fn import_game(&self, game: &StoredGame) -> Result<(), StoreError>;

    /// Copies in everything besides challenges and games, replacing what the tables held
    /// (after the games the rating changes refer to).
    async fn import_extras(&self, extras: &Extras) -> Result<(), StoreError>;

    /// Makes the next [`Games::new_id`] larger than every id stored (after an import).
    async fn reserve_ids(&self) -> Result<(), StoreError>;
}
