//! [`Games`] on PostgreSQL: challenges, games and their turns. A retried write whose first
//! attempt did commit (its acknowledgement was lost) is recognised by what it left and counts
//! as done.

use domain::Id;
use std::slice;

use async_trait::async_trait;
use deadpool_postgres::GenericClient;

use super::PgStore;
use super::driver::{exec, one, query, read_snapshot, rows};
use super::fail::Fail;
use crate::codec::id_out;
use crate::queries::games::{Filter, Loaded};
use crate::queries::{games, ratings};
use domain::{
    ChallengeEnd, ChallengeEntry, ChallengeRecord, ChannelId, GameId, GameRecord, GameState, Games,
    RatingUpdate, ShardSet, Shown, StoreError, StoredGame, Unfinished,
};

/// The challenges `filter` selects, with their status, by id.
pub(super) async fn load_challenges(
    client: &impl GenericClient,
    filter: &Filter,
) -> Result<Vec<ChallengeEntry>, Fail> {
    rows(
        client,
        &filter.challenges_sql(),
        &filter.values,
        games::read_challenge,
    )
    .await
}

/// The games `filter` selects, with their turns, and those that cannot be read.
pub(super) async fn load_games(
    client: &impl GenericClient,
    filter: &Filter,
) -> Result<Loaded, Fail> {
    let mut loaded = Loaded::default();
    for r in query(client, &filter.games_sql(), &filter.values).await? {
        loaded.add_game(&r)?;
    }
    for r in query(client, &filter.turns_sql(), &filter.values).await? {
        loaded.add_turn(&r)?;
    }
    Ok(loaded)
}

/// The open challenges and unfinished games `filter` selects, on one snapshot.
async fn load_unfinished(store: &PgStore, filter: &Filter) -> Result<Unfinished, StoreError> {
    store
        .run(|mut client, _| async move {
            let tx = read_snapshot(&mut client).await?;
            let challenges = load_challenges(&tx, filter)
                .await?
                .into_iter()
                .map(|e| e.challenge)
                .collect();
            let (games, damaged) = load_games(&tx, filter).await?.finish();
            tx.commit().await?;
            Ok(Unfinished {
                challenges,
                games,
                damaged,
            })
        })
        .await
}

/// Closes a challenge that must still be open. On a retry, finding it already closed the
/// same way counts as done.
async fn close(
    client: &impl GenericClient,
    id: GameId,
    end: ChallengeEnd,
    retried: bool,
) -> Result<(), Fail> {
    match exec(client, &[games::close_challenge(id, end)?]).await {
        Err(Fail::Stop(e)) if retried && e.is_conflict() => {
            let status = one(
                client,
                games::CHALLENGE_STATUS,
                &games::id_value(id)?,
                |r| r.text(0),
            )
            .await?;
            if status.as_deref() == Some(end.id()) {
                Ok(())
            } else {
                Err(Fail::Stop(e))
            }
        }
        other => other,
    }
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
async fn update(
    client: &impl GenericClient,
    game: GameId,
    state: &GameState,
    retried: bool,
) -> Result<Written, Fail> {
    match exec(client, &[games::update_state(game, state)?]).await {
        Ok(()) => Ok(Written::Now),
        Err(Fail::Stop(e)) if retried && e.is_conflict() => {
            let stored = one(client, games::GAME_REVISION, &games::id_value(game)?, |r| {
                r.int(0)
            })
            .await?;
            if stored.and_then(|n| u64::try_from(n).ok()) == Some(state.revision) {
                Ok(Written::Before)
            } else {
                Err(Fail::Stop(e))
            }
        }
        Err(e) => Err(e),
    }
}

impl PgStore {
    /// Writes a game's `state` and, unless an earlier attempt already did, the `steps` that
    /// go with it, in one transaction.
    async fn write_game(
        &self,
        game: GameId,
        state: &GameState,
        steps: &[crate::sql::Step],
    ) -> Result<(), StoreError> {
        self.run(|mut client, retried| async move {
            let tx = client.transaction().await?;
            if let Written::Now = update(&tx, game, state, retried).await? {
                exec(&tx, steps).await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }
}

#[async_trait]
impl Games for PgStore {
    async fn new_id(&self) -> Result<GameId, StoreError> {
        let id = self
            .run(|client, _| async move { one(&client, games::NEXT_ID, &[], |r| r.int(0)).await })
            .await?;
        id_out(id.ok_or_else(games::no_id)?, "ids", "next_id")
    }

    async fn insert_challenge(&self, challenge: &ChallengeRecord) -> Result<(), StoreError> {
        let (insert, id) = (
            &games::insert_challenge(challenge, None)?,
            &games::id_value(challenge.id)?,
        );
        self.run(|client, retried| async move {
            match exec(&client, slice::from_ref(insert)).await {
                // A retry finding its own row: the first attempt committed.
                Err(Fail::Stop(_)) if retried => {
                    if one(&client, games::CHALLENGE_EXISTS, id, |_| Ok(()))
                        .await?
                        .is_some()
                    {
                        Ok(())
                    } else {
                        exec(&client, slice::from_ref(insert)).await
                    }
                }
                other => other,
            }
        })
        .await
    }

    async fn end_challenge(&self, id: GameId, end: ChallengeEnd) -> Result<(), StoreError> {
        self.run(|client, retried| async move { close(&client, id, end, retried).await })
            .await
    }

    async fn mark_lapse_announced(&self, id: GameId) -> Result<(), StoreError> {
        self.write_steps(&[games::lapse_shown(id)?]).await
    }

    async fn unannounced_lapses(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<ChallengeRecord>, StoreError> {
        let filter = &Filter::unannounced_lapses(shards);
        let found = self
            .run(|client, _| async move { load_challenges(&client, filter).await })
            .await?;
        Ok(found.into_iter().map(|entry| entry.challenge).collect())
    }

    async fn start_game(
        &self,
        challenge: Option<GameId>,
        game: &GameRecord,
    ) -> Result<(), StoreError> {
        let (insert, id) = (&games::insert_game(game)?, &games::id_value(game.id)?);
        self.run(|mut client, retried| async move {
            if retried
                && one(&client, games::GAME_EXISTS, id, |_| Ok(()))
                    .await?
                    .is_some()
            {
                return Ok(());
            }
            let tx = client.transaction().await?;
            if let Some(id) = challenge {
                close(&tx, id, ChallengeEnd::Accepted, false).await?;
            }
            exec(&tx, slice::from_ref(insert)).await?;
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
        let mut steps = vec![games::insert_turn(game, ply, notation, state.clocks)?];
        steps.extend(ratings::rating_steps(game, rating)?);
        self.write_game(game, state, &steps).await
    }

    async fn take_back(
        &self,
        game: GameId,
        keep: usize,
        state: &GameState,
    ) -> Result<(), StoreError> {
        self.write_game(game, state, &[games::delete_turns_from(game, keep)?])
            .await
    }

    async fn update_game(
        &self,
        game: GameId,
        state: &GameState,
        rating: Option<&RatingUpdate>,
    ) -> Result<(), StoreError> {
        self.write_game(game, state, &ratings::rating_steps(game, rating)?)
            .await
    }

    async fn load_unfinished(&self, shards: ShardSet) -> Result<Unfinished, StoreError> {
        load_unfinished(self, &Filter::unfinished(shards)).await
    }

    async fn load_finished_since(
        &self,
        shards: ShardSet,
        since_ms: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let filter = &Filter::finished_since(shards, since_ms);
        let (games, damaged) = self
            .run(|client, _| async move { load_games(&client, filter).await })
            .await?
            .finish();
        for d in damaged {
            tracing::warn!(game = d.id, error = %d.error, "cannot read a finished game");
        }
        Ok(games)
    }

    async fn load_game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        let filter = &Filter::id(id)?;
        let loaded = self
            .run(|mut client, _| async move {
                let tx = read_snapshot(&mut client).await?;
                let loaded = load_games(&tx, filter).await?;
                tx.commit().await?;
                Ok(loaded)
            })
            .await?;
        Ok(loaded.all_readable()?.into_iter().next())
    }

    async fn load_channel(&self, channel: ChannelId) -> Result<Unfinished, StoreError> {
        load_unfinished(self, &Filter::channel(channel)?).await
    }

    async fn mark_announced(&self, game: GameId, shown: Shown) -> Result<(), StoreError> {
        let step = &games::announce(game, shown)?;
        self.run(|client, _| async move { exec(&client, slice::from_ref(step)).await })
            .await
    }

    async fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }
}
