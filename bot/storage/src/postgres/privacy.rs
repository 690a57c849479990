//! [`Privacy`] on PostgreSQL: everything about one user read from one snapshot, and
//! forgotten in one transaction. The check for what is still under way runs after the
//! statements, so a challenge or game another process committed before they took it in is
//! found, and the whole forgetting is abandoned.

use async_trait::async_trait;

use super::PgStore;
use super::driver::{exec, one, read_snapshot, rows};
use super::fail::Fail;
use super::games::{load_challenges, load_games};
use super::tournaments::read_tournaments;
use crate::queries::{games, privacy, ratings, vacations};
use domain::{Privacy, StoreError, User, UserData, UserId};

#[async_trait]
impl Privacy for PgStore {
    async fn user_data(&self, user: UserId) -> Result<UserData, StoreError> {
        let reads = &privacy::user_reads(user)?;
        self.run(|mut client, _| async move {
            let tx = read_snapshot(&mut client).await?;
            let challenges = load_challenges(&tx, &reads.games).await?;
            let (games, damaged) = load_games(&tx, &reads.games).await?.finish();
            let values = &reads.user;
            let data = UserData {
                user,
                challenges,
                games,
                damaged,
                ratings: rows(&tx, privacy::RATINGS, values, ratings::read_rating).await?,
                rating_changes: rows(
                    &tx,
                    privacy::RATING_CHANGES,
                    values,
                    ratings::read_rating_change,
                )
                .await?,
                vacation: one(&tx, privacy::VACATION, values, vacations::read_vacation).await?,
                vacation_days: rows(&tx, privacy::VACATION_DAYS, values, vacations::read_days)
                    .await?,
                tournaments: read_tournaments(&tx, &reads.tournaments).await?,
            };
            tx.commit().await?;
            Ok(data)
        })
        .await
    }

    /// A retry after a commit whose acknowledgement was lost finds nothing left to forget and
    /// forgets nothing more; it answers with a stand-in of its own that took no one's place.
    async fn forget_user(&self, user: UserId) -> Result<User, StoreError> {
        self.run(|mut client, _| async move {
            let tx = client.transaction().await?;
            let n = one(&tx, games::NEXT_ID, &[], |r| r.int(0))
                .await?
                .ok_or_else(games::no_id)?;
            let stand_in = privacy::stand_in(n)?;
            exec(&tx, &privacy::forget_steps(user, &stand_in)?).await?;
            let values = privacy::under_way_values(user, &stand_in)?;
            if let Some(conflict) =
                one(&tx, privacy::UNDER_WAY, &values, privacy::read_under_way).await?
            {
                // Dropping the transaction rolls every statement above back.
                return Err(Fail::Stop(conflict));
            }
            tx.commit().await?;
            Ok(stand_in)
        })
        .await
    }
}
