//! [`Transfer`] on SQLite: reading a whole database out and copying one in.

use async_trait::async_trait;

use super::games::{load_challenges, load_games};
use super::{Storage, driver};
use crate::queries::games::Filter;
use crate::queries::tournaments::Selection;
use crate::queries::{games, ratings, reviews, settings, transfer, vacations};
use domain::{ChallengeEntry, Extras, StoreError, StoredGame, Transfer};

#[async_trait]
impl Transfer for Storage {
    async fn all_challenges(&self) -> Result<Vec<ChallengeEntry>, StoreError> {
        self.run(|conn| load_challenges(conn, &Filter::all())).await
    }

    async fn all_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.run(|conn| load_games(conn, &Filter::all()))
            .await?
            .all_readable()
    }

    async fn all_extras(&self) -> Result<Extras, StoreError> {
        let [ratings, changes, vacations, days, settings, all_reviews] = transfer::all_extras_sql();
        let tournaments = self.load_tournaments(&Selection::all()).await?;
        self.run(move |conn| {
            Ok(Extras {
                ratings: driver::rows(conn, &ratings, &[], ratings::read_rating)?,
                rating_changes: driver::rows(conn, &changes, &[], ratings::read_rating_change)?,
                vacations: driver::rows(conn, &vacations, &[], vacations::read_vacation)?,
                vacation_days: driver::rows(conn, &days, &[], vacations::read_days)?,
                guild_settings: driver::rows(conn, &settings, &[], settings::read_settings)?,
                tournaments,
                reviews: driver::rows(conn, &all_reviews, &[], reviews::read_review)?,
            })
        })
        .await
    }

    async fn import_challenge(&self, entry: &ChallengeEntry) -> Result<(), StoreError> {
        self.write(vec![games::insert_challenge(&entry.challenge, entry.end)?])
            .await
    }

    async fn import_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        let mut steps = vec![games::insert_game(&game.row)?];
        steps.extend(games::insert_turns(game)?);
        if let Some(shown) = game.announced {
            steps.push(games::announce(game.row.id, shown)?);
        }
        self.write(steps).await
    }

    async fn import_extras(&self, extras: &Extras) -> Result<(), StoreError> {
        let steps = transfer::import_steps(extras)?;
        self.run(move |conn| {
            let tx = conn.transaction()?;
            tx.execute_batch(transfer::CLEAR_EXTRAS)?;
            driver::exec(&tx, &steps)?;
            tx.commit()?;
            Ok(())
        })
        .await
    }

    async fn reserve_ids(&self) -> Result<(), StoreError> {
        self.write(vec![transfer::reserve_ids()?]).await
    }
}
