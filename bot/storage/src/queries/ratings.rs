//! Ratings and their changes: the statements a rated game's result writes, the leaderboard's
//! queries, and how their rows read back.

use domain::Id;
use domain::rating::{Glicko, RatingFamily};
use domain::{
    GameId, GameRatingChange, PlayerRating, Ranked, RatingChange, RatingUpdate, StoreError, User,
};

use crate::codec::{bad, id_in, id_out};
use crate::sql::{Columns, Shifted, SqlValue, Step};

/// The columns of `ratings`, in [`read_rating`] order.
pub(crate) const RATING_COLUMNS: &str = "guild_id, family, user_id, user_name, rating, \
    deviation, volatility, games, wins, draws, losses, updated_ms";

/// Inserts a rating (an import).
pub(crate) const INSERT_RATING: &str = "INSERT INTO ratings (guild_id, family, user_id, \
    user_name, rating, deviation, volatility, games, wins, draws, losses, updated_ms)
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

/// Inserts what a game did to a player's rating.
pub(crate) const INSERT_RATING_CHANGE: &str = "INSERT INTO rating_changes (game_id, user_id, \
    rating_before, deviation_before, volatility_before, rating_after, deviation_after, \
    volatility_after) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

/// A user's ratings in a server.
pub(crate) const USER_RATINGS: &str = "SELECT guild_id, family, user_id, user_name, rating, \
    deviation, volatility, games, wins, draws, losses, updated_ms
    FROM ratings WHERE guild_id = ?1 AND user_id = ?2";

/// The top of a leaderboard: ?3 players, best first.
pub(crate) const LEADERS: &str = "SELECT guild_id, family, user_id, user_name, rating, \
    deviation, volatility, games, wins, draws, losses, updated_ms
    FROM ratings WHERE guild_id = ?1 AND family = ?2
    ORDER BY rating DESC, user_id LIMIT ?3";

/// One player's rating and how many players are placed above them (same order as
/// [`LEADERS`]).
pub(crate) const PLACE: &str = "SELECT r.guild_id, r.family, r.user_id, r.user_name, r.rating,
        r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses, r.updated_ms,
        (SELECT COUNT(*) FROM ratings o
         WHERE o.guild_id = r.guild_id AND o.family = r.family
           AND (o.rating > r.rating OR (o.rating = r.rating AND o.user_id < r.user_id)))
    FROM ratings r WHERE r.guild_id = ?1 AND r.family = ?2 AND r.user_id = ?3";

/// How many players a leaderboard has.
pub(crate) const PLAYERS: &str = "SELECT COUNT(*) FROM ratings WHERE guild_id = ?1 AND family = ?2";

/// The columns of `rating_changes`, in [`read_rating_change`] order.
pub(crate) const CHANGE_COLUMNS: &str = "game_id, user_id, rating_before, deviation_before, \
    volatility_before, rating_after, deviation_after, volatility_after";

/// A game's rating changes.
pub(crate) const GAME_CHANGES: &str = "SELECT game_id, user_id, rating_before, \
    deviation_before, volatility_before, rating_after, deviation_after, volatility_after
    FROM rating_changes WHERE game_id = ?1 ORDER BY user_id";

/// A count as stored.
pub(crate) fn count_out(
    n: i64,
    table: &'static str,
    column: &'static str,
) -> Result<u32, StoreError> {
    u32::try_from(n).map_err(|_| bad(table, column, n.to_string()))
}

/// The values of [`INSERT_RATING`].
pub(crate) fn rating_values(r: &PlayerRating) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![
        id_in(r.guild)?.into(),
        r.family.id().into(),
        id_in(r.user.id)?.into(),
        r.user.name.as_str().into(),
        r.glicko.rating.into(),
        r.glicko.deviation.into(),
        r.glicko.volatility.into(),
        r.games.into(),
        r.wins.into(),
        r.draws.into(),
        r.losses.into(),
        r.updated_ms.into(),
    ])
}

/// The values of [`INSERT_RATING_CHANGE`].
pub(crate) fn change_values(c: &GameRatingChange) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![
        id_in(c.game)?.into(),
        id_in(c.user)?.into(),
        c.before.rating.into(),
        c.before.deviation.into(),
        c.before.volatility.into(),
        c.after.rating.into(),
        c.after.deviation.into(),
        c.after.volatility.into(),
    ])
}

/// The statements writing one player's rating change from `game`.
fn change_steps(game: GameId, change: &RatingChange) -> Result<[Step; 2], StoreError> {
    let (before, after) = (&change.before, &change.after);
    let rating = if before.games == 0 {
        Step::one(
            INSERT_FIRST_RATING,
            rating_values(after)?,
            "rating",
            after.user.id,
        )
    } else {
        let mut values = rating_values(after)?;
        values.push(before.games.into());
        Step::one(UPDATE_RATING, values, "rating", after.user.id)
    };
    let record = GameRatingChange {
        game,
        user: after.user.id,
        before: before.glicko,
        after: after.glicko,
    };
    Ok([
        rating,
        Step::new(INSERT_RATING_CHANGE, change_values(&record)?),
    ])
}

/// The statements writing a rated game's rating update, after its result (none without one).
pub(crate) fn rating_steps(
    game: GameId,
    update: Option<&RatingUpdate>,
) -> Result<Vec<Step>, StoreError> {
    let mut steps = Vec::new();
    for change in update.into_iter().flat_map(RatingUpdate::changes) {
        steps.extend(change_steps(game, change)?);
    }
    Ok(steps)
}

/// The values of [`USER_RATINGS`].
pub(crate) fn user_values(guild: u64, user: u64) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![id_in(guild)?.into(), id_in(user)?.into()])
}

/// The values of a leaderboard's [`LEADERS`], [`PLACE`] (with `user`) and [`PLAYERS`].
pub(crate) struct BoardValues {
    /// Of [`LEADERS`].
    pub leaders: Vec<SqlValue>,
    /// Of [`PLACE`], when a player's place is asked.
    pub place: Option<Vec<SqlValue>>,
    /// Of [`PLAYERS`].
    pub players: Vec<SqlValue>,
}

/// The values of the queries of a leaderboard of `family` in `guild`.
pub(crate) fn board_values(
    guild: u64,
    family: RatingFamily,
    top: usize,
    user: Option<u64>,
) -> Result<BoardValues, StoreError> {
    let players: Vec<SqlValue> = vec![id_in(guild)?.into(), family.id().into()];
    let with = |value: SqlValue| {
        let mut values = players.clone();
        values.push(value);
        values
    };
    Ok(BoardValues {
        leaders: with(i64::try_from(top).unwrap_or(i64::MAX).into()),
        place: user.map(id_in).transpose()?.map(|u| with(u.into())),
        players,
    })
}

/// A rating row, from [`RATING_COLUMNS`] at the start of the row.
pub(crate) fn read_rating(r: &dyn Columns) -> Result<PlayerRating, StoreError> {
    let t = "ratings";
    let family = r.text(1)?;
    Ok(PlayerRating {
        guild: id_out(r.int(0)?, t, "guild_id")?,
        family: RatingFamily::from_id(&family).ok_or_else(|| bad(t, "family", family.clone()))?,
        user: User {
            id: id_out(r.int(2)?, t, "user_id")?,
            name: r.text(3)?,
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
pub(crate) fn read_rating_change(r: &dyn Columns) -> Result<GameRatingChange, StoreError> {
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

/// The top players with their places, from 1.
pub(crate) fn ranked(top: Vec<PlayerRating>) -> Vec<Ranked> {
    (1..)
        .zip(top)
        .map(|(rank, player)| Ranked { rank, player })
        .collect()
}

/// A row of [`PLACE`]: the rating, then how many players are placed above.
pub(crate) fn read_place(r: &dyn Columns) -> Result<Ranked, StoreError> {
    Ok(Ranked {
        player: read_rating(r)?,
        rank: read_count(&Shifted(r, 12))? + 1,
    })
}

/// The count of a `SELECT COUNT(*)`.
pub(crate) fn read_count(r: &dyn Columns) -> Result<u64, StoreError> {
    let n = r.int(0)?;
    u64::try_from(n).map_err(|_| StoreError::Backend(format!("a negative count: {n}")))
}
