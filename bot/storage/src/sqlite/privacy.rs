//! [`Privacy`] on SQLite: everything about one user read in one transaction, and forgotten in
//! another.

use async_trait::async_trait;

use super::games::{load_challenges, load_games};
use super::tournaments::read_tournaments;
use super::{Storage, driver};
use crate::queries::{games, privacy, ratings, vacations};
use domain::{Privacy, StoreError, User, UserData, UserId};

#[async_trait]
impl Privacy for Storage {
    async fn user_data(&self, user: UserId) -> Result<UserData, StoreError> {
        let reads = privacy::user_reads(user)?;
        self.run(move |conn| {
            let tx = conn.transaction()?;
            let challenges = load_challenges(&tx, &reads.games)?;
            let (games, damaged) = load_games(&tx, &reads.games)?.finish();
            let values = &reads.user;
            let data = UserData {
                user,
                challenges,
                games,
                damaged,
                ratings: driver::rows(&tx, privacy::RATINGS, values, ratings::read_rating)?,
                rating_changes: driver::rows(
                    &tx,
                    privacy::RATING_CHANGES,
                    values,
                    ratings::read_rating_change,
                )?,
                vacation: driver::rows(&tx, privacy::VACATION, values, vacations::read_vacation)?
                    .pop(),
                vacation_days: driver::rows(
                    &tx,
                    privacy::VACATION_DAYS,
                    values,
                    vacations::read_days,
                )?,
                tournaments: read_tournaments(&tx, &reads.tournaments)?,
            };
            tx.commit()?;
            Ok(data)
        })
        .await
    }

    async fn forget_user(&self, user: UserId) -> Result<User, StoreError> {
        self.run(move |conn| {
            let tx = conn.transaction()?;
            let n = driver::rows(&tx, games::NEXT_ID, &[], |r| r.int(0))?
                .pop()
                .ok_or_else(games::no_id)?;
            let stand_in = privacy::stand_in(n)?;
            driver::exec(&tx, &privacy::forget_steps(user, &stand_in)?)?;
            let values = privacy::under_way_values(user, &stand_in)?;
            if let Some(conflict) =
                driver::rows(&tx, privacy::UNDER_WAY, &values, privacy::read_under_way)?
                    .into_iter()
                    .next()
            {
                // Dropping the transaction rolls every statement above back.
                return Err(conflict.into());
            }
            tx.commit()?;
            Ok(stand_in)
        })
        .await
    }
}
