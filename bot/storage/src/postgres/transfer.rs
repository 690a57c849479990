//! [`Transfer`] on PostgreSQL: reading a whole database out and copying one in. Every import
//! is idempotent (it replaces what an earlier or retried one wrote), so a retry is safe.

use async_trait::async_trait;

use super::PgStore;
use super::driver::{exec, read_snapshot, rows};
use super::games::{load_challenges, load_games};
use crate::queries::games::Filter;
use crate::queries::tournaments::Selection;
use crate::queries::{games, ratings, reviews, settings, transfer, vacations};
use crate::sql::Step;
use domain::{ChallengeEntry, Extras, StoreError, StoredGame, Transfer};

#[async_trait]
impl Transfer for PgStore {
    async fn all_challenges(&self) -> Result<Vec<ChallengeEntry>, StoreError> {
        let filter = &Filter::all();
        self.run(|client, _| async move { load_challenges(&client, filter).await })
            .await
    }

    async fn all_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        let filter = &Filter::all();
        self.run(|client, _| async move { load_games(&client, filter).await })
            .await?
            .all_readable()
    }

    async fn all_extras(&self) -> Result<Extras, StoreError> {
        let [ratings, changes, vacations, days, settings, all_reviews] =
            &transfer::all_extras_sql();
        let tournaments = &self.load_tournaments(&Selection::all()).await?;
        self.run(|mut client, _| async move {
            let tx = read_snapshot(&mut client).await?;
            let extras = Extras {
                ratings: rows(&tx, ratings, &[], ratings::read_rating).await?,
                rating_changes: rows(&tx, changes, &[], ratings::read_rating_change).await?,
                vacations: rows(&tx, vacations, &[], vacations::read_vacation).await?,
                vacation_days: rows(&tx, days, &[], vacations::read_days).await?,
                guild_settings: rows(&tx, settings, &[], settings::read_settings).await?,
                tournaments: tournaments.clone(),
                reviews: rows(&tx, all_reviews, &[], reviews::read_review).await?,
            };
            tx.commit().await?;
            Ok(extras)
        })
        .await
    }

    async fn import_challenge(&self, entry: &ChallengeEntry) -> Result<(), StoreError> {
        let steps = &[
            Step::new(
                transfer::DELETE_CHALLENGE,
                games::id_value(entry.challenge.id)?,
            ),
            games::insert_challenge(&entry.challenge, entry.end)?,
        ];
        self.run(|client, _| async move { exec(&client, steps).await })
            .await
    }

    async fn import_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        let id = game.row.id;
        let mut steps = vec![
            Step::new(transfer::DELETE_TURNS, games::id_value(id)?),
            Step::new(transfer::DELETE_GAME, games::id_value(id)?),
            games::insert_game(&game.row)?,
        ];
        steps.extend(games::insert_turns(game)?);
        if let Some(shown) = game.announced {
            steps.push(games::announce(id, shown)?);
        }
        self.write_steps(&steps).await
    }

    async fn import_extras(&self, extras: &Extras) -> Result<(), StoreError> {
        let steps = &transfer::import_steps(extras)?;
        self.run(|mut client, _| async move {
            // Idempotent: a retry clears what an earlier attempt wrote.
            let tx = client.transaction().await?;
            tx.batch_execute(transfer::CLEAR_EXTRAS).await?;
            exec(&tx, steps).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn reserve_ids(&self) -> Result<(), StoreError> {
        let step = &[transfer::reserve_ids()?];
        self.run(|client, _| async move { exec(&client, step).await })
            .await
    }
}
