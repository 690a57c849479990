//! [`Ratings`], [`Archive`], [`Vacations`], [`Settings`] and [`Web`] on PostgreSQL: the records
//! kept besides games. Reads of several queries share one snapshot.

use async_trait::async_trait;

use super::PgStore;
use super::driver::{exec, one, read_snapshot, rows};
use super::fail::Fail;
use crate::queries::{archive, games, ratings, settings, vacations, web};
use crate::sql::{Columns, SqlValue};
use domain::rating::RatingFamily;
use domain::{
    Archive, ArchivePage, ArchiveQuery, GameId, GameRatingChange, GuildId, GuildSettings, Lang,
    Leaderboard, PlayerRating, Ratings, RoleId, Settings, ShardSet, StoreError, UserId, Vacation,
    VacationAllowance, Vacations, Web,
};

impl PgStore {
    /// The rows of one query, each read by `read`.
    pub(super) async fn query<T: Send>(
        &self,
        sql: &str,
        values: &[SqlValue],
        read: fn(&dyn Columns) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        self.run(|client, _| async move { rows(&client, sql, values, read).await })
            .await
    }
}

#[async_trait]
impl Ratings for PgStore {
    async fn user_ratings(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let mut ratings = self
            .query(
                ratings::USER_RATINGS,
                &ratings::user_values(guild, user)?,
                ratings::read_rating,
            )
            .await?;
        ratings.sort_by_key(|r| r.family);
        Ok(ratings)
    }

    async fn leaderboard(
        &self,
        guild: GuildId,
        family: RatingFamily,
        top: usize,
        user: Option<UserId>,
    ) -> Result<Leaderboard, StoreError> {
        let values = &ratings::board_values(guild, family, top, user)?;
        self.run(|mut client, _| async move {
            let tx = read_snapshot(&mut client).await?;
            let top = rows(&tx, ratings::LEADERS, &values.leaders, ratings::read_rating).await?;
            let own = match &values.place {
                Some(place) => one(&tx, ratings::PLACE, place, ratings::read_place).await?,
                None => None,
            };
            let players = one(&tx, ratings::PLAYERS, &values.players, ratings::read_count)
                .await?
                .unwrap_or(0);
            tx.commit().await?;
            Ok(Leaderboard {
                top: ratings::ranked(top),
                own,
                players,
            })
        })
        .await
    }

    async fn game_rating_changes(&self, game: GameId) -> Result<Vec<GameRatingChange>, StoreError> {
        self.query(
            ratings::GAME_CHANGES,
            &games::id_value(game)?,
            ratings::read_rating_change,
        )
        .await
    }
}

#[async_trait]
impl Archive for PgStore {
    async fn finished_games(&self, query: &ArchiveQuery) -> Result<ArchivePage, StoreError> {
        let sql = &archive::archive_sql(query)?;
        let (page, per_page) = (query.page, query.per_page.max(1));
        self.run(|mut client, _| async move {
            let tx = read_snapshot(&mut client).await?;
            let total = one(&tx, &sql.count, &sql.count_values, ratings::read_count)
                .await?
                .unwrap_or(0);
            let games = rows(&tx, &sql.page, &sql.page_values, archive::read_archived).await?;
            tx.commit().await?;
            Ok(ArchivePage {
                games,
                total,
                page,
                per_page,
            })
        })
        .await
    }
}

#[async_trait]
impl Vacations for PgStore {
    async fn start_vacation(&self, vacation: &Vacation) -> Result<(), StoreError> {
        let (steps, user) = (
            &vacations::start_vacation_steps(vacation)?,
            &vacations::user_value(vacation.user)?,
        );
        self.run(|mut client, retried| async move {
            if retried {
                // A retry finding this very vacation: the first attempt committed.
                let found = one(
                    &client,
                    vacations::ACTIVE_VACATION,
                    user,
                    vacations::read_vacation,
                )
                .await?;
                if found.as_ref() == Some(vacation) {
                    return Ok(());
                }
            }
            let tx = client.transaction().await?;
            exec(&tx, steps).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn end_vacation(&self, user: UserId, days_used: u32) -> Result<Vacation, StoreError> {
        let values = &vacations::user_value(user)?;
        self.run(|mut client, _| async move {
            let tx = client.transaction().await?;
            let ended = one(
                &tx,
                vacations::END_VACATION,
                values,
                vacations::read_vacation,
            )
            .await?
            .ok_or_else(|| Fail::Stop(vacations::none_under_way(user)))?;
            exec(&tx, &[vacations::end_vacation_step(&ended, days_used)?]).await?;
            tx.commit().await?;
            Ok(ended)
        })
        .await
    }

    async fn vacation_allowance(
        &self,
        user: UserId,
        year: i32,
    ) -> Result<VacationAllowance, StoreError> {
        let (active, days) = (
            &vacations::user_value(user)?,
            &vacations::days_used_values(user, year)?,
        );
        self.run(|mut client, _| async move {
            let tx = read_snapshot(&mut client).await?;
            let active = one(
                &tx,
                vacations::ACTIVE_VACATION,
                active,
                vacations::read_vacation,
            )
            .await?;
            let days_used = one(&tx, vacations::DAYS_USED, days, vacations::read_days_used)
                .await?
                .unwrap_or(0);
            tx.commit().await?;
            Ok(VacationAllowance { active, days_used })
        })
        .await
    }

    async fn active_vacations(&self) -> Result<Vec<Vacation>, StoreError> {
        self.query(vacations::ACTIVE_VACATIONS, &[], vacations::read_vacation)
            .await
    }
}

#[async_trait]
impl Settings for PgStore {
    async fn set_guild_lang(&self, guild: GuildId, lang: Option<Lang>) -> Result<(), StoreError> {
        let step = &[settings::set_lang_step(guild, lang)?];
        self.run(|client, _| async move { exec(&client, step).await })
            .await
    }

    async fn set_guild_avatars(&self, guild: GuildId, shown: bool) -> Result<(), StoreError> {
        let step = &[settings::set_avatars_step(guild, shown)?];
        self.run(|client, _| async move { exec(&client, step).await })
            .await
    }

    async fn set_organiser_role(
        &self,
        guild: GuildId,
        role: Option<RoleId>,
    ) -> Result<(), StoreError> {
        let step = &[settings::set_organisers_step(guild, role)?];
        self.run(|client, _| async move { exec(&client, step).await })
            .await
    }

    async fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        let (sql, values) = settings::guild_settings(guild)?;
        let stored = self
            .query(&sql, &values, settings::read_settings)
            .await?
            .pop();
        Ok(stored.unwrap_or_else(|| GuildSettings::defaults(guild)))
    }

    async fn load_guild_settings(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<GuildSettings>, StoreError> {
        let (sql, values) = settings::shard_settings(shards);
        self.query(&sql, &values, settings::read_settings).await
    }

    async fn remove_guild_settings(&self, guild: GuildId) -> Result<(), StoreError> {
        let step = &[settings::remove_step(guild)?];
        self.run(|client, _| async move { exec(&client, step).await })
            .await
    }
}

#[async_trait]
impl Web for PgStore {
    async fn secret(&self, name: &str, fresh: &str) -> Result<String, StoreError> {
        self.write_steps(&[web::keep_secret(name, fresh)]).await?;
        let stored = self
            .query(web::SECRET, &web::secret_values(name), web::read_secret)
            .await?;
        stored
            .into_iter()
            .next()
            .ok_or_else(|| StoreError::Backend(format!("the secret {name} was not kept")))
    }

    async fn spend_token(
        &self,
        nonce: &str,
        expires_ms: i64,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        match self
            .write_steps(&web::spend(nonce, expires_ms, now_ms))
            .await
        {
            Ok(()) => Ok(true),
            Err(StoreError::Conflict {
                what: web::SPENT, ..
            }) => Ok(false),
            Err(e) => Err(e),
        }
    }

    async fn tell_changed(&self, game: GameId) -> Result<(), StoreError> {
        let (channel, payload) = self.changes.notice(game);
        self.run(|client, _| {
            let (channel, payload) = (channel.clone(), payload.clone());
            async move {
                client
                    .execute("SELECT pg_notify($1, $2)", &[&channel, &payload])
                    .await?;
                Ok(())
            }
        })
        .await
    }

    fn hear_changes(&self, heard: domain::Heard) {
        self.changes.listen(heard);
    }
}
