//! [`Games`] on SQLite: challenges, games and their turns.

use async_trait::async_trait;
use rusqlite::Connection;

use super::{Storage, checkpoint, driver};
use crate::codec::id_out;
use crate::error::StorageError;
use crate::queries::games::{Filter, Loaded};
use crate::queries::{games, ratings};
use domain::{
    ChallengeEnd, ChallengeEntry, ChallengeRecord, ChannelId, GameId, GameRecord, GameState, Games,
    RatingUpdate, ShardSet, Shown, StoreError, StoredGame, Unfinished,
};

/// The challenges `filter` selects, with their status, by id.
pub(super) fn load_challenges(
    conn: &Connection,
    filter: &Filter,
) -> Result<Vec<ChallengeEntry>, StorageError> {
    driver::rows(
        conn,
        &filter.challenges_sql(),
        &filter.values,
        games::read_challenge,
    )
}

/// The games `filter` selects, with their turns, and those that cannot be read.
pub(super) fn load_games(conn: &Connection, filter: &Filter) -> Result<Loaded, StorageError> {
    let mut loaded = Loaded::default();
    driver::rows(conn, &filter.games_sql(), &filter.values, |r| {
        loaded.add_game(r)
    })?;
    driver::rows(conn, &filter.turns_sql(), &filter.values, |r| {
        loaded.add_turn(r)
    })?;
    Ok(loaded)
}

/// The open challenges and unfinished games `filter` selects, read in one transaction.
fn load_unfinished(conn: &mut Connection, filter: &Filter) -> Result<Unfinished, StorageError> {
    let tx = conn.transaction()?;
    let challenges = load_challenges(&tx, filter)?
        .into_iter()
        .map(|entry| entry.challenge)
        .collect();
    let (games, damaged) = load_games(&tx, filter)?.finish();
    tx.commit()?;
    Ok(Unfinished {
        challenges,
        games,
        damaged,
    })
}

#[async_trait]
impl Games for Storage {
    async fn new_id(&self) -> Result<GameId, StoreError> {
        let id = self
            .query(games::NEXT_ID, Vec::new(), |r| r.int(0))
            .await?
            .pop();
        id_out(id.ok_or_else(games::no_id)?, "ids", "next_id")
    }

    async fn insert_challenge(&self, challenge: &ChallengeRecord) -> Result<(), StoreError> {
        self.write(vec![games::insert_challenge(challenge, None)?])
            .await
    }

    async fn end_challenge(&self, id: GameId, end: ChallengeEnd) -> Result<(), StoreError> {
        self.write(vec![games::close_challenge(id, end)?]).await
    }

    async fn mark_lapse_announced(&self, id: GameId) -> Result<(), StoreError> {
        self.write(vec![games::lapse_shown(id)?]).await
    }

    async fn unannounced_lapses(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<ChallengeRecord>, StoreError> {
        let filter = Filter::unannounced_lapses(shards);
        let found = self.run(move |conn| load_challenges(conn, &filter)).await?;
        Ok(found.into_iter().map(|entry| entry.challenge).collect())
    }

    async fn start_game(
        &self,
        challenge: Option<GameId>,
        game: &GameRecord,
    ) -> Result<(), StoreError> {
        let mut steps = Vec::with_capacity(2);
        if let Some(id) = challenge {
            steps.push(games::close_challenge(id, ChallengeEnd::Accepted)?);
        }
        steps.push(games::insert_game(game)?);
        self.write(steps).await
    }

    async fn record_turn(
        &self,
        game: GameId,
        ply: usize,
        notation: &str,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StoreError> {
        let mut steps = vec![
            games::update_state(game, state)?,
            games::insert_turn(game, ply, notation, state.clocks)?,
        ];
        steps.extend(ratings::rating_steps(game, rating)?);
        self.write(steps).await
    }

    async fn take_back(
        &self,
        game: GameId,
        keep: usize,
        state: &GameState,
    ) -> Result<(), StoreError> {
        self.write(vec![
            games::update_state(game, state)?,
            games::delete_turns_from(game, keep)?,
        ])
        .await
    }

    async fn update_game(
        &self,
        game: GameId,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StoreError> {
        let mut steps = vec![games::update_state(game, state)?];
        steps.extend(ratings::rating_steps(game, rating)?);
        self.write(steps).await
    }

    async fn load_unfinished(&self, shards: ShardSet) -> Result<Unfinished, StoreError> {
        let filter = Filter::unfinished(shards);
        self.run(move |conn| load_unfinished(conn, &filter)).await
    }

    async fn load_finished_since(
        &self,
        shards: ShardSet,
        since_ms: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let filter = Filter::finished_since(shards, since_ms);
        let (games, damaged) = self
            .run(move |conn| load_games(conn, &filter))
            .await?
            .finish();
        for d in damaged {
            tracing::warn!(game = d.id, error = %d.error, "cannot read a finished game");
        }
        Ok(games)
    }

    async fn load_game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        let filter = Filter::id(id)?;
        let games = self
            .run(move |conn| load_games(conn, &filter))
            .await?
            .all_readable()?;
        Ok(games.into_iter().next())
    }

    async fn load_channel(&self, channel: ChannelId) -> Result<Unfinished, StoreError> {
        let filter = Filter::channel(channel)?;
        self.run(move |conn| load_unfinished(conn, &filter)).await
    }

    async fn mark_announced(&self, game: GameId, shown: Shown) -> Result<(), StoreError> {
        self.write(vec![games::announce(game, shown)?]).await
    }

    async fn flush(&self) -> Result<(), StoreError> {
        self.run(checkpoint).await
    }
}
