//! [`Ratings`], [`Archive`], [`Vacations`], [`Settings`] and [`Web`] on SQLite: the records
//! kept besides games.

use async_trait::async_trait;

use super::{Storage, driver};
use crate::queries::{archive, games, ratings, settings, vacations, web};
use domain::rating::RatingFamily;
use domain::{
    Archive, ArchivePage, ArchiveQuery, GameId, GameRatingChange, GuildId, GuildSettings, Lang,
    Leaderboard, PlayerRating, Ratings, RoleId, Settings, ShardSet, StoreError, UserId, Vacation,
    VacationAllowance, Vacations, Web,
};

#[async_trait]
impl Ratings for Storage {
    async fn user_ratings(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let mut ratings = self
            .query(
                ratings::USER_RATINGS,
                ratings::user_values(guild, user)?,
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
        let values = ratings::board_values(guild, family, top, user)?;
        self.run(move |conn| {
            let top = driver::rows(
                conn,
                ratings::LEADERS,
                &values.leaders,
                ratings::read_rating,
            )?;
            let own = match &values.place {
                Some(place) => {
                    driver::rows(conn, ratings::PLACE, place, ratings::read_place)?.pop()
                }
                None => None,
            };
            let players =
                driver::rows(conn, ratings::PLAYERS, &values.players, ratings::read_count)?
                    .pop()
                    .unwrap_or(0);
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
            games::id_value(game)?,
            ratings::read_rating_change,
        )
        .await
    }
}

#[async_trait]
impl Archive for Storage {
    async fn finished_games(&self, query: &ArchiveQuery) -> Result<ArchivePage, StoreError> {
        let sql = archive::archive_sql(query)?;
        let (page, per_page) = (query.page, query.per_page.max(1));
        self.run(move |conn| {
            let total = driver::rows(conn, &sql.count, &sql.count_values, ratings::read_count)?
                .pop()
                .unwrap_or(0);
            let games = driver::rows(conn, &sql.page, &sql.page_values, archive::read_archived)?;
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
impl Vacations for Storage {
    async fn start_vacation(&self, vacation: &Vacation) -> Result<(), StoreError> {
        self.write(vacations::start_vacation_steps(vacation)?.into())
            .await
    }

    async fn end_vacation(&self, user: UserId, days_used: u32) -> Result<Vacation, StoreError> {
        let values = vacations::user_value(user)?;
        self.run(move |conn| {
            let tx = conn.transaction()?;
            let ended = driver::rows(
                &tx,
                vacations::END_VACATION,
                &values,
                vacations::read_vacation,
            )?
            .pop()
            .ok_or_else(|| vacations::none_under_way(user))?;
            driver::exec(&tx, &[vacations::end_vacation_step(&ended, days_used)?])?;
            tx.commit()?;
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
            vacations::user_value(user)?,
            vacations::days_used_values(user, year)?,
        );
        self.run(move |conn| {
            let active = driver::rows(
                conn,
                vacations::ACTIVE_VACATION,
                &active,
                vacations::read_vacation,
            )?
            .pop();
            let days_used =
                driver::rows(conn, vacations::DAYS_USED, &days, vacations::read_days_used)?
                    .pop()
                    .unwrap_or(0);
            Ok(VacationAllowance { active, days_used })
        })
        .await
    }

    async fn active_vacations(&self) -> Result<Vec<Vacation>, StoreError> {
        self.query(
            vacations::ACTIVE_VACATIONS,
            Vec::new(),
            vacations::read_vacation,
        )
        .await
    }
}

#[async_trait]
impl Settings for Storage {
    async fn set_guild_lang(&self, guild: GuildId, lang: Option<Lang>) -> Result<(), StoreError> {
        self.write(vec![settings::set_lang_step(guild, lang)?])
            .await
    }

    async fn set_guild_avatars(&self, guild: GuildId, shown: bool) -> Result<(), StoreError> {
        self.write(vec![settings::set_avatars_step(guild, shown)?])
            .await
    }

    async fn set_organiser_role(
        &self,
        guild: GuildId,
        role: Option<RoleId>,
    ) -> Result<(), StoreError> {
        self.write(vec![settings::set_organisers_step(guild, role)?])
            .await
    }

    async fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        let (sql, values) = settings::guild_settings(guild)?;
        let stored = self
            .query(sql, values, settings::read_settings)
            .await?
            .pop();
        Ok(stored.unwrap_or_else(|| GuildSettings::defaults(guild)))
    }

    async fn load_guild_settings(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<GuildSettings>, StoreError> {
        let (sql, values) = settings::shard_settings(shards);
        self.query(sql, values, settings::read_settings).await
    }

    async fn remove_guild_settings(&self, guild: GuildId) -> Result<(), StoreError> {
        self.write(vec![settings::remove_step(guild)?]).await
    }
}

#[async_trait]
impl Web for Storage {
    async fn secret(&self, name: &str, fresh: &str) -> Result<String, StoreError> {
        self.write(vec![web::keep_secret(name, fresh)]).await?;
        let stored = self
            .query(web::SECRET, web::secret_values(name), web::read_secret)
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
        match self.write(web::spend(nonce, expires_ms, now_ms)).await {
            Ok(()) => Ok(true),
            Err(StoreError::Conflict {
                what: web::SPENT, ..
            }) => Ok(false),
            Err(e) => Err(e),
        }
    }

    // One process holds an SQLite database: nothing to tell, nothing to hear.
    async fn tell_changed(&self, _game: GameId) -> Result<(), StoreError> {
        Ok(())
    }

    fn hear_changes(&self, _heard: domain::Heard) {}
}
