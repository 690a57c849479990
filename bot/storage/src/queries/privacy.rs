//! What is stored about one user: the queries reading all of it (`/mydata`), and the
//! statements forgetting it (`/forget`), with the query that finds what of theirs is still
//! under way. Both backends run a forgetting in one transaction: the stand-in's id is taken
//! from the id sequence, the statements run, and the transaction is abandoned if anything of
//! theirs is still under way.

use domain::{StoreError, User, UserId};

use crate::codec::{bad, id_in, id_out};
use crate::queries::games::Filter;
use crate::queries::tournaments::Selection;
use crate::sql::{Columns, SqlValue, Step};

/// A user's ratings, in every server.
pub(crate) const RATINGS: &str = "SELECT guild_id, family, user_id, user_name, rating, \
    deviation, volatility, games, wins, draws, losses, updated_ms
    FROM ratings WHERE user_id = ?1 ORDER BY guild_id, family";

/// What each rated game did to a user's rating.
pub(crate) const RATING_CHANGES: &str = "SELECT game_id, user_id, rating_before, \
    deviation_before, volatility_before, rating_after, deviation_after, volatility_after
    FROM rating_changes WHERE user_id = ?1 ORDER BY game_id";

/// A user's vacation under way.
pub(crate) const VACATION: &str = crate::queries::vacations::ACTIVE_VACATION;

/// The vacation days a user used, by year.
pub(crate) const VACATION_DAYS: &str =
    "SELECT user_id, year, days_used FROM vacation_days WHERE user_id = ?1 ORDER BY year";

/// What of a user's, or of their stand-in's, is still under way, one row each as `(what,
/// id)`: an open challenge by or to them (?1), an unfinished game now shown under the
/// stand-in (?2), a place of the stand-in's in an open tournament or in a running one not
/// withdrawn from; challenges first, then games, then tournaments, each by id. Run last in a
/// forgetting: whatever another writer committed before the
/// statements took it in is found here, and the whole forgetting is abandoned.
pub(crate) const UNDER_WAY: &str = "SELECT 'challenge', id FROM challenges
        WHERE status = 'open' AND (challenger_id = ?1 OR opponent_id = ?1)
    UNION ALL SELECT 'game', id FROM games
        WHERE status = 'active' AND (white_id = ?2 OR black_id = ?2)
    UNION ALL SELECT 'tournament', p.tournament_id
        FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
        WHERE p.user_id = ?2 AND (t.state = 'open' OR (t.state = 'running' AND p.withdrawn = 0))
    ORDER BY 1, 2";

/// Deletes a user's closed challenges (open ones are found by [`UNDER_WAY`]).
const DELETE_CHALLENGES: &str = "DELETE FROM challenges
    WHERE status <> 'open' AND (challenger_id = ?1 OR opponent_id = ?1)";

/// Puts the stand-in (?2, named ?3) in a user's place as White.
const GAMES_AS_WHITE: &str = "UPDATE games SET white_id = ?2, white_name = ?3 WHERE white_id = ?1";

/// Puts the stand-in in a user's place as Black.
const GAMES_AS_BLACK: &str = "UPDATE games SET black_id = ?2, black_name = ?3 WHERE black_id = ?1";

/// Deletes what rated games did to a user's ratings.
const DELETE_RATING_CHANGES: &str = "DELETE FROM rating_changes WHERE user_id = ?1";

/// Deletes a user's ratings.
const DELETE_RATINGS: &str = "DELETE FROM ratings WHERE user_id = ?1";

/// Deletes a user's vacation under way.
const DELETE_VACATION: &str = "DELETE FROM vacations WHERE user_id = ?1";

/// Deletes the vacation days a user used.
const DELETE_VACATION_DAYS: &str = "DELETE FROM vacation_days WHERE user_id = ?1";

/// Puts the stand-in in a user's place as the creator of tournaments.
const TOURNAMENTS_CREATED: &str =
    "UPDATE tournaments SET creator_id = ?2, creator_name = ?3 WHERE creator_id = ?1";

/// Puts the stand-in in a user's place among tournaments' players.
const TOURNAMENT_PLAYERS: &str =
    "UPDATE tournament_players SET user_id = ?2, user_name = ?3 WHERE user_id = ?1";

/// Puts the stand-in in a user's place as White of tournaments' boards.
const BOARDS_AS_WHITE: &str =
    "UPDATE tournament_boards SET white_id = ?2, white_name = ?3 WHERE white_id = ?1";

/// Puts the stand-in in a user's place as Black (or the bye) of tournaments' boards.
const BOARDS_AS_BLACK: &str =
    "UPDATE tournament_boards SET black_id = ?2, black_name = ?3 WHERE black_id = ?1";

/// The reads of everything stored about one user, and the values they bind.
pub(crate) struct UserReads {
    /// Their challenges and games.
    pub games: Filter,
    /// The tournaments they play or played in, or created.
    pub tournaments: Selection,
    /// The value of [`RATINGS`], [`RATING_CHANGES`], [`VACATION`] and [`VACATION_DAYS`]:
    /// the user.
    pub user: Vec<SqlValue>,
}

/// The reads of everything stored about `user`.
pub(crate) fn user_reads(user: UserId) -> Result<UserReads, StoreError> {
    Ok(UserReads {
        games: Filter::user(user)?,
        tournaments: Selection::user(user)?,
        user: vec![id_in(user)?.into()],
    })
}

/// The statements putting `stand_in` in `user`'s place and deleting the rest, to run before
/// [`UNDER_WAY`] in one transaction.
pub(crate) fn forget_steps(user: UserId, stand_in: &User) -> Result<Vec<Step>, StoreError> {
    let just_user = vec![id_in(user)?.into()];
    let replaced = vec![
        id_in(user)?.into(),
        id_in(stand_in.id)?.into(),
        stand_in.name.as_str().into(),
    ];
    let deleting = [
        DELETE_CHALLENGES,
        DELETE_RATING_CHANGES,
        DELETE_RATINGS,
        DELETE_VACATION,
        DELETE_VACATION_DAYS,
    ];
    let replacing = [
        GAMES_AS_WHITE,
        GAMES_AS_BLACK,
        TOURNAMENTS_CREATED,
        TOURNAMENT_PLAYERS,
        BOARDS_AS_WHITE,
        BOARDS_AS_BLACK,
    ];
    let mut steps: Vec<Step> = deleting
        .into_iter()
        .map(|sql| Step::new(sql, just_user.clone()))
        .collect();
    steps.extend(
        replacing
            .into_iter()
            .map(|sql| Step::new(sql, replaced.clone())),
    );
    Ok(steps)
}

/// The values of [`UNDER_WAY`].
pub(crate) fn under_way_values(user: UserId, stand_in: &User) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![id_in(user)?.into(), id_in(stand_in.id)?.into()])
}

/// A row of [`UNDER_WAY`]: the conflict it makes.
pub(crate) fn read_under_way(r: &dyn Columns) -> Result<StoreError, StoreError> {
    let kind = r.text(0)?;
    let what = match kind.as_str() {
        "challenge" => "challenge",
        "game" => "game",
        "tournament" => "tournament",
        _ => return Err(bad("under way", "what", kind)),
    };
    Ok(StoreError::Conflict {
        what,
        id: id_out(r.int(1)?, "under way", "id")?,
    })
}

/// The stand-in of the user forgotten with `n` from the id sequence.
pub(crate) fn stand_in(n: i64) -> Result<User, StoreError> {
    Ok(domain::forgotten(id_out(n, "ids", "next_id")?))
}
