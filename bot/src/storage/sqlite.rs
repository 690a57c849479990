//! [`GameStore`] on SQLite: each call runs the blocking [`Storage`] method on tokio's blocking
//! pool, so the async runtime threads never wait on the disk.

use async_trait::async_trait;

use super::{Storage, StorageError};
use crate::service::{
    ChallengeEnd, ChallengeEntry, ChallengeRecord, ChannelId, GameId, GameRecord, GameState,
    GameStore, ShardSet, StoreError, StoredGame, Unfinished,
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
    ) -> Result<(), StoreError> {
        let (notation, state) = (notation.to_string(), state.clone());
        self.blocking(move |s| s.record_turn(game, ply, &notation, &state))
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

    async fn update_game(&self, game: GameId, state: &GameState) -> Result<(), StoreError> {
        let state = state.clone();
        self.blocking(move |s| s.update_game(game, &state)).await
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
}
