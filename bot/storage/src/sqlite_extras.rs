//! The SQLite side of ratings, the archive, vacations and server settings: runs the shared
//! statements of [`extras`](super::extras) on the one connection.

use rusqlite::types::{ToSqlOutput, Value, ValueRef};
use rusqlite::{Connection, Row, ToSql, params_from_iter};

use super::extras::{self, Columns, SqlValue, Step};
use super::{Storage, StorageError, raw_game};
use domain::Lang;
use domain::rating::RatingFamily;
use domain::{
    ArchivePage, ArchiveQuery, ArchivedGame, Extras, GameId, GameRatingChange, GuildId,
    GuildSettings, Leaderboard, PlayerRating, RatingUpdate, ShardSet, StoreError, UserId, Vacation,
    VacationAllowance,
};

impl ToSql for SqlValue {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            SqlValue::Int(n) => ToSqlOutput::Owned(Value::Integer(*n)),
            SqlValue::Real(x) => ToSqlOutput::Owned(Value::Real(*x)),
            SqlValue::Text(Some(s)) => ToSqlOutput::Borrowed(ValueRef::Text(s.as_bytes())),
            SqlValue::Text(None) => ToSqlOutput::Owned(Value::Null),
        })
    }
}

impl Columns for Row<'_> {
    fn int(&self, at: usize) -> Result<i64, StoreError> {
        self.get(at).map_err(StoreError::from_sql)
    }

    fn real(&self, at: usize) -> Result<f64, StoreError> {
        self.get(at).map_err(StoreError::from_sql)
    }

    fn text(&self, at: usize) -> Result<Option<String>, StoreError> {
        self.get(at).map_err(StoreError::from_sql)
    }
}

/// Runs the statements of a write in order (inside the caller's transaction).
fn run(conn: &Connection, steps: impl IntoIterator<Item = Step>) -> Result<(), StorageError> {
    for step in steps {
        let changed = conn.execute(step.sql, params_from_iter(&step.values))?;
        if let Some(conflict) = step.must_change
            && changed != 1
        {
            return Err(conflict.into());
        }
    }
    Ok(())
}

/// The rows of a query, each read by `read`.
fn rows<T>(
    conn: &Connection,
    sql: &str,
    values: &[SqlValue],
    read: impl Fn(&dyn Columns) -> Result<T, StoreError>,
) -> Result<Vec<T>, StorageError> {
    let mut stmt = conn.prepare(sql)?;
    let mut rows = stmt.query(params_from_iter(values))?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        out.push(read(r)?);
    }
    Ok(out)
}

/// Writes a rated game's rating update (inside the transaction writing its result).
pub(super) fn write_rating(
    conn: &Connection,
    game: GameId,
    rating: Option<&RatingUpdate>,
) -> Result<(), StorageError> {
    match rating {
        Some(update) => run(conn, extras::rating_steps(game, update)?),
        None => Ok(()),
    }
}

impl Storage {
    /// A user's ratings in a server, in family order.
    pub fn user_ratings(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<PlayerRating>, StorageError> {
        let values = [extras::id_value(guild)?, extras::id_value(user)?];
        let mut ratings = rows(
            &self.conn(),
            extras::USER_RATINGS,
            &values,
            extras::read_rating,
        )?;
        ratings.sort_by_key(|r| r.family);
        Ok(ratings)
    }

    /// The top of a leaderboard and one player's place.
    pub fn leaderboard(
        &self,
        guild: GuildId,
        family: RatingFamily,
        top: usize,
        user: Option<UserId>,
    ) -> Result<Leaderboard, StorageError> {
        let conn = self.conn();
        let board = extras::board_values(guild, family)?;
        let mut values = board.clone();
        values.push(extras::int_value(i64::try_from(top).unwrap_or(i64::MAX)));
        let top = rows(&conn, extras::LEADERS, &values, extras::read_rating)?;
        let own = match user {
            Some(user) => {
                let mut values = board.clone();
                values.push(extras::id_value(user)?);
                rows(&conn, extras::PLACE, &values, extras::read_place)?.pop()
            }
            None => None,
        };
        let players = rows(&conn, extras::PLAYERS, &board, extras::read_count)?
            .pop()
            .unwrap_or(0);
        Ok(Leaderboard {
            top: extras::ranked(top),
            own,
            players,
        })
    }

    /// A game's rating changes.
    pub fn game_rating_changes(&self, game: GameId) -> Result<Vec<GameRatingChange>, StorageError> {
        rows(
            &self.conn(),
            extras::GAME_CHANGES,
            &[extras::id_value(game)?],
            extras::read_rating_change,
        )
    }

    /// One page of finished games, newest first, with the count of all.
    pub fn finished_games(&self, query: &ArchiveQuery) -> Result<ArchivePage, StorageError> {
        let sql = extras::archive_sql(query)?;
        let conn = self.conn();
        let total = rows(&conn, &sql.count, &sql.count_values, extras::read_count)?
            .pop()
            .unwrap_or(0);
        let mut stmt = conn.prepare(&sql.page)?;
        let mut found = stmt.query(params_from_iter(&sql.page_values))?;
        let mut games = Vec::new();
        while let Some(r) = found.next()? {
            let raw = raw_game(r)?;
            let plies: i64 = r.get(22)?;
            games.push(ArchivedGame {
                row: raw.into_record()?,
                plies: usize::try_from(plies).unwrap_or(0),
            });
        }
        Ok(ArchivePage {
            games,
            total,
            page: query.page,
            per_page: query.per_page.max(1),
        })
    }

    /// Starts a vacation.
    pub fn start_vacation(&self, vacation: &Vacation) -> Result<(), StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        run(&tx, extras::start_vacation_steps(vacation)?)?;
        tx.commit()?;
        Ok(())
    }

    /// Ends a user's vacation, of which `days_used` days were used.
    pub fn end_vacation(&self, user: UserId, days_used: u32) -> Result<Vacation, StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let ended = rows(
            &tx,
            extras::END_VACATION,
            &[extras::id_value(user)?],
            extras::read_vacation,
        )?
        .pop()
        .ok_or(StoreError::Conflict {
            what: "vacation",
            id: user,
        })?;
        run(&tx, [extras::end_vacation_step(&ended, days_used)?])?;
        tx.commit()?;
        Ok(ended)
    }

    /// A user's vacation under way and days used in `year`.
    pub fn vacation_allowance(
        &self,
        user: UserId,
        year: i32,
    ) -> Result<VacationAllowance, StorageError> {
        let conn = self.conn();
        let id = extras::id_value(user)?;
        let active = rows(
            &conn,
            extras::ACTIVE_VACATION,
            std::slice::from_ref(&id),
            extras::read_vacation,
        )?
        .pop();
        let days_used = rows(
            &conn,
            extras::DAYS_USED,
            &[id, extras::int_value(year)],
            extras::read_days_used,
        )?
        .pop()
        .unwrap_or(0);
        Ok(VacationAllowance { active, days_used })
    }

    /// Every vacation under way.
    pub fn active_vacations(&self) -> Result<Vec<Vacation>, StorageError> {
        rows(
            &self.conn(),
            extras::ACTIVE_VACATIONS,
            &[],
            extras::read_vacation,
        )
    }

    /// Sets or clears a server's language.
    pub fn set_guild_lang(&self, guild: GuildId, lang: Option<Lang>) -> Result<(), StorageError> {
        run(&self.conn(), [extras::set_lang_step(guild, lang)?])
    }

    /// A server's settings.
    pub fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StorageError> {
        let lang = rows(
            &self.conn(),
            extras::GUILD_LANG,
            &[extras::id_value(guild)?],
            |r| extras::lang_out(r.text(0)?),
        )?
        .pop()
        .flatten();
        Ok(GuildSettings { guild, lang })
    }

    /// The settings of the servers in `shards`.
    pub fn load_guild_settings(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<GuildSettings>, StorageError> {
        let (total, first, last) = super::codec::shard_params(shards);
        let filter = super::codec::shard_condition("?1", "?2", "?3");
        rows(
            &self.conn(),
            &format!("SELECT guild_id, lang FROM guild_settings WHERE {filter} ORDER BY guild_id"),
            &[
                extras::int_value(total),
                extras::int_value(first),
                extras::int_value(last),
            ],
            extras::read_settings,
        )
    }

    /// Everything besides challenges and games.
    pub fn all_extras(&self) -> Result<Extras, StorageError> {
        let conn = self.conn();
        let [ratings, changes, vacations, days, settings] = extras::all_extras_sql();
        Ok(Extras {
            ratings: rows(&conn, &ratings, &[], extras::read_rating)?,
            rating_changes: rows(&conn, &changes, &[], extras::read_rating_change)?,
            vacations: rows(&conn, &vacations, &[], extras::read_vacation)?,
            vacation_days: rows(&conn, &days, &[], extras::read_days)?,
            guild_settings: rows(&conn, &settings, &[], extras::read_settings)?,
        })
    }

    /// Replaces everything besides challenges and games with `extras`.
    pub fn import_extras(&self, extras: &Extras) -> Result<(), StorageError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute_batch(extras::CLEAR_EXTRAS)?;
        run(&tx, extras::import_steps(extras)?)?;
        tx.commit()?;
        Ok(())
    }
}
