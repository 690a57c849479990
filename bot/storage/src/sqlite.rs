//! [`GameStore`] on SQLite: each call runs the blocking [`Storage`] method on tokio's blocking
//! pool, so the async runtime threads never wait on the disk.

use async_trait::async_trait;

use super::{Storage, StorageError};
use domain::Lang;
use domain::rating::RatingFamily;
use domain::{
    ArchivePage, ArchiveQuery, ChallengeEnd, ChallengeEntry, ChallengeRecord, ChannelId, Extras,
    GameId, GameRatingChange, GameRecord, GameState, GameStore, GuildId, GuildSettings,
    Leaderboard, PlayerRating, RatingUpdate, ShardSet, StoreError, StoredGame, Unfinished, UserId,
    Vacation, VacationAllowance,
};

impl Storage {
    /// Runs `f` on the blocking pool.
    async fn blocking<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Storage) -> Result<T, StorageError> + Send + 'static,
    {
        let storage = self.clone();
        tokio::task::spawn_blocking(move || f(&storage))
            .await
            .map_err(|e| StoreError::Backend(format!("the storage task failed: {e}")))?
            .map_err(StoreError::from)
    }
}

#[async_trait]
impl GameStore for Storage {
    async fn new_id(&self) -> Result<GameId, StoreError> {
        self.blocking(Storage::next_id).await
    }

    async fn insert_challenge(&self, challenge: &ChallengeRecord) -> Result<(), StoreError> {
        let challenge = challenge.clone();
        self.blocking(move |s| s.insert_challenge(&challenge)).await
    }

    async fn end_challenge(&self, id: GameId, end: ChallengeEnd) -> Result<(), StoreError> {
        self.blocking(move |s| s.end_challenge(id, end)).await
    }

    async fn start_game(
        &self,
        challenge: Option<GameId>,
        game: &GameRecord,
    ) -> Result<(), StoreError> {
        let game = game.clone();
        self.blocking(move |s| s.start_game(challenge, &game)).await
    }

    async fn record_turn(
        &self,
        game: GameId,
        ply: usize,
        notation: &str,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StoreError> {
        let (notation, state, rating) = (notation.to_string(), state.clone(), rating.cloned());
        self.blocking(move |s| s.record_turn(game, ply, &notation, &state, rating.as_ref()))
            .await
    }

    async fn take_back(
        &self,
        game: GameId,
        keep: usize,
        state: &GameState,
    ) -> Result<(), StoreError> {
        let state = state.clone();
        self.blocking(move |s| s.take_back(game, keep, &state))
            .await
    }

    async fn update_game(
        &self,
        game: GameId,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StoreError> {
        let (state, rating) = (state.clone(), rating.cloned());
        self.blocking(move |s| s.update_game(game, &state, rating.as_ref()))
            .await
    }

    async fn load_unfinished(&self, shards: ShardSet) -> Result<Unfinished, StoreError> {
        self.blocking(move |s| s.load_unfinished(shards)).await
    }

    async fn load_finished_since(
        &self,
        shards: ShardSet,
        since_ms: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        self.blocking(move |s| s.load_finished_since(shards, since_ms))
            .await
    }

    async fn load_game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        self.blocking(move |s| s.load_game(id)).await
    }

    async fn load_channel(&self, channel: ChannelId) -> Result<Unfinished, StoreError> {
        self.blocking(move |s| s.load_channel(channel)).await
    }

    async fn all_challenges(&self) -> Result<Vec<ChallengeEntry>, StoreError> {
        self.blocking(Storage::all_challenges).await
    }

    async fn all_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.blocking(Storage::all_games).await
    }

    async fn import_challenge(&self, entry: &ChallengeEntry) -> Result<(), StoreError> {
        let entry = entry.clone();
        self.blocking(move |s| s.import_challenge(&entry)).await
    }

    async fn import_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        let game = game.clone();
        self.blocking(move |s| s.import_game(&game)).await
    }

    async fn reserve_ids(&self) -> Result<(), StoreError> {
        self.blocking(Storage::reserve_ids).await
    }

    async fn mark_announced(&self, game: GameId, plies: usize) -> Result<(), StoreError> {
        self.blocking(move |s| s.mark_announced(game, plies)).await
    }

    async fn flush(&self) -> Result<(), StoreError> {
        self.blocking(Storage::checkpoint).await
    }

    async fn user_ratings(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        self.blocking(move |s| s.user_ratings(guild, user)).await
    }

    async fn leaderboard(
        &self,
        guild: GuildId,
        family: RatingFamily,
        top: usize,
        user: Option<UserId>,
    ) -> Result<Leaderboard, StoreError> {
        self.blocking(move |s| s.leaderboard(guild, family, top, user))
            .await
    }

    async fn game_rating_changes(&self, game: GameId) -> Result<Vec<GameRatingChange>, StoreError> {
        self.blocking(move |s| s.game_rating_changes(game)).await
    }

    async fn finished_games(&self, query: &ArchiveQuery) -> Result<ArchivePage, StoreError> {
        let query = *query;
        self.blocking(move |s| s.finished_games(&query)).await
    }

    async fn start_vacation(&self, vacation: &Vacation) -> Result<(), StoreError> {
        let vacation = *vacation;
        self.blocking(move |s| s.start_vacation(&vacation)).await
    }

    async fn end_vacation(&self, user: UserId, days_used: u32) -> Result<Vacation, StoreError> {
        self.blocking(move |s| s.end_vacation(user, days_used))
            .await
    }

    async fn vacation_allowance(
        &self,
        user: UserId,
        year: i32,
    ) -> Result<VacationAllowance, StoreError> {
        self.blocking(move |s| s.vacation_allowance(user, year))
            .await
    }

    async fn active_vacations(&self) -> Result<Vec<Vacation>, StoreError> {
        self.blocking(Storage::active_vacations).await
    }

    async fn set_guild_lang(&self, guild: GuildId, lang: Option<Lang>) -> Result<(), StoreError> {
        self.blocking(move |s| s.set_guild_lang(guild, lang)).await
    }

    async fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        self.blocking(move |s| s.guild_settings(guild)).await
    }

    async fn load_guild_settings(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<GuildSettings>, StoreError> {
        self.blocking(move |s| s.load_guild_settings(shards)).await
    }

    async fn all_extras(&self) -> Result<Extras, StoreError> {
        self.blocking(Storage::all_extras).await
    }

    async fn import_extras(&self, extras: &Extras) -> Result<(), StoreError> {
        let extras = extras.clone();
        self.blocking(move |s| s.import_extras(&extras)).await
    }
}
