//! The stored form of everything besides challenges and games — ratings and their changes,
//! the archive's pages, vacations, server settings — shared by both backends: the SQL (written
//! with SQLite's `?N` placeholders; [`pg`] turns them into PostgreSQL's `$N`), the values it
//! binds, and how a row reads back. A backend only runs these statements in its own
//! transactions, so SQLite and PostgreSQL store exactly the same thing.

use domain::Lang;
use domain::rating::{Glicko, RatingFamily};
use domain::{
    ArchiveQuery, GameId, GameRatingChange, GuildSettings, PlayerRating, Ranked, RatingChange,
    RatingUpdate, StoreError, User, Vacation, VacationDays,
};

use super::codec::{GAME_COLUMNS, bad, id_in, id_out};

/// A value bound to a statement.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum SqlValue {
    /// A BIGINT.
    Int(i64),
    /// A DOUBLE PRECISION.
    Real(f64),
    /// A TEXT, or NULL.
    Text(Option<String>),
}

/// One statement of a write, and what it must do.
#[derive(Debug)]
pub(super) struct Step {
    /// The SQL, with `?N` placeholders.
    pub sql: &'static str,
    /// The values of the placeholders, in order.
    pub values: Vec<SqlValue>,
    /// When set, the statement must change exactly one row, else the whole transaction is
    /// abandoned with this error.
    pub must_change: Option<StoreError>,
}

/// The columns of a row being read back, by index, whatever the driver.
pub(super) trait Columns {
    /// A BIGINT column.
    fn int(&self, at: usize) -> Result<i64, StoreError>;
    /// A DOUBLE PRECISION column.
    fn real(&self, at: usize) -> Result<f64, StoreError>;
    /// A TEXT column that may be NULL.
    fn text(&self, at: usize) -> Result<Option<String>, StoreError>;
}

/// `sql` with PostgreSQL's `$N` placeholders for SQLite's `?N` (the statements here hold no
/// other question mark).
pub(super) fn pg(sql: &str) -> String {
    sql.replace('?', "$")
}

fn int(n: impl Into<i64>) -> SqlValue {
    SqlValue::Int(n.into())
}

fn text(s: impl Into<String>) -> SqlValue {
    SqlValue::Text(Some(s.into()))
}

fn count_in(n: u32) -> SqlValue {
    int(n)
}

fn count_out(n: i64, table: &'static str, column: &'static str) -> Result<u32, StoreError> {
    u32::try_from(n).map_err(|_| bad(table, column, n.to_string()))
}

/// The columns of `ratings`, in [`read_rating`] order.
const RATING_COLUMNS: &str = "guild_id, family, user_id, user_name, rating, deviation, \
    volatility, games, wins, draws, losses, updated_ms";

/// Inserts a rating (the first game of a player, or an import).
const INSERT_RATING: &str = "INSERT INTO ratings (guild_id, family, user_id, user_name, rating, \
    deviation, volatility, games, wins, draws, losses, updated_ms)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)";

/// Inserts a player's first rating, unless another writer rated them meanwhile.
const INSERT_FIRST_RATING: &str = "INSERT INTO ratings (guild_id, family, user_id, user_name, \
    rating, deviation, volatility, games, wins, draws, losses, updated_ms)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
    ON CONFLICT (guild_id, family, user_id) DO NOTHING";

/// Replaces a rating, only over the one with `games` = ?13 it was computed from.
const UPDATE_RATING: &str = "UPDATE ratings SET user_name = ?4, rating = ?5, deviation = ?6,
        volatility = ?7, games = ?8, wins = ?9, draws = ?10, losses = ?11, updated_ms = ?12
    WHERE guild_id = ?1 AND family = ?2 AND user_id = ?3 AND games = ?13";

const INSERT_RATING_CHANGE: &str = "INSERT INTO rating_changes (game_id, user_id, \
    rating_before, deviation_before, volatility_before, rating_after, deviation_after, \
    volatility_after) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

/// A user's ratings in a server.
pub(super) const USER_RATINGS: &str = "SELECT guild_id, family, user_id, user_name, rating, \
    deviation, volatility, games, wins, draws, losses, updated_ms
    FROM ratings WHERE guild_id = ?1 AND user_id = ?2";

/// The top of a leaderboard: ?3 players, best first.
pub(super) const LEADERS: &str = "SELECT guild_id, family, user_id, user_name, rating, \
    deviation, volatility, games, wins, draws, losses, updated_ms
    FROM ratings WHERE guild_id = ?1 AND family = ?2
    ORDER BY rating DESC, user_id LIMIT ?3";

/// One player's rating and how many players are placed above them (same order as
/// [`LEADERS`]).
pub(super) const PLACE: &str = "SELECT r.guild_id, r.family, r.user_id, r.user_name, r.rating,
        r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses, r.updated_ms,
        (SELECT COUNT(*) FROM ratings o
         WHERE o.guild_id = r.guild_id AND o.family = r.family
           AND (o.rating > r.rating OR (o.rating = r.rating AND o.user_id < r.user_id)))
    FROM ratings r WHERE r.guild_id = ?1 AND r.family = ?2 AND r.user_id = ?3";

/// How many players a leaderboard has.
pub(super) const PLAYERS: &str = "SELECT COUNT(*) FROM ratings WHERE guild_id = ?1 AND family = ?2";

/// The columns of `rating_changes`, in [`read_rating_change`] order.
const CHANGE_COLUMNS: &str = "game_id, user_id, rating_before, deviation_before, \
    volatility_before, rating_after, deviation_after, volatility_after";

/// A game's rating changes.
pub(super) const GAME_CHANGES: &str = "SELECT game_id, user_id, rating_before, \
    deviation_before, volatility_before, rating_after, deviation_after, volatility_after
    FROM rating_changes WHERE game_id = ?1 ORDER BY user_id";

/// The columns of `vacations`, in [`read_vacation`] order.
const VACATION_COLUMNS: &str = "user_id, started_ms, ends_ms, year, days";

const INSERT_VACATION: &str = "INSERT INTO vacations (user_id, started_ms, ends_ms, year, days)
    VALUES (?1, ?2, ?3, ?4, ?5)";

/// Starts a vacation unless one is under way.
const START_VACATION: &str = "INSERT INTO vacations (user_id, started_ms, ends_ms, year, days)
    VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (user_id) DO NOTHING";

/// Adds ?3 (possibly negative) to a user's days of a year.
const ADD_DAYS: &str = "INSERT INTO vacation_days (user_id, year, days_used) VALUES (?1, ?2, ?3)
    ON CONFLICT (user_id, year) DO UPDATE SET days_used = vacation_days.days_used + excluded.days_used";

/// Ends a user's vacation, returning it.
pub(super) const END_VACATION: &str = "DELETE FROM vacations WHERE user_id = ?1
    RETURNING user_id, started_ms, ends_ms, year, days";

/// A user's vacation under way.
pub(super) const ACTIVE_VACATION: &str =
    "SELECT user_id, started_ms, ends_ms, year, days FROM vacations WHERE user_id = ?1";

/// A user's days used in a year.
pub(super) const DAYS_USED: &str =
    "SELECT days_used FROM vacation_days WHERE user_id = ?1 AND year = ?2";

/// Every vacation under way.
pub(super) const ACTIVE_VACATIONS: &str =
    "SELECT user_id, started_ms, ends_ms, year, days FROM vacations ORDER BY user_id";

const INSERT_DAYS: &str =
    "INSERT INTO vacation_days (user_id, year, days_used) VALUES (?1, ?2, ?3)";

/// Sets a server's language.
const SET_LANG: &str = "INSERT INTO guild_settings (guild_id, lang) VALUES (?1, ?2)
    ON CONFLICT (guild_id) DO UPDATE SET lang = excluded.lang";

/// A server's language.
pub(super) const GUILD_LANG: &str = "SELECT lang FROM guild_settings WHERE guild_id = ?1";

const INSERT_SETTINGS: &str = "INSERT INTO guild_settings (guild_id, lang) VALUES (?1, ?2)";

/// Empties every table [`Extras`](domain::Extras) covers, before an import.
pub(super) const CLEAR_EXTRAS: &str = "DELETE FROM rating_changes; DELETE FROM ratings; \
    DELETE FROM vacations; DELETE FROM vacation_days; DELETE FROM guild_settings;";

/// The queries reading every table [`Extras`](domain::Extras) covers, in its order.
pub(super) fn all_extras_sql() -> [String; 5] {
    [
        format!("SELECT {RATING_COLUMNS} FROM ratings ORDER BY guild_id, family, user_id"),
        format!("SELECT {CHANGE_COLUMNS} FROM rating_changes ORDER BY game_id, user_id"),
        format!("SELECT {VACATION_COLUMNS} FROM vacations ORDER BY user_id"),
        "SELECT user_id, year, days_used FROM vacation_days ORDER BY user_id, year".to_string(),
        "SELECT guild_id, lang FROM guild_settings ORDER BY guild_id".to_string(),
    ]
}

fn rating_values(r: &PlayerRating) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![
        int(id_in(r.guild)?),
        text(r.family.id()),
        int(id_in(r.user.id)?),
        text(r.user.name.clone()),
        SqlValue::Real(r.glicko.rating),
        SqlValue::Real(r.glicko.deviation),
        SqlValue::Real(r.glicko.volatility),
        count_in(r.games),
        count_in(r.wins),
        count_in(r.draws),
        count_in(r.losses),
        int(r.updated_ms),
    ])
}

fn change_values(c: &GameRatingChange) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![
        int(id_in(c.game)?),
        int(id_in(c.user)?),
        SqlValue::Real(c.before.rating),
        SqlValue::Real(c.before.deviation),
        SqlValue::Real(c.before.volatility),
        SqlValue::Real(c.after.rating),
        SqlValue::Real(c.after.deviation),
        SqlValue::Real(c.after.volatility),
    ])
}

/// The statements writing one player's rating change from `game`.
fn change_steps(game: GameId, change: &RatingChange) -> Result<[Step; 2], StoreError> {
    let (before, after) = (&change.before, &change.after);
    let conflict = StoreError::Conflict {
        what: "rating",
        id: after.user.id,
    };
    let rating = if before.games == 0 {
        Step {
            sql: INSERT_FIRST_RATING,
            values: rating_values(after)?,
            must_change: Some(conflict),
        }
    } else {
        let mut values = rating_values(after)?;
        values.push(count_in(before.games));
        Step {
            sql: UPDATE_RATING,
            values,
            must_change: Some(conflict),
        }
    };
    let record = GameRatingChange {
        game,
        user: after.user.id,
        before: before.glicko,
        after: after.glicko,
    };
    Ok([
        rating,
        Step {
            sql: INSERT_RATING_CHANGE,
            values: change_values(&record)?,
            must_change: None,
        },
    ])
}

/// The statements writing a rated game's rating update, after its result.
pub(super) fn rating_steps(game: GameId, update: &RatingUpdate) -> Result<Vec<Step>, StoreError> {
    let mut steps = Vec::with_capacity(4);
    for change in update.changes() {
        steps.extend(change_steps(game, change)?);
    }
    Ok(steps)
}

/// The statements starting a vacation.
pub(super) fn start_vacation_steps(v: &Vacation) -> Result<[Step; 2], StoreError> {
    let user = int(id_in(v.user)?);
    Ok([
        Step {
            sql: START_VACATION,
            values: vacation_values(v)?,
            must_change: Some(StoreError::Conflict {
                what: "vacation",
                id: v.user,
            }),
        },
        Step {
            sql: ADD_DAYS,
            values: vec![user, int(v.year), count_in(v.days)],
            must_change: None,
        },
    ])
}

/// The statement correcting the days of an ended vacation that used `days_used` of its days.
pub(super) fn end_vacation_step(v: &Vacation, days_used: u32) -> Result<Step, StoreError> {
    Ok(Step {
        sql: ADD_DAYS,
        values: vec![
            int(id_in(v.user)?),
            int(v.year),
            int(i64::from(days_used) - i64::from(v.days)),
        ],
        must_change: None,
    })
}

fn vacation_values(v: &Vacation) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![
        int(id_in(v.user)?),
        int(v.started_ms),
        int(v.ends_ms),
        int(v.year),
        count_in(v.days),
    ])
}

/// The statement setting a server's language.
pub(super) fn set_lang_step(guild: u64, lang: Option<Lang>) -> Result<Step, StoreError> {
    Ok(Step {
        sql: SET_LANG,
        values: vec![
            int(id_in(guild)?),
            SqlValue::Text(lang.map(|l| l.id().to_string())),
        ],
        must_change: None,
    })
}

/// The statements copying everything besides challenges and games in, after
/// [`CLEAR_EXTRAS`].
pub(super) fn import_steps(extras: &domain::Extras) -> Result<Vec<Step>, StoreError> {
    let step = |sql, values| Step {
        sql,
        values,
        must_change: None,
    };
    let mut steps = Vec::with_capacity(extras.len());
    for r in &extras.ratings {
        steps.push(step(INSERT_RATING, rating_values(r)?));
    }
    for c in &extras.rating_changes {
        steps.push(step(INSERT_RATING_CHANGE, change_values(c)?));
    }
    for v in &extras.vacations {
        steps.push(step(INSERT_VACATION, vacation_values(v)?));
    }
    for d in &extras.vacation_days {
        let values = vec![int(id_in(d.user)?), int(d.year), count_in(d.days_used)];
        steps.push(step(INSERT_DAYS, values));
    }
    for s in &extras.guild_settings {
        let values = vec![
            int(id_in(s.guild)?),
            SqlValue::Text(s.lang.map(|l| l.id().to_string())),
        ];
        steps.push(step(INSERT_SETTINGS, values));
    }
    Ok(steps)
}

/// The values of a rating query's `guild_id = ?1 AND family = ?2`.
pub(super) fn board_values(guild: u64, family: RatingFamily) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![int(id_in(guild)?), text(family.id())])
}

/// An id as a bound value.
pub(super) fn id_value(id: u64) -> Result<SqlValue, StoreError> {
    Ok(int(id_in(id)?))
}

/// A count or year as a bound value.
pub(super) fn int_value(n: impl Into<i64>) -> SqlValue {
    int(n)
}

/// A rating row, from [`RATING_COLUMNS`] at the start of the row.
pub(super) fn read_rating(r: &dyn Columns) -> Result<PlayerRating, StoreError> {
    let t = "ratings";
    let family = r.text(1)?.unwrap_or_default();
    Ok(PlayerRating {
        guild: id_out(r.int(0)?, t, "guild_id")?,
        family: RatingFamily::from_id(&family).ok_or_else(|| bad(t, "family", family.clone()))?,
        user: User {
            id: id_out(r.int(2)?, t, "user_id")?,
            name: r.text(3)?.unwrap_or_default(),
        },
        glicko: Glicko {
            rating: r.real(4)?,
            deviation: r.real(5)?,
            volatility: r.real(6)?,
        },
        games: count_out(r.int(7)?, t, "games")?,
        wins: count_out(r.int(8)?, t, "wins")?,
        draws: count_out(r.int(9)?, t, "draws")?,
        losses: count_out(r.int(10)?, t, "losses")?,
        updated_ms: r.int(11)?,
    })
}

/// A rating change row, from [`CHANGE_COLUMNS`].
pub(super) fn read_rating_change(r: &dyn Columns) -> Result<GameRatingChange, StoreError> {
    let t = "rating_changes";
    Ok(GameRatingChange {
        game: id_out(r.int(0)?, t, "game_id")?,
        user: id_out(r.int(1)?, t, "user_id")?,
        before: Glicko {
            rating: r.real(2)?,
            deviation: r.real(3)?,
            volatility: r.real(4)?,
        },
        after: Glicko {
            rating: r.real(5)?,
            deviation: r.real(6)?,
            volatility: r.real(7)?,
        },
    })
}

/// A vacation row, from [`VACATION_COLUMNS`].
pub(super) fn read_vacation(r: &dyn Columns) -> Result<Vacation, StoreError> {
    let t = "vacations";
    let year = r.int(3)?;
    Ok(Vacation {
        user: id_out(r.int(0)?, t, "user_id")?,
        started_ms: r.int(1)?,
        ends_ms: r.int(2)?,
        year: i32::try_from(year).map_err(|_| bad(t, "year", year.to_string()))?,
        days: count_out(r.int(4)?, t, "days")?,
    })
}

/// A `vacation_days` row.
pub(super) fn read_days(r: &dyn Columns) -> Result<VacationDays, StoreError> {
    let t = "vacation_days";
    let year = r.int(1)?;
    Ok(VacationDays {
        user: id_out(r.int(0)?, t, "user_id")?,
        year: i32::try_from(year).map_err(|_| bad(t, "year", year.to_string()))?,
        days_used: count_out(r.int(2)?, t, "days_used")?,
    })
}

/// The days used read by [`DAYS_USED`].
pub(super) fn read_days_used(r: &dyn Columns) -> Result<u32, StoreError> {
    count_out(r.int(0)?, "vacation_days", "days_used")
}

/// A stored language id back as a language.
pub(super) fn lang_out(id: Option<String>) -> Result<Option<Lang>, StoreError> {
    id.map(|id| Lang::from_id(&id).ok_or_else(|| bad("guild_settings", "lang", id)))
        .transpose()
}

/// A `guild_settings` row.
pub(super) fn read_settings(r: &dyn Columns) -> Result<GuildSettings, StoreError> {
    Ok(GuildSettings {
        guild: id_out(r.int(0)?, "guild_settings", "guild_id")?,
        lang: lang_out(r.text(1)?)?,
    })
}

/// The count of a `SELECT COUNT(*)`.
pub(super) fn read_count(r: &dyn Columns) -> Result<u64, StoreError> {
    let n = r.int(0)?;
    u64::try_from(n).map_err(|_| StoreError::Backend(format!("a negative count: {n}")))
}

/// The archive's two queries for a page: the count of the matching games, and the page of
/// them — [`GAME_COLUMNS`] then the game's ply count — with the values of each.
pub(super) struct ArchiveSql {
    /// `SELECT COUNT(*)` of the matching games.
    pub count: String,
    /// Its values.
    pub count_values: Vec<SqlValue>,
    /// The page.
    pub page: String,
    /// Its values.
    pub page_values: Vec<SqlValue>,
}

/// The archive's queries for `q`.
pub(super) fn archive_sql(q: &ArchiveQuery) -> Result<ArchiveSql, StoreError> {
    let mut values = Vec::new();
    let mut condition = String::from("status = 'finished'");
    match q.guild {
        Some(g) => {
            values.push(id_value(g)?);
            condition.push_str(&format!(" AND guild_id = ?{}", values.len()));
        }
        None => condition.push_str(" AND guild_id IS NULL"),
    }
    if let Some(u) = q.user {
        values.push(id_value(u)?);
        let n = values.len();
        condition.push_str(&format!(" AND (white_id = ?{n} OR black_id = ?{n})"));
    }
    let count = format!("SELECT COUNT(*) FROM games WHERE {condition}");
    let per_page = q.per_page.max(1);
    let (limit, offset) = (values.len() + 1, values.len() + 2);
    let page = format!(
        "SELECT {GAME_COLUMNS}, (SELECT COUNT(*) FROM turns WHERE turns.game_id = games.id)
         FROM games WHERE {condition}
         ORDER BY finished_ms DESC, id DESC LIMIT ?{limit} OFFSET ?{offset}"
    );
    let mut page_values = values.clone();
    page_values.push(int(per_page));
    page_values.push(int(i64::from(per_page) * i64::from(q.page)));
    Ok(ArchiveSql {
        count,
        count_values: values,
        page,
        page_values,
    })
}

/// The top players with their places, from 1.
pub(super) fn ranked(top: Vec<PlayerRating>) -> Vec<Ranked> {
    (1..)
        .zip(top)
        .map(|(rank, player)| Ranked { rank, player })
        .collect()
}

/// A row of [`PLACE`]: the rating, then how many players are placed above.
pub(super) fn read_place(r: &dyn Columns) -> Result<Ranked, StoreError> {
    Ok(Ranked {
        player: read_rating(r)?,
        rank: read_count(&Shifted(r, 12))? + 1,
    })
}

/// The columns of a row from `.1` on, as if they began it.
struct Shifted<'a>(&'a dyn Columns, usize);

impl Columns for Shifted<'_> {
    fn int(&self, at: usize) -> Result<i64, StoreError> {
        self.0.int(at + self.1)
    }

    fn real(&self, at: usize) -> Result<f64, StoreError> {
        self.0.real(at + self.1)
    }

    fn text(&self, at: usize) -> Result<Option<String>, StoreError> {
        self.0.text(at + self.1)
    }
}
