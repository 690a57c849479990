//! [`Reviews`] on SQLite.

use async_trait::async_trait;

use super::Storage;
use crate::queries::reviews;
use domain::{GameId, GameReview, Reviews, ShardSet, StoreError, StoredReview};

#[async_trait]
impl Reviews for Storage {
    async fn begin_review(
        &self,
        game: GameId,
        depth: u32,
        started_ms: i64,
    ) -> Result<(), StoreError> {
        self.write(vec![reviews::begin_step(game, depth, started_ms)?])
            .await
    }

    async fn finish_review(
        &self,
        game: GameId,
        finished_ms: i64,
        review: &GameReview,
    ) -> Result<(), StoreError> {
        self.write(vec![reviews::finish_step(game, finished_ms, review)?])
            .await
    }

    async fn review(&self, game: GameId) -> Result<Option<StoredReview>, StoreError> {
        let (sql, values) = reviews::review_sql(game)?;
        Ok(self.query(sql, values, reviews::read_review).await?.pop())
    }

    async fn reviews_under_way(&self, shards: ShardSet) -> Result<Vec<GameId>, StoreError> {
        let (sql, values) = reviews::under_way_sql(shards);
        self.query(sql, values, reviews::read_game_id).await
    }
}
