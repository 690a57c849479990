//! Copying a whole database: the queries reading everything besides challenges and games
//! (tournaments are read whole, as [`Selection::all`](tournaments::Selection::all) takes them), and
//! the statements writing it into another database.

use domain::{Extras, StoreError};

use crate::codec::id_in;
use crate::queries::ratings::{
    CHANGE_COLUMNS, INSERT_RATING, INSERT_RATING_CHANGE, RATING_COLUMNS, change_values,
    rating_values,
};
use crate::queries::settings::{COLUMNS as SETTINGS_COLUMNS, INSERT_SETTINGS, settings_values};
use crate::queries::vacations::{
    INSERT_DAYS, INSERT_VACATION, VACATION_COLUMNS, days_values, vacation_values,
};
use crate::queries::{reviews, tournaments};
use crate::sql::Step;

/// Raises the id counter above every stored id, and above the number of every forgotten
/// player's stand-in (ids from ?1 below ?2, numbered from ?1; they stand in games and
/// tournaments, which are where forgetting leaves them), so no two forgotten players ever share
/// a stand-in.
const RESERVE_IDS: &str = "UPDATE ids SET next_id = (
    SELECT MAX(n) FROM (
        SELECT next_id AS n FROM ids
        UNION ALL SELECT COALESCE(MAX(id), 0) + 1 FROM games
        UNION ALL SELECT COALESCE(MAX(id), 0) + 1 FROM challenges
        UNION ALL SELECT COALESCE(MAX(id), 0) + 1 FROM tournaments
        UNION ALL SELECT COALESCE(MAX(white_id) - CAST(?1 AS BIGINT), 0) + 1 FROM games
            WHERE white_id >= CAST(?1 AS BIGINT) AND white_id < CAST(?2 AS BIGINT)
        UNION ALL SELECT COALESCE(MAX(black_id) - CAST(?1 AS BIGINT), 0) + 1 FROM games
            WHERE black_id >= CAST(?1 AS BIGINT) AND black_id < CAST(?2 AS BIGINT)
        UNION ALL SELECT COALESCE(MAX(creator_id) - CAST(?1 AS BIGINT), 0) + 1 FROM tournaments
            WHERE creator_id >= CAST(?1 AS BIGINT) AND creator_id < CAST(?2 AS BIGINT)
        UNION ALL SELECT COALESCE(MAX(user_id) - CAST(?1 AS BIGINT), 0) + 1
            FROM tournament_players
            WHERE user_id >= CAST(?1 AS BIGINT) AND user_id < CAST(?2 AS BIGINT)
    ) AS candidates
)";

/// The statement making the next id larger than every id stored.
pub(crate) fn reserve_ids() -> Result<Step, StoreError> {
    Ok(Step::new(
        RESERVE_IDS,
        vec![
            id_in(domain::FORGOTTEN_ID_BASE)?.into(),
            id_in(domain::COMPUTER_ID_BASE)?.into(),
        ],
    ))
}

/// Empties every table [`Extras`] covers, before an import.
pub(crate) const CLEAR_EXTRAS: &str = "DELETE FROM rating_changes; DELETE FROM ratings; \
    DELETE FROM vacations; DELETE FROM vacation_days; DELETE FROM guild_settings; \
    DELETE FROM tournament_boards; DELETE FROM tournament_players; DELETE FROM tournaments; \
    DELETE FROM reviews;";

/// Removes a challenge before it is copied in again (a repeated import replaces it).
pub(crate) const DELETE_CHALLENGE: &str = "DELETE FROM challenges WHERE id = ?1";

/// Removes a game's turns before it is copied in again.
pub(crate) const DELETE_TURNS: &str = "DELETE FROM turns WHERE game_id = ?1";

/// Removes a game before it is copied in again.
pub(crate) const DELETE_GAME: &str = "DELETE FROM games WHERE id = ?1";

/// The queries reading every table [`Extras`] covers, in its order.
pub(crate) fn all_extras_sql() -> [String; 6] {
    [
        format!("SELECT {RATING_COLUMNS} FROM ratings ORDER BY guild_id, family, user_id"),
        format!("SELECT {CHANGE_COLUMNS} FROM rating_changes ORDER BY game_id, user_id"),
        format!("SELECT {VACATION_COLUMNS} FROM vacations ORDER BY user_id"),
        "SELECT user_id, year, days_used FROM vacation_days ORDER BY user_id, year".to_string(),
        format!("SELECT {SETTINGS_COLUMNS} FROM guild_settings ORDER BY guild_id"),
        reviews::all_sql(),
    ]
}

/// The statements copying everything besides challenges and games in, after
/// [`CLEAR_EXTRAS`].
pub(crate) fn import_steps(extras: &Extras) -> Result<Vec<Step>, StoreError> {
    let mut steps = Vec::with_capacity(extras.len());
    for r in &extras.ratings {
        steps.push(Step::new(INSERT_RATING, rating_values(r)?));
    }
    for c in &extras.rating_changes {
        steps.push(Step::new(INSERT_RATING_CHANGE, change_values(c)?));
    }
    for v in &extras.vacations {
        steps.push(Step::new(INSERT_VACATION, vacation_values(v)?));
    }
    for d in &extras.vacation_days {
        steps.push(Step::new(INSERT_DAYS, days_values(d)?));
    }
    for s in &extras.guild_settings {
        steps.push(Step::new(INSERT_SETTINGS, settings_values(s)?));
    }
    for t in &extras.tournaments {
        steps.extend(tournaments::insert_steps(t)?);
    }
    for r in &extras.reviews {
        steps.push(Step::new(reviews::INSERT, reviews::insert_values(r)?));
    }
    Ok(steps)
}
